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
  /**
   * Keep up to this many prepared statements by SQL text: `prepare` of a
   * statement seen before returns the compiled one (its raw/pluck/expand
   * modes reset), instead of compiling it again. For databases whose code
   * prepares the same few statements on every request (agent.db: compiling
   * was the service's largest cost per question under load). Default 0: off.
   */
  statementCache?: number;
}

/** prepare() through a bounded cache (most recently used kept); a statement busy iterating is never handed out twice. */
function cacheStatements(db: SqliteDatabase, size: number): void {
  const cache = new Map<string, SqliteStatement>();
  const compile = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const known = cache.get(sql);
    if (known && !known.busy) {
      cache.delete(sql);
      cache.set(sql, known);
      if (known.reader) known.raw(false).pluck(false).expand(false);
      return known;
    }
    const statement = compile(sql);
    if (!known) {
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as SqliteDatabase['prepare'];
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
    if ((options.statementCache ?? 0) > 0) cacheStatements(db, options.statementCache!);
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
