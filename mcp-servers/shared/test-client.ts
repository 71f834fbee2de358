/**
 * Test helper (tests only): start a shipped server the way the agent does —
 * `airgap-agent mcp <name> --config FILE [--now ISO]` through selfCommand —
 * and talk to it with the real SDK Client over stdio.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selfCommand } from '../../src/runtime/self.js';

export interface CallOutcome {
  isError: boolean;
  text: string;
  structured: any;
}

export interface TestServer {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallOutcome>;
  stderr(): string;
  close(): Promise<void>;
}

/** A temp folder removed by the returned cleanup. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Write a config file (JSON is YAML) into dir and return its path. */
export function writeConfig(dir: string, config: Record<string, unknown>): string {
  const file = path.join(dir, 'config.yaml');
  const withLog = { log: { level: 'warn', file: { enabled: false }, dir: path.join(dir, 'log') }, ...config };
  writeFileSync(file, JSON.stringify(withLog, null, 2));
  return file;
}

export async function startServer(options: { name: string; configFile: string; now?: string }): Promise<TestServer> {
  const extra = options.now === undefined ? [] : ['--now', options.now];
  const command = selfCommand(['mcp', options.name, '--config', options.configFile, ...extra]);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('AIRGAP_AGENT_NOW')) env[key] = value;
  }
  const transport = new StdioClientTransport({ command: command.command, args: command.args, env, stderr: 'pipe' });
  let stderrText = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString('utf8');
  });
  const client = new Client({ name: 'test', version: '0.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`server ${options.name} failed to start: ${String(error)}\n${stderrText}`);
  }
  return {
    client,
    stderr: () => stderrText,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
      return {
        isError: result.isError === true,
        text: content.map((part) => part.text ?? '').join('\n'),
        structured: result.structuredContent,
      };
    },
    close: () => client.close(),
  };
}

/**
 * Talk to a server by hand: write raw JSON-RPC lines to stdin, close it, and
 * return everything the server wrote to stdout (split in lines) and stderr.
 * Proves that nothing but the protocol reaches stdout.
 */
export async function rawExchange(options: {
  name: string;
  configFile: string;
  now?: string;
  messages: unknown[];
}): Promise<{ stdoutLines: string[]; stderr: string; code: number | null }> {
  const { spawn } = await import('node:child_process');
  const extra = options.now === undefined ? [] : ['--now', options.now];
  const command = selfCommand(['mcp', options.name, '--config', options.configFile, ...extra]);
  const child = spawn(command.command, command.args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // write one message, wait for its answer (when it has an id), then the next
  for (const message of options.messages) {
    const before = stdout.split('\n').filter(Boolean).length;
    child.stdin.write(`${JSON.stringify(message)}\n`);
    if (typeof message === 'object' && message !== null && 'id' in message) {
      const deadline = Date.now() + 30000;
      while (stdout.split('\n').filter(Boolean).length <= before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { stdoutLines: stdout.split('\n').filter((line) => line.length > 0), stderr, code };
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '0.0.0' } },
};
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
