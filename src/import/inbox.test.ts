/**
 * The drop folder: partial files are not read (stable size/mtime, or a
 * .done marker), good files go to done/, bad ones to failed/ with a report;
 * and end to end: the running service picks a file up and the next answer
 * uses the new figures (the query cache is invalidated), without a restart.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { seedTestPlant } from '../seed/testing.js';
import { openSqlite } from '../store/sqlite.js';
import { InboxWatcher } from './inbox.js';
import { readFreshness } from './freshness.js';
import { inboxReport, QUALITY_HEADER as HEADER } from './test-plant.js';
import { liveCookie, startLiveService } from '../http/testing/live.js';
import { OPERATOR } from '../http/testing/helpers.js';
import { dataOf, readSse } from '../http/testing/sse-client.js';

let dir: string;
let pristine: string;
before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'inbox-'));
  pristine = seedTestPlant({ dir, rows: 4000, docs: false }).db;
});
after(() => rmSync(dir, { recursive: true, force: true }));

const silent = pino({ level: 'silent' });

function setup(name: string, importConfig: Record<string, unknown> = {}) {
  const root = path.join(dir, name);
  mkdirSync(root, { recursive: true });
  const db = path.join(root, 'plant.db');
  copyFileSync(pristine, db);
  const config = configFromObject(
    { plant: { db }, import: { inbox: path.join(root, 'inbox'), stable_ms: 300, poll_ms: 100, ...importConfig } },
    root,
  );
  return { root, db, config, inbox: path.join(root, 'inbox'), watcher: new InboxWatcher({ config, log: silent }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a file still being written is not read; once stable it is imported and moved to done/ with a report', async () => {
  const { inbox, watcher, db, config } = setup('stable');
  mkdirSync(inbox, { recursive: true });
  const file = path.join(inbox, 'quality_data-2026-11-30.csv');
  writeFileSync(file, `${HEADER}\nA,2026-11-30,day,A20261130D001,铰链,480,3,burr,张伟,2026-11-30 09:00\n`);
  assert.deepEqual(await watcher.scanOnce(), [], 'first sight: not yet stable');
  writeFileSync(
    file,
    `${HEADER}\nA,2026-11-30,day,A20261130D001,铰链,480,3,burr,张伟,2026-11-30 09:00\nA,2026-11-30,day,A20261130D002,铰链,480,1,burr,张伟,2026-11-30 10:00\n`,
  );
  assert.deepEqual(await watcher.scanOnce(), [], 'it grew: still not read');
  await sleep(400);
  const results = await watcher.scanOnce();
  assert.equal(results.length, 1);
  assert.equal(results[0]!.outcome, 'imported');
  assert.equal(results[0]!.report?.written, 2);
  assert.equal(existsSync(file), false);
  assert.equal(readdirSync(path.join(inbox, 'done')).length, 2);
  const report = inboxReport(inbox, 'done', '');
  assert.match(report, /IMPORTED quality_data-2026-11-30\.csv → quality_data/);
  assert.match(report, /imported 2 rows into quality_data/);
  const handle = openSqlite(db, { readonly: true });
  assert.equal(
    (
      handle.prepare("SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE 'A20261130D00%'").get() as {
        n: number;
      }
    ).n,
    2,
  );
  handle.close();
  const fresh = readFreshness(config);
  assert.equal(fresh.data_up_to, '2026-11-30T10:00:00');
  assert.match(fresh.message, /^data up to 2026-11-30 10:00 \(imported/);
});

test('a .done marker makes a file ready at once; a bad file goes to failed/ with the problems; an unknown name says how to name it', async () => {
  const { inbox, watcher, config } = setup('marker', { stable_ms: 60_000 });
  mkdirSync(inbox, { recursive: true });
  writeFileSync(
    path.join(inbox, 'quality_data-bad.csv'),
    iconv.encode(`${HEADER}\nA,2026-11-30,早班,A1,铰链,480,3,burr,张伟,2026-11-30 09:00\n`, 'gbk'),
  );
  writeFileSync(path.join(inbox, 'quality_data-bad.csv.done'), '');
  writeFileSync(path.join(inbox, 'export.csv'), `${HEADER}\n`);
  writeFileSync(path.join(inbox, 'export.csv.done'), '');
  writeFileSync(path.join(inbox, 'quality_data-later.csv'), `${HEADER}\n`);
  const results = await watcher.scanOnce();
  assert.deepEqual(
    results.map((result) => [result.file, result.outcome]),
    [
      ['export.csv', 'failed'],
      ['quality_data-bad.csv', 'failed'],
    ],
  );
  const badReport = inboxReport(inbox, 'failed', 'quality_data-bad.csv');
  assert.match(badReport, /REJECTED/);
  assert.match(badReport, /row 2, column shift: value "早班" — rule: one of day, night/);
  const unknown = inboxReport(inbox, 'failed', 'export.csv');
  assert.match(unknown, /start the file name with the table/);
  assert.equal(existsSync(path.join(inbox, 'quality_data-bad.csv.done')), false, 'the marker is removed');
  assert.ok(existsSync(path.join(inbox, 'quality_data-later.csv')), 'no marker, not stable: left alone');
  assert.equal(readFreshness(config).inbox.failed, 2);
  assert.match(readFreshness(config).message, /2 file\(s\) in inbox\/failed/);
});

/** A typical MES export (GBK, Chinese headers) in the inbox, and the mapping for it in root/mappings. */
function mesExport(root: string, inbox: string, batchNo: string): void {
  mkdirSync(path.join(root, 'mappings'), { recursive: true });
  writeFileSync(
    path.join(root, 'mappings', 'mes.yaml'),
    'table: quality_data\nmatch: "质检日报*.csv"\ncolumns:\n  产线: line_id\n  日期: record_date\n  班次: { to:' +
      ' shift, map: { 白班: day, 夜班: night } }\n  批次: batch_no\n  检验数: inspected_qty\n  不良数: ' +
      'defect_qty\n  检验员: inspector\n',
  );
  mkdirSync(inbox, { recursive: true });
  writeFileSync(
    path.join(inbox, '质检日报20261130.csv'),
    iconv.encode(`产线,日期,班次,批次,检验数,不良数,检验员\nB,2026/11/30,夜班,${batchNo},320,4,李娜\n`, 'gbk'),
  );
}

test('a mapping in import.mappings_dir is chosen by its match glob', async () => {
  const { root, inbox, watcher } = setup('mapped', { mappings_dir: 'mappings', stable_ms: 0 });
  mesExport(root, inbox, 'B20261130N001');
  const results = await watcher.scanOnce();
  assert.equal(results[0]?.outcome, 'imported', JSON.stringify(results[0]?.report?.problems ?? results[0]?.error));
  assert.equal(results[0]!.table, 'quality_data');
});

test('end to end: the running service imports a dropped file and answers from it without a restart', async () => {
  const live = await startLiveService({});
  try {
    const cookie = await liveCookie(live.url, OPERATOR);
    const ask = async (question: string) => {
      const accepted = (await (
        await fetch(`${live.url}/api/tasks`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify({ question }),
        })
      ).json()) as { task_id: string };
      const { events } = await readSse(
        await fetch(`${live.url}/api/tasks/${accepted.task_id}/events`, {
          headers: { Cookie: cookie, Accept: 'text/event-stream' },
        }),
      );
      return dataOf(events.find((event) => event.event === 'answer')!) as { answer: string };
    };
    const question = "What was line A's defect rate on 2026-11-28?";
    const first = await ask(question);
    assert.match(first.answer, /Line A/);
    const inbox = path.join(live.dir, 'var', 'inbox');
    mkdirSync(inbox, { recursive: true });
    const rows = [HEADER];
    for (let index = 0; index < 10_000; index++)
      rows.push(`A,2026-11-28,day,X${index},铰链,100,50,burr,张伟,2026-11-28 12:00`);
    const started = performance.now();
    writeFileSync(path.join(inbox, 'quality_data-x.csv.part'), rows.join('\n'));
    // the export job renames the file when it is complete, as copy tools do
    renameSync(path.join(inbox, 'quality_data-x.csv.part'), path.join(inbox, 'quality_data-x.csv'));
    for (let tries = 0; tries < 200 && !existsSync(path.join(inbox, 'done')); tries++) await sleep(100);
    const second = await ask(question);
    const elapsed = Math.round(performance.now() - started);
    assert.notEqual(second.answer, first.answer, 'the answer uses the imported rows');
    assert.match(second.answer, /4\d\.\d\d ?%/, `the rate now near 50 %: ${second.answer}`);
    const status = (await (await fetch(`${live.url}/api/status`, { headers: { Cookie: cookie } })).json()) as {
      data: { message: string };
    };
    assert.match(status.data.message, /data up to/);
    const ready = (await (await fetch(`${live.url}/readyz`)).json()) as { checks: Record<string, { detail: string }> };
    assert.match(ready.checks.plant_data!.detail, /data up to .*\(imported/);
    process.stderr.write(`# inbox → answer: ${elapsed} ms for 10,000 rows\n`);
  } finally {
    await live.close();
  }
});

test('`airgap-agent import --watch` stays up, imports what lands, and stops on SIGTERM', async () => {
  const { spawn } = await import('node:child_process');
  const { appRoot } = await import('../runtime/self.js');
  const { root, inbox } = setup('watch-cli');
  const configFile = path.join(root, 'config.yaml');
  writeFileSync(
    configFile,
    `plant:\n  db: ${path.join(root, 'plant.db')}\nimport:\n  inbox: ${inbox}\n  stable_ms: 200\n  ` +
      `poll_ms: 100\nlog:\n  dir: ${path.join(root, 'log')}\n  level: silent\n`,
  );
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  const child = spawn(path.join(appRoot(), 'bin', 'airgap-agent'), ['--config', configFile, 'import', '--watch'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    mkdirSync(inbox, { recursive: true });
    writeFileSync(
      path.join(inbox, 'quality_data-cli.csv'),
      `${HEADER}\nB,2026-11-30,day,B20261130D301,支架,320,2,crack,李娜,2026-11-30 09:00\n`,
    );
    for (let tries = 0; tries < 150 && !existsSync(path.join(inbox, 'done')); tries++) await sleep(100);
    assert.ok(existsSync(path.join(inbox, 'done')), 'the watcher imported the file');
    assert.equal(child.exitCode, null, 'still running');
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
});

function collectingLog() {
  const lines: Array<{ msg: string; file?: string }> = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

/** the service's watcher: every import in a worker process (import-process.ts) */
function workerSetup(name: string, importConfig: Record<string, unknown> = {}) {
  const made = setup(name, importConfig);
  const { lines, log } = collectingLog();
  return { ...made, lines, watcher: new InboxWatcher({ config: made.config, log, worker: true }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function qualityRows(db: string): number {
  const handle = openSqlite(db, { readonly: true });
  try {
    return (handle.prepare('SELECT count(*) AS n FROM quality_data').get() as { n: number }).n;
  } finally {
    handle.close();
  }
}

function integrity(db: string): string {
  const handle = openSqlite(db, { readonly: true });
  try {
    return (handle.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  } finally {
    handle.close();
  }
}

/** a file large enough that its import is still writing when the test stops it (~0.3 s to write here) */
function largeExport(file: string, rows: number): void {
  const lines = [HEADER];
  for (let index = 0; index < rows; index++)
    lines.push(`C,2026-11-29,night,W${index},支架,100,${index % 7},crack,王芳,2026-11-29 22:00`);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function untilWriting(watcher: InboxWatcher, db: string): Promise<number> {
  // the worker has started and its transaction has written a page (the rollback journal exists)
  for (let tries = 0; tries < 600; tries++) {
    const pid = watcher.current?.pid;
    if (pid !== undefined && existsSync(`${db}-journal`)) return pid;
    await sleep(20);
  }
  throw new Error('the worker never started writing');
}

test('worker mode (the service): each import runs in its own process, with the same reports, mapping and failures', async () => {
  const { root, inbox, watcher, db } = workerSetup('worker', { mappings_dir: 'mappings', stable_ms: 0 });
  mesExport(root, inbox, 'B20261130N101');
  writeFileSync(
    path.join(inbox, 'quality_data-bad.csv'),
    `${HEADER}\nA,2026-11-30,早班,A1,铰链,480,3,burr,张伟,2026-11-30 09:00\n`,
  );
  // a file the worker cannot read: the importer's own error and fix come back through the IPC channel
  writeFileSync(path.join(inbox, 'quality_data-empty.xlsx'), Buffer.from([0, 0, 0, 0, 0x1f, 0x8b, 0, 0]));
  const before = qualityRows(db);
  const results = await watcher.scanOnce();
  assert.deepEqual(
    results.map((result) => [result.file, result.outcome]),
    [
      ['quality_data-bad.csv', 'failed'],
      ['quality_data-empty.xlsx', 'failed'],
      ['质检日报20261130.csv', 'imported'],
    ],
  );
  for (const result of results) {
    assert.ok(result.pid !== undefined && result.pid !== process.pid, `${result.file}: imported in another process`);
    assert.equal(alive(result.pid), false, `${result.file}: the worker has ended`);
  }
  assert.equal(new Set(results.map((result) => result.pid)).size, 3, 'one worker per file');
  assert.equal(results[2]!.report?.written, 1);
  assert.match(results[2]!.report?.source?.encoding ?? '', /^gb18030/);
  assert.equal(qualityRows(db), before + 1);
  const report = (name: string) => inboxReport(inbox, 'failed', name);
  assert.match(report('quality_data-bad.csv'), /row 2, column shift: value "早班" — rule: one of day, night/);
  assert.equal(results[1]!.report, undefined);
  assert.match(results[1]!.error ?? '', /quality_data-empty\.xlsx/);
  assert.match(results[1]!.error ?? '', /fix: /, 'the AppError keeps its fix across the process boundary');
  assert.match(report('quality_data-empty.xlsx'), /NOT IMPORTED/);
  assert.equal(watcher.current, undefined);
});

test(
  'worker mode: a worker killed mid-file (kill -9) fails the file with a clear report; stopping the service ' +
    'mid-file leaves it in the inbox; the next start rolls back and imports it',
  async () => {
    const { inbox, watcher, db, lines, config } = workerSetup('worker-kill', { stable_ms: 0 });
    mkdirSync(inbox, { recursive: true });
    const file = path.join(inbox, 'quality_data-large.csv');
    largeExport(file, 300_000);
    const before = qualityRows(db);

    // 1. the out-of-memory killer takes the worker: nothing written, the file to failed/ saying so
    const scan = watcher.scanOnce();
    const pid = await untilWriting(watcher, db);
    process.kill(pid, 'SIGKILL');
    const [killed] = await scan;
    assert.equal(killed?.outcome, 'failed');
    assert.match(
      killed!.error!,
      /the import process for quality_data-large\.csv was killed \(SIGKILL\) before it finished/,
    );
    assert.match(killed!.error!, /nothing of this file was imported .* move it from failed\/ back into the inbox/);
    assert.equal(existsSync(file), false);

    // 2. moved back; the service stops while the worker writes: stop() ends it, the file stays in the inbox
    renameSync(killed!.movedTo, file);
    watcher.start();
    const second = await untilWriting(watcher, db);
    await watcher.stop();
    assert.equal(alive(second), false, 'the worker was stopped with the service');
    assert.ok(existsSync(file), 'the file is still in the inbox');
    assert.equal(existsSync(path.join(inbox, 'done')), false, 'nothing was moved to done/');
    assert.ok(
      lines.some((line) => line.msg.startsWith('inbox-import-stopped')),
      'the stop is logged',
    );
    assert.ok(existsSync(`${db}-journal`), 'the stopped transaction left its journal (rolled back by the next writer)');

    // 3. the next start: the worker rolls the journal back, then imports the whole file once
    const next = collectingLog();
    const restarted = new InboxWatcher({ config, log: next.log, worker: true });
    const [imported] = await restarted.scanOnce({ ignoreStability: true });
    assert.equal(imported?.outcome, 'imported', imported?.error);
    assert.equal(imported!.report?.written, 300_000);
    assert.ok(
      next.lines.some((line) => line.msg === 'inbox-rolled-back-interrupted-import' && line.file === db),
      'the rollback is logged',
    );
    assert.equal(existsSync(`${db}-journal`), false);
    assert.equal(qualityRows(db), before + 300_000);
    assert.equal(integrity(db), 'ok');
  },
);
