/**
 * The query executor process: `airgap-agent mcp query-worker --db FILE`.
 * better-sqlite3 cannot interrupt a running statement, so queries run here,
 * in processes of their own, which the query server SIGKILLs on a timeout, a
 * cancelled call or a memory overrun — that really reclaims the CPU and RAM.
 * Read-only three ways: the connection is opened read-only,
 * `PRAGMA query_only = ON`, and every statement must report `readonly` after
 * prepare. Memory per query is bounded here too (issue #12):
 * - the value-inflating built-ins (zeroblob, randomblob, printf/format,
 *   replace) are overridden by checked versions that refuse to build a value
 *   over VALUE_MAX_BYTES before allocating it (printf/format/replace then run
 *   SQLite's own implementation on a private in-memory connection, so their
 *   results are exactly SQLite's);
 * - rows are read one at a time, each cell cut at CELL_MAX_CHARS, and reading
 *   stops once the cells add up to RESULT_MAX_BYTES (answered with has_more).
 * Talks only over the IPC channel; never prints.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../src/errors.js';
import type { Config } from '../../src/config/schema.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from '../../src/store/sqlite.js';
import { attachArchiveReadOnly } from '../../src/plant/archive-path.js';
import { VALUE_MAX_BYTES, type RunRequest, type WorkerMessage } from './protocol.js';
import { runStatement, ValueTooLarge, type StatementCache } from './run-statement.js';

export async function runWorker(options: { config: Config; args: string[] }): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) {
    throw new AppError('USAGE', 'query-worker runs only as the query server’s executor (it needs an IPC channel)', {
      hint: 'start the server instead: airgap-agent mcp query',
    });
  }
  const dbIndex = options.args.indexOf('--db');
  const file = dbIndex >= 0 ? options.args[dbIndex + 1] : options.config.plant.db;
  let db: SqliteDatabase;
  try {
    db = openPlantReadOnly(file ?? options.config.plant.db);
    installValueLimits(db);
  } catch (error) {
    send({
      type: 'fatal',
      message: error instanceof AppError ? error.describe() : String(error),
    } satisfies WorkerMessage);
    process.exitCode = 1;
    return;
  }
  const statements: StatementCache = new Map();
  const reply = (message: WorkerMessage): void => {
    send(message);
  };
  await new Promise<void>((resolve) => {
    process.on('message', (message: RunRequest) => {
      if (message?.type === 'run') reply(runStatement(db, statements, message));
    });
    process.on('disconnect', () => {
      db.close();
      resolve();
    });
    reply({ type: 'ready', pid: process.pid });
  });
}

/**
 * plant.db for reading only: read-only file handle and `query_only`; the
 * plant-data archive beside it (plant-archive.db, written by `airgap-agent
 * import archive`), when there is one, attached read-only as `archive`.
 */
export function openPlantReadOnly(file: string): SqliteDatabase {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  attachArchiveReadOnly(db, file);
  db.pragma('query_only = ON');
  return db;
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;

function tooLarge(call: string, bytes: number): ValueTooLarge {
  return new ValueTooLarge(
    `${call} would build a value of ` +
      (`` +
        (Number.isFinite(bytes) ? `${Math.round(bytes)} bytes (${megabytes(bytes)})` : 'unbounded size') +
        `; one value may hold at most ` +
        VALUE_MAX_BYTES +
        ` bytes (` +
        megabytes(VALUE_MAX_BYTES) +
        `)`),
  );
}

function toCount(value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value);
    return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
  }
  return 0;
}

/** Byte length of a value as SQLite's text conversion would see it (close enough for a bound). */
function textBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (Buffer.isBuffer(value)) return value.length;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  return String(value).length + 8;
}

/**
 * Replace the built-ins that inflate a value by checked versions (SQLite lets
 * an application function override a built-in of the same name).
 */
export function installValueLimits(db: SqliteDatabase): void {
  const helper = openSqlite(':memory:', {});
  const variadic = new Map<string, Map<number, SqliteStatement>>();
  const builtin = (name: 'printf' | 'format' | 'replace', args: unknown[]): unknown => {
    let byCount = variadic.get(name);
    if (!byCount) variadic.set(name, (byCount = new Map()));
    let statement = byCount.get(args.length);
    if (!statement) {
      statement = helper
        .prepare(`SELECT ${name}(${args.map(() => '?').join(', ')})`)
        .pluck()
        .safeIntegers(true);
      byCount.set(args.length, statement);
    }
    return statement.get(...args);
  };
  db.function('zeroblob', { deterministic: true, safeIntegers: true }, (size: unknown) => {
    const bytes = toCount(size);
    if (bytes > VALUE_MAX_BYTES) throw tooLarge(`zeroblob(${bytes})`, bytes);
    return Buffer.alloc(Math.max(0, bytes));
  });
  db.function('randomblob', { deterministic: false, safeIntegers: true }, (size: unknown) => {
    const bytes = toCount(size);
    if (bytes > VALUE_MAX_BYTES) throw tooLarge(`randomblob(${bytes})`, bytes);
    return randomBytes(Math.max(1, bytes));
  });
  for (const name of ['printf', 'format'] as const) {
    db.function(name, { deterministic: true, varargs: true, safeIntegers: true }, (...args: unknown[]) => {
      checkFormat(name, args);
      return builtin(name, args);
    });
  }
  db.function(
    'replace',
    { deterministic: true, safeIntegers: true },
    (text: unknown, pattern: unknown, replacement: unknown) => {
      if (text === null || pattern === null || replacement === null) return null;
      const from = textBytes(pattern);
      const to = textBytes(replacement);
      if (from > 0 && to > from) {
        const textLength = textBytes(text);
        let bound = textLength + Math.floor(textLength / from) * (to - from);
        if (bound > VALUE_MAX_BYTES && typeof text === 'string' && typeof pattern === 'string') {
          // the rough bound is over: count the real matches
          bound = textLength + (text.split(pattern).length - 1) * (to - from);
        }
        if (bound > VALUE_MAX_BYTES) throw tooLarge('replace(…)', bound);
      }
      return builtin('replace', [text, pattern, replacement]);
    },
  );
}

/** Width and precision of every conversion in a printf/format string (literal or `*` arguments). */
function checkFormat(name: string, args: unknown[]): void {
  const format = args[0];
  if (typeof format !== 'string') return;
  let next = 1;
  const pattern = /%([-+ 0#,!]*)(\*|\d+)?(?:\.(\*|\d+))?(ll|l)?(.)?/g;
  for (const match of format.matchAll(pattern)) {
    if (match[5] === '%') continue;
    for (const part of [match[2], match[3]]) {
      if (part === undefined) continue;
      const size =
        part === '*' ? Math.abs(toCount(args[next++])) : part.length > 12 ? Number.POSITIVE_INFINITY : Number(part);
      if (size > VALUE_MAX_BYTES) throw tooLarge(`${name}('${match[0]}', …) with width or precision ${size}`, size);
    }
    if (match[5] !== undefined) next++;
  }
}
