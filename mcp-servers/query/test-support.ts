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
import { logger } from '../../src/log/index.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { DataProfile } from './profile.js';
import { tableAliases } from './guard.js';
import { lightPlan, lightShape, lightWork, profileNeeds, type WorkVerdict } from './light.js';
import { runStatement, type StatementCache } from './run-statement.js';

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

/**
 * Stop every query worker (SIGSTOP) while `run` runs, then let them go on: meanwhile only what the server runs on
 * its own thread can answer — a light query, a ping — and anything that needs a worker waits.
 */
export async function withWorkersFrozen<T>(server: RunningServer, run: (workers: number[]) => Promise<T>): Promise<T> {
  const workers = childPids(server.pid).filter(processAlive);
  if (workers.length === 0) throw new Error('no query worker to freeze');
  for (const pid of workers) process.kill(pid, 'SIGSTOP');
  try {
    return await run(workers);
  } finally {
    for (const pid of workers) if (processAlive(pid)) process.kill(pid, 'SIGCONT');
  }
}

/** A call in flight, and whether it has answered yet. */
export function track<T>(promise: Promise<T>): { promise: Promise<T>; settled(): boolean } {
  let settled = false;
  const tracked = promise.finally(() => {
    settled = true;
  });
  tracked.catch(() => undefined);
  return { promise: tracked, settled: () => settled };
}

/**
 * Let the client handle every message it has already read: the server answers in order on one pipe, so once a
 * later call's answer is in, an earlier call that the server finished first has settled too.
 */
export function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The data profile's real SQL, run on a direct read-only connection instead of a worker (tests and bench). */
export function directProfile(db: SqliteDatabase): DataProfile {
  const statements: StatementCache = new Map();
  return new DataProfile({
    db: () => db,
    run: (sql) => {
      const message = runStatement(db, statements, { type: 'run', id: 0, sql });
      if (message.type === 'result')
        return Promise.resolve({
          ok: true,
          columns: message.columns,
          rows: message.rows,
          elapsedMs: message.elapsedMs,
        });
      const text = message.type === 'error' ? message.message : 'no result';
      return Promise.resolve({ ok: false, code: 'SQL_ERROR', message: text });
    },
    log: logger('direct-profile'),
  });
}

/**
 * The light gates on a real plan and really measured facts (measured first when missing): 'text' or 'plan' when
 * those gates refuse, else the work verdict. The server's own judgement, without a server (tests and bench).
 */
export async function judgeLight(db: SqliteDatabase, profile: DataProfile, sql: string): Promise<WorkVerdict | string> {
  const objects = db
    .prepare("SELECT lower(name) AS n, type FROM sqlite_schema WHERE type IN ('table', 'view')")
    .all() as Array<{
    n: string;
    type: string;
  }>;
  const tables = new Set(objects.filter((object) => object.type === 'table').map((object) => object.n));
  const views = new Set(objects.filter((object) => object.type === 'view').map((object) => object.n));
  const shape = lightShape(sql, { tables, views, schemas: new Set(['archive', 'temp']) });
  if (!shape) return 'text';
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>;
  const plan = lightPlan(steps, tableAliases(sql, tables));
  if (!plan) return 'plan';
  let verdict = lightWork(shape, plan, profile);
  if (verdict.light === undefined) {
    await profile.request(profileNeeds(plan));
    verdict = lightWork(shape, plan, profile);
  }
  return verdict;
}
