/**
 * The query server's process life: timeouts that really kill the executor,
 * the audit log surviving SIGTERM and stdin close, invalid arguments audited,
 * the engine refusing writes on its own, and a third-party client (the MCP
 * Inspector CLI).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { selfCommand } from '../../src/runtime/self.js';
import { openPlantReadOnly } from './worker.js';
import { INITIALIZE, INITIALIZED, rawExchange } from '../shared/test-client.js';
import { childPids, makeFixture, processAlive, startQueryServer } from './test-support.js';

const TIMEOUT_MS = 1500;
/** an answer this soon after the deadline shows the query was stopped, not finished */
const STOPPED_WITHIN_MS = 10_000;

async function waitFor(predicate: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return predicate();
}

/** a scan without WHERE whose every row costs len(X) × len(Y) (issue #29 N1's trim): ~70 ms a row, minutes in all */
const QUADRATIC_SCAN =
  `SELECT max(length(trim(substr('${'a'.repeat(4000)}', 1 + 0 * record_id), '${'b'.repeat(3999)}a'))) AS m ` +
  'FROM quality_data LIMIT 1';

test(
  'an unbounded recursive CTE and a scan doing quadratic work per row time out at the deadline, not before; ' +
    'the worker is killed and the server keeps serving',
  async () => {
    const fixture = makeFixture({ rows: 3000, query: { timeout_ms: TIMEOUT_MS } });
    const server = await startQueryServer(fixture.configFile);
    try {
      // warm: the first query also waits for the worker to start
      assert.equal((await server.query('SELECT line_id FROM production_lines LIMIT 1')).isError, false);
      for (const sql of [
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) AS m FROM c LIMIT 1',
        QUADRATIC_SCAN,
      ]) {
        // a worker is ready before the clock starts: the deadline is the query's own running time, and a
        // worker started after the last kill may still be loading (a second or more on a loaded machine).
        // LIKE keeps this cheap query off the server's light path, so it waits for a worker and runs there
        const ready = await server.query("SELECT line_id FROM production_lines WHERE name_en LIKE 'Line%' LIMIT 1");
        assert.equal(ready.isError, false, ready.text);
        const workersBefore = childPids(server.pid);
        assert.ok(
          workersBefore.length >= 1 && workersBefore.length <= 2,
          `a pool of at most query.workers (2) executor processes: ${workersBefore.length}`,
        );
        const started = Date.now();
        const outcome = await server.query(sql, 'timeout test');
        const elapsed = Date.now() - started;
        assert.equal(outcome.isError, true, sql);
        assert.equal(outcome.structured.error.code, 'QUERY_TIMEOUT', outcome.text);
        // the answer comes while the query would still run (neither ends by itself in minutes); how soon after
        // the deadline depends on the machine's load (a killed worker's reaping waits at most REAP_WAIT_MS),
        // so the bound here is loose: this is not a timing test
        assert.ok(elapsed < TIMEOUT_MS + STOPPED_WITHIN_MS, `answered after ${elapsed} ms: ${sql}`);
        assert.ok(elapsed >= TIMEOUT_MS - 50, `answered too early: ${elapsed} ms`);
        const killed = outcome.structured.error.worker_pid as number;
        assert.ok(workersBefore.includes(killed), `the killed worker ${killed} was one of ${workersBefore.join(', ')}`);
        assert.equal(processAlive(killed), false, 'the timed-out worker is gone (no CPU left spinning)');
        assert.ok(!childPids(server.pid).includes(killed));
        // the server keeps serving (with a fresh worker)
        const next = await server.query(
          'SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 2',
          'after the timeout',
        );
        assert.equal(next.isError, false, next.text);
        assert.deepEqual(
          next.structured.rows.map((row: unknown[]) => row[0]),
          ['A', 'B'],
        );
        assert.ok(await waitFor(() => childPids(server.pid).length >= 1, 10000), 'a worker is back');
        assert.ok(childPids(server.pid).length <= 2);
      }
    } finally {
      await server.close();
      fixture.cleanup();
    }
  },
);

test('audit: every call (refused, failed, cached, bad arguments) is in tool_call_log after SIGTERM, with trace and session ids from _meta', async () => {
  const fixture = makeFixture({ rows: 500, audit: { flush_ms: 10000 } });
  const server = await startQueryServer(fixture.configFile);
  const meta = { trace_id: 'trace-audit-1', session_id: 'session-audit-1' };
  const calls: Array<{ sql: string; code: string | null; cached: boolean }> = [];
  for (let index = 0; index < 12; index++) {
    const sql = `SELECT line_id FROM production_lines ORDER BY line_id LIMIT ${1 + (index % 3)}`;
    await server.call('query_database', { sql, purpose: `audit test ${index}` }, meta);
    calls.push({ sql, code: null, cached: index >= 3 });
  }
  for (const [sql, code] of [
    ['SELECT * FROM production_lines LIMIT 1', 'STAR_PROJECTION'],
    ['DELETE FROM production_lines', 'NOT_READ_ONLY'],
    ['SELECT line_id FROM production_lines', 'LIMIT_MISSING'],
    ['SELECT nope FROM production_lines LIMIT 1', 'SQL_ERROR'],
  ] as const) {
    const outcome = await server.call('query_database', { sql, purpose: 'audit refusal' }, meta);
    assert.equal(outcome.structured.error.code, code);
    calls.push({ sql, code, cached: false });
  }
  const bad = await server.call('query_database', { sql: 'SELECT 1 AS one LIMIT 1' }, meta);
  assert.equal(bad.isError, true);
  assert.equal(bad.structured.error.code, 'TOOL_ARGUMENTS_INVALID');
  await server.call('describe_schema', { table: 'quality_data' }, meta);
  const expectedRows = calls.length + 2;

  process.kill(server.pid, 'SIGTERM');
  assert.ok(await waitFor(() => !processAlive(server.pid), 10000), 'server exits on SIGTERM');
  const db = new Database(path.join(fixture.agentDb), { readonly: true });
  try {
    const rows = db.prepare("SELECT * FROM tool_call_log WHERE trace_id = 'trace-audit-1' ORDER BY id").all() as Array<
      Record<string, unknown>
    >;
    assert.equal(rows.length, expectedRows, 'nothing lost');
    for (const row of rows) {
      assert.equal(row.session_id, 'session-audit-1');
      assert.equal(row.origin, 'server');
      assert.equal(row.server, 'query');
    }
    calls.forEach((call, index) => {
      const row = rows[index]!;
      assert.equal(row.tool_name, 'query_database');
      assert.equal(JSON.parse(row.parameters as string).sql, call.sql);
      assert.equal(row.error_code, call.code);
      assert.equal(row.success, call.code === null ? 1 : 0);
      assert.equal(row.cached, call.cached ? 1 : 0, `cached flag of call ${index}`);
      assert.match(row.purpose as string, /audit/);
      assert.ok(typeof row.result_summary === 'string' && row.result_summary.length > 0);
    });
    assert.equal(rows[calls.length]!.error_code, 'TOOL_ARGUMENTS_INVALID');
    assert.equal(rows[calls.length + 1]!.tool_name, 'describe_schema');
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  } finally {
    db.close();
    fixture.cleanup();
  }
});

test('audit rows are flushed when the client closes stdin, and the worker goes too', async () => {
  const fixture = makeFixture({ rows: 200, audit: { flush_ms: 10000 } });
  const server = await startQueryServer(fixture.configFile);
  for (let index = 0; index < 5; index++)
    await server.query(`SELECT line_id FROM production_lines LIMIT ${index + 1}`, 'stdin close');
  const workers = childPids(server.pid);
  await server.close();
  assert.ok(await waitFor(() => !processAlive(server.pid), 10000));
  assert.ok(await waitFor(() => workers.every((pid) => !processAlive(pid)), 5000), 'worker stopped');
  const db = new Database(fixture.agentDb, { readonly: true });
  assert.equal(
    (db.prepare("SELECT count(*) AS n FROM tool_call_log WHERE purpose = 'stdin close'").get() as { n: number }).n,
    5,
  );
  db.close();
  fixture.cleanup();
});

test('the engine refuses writes on its own: read-only connection, query_only, statement.readonly', () => {
  const fixture = makeFixture({ rows: 100 });
  const db = openPlantReadOnly(fixture.plantDb);
  try {
    assert.equal(db.pragma('query_only', { simple: true }), 1);
    const write = db.prepare("UPDATE production_lines SET name_en = 'x'");
    assert.equal(write.readonly, false);
    assert.throws(() => write.run(), /readonly|read-only|query_only/i);
    assert.equal(db.prepare('SELECT line_id FROM production_lines LIMIT 1').readonly, true);
  } finally {
    db.close();
    fixture.cleanup();
  }
});

test('a third-party client works: the MCP Inspector CLI lists and calls the tools', async () => {
  const fixture = makeFixture({ rows: 200 });
  const inspector = path.resolve('node_modules', '.bin', 'mcp-inspector');
  const server = selfCommand(['mcp', 'query']);
  // the Inspector has its own --config option, so the server's config comes through the environment
  const base = ['--cli', '-e', `AIRGAP_AGENT_CONFIG=${fixture.configFile}`, server.command, ...server.args];
  const run = (args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const child = spawn(inspector, [...base, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  try {
    const listed = await run(['--method', 'tools/list']);
    assert.equal(listed.code, 0, listed.stderr);
    const names = (JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools
      .map((tool) => tool.name)
      .sort();
    assert.deepEqual(names, ['describe_schema', 'query_database']);
    const called = await run([
      '--method',
      'tools/call',
      '--tool-name',
      'query_database',
      '--tool-arg',
      'sql=SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 2',
      '--tool-arg',
      'purpose=inspector check',
    ]);
    assert.equal(called.code, 0, called.stderr);
    const result = JSON.parse(called.stdout) as { structuredContent: { rows: unknown[][]; has_more: boolean } };
    assert.deepEqual(result.structuredContent.rows, [
      ['A', 'Line A'],
      ['B', 'Line B'],
    ]);
    assert.equal(result.structuredContent.has_more, true);
    const refused = await run([
      '--method',
      'tools/call',
      '--tool-name',
      'query_database',
      '--tool-arg',
      'sql=SELECT * FROM production_lines',
      '--tool-arg',
      'purpose=inspector check',
    ]);
    assert.match(refused.stdout, /STAR_PROJECTION/);
  } finally {
    fixture.cleanup();
  }
});

test('nothing but the protocol reaches stdout (server and executor), even for refusals, errors and timeouts', async () => {
  const fixture = makeFixture({ rows: 200, query: { timeout_ms: 300 } });
  const call = (id: number, sql: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'query_database', arguments: { sql, purpose: 'stdout check' } },
  });
  try {
    const { stdoutLines, code } = await rawExchange({
      name: 'query',
      configFile: fixture.configFile,
      messages: [
        INITIALIZE,
        INITIALIZED,
        call(2, 'SELECT line_id FROM production_lines LIMIT 2'),
        call(3, 'SELECT * FROM production_lines'),
        call(4, 'SELECT nope FROM production_lines LIMIT 1'),
        call(5, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) AS m FROM c LIMIT 1'),
        { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'describe_schema', arguments: {} } },
      ],
    });
    assert.equal(code, 0);
    const messages = stdoutLines.map((line) => JSON.parse(line) as { jsonrpc: string; id?: number });
    assert.ok(messages.every((message) => message.jsonrpc === '2.0'));
    assert.deepEqual(
      messages.map((message) => message.id),
      [1, 2, 3, 4, 5, 6],
    );
  } finally {
    fixture.cleanup();
  }
});
