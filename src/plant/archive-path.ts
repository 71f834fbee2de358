/**
 * Where the plant-data archive lives, and how a reader attaches it: a leaf
 * module (no importer code), so that the query tool's workers load little.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';

export const ARCHIVE_FILE_NAME = 'plant-archive.db';

/** The archive database of a plant.db: plant-archive.db in the same folder. */
export function archivePathFor(plantDb: string): string {
  return path.join(path.dirname(path.resolve(plantDb)), ARCHIVE_FILE_NAME);
}

/** A read-only connection (the query tool) attaches the archive, when there is one, as `archive`. */
export function attachArchiveReadOnly(db: SqliteDatabase, plantDb: string): boolean {
  const archive = archivePathFor(plantDb);
  if (!existsSync(archive)) return false;
  const probe = openSqlite(archive, { readonly: true, fileMustExist: true });
  try {
    if (probe.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'quality_data'").get() === undefined)
      return false;
  } finally {
    probe.close();
  }
  // a connection opened read-only attaches read-only too (SQLite gives attached files the main one's flags)
  if (!db.readonly) throw new Error('attachArchiveReadOnly: the connection must be read-only');
  db.prepare('ATTACH DATABASE ? AS archive').run(archive);
  return true;
}
