/**
 * The priority queue in front of the model. Two lanes, each with its own
 * concurrency: 'rules' (questions the rule router answers without a model)
 * and 'model' (everything else; limited to llm.concurrency calls per
 * endpoint). A waiting model question never blocks a rule-routed one: the
 * dispatcher starts every waiting job whose lane has room, best priority
 * first, then oldest. At most `max` jobs wait; one more is refused with
 * QUEUE_FULL (429) and an estimate of when to retry.
 */
import { AppError } from '../errors.js';
import type { Lane } from '../types/wire.js';

export type { Lane };

export interface Job {
  id: string;
  lane: Lane;
  /** smaller runs first */
  priority: number;
  run: () => Promise<void>;
  /** told its place in its lane whenever it changes (1 = next) */
  onPosition?: ((position: number, waiting: number) => void) | undefined;
}

interface Waiting extends Job {
  seq: number;
  lastPosition?: number;
}

export class Scheduler {
  private readonly waiting: Waiting[] = [];
  private readonly running: Record<Lane, number> = { rules: 0, model: 0 };
  private readonly durations: Record<Lane, number> = { rules: 0.5, model: 10 };
  private seq = 0;
  /** places held by questions waiting for an admin's approval: they count against `max` and are theirs once approved */
  private reservedPlaces = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: { limits: Record<Lane, number>; max: number }) {}

  get depth(): number {
    return this.waiting.length;
  }

  get reserved(): number {
    return this.reservedPlaces;
  }

  /** Hold a place for a question waiting for approval (QUEUE_FULL when none is left). */
  reserve(lane: Lane): void {
    this.assertRoom(lane);
    this.reservedPlaces += 1;
  }

  /** Give a held place back (the approval was rejected, expired or cancelled). */
  release(): void {
    this.reservedPlaces = Math.max(0, this.reservedPlaces - 1);
  }

  depthOf(lane: Lane): number {
    return this.waiting.filter((job) => job.lane === lane).length;
  }

  runningOf(lane: Lane): number {
    return this.running[lane];
  }

  /** Throw QUEUE_FULL (429, with a Retry-After estimate) when no job can wait now. */
  assertRoom(lane: Lane): void {
    if (this.waiting.length + this.reservedPlaces < this.options.max) return;
    const retryAfter = this.estimateWait(lane);
    throw new AppError('QUEUE_FULL', `the question queue is full (${this.waiting.length} waiting)`, {
      hint: `ask again in about ${retryAfter} s`,
      details: { retry_after_s: retryAfter, waiting: this.waiting.length },
    });
  }

  /** Queue a job or refuse it when the queue is full; a job with a reserved place (approved) takes it and is never refused. */
  submit(job: Job, options: { reserved?: boolean } = {}): void {
    if (options.reserved) this.release();
    else this.assertRoom(job.lane);
    this.waiting.push({ ...job, seq: this.seq++ });
    this.waiting.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
    this.dispatch();
  }

  /** Take a job out of the queue before it starts; false when it is not waiting. */
  remove(id: string): boolean {
    const index = this.waiting.findIndex((job) => job.id === id);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    this.announce();
    return true;
  }

  /** Drop every waiting job (shutdown); returns their ids. */
  drain(): string[] {
    const ids = this.waiting.map((job) => job.id);
    this.waiting.length = 0;
    return ids;
  }

  /** Resolves when nothing runs. */
  idle(): Promise<void> {
    if (this.running.rules + this.running.model === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Seconds until a new job of this lane would likely start (at least 1). */
  estimateWait(lane: Lane): number {
    const ahead = this.depthOf(lane) + this.running[lane];
    return Math.max(1, Math.ceil((ahead * this.durations[lane]) / this.options.limits[lane]));
  }

  private dispatch(): void {
    for (let index = 0; index < this.waiting.length;) {
      const job = this.waiting[index]!;
      if (this.running[job.lane] >= this.options.limits[job.lane]) {
        index++;
        continue;
      }
      this.waiting.splice(index, 1);
      this.start(job);
    }
    this.announce();
  }

  private start(job: Waiting): void {
    this.running[job.lane] += 1;
    const started = performance.now();
    const finish = (): void => {
      this.running[job.lane] -= 1;
      const seconds = (performance.now() - started) / 1000;
      this.durations[job.lane] = this.durations[job.lane] * 0.8 + seconds * 0.2;
      this.dispatch();
      if (this.running.rules + this.running.model === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    };
    // a job reports its own failures; the scheduler only keeps count
    void Promise.resolve()
      .then(job.run)
      .catch(() => undefined)
      .finally(finish);
  }

  private announce(): void {
    const counts: Record<Lane, number> = { rules: 0, model: 0 };
    for (const job of this.waiting) {
      counts[job.lane] += 1;
      const position = counts[job.lane];
      if (job.lastPosition !== position) {
        job.lastPosition = position;
        job.onPosition?.(position, this.waiting.length);
      }
    }
  }
}
