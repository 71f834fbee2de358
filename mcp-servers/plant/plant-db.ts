/**
 * plant.db, read-only: opened with `readonly` and `PRAGMA query_only`, lazily
 * (a missing file is a tool error, not a crash), and reopened when the file
 * is replaced. `changeToken()` changes whenever the data may have changed:
 * another file (device/inode), another size or mtime, or a commit by another
 * connection (PRAGMA data_version) — the FTS index is rebuilt on a change.
 */
import { existsSync, statSync } from 'node:fs';
import { AppError } from '../../src/errors.js';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';

export class PlantDb {
  private db: SqliteDatabase | undefined;
  private fileIdentity: string | undefined;

  constructor(readonly file: string) {}

  private stat(): { identity: string; detail: string } {
    if (!existsSync(this.file)) {
      throw new AppError('NOT_FOUND', `the plant database ${this.file} does not exist`, {
        hint: 'tell the administrator: set plant.db in the config, or build the demo plant with `airgap-agent seed`',
      });
    }
    const stats = statSync(this.file);
    return { identity: `${stats.dev}:${stats.ino}`, detail: `${stats.size}:${stats.mtimeMs}` };
  }

  /** The open connection, reopened when plant.db was replaced by another file. */
  connection(): SqliteDatabase {
    const { identity } = this.stat();
    if (this.db && this.fileIdentity === identity) return this.db;
    this.close();
    const db = openSqlite(this.file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    this.db = db;
    this.fileIdentity = identity;
    return db;
  }

  /** Changes whenever plant.db may hold other data than when last asked. */
  changeToken(): string {
    const db = this.connection();
    const { identity, detail } = this.stat();
    const dataVersion = db.pragma('data_version', { simple: true }) as number;
    return `${identity}:${detail}:${dataVersion}`;
  }

  /** Run a read; a missing contract table becomes an actionable error. */
  read<T>(work: (db: SqliteDatabase) => T): T {
    const db = this.connection();
    try {
      return work(db);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/no such (table|column)/i.test(message)) {
        throw new AppError('DB_ERROR', `the plant database does not follow the contract: ${message}`, {
          hint: 'the tables engineers, rotations, work_orders and equipment are required (docs/plant-data.md); tell the administrator',
          cause: error,
        });
      }
      throw error;
    }
  }

  close(): void {
    try {
      this.db?.close();
    } catch {
      // already closed
    }
    this.db = undefined;
    this.fileIdentity = undefined;
  }
}
