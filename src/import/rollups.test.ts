import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../store/sqlite.js';
import { archiveQuality } from './archive.js';
import { importFile, recoverInterruptedImport, type ImportOptions } from './importer.js';
import { formatReport } from './report.js';
import { checkRollups, rebuildRollups } from './rollups.js';
import { QUALITY_HEADER, query, testPlants } from './test-plant.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const plants = testPlants('rollups', 3000);
let files = 0;

/**
 * What each rollup must hold, written here by hand from quality_data (not from src/plant/rollups.ts): the
 * rollup's rows and the raw rows' GROUP BY, both as arrays in the same order.
 */
const ORACLE: Record<string, { stored: string; raw: string }> = {
  quality_daily: {
    stored:
      'SELECT record_date, line_id, shift, product, batches, inspected_qty, defect_qty FROM quality_daily ' +
      'ORDER BY record_date, line_id, shift, product',
    raw:
      'SELECT record_date, line_id, shift, product, count(*), total(inspected_qty), total(defect_qty) ' +
      'FROM quality_data GROUP BY record_date, line_id, shift, product ORDER BY record_date, line_id, shift, product',
  },
  quality_daily_inspectors: {
    stored:
      'SELECT record_date, line_id, shift, product, inspector, batches, inspected_qty, defect_qty FROM ' +
      'quality_daily_inspectors ORDER BY record_date, line_id, shift, product, inspector',
    raw:
      'SELECT record_date, line_id, shift, product, inspector, count(*), total(inspected_qty), total(defect_qty) ' +
      'FROM quality_data GROUP BY record_date, line_id, shift, product, inspector ' +
      'ORDER BY record_date, line_id, shift, product, inspector',
  },
  quality_daily_defects: {
    stored:
      'SELECT record_date, line_id, shift, defect_type, batches, defect_qty FROM quality_daily_defects ' +
      'ORDER BY record_date, line_id, shift, defect_type',
    raw:
      'SELECT record_date, line_id, shift, defect_type, count(*), total(defect_qty) FROM quality_data ' +
      'WHERE defect_qty > 0 GROUP BY record_date, line_id, shift, defect_type ' +
      'ORDER BY record_date, line_id, shift, defect_type',
  },
};

/** Every rollup equals the raw rows' sums, row for row (numbers compared as numbers). */
function assertRollupsExact(db: string, when: string): void {
  const handle = openSqlite(db, { readonly: true });
  try {
    for (const [name, { stored, raw }] of Object.entries(ORACLE)) {
      const rows = (sql: string) =>
        (handle.prepare(sql).raw(true).all() as unknown[][]).map((row) =>
          row.map((value) => (typeof value === 'bigint' ? Number(value) : value)),
        );
      const expected = rows(raw);
      assert.ok(expected.length > 0, `${when}: quality_data has rows`);
      assert.deepEqual(rows(stored), expected, `${when}: ${name} equals the raw rows' sums`);
    }
  } finally {
    handle.close();
  }
}

/** a CSV of quality rows (contract headers) in the test's folder */
function csv(rows: string[]): string {
  const file = path.join(plants.dir, `rows-${++files}.csv`);
  writeFileSync(file, `${QUALITY_HEADER}\n${rows.join('\n')}\n`);
  return file;
}

function run(options: Omit<ImportOptions, 'importedAt' | 'table'>) {
  return importFile({ importedAt: '2026-11-30T06:00:00', table: 'quality_data', ...options });
}

/** one existing batch of the seeded plant on a date: its batch_no, line and shift */
function batchOn(db: string, date: string) {
  return query<{ batch_no: string; line_id: string; shift: string; product: string; defect_qty: number }>(
    db,
    'SELECT batch_no, line_id, shift, product, defect_qty FROM quality_data WHERE record_date = ? ORDER BY batch_no LIMIT 1',
    date,
  )[0]!;
}

test('seed: the rollups equal the raw rows; checkRollups agrees', () => {
  assertRollupsExact(plants.pristine, 'seeded');
  const handle = openSqlite(plants.pristine, { readonly: true });
  try {
    const check = checkRollups(handle);
    assert.equal(check.ok, true, JSON.stringify(check));
    assert.deepEqual(
      check.rollups.map((rollup) => rollup.differing),
      [0, 0, 0],
    );
  } finally {
    handle.close();
  }
});

test('append: new rows on new and on existing days add their sums (nothing read back), exact', async () => {
  const db = plants.fresh();
  const report = await run({
    db,
    file: csv([
      // a day the plant has, a shift and an inspector it has there, and a defect type NULL with defects
      'A,2026-11-28,day,A20261128X001,车门铰链 HG-220,500,7,burr,张伟,2026-11-28T10:00:00',
      'A,2026-11-28,day,A20261128X002,车门铰链 HG-220,400,3,,新人,2026-11-28T11:00:00',
      // a day after the seeded window
      'B,2026-11-30,night,B20261130X001,冲压支架 BR-310,320,0,,赵磊,2026-11-30T21:00:00',
      'B,2026-11-30,night,B20261130X002,冲压支架 BR-310,320,9,crack,赵磊,2026-11-30T22:00:00',
    ]),
  });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.inserted, 4);
  assert.equal(report.rollups?.how, 'added');
  assert.equal(report.rollups?.days, 2);
  assertRollupsExact(db, 'after an append');
  const nullType = query<{ n: number }>(
    db,
    "SELECT defect_qty AS n FROM quality_daily_defects WHERE record_date = '2026-11-28' AND line_id = 'A' AND " +
      "shift = 'day' AND defect_type IS NULL",
  );
  assert.deepEqual(nullType, [{ n: 3 }], 'defects without a type are a NULL defect_type row');
});

test('a corrected batch re-imported (same batch_no, other day, line, counts, type): both days recomputed, exact', async () => {
  const db = plants.fresh();
  const original = batchOn(db, '2026-11-20');
  const second = query<{ batch_no: string; line_id: string; shift: string; product: string }>(
    db,
    "SELECT batch_no, line_id, shift, product FROM quality_data WHERE record_date = '2026-11-20' AND batch_no <> ? LIMIT 1",
    original.batch_no,
  )[0]!;
  const report = await run({
    db,
    file: csv([
      // moved to another day and line, with other counts and another defect type
      `C,2026-11-21,${original.shift},${original.batch_no},精密轴套 BS-100,901,${original.defect_qty + 5},dimension,周杰,2026-11-21T09:00:00`,
      // a second batch of the same day corrected in place (two updates touch one day)
      `${second.line_id},2026-11-20,${second.shift},${second.batch_no},${second.product},333,3,burr,张伟,2026-11-20T10:00:00`,
    ]),
  });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.updated, 2);
  assert.equal(report.rollups?.how, 'recomputed');
  assert.equal(report.rollups?.days, 2, 'the old day and the new day');
  assertRollupsExact(db, 'after a corrected batch');
});

test('--replace-range: a re-export of three days drops the rows it lacks, a day without rows too, exact', async () => {
  const db = plants.fresh();
  const kept = batchOn(db, '2026-11-24');
  const lineRows = (date: string): number =>
    query<{ n: number }>(
      db,
      'SELECT count(*) AS n FROM quality_data WHERE record_date = ? AND line_id = ?',
      date,
      kept.line_id,
    )[0]!.n;
  const before = lineRows('2026-11-24') + lineRows('2026-11-25') + lineRows('2026-11-26');
  assert.ok(lineRows('2026-11-25') > 0, 'the middle day has batches on the line');
  // the export covers 24th to 26th for the line, and has no row at all on the 25th
  const report = await run({
    db,
    replaceRange: true,
    file: csv([
      `${kept.line_id},2026-11-24,${kept.shift},${kept.batch_no},${kept.product},100,1,burr,张伟,2026-11-24T09:00:00`,
      `${kept.line_id},2026-11-26,day,${kept.line_id}20261126Z01,${kept.product},100,0,,张伟,2026-11-26T09:00:00`,
    ]),
  });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.replaced, before - 1);
  assert.equal(report.rollups?.how, 'recomputed');
  assert.equal(report.rollups?.days, 3);
  assertRollupsExact(db, 'after --replace-range');
  assert.deepEqual(
    query(db, "SELECT line_id FROM quality_daily WHERE record_date = '2026-11-25' AND line_id = ?", kept.line_id),
    [],
    'the day the export has no row for is gone from the rollup too',
  );
});

test('a bulk file larger than the table (indexes dropped, keys merged at the end): exact', async () => {
  const db = plants.fresh();
  const existing = batchOn(db, '2026-11-10');
  const rows: string[] = [];
  for (let index = 0; index < 4000; index++) {
    const day = String(1 + (index % 9)).padStart(2, '0');
    rows.push(
      `D,2026-12-${day},day,D202612${day}Y${index % 3900},电机壳体 MH-50,150,${index % 4},porosity,马超,2026-12-${day}T09:00:00`,
    );
  }
  // a key of the table, and keys the file repeats (the last row of a key wins)
  rows.push(`A,2026-12-01,night,${existing.batch_no},车门铰链 HG-220,480,2,burr,王芳,2026-12-01T21:00:00`);
  const report = await run({ db, file: csv(rows), bulkRows: 1000 });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.rollups?.how, 'recomputed', 'merged keys: the days are summed again');
  assertRollupsExact(db, 'after a bulk import with merged keys');
  // and a bulk file of new rows only: the sums are added
  const fresh = plants.fresh();
  const appended = await run({ db: fresh, file: csv(rows.slice(0, 3900)), bulkRows: 1000 });
  assert.equal(appended.rollups?.how, 'added', formatReport(appended));
  assertRollupsExact(fresh, 'after a bulk append');
});

test('with a reject file: the rows written count, the rejected ones do not', async () => {
  const db = plants.fresh();
  const report = await run({
    db,
    rejectFile: path.join(plants.dir, 'rejected.csv'),
    file: csv([
      'A,2026-11-30,day,A20261130R001,车门铰链 HG-220,480,5,burr,张伟,2026-11-30T09:00:00',
      'A,2026-11-30,day,A20261130R002,车门铰链 HG-220,480,900,burr,张伟,2026-11-30T09:30:00',
      'Z,2026-11-30,day,Z20261130R003,车门铰链 HG-220,480,1,burr,张伟,2026-11-30T10:00:00',
    ]),
  });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.rejected, 2);
  assertRollupsExact(db, 'after an import with rejected rows');
});

test('a dry run and a rejected file leave the rollups as they were', async () => {
  const db = plants.fresh();
  const before = query(db, ORACLE.quality_daily!.stored);
  const file = csv(['A,2026-11-30,day,A20261130Q001,车门铰链 HG-220,480,5,burr,张伟,2026-11-30T09:00:00']);
  assert.equal((await run({ db, file, dryRun: true })).status, 'dry-run');
  const bad = csv(['A,2026-11-30,day,A20261130Q002,车门铰链 HG-220,480,900,burr,张伟,2026-11-30T09:00:00']);
  assert.equal((await run({ db, file: bad })).status, 'rejected');
  assert.deepEqual(query(db, ORACLE.quality_daily!.stored), before);
});

test('archive: the days moved leave the rollups, exact', () => {
  const db = plants.fresh();
  const report = archiveQuality({ db, olderThanDays: 200, today: '2026-11-29' });
  assert.ok(report.moved > 0);
  assertRollupsExact(db, 'after archiving');
  const oldest = query<{ d: string }>(db, 'SELECT min(record_date) AS d FROM quality_daily')[0]!.d;
  assert.ok(oldest >= report.before, `${oldest} ≥ ${report.before}`);
});

test('a database without rollups: the first import creates and sums them whole', async () => {
  const db = plants.fresh();
  const handle = openSqlite(db);
  handle.exec('DROP TABLE quality_daily; DROP TABLE quality_daily_inspectors; DROP TABLE quality_daily_defects');
  handle.close();
  const report = await run({
    db,
    file: csv(['A,2026-11-30,day,A20261130N001,车门铰链 HG-220,480,5,burr,张伟,2026-11-30T09:00:00']),
  });
  assert.equal(report.rollups?.how, 'rebuilt', formatReport(report));
  assertRollupsExact(db, 'after the first import into a database without rollups');
});

test('checkRollups names the rows and days that differ; rebuildRollups makes them exact again', () => {
  const db = plants.fresh();
  const handle = openSqlite(db);
  try {
    handle.exec(
      "UPDATE quality_daily SET defect_qty = defect_qty + 1 WHERE record_date = '2026-11-02' AND line_id = 'B'",
    );
    handle.exec("DELETE FROM quality_daily_defects WHERE record_date = '2026-10-15'");
    const check = checkRollups(handle);
    assert.equal(check.ok, false);
    assert.deepEqual(check.dates, ['2026-10-15', '2026-11-02']);
    const daily = check.rollups.find((rollup) => rollup.name === 'quality_daily')!;
    assert.ok(daily.differing >= 2, 'the stored row and the row the raw rows give');
    assert.ok(
      check.examples.some((example) => example.side === 'rollup' && example.row.line_id === 'B'),
      JSON.stringify(check.examples),
    );
    rebuildRollups(handle);
    assert.equal(checkRollups(handle).ok, true);
  } finally {
    handle.close();
  }
  assertRollupsExact(db, 'after a rebuild');
});

test('kill -9 after the rollups were written, before the commit: rows and rollups as they were, exact', () => {
  const db = plants.fresh();
  const before = query(db, ORACLE.quality_daily_defects!.stored);
  const existing = batchOn(db, '2026-11-27');
  const rows: string[] = [
    `B,2026-11-26,day,${existing.batch_no},冲压支架 BR-310,320,40,crack,陈晨,2026-11-26T09:00:00`,
  ];
  for (let index = 0; index < 2000; index++)
    rows.push(
      `C,2026-11-2${index % 8},night,C2026112KX${index},精密轴套 BS-100,900,${index % 3},dimension,徐强,2026-11-2${index % 8}T21:00:00`,
    );
  const file = csv(rows);
  for (const step of ['rows', 'rollups']) {
    const script = path.join(plants.dir, `kill-${step}.ts`);
    writeFileSync(
      script,
      `import { importFile } from ${JSON.stringify(path.join(here, 'importer.ts'))};\n` +
        `void importFile({ db: ${JSON.stringify(db)}, table: 'quality_data', file: ${JSON.stringify(file)}, ` +
        `importedAt: '2026-11-30T06:00:00', afterStep: (at) => { if (at === ${JSON.stringify(step)}) ` +
        `process.kill(process.pid, 'SIGKILL'); } });\n`,
    );
    // a tiny page cache: changed pages reach plant.db before the kill
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: path.join(here, '..', '..'),
      env: { ...process.env, AIRGAP_AGENT_IMPORT_CACHE_KIB: '64', AIRGAP_AGENT_IMPORT_READER: 'inline' },
      encoding: 'utf8',
    });
    assert.equal(child.signal, 'SIGKILL', child.stderr);
    assert.ok(existsSync(`${db}-journal`), `killed after the ${step}: a journal is left`);
    assert.equal(recoverInterruptedImport(db), true);
    assert.deepEqual(query(db, ORACLE.quality_daily_defects!.stored), before, `killed after the ${step}`);
    assertRollupsExact(db, `killed after the ${step}, rolled back`);
  }
});
