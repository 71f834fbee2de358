/**
 * A file is read by what it is, not by what it is called: what "export to Excel" buttons and Excel's own
 * Save As write, made here by SheetJS (npm `xlsx`, a reader/writer of ~20 spreadsheet formats by another
 * team): an XLSX named .xls or .csv, Excel's "Unicode Text" (UTF-16LE, tabs) named .xls, a CSV named
 * .xlsx are imported, and the report says what the file was; the binary .xls of Excel 97–2003, an Excel
 * 2003 XML file, an HTML table, an OpenDocument or binary (.xlsb) workbook under an Excel name are refused
 * with what the file is and how to save it, before anything is written. The inbox takes .xls names.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import pino from 'pino';
import { AppError } from '../errors.js';
import { configFromObject } from '../config/load.js';
import { importFile } from './importer.js';
import { InboxWatcher } from './inbox.js';
import { formatReport } from './report.js';
import { inboxReport, QUALITY_HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('formats', 2000);
const freshDb = (): string => plants.fresh();

const HEADER = QUALITY_HEADER.split(',');

/** SheetJS writes the quality rows as `bookType` to `name` (any name: the content is what it is) */
function write(name: string, bookType: XLSX.BookType, batch: string): string {
  const book = XLSX.utils.book_new();
  const rows = [
    HEADER,
    ['A', '2026-11-30', 'day', `${batch}-1`, '铰链 HG-220', 1200, 12, 'burr', '张伟', '2026-11-30 09:15'],
    ['B', '2026-11-30', 'night', `${batch}-2`, '支架', 480, 0, '', '李娜', '2026-11-30 21:40'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '质检');
  const file = path.join(plants.dir, name);
  XLSX.writeFile(book, file, { bookType });
  return file;
}

function rowsOf(db: string, batch: string): Array<Record<string, unknown>> {
  return query(
    db,
    'SELECT line_id, shift, batch_no, product, inspected_qty, defect_type, inspector FROM quality_data ' +
      'WHERE batch_no LIKE ? ORDER BY batch_no',
    `${batch}-%`,
  );
}

test('workbooks and text under another name are imported, and the report says what each was', async () => {
  const cases: Array<[string, XLSX.BookType, RegExp]> = [
    ['sheetjs.xlsx', 'xlsx', /source: XLSX, sheet 质检/],
    ['质检日报.xls', 'xlsx', /source: XLSX \(named \.xls\), sheet 质检/],
    ['quality.csv', 'xlsx', /source: XLSX \(named \.csv\), sheet 质检/],
    ['unicode-text.xls', 'txt', /source: CSV \(named \.xls\), encoding utf-16le \(BOM\), delimiter tab/],
    ['unicode-text.txt', 'txt', /source: CSV, encoding utf-16le \(BOM\), delimiter tab/],
    ['really-a-csv.xlsx', 'csv', /source: CSV \(named \.xlsx\), encoding utf-8 \(BOM\), delimiter comma/],
  ];
  for (const [index, [name, bookType, said]] of cases.entries()) {
    const db = freshDb();
    const batch = `F${index}`;
    const report = await importFile({
      db,
      table: 'quality_data',
      file: write(name, bookType, batch),
      importedAt: '2026-12-01T06:00:00',
    });
    assert.equal(report.status, 'imported', `${name}: ${formatReport(report)}`);
    assert.match(formatReport(report), said, name);
    assert.deepEqual(
      rowsOf(db, batch),
      [
        {
          line_id: 'A',
          shift: 'day',
          batch_no: `${batch}-1`,
          product: '铰链 HG-220',
          inspected_qty: 1200,
          defect_type: 'burr',
          inspector: '张伟',
        },
        {
          line_id: 'B',
          shift: 'night',
          batch_no: `${batch}-2`,
          product: '支架',
          inspected_qty: 480,
          defect_type: null,
          inspector: '李娜',
        },
      ],
      name,
    );
  }
});

test('formats that are not read are refused by what they are, with how to save them; nothing is written', async () => {
  const cases: Array<[string, XLSX.BookType, RegExp, RegExp]> = [
    ['old.xls', 'biff8', /old\.xls is an Excel 97–2003 workbook \(the old binary \.xls format\)/, /save it as \.xlsx/],
    [
      'old-renamed.xlsx',
      'biff8',
      /is not an \.xlsx workbook: it is a password-protected workbook or an old binary \.xls renamed/,
      /remove the password .* and save it as \.xlsx/,
    ],
    ['excel-2003.xls', 'xlml', /excel-2003\.xls is an Excel 2003 XML spreadsheet/, /save it as \.xlsx/],
    [
      'web-export.xls',
      'html',
      /web-export\.xls is a web page \(an HTML table\), not a workbook/,
      /choose the CSV export/,
    ],
    ['web-export.csv', 'html', /web-export\.csv is a web page \(an HTML table\), not a CSV file/, /save it as \.xlsx/],
    ['libreoffice.xlsx', 'ods', /libreoffice\.xlsx is an OpenDocument spreadsheet \(\.ods\)/, /save it as \.xlsx/],
    ['binary.xlsx', 'xlsb', /binary\.xlsx is an Excel binary workbook \(\.xlsb\)/, /save it as \.xlsx/],
    ['libreoffice.ods', 'ods', /libreoffice\.ods: unknown file type "\.ods"/, /OpenDocument spreadsheet is not read/],
  ];
  for (const [name, bookType, message, hint] of cases) {
    const db = freshDb();
    const before = readFileSync(db);
    await assert.rejects(
      importFile({ db, table: 'quality_data', file: write(name, bookType, 'NO'), importedAt: '2026-12-01T06:00:00' }),
      (error: unknown) => {
        assert.ok(error instanceof AppError, `${name}: ${String(error)}`);
        assert.match(error.message, message, name);
        assert.match(error.hint ?? '', hint, name);
        return true;
      },
    );
    assert.ok(readFileSync(db).equals(before), `${name}: plant.db unchanged`);
  }
});

test('the inbox takes an .xls name: an XLSX is imported, an HTML table goes to failed/ with the reason', async () => {
  const root = path.join(plants.dir, 'inbox-case');
  const inbox = path.join(root, 'inbox');
  mkdirSync(inbox, { recursive: true });
  const db = path.join(root, 'plant.db');
  copyFileSync(plants.pristine, db);
  const config = configFromObject({ plant: { db }, import: { inbox, stable_ms: 0, poll_ms: 100 } }, root);
  const watcher = new InboxWatcher({ config, log: pino({ level: 'silent' }) });
  copyFileSync(write('x.xlsx', 'xlsx', 'IN'), path.join(inbox, 'quality_data-20261130.xls'));
  copyFileSync(write('x.html', 'html', 'WEB'), path.join(inbox, 'quality_data-web.xls'));
  const results = await watcher.scanOnce();
  assert.deepEqual(results.map((result) => [result.file, result.outcome]).sort(), [
    ['quality_data-20261130.xls', 'imported'],
    ['quality_data-web.xls', 'failed'],
  ]);
  assert.equal(rowsOf(db, 'IN').length, 2);
  const report = inboxReport(inbox, 'failed', 'quality_data-web.xls');
  assert.match(report, /quality_data-web\.xls is a web page \(an HTML table\)/);
  assert.equal(existsSync(path.join(inbox, 'quality_data-web.xls')), false);
});
