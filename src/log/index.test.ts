/**
 * The rotating log file of short-lived processes (issue 29's log-rotation check): each CLI run writes a few
 * lines and exits before pino-roll's roll (it waits for the stream to drain). Real pino-roll, real processes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adoptFolderOwner, fullFileNext, pruneRolled, sizeBytes } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

test('sizes as pino-roll reads them', () => {
  assert.equal(sizeBytes('1k'), 1024);
  assert.equal(sizeBytes('10m'), 10 * 1024 ** 2);
  assert.equal(sizeBytes('512b'), 512);
  assert.equal(sizeBytes(2), 2 * 1024 ** 2);
});

test('a full file names the next one; a file with room, or not numbered, does not', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'log-next-'));
  try {
    writeFileSync(path.join(dir, 'cli.3.log'), 'x'.repeat(1024));
    writeFileSync(path.join(dir, 'cli.4.log'), 'x'.repeat(10));
    assert.equal(fullFileNext(path.join(dir, 'cli.3.log'), '1k'), path.join(dir, 'cli.4.log'));
    assert.equal(fullFileNext(path.join(dir, 'cli.4.log'), '1k'), undefined);
    assert.equal(fullFileNext(path.join(dir, 'missing.7.log'), '1k'), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pruning keeps the newest `keep` rolled files of that name besides the current one, no other name', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'log-prune-'));
  try {
    for (const name of ['cli.1.log', 'cli.2.log', 'cli.3.log', 'cli.10.log', 'cli.current.log', 'service.1.log'])
      writeFileSync(path.join(dir, name), '');
    pruneRolled(dir, 'cli', 2);
    assert.deepEqual(readdirSync(dir).sort(), [
      'cli.10.log',
      'cli.2.log',
      'cli.3.log',
      'cli.current.log',
      'service.1.log',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** One CLI-like run in its own process: log a line, exit as soon as it is in the file (no wait for a drain). */
function runOnce(dir: string): void {
  const script = path.join(dir, '..', `${path.basename(dir)}-run.mts`);
  writeFileSync(
    script,
    `import { readFileSync, readdirSync } from 'node:fs';\n` +
      `import { initLogging, flushLogs } from ${JSON.stringify(path.join(here, 'index.ts'))};\n` +
      `const dir = ${JSON.stringify(dir)};\n` +
      `const log = await initLogging({ config: { log: { dir, level: 'info', ` +
      `file: { enabled: true, size: '1k', frequency: 'daily', keep: 3 } } } as never, fileName: 'maintenance' });\n` +
      `log.info({ run: process.pid }, 'maintenance-step');\n` +
      `const written = () =>\n` +
      `  readdirSync(dir).some((f) => /^maintenance\\.\\d+\\.log$/.test(f) &&\n` +
      `    readFileSync(dir + '/' + f, 'utf8').includes('"run":' + process.pid));\n` +
      `while (!written()) await new Promise((resolve) => setTimeout(resolve, 5));\n` +
      `flushLogs();\nprocess.exit(0);\n`,
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
  rmSync(script, { force: true });
  assert.equal(result.status, 0, result.stderr);
}

test('a run that starts on a full file writes to the next one; the full one is left as it was', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'log-runs-'));
  try {
    writeFileSync(path.join(dir, 'maintenance.1.log'), `${'{"old":1}\n'.repeat(120)}`);
    const before = statSync(path.join(dir, 'maintenance.1.log')).size;
    runOnce(dir);
    assert.equal(statSync(path.join(dir, 'maintenance.1.log')).size, before, 'the full file is not appended to');
    assert.match(readFileSync(path.join(dir, 'maintenance.2.log'), 'utf8'), /maintenance-step/);
    runOnce(dir);
    assert.ok(!existsSync(path.join(dir, 'maintenance.3.log')), 'a file with room is written on');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('rolling at the start keeps log.file.keep rolled files besides the current one', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'log-keep-'));
  try {
    for (let number = 1; number <= 5; number++)
      writeFileSync(path.join(dir, `maintenance.${number}.log`), `${'{"old":1}\n'.repeat(120)}`);
    runOnce(dir);
    const files = readdirSync(dir)
      .filter((file) => /^maintenance\.\d+\.log$/.test(file))
      .sort();
    assert.deepEqual(files, ['maintenance.3.log', 'maintenance.4.log', 'maintenance.5.log', 'maintenance.6.log']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a log file root made belongs to the log folder's owner (root running a CLI command)", (context) => {
  if (process.getuid?.() !== 0) {
    context.skip('needs root to give a file away');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'log-owner-'));
  try {
    chownSync(dir, 65534, 65534);
    const file = path.join(dir, 'cli.1.log');
    writeFileSync(file, '');
    adoptFolderOwner(file, dir);
    assert.deepEqual([statSync(file).uid, statSync(file).gid], [65534, 65534]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lazyChild: made on the first line at a level that is on, with its bindings and those set since', async () => {
  const { default: pino } = await import('pino');
  const { lazyChild } = await import('./index.js');
  const lines: Array<Record<string, unknown>> = [];
  const parent = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let made = 0;
  const child = parent.child;
  parent.child = function (this: typeof parent, ...args: Parameters<typeof parent.child>) {
    made++;
    return child.apply(this, args);
  } as typeof parent.child;
  const log = lazyChild(parent, { trace: 't1' });
  log.info({ a: 1 }, 'below the level');
  log.debug('below too');
  log.setBindings({ user: 'otto' });
  assert.equal(made, 0, 'nothing made for lines that are dropped');
  assert.equal(lines.length, 0);
  log.warn({ b: 2 }, 'written');
  log.error('again');
  assert.equal(made, 1, 'made once');
  assert.deepEqual(
    lines.map((line) => [line.msg, line.trace, line.user]),
    [
      ['written', 't1', 'otto'],
      ['again', 't1', 'otto'],
    ],
  );
  assert.equal(log.level, 'warn');
  assert.equal(lazyChild(parent, { x: 1 }).child({ y: 2 }).bindings().x, 1, "a child's child has both");
});
