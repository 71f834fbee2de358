/**
 * The tool-call audit log (tool_call_log in agent.db): the first place to look
 * when an answer is wrong. Rows are queued and written in batches (one
 * transaction each) every `flushMs`, and on close. A full batch (100 rows) is
 * written on the next turn of the event loop, after the reply of the call that
 * filled it has gone out (a batch takes ~1 ms: never on a call's own path); 10
 * batches' worth queued in one turn are written at once (memory stays bounded).
 * Process owners call `close()` on SIGTERM/SIGINT so nothing is lost.
 */
import type { SqliteDatabase, SqliteStatement } from './sqlite.js';

export interface AuditRow {
  session_id?: string | null | undefined;
  trace_id?: string | null | undefined;
  origin: 'agent' | 'server';
  server?: string | null | undefined;
  tool_name: string;
  parameters: unknown;
  purpose?: string | null | undefined;
  result_summary?: string | null | undefined;
  duration_ms: number;
  success: boolean;
  cached?: boolean | undefined;
  error_code?: string | null | undefined;
  attempt?: number | undefined;
  created_at?: string | undefined;
}

const SUMMARY_MAX = 2000;

export class AuditWriter {
  private readonly queue: AuditRow[] = [];
  private readonly insert: SqliteStatement;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private closed = false;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: { flushMs: number; batchSize?: number; onError?: (error: unknown) => void },
  ) {
    this.insert = db.prepare(
      `INSERT INTO tool_call_log
      (session_id, trace_id, origin, server, tool_name, parameters, purpose, result_summary, duration_ms, success, cached, error_code, attempt, created_at)
      VALUES (@session_id, @trace_id, @origin, @server, @tool_name, @parameters, @purpose, ` +
        `@result_summary, @duration_ms, @success, @cached, @error_code, @attempt, @created_at)`,
    );
  }

  write(row: AuditRow): void {
    if (this.closed) {
      // after close (shutdown in progress) write through, never drop
      this.writeBatch([{ ...row, created_at: row.created_at ?? new Date().toISOString() }]);
      return;
    }
    this.queue.push({ ...row, created_at: row.created_at ?? new Date().toISOString() });
    const batchSize = this.options.batchSize ?? 100;
    if (this.queue.length >= batchSize * 10) this.flush();
    else if (this.queue.length >= batchSize) this.immediate ??= setImmediate(() => this.flush());
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Number of rows waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Write every queued row now (one transaction); true when none is left waiting (all committed). */
  flush(): boolean {
    const batch = this.take();
    if (batch.length === 0) return true;
    this.writeBatch(batch);
    return this.queue.length === 0;
  }

  /**
   * Every queued row and the caller's own writes (`then`, told whether the rows went in) in one transaction:
   * one commit where there were two (the service: a task's audit rows and its final state). The rows are
   * written first, in a savepoint: when they fail, they wait for the next flush and `then` still runs (it
   * may record that); when `then` throws, nothing is committed and the rows wait for the next flush too.
   * `db` is the caller's connection: another than the writer's gets the rows committed first, then its own.
   */
  flushWith<T>(db: SqliteDatabase, then: (flushed: boolean) => T): T {
    if (db !== this.db) {
      const flushed = this.flush();
      return db.transaction(() => then(flushed)).immediate();
    }
    const batch = this.take();
    let written = false;
    try {
      // IMMEDIATE: the write lock first (waiting out busy_timeout), as `then` may read before it writes
      return db
        .transaction(() => {
          written = batch.length === 0 || this.writeBatch(batch);
          return then(written && this.queue.length === 0);
        })
        .immediate();
    } catch (error) {
      // rolled back: the rows written in it were not committed
      if (written && batch.length > 0) this.queue.unshift(...batch);
      throw error;
    }
  }

  /** The queued rows, taken out of the queue (timers cleared: the caller writes them). */
  private take(): AuditRow[] {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.immediate) {
      clearImmediate(this.immediate);
      this.immediate = undefined;
    }
    return this.queue.splice(0, this.queue.length);
  }

  /** One transaction (a savepoint inside the caller's); false when it failed and the rows went back in the queue. */
  private writeBatch(batch: AuditRow[]): boolean {
    try {
      this.db.transaction((rows: AuditRow[]) => {
        for (const row of rows) {
          const summary = row.result_summary ?? null;
          this.insert.run({
            session_id: row.session_id ?? null,
            trace_id: row.trace_id ?? null,
            origin: row.origin,
            server: row.server ?? null,
            tool_name: row.tool_name,
            parameters: typeof row.parameters === 'string' ? row.parameters : JSON.stringify(row.parameters ?? {}),
            purpose: row.purpose ?? null,
            result_summary:
              summary && summary.length > SUMMARY_MAX
                ? `${summary.slice(0, SUMMARY_MAX)}… (${summary.length} chars)`
                : summary,
            duration_ms: row.duration_ms,
            success: row.success ? 1 : 0,
            cached: row.cached ? 1 : 0,
            error_code: row.error_code ?? null,
            attempt: row.attempt ?? 1,
            created_at: row.created_at,
          });
        }
      })(batch);
      return true;
    } catch (error) {
      // keep the rows: put them back for the next flush and report
      this.queue.unshift(...batch);
      this.options.onError?.(error);
      return false;
    }
  }

  close(): void {
    this.flush();
    this.closed = true;
  }
}
