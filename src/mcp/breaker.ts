/**
 * What stands between a caller and one MCP server (a dependency): a breaker
 * and a concurrency gate (SOURCES.md part D: "cap concurrency per external
 * dependency and queue the rest"; a global breaker).
 *
 * Breaker policy: a call that fails because the server did not answer
 * (TOOL_TIMEOUT) or is gone (MCP_SERVER_EXITED) counts; `failures` such calls
 * within `windowMs` open the breaker (`closed` → `open`). While open, calls
 * are refused at once (DEPENDENCY_UNAVAILABLE) — no caller waits out another
 * timeout on a server known to be stalled. After `cooldownMs` one call is let
 * through (`half-open`): its success closes the breaker, its failure opens it
 * for another cool-down. Refusals, cancellations and the tool's own errors
 * (a rejected query, a bad argument) never count: the server answered.
 *
 * Gate policy: at most `concurrency` calls in flight; up to `queueMax` more
 * wait in arrival order (each within its own deadline and signal); beyond
 * that a call is answered MCP_SERVER_BUSY at once.
 */

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerPolicy {
  failures: number;
  windowMs: number;
  cooldownMs: number;
}

export interface BreakerStatus {
  state: BreakerState;
  /** counted failures inside the window now */
  failures: number;
  /** when it last opened (ISO), null while closed */
  opened_at: string | null;
  /** when an open breaker lets a call try again (ISO), null unless open */
  retry_at: string | null;
  /** the failure that opened it (or the last counted one) */
  last_error: string | null;
  /** times it opened since start */
  opened: number;
}

/** The codes that say "the server did not answer": the only ones a breaker counts. */
export const BREAKER_CODES: ReadonlySet<string> = new Set(['TOOL_TIMEOUT', 'MCP_SERVER_EXITED']);

export class Breaker {
  private state: BreakerState = 'closed';
  private recent: number[] = [];
  private openedAt: number | undefined;
  private lastError: string | null = null;
  private openings = 0;
  /** a half-open trial call is in flight */
  private trial = false;

  constructor(
    private readonly policy: BreakerPolicy,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * May a call go through now? `undefined`: yes (a half-open trial included);
   * otherwise the refusal: how many failures opened it and until when.
   */
  admit(): { until: number; failures: number; lastError: string | null } | undefined {
    const now = this.clock();
    if (this.state === 'open') {
      const until = (this.openedAt ?? now) + this.policy.cooldownMs;
      if (now < until) return { until, failures: this.policy.failures, lastError: this.lastError };
      this.state = 'half-open';
      this.trial = false;
    }
    if (this.state === 'half-open') {
      if (this.trial) return { until: now + 1000, failures: this.policy.failures, lastError: this.lastError };
      this.trial = true;
    }
    return undefined;
  }

  /** The outcome of an admitted call: its error code (undefined: it succeeded or the tool answered). */
  record(outcome: { code?: string | undefined; text?: string | undefined }): 'opened' | 'closed' | undefined {
    const now = this.clock();
    const counted = outcome.code !== undefined && BREAKER_CODES.has(outcome.code);
    if (this.state === 'half-open') {
      this.trial = false;
      if (counted) return this.open(now, outcome);
      // CANCELLED and the like say nothing about the server: the next call tries again
      if (outcome.code === 'CANCELLED') return undefined;
      this.state = 'closed';
      this.recent = [];
      return 'closed';
    }
    if (!counted) return undefined;
    this.recent = this.recent.filter((at) => now - at < this.policy.windowMs);
    this.recent.push(now);
    this.lastError = `${outcome.code}: ${firstLine(outcome.text)}`;
    if (this.state === 'closed' && this.recent.length >= this.policy.failures) return this.open(now, outcome);
    return undefined;
  }

  status(): BreakerStatus {
    const now = this.clock();
    const open = this.state === 'open' && this.openedAt !== undefined;
    return {
      state: open && now >= this.openedAt! + this.policy.cooldownMs ? 'half-open' : this.state,
      failures: this.recent.filter((at) => now - at < this.policy.windowMs).length,
      opened_at: this.openedAt !== undefined && this.state !== 'closed' ? new Date(this.openedAt).toISOString() : null,
      retry_at: open ? new Date(this.openedAt! + this.policy.cooldownMs).toISOString() : null,
      last_error: this.lastError,
      opened: this.openings,
    };
  }

  private open(now: number, outcome: { code?: string | undefined; text?: string | undefined }): 'opened' {
    this.state = 'open';
    this.openedAt = now;
    this.openings++;
    this.lastError = `${outcome.code}: ${firstLine(outcome.text)}`;
    this.recent = [];
    return 'opened';
  }
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A place in the gate: release it when the call is over (exactly once). */
export type GateTicket = { release(): void };

export type GateOutcome =
  { ok: true; ticket: GateTicket } | { ok: false; reason: 'busy' | 'timeout' | 'cancelled'; waiting: number };

export class CallGate {
  private inFlight = 0;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(private readonly limits: { concurrency: number; queueMax: number }) {}

  get running(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** A place now, or a wait in the queue until `deadline` (epoch ms) or the signal; busy when the queue is full. */
  enter(deadline: number, signal?: AbortSignal): Promise<GateOutcome> {
    if (this.inFlight < this.limits.concurrency && this.waiting.length === 0) {
      this.inFlight++;
      return Promise.resolve({ ok: true, ticket: this.ticket() });
    }
    if (this.waiting.length >= this.limits.queueMax)
      return Promise.resolve({ ok: false, reason: 'busy', waiting: this.waiting.length });
    if (signal?.aborted) return Promise.resolve({ ok: false, reason: 'cancelled', waiting: this.waiting.length });
    return new Promise((resolve) => {
      const entry = {
        grant: (): void => {
          cleanup();
          this.inFlight++;
          resolve({ ok: true, ticket: this.ticket() });
        },
      };
      const leave = (reason: 'timeout' | 'cancelled'): void => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        cleanup();
        resolve({ ok: false, reason, waiting: this.waiting.length });
      };
      const onAbort = (): void => leave('cancelled');
      const timer = setTimeout(() => leave('timeout'), Math.max(0, deadline - Date.now()));
      const cleanup = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private ticket(): GateTicket {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        const next = this.waiting.shift();
        if (next) next.grant();
      },
    };
  }
}
