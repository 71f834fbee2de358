import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync as readFileSyncBuffer, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAgentDb, SCHEMA_VERSION } from './agent-db.js';
import { AuditWriter } from './audit.js';
import { openSqlite } from './sqlite.js';
import {
  archiveAuditRows,
  backupDatabase,
  diskSpace,
  listBackups,
  listPreUpgradeSnapshots,
  optimizeDatabase,
  pruneRotatedLogs,
  runMaintenance,
} from './maintenance.js';

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'maintenance-'));
}

const NOW = new Date('2026-11-25T02:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

function seedAudit(file: string): void {
  const db = openAgentDb(file);
  const audit = new AuditWriter(db, { flushMs: 60_000 });
  for (const [index, age] of [200, 120, 91, 89, 10, 0].entries()) {
    audit.write({
      origin: 'agent',
      tool_name: `tool_${index}`,
      parameters: { index },
      duration_ms: index,
      success: index % 2 === 0,
      session_id: 's1',
      created_at: daysAgo(age),
    });
  }
  audit.close();
  db.close();
}

const count = (db: ReturnType<typeof openSqlite>, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('audit rows older than the retention move to the archive with every column, newer ones stay', () => {
  const dir = tempDir();
  const file = path.join(dir, 'agent.db');
  seedAudit(file);
  const db = openAgentDb(file);
  const before = db.prepare('SELECT * FROM tool_call_log WHERE created_at < ? ORDER BY id').all(daysAgo(90));
  const result = archiveAuditRows(db, { retentionDays: 90, now: NOW });
  assert.equal(result.archived, 3);
  assert.equal(result.cutoff, daysAgo(90));
  assert.equal(count(db, 'tool_call_log'), 3);
  assert.deepEqual(db.prepare('SELECT * FROM tool_call_log_archive ORDER BY id').all(), before);
  // a second run finds nothing more to move
  assert.equal(archiveAuditRows(db, { retentionDays: 90, now: NOW }).archived, 0);
  assert.equal(count(db, 'tool_call_log_archive'), 3);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a failing archive changes nothing (one transaction)', () => {
  const dir = tempDir();
  const file = path.join(dir, 'agent.db');
  seedAudit(file);
  const db = openAgentDb(file);
  // make the delete fail after the copy succeeded
  db.exec("CREATE TRIGGER no_delete BEFORE DELETE ON tool_call_log BEGIN SELECT RAISE(ABORT, 'deletes refused'); END;");
  assert.throws(() => archiveAuditRows(db, { retentionDays: 90, now: NOW }), /deletes refused/);
  assert.equal(count(db, 'tool_call_log'), 6);
  assert.equal(count(db, 'tool_call_log_archive'), 0);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the online backup is a restorable copy, checked and renamed, and only the newest N are kept', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'agent.db');
  seedAudit(file);
  const db = openAgentDb(file);
  const backups = path.join(dir, 'backups');
  const made: string[] = [];
  for (let hour = 0; hour < 4; hour++) {
    const result = await backupDatabase(db, { dir: backups, keep: 2, now: new Date(NOW.getTime() + hour * 3_600_000) });
    made.push(result.file);
    assert.ok(result.bytes > 0);
  }
  assert.deepEqual(listBackups(backups), made.slice(2));
  assert.ok(!readdirSync(backups).some((name) => name.endsWith('.partial')));
  // restore: copy the newest backup over a fresh path and open it as agent.db
  db.prepare(
    "INSERT INTO tool_call_log (origin, tool_name, parameters, duration_ms, success, created_at) VALUES ('agent','after_backup','{}',0,1,?)",
  ).run(NOW.toISOString());
  db.close();
  const restored = openAgentDb(made[3]!);
  assert.equal(restored.pragma('user_version', { simple: true }), SCHEMA_VERSION);
  assert.equal(count(restored, 'tool_call_log'), 6);
  assert.equal(restored.pragma('integrity_check', { simple: true }), 'ok');
  restored.close();
  rmSync(dir, { recursive: true, force: true });
});

test('pre-upgrade snapshots are named apart and survive the nightly rotation; they are kept by their own rule', async () => {
  const dir = tempDir();
  const db = openAgentDb(path.join(dir, 'agent.db'));
  const backups = path.join(dir, 'backups');
  const at = (hour: number) => new Date(NOW.getTime() + hour * 3_600_000);
  // a snapshot from an earlier release's spelling, then two upgrades
  const legacy = (await backupDatabase(db, { dir: backups, keep: 5, now: at(0) })).file.replace(/\.db$/, '');
  const legacyName = `${legacy}-pre-v0.0.9.db`;
  writeFileSync(legacyName, readFileSyncBuffer(`${legacy}.db`));
  rmSync(`${legacy}.db`);
  const first = await backupDatabase(db, { dir: backups, keep: 2, now: at(1), preUpgrade: '0.1.0' });
  const second = await backupDatabase(db, { dir: backups, keep: 2, now: at(2), preUpgrade: '0.1.0+upgrade.1' });
  assert.equal(path.basename(first.file), 'agent-pre-v0.1.0-20261125T030000Z.db');
  assert.equal(path.basename(second.file), 'agent-pre-v0.1.0+upgrade.1-20261125T040000Z.db');
  // the older spelling was the oldest of three with keep 2: removed by the snapshot rule
  assert.deepEqual(second.removed, [legacyName]);
  // nights of rotation with keep 1 never touch the snapshots
  for (let night = 3; night < 7; night++) await backupDatabase(db, { dir: backups, keep: 1, now: at(night) });
  assert.equal(listBackups(backups).length, 1);
  assert.deepEqual(listPreUpgradeSnapshots(backups), [first.file, second.file]);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a backup into an unwritable place fails with a hint and leaves no partial file', async () => {
  const dir = tempDir();
  const db = openAgentDb(path.join(dir, 'agent.db'));
  const blocker = path.join(dir, 'not-a-folder');
  writeFileSync(blocker, 'x');
  await assert.rejects(backupDatabase(db, { dir: path.join(blocker, 'backups'), keep: 1, now: NOW }), (error: Error) =>
    /backups|ENOTDIR|EEXIST/.test(error.message),
  );
  await assert.rejects(backupDatabase(db, { dir: path.join(dir, 'b'), keep: 0, now: NOW }), /at least 1/);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('optimize runs and checkpoints the WAL', () => {
  const dir = tempDir();
  const file = path.join(dir, 'agent.db');
  seedAudit(file);
  const db = openAgentDb(file);
  db.prepare(
    "INSERT INTO tool_call_log (origin, tool_name, parameters, duration_ms, success, created_at) VALUES ('agent','x','{}',0,1,?)",
  ).run(NOW.toISOString());
  assert.ok(statSync(`${file}-wal`).size > 0, 'the insert sits in the WAL');
  assert.deepEqual(optimizeDatabase(db), { checkpointed: true });
  // TRUNCATE leaves an empty WAL file behind
  assert.equal(statSync(`${file}-wal`).size, 0);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('disk space warns below the thresholds and names what to do', () => {
  const dir = tempDir();
  const plenty = diskSpace(dir, { minFreeBytes: 1, minFreeRatio: 0 });
  assert.equal(plenty.warning, undefined);
  assert.ok(plenty.freeBytes > 0 && plenty.totalBytes >= plenty.freeBytes);
  const low = diskSpace(path.join(dir, 'not', 'yet', 'there'), { minFreeBytes: Number.MAX_SAFE_INTEGER });
  assert.match(low.warning ?? '', /free of .* remove old backups/);
  rmSync(dir, { recursive: true, force: true });
});

test('runMaintenance archives, optimizes, backs up and reports the disk', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'agent.db');
  seedAudit(file);
  const db = openAgentDb(file);
  const report = await runMaintenance({
    db,
    retentionDays: 30,
    backupDir: path.join(dir, 'backups'),
    keep: 3,
    now: NOW,
    diskDirs: [dir, dir],
  });
  assert.equal(report.archive.archived, 4);
  assert.equal(report.disk.length, 1);
  db.close();
  const copy = openSqlite(report.backup.file, { readonly: true });
  assert.equal(count(copy, 'tool_call_log_archive'), 4);
  assert.equal(count(copy, 'tool_call_log'), 2);
  copy.close();
  rmSync(dir, { recursive: true, force: true });
});

test('rotated logs beyond keep are removed per name, never the newest', () => {
  const dir = tempDir();
  for (const name of [
    'agent.1.log',
    'agent.2.log',
    'agent.3.log',
    'agent.10.log',
    'maintenance.4.log',
    'current.log',
    'other.txt',
  ])
    writeFileSync(path.join(dir, name), 'x');
  assert.deepEqual(
    pruneRotatedLogs(dir, 2).map((file) => path.basename(file)),
    ['agent.1.log', 'agent.2.log'],
  );
  assert.deepEqual(readdirSync(dir).sort(), [
    'agent.10.log',
    'agent.3.log',
    'current.log',
    'maintenance.4.log',
    'other.txt',
  ]);
  assert.deepEqual(
    pruneRotatedLogs(dir, 0).map((file) => path.basename(file)),
    ['agent.3.log'],
  );
  assert.deepEqual(pruneRotatedLogs(path.join(dir, 'missing'), 1), []);
  rmSync(dir, { recursive: true, force: true });
});

test('a backup is a standalone file: no -wal or -shm left beside it', async () => {
  const dir = tempDir();
  const db = openAgentDb(path.join(dir, 'agent.db'));
  const result = await backupDatabase(db, { dir: path.join(dir, 'b'), keep: 1, now: NOW });
  assert.deepEqual(readdirSync(path.join(dir, 'b')), [path.basename(result.file)]);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('finished tasks older than the retention are deleted, then the oldest while their results take too much; unfinished ones stay', async () => {
  const { pruneTasks } = await import('./maintenance.js');
  const dir = tempDir();
  const db = openAgentDb(path.join(dir, 'agent.db'));
  const insert = db.prepare(
    "INSERT INTO tasks (task_id, session_id, question, priority, state, answer, result, created_at, updated_at) VALUES (?, 's', 'q', 5, ?, 'a', ?, ?, ?)",
  );
  const big = 'x'.repeat(100_000);
  const rows: Array<[string, string, number]> = [
    ['old-1', 'success', 120],
    ['old-2', 'failed', 95],
    ['mid-1', 'success', 30],
    ['mid-2', 'cancelled', 20],
    ['new-1', 'success', 1],
    ['waiting', 'waiting_input', 200],
    ['running', 'running', 150],
  ];
  for (const [id, state, age] of rows) insert.run(id, state, big, daysAgo(age), daysAgo(age));
  db.prepare(
    "INSERT INTO approvals (approval_id, task_id, skill, arguments, state, created_at) VALUES ('ap-1', 'old-1', 'x', '{}', 'approved', ?)",
  ).run(daysAgo(120));
  const result = pruneTasks(db, { retentionDays: 90, maxBytes: 450_000, now: NOW });
  const left = (db.prepare('SELECT task_id FROM tasks ORDER BY task_id').all() as Array<{ task_id: string }>).map(
    (row) => row.task_id,
  );
  // old-1, old-2 by age; mid-1 by size (5 results of 100 kB > 450 kB → the oldest finished one goes)
  assert.deepEqual(left, ['mid-2', 'new-1', 'running', 'waiting']);
  assert.equal(result.deleted, 3);
  assert.ok(result.bytesBefore > 700_000 && result.bytesAfter <= 400_010, JSON.stringify(result));
  assert.equal(count(db, 'approvals'), 0);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
