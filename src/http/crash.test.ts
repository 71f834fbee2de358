/**
 * kill -9 of the service (issue 12): `airgap-agent serve` as a real process on
 * a seeded plant, a question answered over a real socket, then SIGKILL. A
 * task that agent.db calls `success` must have its audit rows on disk —
 * even with the audit writer's batching at its longest (audit.flush_ms 10 s).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedTestPlant } from '../seed/index.js';
import { openAgentDb } from '../store/agent-db.js';
import { Accounts } from './accounts.js';
import { OPERATOR } from './testing/helpers.js';
import { liveCookie, LIVE_NOW } from './testing/live.js';
import { dataOf, readSse } from './testing/sse-client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');

describe('the service killed with SIGKILL', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let url: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    const plant = seedTestPlant({ dir });
    const agentDb = path.join(dir, 'agent.db');
    const configFile = path.join(dir, 'agent.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        plant: { name: 'Crash plant', db: plant.db, timezone: 'Asia/Shanghai' },
        state: { db: agentDb, fts_db: path.join(dir, 'fts.db') },
        docs: { root: plant.docsDir },
        llm: { base_url: null },
        skills: { watch: false },
        // the question needs the query server; the others only slow the start on a busy machine
        mcp: { servers: { holidays: { enabled: false }, docs: { enabled: false }, utils: { enabled: false } } },
        server: { host: '127.0.0.1', port: 0 },
        log: { level: 'warn', dir: path.join(dir, 'log') },
        audit: { flush_ms: 10000 },
      }),
    );
    const db = openAgentDb(agentDb);
    await new Accounts(db, { ttlHours: 1 }).add({ ...OPERATOR, role: 'operator' });
    db.close();
    child = spawn(process.execPath, ['--import', 'tsx', entry, 'serve', '--config', configFile], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, AIRGAP_AGENT_NOW: LIVE_NOW },
    });
    url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
      child!.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child!.once('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
    });
  });

  after(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('a task that is success has its audit rows on disk', async () => {
    const cookie = await liveCookie(url, OPERATOR);
    const accepted = await (
      await fetch(`${url}/api/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
        body: JSON.stringify({ question: "What was line A's defect rate last Wednesday?" }),
      })
    ).json();
    const response = await fetch(`${url}/api/tasks/${accepted.task_id}/events`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(30_000),
    });
    const { events } = await readSse(response);
    assert.equal(dataOf(events.at(-1)!).state, 'success');

    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;

    const db = openAgentDb(path.join(dir, 'agent.db'));
    try {
      const task = db.prepare('SELECT state, result FROM tasks WHERE task_id = ?').get(accepted.task_id) as {
        state: string;
        result: string;
      };
      assert.equal(task.state, 'success');
      const traceId = JSON.parse(task.result).trace_id as string;
      const rows = db
        .prepare("SELECT tool_name FROM tool_call_log WHERE trace_id = ? AND origin = 'agent'")
        .all(traceId) as Array<{ tool_name: string }>;
      assert.ok(
        rows.some((row) => row.tool_name === 'query_database'),
        `audit rows of the task: ${JSON.stringify(rows)}`,
      );
      assert.ok(
        rows.some((row) => row.tool_name === 'quality_metrics'),
        `audit rows of the task: ${JSON.stringify(rows)}`,
      );
    } finally {
      db.close();
    }
  });
});
