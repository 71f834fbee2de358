/**
 * Runs queries on a small pool of executor processes (worker.ts), each query
 * under a deadline. Workers are kept alive between queries. A worker is
 * SIGKILLed — its CPU and memory really reclaimed — when its query times out,
 * when the caller cancels the call, or when it grows past its memory cap
 * (RSS watched from /proc); a fresh worker takes its place. One worker is
 * kept; more (up to `workers`) start when calls wait and stop after
 * IDLE_STOP_MS without work (while all are busy with heavy work one more starts as a spare),
 * so an idle server holds one. The queue is
 * bounded (QUERY_BUSY beyond it), and heavy queries (a scan, a recursive CTE,
 * a query of a shape that once ran over SLOW_MS) may occupy all workers but
 * one, so cheap queries never wait behind them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { selfCommand } from '../../src/runtime/self.js';
import type { Logger } from '../../src/log/index.js';
import type { Cell, RunRequest, WorkerMessage } from './protocol.js';

export type ExecutionFailureCode =
  | 'QUERY_TIMEOUT'
  | 'QUERY_FAILED'
  | 'NOT_READ_ONLY'
  | 'SQL_ERROR'
  | 'VALUE_TOO_LARGE'
  | 'QUERY_TOO_LARGE'
  | 'QUERY_BUSY'
  | 'CANCELLED';

export type ExecutionResult =
  | { ok: true; columns: string[]; rows: Cell[][]; elapsedMs: number; cutAtBytes?: number | undefined }
  | { ok: false; code: ExecutionFailureCode; message: string; workerPid?: number | undefined };

export interface RunOptions {
  /** a scan or recursive query: it may not take the last free worker */
  heavy?: boolean;
  /** the caller gave up: drop the job, or kill the worker running it */
  signal?: AbortSignal | undefined;
  /** this job's deadline once running (default: the executor's timeoutMs; the rest of a call's time) */
  timeoutMs?: number | undefined;
  /**
   * the query's shape (light.ts `shapeKey`: literals masked): a shape that once ran longer than SLOW_MS counts as
   * heavy from then on, so the same query with other literals cannot take the last free worker
   */
  shape?: string | undefined;
  /**
   * the server's own work (the data profile's measurements): runs when no caller's job waits, counts in no
   * queue limit, and starts no spare worker while it is short
   */
  background?: boolean | undefined;
}

export interface ExecutorOptions {
  dbFile: string;
  timeoutMs: number;
  log: Logger;
  /** worker processes (default 2) */
  workers?: number;
  /** queries waiting for a worker at most (default 32); beyond: QUERY_BUSY */
  queueMax?: number;
  /** a worker whose resident memory passes this is killed (default 512 MB) */
  maxRssMb?: number;
}

interface Job {
  id: number;
  sql: string;
  heavy: boolean;
  shape?: string | undefined;
  background: boolean;
  timeoutMs: number;
  resolve: (result: ExecutionResult) => void;
  done: boolean;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
  slot?: Slot;
  dispatchedAt?: number;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job?: Job | undefined;
  startTimer?: NodeJS.Timeout;
  /** when it last finished a job (or started) */
  idleSince: number;
  /** why this worker was killed, answered to its job */
  killedFor?: 'memory' | undefined;
  recycleAfterJob?: boolean;
}

const START_TIMEOUT_MS = 30000;
/** how long to wait for a SIGKILLed worker to be reaped before answering anyway */
const REAP_WAIT_MS = 800;
/** a query running longer than this counts as heavy when deciding who gets the last free worker */
const SLOW_MS = 250;
const RSS_POLL_MS = 25;
const PAGE_SIZE = 4096;
/** an extra worker (beyond the first) idle this long is stopped */
const IDLE_STOP_MS = 30_000;

export class QueryExecutor {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private startFailures = 0;
  private watchdog: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly size: number;
  private readonly queueMax: number;
  private readonly maxRssBytes: number;
  /** shapes of queries that ran longer than SLOW_MS: heavy from then on */
  private readonly slowShapes = new LRUCache<string, true>({ max: 2000 });

  constructor(private readonly options: ExecutorOptions) {
    this.size = Math.max(1, options.workers ?? 2);
    this.queueMax = Math.max(0, options.queueMax ?? 32);
    this.maxRssBytes = (options.maxRssMb ?? 512) * 1024 * 1024;
  }

  /** pid of the first worker (undefined while none runs) */
  get workerPid(): number | undefined {
    return this.slots[0]?.child.pid;
  }

  /** pids of all worker processes */
  get workerPids(): number[] {
    return this.slots.map((slot) => slot.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** queries waiting for a worker */
  get queued(): number {
    return this.queue.length;
  }

  /** Make sure one worker runs (more start on demand, see pump). */
  start(): void {
    if (this.closed) return;
    if (this.slots.length === 0) this.spawnSlot();
    if (!this.idleTimer) {
      this.idleTimer = setInterval(() => this.stopIdle(), Math.min(5000, IDLE_STOP_MS));
      this.idleTimer.unref();
    }
  }

  /** Stop extra workers that had nothing to do for IDLE_STOP_MS (one is always kept). */
  private stopIdle(): void {
    const now = performance.now();
    for (const slot of [...this.slots]) {
      if (this.slots.length <= 1) break;
      if (slot.ready && !slot.job && now - slot.idleSince > IDLE_STOP_MS) this.retire(slot, 'SIGTERM');
    }
  }

  private spawnSlot(): Slot {
    const command = selfCommand(['mcp', 'query-worker', '--db', this.options.dbFile]);
    const heapMb = Math.max(64, Math.floor(this.maxRssBytes / (1024 * 1024) / 2));
    const env = {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim(),
    };
    const child = spawn(command.command, command.args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      shell: false,
      env,
    });
    const slot: Slot = { child, ready: false, idleSince: performance.now() };
    this.slots.push(slot);
    slot.startTimer = setTimeout(() => {
      this.options.log.error({ workerPid: child.pid }, 'query-worker-start-timeout');
      child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    child.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    child.on('error', (error) => this.options.log.error({ err: error }, 'query-worker-spawn-failed'));
    child.on('exit', (code, signal) => this.onExit(slot, code, signal));
    return slot;
  }

  /** Run one statement; resolves (never rejects) with rows or a coded failure. */
  run(sql: string, options: RunOptions = {}): Promise<ExecutionResult> {
    if (this.closed)
      return Promise.resolve({ ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
    if (options.signal?.aborted) return Promise.resolve(cancelled());
    const waiting = this.queue.filter((job) => !job.background).length;
    if (!options.background && waiting >= this.queueMax && !this.slots.some((slot) => slot.ready && !slot.job)) {
      return Promise.resolve({
        ok: false,
        code: 'QUERY_BUSY',
        message: `${waiting} queries are already waiting for the ${this.size} query workers`,
      });
    }
    return new Promise((resolve) => {
      const job: Job = {
        id: this.nextId++,
        sql,
        heavy: options.heavy === true || (options.shape !== undefined && this.slowShapes.has(options.shape)),
        shape: options.shape,
        background: options.background === true,
        timeoutMs: Math.min(options.timeoutMs ?? this.options.timeoutMs, this.options.timeoutMs),
        resolve,
        done: false,
        signal: options.signal,
      };
      if (options.signal) {
        job.onAbort = () => this.cancel(job);
        options.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.start();
      this.pump();
    });
  }

  /** Restart the workers (plant.db was replaced by a new file); running queries finish first. */
  recycle(): void {
    for (const slot of [...this.slots]) {
      if (slot.job) slot.recycleAfterJob = true;
      else this.retire(slot, 'SIGTERM');
    }
    this.start();
    this.pump();
  }

  close(): void {
    this.closed = true;
    if (this.idleTimer) clearInterval(this.idleTimer);
    for (const job of this.queue.splice(0))
      this.finish(job, { ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
    for (const slot of this.slots.splice(0)) {
      if (slot.startTimer) clearTimeout(slot.startTimer);
      if (slot.job)
        this.finish(slot.job, { ok: false, code: 'QUERY_FAILED', message: 'the query server is shutting down' });
      slot.child.kill('SIGKILL');
    }
    this.updateWatchdog();
  }

  private finish(job: Job, result: ExecutionResult): void {
    if (job.done) return;
    job.done = true;
    if (job.shape !== undefined && job.dispatchedAt !== undefined && performance.now() - job.dispatchedAt > SLOW_MS)
      this.slowShapes.set(job.shape, true);
    if (job.timer) clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (job.slot?.job === job) job.slot.job = undefined;
    if (job.slot) job.slot.idleSince = performance.now();
    job.resolve(result);
  }

  /** Take a worker out of the pool (it is killed; its exit is then ignored). */
  private retire(slot: Slot, signal: NodeJS.Signals): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    if (signal === 'SIGTERM') slot.child.disconnect?.();
    slot.child.kill(signal);
  }

  private isHeavyNow(job: Job | undefined, now: number): boolean {
    return job !== undefined && (job.heavy || (job.dispatchedAt !== undefined && now - job.dispatchedAt > SLOW_MS));
  }

  private pump(): void {
    if (this.closed) return;
    const now = performance.now();
    for (;;) {
      const idle = this.slots.find((slot) => slot.ready && !slot.job);
      if (!idle || this.queue.length === 0) break;
      // heavy work may hold every worker but one; a cheap query takes the one left
      const heavyRunning = this.slots.filter((slot) => this.isHeavyNow(slot.job, now)).length;
      const heavyAllowed = this.size === 1 || heavyRunning < this.size - 1;
      // the callers' jobs first, the server's own background measurements when none waits
      const runnable = (job: Job): boolean => !job.heavy || heavyAllowed;
      let index = this.queue.findIndex((job) => !job.background && runnable(job));
      if (index === -1) index = this.queue.findIndex(runnable);
      if (index === -1) break;
      const [job] = this.queue.splice(index, 1);
      this.dispatch(idle, job!);
    }
    // calls still wait, or every worker is busy with heavy work: start another (a spare for the next cheap
    // query), up to the pool size. A worker busy with a cheap query is free again in a moment: no spare for
    // it (each worker is a whole copy of the program, and an idle server keeps one)
    const starting = this.slots.filter((slot) => !slot.ready).length;
    const free = this.slots.filter((slot) => !slot.job).length;
    const heavyBusy = free === 0 && this.slots.some((slot) => this.isHeavyNow(slot.job, now));
    // a short background job frees its worker in a moment: no spare for the call waiting behind it
    const backgroundSoon = this.slots.some((slot) => slot.job?.background && !this.isHeavyNow(slot.job, now));
    const waiting = this.queue.filter((job) => !job.background).length;
    if (((waiting > starting && !backgroundSoon) || heavyBusy) && this.slots.length < this.size) this.spawnSlot();
    this.updateWatchdog();
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    job.slot = slot;
    job.dispatchedAt = performance.now();
    job.timer = setTimeout(() => this.onTimeout(slot, job), job.timeoutMs);
    slot.child.send({ type: 'run', id: job.id, sql: job.sql } satisfies RunRequest);
  }

  /** The caller gave up: a waiting job is dropped, a running one's worker killed. */
  private cancel(job: Job): void {
    if (job.done) return;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.finish(job, cancelled());
      return;
    }
    const slot = job.slot;
    if (slot && slot.job === job) {
      this.options.log.info({ workerPid: slot.child.pid }, 'query-cancelled-worker-killed');
      this.retire(slot, 'SIGKILL');
      this.finish(job, cancelled(slot.child.pid));
      this.start();
      this.pump();
    }
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (!this.slots.includes(slot)) return;
    if (message.type === 'ready') {
      if (slot.startTimer) clearTimeout(slot.startTimer);
      slot.ready = true;
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
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    if (message.type === 'result')
      this.finish(job, {
        ok: true,
        columns: message.columns,
        rows: message.rows,
        elapsedMs: message.elapsedMs,
        cutAtBytes: message.cutAtBytes,
      });
    else this.finish(job, { ok: false, code: message.code, message: message.message });
    if (slot.recycleAfterJob) {
      this.retire(slot, 'SIGTERM');
      this.start();
    }
    this.pump();
  }

  private onTimeout(slot: Slot, job: Job): void {
    if (slot.job !== job || job.done) return;
    const pid = slot.child.pid;
    this.options.log.warn({ workerPid: pid, timeoutMs: this.options.timeoutMs }, 'query-timeout');
    this.retire(slot, 'SIGKILL');
    slot.job = undefined;
    const answer = (): void =>
      this.finish(job, {
        ok: false,
        code: 'QUERY_TIMEOUT',
        message: `the query ran longer than ${this.options.timeoutMs} ms and was stopped`,
        workerPid: pid,
      });
    slot.child.once('exit', answer);
    setTimeout(answer, REAP_WAIT_MS).unref();
    this.start();
    this.pump();
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.startTimer) clearTimeout(slot.startTimer);
    if (!this.slots.includes(slot)) return; // a worker we already replaced (timeout, cancel, recycle)
    this.slots.splice(this.slots.indexOf(slot), 1);
    this.options.log.warn({ workerPid: slot.child.pid, code, signal, killedFor: slot.killedFor }, 'query-worker-exit');
    if (slot.job) {
      const job = slot.job;
      slot.job = undefined;
      this.finish(
        job,
        slot.killedFor === 'memory'
          ? {
              ok: false,
              code: 'QUERY_TOO_LARGE',
              message: `the query needed more than ${Math.round(this.maxRssBytes / (1024 * 1024))} MB of memory and was stopped`,
              workerPid: slot.child.pid,
            }
          : {
              ok: false,
              code: 'QUERY_FAILED',
              message:
                `the query worker stopped (${signal ?? `exit code ${code}`}) while running this query — it may ` +
                `need too much memory; narrow it with WHERE and aggregate`,
              workerPid: slot.child.pid,
            },
      );
    }
    if (!slot.ready) this.startFailures++;
    if (this.closed) return;
    if (this.startFailures >= 3) {
      this.failQueued('the query worker fails to start (see the server log)');
      this.startFailures = 0;
      return;
    }
    this.start();
    this.pump();
  }

  /** Poll the resident memory of busy workers; kill one past the cap. */
  private updateWatchdog(): void {
    const busy = this.slots.some((slot) => slot.job);
    if (busy && !this.watchdog) {
      this.watchdog = setInterval(() => this.checkMemory(), RSS_POLL_MS);
      this.watchdog.unref();
    } else if (!busy && this.watchdog) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
    }
  }

  private checkMemory(): void {
    for (const slot of this.slots) {
      if (!slot.job || slot.killedFor) continue;
      const rss = residentBytes(slot.child.pid);
      if (rss !== undefined && rss > this.maxRssBytes) {
        this.options.log.warn(
          { workerPid: slot.child.pid, rssMb: Math.round(rss / (1024 * 1024)) },
          'query-worker-memory-cap',
        );
        slot.killedFor = 'memory';
        slot.child.kill('SIGKILL');
      }
    }
    this.updateWatchdog();
  }

  private failQueued(message: string): void {
    for (const job of this.queue.splice(0)) this.finish(job, { ok: false, code: 'QUERY_FAILED', message });
  }
}

function cancelled(workerPid?: number): ExecutionResult {
  return { ok: false, code: 'CANCELLED', message: 'the caller cancelled this query', workerPid };
}

/** Resident set size of a process from /proc (undefined where there is no /proc). */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? pages * PAGE_SIZE : undefined;
  } catch {
    return undefined;
  }
}
