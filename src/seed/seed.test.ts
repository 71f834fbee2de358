import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../errors.js';
import { addDays, assertTimeZone, setFixedNow, weekdayOf } from '../clock.js';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { appRoot } from '../runtime/self.js';
import { seedPlant, seedTestPlant, TEST_TODAY } from './index.js';

const TODAY = TEST_TODAY; // a Sunday
const ROWS = 20000;
let dir: string;
let db: SqliteDatabase;
let dbFile: string;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  dbFile = path.join(dir, 'plant.db');
  seedPlant({ db: dbFile, rows: ROWS, today: TODAY, seed: 7 });
  db = openSqlite(dbFile, { readonly: true });
});
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function all<T>(sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}
function one<T>(sql: string, ...params: unknown[]): T {
  return db.prepare(sql).get(...params) as T;
}

function tableHash(database: SqliteDatabase, table: string): string {
  const hash = createHash('sha256');
  // every column in order: a WITHOUT ROWID table (the rollups) has no rowid to order by
  const columns = (database.pragma(`table_info(${table})`) as unknown[]).map((_, index) => index + 1).join(', ');
  for (const row of database.prepare(`SELECT * FROM ${table} ORDER BY ${columns}`).iterate())
    hash.update(JSON.stringify(row));
  return hash.digest('hex');
}
function databaseHash(file: string): Record<string, string> {
  const database = openSqlite(file, { readonly: true });
  try {
    const tables = (
      database
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as Array<{ name: string }>
    ).map((row) => row.name);
    return Object.fromEntries(tables.map((table) => [table, tableHash(database, table)]));
  } finally {
    database.close();
  }
}

/** The contract: the SQL blocks of docs/plant-data.md before the seeder's own section. */
function contractDatabase(): SqliteDatabase {
  const markdown = readFileSync(path.join(appRoot(), 'docs', 'plant-data.md'), 'utf8').split(
    '## What the demo seeder adds',
  )[0]!;
  const blocks = [...markdown.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
  assert.ok(blocks.length >= 2, 'docs/plant-data.md holds the contract DDL');
  const contract = openSqlite(':memory:');
  contract.exec(blocks.join('\n'));
  return contract;
}

test('every contract table, column, constraint and index of plant-data.md is there', () => {
  const contract = contractDatabase();
  try {
    const tables = contract.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as Array<{
      name: string;
      sql: string;
    }>;
    assert.ok(tables.length >= 6);
    for (const { name, sql } of tables) {
      const expected = contract.pragma(`table_info(${name})`) as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>;
      const actual = db.pragma(`table_info(${name})`) as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>;
      for (const column of expected) {
        const found = actual.find((candidate) => candidate.name === column.name);
        assert.ok(found, `${name}.${column.name} exists`);
        assert.deepEqual(
          [found.type, found.notnull, found.pk],
          [column.type, column.notnull, column.pk],
          `${name}.${column.name}`,
        );
      }
      const keys = (database: SqliteDatabase) =>
        (database.pragma(`foreign_key_list(${name})`) as Array<{ table: string; from: string; to: string }>)
          .map((key) => `${key.from}->${key.table}.${key.to}`)
          .sort();
      assert.deepEqual(keys(db), keys(contract), `${name} foreign keys`);
      for (const check of sql.match(/CHECK \([^\n]*\)/g) ?? []) {
        const actualSql = one<{ sql: string }>(
          "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
          name,
        ).sql;
        assert.ok(actualSql.includes(check.replace(/,$/, '')), `${name}: ${check}`);
      }
    }
    const indexes = contract
      .prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all() as Array<{ name: string; tbl_name: string }>;
    for (const index of indexes) {
      const columns = (database: SqliteDatabase) =>
        (database.pragma(`index_info(${index.name})`) as Array<{ name: string }>).map((column) => column.name);
      assert.deepEqual(columns(db), columns(contract), `index ${index.name}`);
    }
  } finally {
    contract.close();
  }
});

test('the CHECK constraints are enforced by the built file', () => {
  const copy = path.join(dir, 'copy.db');
  copyFileSync(dbFile, copy);
  const writable = openSqlite(copy);
  try {
    const insert = writable.prepare(
      'INSERT INTO quality_data (line_id, record_date, shift, batch_no, product, inspected_qty, ' +
        "defect_qty, defect_type, inspector, recorded_at) VALUES ('A', '2026-11-29', 'day', 'X', 'p', ?, " +
        "?, NULL, 'x', '2026-11-29T09:00:00')",
    );
    assert.throws(() => insert.run(0, 0), /CHECK/);
    assert.throws(() => insert.run(10, 11), /CHECK/);
    assert.throws(() => insert.run(10, -1), /CHECK/);
    assert.throws(
      () =>
        writable
          .prepare(
            'INSERT INTO quality_data (line_id, record_date, shift, batch_no, product, inspected_qty, ' +
              "defect_qty, inspector, recorded_at) VALUES ('Z', 'd', 'day', 'b', 'p', 1, 0, 'i', 'r')",
          )
          .run(),
      /FOREIGN KEY/,
    );
  } finally {
    writable.close();
  }
});

test('the database is a plain rollback-journal file, analysed, and the planner searches a quality index (no table scan)', () => {
  assert.equal(db.pragma('journal_mode', { simple: true }), 'delete');
  assert.ok(one<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").n === 1);
  const plan = all<{ detail: string }>(
    "EXPLAIN QUERY PLAN SELECT SUM(defect_qty) FROM quality_data WHERE line_id = 'A' AND record_date = '2026-11-25'",
  );
  assert.match(
    plan.map((row) => row.detail).join(' '),
    /SEARCH quality_data USING (COVERING )?INDEX idx_quality_(line_)?date/,
  );
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.startsWith('plant.db')),
    ['plant.db'],
    'no temp or journal file left',
  );
});

test('the same seed and today give the same content; another seed gives other data', () => {
  const a = seedTestPlant({ dir: path.join(dir, 'a'), docs: false });
  const b = seedTestPlant({ dir: path.join(dir, 'b'), docs: false });
  const c = seedTestPlant({ dir: path.join(dir, 'c'), seed: 2, docs: false });
  const bigger = seedTestPlant({ dir: path.join(dir, 'd'), rows: 9000, docs: false });
  const hashA = databaseHash(a.db);
  assert.deepEqual(databaseHash(b.db), hashA);
  const hashC = databaseHash(c.db);
  assert.notEqual(hashC.quality_data, hashA.quality_data);
  assert.notEqual(hashC.work_orders, hashA.work_orders);
  assert.equal(hashC.equipment, hashA.equipment, 'the catalogue does not depend on the seed');
  assert.equal(databaseHash(bigger.db).work_orders, hashA.work_orders, 'work orders do not depend on --rows');
});

test('volume: rows spread evenly over every line, every day, both shifts; today has the day shift only', () => {
  const start = addDays(TODAY, -399);
  assert.equal(one<{ n: number }>('SELECT count(*) AS n FROM quality_data').n, ROWS);
  const slots = all<{ record_date: string; line_id: string; shift: string; n: number }>(
    'SELECT record_date, line_id, shift, count(*) AS n FROM quality_data GROUP BY 1, 2, 3',
  );
  assert.equal(slots.length, 399 * 8 + 4);
  const counts = slots.map((slot) => slot.n);
  assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, 'even spread');
  const range = one<{ first: string; last: string; days: number }>(
    'SELECT min(record_date) AS first, max(record_date) AS last, count(DISTINCT record_date) AS days FROM quality_data',
  );
  assert.deepEqual(range, { first: start, last: TODAY, days: 400 });
  assert.deepEqual(all('SELECT DISTINCT shift FROM quality_data WHERE record_date = ? ORDER BY 1', TODAY), [
    { shift: 'day' },
  ]);
  assert.deepEqual(all('SELECT DISTINCT line_id FROM quality_data WHERE record_date = ? ORDER BY 1', TODAY).length, 4);
  assert.equal(
    one<{ n: number }>('SELECT count(DISTINCT batch_no) AS n FROM quality_data').n,
    ROWS,
    'batch numbers unique',
  );
});

test('timestamps are plant-local without offset and recorded_at falls inside the shift', () => {
  const bad = all(
    `SELECT record_id FROM quality_data WHERE
       record_date NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
       OR recorded_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]'
       OR (shift = 'day' AND (recorded_at < record_date || 'T08:00:00' OR recorded_at >= record_date || 'T20:00:00'))
       OR (shift = 'night' AND (recorded_at < record_date || 'T20:00:00' OR recorded_at >= date(record_date, '+1 day') || 'T08:00:00'))
       OR shift NOT IN ('day', 'night')
     LIMIT 5`,
  );
  assert.deepEqual(bad, []);
});

test('defect_type is NULL exactly when defect_qty is 0 and is always a known code', () => {
  assert.equal(
    one<{ n: number }>('SELECT count(*) AS n FROM quality_data WHERE (defect_qty = 0) <> (defect_type IS NULL)').n,
    0,
  );
  assert.equal(
    one<{ n: number }>(
      'SELECT count(*) AS n FROM quality_data WHERE defect_type IS NOT NULL AND defect_type NOT IN (SELECT defect_type FROM defect_types)',
    ).n,
    0,
  );
  assert.ok(one<{ n: number }>('SELECT count(*) AS n FROM quality_data WHERE defect_qty = 0').n > 0);
  const names = all<{ defect_type: string; name_zh: string; name_en: string }>(
    'SELECT defect_type, name_zh, name_en FROM defect_types',
  );
  assert.ok(
    names.length >= 8 &&
      names.every(
        (row) => /^[a-z_]+$/.test(row.defect_type) && /[\u4e00-\u9fff]/.test(row.name_zh) && row.name_en.length > 0,
      ),
  );
});

test('defect rates differ by line, mixes differ, and incident days are spikes (one on line B last week)', () => {
  const rates = Object.fromEntries(
    all<{ line_id: string; rate: number }>(
      'SELECT line_id, 1.0 * SUM(defect_qty) / SUM(inspected_qty) AS rate FROM quality_data GROUP BY line_id',
    ).map((row) => [row.line_id, row.rate]),
  );
  assert.ok(rates.C! < rates.A! && rates.A! < rates.B! && rates.B! < rates.D!, JSON.stringify(rates));
  assert.ok(rates.A! > 0.009 && rates.A! < 0.016 && rates.D! > 0.028 && rates.D! < 0.045, JSON.stringify(rates));
  const top = all<{ line_id: string; defect_type: string }>(
    'SELECT line_id, defect_type FROM (SELECT line_id, defect_type, SUM(defect_qty) AS n, ' +
      'ROW_NUMBER() OVER (PARTITION BY line_id ORDER BY SUM(defect_qty) DESC) AS rank FROM ' +
      'quality_data WHERE defect_type IS NOT NULL GROUP BY 1, 2) WHERE rank = 1 ORDER BY line_id',
  );
  assert.ok(new Set(top.map((row) => row.defect_type)).size >= 3, `top defect per line: ${JSON.stringify(top)}`);
  const incidents = all<{ incident_date: string; line_id: string; factor: number; day_rate: number; order_id: number }>(
    `SELECT i.incident_date, i.line_id, i.factor, i.order_id, 1.0 * SUM(q.defect_qty) / SUM(q.inspected_qty) AS day_rate
     FROM quality_incidents i JOIN quality_data q ON q.line_id = i.line_id AND q.record_date = i.incident_date GROUP BY 1, 2`,
  );
  assert.ok(incidents.length >= 8);
  for (const incident of incidents) {
    assert.ok(incident.factor >= 3 && incident.factor <= 5);
    assert.ok(
      incident.day_rate > 2 * rates[incident.line_id]!,
      `spike on ${incident.incident_date} line ${incident.line_id}`,
    );
    assert.equal(
      one<{ n: number }>(
        "SELECT count(*) AS n FROM work_orders WHERE order_id = ? AND status = 'closed' AND opened_at >= ?",
        incident.order_id,
        incident.incident_date,
      ).n,
      1,
    );
  }
  const lastWeekMonday = addDays(TODAY, -(weekdayOf(TODAY) - 1) - 7);
  assert.ok(
    incidents.some(
      (incident) =>
        incident.line_id === 'B' &&
        incident.incident_date >= lastWeekMonday &&
        incident.incident_date < addDays(lastWeekMonday, 7),
    ),
  );
});

test('production lines A-D with Chinese and English names and distinct products', () => {
  const lines = all<{ line_id: string; name: string; name_en: string; product: string; workshop: string }>(
    'SELECT * FROM production_lines ORDER BY line_id',
  );
  assert.deepEqual(
    lines.map((line) => [line.line_id, line.name, line.name_en]),
    [
      ['A', '产线A', 'Line A'],
      ['B', '产线B', 'Line B'],
      ['C', '产线C', 'Line C'],
      ['D', '产线D', 'Line D'],
    ],
  );
  assert.equal(new Set(lines.map((line) => line.product)).size, 4);
  assert.ok(
    one<{ n: number }>(
      'SELECT count(*) AS n FROM quality_data q JOIN production_lines l USING (line_id) WHERE q.product <> l.product',
    ).n === 0,
  );
});

test('equipment: 20+ items, 5-7 per line, B-PRESS-03 is press 3, mixed statuses, overdue and due-soon maintenance', () => {
  const items = all<{
    equipment_id: string;
    line_id: string;
    name: string;
    name_en: string;
    type: string;
    status: string;
    last_maintenance: string;
    next_maintenance: string;
  }>('SELECT * FROM equipment');
  assert.ok(items.length >= 20);
  for (const line of ['A', 'B', 'C', 'D']) {
    const count = items.filter((item) => item.line_id === line).length;
    assert.ok(count >= 5 && count <= 7, `line ${line}: ${count}`);
  }
  const press = items.find((item) => item.equipment_id === 'B-PRESS-03');
  assert.deepEqual([press?.line_id, press?.name, press?.name_en, press?.type], ['B', '3号冲压机', 'Press 3', 'PRESS']);
  for (const item of items) {
    assert.match(item.equipment_id, new RegExp(`^${item.line_id}-${item.type}-\\d{2}$`));
    assert.ok(item.last_maintenance <= TODAY && item.last_maintenance < item.next_maintenance);
  }
  assert.deepEqual([...new Set(items.map((item) => item.status))].sort(), ['fault', 'idle', 'maintenance', 'running']);
  assert.ok(items.filter((item) => item.next_maintenance < TODAY).length >= 3, 'several overdue');
  assert.ok(
    items.filter((item) => item.next_maintenance >= TODAY && item.next_maintenance <= addDays(TODAY, 7)).length >= 2,
    'some due within 7 days',
  );
  assert.ok(
    one<{ n: number }>(
      'SELECT count(*) AS n FROM equipment e LEFT JOIN equipment_types t USING (type) WHERE t.type IS NULL',
    ).n === 0,
  );
});

test('engineers: one per country at least, real time zones, unique logins', () => {
  const engineers = all<{ login: string; email: string; country_code: string; timezone: string }>(
    'SELECT * FROM engineers',
  );
  assert.ok(engineers.length >= 6);
  for (const country of ['CN', 'US', 'IT', 'IN', 'DE', 'JP'])
    assert.ok(
      engineers.some((engineer) => engineer.country_code === country),
      country,
    );
  for (const engineer of engineers) {
    assert.doesNotThrow(() => assertTimeZone(engineer.timezone));
    assert.match(engineer.email, /^[^@\s]+@[^@\s]+$/);
  }
});

test('rotations: weekly Monday to Monday, round-robin, no gap or overlap, covering the 400 days and the next 8 weeks', () => {
  const rotations = all<{ engineer_id: number; starts_at: string; ends_at: string }>(
    'SELECT * FROM rotations ORDER BY starts_at',
  );
  const engineers = one<{ n: number }>('SELECT count(*) AS n FROM engineers').n;
  assert.ok(rotations[0]!.starts_at <= `${addDays(TODAY, -399)}T00:00:00`);
  assert.ok(rotations.at(-1)!.ends_at >= `${addDays(TODAY, 56)}T00:00:00`);
  rotations.forEach((rotation, index) => {
    assert.match(rotation.starts_at, /^\d{4}-\d{2}-\d{2}T00:00:00$/);
    assert.equal(weekdayOf(rotation.starts_at.slice(0, 10)), 1, 'starts on a Monday');
    assert.equal(rotation.ends_at, `${addDays(rotation.starts_at.slice(0, 10), 7)}T00:00:00`);
    const next = rotations[index + 1];
    if (next) {
      assert.equal(next.starts_at, rotation.ends_at, 'no gap, no overlap');
      assert.equal(next.engineer_id, (rotation.engineer_id % engineers) + 1, 'round robin');
    }
  });
  const now = `${TODAY}T10:00:00`;
  assert.equal(all('SELECT engineer_id FROM rotations WHERE starts_at <= ? AND ends_at > ?', now, now).length, 1);
});

test('work orders: thousands closed with causes and resolutions in both languages, open ones of every priority', () => {
  const closed = one<{ n: number }>("SELECT count(*) AS n FROM work_orders WHERE status = 'closed'").n;
  assert.ok(closed >= 2500, `closed: ${closed}`);
  assert.equal(
    one<{ n: number }>(
      "SELECT count(*) AS n FROM work_orders WHERE status = 'closed' AND (root_cause IS NULL OR " +
        'resolution IS NULL OR closed_at IS NULL OR closed_at <= opened_at)',
    ).n,
    0,
  );
  assert.equal(
    one<{ n: number }>(
      "SELECT count(*) AS n FROM work_orders WHERE status = 'open' AND (root_cause IS NOT NULL OR resolution IS NOT NULL OR closed_at IS NOT NULL)",
    ).n,
    0,
  );
  assert.equal(
    one<{ n: number }>(
      "SELECT count(*) AS n FROM work_orders WHERE status NOT IN ('open', 'closed') OR priority NOT IN ('P0', 'P1', 'P2', 'P3') OR assignee_id IS NULL",
    ).n,
    0,
  );
  assert.equal(
    one<{ n: number }>('SELECT count(*) AS n FROM work_orders WHERE closed_at > ?', `${TODAY}T23:59:59`).n,
    0,
  );
  for (const priority of ['P0', 'P1', 'P2', 'P3']) {
    assert.ok(
      one<{ n: number }>("SELECT count(*) AS n FROM work_orders WHERE status = 'open' AND priority = ?", priority).n >=
        2,
      priority,
    );
  }
  const onCall = one<{ engineer_id: number }>(
    'SELECT engineer_id FROM rotations WHERE starts_at <= ? AND ends_at > ?',
    `${TODAY}T12:00:00`,
    `${TODAY}T12:00:00`,
  ).engineer_id;
  assert.ok(
    one<{ n: number }>(
      "SELECT count(*) AS n FROM work_orders WHERE status = 'open' AND priority = 'P1' AND assignee_id = ?",
      onCall,
    ).n >= 1,
    'the on-call engineer holds P1s',
  );
  const chinese = one<{ n: number }>("SELECT count(*) AS n FROM work_orders WHERE symptom GLOB '*[一-龥]*'").n;
  assert.ok(chinese > 500 && chinese < closed, `Chinese orders: ${chinese}`);
  const causes = all<{ root_cause: string; n: number }>(
    "SELECT root_cause, count(*) AS n FROM work_orders WHERE status = 'closed' AND (symptom LIKE " +
      "'%振动%' OR symptom LIKE '%vibration%') GROUP BY 1 ORDER BY 2 DESC",
  );
  assert.ok(causes.length >= 6, 'several causes of press vibration, in both languages');
  assert.ok(causes[0]!.n > causes.at(-1)!.n * 2, 'causes differ in frequency');
  assert.ok(
    one<{ n: number }>("SELECT count(*) AS n FROM work_orders WHERE equipment_id = 'B-PRESS-03' AND status = 'open'")
      .n >= 1,
  );
  assert.equal(
    one<{ n: number }>(
      'SELECT count(*) AS n FROM work_orders w LEFT JOIN equipment e USING (equipment_id) WHERE ' +
        'w.equipment_id IS NOT NULL AND (e.equipment_id IS NULL OR e.line_id <> w.line_id)',
    ).n,
    0,
  );
});

test('seed_info records how the plant was made', () => {
  const info = Object.fromEntries(
    all<{ key: string; value: string }>('SELECT key, value FROM seed_info').map((row) => [row.key, row.value]),
  );
  assert.deepEqual(
    [info.seed, info.today, info.rows, info.window_start],
    ['7', TODAY, String(ROWS), addDays(TODAY, -399)],
  );
});

test('an existing database is refused without force and replaced with it', () => {
  const file = path.join(dir, 'existing.db');
  writeFileSync(file, 'not replaced');
  assert.throws(
    () => seedPlant({ db: file, rows: 100, today: TODAY }),
    (error: unknown) =>
      error instanceof AppError && error.code === 'ALREADY_EXISTS' && /--force/.test(error.hint ?? ''),
  );
  assert.equal(readFileSync(file, 'utf8'), 'not replaced');
  const summary = seedPlant({ db: file, rows: 100, today: TODAY, force: true });
  assert.equal(summary.tables.quality_data, 100);
  assert.equal(statSync(file).size, summary.bytes);
});

test('bad options get a clear USAGE error with a hint, and nothing is written', () => {
  const target = path.join(dir, 'never.db');
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ rows: 0 }, /rows/],
    [{ rows: 50_000_001 }, /rows/],
    [{ rows: 1.5 }, /rows/],
    [{ rows: Number.NaN }, /rows/],
    [{ seed: 1.5 }, /seed/],
    [{ today: '2026-13-01' }, /calendar date/],
    [{ today: '2026-02-30' }, /calendar date/],
    [{ today: 'tomorrow' }, /YYYY-MM-DD/],
    [{ timezone: 'Mars/Olympus' }, /time zone/],
    [{ db: '' }, /database path/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => seedPlant({ db: target, today: TODAY, ...options } as Parameters<typeof seedPlant>[0]),
      (error: unknown) =>
        error instanceof AppError &&
        error.code === 'USAGE' &&
        message.test(error.message) &&
        (error.hint ?? '').length > 0,
      JSON.stringify(options),
    );
  }
  assert.equal(existsSync(target), false);
});

test('today defaults to the plant-local date of now()', () => {
  setFixedNow('2026-11-25T17:30:00Z', 'UTC'); // 01:30 on the 26th in Shanghai
  try {
    const summary = seedPlant({ db: path.join(dir, 'now.db'), rows: 50 });
    assert.equal(summary.today, '2026-11-26');
    const berlin = seedPlant({ db: path.join(dir, 'now-berlin.db'), rows: 50, timezone: 'Europe/Berlin' });
    assert.equal(berlin.today, '2026-11-25');
  } finally {
    setFixedNow(undefined, 'UTC');
  }
});
