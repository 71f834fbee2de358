/**
 * plant.db as the importer opens it: created with the contract schema when missing, opened for writing with
 * a rollback journal (what makes a killed import leave it as it was), and what an interrupted import left
 * (a hot journal) rolled back first.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { PLANT_SCHEMA_SQL } from '../plant/schema.js';
import { ROLLUP_SCHEMA_SQL } from '../plant/rollups.js';
import { archivePathFor } from '../plant/archive-path.js';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { LEDGER_SQL } from './ledger.js';
import { checkJournal } from './journal-check.js';

/**
 * A killed import leaves a hot journal: readers that may not write (the
 * service on the appliance) cannot roll it back, the next writer does. The
 * watcher calls this on every look at the inbox; true when one was rolled back.
 */
export function recoverInterruptedImport(file: string): boolean {
  if (!existsSync(`${file}-journal`) || !existsSync(file)) return false;
  checkJournal(file); // a journal the importer cannot have written is not rolled in (journal-check.ts)
  const db = openSqlite(file, { fileMustExist: true, busyTimeoutMs: 10000 });
  try {
    // the first read by a writer rolls a hot journal back
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    if (existsSync(`${file}-journal`)) {
      // still there: SQLite judged it not hot (killed before any page reached the database file),
      // so it is a leftover; removed under an exclusive lock so that no writer is using it
      db.exec('BEGIN EXCLUSIVE');
      try {
        rmSync(`${file}-journal`, { force: true });
      } finally {
        db.exec('COMMIT');
      }
    }
  } finally {
    db.close();
  }
  return true;
}

/**
 * Before an import: roll back what an interrupted one left in plant.db and in its archive (a read-only
 * reader cannot roll a hot journal back, so the writer does it first). Returns the files rolled back.
 */
export function recoverPlantFiles(db: string): string[] {
  const recovered: string[] = [];
  for (const file of [db, archivePathFor(db)]) if (recoverInterruptedImport(file)) recovered.push(file);
  return recovered;
}

/** Open plant.db for writing; a missing file is created with the contract schema. */
export function openPlantForImport(file: string): { db: SqliteDatabase; created: boolean } {
  checkJournal(file); // a journal the importer cannot have written is not rolled in (journal-check.ts)
  const created = !existsSync(file);
  if (created) {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.creating-${process.pid}`;
    rmSync(temporary, { force: true });
    const fresh = openSqlite(temporary);
    try {
      fresh.exec(PLANT_SCHEMA_SQL);
      fresh.exec(LEDGER_SQL);
      fresh.exec(ROLLUP_SCHEMA_SQL);
    } finally {
      fresh.close();
    }
    renameSync(temporary, file);
  }
  let db: SqliteDatabase;
  try {
    db = openSqlite(file, { fileMustExist: true, busyTimeoutMs: 10000 });
  } catch (error) {
    const message = (error as Error).message;
    throw new AppError('DB_ERROR', `cannot open ${file} for writing: ${message}`, {
      hint: /readonly|read-only|EACCES|EROFS/i.test(message)
        ? 'the import needs write access to plant.db: on the appliance run it as the airgap-agent-import ' +
          'unit (sudo systemctl start airgap-agent-import) or as root'
        : 'check the path (plant.db in the config, or --db)',
      cause: error,
    });
  }
  const mode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
  // a journal is what makes a killed import leave the database as it was
  if (mode === 'off' || mode === 'memory') db.pragma('journal_mode = DELETE');
  // the page cache (KiB); tests make it small so that a killed import has written pages to the file
  // 32 MiB: enough for the pages an append touches (the table's last pages, the key index's
  // insertion points); a larger cache only holds more dirty pages in memory (RSS grew with the file)
  db.pragma(`cache_size = -${Number(process.env.AIRGAP_AGENT_IMPORT_CACHE_KIB ?? 32768) || 32768}`);
  // the secondary indexes dropped for a large file are rebuilt with SQLite's multi-threaded sorter
  db.pragma('threads = 2');
  return { db, created };
}
