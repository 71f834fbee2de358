/**
 * Running one accepted statement on a read-only connection, the same way in an
 * executor process (worker.ts) and, for light queries (light.ts), in the query
 * server itself: prepared once per SQL text (at most STATEMENT_CACHE_MAX kept),
 * refused unless SQLite reports it read-only, rows read one at a time with each
 * cell cut at CELL_MAX_CHARS, reading stopped once the cells add up to
 * RESULT_MAX_BYTES (answered with cutAtBytes).
 */
import type { SqliteDatabase, SqliteStatement } from '../../src/store/sqlite.js';
import { CELL_MAX_CHARS, RESULT_MAX_BYTES, type Cell, type RunRequest, type WorkerMessage } from './protocol.js';

const STATEMENT_CACHE_MAX = 200;

/** prepared statements by SQL text, per connection */
export type StatementCache = Map<string, SqliteStatement>;

/** Thrown by the checked built-ins; execute() answers it as VALUE_TOO_LARGE. */
export class ValueTooLarge extends Error {}

export function runStatement(db: SqliteDatabase, statements: StatementCache, request: RunRequest): WorkerMessage {
  const started = performance.now();
  try {
    let statement = statements.get(request.sql);
    if (!statement) {
      statement = db.prepare(request.sql);
      if (!statement.reader || !statement.readonly) {
        return {
          type: 'error',
          id: request.id,
          code: 'NOT_READ_ONLY',
          message: 'SQLite reports this statement is not a read-only query',
        };
      }
      statement.raw(true);
      if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
      statements.set(request.sql, statement);
    }
    const columns = statement.columns().map((column) => column.name);
    const rows: Cell[][] = [];
    let bytes = 0;
    let cutAtBytes: number | undefined;
    for (const raw of statement.iterate() as IterableIterator<unknown[]>) {
      const row = raw.map(toCell);
      let size = 2;
      for (const cell of row) size += typeof cell === 'string' ? cell.length * 2 + 3 : 12;
      if (rows.length > 0 && bytes + size > RESULT_MAX_BYTES) {
        cutAtBytes = RESULT_MAX_BYTES;
        break; // leaving the loop ends the statement (iterator return)
      }
      bytes += size;
      rows.push(row);
    }
    return {
      type: 'result',
      id: request.id,
      columns,
      rows,
      elapsedMs: performance.now() - started,
      ...(cutAtBytes !== undefined ? { cutAtBytes } : {}),
    };
  } catch (error) {
    if (error instanceof ValueTooLarge)
      return { type: 'error', id: request.id, code: 'VALUE_TOO_LARGE', message: error.message };
    return {
      type: 'error',
      id: request.id,
      code: 'SQL_ERROR',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** JSON-safe cell: blobs as x'…' hex, huge text cut with a visible marker (never silently). */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'string') {
    return value.length > CELL_MAX_CHARS
      ? `${value.slice(0, CELL_MAX_CHARS)}… [cut: ${value.length} characters in all]`
      : value;
  }
  if (Buffer.isBuffer(value)) {
    const shown = value.subarray(0, CELL_MAX_CHARS / 2).toString('hex');
    return value.length > CELL_MAX_CHARS / 2 ? `x'${shown}'… [cut: blob of ${value.length} bytes]` : `x'${shown}'`;
  }
  return String(value);
}
