/**
 * Files created by the appliance are its user's alone (issue 12): the real
 * CLI run as a process under umask 022 (a login shell's) creates agent.db,
 * its WAL, the backup folder and backup, the log folder and log file 0600 /
 * 0700 — created with the mode, whatever the caller's umask.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');

const mode = (file: string): string => (statSync(file).mode & 0o777).toString(8);

test('under umask 022 the CLI creates state, backups and logs 0600 in 0700 folders', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'modes-'));
  try {
    const config = path.join(dir, 'agent.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        state: { db: path.join(dir, 'var', 'agent.db') },
        log: { level: 'info', dir: path.join(dir, 'var', 'log') },
      }),
    );
    execFileSync(
      'sh',
      [
        '-c',
        'umask 022; exec "$0" --import tsx "$1" --config "$2" maintenance --backup-dir "$3"',
        process.execPath,
        entry,
        config,
        path.join(dir, 'var', 'backups'),
      ],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
    const expect: Array<[string, string]> = [
      [path.join(dir, 'var'), '700'],
      [path.join(dir, 'var', 'agent.db'), '600'],
      [path.join(dir, 'var', 'backups'), '700'],
      [path.join(dir, 'var', 'log'), '700'],
    ];
    for (const name of readdirSync(path.join(dir, 'var', 'backups')))
      expect.push([path.join(dir, 'var', 'backups', name), '600']);
    for (const name of readdirSync(path.join(dir, 'var', 'log')))
      expect.push([path.join(dir, 'var', 'log', name), '600']);
    for (const name of readdirSync(path.join(dir, 'var')).filter((name) => /agent\.db-(wal|shm)$/.test(name)))
      expect.push([path.join(dir, 'var', name), '600']);
    assert.ok(
      expect.some(([file]) => file.includes(`${path.sep}backups${path.sep}`)),
      'a backup was written',
    );
    assert.ok(
      expect.some(([file]) => /\.log$/.test(file)),
      'a log file was written',
    );
    assert.deepEqual(
      expect.map(([file]) => [path.relative(dir, file), mode(file)]),
      expect.map(([file, wanted]) => [path.relative(dir, file), wanted]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
