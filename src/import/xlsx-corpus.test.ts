/**
 * Workbooks that Excel and LibreOffice saved (fixtures/xlsx/SOURCES.md: calamine's test files, MIT),
 * read through readSource against calamine's own expectations for them (its tests/test.rs). Each case
 * failed before the mends in xlsx-workbook.ts: the wrong sheet, dates 4 years early, "_x000D_" in text,
 * "[object Object]" for a formula error.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSource, type SourceMapping } from './source.js';
import { importFile } from './importer.js';
import { seedTestPlant } from '../seed/testing.js';
import type { Cell } from './values.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'xlsx');

async function read(name: string, sheet?: string | number): Promise<{ header: string[]; rows: Cell[][] }> {
  const mapping = { encoding: 'auto', delimiter: 'auto', headerRow: 1, sheet } as SourceMapping;
  let header: string[] = [];
  const rows: Cell[][] = [];
  await readSource(path.join(FIXTURES, name), mapping, {
    header: (cells) => ((header = cells), true),
    rows: (batch) => {
      for (const row of batch) rows.push(row.cells);
      return true;
    },
  });
  return { header, rows };
}

const day = (cell: Cell | string | undefined) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);

let dir: string;
before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'xlsx-corpus-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

test('dates: LibreOffice in the 1900 system and in the 1904 system (date1904="true") give the same day', async () => {
  // calamine date_xlsx / date_xlsx_1904: A1 is 2021-01-01 in both (serials 44197 and 42735)
  const plain = await read('date.xlsx');
  const mac = await read('date_1904.xlsx');
  // the first row is the header row here: its cell is a Date, as text
  assert.match(plain.header[0]!, /Jan 01 2021/);
  assert.match(mac.header[0]!, /Jan 01 2021/, `1904 system read as 1900: ${mac.header[0]}`);
  assert.equal(day(plain.rows[0]![0]), '2021-01-02');
  assert.equal(day(mac.rows[0]![0]), '2021-01-02');
});

test('sheets: the first visible worksheet in tab order, not in zip order; names, hidden sheets and charts', async () => {
  // calamine any_sheets_xlsx: Visible, Hidden (hidden), VeryHidden (very hidden), Chart (chart sheet)
  const first = await read('any_sheets.xlsx');
  assert.deepEqual(first.header, ['1', '2'], 'the sheet named Visible, not VeryHidden (first in the zip)');
  const hidden = await read('any_sheets.xlsx', 'Hidden');
  assert.deepEqual(hidden.rows, [], 'a hidden sheet is read by its name');
  await assert.rejects(read('any_sheets.xlsx', 2), (error: Error & { hint?: string }) => {
    assert.match(error.message, /has no sheet 2/);
    assert.match(error.hint ?? '', /Visible, Hidden \(hidden\), VeryHidden \(hidden\), Chart \(chart\)/);
    return true;
  });
  // errors.xlsx (Excel 12): Feuil1 is the first tab and the third worksheet in the zip
  const errors = await read('errors.xlsx');
  assert.equal(errors.rows.length + 1, 7, 'Feuil1: seven cells in column A');
});

test('formula errors (#DIV/0!, #NAME?, #VALUE!, #NULL!, #REF!, #NUM!, #N/A) are read as #ERROR, not as text', async () => {
  // calamine error_file: Feuil1 A1:A7 are Error(Div0), Error(Name) … Error(NA)
  const { header, rows } = await read('errors.xlsx');
  assert.deepEqual([header[0], ...rows.map((cells) => cells[0])], Array(7).fill('#ERROR'));
});

test("Excel's _x000D_ escapes are undone in shared and inline strings", async () => {
  // calamine unescape_excel_xml: "ABC\r\nDEF" in both files
  assert.deepEqual((await read('has_x000D_.xlsx')).header, ['ABC\r\nDEF']);
  assert.deepEqual((await read('has_x000D_inline.xlsx')).header, ['ABC\r\nDEF']);
});

test('a table of text and decimals (Excel 16)', async () => {
  // calamine table: label/value, celsius 22.2222, fahrenheit 72
  const { header, rows } = await read('temperature-table.xlsx');
  assert.deepEqual(header, ['label', 'value']);
  assert.deepEqual(rows, [
    ['celsius', 22.2222],
    ['fahrenheit', 72],
  ]);
});

test('the importer refuses an Excel error in any column, text columns too (CSV saved from Excel, or #ERROR)', async () => {
  const { db } = seedTestPlant({ dir, rows: 200, docs: false });
  const file = path.join(dir, 'quality_data-errors.csv');
  writeFileSync(
    file,
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at\n' +
      'A,2026-11-30,day,A20261130E001,铰链,480,#DIV/0!,burr,张伟,2026-11-30 09:00\n' +
      'A,2026-11-30,day,A20261130E002,铰链,480,3,burr,#N/A,2026-11-30 10:00\n' +
      'A,2026-11-30,day,A20261130E003,铰链,480,3,burr,#ERROR,2026-11-30 11:00\n',
  );
  const report = await importFile({ db, table: 'quality_data', file, importedAt: '2026-11-30T12:00:00' });
  assert.equal(report.status, 'rejected');
  assert.deepEqual(
    report.problems.map((problem) => [problem.row, problem.field, problem.value, problem.rule]),
    [
      [2, 'defect_qty', '#DIV/0!', 'a value, not an Excel error'],
      [3, 'inspector', '#N/A', 'a value, not an Excel error'],
      [4, 'inspector', '#ERROR', 'a value, not an Excel error'],
    ],
  );
  assert.match(report.problems[0]!.fix, /correct the formula, or paste the values/);
});
