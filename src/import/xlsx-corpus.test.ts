/**
 * Workbooks that Excel and LibreOffice saved (fixtures/xlsx/SOURCES.md: calamine's test files, MIT),
 * read through readSource against calamine's own expectations for them (its tests/test.rs). Each case
 * failed before the mends in xlsx-workbook.ts: the wrong sheet, dates 4 years early, "_x000D_" in text,
 * "[object Object]" for a formula error, ISO dates as 1905, prefixed elements as nothing, a part lost,
 * Chinese text garbled at a chunk's edge.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSource, type SourceMapping } from './source.js';
import { importFile } from './importer.js';
import { fixedXml } from './xlsx-workbook.js';
import { seedTestPlant } from '../seed/testing.js';
import type { Cell } from './values.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'xlsx');

async function read(name: string, sheet?: string | number): Promise<{ header: string[]; rows: Cell[][] }> {
  return readFile(path.join(FIXTURES, name), sheet);
}

async function readFile(file: string, sheet?: string | number): Promise<{ header: string[]; rows: Cell[][] }> {
  const mapping = { encoding: 'auto', delimiter: 'auto', headerRow: 1, sheet } as SourceMapping;
  let header: string[] = [];
  const rows: Cell[][] = [];
  await readSource(file, mapping, {
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

test('ISO 8601 date cells (t="d", written by openpyxl) are read as their dates, not as 1905', async () => {
  // calamine date_xlsx_iso: A1 2021-01-01, A2 2021-01-01T10:10:10, A3 10:10:10 (DateTimeIso)
  const { header, rows } = await read('date_iso.xlsx');
  assert.deepEqual([header[0], rows[0]![0], rows[1]![0]], ['2021-01-01', '2021-01-01T10:10:10', '10:10:10']);
});

test('elements with a namespace prefix (<x:c>, <x:si>: Excel 14) are read, inline and shared strings', async () => {
  // calamine xlsx_richtext_namespaced: A1 the inline string, H1 the shared string
  const { header } = await read('richtext-namespaced.xlsx');
  assert.deepEqual(
    [header[0], header[7]],
    ['inline string\nLine 2\nLine 3', 'shared string\nLine 2\nLine 3'],
    'read as empty before: exceljs knows <c>, not <x:c>',
  );
});

test('text in CDATA sections is read (inline strings)', async () => {
  // calamine test_xlsx_inline_str_cdata: A1 "Hello CDATA", B1 "World", A2 "12345", B2 "NormalText"
  const { header, rows } = await read('inlineStr_cdata.xlsx');
  assert.deepEqual([header, rows], [['Hello CDATA', 'World'], [['12345', 'NormalText']]]);
});

test('fixedXml gives the same text wherever a part is cut into chunks', async () => {
  const xml =
    '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<x:c r="A1" t="d"><x:v>2021-01-01</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t><![CDATA[a<b&张]]></x:t>' +
    '</x:is></x:c><x:c r="C1"><x:v>1</x:v></x:c></x:worksheet>';
  const expected =
    '<?xml version="1.0"?><worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<c r="A1" t="str"><v>2021-01-01</v></c><c r="B1" t="inlineStr"><is><t>a&lt;b&amp;张</t>' +
    '</is></c><c r="C1"><v>1</v></c></worksheet>';
  const bytes = Buffer.from(xml);
  for (let cut = 0; cut <= bytes.length; cut++) {
    let text = '';
    for await (const chunk of fixedXml([bytes.subarray(0, cut), bytes.subarray(cut)], { isoDates: true }))
      text += chunk;
    assert.equal(text, expected, `cut after byte ${cut}`);
  }
});

test('every part of the workbook is read, every time (exceljs lost one now and then: its #683)', async () => {
  // the shared strings of richtext-namespaced.xlsx come after its sheets; a lost part read H1 as
  // "[object Object]": 6 reads in 100 through exceljs's own parse here, none through readParts
  for (let attempt = 0; attempt < 100; attempt++) {
    const { header } = await read('richtext-namespaced.xlsx');
    assert.equal(header[7], 'shared string\nLine 2\nLine 3', `read ${attempt + 1} of 100`);
  }
});

test('Chinese text is read whole where its bytes straddle two chunks of a part (a workbook exceljs wrote)', async () => {
  // exceljs decoded each 16 KiB chunk of the zip on its own: about one cell in a thousand came out with
  // U+FFFD in place of a character (its issues #2063, #2084, #2316)
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet('质量数据');
  const words = ['毛刺', '裂纹', '尺寸超差', '气孔', '划伤', '张伟', '李娜', '王芳', '产品 HG-220', '白班', '夜班'];
  const expected: string[] = [];
  sheet.addRow(['序号', '说明']);
  for (let index = 0; index < 20_000; index++) {
    expected.push(`${words[index % words.length]}${index}号批次说明`);
    sheet.addRow([index, expected[index]]);
  }
  const file = path.join(dir, 'chinese.xlsx');
  await workbook.xlsx.writeFile(file);
  const { header, rows } = await readFile(file);
  assert.deepEqual(header, ['序号', '说明']);
  assert.equal(rows.length, expected.length);
  const garbled = rows.filter((cells, index) => cells[1] !== expected[index]);
  assert.deepEqual(garbled.slice(0, 3), [], `${garbled.length} rows differ`);
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
