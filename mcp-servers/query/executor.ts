/**
 * Runs queries in the executor process (worker.ts), one at a time, under a
 * deadline. The worker is kept alive between queries; on a timeout it is
 * SIGKILLed (its CPU really reclaimed), the caller gets QUERY_TIMEOUT once the
 * process is gone, and a fresh worker is started for the next query.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { selfCommand } from '../../src/runtime/self.js';
import type { Logger } from '../../src/log/index.js';
import type { Cell, RunRequest, WorkerMessage } from './protocol.js';

export type ExecutionResult =
  | { ok: true; columns: string[]; rows: Cell[][]; elapsedMs: number }
  | { ok: false; code: 'QUERY_TIMEOUT' | 'QUERY_FAILED' | 'NOT_READ_ONLY' | 'SQL_ERROR'; message: string; workerPid?: number | undefined };

interface Job {
  id: number;
  sql: string;
  resolve: (result: ExecutionResult) => void;
  timer?: NodeJS.Timeout;
}

const START_TIMEOUT_MS = 30000;
/** how long to wait for a SIGKILLed worker to be reaped before answering anyway */
const REAP_WAIT_MS = 800;

export class QueryExecutor {
  private child: ChildProcess | undefined;
  private ready = false;
  private readonly queue: Job[] = [];
  private active: Job | undefined;
  private nextId = 1;
  private closed = false;
  private startFailures = 0;
  private startTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: { dbFile: string; timeoutMs: number; log: Logger }) {}

  /** pid of the current worker (undefined while none runs) */
  get workerPid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    if (this.child || this.closed) return;
    const command = selfCommand(['mcp', 'query-worker', '--db', this.options.dbFile]);
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], shell: false, env: process.env });
    this.child = child;
    this.ready = false;
    this.startTimer = setTimeout(() => {
      this.options.log.error({ workerPid: child.pid }, 'query-worker-start-timeout');
      child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    child.on('message', (message: WorkerMessage) => this.onMessage(child, message));
    child.on('error', (error) => this.options.log.error({ err: error }, 'query-worker-spawn-failed'));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
  }

  /** Run one statement; resolves (never rejects) with rows or a coded failure. */
  run(sql: string): Promise<ExecutionResult> {
    if (this.closed) return Promise.resolve({ ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, sql, resolve });
      this.start();
      this.pump();
    });
  }

  /** Restart the worker (e.g. plant.db was replaced by a new file). Waits for running queries. */
  recycle(): void {
    const child = this.child;
    if (!child) return;
    if (this.active) {
      // let the running query finish; the next pump restarts
      this.recyclePending = true;
      return;
    }
    this.child = undefined;
    this.ready = false;
    child.disconnect?.();
    child.kill('SIGTERM');
    this.start();
  }
  private recyclePending = false;

  close(): void {
    this.closed = true;
    if (this.startTimer) clearTimeout(this.startTimer);
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
    if (this.active) {
      if (this.active.timer) clearTimeout(this.active.timer);
      this.active.resolve({ ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
      this.active = undefined;
    }
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  private pump(): void {
    if (this.active || !this.ready || !this.child) return;
    if (this.recyclePending) {
      this.recyclePending = false;
      this.recycle();
      return;
    }
    const job = this.queue.shift();
    if (!job) return;
    this.active = job;
    const child = this.child;
    job.timer = setTimeout(() => this.onTimeout(child, job), this.options.timeoutMs);
    child.send({ type: 'run', id: job.id, sql: job.sql } satisfies RunRequest);
  }

  private onMessage(child: ChildProcess, message: WorkerMessage): void {
    if (child !== this.child) return;
    if (message.type === 'ready') {
      if (this.startTimer) clearTimeout(this.startTimer);
      this.ready = true;
      this.startFailures = 0;
      this.options.log.debug({ workerPid: message.pid }, 'query-worker-ready');
      this.pump();
      return;
    }
    if (message.type === 'fatal') {
      this.options.log.error({ message: message.message }, 'query-worker-fatal');
      this.failQueued(`the query worker could not start: ${message.message}`);
      return;
    }
    const job = this.active;
    if (!job || job.id !== message.id) return;
    if (job.timer) clearTimeout(job.timer);
    this.active = undefined;
    if (message.type === 'result') job.resolve({ ok: true, columns: message.columns, rows: message.rows, elapsedMs: message.elapsedMs });
    else job.resolve({ ok: false, code: message.code, message: message.message });
    this.pump();
  }

  private onTimeout(child: ChildProcess, job: Job): void {
    if (this.active !== job) return;
    const pid = child.pid;
    this.options.log.warn({ workerPid: pid, timeoutMs: this.options.timeoutMs }, 'query-timeout');
    this.active = undefined;
    this.child = undefined;
    this.ready = false;
    let answered = false;
    const answer = (): void => {
      if (answered) return;
      answered = true;
      job.resolve({ ok: false, code: 'QUERY_TIMEOUT', message: `the query ran longer than ${this.options.timeoutMs} ms and was stopped`, workerPid: pid });
    };
    child.once('exit', answer);
    setTimeout(answer, REAP_WAIT_MS).unref();
    child.kill('SIGKILL');
    // a fresh worker for whatever comes next
    this.start();
    this.pump();
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child) return; // a worker we already replaced (timeout, recycle)
    if (this.startTimer) clearTimeout(this.startTimer);
    const wasReady = this.ready;
    this.child = undefined;
    this.ready = false;
    this.options.log.warn({ workerPid: child.pid, code, signal }, 'query-worker-exit');
    if (this.active) {
      const job = this.active;
      this.active = undefined;
      if (job.timer) clearTimeout(job.timer);
      job.resolve({ ok: false, code: 'QUERY_FAILED', message: `the query worker stopped (${signal ?? `exit code ${code}`}) while running this query — it may need too much memory; narrow it with WHERE and aggregate` });
    }
    if (!wasReady) this.startFailures++;
    if (this.closed) return;
    if (this.startFailures >= 3) {
      this.failQueued('the query worker fails to start (see the server log)');
      this.startFailures = 0;
      return;
    }
    if (this.queue.length > 0) {
      this.start();
    }
  }

  private failQueued(message: string): void {
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, code: 'QUERY_FAILED', message });
  }
}
