import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import { openSqlite } from '../store/sqlite.js';
import { appRoot } from '../runtime/self.js';
import { importFile, importerChecksForeignKeys, recoverInterruptedImport, type ImportOptions } from './importer.js';
import { tableSpec } from './contract.js';
import { loadMapping, parseMapping } from './mapping.js';
import { formatReport } from './report.js';
import { query, testPlants } from './test-plant.js';

const plants = testPlants('import', 4000);
const freshDb = (): string => plants.fresh();

const IMPORTED_AT = '2026-11-30T06:02:00';

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  return env;
}

const count = (db: string, table = 'quality_data'): number =>
  query<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`)[0]!.n;

function run(options: Omit<ImportOptions, 'importedAt'>) {
  return importFile({ importedAt: IMPORTED_AT, ...options });
}

// A typical Chinese MES export: GBK, Chinese headers, 2026/11/30 dates, 白班/夜班, 毛刺, thousands separators
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

const MES_ROWS = [
  '产线,日期,班次,批次号,检验数量,不良数量,不良类型,检验员,记录时间,备注',
  'A线,2026/11/30,白班,A20261130D001,"1,200",12,毛刺,张伟,2026/11/30 9:15,',
  'A线,2026/11/30,夜班,A20261130N001,480,0,无,张伟,2026/11/30 21:40,夜班抽检',
  'B线,2026/11/30,白班,B20261130D001,320,9,裂纹,李娜,2026/11/30 10:05,',
];

test('a GBK CSV with Chinese headers is imported through a mapping; the encoding is reported', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'mes-质检-20261130.csv');
  writeFileSync(file, iconv.encode(`${MES_ROWS.join('\r\n')}\r\n`, 'gbk'));
  const before = count(db);
  const report = await run({ db, table: 'quality_data', file, mapping: parseMapping(MES_MAPPING, 'mes.yaml') });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.match(report.source?.encoding ?? '', /gb18030/);
  assert.equal(report.source?.delimiter, 'comma');
  assert.deepEqual([report.written, report.inserted, report.rejected], [3, 3, 0]);
  assert.deepEqual(report.ignoredColumns, ['备注']);
  assert.equal(report.dataUpTo, '2026-11-30T21:40:00');
  assert.equal(count(db), before + 3);
  const rows = query<Record<string, unknown>>(
    db,
    'SELECT line_id, record_date, shift, inspected_qty, defect_qty, defect_type, inspector, ' +
      "recorded_at, product FROM quality_data WHERE batch_no LIKE '%20261130%' ORDER BY batch_no",
  );
  assert.deepEqual(rows[0], {
    line_id: 'A',
    record_date: '2026-11-30',
    shift: 'day',
    inspected_qty: 1200,
    defect_qty: 12,
    defect_type: 'burr',
    inspector: '张伟',
    recorded_at: '2026-11-30T09:15:00',
    product: rows[0]!.product,
  });
  assert.equal(rows[1]!.shift, 'night');
  assert.equal(rows[1]!.defect_type, null);
  assert.equal(rows[2]!.defect_type, 'crack');
  // product filled from the line
  const product = query<{ product: string }>(db, "SELECT product FROM production_lines WHERE line_id = 'A'")[0]!
    .product;
  assert.equal(rows[0]!.product, product);
  assert.match(formatReport(report), /encoding gb18030/);
});

test('a UTF-8 CSV with a BOM, semicolons and the contract headers', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'bom.csv');
  const text = [
    'line_id;record_date;shift;batch_no;product;inspected_qty;defect_qty;defect_type;inspector;recorded_at',
    'C;2026-11-30;day;C20261130D001;精密轴套;900;4;dimension;王芳;2026-11-30 08:40',
    'C;2026年11月30日;night;C20261130N001;精密轴套;"1.250";0;;王芳;2026-11-30T22:10:00',
  ].join('\n');
  writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
  const report = await run({ db, table: 'quality_data', file });
  // "1.250" is not a count (a European thousands separator): rejected, nothing written
  assert.equal(report.status, 'rejected');
  assert.equal(report.source?.encoding, 'utf-8 (BOM)');
  assert.equal(report.source?.delimiter, 'semicolon');
  assert.equal(report.problems[0]!.row, 3);
  assert.equal(report.problems[0]!.column, 'inspected_qty');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace('"1.250"', '1250'), 'utf8')]),
  );
  const fixed = await run({ db, table: 'quality_data', file });
  assert.equal(fixed.status, 'imported', formatReport(fixed));
  assert.deepEqual(query(db, "SELECT record_date, inspected_qty FROM quality_data WHERE batch_no = 'C20261130N001'"), [
    { record_date: '2026-11-30', inspected_qty: 1250 },
  ]);
});

test('an XLSX written by exceljs (date cells, numbers, a title row) is imported', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'work-orders.xlsx');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('工单');
  sheet.addRow(['设备维修工单导出 2026-11-30']);
  sheet.addRow([
    '工单号',
    '设备',
    '产线',
    '优先级',
    '状态',
    '标题',
    '现象',
    '原因',
    '处理',
    '负责人',
    '开单时间',
    '关闭时间',
  ]);
  sheet.addRow([
    9001,
    'B-PRESS-03',
    'B',
    'P1',
    '已关闭',
    'B-PRESS-03 冲压机异常振动',
    '冲压机异常振动',
    '地脚螺栓松动',
    '紧固地脚螺栓',
    1,
    new Date(Date.UTC(2026, 10, 29, 10, 15)),
    new Date(Date.UTC(2026, 10, 29, 13, 40)),
  ]);
  sheet.addRow([
    9002,
    null,
    'A',
    'P2',
    '处理中',
    'A线 传送带跑偏',
    '传送带跑偏',
    null,
    null,
    2,
    '2026-11-30 08:05',
    null,
  ]);
  await workbook.xlsx.writeFile(file);
  const mapping = parseMapping(
    `
table: work_orders
header_row: 2
columns:
  工单号: order_id
  设备: equipment_id
  产线: line_id
  优先级: priority
  状态: { to: status, map: { 已关闭: closed, 处理中: open } }
  标题: title
  现象: symptom
  原因: root_cause
  处理: resolution
  负责人: assignee_id
  开单时间: opened_at
  关闭时间: closed_at
`,
    'excel.yaml',
  );
  const report = await run({ db, table: 'work_orders', file, mapping });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.equal(report.source?.format, 'xlsx');
  assert.deepEqual(
    query(
      db,
      'SELECT order_id, equipment_id, status, opened_at, closed_at FROM work_orders WHERE order_id >= 9001 ORDER BY order_id',
    ),
    [
      {
        order_id: 9001,
        equipment_id: 'B-PRESS-03',
        status: 'closed',
        opened_at: '2026-11-29T10:15:00',
        closed_at: '2026-11-29T13:40:00',
      },
      { order_id: 9002, equipment_id: null, status: 'open', opened_at: '2026-11-30T08:05:00', closed_at: null },
    ],
  );
});

test('bad rows of every kind: the file is rejected, nothing written, each problem names row, column, value, rule and fix', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'bad.csv');
  const header =
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at';
  const good = 'A,2026-11-30,day,A20261130D101,铰链,480,2,burr,张伟,2026-11-30 09:00';
  const bad: Array<[string, string, RegExp]> = [
    ['Q,2026-11-30,day,Q1,铰链,480,2,burr,张伟,2026-11-30 09:00', 'line_id', /exists in production_lines/],
    ['A,2026-02-30,day,A2,铰链,480,2,burr,张伟,2026-11-30 09:00', 'record_date', /a day that exists/],
    ['A,11/30/2026,day,A3,铰链,480,2,burr,张伟,2026-11-30 09:00', 'record_date', /a date/],
    ['A,2026-11-30,早班,A4,铰链,480,2,burr,张伟,2026-11-30 09:00', 'shift', /one of day, night/],
    ['A,2026-11-30,day,A5,铰链,四百,2,burr,张伟,2026-11-30 09:00', 'inspected_qty', /a whole number/],
    ['A,2026-11-30,day,A6,铰链,480,500,burr,张伟,2026-11-30 09:00', 'defect_qty', /defect_qty ≤ inspected_qty/],
    ['A,2026-11-30,day,A7,铰链,480,-1,burr,张伟,2026-11-30 09:00', 'defect_qty', /≥ 0/],
    ['A,2026-11-30,day,A8,铰链,480,2,rust,张伟,2026-11-30 09:00', 'defect_type', /exists in defect_types/],
    ['A,2026-11-30,day,,铰链,480,2,burr,张伟,2026-11-30 09:00', 'batch_no', /required/],
    ['A,2026-11-30,day,A10,铰链,480,2,burr,张伟,2026-11-30 25:00', 'recorded_at', /a time from/],
    ['A,2026-11-30,day,A11,铰链,0,0,,张伟,2026-11-30 09:00', 'inspected_qty', /≥ 1/],
  ];
  writeFileSync(file, [header, good, ...bad.map(([line]) => line)].join('\n'));
  const before = count(db);
  const bytesBefore = readFileSync(db);
  const report = await run({ db, table: 'quality_data', file });
  assert.equal(report.status, 'rejected');
  assert.equal(report.rejected, bad.length);
  bad.forEach(([line, column, rule], index) => {
    const found = report.problems.find((problem) => problem.row === index + 3);
    assert.ok(found, `row ${index + 3} (${line}) is reported`);
    assert.equal(found.column, column, line);
    assert.match(found.rule, rule, line);
    assert.ok(found.fix.length > 10, `a fix for ${line}`);
    assert.equal(found.file, 'bad.csv');
  });
  assert.equal(report.problems.find((problem) => problem.row === 4)!.value, '2026-02-30');
  assert.equal(count(db), before);
  assert.ok(readFileSync(db).equals(bytesBefore), 'plant.db is byte-for-byte unchanged');
  const text = formatReport(report);
  assert.match(text, /REJECTED — nothing was written/);
  assert.match(text, /bad\.csv row 6, column shift: value "早班" — rule: one of day, night; fix: map/);
});

test('repeated values: a bad one is reported on every row it is on, a good one gives the same value each time', async () => {
  // the importer keeps the checked value of repeated cells per column (up to 1,024 distinct ones)
  const db = freshDb();
  const file = path.join(plants.dir, 'repeated.csv');
  const lines = [
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at',
  ];
  const badRows: number[] = [];
  for (let index = 0; index < 1500; index++) {
    const bad = index % 300 === 7;
    if (bad) badRows.push(lines.length + 1);
    const line = bad ? 'Q' : index % 2 ? ' A ' : 'A';
    lines.push(
      `${line},2026-11-${10 + (index % 3)},${index % 2 ? 'Night' : 'day'},REP${index},铰链,480,${bad ? 500 : 2},burr,张伟,2026-11-12 09:00`,
    );
  }
  writeFileSync(file, lines.join('\n'));
  const report = await run({
    db,
    table: 'quality_data',
    file,
    rejectFile: path.join(plants.dir, 'repeated-rejects.csv'),
  });
  assert.equal(report.status, 'imported');
  assert.equal(report.rejected, badRows.length);
  assert.equal(report.written, 1500 - badRows.length);
  for (const row of badRows) {
    const found = report.problems.filter((problem) => problem.row === row);
    assert.deepEqual(
      found.map((problem) => problem.column),
      ['line_id'],
      `row ${row}: Q is reported each time (defect_qty is checked only on rows whose cells are all good)`,
    );
  }
  const stored = query<{ line_id: string; shift: string; n: number }>(
    db,
    "SELECT line_id, shift, count(*) AS n FROM quality_data WHERE batch_no LIKE 'REP%' GROUP BY line_id, shift ORDER BY shift",
  );
  assert.deepEqual(stored, [
    { line_id: 'A', shift: 'day', n: 750 - badRows.filter((row) => row % 2 === 0).length },
    { line_id: 'A', shift: 'night', n: 750 - badRows.filter((row) => row % 2 === 1).length },
  ]);
  assert.deepEqual([report.firstDate, report.lastDate, report.days], ['2026-11-10', '2026-11-12', 3]);
});

test("missing columns are named, with the file's own headers and how to map them", async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'chinese-headers.csv');
  writeFileSync(file, MES_ROWS.join('\n'));
  const report = await run({ db, table: 'quality_data', file });
  assert.equal(report.status, 'rejected');
  assert.match(
    report.problems[0]!.rule,
    /columns line_id, record_date, shift, batch_no, inspected_qty, defect_qty, inspector are required/,
  );
  assert.match(report.problems[0]!.value, /产线 \| 日期/);
  assert.match(report.problems[0]!.fix, /--mapping/);
});

test('--reject-file: bad rows go there, the rest is imported; --dry-run writes nothing', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'partly.csv');
  writeFileSync(
    file,
    iconv.encode([...MES_ROWS, 'C线,2026/11/30,白班,C1,900,1,毛刺,王芳,2026/11/30 9:00,'].join('\n'), 'gb18030'),
  );
  const mapping = parseMapping(MES_MAPPING, 'mes.yaml');
  const before = count(db);
  const dry = await run({
    db,
    table: 'quality_data',
    file,
    mapping,
    dryRun: true,
    rejectFile: path.join(plants.dir, 'dry-rejects.csv'),
  });
  assert.equal(dry.status, 'dry-run');
  assert.deepEqual([dry.written, dry.rejected], [3, 1]);
  assert.equal(count(db), before);
  assert.equal(existsSync(path.join(plants.dir, 'dry-rejects.csv')), false);
  assert.equal(query(db, "SELECT name FROM sqlite_schema WHERE name = 'import_files'").length, 0);
  const rejectFile = path.join(plants.dir, 'rejects.csv');
  const report = await run({ db, table: 'quality_data', file, mapping, rejectFile });
  assert.equal(report.status, 'imported');
  assert.deepEqual([report.written, report.rejected], [3, 1]);
  assert.equal(count(db), before + 3);
  const rejects = readFileSync(rejectFile, 'utf8');
  assert.ok(rejects.startsWith('\uFEFFrow,产线,'));
  assert.match(rejects, /^5,C线,.*产线: a line_id that exists in production_lines/m);
});

test('a re-import is recognised (ledger); a corrected export updates by batch_no; --replace-range replaces the day', async () => {
  const db = freshDb();
  const mapping = parseMapping(MES_MAPPING, 'mes.yaml');
  const file = path.join(plants.dir, 'day.csv');
  writeFileSync(file, iconv.encode(MES_ROWS.join('\n'), 'gbk'));
  const before = count(db);
  assert.equal((await run({ db, table: 'quality_data', file, mapping })).status, 'imported');
  const again = await run({ db, table: 'quality_data', file, mapping });
  assert.equal(again.status, 'skipped');
  assert.equal(again.previous?.imported_at, IMPORTED_AT);
  assert.match(formatReport(again), /already imported/);
  assert.equal(count(db), before + 3);
  // a corrected export: one batch's figures change, the same batches
  writeFileSync(file, iconv.encode(MES_ROWS.join('\n').replace('"1,200",12', '"1,200",15'), 'gbk'));
  const corrected = await run({ db, table: 'quality_data', file, mapping });
  assert.deepEqual([corrected.status, corrected.inserted, corrected.updated], ['imported', 0, 3]);
  assert.equal(count(db), before + 3);
  assert.deepEqual(query(db, "SELECT defect_qty FROM quality_data WHERE batch_no = 'A20261130D001'"), [
    { defect_qty: 15 },
  ]);
  // the day re-exported for line A without the night batch: --replace-range drops it, line B's day is kept
  writeFileSync(file, iconv.encode(MES_ROWS.slice(0, 2).join('\n'), 'gbk'));
  const replaced = await run({ db, table: 'quality_data', file, mapping, replaceRange: true });
  assert.equal(replaced.status, 'imported', formatReport(replaced));
  assert.equal(replaced.replaced, 1);
  assert.deepEqual(
    query<{ batch_no: string }>(
      db,
      "SELECT batch_no FROM quality_data WHERE record_date = '2026-11-30' AND batch_no LIKE '%20261130%' ORDER BY batch_no",
    ).map((row) => row.batch_no),
    ['A20261130D001', 'B20261130D001'],
  );
  assert.equal(query(db, 'SELECT * FROM import_files').length, 3);
  assert.equal(query<{ r: string }>(db, 'PRAGMA integrity_check').length, 1);
});

test("an import that grows a table by more than a quarter refreshes SQLite's statistics; a small one keeps them", async () => {
  const db = freshDb();
  const stats = (): string[] =>
    query<{ idx: string; stat: string }>(
      db,
      "SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'quality_data' AND idx IS NOT NULL ORDER BY idx",
    ).map((row) => `${row.idx} ${row.stat}`);
  const rowsBefore = count(db);
  const header =
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at';
  const csv = (prefix: string, rows: number): string => {
    const file = path.join(plants.dir, `${prefix}.csv`);
    const lines = [header];
    for (let index = 0; index < rows; index++)
      lines.push(`B,2026-12-0${1 + (index % 5)},day,${prefix}${index},铰链,480,1,burr,张伟,2026-12-01 09:00`);
    writeFileSync(file, lines.join('\n'));
    return file;
  };
  const small = await run({ db, table: 'quality_data', file: csv('S', 20) });
  assert.equal(small.status, 'imported', formatReport(small));
  const kept = stats();
  assert.ok(kept.length >= 3, `the seeded plant has statistics: ${kept.join('; ')}`);
  assert.ok(
    kept.every((line) => Number(line.split(' ')[1]) === rowsBefore),
    kept.join('; '),
  );
  const large = await run({ db, table: 'quality_data', file: csv('L', rowsBefore) });
  assert.equal(large.status, 'imported', formatReport(large));
  const refreshed = stats();
  // every index's row count is the table's new size: ANALYZE ran inside the import's transaction
  assert.ok(
    refreshed.every((line) => Number(line.split(' ')[1]) === count(db)),
    refreshed.join('; '),
  );
});

test('kill -9 in the middle of a large import leaves plant.db as it was (integrity ok)', async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'large.csv');
  const lines = [
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at',
  ];
  for (let index = 0; index < 300_000; index++)
    lines.push(`A,2026-11-30,day,K${index},铰链,480,${index % 5},burr,张伟,2026-11-30 09:00`);
  writeFileSync(file, lines.join('\n'));
  const before = count(db);
  const ledger = query(db, 'SELECT count(*) AS n FROM sqlite_schema').length;
  const child = spawn(path.join(appRoot(), 'bin', 'airgap-agent'), ['import', 'quality_data', file, '--db', db], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...cleanEnv(), AIRGAP_AGENT_IMPORT_PROGRESS_MS: '100', AIRGAP_AGENT_IMPORT_CACHE_KIB: '512' },
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no progress line in time: ${stderr}`)), 120_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // rows are being written inside the transaction: kill it now
      // rows are being written, and (a 512 KiB page cache) pages have reached the database file
      if (/import quality_data: (\d{3}|\d{1,3},\d{3}),\d{3} rows/.test(stderr)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.signalCode)
      : child.on('exit', (_code, signal) => resolve(signal)),
  );
  assert.equal(exit, 'SIGKILL', `the import was killed mid-way (stderr: ${stderr})`);
  assert.ok(existsSync(`${db}-journal`), 'a hot journal is left behind');
  const journal = readFileSync(`${db}-journal`);
  assert.notEqual(journal[0], 0, 'the journal header is written (pages reached the database file): it is hot');
  // a read-only reader cannot roll it back; the watcher's recovery (the next writer) does
  assert.equal(recoverInterruptedImport(db), true);
  assert.equal(existsSync(`${db}-journal`), false);
  const handle = openSqlite(db, { readonly: true });
  try {
    assert.deepEqual(handle.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
    assert.equal((handle.prepare('SELECT count(*) AS n FROM quality_data').get() as { n: number }).n, before);
    assert.equal(
      (handle.prepare("SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE 'K%'").get() as { n: number }).n,
      0,
    );
  } finally {
    handle.close();
  }
  assert.equal(query(db, 'SELECT count(*) AS n FROM sqlite_schema').length, ledger);
});

test('the shipped example mappings (deploy/import-mappings) import files shaped like their exports', async () => {
  const folder = path.join(appRoot(), 'deploy', 'import-mappings');
  const db = freshDb();
  const mes = path.join(plants.dir, '质检日报20261130.csv');
  writeFileSync(
    mes,
    iconv.encode(
      [
        '产线,生产日期,班次,批次号,产品名称,检验数量,不良数量,不良类型,检验员,记录时间',
        'A线,2026/11/30,早班,A20261130D201,车门铰链,"1,000",3,毛刺,张伟,2026/11/30 9:05',
        'D线,2026/11/30,晚班,D20261130N201,电机壳体,150,0,无,赵强,2026/11/30 22:30',
      ].join('\r\n'),
      'gb18030',
    ),
  );
  const quality = await run({
    db,
    table: 'quality_data',
    file: mes,
    mapping: loadMapping(path.join(folder, 'mes-quality.yaml')),
  });
  assert.equal(quality.status, 'imported', formatReport(quality));
  assert.equal(quality.written, 2);
  const xlsx = path.join(plants.dir, '维修工单202611.xlsx');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('工单');
  sheet.addRow(['设备维修工单导出']);
  sheet.addRow([
    '工单号',
    '设备编号',
    '产线',
    '优先级',
    '状态',
    '标题',
    '故障现象',
    '原因分析',
    '处理措施',
    '负责人工号',
    '开单时间',
    '关闭时间',
  ]);
  sheet.addRow([
    9101,
    'B-PRESS-03',
    'B',
    '高',
    '已完成',
    'B-PRESS-03 异响',
    '冲压机异响',
    '润滑不足',
    '加注润滑脂',
    2,
    new Date(Date.UTC(2026, 10, 28, 9, 0)),
    '2026/11/28 11:30',
  ]);
  sheet.addRow(['合计：1 单']);
  sheet.addRow(['导出 2026-12-01 王芳']);
  await workbook.xlsx.writeFile(xlsx);
  const orders = await run({
    db,
    table: 'work_orders',
    file: xlsx,
    mapping: loadMapping(path.join(folder, 'excel-work-orders.yaml')),
  });
  assert.equal(orders.status, 'imported', formatReport(orders));
  assert.deepEqual(
    orders.skippedRows.map((entry) => entry.why),
    ['a total row', 'skip_rows: 工单号'],
  );
  assert.deepEqual(query(db, 'SELECT priority, status, closed_at FROM work_orders WHERE order_id = 9101'), [
    { priority: 'P1', status: 'closed', closed_at: '2026-11-28T11:30:00' },
  ]);
  const equipment = path.join(plants.dir, '设备台账.csv');
  writeFileSync(
    equipment,
    '设备编号,产线,设备名称,设备类型,状态,上次保养,下次保养\nB-PRESS-05,B,5号冲压机,PRESS,待机,1.11.2026,1.12.2026\n',
  );
  const machines = await run({
    db,
    table: 'equipment',
    file: equipment,
    mapping: loadMapping(path.join(folder, 'equipment.yaml')),
  });
  assert.equal(machines.status, 'imported', formatReport(machines));
  assert.deepEqual(
    query(db, "SELECT status, last_maintenance, next_maintenance FROM equipment WHERE equipment_id = 'B-PRESS-05'"),
    [{ status: 'idle', last_maintenance: '2026-11-01', next_maintenance: '2026-12-01' }],
  );
});

test("SQLite's foreign-key checks are left off only where the importer checks every key itself", async () => {
  const db = freshDb();
  const verdicts = (): Record<string, boolean> => {
    const handle = openSqlite(db);
    try {
      return Object.fromEntries(
        ['quality_data', 'production_lines', 'equipment', 'work_orders', 'quality_incidents', 'rotations'].map(
          (table) => [table, importerChecksForeignKeys(handle, tableSpec(table)!)],
        ),
      );
    } finally {
      handle.close();
    }
  };
  assert.deepEqual(verdicts(), {
    quality_data: true, // its one key (line_id) is checked against production_lines
    production_lines: false, // referenced by quality rows, equipment, work orders…
    equipment: false, // referenced by work orders
    work_orders: false, // referenced by quality_incidents
    quality_incidents: true,
    rotations: true,
  });
  const handle = openSqlite(db);
  handle.exec('DELETE FROM quality_incidents; DELETE FROM defect_types');
  handle.close();
  // an empty defect_types is not checked by the importer (a demo extra), so SQLite must check it
  assert.equal(verdicts().quality_incidents, false);
  // with the checks off, a quality row naming an unknown line is still refused, by the importer's rule
  const file = path.join(plants.dir, 'unknown-line.csv');
  writeFileSync(
    file,
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at\n' +
      'Z,2026-11-30,day,FK1,铰链,480,2,burr,张伟,2026-11-30 09:00\n',
  );
  const report = await run({ db, table: 'quality_data', file });
  assert.equal(report.status, 'rejected');
  assert.match(report.problems[0]!.rule, /a line_id that exists in production_lines/);
  assert.equal(query<{ n: number }>(db, "SELECT count(*) AS n FROM quality_data WHERE line_id = 'Z'")[0]!.n, 0);
});

test("a reference differing only in case takes the table's spelling (Burr → burr, a → A)", async () => {
  const db = freshDb();
  const file = path.join(plants.dir, 'case.csv');
  writeFileSync(
    file,
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at\n' +
      'a,2026-11-30,Day,CASE-1,铰链,100,2,Burr,张伟,2026-11-30 09:00\n' +
      'B,2026-11-30,day,CASE-2,铰链,100,1,SCRATCH,张伟,2026-11-30 09:00\n',
  );
  const report = await run({ db, table: 'quality_data', file });
  assert.equal(report.status, 'imported', formatReport(report));
  assert.deepEqual(
    query(db, "SELECT line_id, shift, defect_type FROM quality_data WHERE batch_no LIKE 'CASE-%' ORDER BY batch_no"),
    [
      { line_id: 'A', shift: 'day', defect_type: 'burr' },
      { line_id: 'B', shift: 'day', defect_type: 'scratch' },
    ],
  );
});
