/**
 * Messages between the query server and its executor processes
 * (`airgap-agent mcp query-worker`), sent over Node's IPC channel.
 * The worker never writes to stdout; the server kills it on a timeout, a
 * cancelled call, or when it grows past its memory cap.
 */
export type Cell = string | number | null;

export interface RunRequest {
  type: 'run';
  id: number;
  sql: string;
}

export type WorkerMessage =
  | { type: 'ready'; pid: number }
  | { type: 'fatal'; message: string }
  | {
      type: 'result';
      id: number;
      columns: string[];
      rows: Cell[][];
      elapsedMs: number;
      /** set when reading stopped at RESULT_MAX_BYTES: the rows so far are returned, more exist */
      cutAtBytes?: number;
    }
  | { type: 'error'; id: number; code: 'NOT_READ_ONLY' | 'SQL_ERROR' | 'VALUE_TOO_LARGE'; message: string };

/** Longest text kept in one cell; longer values are cut and say so. */
export const CELL_MAX_CHARS = 8000;
/**
 * Largest value a query may build with zeroblob/randomblob/printf/format/replace
 * (the functions that turn a few characters of SQL into a huge value).
 */
export const VALUE_MAX_BYTES = 1024 * 1024;
/** Rows are read one at a time until their cells add up to this; the rest is left (has_more). */
export const RESULT_MAX_BYTES = 2 * 1024 * 1024;
