/**
 * The query executor process: `airgap-agent mcp query-worker --db FILE`.
 * better-sqlite3 cannot interrupt a running statement, so queries run here,
 * in a process of their own, which the query server SIGKILLs on a timeout —
 * that really reclaims the CPU. Read-only three ways: the connection is opened
 * read-only, `PRAGMA query_only = ON`, and every statement must report
 * `readonly` after prepare. Talks only over the IPC channel; never prints.
 */
import { AppError } from '../../src/errors.js';
import type { Config } from '../../src/config/schema.js';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from '../../src/store/sqlite.js';
import { CELL_MAX_CHARS, type Cell, type RunRequest, type WorkerMessage } from './protocol.js';

const STATEMENT_CACHE_MAX = 200;

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
  } catch (error) {
    send({ type: 'fatal', message: error instanceof AppError ? error.describe() : String(error) } satisfies WorkerMessage);
    process.exitCode = 1;
    return;
  }
  const statements = new Map<string, SqliteStatement>();
  const reply = (message: WorkerMessage): void => {
    send(message);
  };
  await new Promise<void>((resolve) => {
    process.on('message', (message: RunRequest) => {
      if (message?.type === 'run') reply(execute(db, statements, message));
    });
    process.on('disconnect', () => {
      db.close();
      resolve();
    });
    reply({ type: 'ready', pid: process.pid });
  });
}

/** plant.db for reading only: read-only file handle and `query_only`. */
export function openPlantReadOnly(file: string): SqliteDatabase {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  return db;
}

function execute(db: SqliteDatabase, statements: Map<string, SqliteStatement>, request: RunRequest): WorkerMessage {
  const started = performance.now();
  try {
    let statement = statements.get(request.sql);
    if (!statement) {
      statement = db.prepare(request.sql);
      if (!statement.reader || !statement.readonly) {
        return { type: 'error', id: request.id, code: 'NOT_READ_ONLY', message: 'SQLite reports this statement is not a read-only query' };
      }
      statement.raw(true);
      if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
      statements.set(request.sql, statement);
    }
    const raw = statement.all() as unknown[][];
    const columns = statement.columns().map((column) => column.name);
    return { type: 'result', id: request.id, columns, rows: raw.map((row) => row.map(toCell)), elapsedMs: performance.now() - started };
  } catch (error) {
    return { type: 'error', id: request.id, code: 'SQL_ERROR', message: error instanceof Error ? error.message : String(error) };
  }
}

/** JSON-safe cell: blobs as x'…' hex, huge text cut with a visible marker (never silently). */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'string') {
    return value.length > CELL_MAX_CHARS ? `${value.slice(0, CELL_MAX_CHARS)}… [cut: ${value.length} characters in all]` : value;
  }
  if (Buffer.isBuffer(value)) {
    const shown = value.subarray(0, CELL_MAX_CHARS / 2).toString('hex');
    return value.length > CELL_MAX_CHARS / 2 ? `x'${shown}'… [cut: blob of ${value.length} bytes]` : `x'${shown}'`;
  }
  return String(value);
}
