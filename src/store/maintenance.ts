/**
 * Keeping agent.db small and safe on a plant PC with a small disk (run daily
 * by the airgap-agent-maintenance timer):
 * - audit rows older than `audit.retention_days` move to tool_call_log_archive
 *   (one transaction: copied, then deleted — never lost);
 * - `PRAGMA optimize` and a WAL checkpoint;
 * - an online backup with the SQLite backup API (better-sqlite3 `db.backup`),
 *   checked with `PRAGMA quick_check`, keeping the newest N (pre-upgrade
 *   snapshots, agent-pre-v<version>-<stamp>.db, are kept by their own rule);
 * - rotated log files beyond `log.file.keep` removed;
 * - a disk-space warning for the data and log folders.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';

const AUDIT_COLUMNS =
  'id, session_id, trace_id, origin, server, tool_name, parameters, purpose, result_summary, duration_ms, success, cached, error_code, attempt, created_at';

export interface ArchiveResult {
  archived: number;
  /** rows created before this instant were archived (ISO 8601 UTC) */
  cutoff: string;
}

/** Move audit rows older than `retentionDays` (relative to `now`) into tool_call_log_archive. */
export function archiveAuditRows(db: SqliteDatabase, options: { retentionDays: number; now: Date }): ArchiveResult {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 86_400_000).toISOString();
  const copy = db.prepare(
    `INSERT INTO tool_call_log_archive (${AUDIT_COLUMNS}) SELECT ${AUDIT_COLUMNS} FROM tool_call_log WHERE created_at < ?`,
  );
  const remove = db.prepare('DELETE FROM tool_call_log WHERE created_at < ?');
  const archived = db.transaction(() => {
    const copied = copy.run(cutoff).changes;
    const removed = remove.run(cutoff).changes;
    if (copied !== removed) {
      // cannot happen inside one transaction; refuse rather than lose rows
      throw new AppError('DB_ERROR', `audit archive mismatch: copied ${copied} rows but would delete ${removed}`, {
        hint: 'nothing was changed; run `airgap-agent doctor` and report this',
      });
    }
    return copied;
  })();
  return { archived, cutoff };
}

export interface TaskPruneResult {
  /** finished tasks deleted (older than the retention, then the oldest while over the size) */
  deleted: number;
  /** bytes of stored answers and results before and after */
  bytesBefore: number;
  bytesAfter: number;
  cutoff: string;
}

const FINAL = "state IN ('success', 'failed', 'cancelled')";

/**
 * Delete finished tasks (and their approvals) older than `retentionDays`, then
 * the oldest finished ones while the stored answers and results still take
 * more than `maxBytes`. Tasks not yet finished are never touched.
 */
export function pruneTasks(
  db: SqliteDatabase,
  options: { retentionDays: number; maxBytes: number; now: Date },
): TaskPruneResult {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 86_400_000).toISOString();
  const size = (): number =>
    (
      db
        .prepare(
          'SELECT COALESCE(SUM(LENGTH(CAST(result AS BLOB))), 0) + COALESCE(SUM(LENGTH(CAST(answer AS BLOB))), 0) AS n FROM tasks',
        )
        .get() as { n: number }
    ).n;
  const bytesBefore = size();
  const removeOne = (where: string, ...params: unknown[]): number => {
    db.prepare(`DELETE FROM approvals WHERE task_id IN (SELECT task_id FROM tasks WHERE ${where})`).run(...params);
    return db.prepare(`DELETE FROM tasks WHERE ${where}`).run(...params).changes;
  };
  let deleted = db.transaction(() => removeOne(`${FINAL} AND updated_at < ?`, cutoff))();
  let bytes = size();
  while (bytes > options.maxBytes) {
    // the oldest finished tasks, enough of them to get under the limit (at least one per round)
    const rows = db
      .prepare(
        `SELECT task_id, COALESCE(LENGTH(CAST(result AS BLOB)), 0) + COALESCE(LENGTH(CAST(answer AS BLOB)` +
          `), 0) AS n FROM tasks WHERE ${FINAL} ORDER BY updated_at, rowid LIMIT 500`,
      )
      .all() as Array<{ task_id: string; n: number }>;
    if (rows.length === 0) break;
    const ids: string[] = [];
    let freed = 0;
    for (const row of rows) {
      ids.push(row.task_id);
      freed += row.n;
      if (bytes - freed <= options.maxBytes) break;
    }
    deleted += db.transaction(() => {
      let count = 0;
      for (const id of ids) count += removeOne('task_id = ?', id);
      return count;
    })();
    bytes = size();
  }
  return { deleted, bytesBefore, bytesAfter: bytes, cutoff };
}

/** Let SQLite refresh its statistics, and fold the WAL back into the database. */
export function optimizeDatabase(db: SqliteDatabase): { checkpointed: boolean } {
  db.pragma('optimize');
  const rows = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
  return { checkpointed: rows[0]?.busy === 0 };
}

export interface BackupResult {
  file: string;
  bytes: number;
  removed: string[];
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** The nightly backups of `prefix` in `dir` (`<prefix>-<UTC stamp>.db`), oldest first. Pre-upgrade snapshots are not among them. */
export function listBackups(dir: string, prefix = 'agent'): string[] {
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${prefix}-\\d{8}T\\d{6}Z\\.db$`);
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Pre-upgrade snapshots kept by their own rule (never by the nightly rotation). */
export const PRE_UPGRADE_KEEP = 5;

/** The name of a snapshot taken before switching to `version`: agent-pre-v<version>-<UTC stamp>.db */
export function preUpgradeName(version: string, at: Date): string {
  return `agent-pre-v${version}-${stamp(at)}.db`;
}

/**
 * Pre-upgrade snapshots in `dir`, oldest first (by their stamp, not their
 * version): agent-pre-v<version>-<stamp>.db, and the older spelling
 * agent-<stamp>-pre-v<version>.db of earlier releases.
 */
export function listPreUpgradeSnapshots(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const stamped: Array<{ name: string; at: string }> = [];
  for (const name of readdirSync(dir)) {
    const current = /^agent-pre-v[0-9A-Za-z.+-]+-(\d{8}T\d{6}Z)\.db$/.exec(name);
    const older = /^agent-(\d{8}T\d{6}Z)-pre-v[0-9A-Za-z.+-]+\.db$/.exec(name);
    const at = current?.[1] ?? older?.[1];
    if (at) stamped.push({ name, at });
  }
  return stamped
    .sort((a, b) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name))
    .map((entry) => path.join(dir, entry.name));
}

/**
 * Online backup of an open database into `dir`, written to a temporary name,
 * checked, then renamed. Nightly (default): agent-<UTC stamp>.db, keeping the
 * newest `keep` of those. With `preUpgrade: VERSION`:
 * agent-pre-v<VERSION>-<stamp>.db, keeping the newest `keep` snapshots of that
 * kind — the two kinds never rotate each other out.
 */
export async function backupDatabase(
  db: SqliteDatabase,
  options: { dir: string; keep: number; now: Date; prefix?: string; preUpgrade?: string },
): Promise<BackupResult> {
  if (!Number.isInteger(options.keep) || options.keep < 1) {
    throw new AppError('USAGE', `backups to keep must be a whole number of at least 1 (got ${options.keep})`, {
      hint: 'use --keep N with N >= 1',
    });
  }
  const prefix = options.prefix ?? 'agent';
  mkdirSync(options.dir, { recursive: true });
  const name =
    options.preUpgrade !== undefined
      ? preUpgradeName(options.preUpgrade, options.now)
      : `${prefix}-${stamp(options.now)}.db`;
  const file = path.join(options.dir, name);
  const temporary = `${file}.partial`;
  rmSync(temporary, { force: true });
  try {
    await db.backup(temporary);
    // a standalone file (rollback journal, no -wal/-shm beside it), then checked
    const check = openSqlite(temporary, { fileMustExist: true });
    try {
      check.pragma('journal_mode = DELETE');
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok')
        throw new AppError('DB_ERROR', `the backup ${temporary} failed its integrity check: ${String(result)}`);
    } finally {
      check.close();
    }
    renameSync(temporary, file);
  } catch (error) {
    for (const leftover of [temporary, `${temporary}-wal`, `${temporary}-shm`, `${temporary}-journal`])
      rmSync(leftover, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('DB_ERROR', `backup to ${file} failed: ${(error as Error).message}`, {
      hint: `check that ${options.dir} is writable by the service user and has free space`,
      cause: error,
    });
  }
  const backups =
    options.preUpgrade !== undefined ? listPreUpgradeSnapshots(options.dir) : listBackups(options.dir, prefix);
  const removed = backups.filter((old) => old !== file).slice(0, Math.max(0, backups.length - options.keep));
  for (const old of removed) rmSync(old, { force: true });
  return { file, bytes: statSync(file).size, removed };
}

export interface DiskSpace {
  dir: string;
  freeBytes: number;
  totalBytes: number;
  /** set when free space is low: what is wrong and what to do */
  warning: string | undefined;
}

/** Free space of the file system holding `dir` (or its nearest existing parent). */
export function diskSpace(dir: string, thresholds: { minFreeBytes?: number; minFreeRatio?: number } = {}): DiskSpace {
  let probe = path.resolve(dir);
  while (!existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
  const stats = statfsSync(probe);
  const freeBytes = Number(stats.bavail) * Number(stats.bsize);
  const totalBytes = Number(stats.blocks) * Number(stats.bsize);
  const minFreeBytes = thresholds.minFreeBytes ?? 1024 ** 3;
  const minFreeRatio = thresholds.minFreeRatio ?? 0.1;
  const low = freeBytes < minFreeBytes || (totalBytes > 0 && freeBytes / totalBytes < minFreeRatio);
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  return {
    dir,
    freeBytes,
    totalBytes,
    warning: low
      ? `only ${gib(freeBytes)} free of ${gib(totalBytes)} under ${dir}: remove old backups or rotated ` +
        `logs, lower audit.retention_days or log.file.keep, or add disk`
      : undefined,
  };
}

/**
 * Rotated log files (pino-roll: NAME.N.log) beyond the newest `keep` of each
 * NAME are deleted. pino-roll enforces its limit only within one process; the
 * short-lived CLI processes each start their own, so the daily run prunes.
 * The newest file of each NAME (the one being written) is never removed.
 */
export function pruneRotatedLogs(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const groups = new Map<string, Array<{ file: string; number: number }>>();
  for (const name of readdirSync(dir)) {
    const match = /^(.+)\.(\d+)\.log$/.exec(name);
    if (!match) continue;
    const list = groups.get(match[1]!) ?? [];
    list.push({ file: path.join(dir, name), number: Number(match[2]) });
    groups.set(match[1]!, list);
  }
  const removed: string[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => b.number - a.number);
    for (const old of list.slice(Math.max(1, keep))) {
      rmSync(old.file, { force: true });
      removed.push(old.file);
    }
  }
  return removed.sort();
}

export interface MaintenanceReport {
  archive: ArchiveResult;
  tasks?: TaskPruneResult | undefined;
  optimized: { checkpointed: boolean };
  backup: BackupResult;
  logsRemoved: string[];
  disk: DiskSpace[];
}

/** The whole daily run on agent.db (already open and migrated). */
export async function runMaintenance(options: {
  db: SqliteDatabase;
  retentionDays: number;
  backupDir: string;
  keep: number;
  now: Date;
  diskDirs: string[];
  /** rotated logs: the folder and how many of each kept (config log.dir, log.file.keep) */
  logs?: { dir: string; keep: number };
  /** finished tasks: kept this many days, their stored results at most this many bytes (config server.task_retention_days, tasks_max_mb) */
  tasks?: { retentionDays: number; maxBytes: number };
}): Promise<MaintenanceReport> {
  const archive = archiveAuditRows(options.db, { retentionDays: options.retentionDays, now: options.now });
  const tasks = options.tasks ? pruneTasks(options.db, { ...options.tasks, now: options.now }) : undefined;
  const optimized = optimizeDatabase(options.db);
  const backup = await backupDatabase(options.db, { dir: options.backupDir, keep: options.keep, now: options.now });
  const logsRemoved = options.logs ? pruneRotatedLogs(options.logs.dir, options.logs.keep) : [];
  const disk = [...new Set(options.diskDirs)].map((dir) => diskSpace(dir));
  return { archive, tasks, optimized, backup, logsRemoved, disk };
}
