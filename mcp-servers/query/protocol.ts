/**
 * Messages between the query server and its executor process
 * (`airgap-agent mcp query-worker`), sent over Node's IPC channel.
 * The worker never writes to stdout; the server kills it on a timeout.
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
  | { type: 'result'; id: number; columns: string[]; rows: Cell[][]; elapsedMs: number }
  | { type: 'error'; id: number; code: 'NOT_READ_ONLY' | 'SQL_ERROR'; message: string };

/** Longest text kept in one cell; longer values are cut and say so. */
export const CELL_MAX_CHARS = 8000;
