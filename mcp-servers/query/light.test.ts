/**
 * Light queries (light.ts, profile.ts): which ones the query server runs on
 * its own connection, judged from SQLite's real plans and exact facts measured
 * on a seeded plant by the real profile SQL; and, through the real server,
 * that they answer without a worker and the same as a worker does, while every
 * other query still goes to one.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configSchema } from '../../src/config/schema.js';
import { logger } from '../../src/log/index.js';
import { openAgentDb } from '../../src/store/agent-db.js';
import { AuditWriter } from '../../src/store/audit.js';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';
import { seedTestPlant } from '../../src/seed/testing.js';
import { tableAliases } from './guard.js';
import {
  costlyText,
  shapeKey,
  LIGHT_LITERAL_BYTES,
  LIGHT_ROWS,
  LIGHT_WORK,
  lightPlan,
  lightShape,
  lightWork,
  profileNeeds,
  type SchemaNames,
  type WorkVerdict,
} from './light.js';
import type { DataProfile } from './profile.js';
import { QueryService } from './service.js';
import {
  directProfile,
  judgeLight,
  makeFixture,
  startQueryServer,
  track,
  drain,
  withWorkersFrozen,
} from './test-support.js';

let dir: string;
let plantDb: string;
before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'light-'));
  // 20,000 rows over 4 lines: ~20 rows per line and day (the seeder runs ANALYZE)
  plantDb = seedTestPlant({ dir, rows: 20000, docs: false }).db;
});
after(() => rmSync(dir, { recursive: true, force: true }));

const DAY =
  'SELECT line_id, SUM(defect_qty) AS defects, SUM(inspected_qty) AS output FROM quality_data ' +
  "WHERE line_id = 'A' AND record_date = '2026-11-25' GROUP BY line_id LIMIT 10";

const NAMES: SchemaNames = {
  tables: new Set(['quality_data', 'production_lines', 'equipment', 'engineers', 'work_orders', 'defect_types']),
  views: new Set(['daily']),
  schemas: new Set(['archive', 'temp']),
};

const judge = judgeLight;

test('the text gate: one short SELECT, few tables, no unbounded operator, linear functions, short literals', () => {
  const verdicts: Array<[string, boolean]> = [
    [DAY, true],
    [
      "SELECT ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS r FROM quality_data WHERE line_id = 'A' LIMIT 1",
      true,
    ],
    ["SELECT strftime('%W', record_date) AS w, COUNT(*) AS n FROM quality_data WHERE line_id = 'B' LIMIT 5", true],
    ['SELECT p.line_id, e.name FROM production_lines p JOIN equipment e USING (line_id) LIMIT 5', true],
    ["SELECT line_id FROM quality_data WHERE (line_id = 'A' OR line_id = 'B') AND NOT (defect_qty > 3) LIMIT 5", true],
    ["SELECT line_id FROM quality_data WHERE line_id IN ('A', 'B') LIMIT 5", false],
    ["SELECT line_id FROM quality_data WHERE product LIKE '%轴%' LIMIT 5", false],
    ["SELECT line_id FROM quality_data WHERE product GLOB '*' LIMIT 5", false],
    ["SELECT line_id || product AS x FROM quality_data WHERE line_id = 'A' LIMIT 5", false],
    ["SELECT printf('%.*c', 100000, 'x') AS x FROM quality_data WHERE line_id = 'A' LIMIT 5", false],
    ["SELECT hex(zeroblob(1000)) AS x FROM production_lines WHERE line_id = 'A' LIMIT 5", false],
    ["SELECT group_concat(batch_no) AS b FROM quality_data WHERE line_id = 'A' LIMIT 5", false],
    ['SELECT line_id, (SELECT COUNT(*) FROM equipment) AS n FROM production_lines LIMIT 5', false],
    ['WITH d AS (SELECT line_id FROM production_lines) SELECT line_id FROM d LIMIT 5', false],
    ['SELECT line_id FROM production_lines UNION SELECT line_id FROM equipment LIMIT 5', false],
    ['SELECT line_id, SUM(defect_qty) OVER (PARTITION BY line_id) AS s FROM quality_data LIMIT 5', false],
    // issue #29 N1: len(X) × len(Y) work per row, by any spelling of the name
    ["SELECT max(length(trim(batch_no, 'ab'))) AS m FROM quality_data WHERE line_id = 'A' LIMIT 1", false],
    ["SELECT max(length(\"trim\"(batch_no, 'ab'))) AS m FROM quality_data WHERE line_id = 'A' LIMIT 1", false],
    ["SELECT max(length([rtrim](batch_no, 'ab'))) AS m FROM quality_data WHERE line_id = 'A' LIMIT 1", false],
    ["SELECT max(instr(batch_no, 'ab')) AS m FROM quality_data WHERE line_id = 'A' LIMIT 1", false],
    // a literal over LIGHT_LITERAL_BYTES, however its bytes are spelled
    [`SELECT length('${'a'.repeat(LIGHT_LITERAL_BYTES)}') AS n FROM production_lines LIMIT 1`, true],
    [`SELECT length('${'a'.repeat(LIGHT_LITERAL_BYTES + 1)}') AS n FROM production_lines LIMIT 1`, false],
    [`SELECT length('${'中'.repeat(90)}') AS n FROM production_lines LIMIT 1`, false],
    [`SELECT length(x'${'00'.repeat(LIGHT_LITERAL_BYTES + 1)}') AS n FROM production_lines LIMIT 1`, false],
    // the planner's own cost: five tables, a view, the archive, a long text
    [
      'SELECT count(*) AS n FROM quality_data a, quality_data b, quality_data c, quality_data d, quality_data e LIMIT 1',
      false,
    ],
    ['SELECT count(*) AS n FROM daily LIMIT 1', false],
    ["SELECT count(*) AS n FROM archive.quality_data WHERE line_id = 'A' LIMIT 1", false],
    [`SELECT line_id FROM quality_data WHERE ${Array(70).fill('defect_qty > 0').join(' AND ')} LIMIT 1`, false],
  ];
  for (const [sql, light] of verdicts) assert.equal(lightShape(sql, NAMES) !== undefined, light, sql.slice(0, 160));
  // a changed literal is the same shape: demotion covers it
  const one = lightShape(DAY, NAMES)!;
  const other = lightShape(DAY.replace("'A'", "'B'").replace('2026-11-25', '2026-11-02'), NAMES)!;
  assert.equal(one.key, other.key);
});

test('costly text (heavy in the executor): superlinear calls, long literals, wide joins; not CTE column lists', () => {
  const verdicts: Array<[string, boolean]> = [
    [DAY, false],
    ["SELECT line_id FROM quality_data WHERE product LIKE '%轴%' AND line_id IN ('A', 'B') LIMIT 5", false],
    [
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 9) SELECT max(x) AS m FROM c LIMIT 1',
      false,
    ],
    ["SELECT max(length(trim(batch_no, 'ab'))) AS m FROM quality_data LIMIT 1", true],
    ['SELECT max("instr"(batch_no, \'ab\')) AS m FROM quality_data LIMIT 1', true],
    ["SELECT group_concat(batch_no) AS b FROM quality_data WHERE line_id = 'A' LIMIT 1", true],
    [`SELECT count(*) AS n FROM quality_data WHERE batch_no <> '${'x'.repeat(LIGHT_LITERAL_BYTES + 1)}' LIMIT 1`, true],
    [`SELECT count(*) AS n FROM ${Array.from({ length: 9 }, (_, i) => `quality_data t${i}`).join(', ')} LIMIT 1`, true],
  ];
  for (const [sql, costly] of verdicts) assert.equal(costlyText(sql, NAMES), costly, sql.slice(0, 120));
  // literals masked, keywords upper-cased: the shape slowness is remembered by
  assert.equal(
    shapeKey("select 1 AS x FROM t WHERE a = 'x' -- c\n LIMIT 5"),
    'SELECT ? AS x FROM t WHERE a = ? LIMIT ?',
  );
});

test("the work gate on SQLite's plans and exactly measured facts", async () => {
  const db = openSqlite(plantDb, { readonly: true });
  const profile = directProfile(db);
  try {
    const day = await judge(db, profile, DAY);
    assert.ok(typeof day === 'object' && day.light === true, JSON.stringify(day));
    // the bound is the largest key, not sqlite_stat1's average
    const most = (
      db
        .prepare('SELECT max(n) AS most FROM (SELECT count(*) AS n FROM quality_data GROUP BY line_id, record_date)')
        .get() as { most: number }
    ).most;
    assert.deepEqual(profile.keys('idx_quality_line_date', 2)?.most, most);
    assert.ok(day.rows > most && day.rows <= LIGHT_ROWS && day.work <= LIGHT_WORK, JSON.stringify(day));
    assert.equal(profile.rows('quality_data'), 20000);
    const payload = (
      db.prepare("SELECT max(mx_payload) AS p FROM dbstat WHERE name = 'quality_data' AND aggregate = TRUE").get() as {
        p: number;
      }
    ).p;
    assert.equal(profile.maxPayload('quality_data'), payload);
    assert.ok(payload > 40, `a quality row is tens of bytes: ${payload}`);

    const small = await judge(db, profile, 'SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 10');
    assert.ok(typeof small === 'object' && small.light === true, JSON.stringify(small));
    const joined = await judge(
      db,
      profile,
      'SELECT p.name_en, SUM(q.defect_qty) AS d FROM quality_data q JOIN production_lines p ON p.line_id = q.line_id ' +
        "WHERE q.line_id = 'B' AND q.record_date = '2026-11-20' GROUP BY p.name_en LIMIT 5",
    );
    assert.ok(typeof joined === 'object' && joined.light === true, JSON.stringify(joined));
    // not light: a range, a scan of the large table, a whole line (5,000 rows and more under one key)
    for (const sql of [
      "SELECT line_id, SUM(defect_qty) AS d FROM quality_data WHERE record_date BETWEEN '2026-11-01' AND '2026-11-22' GROUP BY line_id LIMIT 10",
      "SELECT batch_no FROM quality_data WHERE line_id = 'A' AND record_date > '2026-01-01' LIMIT 10",
    ])
      assert.equal(await judge(db, profile, sql), 'plan', sql);
    const line = await judge(db, profile, "SELECT SUM(defect_qty) AS d FROM quality_data WHERE line_id = 'A' LIMIT 1");
    assert.ok(typeof line === 'object' && line.light === false, JSON.stringify(line));
    // the same figure, its per-row work grown past LIGHT_WORK with long literals: linear functions, but too many
    const nested = (depth: number): string => {
      let expression = `substr('${'a'.repeat(LIGHT_LITERAL_BYTES)}', 1 + 0 * record_id)`;
      for (let level = 0; level < depth; level++) expression = `${level % 2 ? 'lower' : 'upper'}(${expression})`;
      return `SELECT max(length(${expression})) AS m FROM quality_data WHERE line_id = 'A' AND record_date = '2026-11-25' LIMIT 1`;
    };
    // on this small plant (~20 rows a key) both are light; with 200 rows under the largest key, only the shallow one
    const shallow = await judge(db, profile, nested(2));
    const deep = await judge(db, profile, nested(60));
    assert.ok(typeof shallow === 'object' && shallow.light === true, JSON.stringify(shallow));
    assert.ok(typeof deep === 'object' && deep.light === true, JSON.stringify(deep));
    const skewed = Object.assign(Object.create(profile) as DataProfile, {
      keys: (index: string, columns: number) => ({ ...profile.keys(index, columns)!, most: 200 }),
    });
    const heavier = (sql: string): WorkVerdict => {
      const tables = new Set(NAMES.tables);
      const plan = lightPlan(
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>,
        tableAliases(sql, tables),
      )!;
      return lightWork(lightShape(sql, NAMES)!, plan, skewed);
    };
    assert.equal(heavier(nested(2)).light, true);
    const over = heavier(nested(60));
    assert.ok(
      over.light === false && /work units/.test(over.reason) && (over.rows ?? 0) <= LIGHT_ROWS,
      JSON.stringify(over),
    );
  } finally {
    db.close();
  }
});

const LIGHT_SQL = DAY;
/** the same figures, not light (LIKE): they go to a worker */
const WORKER_SQL = DAY.replace("line_id = 'A'", "line_id LIKE 'A'");

test('through the real server: a light query answers while the worker is frozen, and as a worker answers', async () => {
  // one worker: its jobs run in order, so the profile the first call asks for is measured before its answer
  const fixture = makeFixture({ rows: 20000, query: { timeout_ms: 60000, workers: 1, cache: { ttl_s: 0 } } });
  const server = await startQueryServer(fixture.configFile);
  try {
    const viaWorker = await server.query(WORKER_SQL);
    const first = await server.query(LIGHT_SQL);
    assert.equal(viaWorker.isError, false, viaWorker.text);
    assert.equal(first.isError, false, first.text);
    assert.deepEqual(first.structured.rows, viaWorker.structured.rows);
    const raw = openSqlite(fixture.plantDb, { readonly: true });
    assert.deepEqual(first.structured.rows, raw.prepare(LIGHT_SQL).raw(true).all());
    raw.close();
    // freeze the worker: a light query (another literal) does not need it; any other query waits for it
    await withWorkersFrozen(server, async () => {
      const light = await server.query(LIGHT_SQL.replace('2026-11-25', '2026-11-24'));
      assert.equal(light.isError, false, light.text);
      const other = track(server.query(WORKER_SQL.replace('2026-11-25', '2026-11-24')));
      await server.client.ping();
      await drain();
      assert.equal(other.settled(), false, 'a query that is not light waits for the frozen worker');
    });
  } finally {
    await server.close();
    fixture.cleanup();
  }
});

test('a light query slower than the demotion limit runs in a worker from then on, with any literal', async () => {
  const fixture = makeFixture({ rows: 3000 });
  const config = configSchema.parse({
    plant: { db: fixture.plantDb },
    state: { db: fixture.agentDb },
    query: { cache: { ttl_s: 0 }, workers: 1 },
    log: { level: 'silent', dir: path.join(fixture.dir, 'log'), file: { enabled: false } },
  });
  const agentDb = openAgentDb(fixture.agentDb);
  const audit = new AuditWriter(agentDb, { flushMs: 50 });
  const service = new QueryService({ config, audit, log: logger('light-test'), lightDemoteMs: -1 });
  const toWorker: string[] = [];
  const run = service.executor.run.bind(service.executor);
  service.executor.run = (sql, options) => {
    // the profile's measurements are the executor's too: count only the calls' own statements
    if (!sql.startsWith('SELECT count(*) AS keys') && !sql.startsWith('SELECT (SELECT count(*)')) toWorker.push(sql);
    return run(sql, options);
  };
  try {
    const context = { traceId: 't', sessionId: 's' };
    const ask = (sql: string) => service.queryDatabase({ sql, purpose: 'demotion test' }, context);
    // the first call may run in a worker (its facts are still being measured); they are known once it answers
    const first = await ask(LIGHT_SQL);
    assert.equal(first.isError, undefined, JSON.stringify(first));
    const before = toWorker.length;
    assert.ok(before <= 1);
    const second = await ask(LIGHT_SQL);
    assert.deepEqual(second.structuredContent?.rows, first.structuredContent?.rows);
    assert.equal(toWorker.length, before, 'the second ran here (over the limit of -1 ms: any run)');
    await ask(LIGHT_SQL);
    assert.equal(toWorker.length, before + 1, 'demoted: the third run went to a worker');
    await ask(LIGHT_SQL.replace('2026-11-25', '2026-11-23'));
    assert.equal(toWorker.length, before + 2, 'another literal, the same shape: demoted too');
    await ask(WORKER_SQL);
    assert.ok(toWorker.length >= before + 3, 'a query that is not light always goes to a worker');
  } finally {
    service.close();
    audit.close();
    agentDb.close();
    fixture.cleanup();
  }
});
