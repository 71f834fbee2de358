/**
 * Log-in throttling: exponential backoff per address, per network and per
 * account, so that guessing stays slow however it is spread, and the real
 * user is not locked out by somebody else's guesses.
 *
 * - An address: after ADDRESS_FREE failures (any accounts), 1 s, 2 s … at most
 *   ADDRESS_MAX_MS (15 min). A correct log-in from the address does NOT reset
 *   it: one's own account cannot buy more guesses at others'.
 * - A network (IPv4 /24, IPv6 /64): after NETWORK_FREE failures from all its
 *   addresses together, the same backoff for attempts that are not from a
 *   known address of the account (below): twenty addresses of one machine or
 *   one segment are one guesser.
 * - An account: from the ACCOUNT_FREE-th failure in a row (any address), 1 s,
 *   2 s … at most ACCOUNT_MAX_MS (1 min) for attempts from addresses the
 *   account is not known at.
 * - A known address: one the account logged in from successfully within
 *   KNOWN_MS (30 days, while the service runs). Attempts from there skip the
 *   account's and the network's backoff and have their own (account, address)
 *   one instead (ACCOUNT_FREE, ACCOUNT_MAX_MS), reset by a correct log-in
 *   there: a guesser elsewhere trying one password a minute keeps the account
 *   slow for strangers, never for its owner at their usual machine.
 * - Failures are forgotten FORGET_MS after the last one.
 *
 * Time is monotonic (performance.now), so a wall-clock change neither
 * unlocks nor extends anything. Memory is bounded (MAX_ENTRIES per table,
 * oldest out).
 */
export const ACCOUNT_FREE = 5;
export const ADDRESS_FREE = 20;
export const NETWORK_FREE = 40;
export const ACCOUNT_MAX_MS = 60_000;
export const ADDRESS_MAX_MS = 15 * 60_000;
export const KNOWN_MS = 30 * 24 * 3_600_000;
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

/** The network an address belongs to: IPv4 /24, IPv6 /64 (an IPv4-mapped address as IPv4). */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (group === '' ? '0' : group.replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}

export class LoginThrottle {
  private readonly accounts = new Backoff(ACCOUNT_FREE, ACCOUNT_MAX_MS);
  private readonly pairs = new Backoff(ACCOUNT_FREE, ACCOUNT_MAX_MS);
  private readonly addresses = new Backoff(ADDRESS_FREE, ADDRESS_MAX_MS);
  private readonly networks = new Backoff(NETWORK_FREE, ADDRESS_MAX_MS);
  /** (account, address) → when the account last logged in there */
  private readonly known = new Map<string, number>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Seconds to wait before this account may be tried from this address (0: now). */
  retryAfter(username: string, address: string): number {
    const at = this.clock();
    const account = username.toLowerCase();
    const pair = `${account}\u0000${address}`;
    const waits = [this.addresses.wait(address, at)];
    if (this.isKnown(pair, at)) waits.push(this.pairs.wait(pair, at));
    else waits.push(this.accounts.wait(account, at), this.networks.wait(networkOf(address), at));
    const ms = Math.max(...waits);
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** A failed log-in: the failures so far of the account and the address. */
  failed(username: string, address: string): { account: number; address: number } {
    const at = this.clock();
    const account = username.toLowerCase();
    this.pairs.fail(`${account}\u0000${address}`, at);
    this.networks.fail(networkOf(address), at);
    return {
      account: this.accounts.fail(account, at).failures,
      address: this.addresses.fail(address, at).failures,
    };
  }

  /** A correct log-in: the address becomes known for the account; the address's own count stays. */
  succeeded(username: string, address: string): void {
    const pair = `${username.toLowerCase()}\u0000${address}`;
    this.pairs.reset(pair);
    this.known.delete(pair);
    this.known.set(pair, this.clock());
    if (this.known.size > MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
  }

  private isKnown(pair: string, at: number): boolean {
    const since = this.known.get(pair);
    if (since === undefined) return false;
    if (at - since > KNOWN_MS) {
      this.known.delete(pair);
      return false;
    }
    return true;
  }
}
