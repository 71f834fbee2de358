/**
 * Importing without --mapping, as a newcomer does (issue 30): a title row above the header, an export
 * shaped like the shipped mes-quality.yaml, Excel serial dates in a CSV that Excel's own format wrote.
 * Workbooks and CSV files are written by exceljs and SheetJS, as spreadsheet programs write them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import XLSX from 'xlsx';
import { importFile } from './importer.js';
import { formatReport } from './report.js';
import { shippedMappingsFolder } from './shipped-mappings.js';
import { QUALITY_HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('no-mapping', 100);
const HEADER = QUALITY_HEADER.split(',');
const ROW = ['A', '2026-11-30', 'day', 'NM1', '铰链', '480', '3', 'burr', '张伟', '2026-11-30 09:00'];

const run = (file: string, db = plants.fresh()) =>
  importFile({ db, table: 'quality_data', file, importedAt: '2026-12-05T08:00:00' });

test('a title row above the header (CSV): the header is found, the title skipped and reported', async () => {
  const file = path.join(plants.dir, 'titled.csv');
  writeFileSync(
    file,
    `质检日报 2026-11-30${','.repeat(9)}\n${','.repeat(9)}\n${QUALITY_HEADER}\n${ROW.join(',')}\n` +
      `${ROW.join(',').replace('NM1', 'NM2')}\n`,
  );
  const db = plants.fresh();
  const report = await run(file, db);
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.written, 2);
  assert.match(formatReport(report), /source: CSV, .*header on row 3 \(1 title row above skipped\)/);
  assert.deepEqual(query(db, "SELECT batch_no FROM quality_data WHERE batch_no LIKE 'NM%' ORDER BY 1"), [
    { batch_no: 'NM1' },
    { batch_no: 'NM2' },
  ]);
});

test('a title row above the header (an exceljs report: merged title, a blank row, then the table)', async () => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('质检日报');
  sheet.addRow(['质检日报 2026-11-30']);
  sheet.mergeCells('A1:J1');
  sheet.addRow([]);
  sheet.addRow(HEADER);
  sheet.addRow(ROW.map((cell, index) => (index === 5 || index === 6 ? Number(cell) : cell)).map(String));
  const file = path.join(plants.dir, 'titled.xlsx');
  await workbook.xlsx.writeFile(file);
  const report = await run(file);
  assert.equal(report.status, 'imported', formatReport(report));
  assert.match(formatReport(report), /source: XLSX, sheet 质检日报, header on row 3 \(1 title row above skipped\)/);
});

test('an export with the headers of the shipped mes-quality.yaml: the fix names that mapping, and 产品名称 is named', async () => {
  const file = path.join(plants.dir, '质检日报20261130.csv');
  writeFileSync(
    file,
    iconv.encode(
      '产线,生产日期,班次,批次号,产品名称,检验数量,不良数量,不良类型,检验员,记录时间\n' +
        'A线,2026/11/30,白班,NM3,铰链,"1,200",3,毛刺,张伟,2026/11/30 9:00\n',
      'gbk',
    ),
  );
  const report = await run(file);
  assert.equal(report.status, 'rejected');
  const text = formatReport(report);
  const mapping = path.join(shippedMappingsFolder(), 'mes-quality.yaml');
  assert.ok(text.includes(`the shipped mapping mes-quality.yaml: import with --mapping ${mapping}`), text);
  assert.doesNotMatch(text, /product: not in the file/);
  assert.match(
    text,
    /product: set to the line's product .* the file's column 产品名称 is not imported \(mes-quality\.yaml maps it to product/,
  );
  // and with that mapping it is imported
  const { loadMapping } = await import('./mapping.js');
  const mapped = await importFile({
    db: plants.fresh(),
    table: 'quality_data',
    file,
    mapping: loadMapping(mapping),
    importedAt: '2026-12-05T08:00:00',
  });
  assert.equal(mapped.status, 'imported', formatReport(mapped));
});

test('Excel serial dates in a CSV written by a spreadsheet program (SheetJS, unformatted date cells) are read', async () => {
  const rows = [HEADER, ['A', 46356, 'day', 'NM4', '铰链', 480, 3, 'burr', '张伟', 46356.375]];
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const file = path.join(plants.dir, 'serials.csv');
  writeFileSync(file, XLSX.utils.sheet_to_csv(sheet));
  const db = plants.fresh();
  const report = await run(file, db);
  assert.equal(report.status, 'imported', formatReport(report));
  assert.deepEqual(query(db, "SELECT record_date, recorded_at FROM quality_data WHERE batch_no = 'NM4'"), [
    { record_date: '2026-11-30', recorded_at: '2026-11-30T09:00:00' },
  ]);
});
