/**
 * Log-in throttling: exponential backoff per account and per address.
 *
 * - An account: from the ACCOUNT_FREE-th failed log-in in a row, the next
 *   attempt must wait 1 s, 2 s, 4 s … at most ACCOUNT_MAX_MS (60 s). Guessing
 *   stays slow, and the real user is never locked out for longer than a
 *   minute (from any address; their own correct password resets it).
 * - An address: after ADDRESS_FREE failures (any accounts), 1 s, 2 s … at most
 *   ADDRESS_MAX_MS (15 min): one machine spraying many accounts is slowed down
 *   without touching the other addresses.
 * - Failures are forgotten FORGET_MS after the last one, and on a success.
 *
 * Time is monotonic (performance.now), so a wall-clock change neither
 * unlocks nor extends anything. Memory is bounded (MAX_ENTRIES, oldest out).
 */
export const ACCOUNT_FREE = 5;
export const ADDRESS_FREE = 20;
export const ACCOUNT_MAX_MS = 60_000;
export const ADDRESS_MAX_MS = 15 * 60_000;
const FORGET_MS = 30 * 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  failures: number;
  last: number;
  until: number;
}

class Backoff {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly free: number,
    private readonly maxMs: number,
  ) {}

  /** ms to wait before the next attempt (0: go ahead). */
  wait(key: string, at: number): number {
    const entry = this.live(key, at);
    return entry ? Math.max(0, entry.until - at) : 0;
  }

  fail(key: string, at: number): Entry {
    const entry = this.live(key, at) ?? { failures: 0, last: at, until: 0 };
    entry.failures += 1;
    entry.last = at;
    // the free-th failure in a row starts the wait: 1 s, then 2 s, 4 s … up to maxMs
    const over = entry.failures - this.free + 1;
    entry.until = over > 0 ? at + Math.min(this.maxMs, 1000 * 2 ** (over - 1)) : 0;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string, at: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && at - entry.last > FORGET_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

export class LoginThrottle {
  private readonly accounts = new Backoff(ACCOUNT_FREE, ACCOUNT_MAX_MS);
  private readonly addresses = new Backoff(ADDRESS_FREE, ADDRESS_MAX_MS);

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Seconds to wait before this account may be tried from this address (0: now). */
  retryAfter(username: string, address: string): number {
    const at = this.clock();
    const ms = Math.max(this.accounts.wait(username.toLowerCase(), at), this.addresses.wait(address, at));
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** A failed log-in: the failures so far of the account and the address. */
  failed(username: string, address: string): { account: number; address: number } {
    const at = this.clock();
    return {
      account: this.accounts.fail(username.toLowerCase(), at).failures,
      address: this.addresses.fail(address, at).failures,
    };
  }

  succeeded(username: string, address: string): void {
    this.accounts.reset(username.toLowerCase());
    this.addresses.reset(address);
  }
}
