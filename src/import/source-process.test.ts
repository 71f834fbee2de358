/**
 * The reader process (source-process.ts): the same rows, reports and errors as reading in the importer,
 * and no reader left behind — a handler's stop, a killed reader, a killed importer.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { openSqlite } from '../store/sqlite.js';
import { appRoot } from '../runtime/self.js';
import { AppError } from '../errors.js';
import { main } from '../cli/main.js';
import { importFile, recoverInterruptedImport, type ImportOptions, type ImportReport } from './importer.js';
import { formatReport } from './report.js';
import { QUALITY_HEADER as HEADER, testPlants, withReader } from './test-plant.js';
import { NO_MAPPING, parseMapping, type Mapping } from './mapping.js';
import { readSource, type SourceHandlers } from './source.js';
import { readSourceInChild } from './source-process.js';
import { BatchDecoder, BatchEncoder } from './source-wire.js';

const plants = testPlants('import-reader', 2000);
const freshDb = (): string => plants.fresh();

function count(db: string, sql = 'SELECT count(*) AS n FROM quality_data'): number {
  const handle = openSqlite(db, { readonly: true });
  try {
    return (handle.prepare(sql).get() as { n: number }).n;
  } finally {
    handle.close();
  }
}

/** processes whose parent is `parent`, with their command lines (a zombie counts as gone) */
function childrenOf(parent: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== parent || state === 'Z') continue;
      found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // gone while we looked
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs = 20_000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return !alive(pid);
}

const readers = (): Array<{ pid: number; cmdline: string }> =>
  childrenOf(process.pid).filter((entry) => entry.cmdline.includes('import-reader'));

/** every handler call, in order, as data (rows with their cells, Dates as Dates) */
async function calls(
  read: typeof readSource,
  file: string,
  options: { mapping?: Mapping | undefined; slowMs?: number } = {},
): Promise<{ calls: unknown[]; coded: number; error?: unknown }> {
  const { mapping = NO_MAPPING, slowMs = 0 } = options;
  const seen: unknown[] = [];
  // what each code of each column stood for: one value for the whole file
  const meaning: Array<Map<number, unknown>> = [];
  let coded = 0;
  const handlers: SourceHandlers = {
    header: (headers, info) => (seen.push({ header: headers, info }), true),
    rows: (batch, bytes, coding) => {
      seen.push({ rows: batch, bytes });
      if (coding) {
        coded += 1;
        batch.forEach(({ cells }, index) => {
          assert.equal(cells.length, coding.width, 'a coded batch has rows of its width');
          cells.forEach((cell, column) => {
            const code = coding.codes[index * coding.width + column]!;
            if (code === 0) return;
            const known = (meaning[column] ??= new Map());
            if (!known.has(code)) known.set(code, cell);
            assert.equal(cell, known.get(code), `column ${column}: code ${code} stands for one value`);
          });
        });
      }
      // a slow consumer: the reader process gets a window ahead and waits for credit
      for (const until = Date.now() + slowMs; Date.now() < until;);
      return true;
    },
  };
  try {
    await read(file, mapping, handlers);
    return { calls: seen, coded };
  } catch (error) {
    return { calls: seen, coded, error };
  }
}

function describeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return {
    name: error.name,
    message: error.message,
    code: (error as { code?: unknown }).code,
    hint: error instanceof AppError ? error.hint : undefined,
    app: error instanceof AppError,
  };
}

/** the report without what differs between two runs (timings, the database's path) */
function comparable(report: ImportReport): unknown {
  const { elapsedMs, rowsPerSecond, rejectFile, readIn, ...rest } = report;
  (void elapsedMs, void rowsPerSecond, void readIn);
  return { ...rest, rejectFile: rejectFile === undefined ? undefined : readFileSync(rejectFile, 'utf8') };
}

const MES_MAPPING = `
table: quality_data
columns:
  产线: { to: line_id, map: { A线: A, B线: B } }
  日期: { to: record_date, format: 'YYYY/M/D' }
  班次: { to: shift, map: { 白班: day, 夜班: night } }
  批次号: batch_no
  检验数量: inspected_qty
  不良数量: defect_qty
  不良类型: { to: defect_type, map: { 毛刺: burr, 裂纹: crack, 无: null } }
  检验员: inspector
  记录时间: { to: recorded_at, format: 'YYYY/M/D H:mm' }
`;

interface Fixture {
  name: string;
  table: string;
  file: string;
  mapping?: Mapping;
  rejectFile?: boolean;
}

async function fixtures(): Promise<Fixture[]> {
  const list: Fixture[] = [];
  const bom = path.join(plants.dir, 'bom-semicolon.csv');
  writeFileSync(
    bom,
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          HEADER.replaceAll(',', ';'),
          'C;2026-11-30;day;C20261130D001;精密轴套;900;4;dimension;王芳;2026-11-30 08:40',
          'C;2026年11月30日;night;C20261130N001;精密轴套;1250;0;;王芳;2026-11-30T22:10:00',
        ].join('\n'),
      ),
    ]),
  );
  list.push({ name: 'a UTF-8 BOM CSV with semicolons', table: 'quality_data', file: bom });
  const gbk = path.join(plants.dir, 'mes-gbk.csv');
  writeFileSync(
    gbk,
    iconv.encode(
      [
        '产线,日期,班次,批次号,检验数量,不良数量,不良类型,检验员,记录时间,备注',
        'A线,2026/11/30,白班,A20261130D001,"1,200",12,毛刺,张伟,2026/11/30 9:15,',
        'A线,2026/11/30,夜班,A20261130N001,480,0,无,张伟,2026/11/30 21:40,夜班抽检',
        'B线,2026/11/30,白班,B20261130D001,320,9,裂纹,李娜,2026/11/30 10:05,',
        'Q线,2026/11/30,白班,Q20261130D001,320,9,裂纹,李娜,2026/11/30 10:05,',
      ].join('\r\n'),
      'gb18030',
    ),
  );
  const mes = parseMapping(MES_MAPPING, 'mes.yaml');
  list.push({ name: 'a GBK CSV with Chinese headers', table: 'quality_data', file: gbk, mapping: mes });
  list.push({ name: 'bad rows with a reject file', table: 'quality_data', file: gbk, mapping: mes, rejectFile: true });
  const xlsx = path.join(plants.dir, 'orders.xlsx');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('工单');
  sheet.addRow(['设备维修工单导出']);
  sheet.addRow(['工单号', '设备', '产线', '优先级', '状态', '标题', '负责人', '开单时间', '关闭时间']);
  sheet.addRow([9001, 'B-PRESS-03', 'B', 'P1', '已关闭', '振动', 1, new Date(Date.UTC(2026, 10, 29, 10, 15)), null]);
  sheet.addRow([9002, null, 'A', 'P2', '处理中', '跑偏', 2, '2026-11-30 08:05', true]);
  await workbook.xlsx.writeFile(xlsx);
  const excel = parseMapping(
    `
table: work_orders
header_row: 2
columns: { 工单号: order_id, 设备: equipment_id, 产线: line_id, 优先级: priority, 标题: title, 负责人: assignee_id,
  状态: { to: status, map: { 已关闭: closed, 处理中: open } }, 开单时间: opened_at, 关闭时间: closed_at }
`,
    'excel.yaml',
  );
  list.push({ name: 'an XLSX written by exceljs', table: 'work_orders', file: xlsx, mapping: excel });
  const separator = path.join(plants.dir, 'separator.csv');
  writeFileSync(
    separator,
    [
      HEADER,
      'A,2026-11-30,day,SEP1,铰链,480,2,burr,张伟,2026-11-30 09:00',
      'A,2026-11-30,day,SEP2,铰\u0000链,480,2,burr,张\u0001伟,2026-11-30 09:00',
    ].join('\n'),
  );
  list.push({ name: 'a cell holding the separator characters', table: 'quality_data', file: separator });
  const multiline = path.join(plants.dir, 'multiline.csv');
  writeFileSync(
    multiline,
    [
      HEADER,
      'A,2026-11-30,day,ML1,"铰链\n第二行, ""引号""",480,2,burr,张伟,2026-11-30 09:00',
      '',
      'A,2026-11-30,night,ML2,铰链,480,2,burr,张伟,2026-11-30 21:00',
    ].join('\r\n'),
  );
  list.push({ name: 'a quoted multi-line cell and an empty line', table: 'quality_data', file: multiline });
  // several batches; a column with more distinct values than a dictionary holds; ragged and long cells
  const large = path.join(plants.dir, 'large.csv');
  const lines = [HEADER];
  for (let index = 0; index < 40_000; index++) {
    const product = index % 997 === 0 ? `长${'x'.repeat(100)}${index}` : `P${index % 5000}`;
    const extra = index % 1301 === 0 ? ',extra' : '';
    lines.push(
      `${'ABCD'[index % 4]},2026-11-${String(1 + (index % 28)).padStart(2, '0')},day,LG${index},${product},480,${index % 5},burr,张伟,2026-11-30 09:00${extra}`,
    );
    if (index % 9000 === 0) lines.push('');
  }
  writeFileSync(large, lines.join('\n'));
  list.push({ name: 'a file of several batches, ragged rows and gaps', table: 'quality_data', file: large });
  // every row as wide as the header, so each batch crosses coded and the importer looks values up by their
  // code: repeated good values through the mapping's value maps, and repeated bad ones (an unknown line, a
  // shift that is not mapped, more defects than inspected) in every batch
  const coded = path.join(plants.dir, 'coded-mapped.csv');
  const mapped = ['产线,日期,班次,批次号,检验数量,不良数量,不良类型,检验员,记录时间,备注'];
  for (let index = 0; index < 20_000; index++) {
    const line = index % 997 === 5 ? 'Q线' : index % 2 ? 'A线' : 'B线';
    const shift = index % 1499 === 9 ? '中班' : index % 3 ? '白班' : '夜班';
    const defects = index % 1777 === 3 ? 900 : index % 7;
    const day = 1 + (index % 28);
    mapped.push(
      `${line},2026/11/${day},${shift},CM${index},480,${defects},${index % 5 ? '毛刺' : '无'},张伟,2026/11/${day} 9:${String(index % 60).padStart(2, '0')},`,
    );
  }
  writeFileSync(coded, mapped.join('\n'));
  list.push({
    name: 'repeated good and bad values in coded batches',
    table: 'quality_data',
    file: coded,
    mapping: mes,
    rejectFile: true,
  });
  return list;
}

test('the reader process hands the handlers exactly what readSource does', async () => {
  for (const fixture of await fixtures()) {
    const inline = await calls(readSource, fixture.file, { mapping: fixture.mapping });
    assert.equal(inline.error, undefined, fixture.name);
    assert.ok(inline.calls.length >= 2, `${fixture.name}: a header and rows`);
    for (const slowMs of [0, 20]) {
      const child = await calls(readSourceInChild, fixture.file, { mapping: fixture.mapping, slowMs });
      assert.equal(child.error, undefined, fixture.name);
      // rows, row numbers, cells (typed: Dates, numbers, null) and the bytes read with each batch
      assert.deepEqual(child.calls, inline.calls, `${fixture.name}${slowMs ? ', read by a slow consumer' : ''}`);
      if (fixture.name.includes('coded')) assert.ok(child.coded >= 3, `${fixture.name}: ${child.coded} coded batches`);
    }
    assert.equal(inline.coded, 0, 'rows read in the importer come without codes');
  }
  assert.deepEqual(readers(), [], 'no reader process is left');
});

test('an import through the reader process reports what an import read in the importer does', async () => {
  for (const fixture of await fixtures()) {
    const reports: unknown[] = [];
    const tables: unknown[] = [];
    for (const mode of ['inline', 'child'] as const) {
      const db = freshDb();
      const options: ImportOptions = {
        db,
        table: fixture.table,
        file: fixture.file,
        importedAt: '2026-11-30T06:02:00',
        ...(fixture.mapping ? { mapping: fixture.mapping } : {}),
        ...(fixture.rejectFile
          ? { rejectFile: path.join(plants.dir, `rejects-${mode}-${path.basename(db, '.db')}.csv`) }
          : {}),
      };
      const report = await withReader(mode, () => importFile(options));
      reports.push(comparable(report));
      const handle = openSqlite(db, { readonly: true });
      try {
        tables.push(handle.prepare(`SELECT * FROM ${fixture.table} ORDER BY rowid`).all());
      } finally {
        handle.close();
      }
    }
    assert.deepEqual(reports[1], reports[0], fixture.name);
    assert.deepEqual(tables[1], tables[0], `${fixture.name}: the same rows in plant.db`);
  }
});

test('a re-import that the ledger skips starts no reader process; a same-size corrected export does', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'ledger-precheck.csv');
  const body = (defects: number) =>
    [HEADER, `A,2026-11-30,day,LP1,铰链,480,${defects},burr,张伟,2026-11-30 09:00`].join('\n');
  writeFileSync(file, body(2));
  const options: ImportOptions = { db, table: 'quality_data', file, importedAt: '2026-11-30T06:02:00' };
  const first = await withReader('child', () => importFile(options));
  assert.deepEqual([first.status, first.readIn], ['imported', 'reader-process']);
  assert.match(
    formatReport(first),
    /imported 1 row into quality_data .*\n {2}source: CSV, encoding utf-8 \(detected\), delimiter comma, read in a reader process$/m,
  );
  const again = await withReader('child', () => importFile(options));
  assert.deepEqual([again.status, again.readIn], ['skipped', 'importer'], 'skipped before a reader started');
  assert.equal(again.sha256, first.sha256);
  const inline = await withReader('inline', () => importFile({ ...options, force: true }));
  assert.equal(inline.readIn, 'importer');
  assert.doesNotMatch(formatReport(inline), /reader process/, formatReport(inline));
  writeFileSync(file, body(3)); // the same size, another content: read, and the row is updated
  const corrected = await withReader('child', () => importFile(options));
  assert.deepEqual([corrected.status, corrected.readIn, corrected.updated], ['imported', 'reader-process', 1]);
  assert.equal(count(db, "SELECT defect_qty AS n FROM quality_data WHERE batch_no = 'LP1'"), 3);
  const forced = await withReader('child', () => importFile({ ...options, force: true }));
  assert.deepEqual([forced.status, forced.readIn], ['imported', 'reader-process'], '--force reads the file again');
  assert.deepEqual(readers(), [], 'no reader process is left');
});

test('failures cross from the reader process with their code, message and hint', async () => {
  const truncated = path.join(plants.dir, 'truncated.xlsx');
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('s').addRow(['order_id', 'title']);
  const whole = Buffer.from(await workbook.xlsx.writeBuffer());
  writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  const oneSheet = path.join(plants.dir, 'one-sheet.xlsx');
  writeFileSync(oneSheet, whole);
  const damaged = path.join(plants.dir, 'damaged.xlsx');
  writeFileSync(damaged, Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x10, 0x20, 0x30]));
  const badUtf8 = path.join(plants.dir, 'bad-utf8.csv');
  writeFileSync(
    badUtf8,
    Buffer.concat([
      Buffer.from(`${HEADER}\n${'A,2026-11-30,day,U1,铰链,480,2,burr,张伟,2026-11-30 09:00\n'.repeat(2000)}`),
      iconv.encode('A,2026-11-30,day,U2,铰链,480,2,burr,张伟,2026-11-30 09:00\n', 'gb18030'),
    ]),
  );
  // the binary .xls of Excel 97–2003, written by SheetJS
  const xls = path.join(plants.dir, 'old.xls');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['order_id', 'title']]), 's');
  XLSX.writeFile(book, xls, { bookType: 'biff8' });
  const cases: Array<[string, string, Mapping?]> = [
    ['a missing file', path.join(plants.dir, 'nothing-here.csv')],
    ['a folder', plants.dir.replace(/$/, '/')],
    ['an .xls', xls],
    ['a truncated XLSX', truncated],
    ['binary bytes named .xlsx', damaged],
    ['bad UTF-8 after the sample', badUtf8],
    ['a sheet the workbook lacks', oneSheet, { ...NO_MAPPING, sheet: 'Sheet9' }],
  ];
  for (const [name, file, mapping] of cases) {
    const inline = await calls(readSource, file, { mapping });
    const child = await calls(readSourceInChild, file, { mapping });
    assert.ok(inline.error instanceof Error, `${name}: readSource throws`);
    assert.deepEqual(describeError(child.error), describeError(inline.error), name);
    assert.deepEqual(child.calls, inline.calls, `${name}: what came before the failure`);
  }
  assert.deepEqual(readers(), [], 'no reader process is left');
});

function largeFile(name: string, rows: number): string {
  const file = path.join(plants.dir, `${name}.csv`);
  const lines = [HEADER];
  for (let index = 0; index < rows; index++)
    lines.push(`A,2026-11-30,day,${name}${index},铰链,480,${index % 5},burr,张伟,2026-11-30 09:00`);
  writeFileSync(file, lines.join('\n'));
  return file;
}

test("a handler's false stops the reader process; a throwing handler's error comes out; none is left", async () => {
  const file = largeFile('stop', 60_000);
  let batches = 0;
  await readSourceInChild(file, NO_MAPPING, { header: () => true, rows: () => (batches++, false) });
  assert.equal(batches, 1);
  assert.deepEqual(readers(), []);
  await readSourceInChild(file, NO_MAPPING, { header: () => false, rows: () => (batches++, true) });
  assert.equal(batches, 1);
  assert.deepEqual(readers(), []);
  await assert.rejects(
    readSourceInChild(file, NO_MAPPING, {
      header: () => true,
      rows: () => {
        throw new AppError('DB_ERROR', 'disk full', { hint: 'free space' });
      },
    }),
    (error: unknown) => error instanceof AppError && error.code === 'DB_ERROR' && error.message === 'disk full',
  );
  assert.deepEqual(readers(), []);
});

test('a reader process killed mid-file fails the import with a clear error; plant.db is unchanged', async () => {
  const db = freshDb();
  const file = largeFile('killed', 120_000);
  const before = count(db);
  const bytesBefore = readFileSync(db);
  let killed: number | undefined;
  const importing = withReader('child', () =>
    importFile({
      db,
      table: 'quality_data',
      file,
      importedAt: '2026-11-30T06:02:00',
      progressEveryMs: 1,
      progress: () => {
        if (killed !== undefined) return;
        const [reader] = readers();
        assert.ok(reader, 'the reader process runs during the import');
        killed = reader.pid;
        process.kill(reader.pid, 'SIGKILL');
      },
    }),
  );
  await assert.rejects(importing, (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'INTERNAL');
    assert.match(
      error.message,
      /^the reader process for killed\.csv was killed \(SIGKILL\) before the end of the file$/,
    );
    assert.match(error.hint ?? '', /nothing of this file was imported: run the import again/);
    return true;
  });
  assert.ok(killed !== undefined);
  assert.equal(count(db), before);
  assert.ok(readFileSync(db).equals(bytesBefore), 'plant.db is byte-for-byte unchanged');
});

test('kill -9 of the importing process mid-file leaves no reader process and plant.db as it was', async () => {
  const db = freshDb();
  // 300,000 rows, ~25 MiB: over the size from which the reader process is used (no override)
  const file = largeFile('K', 300_000);
  const before = count(db);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AIRGAP_AGENT_IMPORT_PROGRESS_MS: '100',
    AIRGAP_AGENT_IMPORT_CACHE_KIB: '512',
  };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  delete env.AIRGAP_AGENT_IMPORT_READER;
  const importer = spawn(path.join(appRoot(), 'bin', 'airgap-agent'), ['import', 'quality_data', file, '--db', db], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stderr = '';
  let reader: { pid: number; cmdline: string } | undefined;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no progress line in time: ${stderr}`)), 120_000);
    importer.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (reader === undefined && /import quality_data: (\d{3}|\d{1,3},\d{3}),\d{3} rows/.test(stderr)) {
        reader = childrenOf(importer.pid!).find((entry) => entry.cmdline.includes('import-reader'));
        clearTimeout(timer);
        importer.kill('SIGKILL');
        resolve();
      }
    });
    importer.on('exit', () => (clearTimeout(timer), resolve()));
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    importer.exitCode !== null || importer.signalCode !== null
      ? resolve(importer.signalCode)
      : importer.on('exit', (_code, exitSignal) => resolve(exitSignal)),
  );
  assert.equal(signal, 'SIGKILL', `the import was killed mid-way (stderr: ${stderr})`);
  assert.ok(reader, `a reader process ran beside the import: ${JSON.stringify(childrenOf(importer.pid!))}`);
  assert.match(reader.cmdline, new RegExp(`import-reader ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.equal(await gone(reader.pid), true, 'the reader exits once its importer is gone');
  if (existsSync(`${db}-journal`)) recoverInterruptedImport(db);
  assert.equal(count(db), before);
  assert.equal(count(db, "SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE 'K%'"), 0);
  const handle = openSqlite(db, { readonly: true });
  try {
    assert.deepEqual(handle.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
  } finally {
    handle.close();
  }
});

test('the wire: coded and plain batches come back as they were; the dictionaries stay bounded', () => {
  const encoder = new BatchEncoder();
  const decoder = new BatchDecoder();
  const batches = [
    [
      { row: 2, cells: ['a', '', 'x'.repeat(65)] },
      { row: 3, cells: ['a', 'b'] },
      { row: 7, cells: ['c', 'b', 'd', 'e'] },
    ],
    [{ row: 8, cells: [1.5, new Date(Date.UTC(2026, 10, 30)), null, true, 'text'] }],
    [{ row: 9, cells: ['a\u0000b', 'c'] }],
    Array.from({ length: 9000 }, (_, index) => ({ row: 10 + index, cells: [`v${index}`, 'a'] })),
    [{ row: 9010, cells: ['v8999', 'v1', 'a'] }],
  ];
  const kinds: string[] = [];
  for (const batch of batches) {
    const wire = encoder.encode(batch, 100);
    kinds.push(wire.kind);
    // through V8's serializer, as over the IPC channel
    const copy = structuredClone(wire);
    assert.deepEqual(decoder.decode(copy), batch);
    if (wire.kind === 'coded') assert.ok(wire.added.every(([, values]) => values.length <= 4096));
  }
  assert.deepEqual(kinds, ['coded', 'plain', 'plain', 'coded', 'coded']);
});

test('import-reader is hidden, and refuses to run without an importer', async () => {
  let stdout = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } };
  assert.equal(await main(['--help'], io), 0);
  assert.match(stdout, /\n {2}import /);
  assert.doesNotMatch(stdout, /import-reader/);
  // run as a command (no IPC channel): a usage error
  const started = spawn(
    path.join(appRoot(), 'bin', 'airgap-agent'),
    ['import-reader', path.join(plants.dir, 'x.csv')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  started.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => started.on('close', (exitCode) => resolve(exitCode)));
  assert.equal(code, 2, stderr);
  assert.match(stderr, /import-reader runs only inside an import \(it needs the IPC channel\)/);
});
