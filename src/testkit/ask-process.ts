/**
 * Test kit: `airgap-agent ask` (or any command) as a real child process
 * (node + tsx running src/cli/entry.ts) against a temp folder holding a
 * seeded demo plant, an empty docs folder and a config file whose model is
 * the scripted server in the test process. Shared by the CLI process tests
 * (src/cli/commands/ask-process.test.ts, src/agent/approval-cli.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPlant } from '../seed/build.js';
import {
  startScriptedLlmServer,
  type ScriptedLlmServer,
  type ScriptedTurn,
} from '../agent-test/scripted-llm-server.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(repoRoot, 'src', 'cli', 'entry.ts');

export interface AskWorkspace {
  dir: string;
  llm: ScriptedLlmServer;
  configFile: string;
  close(): Promise<void>;
}

export interface AskWorkspaceOptions {
  /** temp folder name prefix */
  prefix: string;
  /** quality rows of the seeded plant */
  rows: number;
  /** the plant's "today" (YYYY-MM-DD) */
  today: string;
  /** turns the scripted model starts with */
  turns?: ScriptedTurn[] | undefined;
  /** log.level of the child (default 'info') */
  logLevel?: string | undefined;
  /** more config sections (given the temp folder), laid over the defaults one section at a time (e.g. skills, mcp) */
  config?: ((dir: string) => Record<string, Record<string, unknown>>) | undefined;
  /** files to write under the folder before the config (relative path → content) */
  files?: Record<string, string> | undefined;
}

/** A temp folder with plant.db, docs/, config.yaml and the scripted model server; close() removes all of it. */
export async function startAskWorkspace(options: AskWorkspaceOptions): Promise<AskWorkspace> {
  const dir = mkdtempSync(path.join(os.tmpdir(), options.prefix));
  let llm: ScriptedLlmServer | undefined;
  try {
    seedPlant({ db: path.join(dir, 'plant.db'), rows: options.rows, today: options.today });
    mkdirSync(path.join(dir, 'docs'));
    for (const [file, content] of Object.entries(options.files ?? {})) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    llm = await startScriptedLlmServer({ turns: options.turns ?? [] });
    const base: Record<string, Record<string, unknown>> = {
      plant: { db: path.join(dir, 'plant.db') },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: path.join(dir, 'docs') },
      llm: { base_url: llm.url, model: 'scripted', timeout_ms: 20000 },
      log: { level: options.logLevel ?? 'info', dir: path.join(dir, 'log') },
      skills: { watch: false },
    };
    for (const [section, values] of Object.entries(options.config?.(dir) ?? {}))
      base[section] = { ...base[section], ...values };
    const configFile = path.join(dir, 'config.yaml');
    writeFileSync(configFile, JSON.stringify(base));
    const server = llm;
    return {
      dir,
      llm: server,
      configFile,
      close: async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI (`node --import tsx src/cli/entry.ts ARGS`) from the repository
 * root with NODE_ENV=test; `onStderr` sees all stderr so far after each chunk
 * (and the child, e.g. to signal it).
 */
export function runCli(
  args: string[],
  options: { onStderr?: (text: string, child: ChildProcess) => void } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    options.onStderr?.(stderr, child);
  });
  return new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
