/**
 * The import ledger (import_files in plant.db): each imported file by its SHA-256 and table, so that the
 * same export imported again is recognised and skipped (unless forced), with what the import did.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import type { ImportReport } from './import-types.js';
import type { Mapping } from './mapping.js';

export const LEDGER_SQL = `CREATE TABLE IF NOT EXISTS import_files (
  sha256       TEXT NOT NULL,
  table_name   TEXT NOT NULL,
  file_name    TEXT NOT NULL,
  bytes        INTEGER NOT NULL,
  source       TEXT NOT NULL,
  mapping      TEXT,
  rows         INTEGER NOT NULL,
  rejected     INTEGER NOT NULL,
  replaced     INTEGER NOT NULL,
  first_date   TEXT,
  last_date    TEXT,
  data_up_to   TEXT,
  imported_at  TEXT NOT NULL,
  PRIMARY KEY (sha256, table_name)
)`;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Before a reader process starts: is this file one the ledger holds? Only when the ledger has a file of
 * this table with the same size is the file hashed first (a skipped re-import then starts no reader
 * process, ~0.3 s); else the hash overlaps the reader's start-up. A database that cannot be read here
 * (missing, a hot journal) answers "not seen": the import's own transaction decides.
 */
export async function ledgerPrecheck(
  db: string,
  table: string,
  file: string,
): Promise<{ seen: boolean; sha256?: string } | undefined> {
  let sameSize = false;
  try {
    const bytes = statSync(file).size;
    const handle = openSqlite(db, { readonly: true });
    try {
      const ledger = handle.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'import_files'").get();
      sameSize =
        ledger !== undefined &&
        handle.prepare('SELECT 1 FROM import_files WHERE table_name = ? AND bytes = ? LIMIT 1').get(table, bytes) !==
          undefined;
      if (!sameSize) return undefined;
      const sha256 = await sha256File(file);
      const seen =
        handle.prepare('SELECT 1 FROM import_files WHERE sha256 = ? AND table_name = ?').get(sha256, table) !==
        undefined;
      return { seen, sha256 };
    } finally {
      handle.close();
    }
  } catch {
    return undefined; // the import reports what is wrong with the file or the database
  }
}

/** Inside the import's transaction: the ledger's entry for this file, if it was imported before. */
export function previousImport(
  db: SqliteDatabase,
  sha256: string,
  table: string,
): { imported_at: string; rows: number } | undefined {
  db.exec(LEDGER_SQL);
  return db
    .prepare('SELECT imported_at, rows FROM import_files WHERE sha256 = ? AND table_name = ?')
    .get(sha256, table) as { imported_at: string; rows: number } | undefined;
}

/** Inside the import's transaction, before it commits: the file and what its import did. */
export function recordImport(
  db: SqliteDatabase,
  entry: { report: ImportReport; mapping: Mapping; fileName: string; importedAt: string },
): void {
  const { report, mapping } = entry;
  db.prepare(
    'INSERT INTO import_files (sha256, table_name, file_name, bytes, source, mapping, rows, rejected,' +
      ' replaced, first_date, last_date, data_up_to, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,' +
      ' ?, ?, ?) ' +
      'ON CONFLICT (sha256, table_name) DO UPDATE SET file_name = excluded.file_name, rows = ' +
      'excluded.rows, rejected = excluded.rejected, replaced = excluded.replaced, imported_at = ' +
      'excluded.imported_at, data_up_to = excluded.data_up_to',
  ).run(
    report.sha256,
    report.table,
    entry.fileName,
    report.source?.size ?? 0,
    JSON.stringify(report.source ?? {}),
    mapping.file ? path.basename(mapping.file) : null,
    report.written,
    report.rejected,
    report.replaced,
    report.firstDate,
    report.lastDate,
    report.dataUpTo,
    entry.importedAt,
  );
}
