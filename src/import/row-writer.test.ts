import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importFile, type ImportReport } from './importer.js';
import { ROWS_PER_STATEMENT } from './row-writer.js';

import { QUALITY_HEADER as HEADER, query, testPlants } from './test-plant.js';
const plants = testPlants('row-writer', 600);
const freshDb = (): string => plants.fresh();

/**
 * What an import leaves: every row in record_id order, the record_ids of the rows the table had
 * before, the indexes, the integrity check. (A bulk write numbers a repeated key's extra rows before
 * it merges them, so the new rows' record_ids may have gaps: the numbers are not compared.)
 */
function contents(db: string, had: number): unknown {
  return {
    rows: query(db, 'SELECT * FROM quality_data ORDER BY record_id').map((row) => {
      const { record_id: id, ...rest } = row as { record_id: number };
      return id <= had ? { record_id: id, ...rest } : rest;
    }),
    indexes: query(
      db,
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'quality_data' ORDER BY name",
    ),
    integrity: query(db, 'PRAGMA integrity_check'),
  };
}

const figures = (report: ImportReport): unknown => {
  const { status, rows, written, inserted, updated, rejected, firstDate, lastDate, days, lines, dataUpTo } = report;
  return { status, rows, written, inserted, updated, rejected, firstDate, lastDate, days, lines, dataUpTo };
};

test('a file written without its indexes (bulk) ends exactly as one written row by row with upserts', async () => {
  const bulkDb = freshDb();
  const rowDb = freshDb();
  const existing = query<{ batch_no: string; line_id: string; record_date: string }>(
    bulkDb,
    'SELECT batch_no, line_id, record_date FROM quality_data ORDER BY record_id LIMIT 50',
  );
  assert.equal(existing.length, 50);
  const lines = [HEADER];
  for (let index = 0; index < 2000; index++) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    // a batch repeated three times in the file (the last figures win), and batches the table has already
    const batch =
      index % 97 === 5 ? `DUP${index % 3}` : index % 41 === 0 ? existing[index % 50]!.batch_no : `N${index}`;
    const defects = index % 7;
    lines.push(
      `${'ABCD'[index % 4]},2027-02-${day},${index % 2 ? 'night' : 'day'},${batch},铰链,${300 + index},${defects},` +
        `${defects ? 'burr' : ''},张伟,2027-02-${day} 09:${String(index % 60).padStart(2, '0')}`,
    );
  }
  const file = path.join(plants.dir, 'bulk.csv');
  writeFileSync(file, lines.join('\n'));
  const common = { table: 'quality_data', file, importedAt: '2027-03-01T06:00:00' };
  const bulk = await importFile({ ...common, db: bulkDb, bulkRows: 1 });
  const byRow = await importFile({ ...common, db: rowDb, bulkRows: Number.MAX_SAFE_INTEGER });
  assert.equal(bulk.status, 'imported', JSON.stringify(bulk.problems));
  assert.deepEqual(figures(bulk), figures(byRow));
  assert.ok(bulk.updated > 40, `rows that the table had or that the file repeats were updated (${bulk.updated})`);
  const had = query<{ id: number }>(plants.pristine, 'SELECT max(record_id) AS id FROM quality_data')[0]!.id;
  const after = contents(bulkDb, had);
  assert.deepEqual(after, contents(rowDb, had));
  assert.deepEqual((after as { integrity: unknown }).integrity, [{ integrity_check: 'ok' }]);
  const dup = query<{ n: number; inspected_qty: number }>(
    bulkDb,
    "SELECT count(*) AS n, inspected_qty FROM quality_data WHERE batch_no = 'DUP1'",
  );
  const last = lines.filter((line) => line.includes(',DUP1,')).at(-1)!;
  assert.deepEqual(dup, [{ n: 1, inspected_qty: Number(last.split(',')[5]) }]);
});

test('a row the database refuses inside a multi-row statement is reported alone, the rows around it are written', async () => {
  const db = freshDb();
  const [taken] = query<{ record_id: number }>(db, 'SELECT max(record_id) AS record_id FROM quality_data');
  const lines = [`record_id,${HEADER}`];
  const rows = ROWS_PER_STATEMENT * 3 + 5;
  for (let index = 0; index < rows; index++) {
    // row 40 of the file (index 38) takes a record_id that another batch has
    const id = index === 38 ? taken!.record_id : 1_000_000 + index;
    lines.push(`${id},A,2027-02-01,day,R${index},铰链,480,0,,张伟,2027-02-01 09:00`);
  }
  const file = path.join(plants.dir, 'refused.csv');
  const rejectFile = path.join(plants.dir, 'refused.rejects.csv');
  writeFileSync(file, lines.join('\n'));
  const report = await importFile({ db, table: 'quality_data', file, rejectFile, importedAt: '2027-03-01T06:00:00' });
  assert.equal(report.status, 'imported', JSON.stringify(report.problems));
  assert.deepEqual([report.written, report.rejected, report.inserted], [rows - 1, 1, rows - 1]);
  assert.equal(report.problems.length, 1);
  assert.equal(report.problems[0]!.row, 40);
  assert.equal(report.problems[0]!.value, 'R38');
  assert.match(report.problems[0]!.rule, /the database refused the row: .*UNIQUE/);
  // the refused row is in the reject file with its cells and the reason
  const rejects = readFileSync(rejectFile, 'utf8').trim().split('\r\n');
  assert.equal(rejects.length, 2);
  assert.match(rejects[1]!, new RegExp(`^40,${taken!.record_id},A,2027-02-01,day,R38,.*the database refused the row`));
  const written = query<{ n: number }>(db, "SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE 'R%'");
  assert.deepEqual(written, [{ n: rows - 1 }]);
  // without a reject file the same file is refused whole
  const strictDb = freshDb();
  const strict = await importFile({ db: strictDb, table: 'quality_data', file, importedAt: '2027-03-01T06:00:00' });
  assert.equal(strict.status, 'rejected');
  assert.deepEqual(query(strictDb, "SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE 'R%'"), [{ n: 0 }]);
});
