/**
 * Plant-data archiving: quality rows older than N days move from plant.db to
 * plant-archive.db beside it, which the query tool attaches read-only as
 * `archive` (archive.quality_data). Only the importer side writes here.
 *
 * The move is one SQLite transaction over both files (plant.db with the
 * archive ATTACHed; in rollback-journal mode SQLite commits the two files
 * atomically through a super-journal), in a kill-safe order:
 *   1. copy the old rows into archive.quality_data (an upsert by batch_no:
 *      a second run, or rows copied before, never duplicate),
 *   2. verify: every row to move is in the archive with the same values,
 *   3. delete them from plant.db — only rows found in the archive,
 *   4. commit.
 * A kill at any moment leaves both files as they were (the next writer rolls
 * the hot journals back); even were the two files committed separately, a
 * kill between them would leave rows in both, never in neither, and the next
 * run finishes the move. Running it again moves nothing new (idempotent).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { openPlantForImport, recoverInterruptedImport } from './importer.js';
import { missingRollups, rebuildRollups, refreshRollupsBefore } from './rollups.js';

import { ARCHIVE_FILE_NAME, archivePathFor } from '../plant/archive-path.js';

export { ARCHIVE_FILE_NAME, archivePathFor };

export interface ArchiveOptions {
  db: string;
  /** default: archivePathFor(db) */
  archive?: string | undefined;
  /** rows whose record_date is before (today − olderThanDays) move */
  olderThanDays: number;
  /** the plant-local date today (YYYY-MM-DD) */
  today: string;
  dryRun?: boolean | undefined;
  /** tests: called after each step inside the transaction (throw or kill to interrupt) */
  afterStep?: ((step: 'copy' | 'verify' | 'delete') => void) | undefined;
}

export interface ArchiveReport {
  status: 'archived' | 'nothing-to-move' | 'dry-run';
  db: string;
  archive: string;
  /** rows with record_date < before moved */
  before: string;
  moved: number;
  /** rows already in the archive (copied by an earlier, interrupted or repeated run) */
  alreadyArchived: number;
  firstDate: string | null;
  lastDate: string | null;
  /** rows left in plant.db / in the archive after the move (for a dry run: would be) */
  plantRows: number;
  archiveRows: number;
  createdArchive: boolean;
  elapsedMs: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD minus whole days (calendar arithmetic, no time zone involved). */
export function daysBefore(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The archive's quality_data: the columns and indexes of plant.db's, plus the key index. */
function ensureArchiveSchema(db: SqliteDatabase): void {
  const table = db
    .prepare("SELECT sql FROM main.sqlite_schema WHERE type = 'table' AND name = 'quality_data'")
    .get() as { sql: string } | undefined;
  if (!table)
    throw new AppError('DB_ERROR', 'plant.db has no quality_data table', {
      hint: 'archive a database made by the importer or the seeder',
    });
  const exists =
    db.prepare("SELECT 1 FROM archive.sqlite_schema WHERE type = 'table' AND name = 'quality_data'").get() !==
    undefined;
  if (!exists) {
    // without its foreign keys: the lines they name live in plant.db (checked when the rows were imported)
    const ddl = table.sql
      .replace(/^CREATE TABLE\s+("?quality_data"?)/i, 'CREATE TABLE archive.quality_data')
      .replace(/\s+REFERENCES\s+"?\w+"?\s*\([^)]*\)/gi, '');
    db.exec(ddl);
    const indexes = db
      .prepare(
        "SELECT sql FROM main.sqlite_schema WHERE type = 'index' AND tbl_name = 'quality_data' AND sql IS NOT NULL",
      )
      .all() as Array<{ sql: string }>;
    for (const { sql } of indexes) {
      db.exec(
        sql.replace(
          /^CREATE (UNIQUE )?INDEX\s+(IF NOT EXISTS\s+)?("?)(\w+)\3\s+ON\s+"?quality_data"?/i,
          (...groups: Array<string | undefined>) =>
            `CREATE ${groups[1] ?? ''}INDEX IF NOT EXISTS archive.${quote(groups[4]!)} ON quality_data`,
        ),
      );
    }
  }
  db.exec('CREATE UNIQUE INDEX IF NOT EXISTS archive.import_quality_batch_no ON quality_data(batch_no)');
}

export function archiveQuality(options: ArchiveOptions): ArchiveReport {
  const started = performance.now();
  if (!Number.isInteger(options.olderThanDays) || options.olderThanDays < 1) {
    throw new AppError(
      'USAGE',
      `import archive: --older-than must be a whole number of days ≥ 1, not ${options.olderThanDays}`,
      { hint: 'e.g. --older-than 365 keeps the last year in plant.db' },
    );
  }
  if (!DATE.test(options.today))
    throw new AppError('USAGE', `import archive: today must be YYYY-MM-DD, not ${options.today}`);
  if (!existsSync(options.db))
    throw new AppError('NOT_FOUND', `there is no plant database at ${options.db}`, {
      hint: 'check plant.db in the config, or --db',
    });
  const archive = path.resolve(options.archive ?? archivePathFor(options.db));
  if (archive === path.resolve(options.db))
    throw new AppError('USAGE', 'import archive: the archive cannot be plant.db itself', {
      hint: `use ${ARCHIVE_FILE_NAME} beside it`,
    });
  // an interrupted earlier run (or import) left hot journals: roll them back first
  recoverInterruptedImport(options.db);
  if (existsSync(archive)) recoverInterruptedImport(archive);
  const createdArchive = !existsSync(archive);
  const before = daysBefore(options.today, options.olderThanDays);
  const dryRun = options.dryRun === true;
  if (createdArchive && !dryRun) {
    // an empty file first (plant.db's connection attaches without the right to create); its
    // table comes inside the transaction, so a kill leaves an empty archive at worst
    mkdirSync(path.dirname(archive), { recursive: true });
    openSqlite(archive).close();
  }
  const { db } = openPlantForImport(options.db);
  let inTransaction = false;
  try {
    // a dry run without an archive file attaches a temporary one (rolled back, nothing kept)
    db.prepare('ATTACH DATABASE ? AS archive').run(createdArchive && dryRun ? '' : archive);
    // the archive is journalled like plant.db: a kill leaves it as it was
    db.pragma('archive.journal_mode = DELETE');
    db.exec('BEGIN IMMEDIATE');
    inTransaction = true;
    ensureArchiveSchema(db);
    const columns = (db.pragma('main.table_info(quality_data)') as Array<{ name: string }>).map(
      (column) => column.name,
    );
    const archived = new Set(
      (db.pragma('archive.table_info(quality_data)') as Array<{ name: string }>).map((column) => column.name),
    );
    const missing = columns.filter((column) => !archived.has(column));
    if (missing.length > 0) {
      throw new AppError('DB_ERROR', `the archive's quality_data lacks the columns ${missing.join(', ')} of plant.db`, {
        hint: `add them to ${archive} (ALTER TABLE quality_data ADD COLUMN …) or move the old archive aside`,
      });
    }
    const list = columns.map(quote).join(', ');
    const updates = columns
      .filter((column) => column !== 'batch_no' && column !== 'record_id')
      .map((column) => `${quote(column)} = excluded.${quote(column)}`)
      .join(', ');
    const range = db
      .prepare(
        'SELECT count(*) AS n, min(record_date) AS first, max(record_date) AS last FROM main.quality_data WHERE record_date < ?',
      )
      .get(before) as { n: number; first: string | null; last: string | null };
    const alreadyArchived = (
      db
        .prepare(
          'SELECT count(*) AS n FROM main.quality_data m WHERE m.record_date < ? AND EXISTS (SELECT 1 FROM ' +
            'archive.quality_data a WHERE a.batch_no = m.batch_no)',
        )
        .get(before) as { n: number }
    ).n;
    // 1. copy (record_id kept unless the archive holds that id for another batch)
    db.prepare(
      `INSERT INTO archive.quality_data (${list}) SELECT ` +
        (`` +
          columns
            .map((column) =>
              column === 'record_id'
                ? `CASE WHEN EXISTS (SELECT 1 FROM archive.quality_data x WHERE x.record_id = m.record_id AND x.batch_no <> m.batch_no)` +
                  ` THEN NULL ELSE m.record_id END`
                : `m.${quote(column)}`,
            )
            .join(', ') +
          ` `) +
        `FROM main.quality_data m WHERE m.record_date < ? ORDER BY m.record_date, m.batch_no ON CONFLICT (batch_no) DO UPDATE SET ${updates}`,
    ).run(before);
    options.afterStep?.('copy');
    // 2. verify: each row to move is in the archive, value for value
    const compared = columns
      .filter((column) => column !== 'record_id')
      .map((column) => `a.${quote(column)} IS m.${quote(column)}`)
      .join(' AND ');
    const verified = (
      db
        .prepare(
          `SELECT count(*) AS n FROM main.quality_data m JOIN archive.quality_data a ON a.batch_no = m.batch_no WHERE m.record_date < ? AND ${compared}`,
        )
        .get(before) as { n: number }
    ).n;
    if (verified !== range.n) {
      throw new AppError(
        'DB_ERROR',
        `archive check failed: ${range.n} rows to move but ${verified} found in ${archive}; nothing was moved`,
        { hint: 'run it again; if it keeps failing, check the archive with sqlite3 (PRAGMA integrity_check)' },
      );
    }
    options.afterStep?.('verify');
    // 3. delete from plant.db: only rows the archive holds
    const deleted = db
      .prepare(
        'DELETE FROM main.quality_data WHERE record_date < ? AND batch_no IN (SELECT batch_no FROM archive.quality_data)',
      )
      .run(before).changes;
    if (deleted !== range.n)
      throw new AppError('DB_ERROR', `archive: deleted ${deleted} rows, expected ${range.n}; nothing was moved`, {
        hint: 'run it again',
      });
    // the rollups lose the days moved (created and summed whole on a database without them)
    if (missingRollups(db).length > 0) rebuildRollups(db);
    else refreshRollupsBefore(db, before);
    options.afterStep?.('delete');
    const plantRows = (db.prepare('SELECT count(*) AS n FROM main.quality_data').get() as { n: number }).n;
    const archiveRows = (db.prepare('SELECT count(*) AS n FROM archive.quality_data').get() as { n: number }).n;
    const report: ArchiveReport = {
      status: dryRun ? 'dry-run' : range.n === 0 ? 'nothing-to-move' : 'archived',
      db: options.db,
      archive,
      before,
      moved: range.n,
      alreadyArchived,
      firstDate: range.first,
      lastDate: range.last,
      plantRows,
      archiveRows,
      createdArchive,
      elapsedMs: 0,
    };
    db.exec(dryRun ? 'ROLLBACK' : 'COMMIT');
    inTransaction = false;
    report.elapsedMs = Math.round(performance.now() - started);
    return report;
  } finally {
    if (inTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // the transaction is gone already
      }
    }
    try {
      db.exec('DETACH DATABASE archive');
    } catch {
      // not attached
    }
    db.close();
  }
}

export function formatArchiveReport(report: ArchiveReport): string {
  const verb = report.status === 'dry-run' ? 'would move' : 'moved';
  const span = report.firstDate ? ` (${report.firstDate} … ${report.lastDate})` : '';
  return [
    `archive: ${verb} ${report.moved.toLocaleString('en-US')} quality_data rows recorded before ` +
      `${report.before}${span} from ${report.db} to ${report.archive}` +
      (report.status === 'dry-run' ? ' — dry run, nothing written' : ''),
    `  plant.db keeps ${report.plantRows.toLocaleString('en-US')} rows; the archive holds ${report.archiveRows.toLocaleString('en-US')}` +
      (report.alreadyArchived > 0 ? ` (${report.alreadyArchived} were already there from an earlier run)` : '') +
      ` · ${report.elapsedMs} ms`,
    '  queries reach them as archive.quality_data (the query tool attaches the archive read-only)',
  ].join('\n');
}
