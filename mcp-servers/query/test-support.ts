/**
 * Test helpers (tests and bench only): a seeded plant in a temp folder, a
 * config file, and the real query server started the way the agent starts it
 * (selfCommand(['mcp','query','--config',FILE])) behind the real SDK client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selfCommand } from '../../src/runtime/self.js';
import { seedTestPlant } from '../../src/seed/index.js';

export interface Outcome {
  isError: boolean;
  text: string;
  structured: any;
}

export interface QueryFixture {
  dir: string;
  plantDb: string;
  agentDb: string;
  configFile: string;
  cleanup(): void;
}

export function makeFixture(
  options: { rows?: number; query?: Record<string, unknown>; audit?: Record<string, unknown> } = {},
): QueryFixture {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'query-server-'));
  const plant = seedTestPlant({ dir, rows: options.rows ?? 3000, docs: false });
  const agentDb = path.join(dir, 'agent.db');
  const configFile = path.join(dir, 'config.yaml');
  const config = {
    plant: { db: plant.db },
    state: { db: agentDb },
    query: { timeout_ms: 1500, ...options.query },
    audit: { flush_ms: 5000, ...options.audit },
    log: { level: 'warn', dir: path.join(dir, 'log'), file: { enabled: false } },
  };
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  return { dir, plantDb: plant.db, agentDb, configFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export interface RunningServer {
  client: Client;
  transport: StdioClientTransport;
  pid: number;
  stderr(): string;
  call(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<Outcome>;
  query(sql: string, purpose?: string): Promise<Outcome>;
  close(): Promise<void>;
}

export async function startQueryServer(configFile: string): Promise<RunningServer> {
  const command = selfCommand(['mcp', 'query', '--config', configFile]);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  const transport = new StdioClientTransport({ command: command.command, args: command.args, env, stderr: 'pipe' });
  let stderrText = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString('utf8');
  });
  const client = new Client({ name: 'query-test', version: '0.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`query server failed to start: ${String(error)}\n${stderrText}`);
  }
  const call = async (
    name: string,
    args: Record<string, unknown>,
    meta?: Record<string, unknown>,
  ): Promise<Outcome> => {
    const result = await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }, undefined, {
      timeout: 60000,
    });
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    return {
      isError: result.isError === true,
      text: content.map((part) => part.text ?? '').join('\n'),
      structured: result.structuredContent,
    };
  };
  return {
    client,
    transport,
    pid: transport.pid!,
    stderr: () => stderrText,
    call,
    query: (sql, purpose = 'test of the query server') => call('query_database', { sql, purpose }),
    close: () => client.close(),
  };
}

/** pids of the direct children of a process (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // a zombie is dead for our purposes (no CPU), but the server reaps its children
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
