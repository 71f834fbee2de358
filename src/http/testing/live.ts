/**
 * The real service for end-to-end and browser tests: a seeded demo plant, the
 * shipped MCP servers (this program re-invoked over stdio), the shipped
 * skills, the real agent from createAgent, and — when asked — the scripted
 * OpenAI-compatible server for model-mode questions. Listens on 127.0.0.1,
 * a free port. Two accounts: an admin and an operator.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFixedNow } from '../../clock.js';
import { loadConfig } from '../../config/load.js';
import { createAgent, type AgentRuntime } from '../../agent/create.js';
import { seedTestPlant } from '../../seed/index.js';
import {
  lastUserText,
  startScriptedLlmServer,
  type ScriptedLlmServer,
  type ScriptedTurn,
} from '../../agent-test/scripted-llm-server.js';
import { serviceFromRuntime } from '../service.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { ADMIN, OPERATOR } from './helpers.js';

export const LIVE_NOW = '2026-11-29T10:00:00+08:00';

/** Model turns for questions the rules do not answer: "slow …" streams for a long time, "explain …" answers quickly. */
export function scriptedTurns(): ScriptedTurn[] {
  const slowText =
    'Looking at the trend of every line, shift by shift, to find when the defect rate started to rise. '.repeat(4);
  return [
    {
      match: (request) => /slow/i.test(lastUserText(request)),
      repeat: true,
      content: slowText,
      chunkSize: 3,
      chunkDelayMs: 250,
    },
    {
      match: (request) => /explain/i.test(lastUserText(request)),
      repeat: true,
      content: 'A **defect rate** is defective pieces divided by inspected pieces.',
      chunkSize: 6,
      chunkDelayMs: 10,
    },
  ];
}

export interface LiveService {
  url: string;
  server: RunningServer;
  runtime: AgentRuntime;
  llm: ScriptedLlmServer | undefined;
  dir: string;
  close(): Promise<void>;
}

export async function startLiveService(
  options: {
    model?: boolean;
    rows?: number;
    server?: Record<string, unknown>;
    customSkillsDir?: string;
    turns?: ScriptedTurn[];
    /** more config sections, given the service's folder (which it may fill: scripts, reports) */
    config?: (dir: string) => Record<string, unknown>;
  } = {},
): Promise<LiveService> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'http-live-'));
  setFixedNow(LIVE_NOW, 'Asia/Shanghai');
  const plant = seedTestPlant({ dir, rows: options.rows });
  const llm = options.model
    ? await startScriptedLlmServer({ turns: [...(options.turns ?? []), ...scriptedTurns()] })
    : undefined;
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(
    file,
    JSON.stringify({
      plant: { name: 'Demo plant', db: plant.db, timezone: 'Asia/Shanghai' },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: plant.docsDir },
      llm: { base_url: llm?.url ?? null, model: 'scripted', timeout_ms: 60000 },
      skills: { watch: false, ...(options.customSkillsDir ? { custom_dir: options.customSkillsDir } : {}) },
      server: { host: '127.0.0.1', port: 0, ...(options.server ?? {}) },
      log: { level: 'silent', dir: path.join(dir, 'log') },
      audit: { flush_ms: 20 },
      ...(options.config?.(dir) ?? {}),
    }),
  );
  const loaded = loadConfig({ config: file });
  // without the scripted model: rules only, never an embedded model that happens to be installed
  const runtime = await createAgent({
    config: loaded.config,
    configFile: loaded.file,
    ...(llm ? {} : { llmBaseUrl: null }),
  });
  const server = await startHttpServer({
    deps: serviceFromRuntime(runtime, loaded.config),
    closeRuntime: () => runtime.close(),
  });
  await server.http.service.accounts.add({ ...ADMIN, role: 'admin' });
  await server.http.service.accounts.add({ ...OPERATOR, role: 'operator' });
  return {
    url: server.url,
    server,
    runtime,
    llm,
    dir,
    close: async () => {
      await server.close({ graceMs: 500 });
      await llm?.close();
      setFixedNow(undefined, 'UTC');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Log in over HTTP; the Cookie header value. */
export async function liveCookie(url: string, user: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}
