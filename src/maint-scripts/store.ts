/**
 * script_runs in agent.db: one row per script run, written when it starts
 * (state 'running') and completed when it ends — so a run the service did not
 * live to finish still shows who asked for it and who approved it.
 */
import type { SqliteDatabase } from '../store/sqlite.js';

export interface ScriptRunRow {
  run_id: string;
  script: string;
  version: string;
  arguments: Record<string, unknown>;
  argv: string[];
  requested_by: string | null;
  approved_by: string | null;
  session_id: string | null;
  trace_id: string | null;
  sandbox: string;
  state: 'running' | 'success' | 'failed' | 'timeout' | 'cancelled';
  exit_code: number | null;
  signal: string | null;
  duration_ms: number | null;
  output_sha256: string | null;
  output_bytes: number | null;
  output_tail: string | null;
  started_at: string;
  finished_at: string | null;
}

/** A finished run with the output kept (scripts.output_max_kb). */
export interface ScriptRunResult extends ScriptRunRow {
  output: string;
  truncated: boolean;
}

type Stored = Omit<ScriptRunRow, 'arguments' | 'argv'> & { arguments: string; argv: string };

function fromStored(row: Stored): ScriptRunRow {
  return {
    ...row,
    arguments: JSON.parse(row.arguments) as Record<string, unknown>,
    argv: JSON.parse(row.argv) as string[],
  };
}

export class ScriptRunStore {
  constructor(private readonly db: SqliteDatabase) {}

  start(
    row: Pick<
      ScriptRunRow,
      | 'run_id'
      | 'script'
      | 'version'
      | 'arguments'
      | 'argv'
      | 'requested_by'
      | 'approved_by'
      | 'session_id'
      | 'trace_id'
      | 'sandbox'
    >,
  ): void {
    this.db
      .prepare(
        `INSERT INTO script_runs (run_id, script, version, arguments, argv, requested_by, approved_by, session_id, trace_id, sandbox, state, started_at)
         VALUES (@run_id, @script, @version, @arguments, @argv, @requested_by, @approved_by, @session_id, @trace_id, @sandbox, 'running', @started_at)`,
      )
      .run({
        ...row,
        arguments: JSON.stringify(row.arguments),
        argv: JSON.stringify(row.argv),
        started_at: new Date().toISOString(),
      });
  }

  finish(
    runId: string,
    result: Pick<
      ScriptRunRow,
      'state' | 'exit_code' | 'signal' | 'duration_ms' | 'output_sha256' | 'output_bytes' | 'output_tail'
    >,
  ): ScriptRunRow {
    this.db
      .prepare(
        `UPDATE script_runs SET state = @state, exit_code = @exit_code, signal = @signal, duration_ms = @duration_ms,
           output_sha256 = @output_sha256, output_bytes = @output_bytes, output_tail = @output_tail, finished_at = @finished_at
         WHERE run_id = @run_id`,
      )
      .run({ ...result, run_id: runId, finished_at: new Date().toISOString() });
    return this.get(runId)!;
  }

  /**
   * The run's own unit takes it (run-unit.ts): once, while it is waiting
   * (sandbox 'unit', not finished) and no older than `maxAgeMs`.
   */
  claim(runId: string, options: { unit: string; maxAgeMs: number }): boolean {
    const cutoff = new Date(Date.now() - options.maxAgeMs).toISOString();
    return (
      this.db
        .prepare(
          `UPDATE script_runs SET sandbox = @sandbox WHERE run_id = @run_id AND sandbox = 'unit' AND state = 'running'
             AND finished_at IS NULL AND started_at >= @cutoff`,
        )
        .run({ run_id: runId, sandbox: `unit:${options.unit}`, cutoff }).changes === 1
    );
  }

  get(runId: string): ScriptRunRow | undefined {
    const row = this.db.prepare('SELECT * FROM script_runs WHERE run_id = ?').get(runId) as Stored | undefined;
    return row ? fromStored(row) : undefined;
  }

  list(options: { limit?: number; script?: string | undefined } = {}): ScriptRunRow[] {
    const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
    const rows = (
      options.script
        ? this.db
            .prepare('SELECT * FROM script_runs WHERE script = ? ORDER BY started_at DESC LIMIT ?')
            .all(options.script, limit)
        : this.db.prepare('SELECT * FROM script_runs ORDER BY started_at DESC LIMIT ?').all(limit)
    ) as Stored[];
    return rows.map(fromStored);
  }
}
