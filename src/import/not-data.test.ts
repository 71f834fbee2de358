import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import { parse as parseYaml } from 'yaml';
import { AppError } from '../errors.js';
import { importFile, type ImportReport } from './importer.js';
import { parseMapping } from './mapping.js';
import { bindSkipRules, compileSkipRules, notDataRow } from './not-data.js';
import { formatReport } from './report.js';
import { query, testPlants, withReader } from './test-plant.js';

const plants = testPlants('not-data', 2000);
const freshDb = (): string => plants.fresh();

function batches(db: string, like: string): string[] {
  return query<{ batch_no: string }>(
    db,
    'SELECT batch_no FROM quality_data WHERE batch_no LIKE ? ORDER BY batch_no',
    like,
  ).map((row) => row.batch_no);
}

/** a UTF-8 CSV of these lines in the test folder */
function csvFile(name: string, lines: string[]): string {
  const file = path.join(plants.dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** import FILE into quality_data of DB with a mapping given as YAML */
function importQuality(db: string, file: string, mapping: string): Promise<ImportReport> {
  return importFile({
    db,
    table: 'quality_data',
    file,
    mapping: parseMapping(mapping, 'mes.yaml'),
    importedAt: '2026-12-01T06:00:00',
  });
}

const MAPPING = `
table: quality_data
columns:
  产线: { to: line_id, map: { A线: A, B线: B } }
  生产日期: { to: record_date, format: 'YYYY/M/D' }
  班次: { to: shift, map: { 白班: day, 夜班: night } }
  批次号: batch_no
  检验数量: inspected_qty
  不良数量: defect_qty
  不良类型: { to: defect_type, map: { 毛刺: burr, 无: null } }
  检验员: inspector
`;
const HEADER = '产线,生产日期,班次,批次号,检验数量,不良数量,不良类型,检验员';

test('a total, a subtotal, a note and a page footer are told from data; a bad data row is not', () => {
  const width = 8;
  const row = (...cells: Array<string | number | null>): Array<string | number | null> => [
    ...cells,
    ...Array.from({ length: width - cells.length }, () => ''),
  ];
  const cases: Array<[string, Array<string | number | null>, string | undefined]> = [
    ['合计', row('合计', '', '', '', '3,100', 15), 'a total row'],
    ['合 计 with spaces, a full-width space', row('合\u3000 计', '', '', '', 3100, 15), 'a total row'],
    ['a line subtotal', row('A线小计', '', '', '', 2300, 15), 'a total row'],
    ['总计: with a colon', row('总计：', '', '', '', 3100), 'a total row'],
    ['Total', row('Total', null, null, null, 3100, 15), 'a total row'],
    ['Grand total', row('Grand total', '', '', '', 3100, 15), 'a total row'],
    ['a sum in a later column', row('', '', '', '合计', 3100, 15), 'a total row'],
    ['a signature line', row('制表人：王芳', '', '', '', '', '', '', '审核：李强'), 'a note'],
    ['a note in English', row('Prepared by: QA'), 'a note'],
    ['a page footer', row('第 1 页 共 3 页'), 'a page footer'],
    ['a data row with a bad line', row('Z线', '2026/11/26', '白班', 'B1', 1200, 12, '毛刺', '张伟'), undefined],
    ['a data row missing its line', row('', '2026/11/26', '白班', 'B1', 1200, 12, '毛刺', '张伟'), undefined],
    [
      'a label with a time in a full row',
      row('备注：停机', '2026/11/26', '白班', 'B1', 1200, 12, '', '张伟'),
      undefined,
    ],
    ['a time is not a label', row('9:05'), undefined],
    ['a word that starts like one', row('Summary of line A'), undefined],
    ['Totalinspected is not Total', row('Totalinspected', '', '', '', 1), undefined],
    ['an empty row', row(), undefined],
  ];
  for (const [name, cells, why] of cases) assert.equal(notDataRow(cells)?.why, why, name);
  // date cells (XLSX) are filled cells: five of eight filled is more than a note
  const day = new Date(Date.UTC(2026, 10, 30));
  assert.equal(notDataRow(['注：补录', day, day, day, day, null, null, null]), undefined);
  assert.equal(notDataRow(['注：补录', day, null, null, null, null, null, null])?.why, 'a note');
  assert.deepEqual(notDataRow(row('合\u3000 计', '', 3100)), { text: '合\u3000 计', why: 'a total row' });
});

test('skip_rows: column rules and any-column rules; a bad expression is refused with the fix', () => {
  const rules = compileSkipRules({ 批次号: '^TEST', '*': ['^制表', '^审核'] }, 'm.yaml');
  const bound = bindSkipRules(rules, ['产线', '批次号', '备注']);
  assert.deepEqual(bound.missing, []);
  assert.deepEqual(bound.test!(['A线', 'TEST-01', '']), { text: 'TEST-01', why: 'skip_rows: 批次号' });
  assert.deepEqual(bound.test!(['', '', '审核：李强']), { text: '审核：李强', why: 'skip_rows: *' });
  assert.equal(bound.test!(['A线', 'B01', '']), undefined);
  // a date cell is matched as ISO 8601
  const byDate = bindSkipRules(compileSkipRules({ 日期: '^2026-11-29' }, 'm'), ['日期']);
  assert.deepEqual(byDate.test!([new Date(Date.UTC(2026, 10, 29))]), {
    text: '2026-11-29T00:00:00.000Z',
    why: 'skip_rows: 日期',
  });
  // the header is matched as the importer matches mapped columns: exact, else without case
  assert.deepEqual(bindSkipRules(compileSkipRules({ batch: 'x' }, 'm'), ['Batch']).missing, []);
  assert.deepEqual(bindSkipRules(compileSkipRules({ 批号: 'x' }, 'm'), ['批次号']).missing, ['批号']);
  assert.equal(bindSkipRules([], ['a']).test, undefined);
  assert.throws(
    () => parseMapping('skip_rows: { 产线: "^(合计" }', 'bad.yaml'),
    (error: unknown) =>
      error instanceof AppError &&
      /bad\.yaml: skip_rows\.产线: "\^\(合计" is not a regular expression/.test(error.message) &&
      /quote it in YAML/.test(error.hint ?? ''),
  );
  assert.throws(() => parseMapping('skip_rows: { 产线: 3 }', 'n.yaml'), /n\.yaml: skip_rows\.产线/);
});

test('a GBK export with a total row and a signature line: the data is imported, the rest skipped and named', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, '质检日报-合计.csv');
  const rows = [
    HEADER,
    'A线,2026/11/30,白班,ND-A1,"1,200",12,毛刺,张伟',
    'A线,2026/11/30,夜班,ND-A2,480,0,无,张伟',
    'A线小计,,,,"1,680",12,,',
    'B线,2026/11/30,白班,ND-B1,320,9,毛刺,李娜',
    '合  计,,,,"2,000",21,,',
    ',,,,,,,',
    '制表人：王芳,,,,,,,审核：李强',
  ];
  writeFileSync(file, iconv.encode(`${rows.join('\r\n')}\r\n`, 'gbk'));
  const report = await importQuality(db, file, MAPPING);
  assert.equal(report.status, 'imported', formatReport(report));
  assert.deepEqual([report.rows, report.written, report.rejected, report.skipped], [6, 3, 0, 3]);
  assert.deepEqual(report.skippedRows, [
    { row: 4, text: 'A线小计', why: 'a total row' },
    { row: 6, text: '合  计', why: 'a total row' },
    { row: 8, text: '制表人：王芳', why: 'a note' },
  ]);
  assert.deepEqual(batches(db, 'ND-%'), ['ND-A1', 'ND-A2', 'ND-B1']);
  assert.match(
    formatReport(report),
    /not data, skipped: 3 rows — row 4 "A线小计" \(a total row\), row 6 "合 {2}计" \(a total row\), row 8 "制表人：王芳" \(a note\)/,
  );
});

test('an Excel report (exceljs): title row, SUM formulas in the total row, a note under the table', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, '质检日报.xlsx');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('日报');
  sheet.mergeCells('A1:H1');
  sheet.getCell('A1').value = '质量检验日报 2026年11月30日';
  sheet.addRow(HEADER.split(','));
  sheet.addRow(['A线', '2026/11/30', '白班', 'XL-A1', 1200, 12, '毛刺', '张伟']);
  sheet.addRow(['B线', '2026/11/30', '夜班', 'XL-B1', 800, 0, '无', '李娜']);
  sheet.addRow([
    '合计',
    null,
    null,
    null,
    { formula: 'SUM(E3:E4)', result: 2000 },
    { formula: 'SUM(F3:F4)', result: 12 },
  ]);
  sheet.addRow([]);
  sheet.addRow(['注：本表由 MES 导出，不良数量以复检为准']);
  await workbook.xlsx.writeFile(file);
  const report = await importQuality(db, file, `${MAPPING}header_row: 2\n`);
  assert.equal(report.status, 'imported', formatReport(report));
  assert.deepEqual([report.written, report.skipped], [2, 2]);
  assert.deepEqual(
    report.skippedRows.map((entry) => [entry.row, entry.why]),
    [
      [5, 'a total row'],
      [7, 'a note'],
    ],
  );
  assert.deepEqual(batches(db, 'XL-%'), ['XL-A1', 'XL-B1']);
});

test("a footer the rules do not know rejects the file, and the report's skip_rows line, pasted, imports it", async () => {
  const db = freshDb();
  const file = csvFile('质检日报-页脚.csv', [
    HEADER,
    'A线,2026/11/30,白班,FT-A1,1200,12,毛刺,张伟',
    'B线,2026/11/30,白班,FT-B1,320,9,毛刺,李娜',
    '打印 2026-12-01 08:00 王芳,,,,,,,',
  ]);
  const first = await importQuality(db, file, MAPPING);
  assert.equal(first.status, 'rejected');
  assert.deepEqual(batches(db, 'FT-%'), [], 'nothing written');
  assert.deepEqual(first.sparseRow, { row: 4, text: '打印 2026-12-01 08:00 王芳', column: '产线' });
  const hint = /skip such rows with (skip_rows: .*) in the mapping/.exec(formatReport(first));
  assert.ok(hint, formatReport(first));
  // the suggested YAML is valid, and it skips the row
  const suggested = parseYaml(hint[1]!) as { skip_rows: Record<string, string> };
  assert.deepEqual(suggested, { skip_rows: { 产线: '^打印' } });
  const second = await importQuality(db, file, `${MAPPING}${hint[1]}\n`);
  assert.equal(second.status, 'imported', formatReport(second));
  assert.deepEqual([second.written, second.skipped, second.skippedRows[0]?.why], [2, 1, 'skip_rows: 产线']);
  assert.deepEqual(batches(db, 'FT-%'), ['FT-A1', 'FT-B1']);
});

test('skip_rows skips rows that would pass (test batches); a skip_rows column the file lacks rejects it', async () => {
  const db = freshDb();
  const file = csvFile('with-test-batches.csv', [
    HEADER,
    'A线,2026/11/30,白班,SK-A1,1200,12,毛刺,张伟',
    'A线,2026/11/30,白班,TEST-A2,10,0,无,张伟',
    'B线,2026/11/30,白班,SK-B1,320,9,毛刺,李娜',
  ]);
  const skipping = await importQuality(db, file, `${MAPPING}skip_rows:\n  批次号: "^TEST-"\n`);
  assert.equal(skipping.status, 'imported', formatReport(skipping));
  assert.deepEqual([skipping.written, skipping.skipped], [2, 1]);
  assert.deepEqual(skipping.skippedRows, [{ row: 3, text: 'TEST-A2', why: 'skip_rows: 批次号' }]);
  assert.deepEqual(batches(db, '%-A%').concat(batches(db, 'SK-B%')), ['SK-A1', 'SK-B1']);

  const other = freshDb();
  const missing = await importQuality(other, file, `${MAPPING}skip_rows:\n  批号: "^TEST-"\n`);
  assert.equal(missing.status, 'rejected');
  assert.equal(missing.problems[0]?.rule, 'skip_rows names a column of the file');
  assert.match(missing.problems[0]?.fix ?? '', /no column "批号" \(its columns: 产线, 生产日期/);
  assert.deepEqual(batches(other, 'SK-%'), []);
});

test('a file of totals alone is rejected as having no data, with the reason', async () => {
  const db = freshDb();
  const file = csvFile('totals-only.csv', [HEADER, '合计,,,,0,0,,']);
  const report = await importQuality(db, file, MAPPING);
  assert.equal(report.status, 'rejected');
  assert.deepEqual([report.rows, report.skipped], [1, 1]);
  assert.equal(report.problems[0]?.rule, 'at least one data row');
  assert.match(report.problems[0]?.fix ?? '', /one row is totals or notes, not data/);
});

/** an Excel report that merges the line and the date over the rows of a line (exceljs writes the merges) */
async function mergedReport(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('日报');
  sheet.addRow(HEADER.split(','));
  sheet.addRow(['A线', '2026/11/30', '白班', 'MG-A1', 1200, 12, '毛刺', '张伟']);
  sheet.addRow([null, null, '夜班', 'MG-A2', 480, 0, '无', '张伟']);
  sheet.addRow([null, null, '夜班', 'MG-A3', 500, 1, '毛刺', '王芳']);
  sheet.addRow(['B线', '2026/12/1', '白班', 'MG-B1', 320, 9, '毛刺', '李娜']);
  sheet.addRow([null, null, '夜班', 'MG-B2', 300, 2, '毛刺', '李娜']);
  sheet.addRow(['合计', null, null, null, { formula: 'SUM(E2:E6)', result: 2800 }]);
  sheet.addRow(['制表人：王芳']);
  sheet.mergeCells('A2:A4');
  sheet.mergeCells('B2:B4');
  sheet.mergeCells('A5:A6');
  sheet.mergeCells('B5:B6');
  await workbook.xlsx.writeFile(file);
}

test('merged cells: the fix names fill_down; with it the blanks take the value above, a total row does not', async () => {
  const file = path.join(plants.dir, '合并单元格.xlsx');
  await mergedReport(file);
  const db = freshDb();
  const without = await importQuality(db, file, MAPPING);
  assert.equal(without.status, 'rejected');
  assert.deepEqual(
    without.problems.map((entry) => [entry.row, entry.column]),
    [
      [3, '产线'],
      [3, '生产日期'],
      [4, '产线'],
      [4, '生产日期'],
      [6, '产线'],
      [6, '生产日期'],
    ],
  );
  assert.match(
    without.problems[0]!.fix,
    /if the export leaves a repeated value blank \(merged cells, a grouped report\), add fill_down: \[产线\] to the mapping/,
  );
  assert.deepEqual(batches(db, 'MG-%'), []);

  const report = await importQuality(db, file, `${MAPPING}fill_down: [产线, 生产日期]\n`);
  assert.equal(report.status, 'imported', formatReport(report));
  // the total and the note under the table are not filled: they are not data
  assert.deepEqual([report.written, report.filledDown, report.skipped], [5, 6, 2]);
  assert.match(formatReport(report), /fill_down: 6 empty cell\(s\) took the value of the row above/);
  assert.deepEqual(
    query(db, "SELECT batch_no, line_id, record_date FROM quality_data WHERE batch_no LIKE 'MG-%' ORDER BY batch_no"),
    [
      { batch_no: 'MG-A1', line_id: 'A', record_date: '2026-11-30' },
      { batch_no: 'MG-A2', line_id: 'A', record_date: '2026-11-30' },
      { batch_no: 'MG-A3', line_id: 'A', record_date: '2026-11-30' },
      { batch_no: 'MG-B1', line_id: 'B', record_date: '2026-12-01' },
      { batch_no: 'MG-B2', line_id: 'B', record_date: '2026-12-01' },
    ],
  );
});

test('fill_down in a large grouped CSV read by the reader process (coded cells), and a column the file lacks', async () => {
  const lines = [HEADER];
  for (let index = 0; index < 3000; index++) {
    const first = index % 100 === 0; // the line and the date are written once per group of 100
    lines.push(
      `${first ? (index % 200 === 0 ? 'A线' : 'B线') : ''},${first ? '2026/11/30' : ''},白班,GR-${index},480,1,毛刺,张伟`,
    );
  }
  const file = csvFile('grouped.csv', lines);
  const db = freshDb();
  await withReader('child', async () => {
    const report = await importQuality(db, file, `${MAPPING}fill_down: [产线, 生产日期]\n`);
    assert.equal(report.readIn, 'reader-process');
    assert.equal(report.status, 'imported', formatReport(report));
    assert.deepEqual([report.written, report.filledDown], [3000, 2 * 2970]);
    assert.deepEqual(
      query(
        db,
        "SELECT line_id, count(*) AS n FROM quality_data WHERE batch_no LIKE 'GR-%' AND record_date = '2026-11-30' " +
          'GROUP BY line_id',
      ),
      [
        { line_id: 'A', n: 1500 },
        { line_id: 'B', n: 1500 },
      ],
    );
    const missing = await importQuality(freshDb(), file, `${MAPPING}fill_down: [线别]\n`);
    assert.equal(missing.status, 'rejected');
    assert.equal(missing.problems[0]?.rule, 'fill_down names a column of the file');
  });
});
