/**
 * Opening SQLite databases. In a bundle or SEA, `require` cannot find the
 * better-sqlite3 addon, so it is loaded by absolute path and handed over as
 * `nativeBinding`. Everything else opens databases through here.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { AppError } from '../errors.js';
import { isBundled, isSea, vendoredNativeSqlite } from '../runtime/self.js';

export type SqliteDatabase = Database.Database;
export type SqliteStatement = Database.Statement;

let nativeBinding: object | undefined;

function binding(): object | undefined {
  if (!isSea() && !isBundled) return undefined;
  if (!nativeBinding) {
    const file = vendoredNativeSqlite();
    if (!existsSync(file)) {
      throw new AppError('DB_ERROR', `the SQLite native module is missing: ${file}`, {
        hint: 'reinstall the appliance bundle (install.sh) or set AIRGAP_AGENT_SQLITE_NATIVE to the better_sqlite3.node file',
      });
    }
    nativeBinding = createRequire(process.execPath)(file) as object;
  }
  return nativeBinding;
}

export interface OpenOptions {
  readonly?: boolean;
  fileMustExist?: boolean;
  /** busy timeout in ms for WAL writers (default 5000) */
  busyTimeoutMs?: number;
}

export function openSqlite(file: string, options: OpenOptions = {}): SqliteDatabase {
  const native = binding();
  try {
    const db = new Database(file, {
      readonly: options.readonly ?? false,
      fileMustExist: options.fileMustExist ?? options.readonly ?? false,
      timeout: options.busyTimeoutMs ?? 5000,
      ...(native ? { nativeBinding: native as unknown as string } : {}),
    });
    return db;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const missing = /unable to open|does not exist|SQLITE_CANTOPEN/i.test(message);
    throw new AppError(missing ? 'NOT_FOUND' : 'DB_ERROR', `cannot open database ${file}: ${message}`, {
      hint: missing
        ? 'check the path in the config; for the demo plant run `airgap-agent seed --db FILE`'
        : 'check the file permissions and that the file is an SQLite database',
      cause: error,
    });
  }
}

export function sqliteVersion(db: SqliteDatabase): string {
  return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
}
