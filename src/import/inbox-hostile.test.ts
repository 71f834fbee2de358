/**
 * The drop folder against a hostile writer (issue 29): a member of the inbox's group may write anything
 * there, name it anything, link it to anything, swap it while it is read, and keep writing after it looks
 * complete. Each test builds the attack with real files, links, renames and processes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { AppError } from '../errors.js';
import { importFile } from './importer.js';
import { appRoot } from '../runtime/self.js';
import { InboxWatcher, inboxState } from './inbox.js';
import { QUALITY_HEADER as HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('inbox-hostile', 200);
const silent = pino({ level: 'silent' });

function setup(name: string, importConfig: Record<string, unknown> = {}) {
  const root = path.join(plants.dir, name);
  mkdirSync(root, { recursive: true });
  const db = plants.fresh();
  const inbox = path.join(root, 'inbox');
  mkdirSync(inbox, { recursive: true });
  const config = configFromObject(
    { plant: { db }, import: { inbox, stable_ms: 0, poll_ms: 100, ...importConfig } },
    root,
  );
  return { root, db, inbox, config, watcher: new InboxWatcher({ config, log: silent }) };
}

const GOOD_ROW = 'A,2026-11-30,day,HOSTILE1,铰链,480,3,burr,张伟,2026-11-30 09:00';

test('N14: a file name with a newline or terminal escapes is shown escaped on the console and in the report', () => {
  const { root, inbox, db } = setup('names');
  const forged = 'quality_data-a.csv\n2026-12-05T08:00:00 IMPORTED quality_data-ok.csv → quality_data';
  const escapes = 'quality_data-\u001b[2J\u001b[31mred\u202egpj.csv';
  writeFileSync(path.join(inbox, forged), `${HEADER}\nA,2026-11-30,早班,X1,铰链,480,3,burr,张伟,2026-11-30 09:00\n`);
  writeFileSync(path.join(inbox, escapes), `${HEADER}\n${GOOD_ROW}\n`);
  const configFile = path.join(root, 'config.yaml');
  writeFileSync(
    configFile,
    `plant:\n  db: ${db}\nimport:\n  inbox: ${inbox}\nlog:\n  dir: ${path.join(root, 'log')}\n  level: silent\n`,
  );
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  const run = spawnSync(
    path.join(appRoot(), 'bin', 'airgap-agent'),
    ['--config', configFile, 'import', '--inbox-once'],
    { encoding: 'utf8', env },
  );
  assert.equal(run.status, 1, run.stderr); // one file failed
  const console = run.stdout;
  assert.doesNotMatch(console, /[\u001b\u202e]/, 'no escape character reaches the terminal');
  const lines = console.trimEnd().split('\n');
  assert.equal(lines.length, 2, `one line per file:\n${console}`);
  assert.ok(
    lines.some((line) => line.startsWith('quality_data-a.csv\\n2026-12-05T08:00:00 IMPORTED quality_data-ok.csv')),
    console,
  );
  assert.ok(
    lines.some((line) => line.startsWith('quality_data-\\x1b[2J\\x1b[31mred\\u202egpj.csv: imported')),
    console,
  );
  for (const folder of ['done', 'failed']) {
    for (const entry of readdirSync(path.join(inbox, folder)).filter((name) => name.endsWith('.report.txt'))) {
      const report = readFileSync(path.join(inbox, folder, entry), 'utf8');
      assert.doesNotMatch(report, /[\u001b\u202e]/, `${folder}/${entry}`);
      assert.doesNotMatch(report, /^2026-12-05T08:00:00 IMPORTED quality_data-ok/m, 'no forged line');
      const first = report.split('\n')[0]!;
      assert.ok(first.includes('quality_data-a.csv\\n2026') || first.includes('\\x1b[2J'), first);
    }
  }
  assert.equal(existsSync(path.join(inbox, forged)), false);
});

/** a CSV of quality rows with batch numbers PREFIX1…PREFIXn */
function rows(prefix: string, count: number): string {
  const lines = [HEADER];
  for (let index = 1; index <= count; index++)
    lines.push(`B,2026-11-29,night,${prefix}${index},支架,100,${index % 7},crack,王芳,2026-11-29 22:00`);
  return `${lines.join('\n')}\n`;
}

function batches(db: string, prefix: string): number {
  return query<{ n: number }>(db, `SELECT count(*) AS n FROM quality_data WHERE batch_no LIKE '${prefix}%'`)[0]!.n;
}

function reports(inbox: string, folder: 'done' | 'failed'): string[] {
  const at = path.join(inbox, folder);
  if (!existsSync(at)) return [];
  return readdirSync(at)
    .filter((name) => name.endsWith('.report.txt'))
    .map((name) => readFileSync(path.join(at, name), 'utf8'));
}

test('N15: a symbolic link is refused and reported (not skipped for ever); what it points at is never read', async () => {
  const { root, inbox, db, watcher, config } = setup('symlink');
  const outside = path.join(root, 'outside.csv');
  writeFileSync(outside, rows('OUTSIDE', 3));
  symlinkSync(outside, path.join(inbox, 'quality_data-link.csv'));
  assert.equal(inboxState(inbox).pending.length, 1, 'the link counts as waiting until it is looked at');
  const results = await watcher.scanOnce();
  assert.deepEqual(
    results.map((result) => [result.file, result.outcome]),
    [['quality_data-link.csv', 'failed']],
  );
  const [report] = reports(inbox, 'failed');
  assert.match(
    report!,
    /quality_data-link\.csv is a symbolic link to .*outside\.csv: the inbox reads only files copied/,
  );
  assert.match(report!, /fix: copy the file itself into the inbox/);
  assert.equal(batches(db, 'OUTSIDE'), 0);
  assert.equal(readFileSync(outside, 'utf8'), rows('OUTSIDE', 3), 'the target is untouched');
  assert.equal(inboxState(config.import.inbox).failed.length, 1);
});

test('N15: a hard link is refused unread: its content never reaches the report', async () => {
  const { root, inbox, db, watcher } = setup('hardlink');
  const secret = path.join(root, 'secret.conf');
  writeFileSync(secret, 'llm_api_key=hunter2-do-not-show\n');
  linkSync(secret, path.join(inbox, 'quality_data-secret.csv'));
  const [result] = await watcher.scanOnce();
  assert.equal(result?.outcome, 'failed');
  const [report] = reports(inbox, 'failed');
  assert.match(report!, /is a hard link \(2 names for one file\): refused without reading it/);
  assert.doesNotMatch(report!, /hunter2/);
  assert.doesNotMatch(JSON.stringify(result), /hunter2/);
  assert.equal(batches(db, ''), batches(plants.pristine, ''), 'nothing written');
});

test('N15: a named pipe in the inbox is refused at once, without blocking the inbox', async () => {
  const { inbox, watcher } = setup('fifo');
  const made = spawnSync('mkfifo', [path.join(inbox, 'quality_data-pipe.csv')]);
  assert.equal(made.status, 0, 'mkfifo');
  writeFileSync(path.join(inbox, 'quality_data-good.csv'), rows('PIPEOK', 2));
  const results = await watcher.scanOnce();
  assert.deepEqual(results.map((result) => [result.file, result.outcome]).sort(), [
    ['quality_data-good.csv', 'imported'],
    ['quality_data-pipe.csv', 'failed'],
  ]);
  assert.ok(reports(inbox, 'failed').some((report) => /is a named pipe, not a regular file/.test(report)));
});

test('N6: a file swapped for a symlink while the inbox works never makes it read what the link points at', async () => {
  // a writer swaps the name between a real export and a link to a file outside the inbox, as fast as it can
  const { root, inbox, db, watcher } = setup('swap', { stable_ms: 0 });
  const outside = path.join(root, 'outside.csv');
  writeFileSync(outside, rows('SECRET', 5));
  const swapper = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('fs'); const path = require('path');
       const [inbox, outside, text] = process.argv.slice(1);
       const name = path.join(inbox, 'quality_data-swap.csv');
       for (let round = 0; ; round++) {
         const real = path.join(inbox, '.real' + round), link = path.join(inbox, '.link' + round);
         try { fs.writeFileSync(real, text.replace(/REAL/g, 'REAL' + round + 'x')); fs.renameSync(real, name); } catch {}
         try { fs.symlinkSync(outside, link); fs.renameSync(link, name); } catch {}
       }`,
      inbox,
      outside,
      rows('REAL', 2),
    ],
    { stdio: 'ignore' },
  );
  try {
    let looked = 0;
    for (let scans = 0; scans < 3000 && looked < 30; scans++) {
      const found = (await watcher.scanOnce()).length;
      looked += found;
      if (found === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(looked >= 30, `the inbox looked at ${looked} swapped files`);
  } finally {
    swapper.kill('SIGKILL');
  }
  assert.equal(batches(db, 'SECRET'), 0, 'the file outside the inbox was never imported');
  for (const report of [...reports(inbox, 'done'), ...reports(inbox, 'failed')])
    assert.doesNotMatch(report, /SECRET/, 'nor quoted in a report');
  assert.equal(readFileSync(outside, 'utf8'), rows('SECRET', 5));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting: ${what}`);
    await sleep(5);
  }
}

test('N7: an exporter that pauses after the file looked complete: nothing of the half is committed, the whole is', async () => {
  const { inbox, db, config } = setup('pause', { stable_ms: 1000 });
  const lines: Array<{ msg: string }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const watcher = new InboxWatcher({ config, log });
  const file = path.join(inbox, 'quality_data-slow.csv');
  // the exporter writes half, pauses longer than import.stable_ms, then writes the rest through the same handle
  const fd = openSync(file, 'w');
  writeSync(fd, rows('HALF', 1000));
  watcher.start();
  try {
    await until('the inbox takes the file once it looks complete', () => !existsSync(file));
    const rest = rows('HALF', 2000).split('\n').slice(1001).join('\n');
    writeSync(fd, rest);
    closeSync(fd);
    await until('the file is imported', () => reports(inbox, 'done').length > 0);
  } finally {
    await watcher.stop();
  }
  assert.equal(batches(db, 'HALF'), 2000, 'the whole file, never the half');
  assert.match(reports(inbox, 'done')[0]!, /imported 2,000 rows into quality_data/);
  assert.ok(
    lines.some((line) => line.msg.startsWith('inbox-file-still-written')),
    'the change is logged',
  );
});

test('N2: an importer killed with its file (the unit stopped, out of memory) leaves the file in failed/, not in the inbox', async () => {
  const { root, inbox, db } = setup('crash');
  const configFile = path.join(root, 'config.yaml');
  writeFileSync(
    configFile,
    `plant:\n  db: ${db}\nimport:\n  inbox: ${inbox}\n  stable_ms: 0\n  poll_ms: 100\n` +
      `log:\n  dir: ${path.join(root, 'log')}\n  level: silent\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, AIRGAP_AGENT_IMPORT_CACHE_KIB: '64' };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  const before = batches(db, '');
  writeFileSync(path.join(inbox, 'quality_data-big.csv'), rows('BIG', 300_000));
  const watch = spawn(path.join(appRoot(), 'bin', 'airgap-agent'), ['--config', configFile, 'import', '--watch'], {
    stdio: 'ignore',
    env,
    detached: true,
  });
  const exited = new Promise((resolve) => watch.on('exit', resolve));
  try {
    await until('the import process writes', () => existsSync(`${db}-journal`));
    assert.equal(
      existsSync(path.join(inbox, 'quality_data-big.csv')),
      false,
      'taken out of the inbox before it is read',
    );
  } finally {
    process.kill(-watch.pid!, 'SIGKILL'); // the watcher and its import process, as systemd stops a unit
  }
  await exited;
  // the next start (here: --inbox-once) fails the file it finds in .processing; a good file is imported
  writeFileSync(path.join(inbox, 'quality_data-next.csv'), rows('NEXT', 2));
  const once = spawnSync(
    path.join(appRoot(), 'bin', 'airgap-agent'),
    ['--config', configFile, 'import', '--inbox-once'],
    {
      encoding: 'utf8',
      env,
    },
  );
  assert.match(once.stdout, /quality_data-big\.csv: failed/);
  assert.match(once.stdout, /quality_data-next\.csv: imported/);
  assert.deepEqual(
    readdirSync(inbox).filter((name) => !name.startsWith('.') && name !== 'done' && name !== 'failed'),
    [],
    'nothing back in the inbox',
  );
  const [report] = reports(inbox, 'failed');
  assert.match(report!, /quality_data-big\.csv is a file whose import was interrupted: the importer stopped/);
  assert.match(report!, /nothing of it was written/);
  assert.equal(batches(db, 'BIG'), 0);
  assert.equal(batches(db, ''), before + 2);
  assert.deepEqual(query(db, 'PRAGMA integrity_check'), [{ integrity_check: 'ok' }]);
});

test('imports get a time limit: an inbox import past it is killed and its file failed with the limit named', async () => {
  const { inbox, db, config } = setup('slow-import');
  // 50 ms: no import process even starts that fast, so the kill always comes first
  const watcher = new InboxWatcher({ config, log: silent, worker: true, timeLimitMs: 50, killGraceMs: 0 });
  writeFileSync(path.join(inbox, 'quality_data-long.csv'), rows('LONG', 50_000));
  const [result] = await watcher.scanOnce();
  assert.equal(result?.outcome, 'failed');
  assert.match(
    result!.error!,
    /took longer than import\.max_seconds \(0\.05 s\) and was stopped: nothing of it was written/,
  );
  assert.match(
    reports(inbox, 'failed')[0]!,
    /fix: split the export into smaller files .* or raise import\.max_seconds/,
  );
  assert.equal(existsSync(path.join(inbox, 'quality_data-long.csv')), false);
  // the next import (with time enough) rolls back whatever the killed one left, and nothing of it is there
  const next = new InboxWatcher({ config, log: silent, worker: true });
  writeFileSync(path.join(inbox, 'quality_data-after.csv'), rows('AFTER', 1));
  assert.equal((await next.scanOnce())[0]?.outcome, 'imported');
  assert.equal(batches(db, 'LONG'), 0);
});

test('an import past its deadline stops between batches, in the importer or its reader process (the CLI by hand)', async () => {
  const file = path.join(plants.dir, 'deadline.csv');
  writeFileSync(file, rows('DEAD', 20));
  for (const reader of ['inline', 'child']) {
    process.env.AIRGAP_AGENT_IMPORT_READER = reader;
    const db = plants.fresh();
    try {
      await assert.rejects(
        importFile({
          db,
          table: 'quality_data',
          file,
          importedAt: '2026-12-05T08:00:00',
          deadline: { at: Date.now() - 1, seconds: 900 },
        }),
        (error: unknown) =>
          error instanceof AppError &&
          error.code === 'IMPORT_TIMEOUT' &&
          /import\.max_seconds \(900 s\)/.test(error.message),
      );
    } finally {
      delete process.env.AIRGAP_AGENT_IMPORT_READER;
    }
    assert.equal(batches(db, 'DEAD'), 0, reader);
  }
});

test('N7: the rename protocol: a file seen as NAME.part, then renamed, is complete at once (no stability wait)', async () => {
  const { inbox, db, watcher } = setup('rename', { stable_ms: 60_000 });
  const part = path.join(inbox, 'quality_data-copy.csv.part');
  writeFileSync(part, rows('COPY', 10).slice(0, 200)); // a slow copy, half there
  assert.deepEqual(await watcher.scanOnce(), [], 'a .part file is never read');
  writeFileSync(part, rows('COPY', 10));
  renameSync(part, path.join(inbox, 'quality_data-copy.csv'));
  const [result] = await watcher.scanOnce();
  assert.equal(result?.outcome, 'imported', 'renamed from a name seen as partial: complete, without waiting 60 s');
  assert.equal(batches(db, 'COPY'), 10);
  // a file that just appeared under its final name still waits until it is stable
  writeFileSync(path.join(inbox, 'quality_data-direct.csv'), rows('DIRECT', 2));
  assert.deepEqual(await watcher.scanOnce(), []);
});
