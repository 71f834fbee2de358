/**
 * Light queries (light.ts): which ones the query server runs on its own
 * connection, judged from SQLite's real plans and statistics on a seeded
 * plant; and, through the real server, that they answer without a worker and
 * the same as a worker does, while every other query still goes to one.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configSchema } from '../../src/config/schema.js';
import { logger } from '../../src/log/index.js';
import { openAgentDb } from '../../src/store/agent-db.js';
import { AuditWriter } from '../../src/store/audit.js';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';
import { seedTestPlant } from '../../src/seed/testing.js';
import { tableAliases } from './guard.js';
import { LIGHT_ROWS, lightPlanRows, lightText, readIndexFacts } from './light.js';
import { QueryService } from './service.js';
import { childPids, makeFixture, processAlive, startQueryServer } from './test-support.js';

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

function estimate(db: SqliteDatabase, sql: string): number | undefined {
  const names = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ name: string }>;
  const sizes = new Map(
    names.map(({ name }) => [
      name.toLowerCase(),
      Number((db.prepare(`SELECT max(rowid) AS n FROM "${name}"`).get() as { n: number | null }).n ?? 0),
    ]),
  );
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>;
  return lightPlanRows(plan, { sizes, aliases: tableAliases(sql, new Set(sizes.keys())), ...readIndexFacts(db) });
}

test('the text rule: one SELECT, no IN / LIKE / || / subquery / CTE / window, only bounded functions', () => {
  const verdicts: Array<[string, boolean]> = [
    [DAY, true],
    [
      "SELECT ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS r FROM quality_data WHERE line_id = 'A' LIMIT 1",
      true,
    ],
    ["SELECT strftime('%W', record_date) AS w, COUNT(*) AS n FROM quality_data WHERE line_id = 'B' LIMIT 5", true],
    ['SELECT p.line_id, e.name FROM production_lines p JOIN equipment e USING (line_id) LIMIT 5', true],
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
  ];
  for (const [sql, light] of verdicts) assert.equal(lightText(sql), light, sql);
});

test("the plan rule on SQLite's own plans and statistics: equality lookups and small tables are light", () => {
  const db = openSqlite(plantDb, { readonly: true });
  try {
    const day = estimate(db, DAY);
    assert.ok(day !== undefined && day >= 1 && day <= 100, `one line, one day: ~20 rows estimated (got ${day})`);
    // every line on one day: a skip-scan, one seek per line
    const allLines = estimate(
      db,
      "SELECT line_id, SUM(defect_qty) AS d FROM quality_data WHERE record_date = '2026-11-25' GROUP BY line_id LIMIT 10",
    );
    assert.ok(allLines === undefined || allLines > day!, `${allLines}`);
    assert.equal(estimate(db, 'SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 10'), 4);
    // a join: one line row, then its day's quality rows
    const joined = estimate(
      db,
      'SELECT p.name_en, SUM(q.defect_qty) AS d FROM quality_data q JOIN production_lines p ON p.line_id = q.line_id ' +
        "WHERE q.line_id = 'B' AND q.record_date = '2026-11-20' GROUP BY p.name_en LIMIT 5",
    );
    assert.ok(joined !== undefined && joined <= LIGHT_ROWS, `${joined}`);
    // not light: a date range, a scan of the large table, a range on an index
    for (const sql of [
      "SELECT line_id, SUM(defect_qty) AS d FROM quality_data WHERE record_date BETWEEN '2026-11-01' AND '2026-11-22' GROUP BY line_id LIMIT 10",
      'SELECT line_id, SUM(defect_qty) AS d FROM quality_data GROUP BY line_id LIMIT 10',
      "SELECT batch_no FROM quality_data WHERE line_id = 'A' AND record_date > '2026-01-01' LIMIT 10",
    ])
      assert.equal(estimate(db, sql), undefined, sql);
  } finally {
    db.close();
  }
});

test('without statistics only a fully bound UNIQUE key is light', () => {
  const copy = path.join(dir, 'no-stats.db');
  copyFileSync(plantDb, copy);
  const writable = openSqlite(copy, {});
  writable.exec('DROP TABLE sqlite_stat1');
  writable.close();
  const db = openSqlite(copy, { readonly: true });
  try {
    assert.equal(estimate(db, DAY), undefined, 'no statistics: the rows per line and day are unknown');
    assert.equal(estimate(db, "SELECT name_en FROM production_lines WHERE line_id = 'A' LIMIT 1"), 1);
  } finally {
    db.close();
  }
});

const LIGHT_SQL = DAY;
/** the same figures, not light (LIKE): they go to a worker */
const WORKER_SQL = DAY.replace("line_id = 'A'", "line_id LIKE 'A'");

test('through the real server: a light query answers while the worker is frozen, and as a worker answers', async () => {
  const fixture = makeFixture({ rows: 20000, query: { timeout_ms: 1500, cache: { ttl_s: 0 } } });
  const server = await startQueryServer(fixture.configFile);
  try {
    const viaWorker = await server.query(WORKER_SQL);
    const viaServer = await server.query(LIGHT_SQL);
    assert.equal(viaWorker.isError, false, viaWorker.text);
    assert.equal(viaServer.isError, false, viaServer.text);
    assert.deepEqual(viaServer.structured.rows, viaWorker.structured.rows);
    const raw = openSqlite(fixture.plantDb, { readonly: true });
    assert.deepEqual(viaServer.structured.rows, raw.prepare(LIGHT_SQL).raw(true).all());
    raw.close();
    // freeze the worker: a light query does not need it, any other query waits for it and times out
    const workers = childPids(server.pid).filter(processAlive);
    assert.equal(workers.length, 1, 'one worker');
    process.kill(workers[0]!, 'SIGSTOP');
    try {
      const light = await server.query(LIGHT_SQL.replace('2026-11-25', '2026-11-24'));
      assert.equal(light.isError, false, light.text);
      const other = await server.query(WORKER_SQL.replace('2026-11-25', '2026-11-24'));
      assert.equal(other.structured.error.code, 'QUERY_TIMEOUT', other.text);
    } finally {
      for (const pid of workers) if (processAlive(pid)) process.kill(pid, 'SIGCONT');
    }
  } finally {
    await server.close();
    fixture.cleanup();
  }
});

test('a light query slower than the demotion limit runs in a worker from then on', async () => {
  const fixture = makeFixture({ rows: 3000 });
  const config = configSchema.parse({
    plant: { db: fixture.plantDb },
    state: { db: fixture.agentDb },
    query: { cache: { ttl_s: 0 } },
    log: { level: 'silent', dir: path.join(fixture.dir, 'log'), file: { enabled: false } },
  });
  const agentDb = openAgentDb(fixture.agentDb);
  const audit = new AuditWriter(agentDb, { flushMs: 50 });
  const service = new QueryService({ config, audit, log: logger('light-test'), lightDemoteMs: 0 });
  let toWorker = 0;
  const run = service.executor.run.bind(service.executor);
  service.executor.run = (sql, options) => {
    toWorker++;
    return run(sql, options);
  };
  try {
    const context = { traceId: 't', sessionId: 's' };
    const first = await service.queryDatabase({ sql: LIGHT_SQL, purpose: 'demotion test' }, context);
    assert.equal(first.isError, undefined, JSON.stringify(first));
    assert.equal(toWorker, 0, 'the first run was here');
    const second = await service.queryDatabase({ sql: LIGHT_SQL, purpose: 'demotion test' }, context);
    assert.deepEqual(second.structuredContent?.rows, first.structuredContent?.rows);
    assert.equal(toWorker, 1, 'demoted: the second run went to a worker');
    await service.queryDatabase({ sql: WORKER_SQL, purpose: 'demotion test' }, context);
    assert.equal(toWorker, 2, 'a query that is not light always goes to a worker');
  } finally {
    service.close();
    audit.close();
    agentDb.close();
    fixture.cleanup();
  }
});
