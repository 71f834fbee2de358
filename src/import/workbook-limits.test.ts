/**
 * Exports built to take the importer down (issue 29, N2 and N5), byte by byte (hostile-files.ts: a zip
 * written by hand, with deflate bombs), and CSV files of the red team's shapes: each is refused with a
 * message naming the limit and the fix, quickly, and nothing is written. Memory and time of the full-size
 * attacks on every import surface: `npm run bench:import-attacks`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { appRoot } from '../runtime/self.js';
import { importFile } from './importer.js';
import { readSource } from './source.js';
import {
  longCellWorkbook,
  plainWorkbook,
  sharedStringsBomb,
  sheetXml,
  workbookParts,
  zipFile,
  sharedStringsXml,
} from './hostile-files.js';
import { QUALITY_HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('workbook-limits', 100);
const HEADER = QUALITY_HEADER.split(',');
const ROW = ['A', '2026-11-30', 'day', 'WL1', '铰链', '480', '3', 'burr', '张伟', '2026-11-30 09:00'];

/** readSource over a file; what it threw (an AppError), or undefined */
async function readError(file: string): Promise<AppError | undefined> {
  try {
    await readSource(
      file,
      { encoding: 'auto', delimiter: 'auto', headerRow: 1, sheet: undefined },
      {
        header: () => true,
        rows: () => true,
      },
    );
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

function write(name: string, data: Buffer | string): string {
  const file = path.join(plants.dir, name);
  writeFileSync(file, data);
  return file;
}

test('a plain workbook built by hand is read (the builder makes real workbooks)', async () => {
  const db = plants.fresh();
  const report = await importFile({
    db,
    table: 'quality_data',
    file: write('plain.xlsx', plainWorkbook([HEADER, ROW])),
    importedAt: '2026-12-05T08:00:00',
  });
  assert.equal(report.status, 'imported', JSON.stringify(report.problems));
  assert.equal(query<{ n: number }>(db, "SELECT count(*) AS n FROM quality_data WHERE batch_no = 'WL1'")[0]!.n, 1);
});

test('N2: shared strings past 2,097,152 entries are refused with the limit and the fix; nothing is written', async () => {
  // 3 M one-letter strings: 51 MB of XML from 0.1 MB (the red team's had 150 M from 6 MB)
  const file = write('bomb.xlsx', sharedStringsBomb(3_000_000, HEADER));
  const db = plants.fresh();
  const before = query<{ n: number }>(db, 'SELECT count(*) AS n FROM quality_data')[0]!.n;
  await assert.rejects(
    importFile({ db, table: 'quality_data', file, importedAt: '2026-12-05T08:00:00' }),
    (error: unknown) =>
      error instanceof AppError &&
      /bomb\.xlsx is refused: it holds more than 2,097,152 shared strings/.test(error.message) &&
      /split the export/.test(error.hint ?? ''),
  );
  assert.equal(query<{ n: number }>(db, 'SELECT count(*) AS n FROM quality_data')[0]!.n, before);
});

test('N2: a part that inflates past its cap is refused, whether the zip declares its size or lies about it', async () => {
  const parts = (claim?: number) => {
    const built = zipFile([
      ...workbookParts(),
      {
        name: 'xl/sharedStrings.xml',
        bomb: { prefix: '<sst>', chunk: `<si><t>${'x'.repeat(1000)}</t></si>`, times: 280_000, suffix: '</sst>' },
      },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml([HEADER]) },
    ]);
    if (claim === undefined) return built;
    // the same zip claiming a small size in its local header and in its central directory
    const name = Buffer.from('xl/sharedStrings.xml');
    const local = built.indexOf(name) - 30;
    const central = built.indexOf(name, local + 31) - 46;
    built.writeUInt32LE(claim, local + 22);
    built.writeUInt32LE(claim, central + 24);
    return built;
  };
  for (const [name, data] of [
    ['declared.xlsx', parts()],
    ['lying.xlsx', parts(1000)],
  ] as const) {
    const error = await readError(write(name, data));
    assert.ok(error, `${name}: refused`);
    assert.match(
      error.message,
      new RegExp(
        `${name.replace('.', '\\.')} is refused: its part xl/sharedStrings\\.xml inflates to more than 256 MiB`,
      ),
    );
  }
});

test('N2: a zip of more than 10,000 parts is refused before its parts are listed', async () => {
  const many = [...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data: sheetXml([HEADER, ROW]) }];
  for (let index = 0; index < 10_001; index++)
    many.push({ name: `xl/media/image${index}.png`, data: '', store: true } as never);
  const error = await readError(write('many.xlsx', zipFile(many)));
  assert.match(
    error?.message ?? '',
    /many\.xlsx is refused: its zip holds 10,00\d parts; a workbook holds at most 10,000 parts/,
  );
});

test('N5: a cell of 5 M characters (shared, or inline in a sheet stored first) is refused at once; no file is left in /tmp', async () => {
  for (const where of ['shared', 'sheet-first'] as const) {
    const error = await readError(write(`long-${where}.xlsx`, longCellWorkbook(5_000_000, where, HEADER)));
    assert.ok(error, `${where}: refused`);
    assert.match(
      error.message,
      /is refused: it holds (a cell or a tag of more than 1,048,576 characters|its shared string 1 is longer than 32,767 characters)|shared string 1 is longer/,
    );
  }
  // a cell of 40,000 characters (under the run limit): past Excel's 32,767
  const inline = write('cell-40k.xlsx', plainWorkbook([HEADER, [...ROW.slice(0, 8), 'x'.repeat(40_000), ROW[9]!]]));
  assert.match((await readError(inline))?.message ?? '', /holds a cell of more than 32,767 characters/);
  const shared = write(
    'shared-40k.xlsx',
    zipFile([
      ...workbookParts(),
      { name: 'xl/sharedStrings.xml', data: sharedStringsXml(['x'.repeat(40_000)]) },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml([HEADER]) },
    ]),
  );
  assert.match((await readError(shared))?.message ?? '', /shared string 1 is longer than 32,767 characters/);
});

test('N5: a worksheet stored before the shared strings is never copied to a temporary file, so a killed import leaves none', async () => {
  // a legitimate sheet of 150,000 rows (~30 MB of XML), stored before the shared strings as Excel stores it
  const rows = '<row><c t="inlineStr"><is><t>A</t></is></c><c t="inlineStr"><is><t>2026-11-30</t></is></c></row>';
  const file = write(
    'sheet-first.xlsx',
    zipFile([
      ...workbookParts(),
      {
        name: 'xl/worksheets/sheet1.xml',
        bomb: {
          prefix: sheetXml([HEADER]).replace('</sheetData></worksheet>', ''),
          chunk: rows.repeat(1000),
          times: 150,
          suffix: '</sheetData></worksheet>',
        },
      },
      { name: 'xl/sharedStrings.xml', data: sharedStringsXml([]) },
    ]),
  );
  const tmp = path.join(plants.dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const child = spawn(
    path.join(appRoot(), 'bin', 'airgap-agent'),
    ['import', 'quality_data', file, '--db', plants.fresh(), '--quiet'],
    { stdio: 'ignore', env: { ...process.env, TMPDIR: tmp, AIRGAP_AGENT_IMPORT_READER: 'inline' } },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // kill it as soon as it has written anything into its temporary folder; else it runs to its end
  let killed = false;
  // (tsx, which runs the sources in development, keeps its cache there: not the importer's)
  const written = () => readdirSync(tmp).filter((entry) => !entry.startsWith('tsx-'));
  const watch = setInterval(() => {
    if (!killed && written().length > 0) ((killed = true), child.kill('SIGKILL'));
  }, 5);
  await exited;
  clearInterval(watch);
  assert.deepEqual(written(), [], 'nothing left in the temporary folder');
  assert.equal(killed, false, 'nothing was ever written there');
  assert.ok(existsSync(file));
});

test('N5: a CSV of one 3 MB line, a cell of 40,000 characters, an unclosed quote and 20,000 columns are refused', async () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'one-line.csv',
      `${QUALITY_HEADER},${'x'.repeat(3 * 1024 * 1024)}`,
      /one-line\.csv is refused: row 1 is longer than 1,048,576 characters/,
    ],
    [
      'long-cell.csv',
      `${QUALITY_HEADER}\n${[...ROW.slice(0, 8), 'y'.repeat(40_000), ROW[9]].join(',')}\n`,
      /long-cell\.csv is refused: row 2 has a cell of more than 32,767 characters/,
    ],
    [
      'unclosed.csv',
      `${QUALITY_HEADER}\n${ROW.join(',')}\nA,"2026-11-30,day\n${`${ROW.join(',')}\n`.repeat(40_000)}`,
      /unclosed\.csv is refused: row 3 is longer than 1,048,576 characters/,
    ],
    [
      'wide.csv',
      `${QUALITY_HEADER}${',z'.repeat(20_000)}\n${ROW.join(',')}\n`,
      /wide\.csv is refused: row 1 has 20,010 columns/,
    ],
  ];
  for (const [name, text, expected] of cases) {
    const error = await readError(write(name, text));
    assert.ok(error, `${name}: refused`);
    assert.match(error.message, expected);
    assert.ok(error.hint, `${name}: a fix`);
  }
});

test('shared strings read as text: runs joined, entities decoded, phonetic readings left out (as SheetJS reads them)', async () => {
  const strings =
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<si><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh><phoneticPr fontId="1"/></si>' +
    '<si><r><rPr><b/></rPr><t>粗体</t></r><r><t xml:space="preserve"> and plain</t></r></si>' +
    '<si><t>a &amp; b &lt;c&gt; &#x4E2D;&#25991; &quot;q&quot;</t></si>' +
    '<si><t/></si><si><t>last\r\nline</t></si></sst>';
  const sheet = sheetXml([['h1', 'h2', 'h3', 'h4', 'h5']]).replace(
    '</sheetData>',
    '<row r="2">' +
      [0, 1, 2, 3, 4].map((index) => `<c r="${'ABCDE'[index]}2" t="s"><v>${index}</v></c>`).join('') +
      '</row></sheetData>',
  );
  const file = write(
    'strings.xlsx',
    zipFile([
      ...workbookParts(),
      { name: 'xl/sharedStrings.xml', data: strings },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ]),
  );
  const rows: unknown[][] = [];
  await readSource(
    file,
    { encoding: 'auto', delimiter: 'auto', headerRow: 1, sheet: undefined },
    {
      header: () => true,
      rows: (batch) => (batch.forEach((row) => rows.push(row.cells)), true),
    },
  );
  const { default: XLSX } = await import('xlsx');
  const oracle = XLSX.utils.sheet_to_json<unknown[]>(XLSX.readFile(file).Sheets.Sheet1!, {
    header: 1,
    defval: null,
  })[1];
  assert.deepEqual(rows[0], ['漢字', '粗体 and plain', 'a & b <c> 中文 "q"', '', 'last\nline']);
  assert.deepEqual(rows[0]!.slice(0, 3), oracle!.slice(0, 3), 'as SheetJS reads them');
});
