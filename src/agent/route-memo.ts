/**
 * The service routes each question twice: the task manager to choose its lane
 * (rules or model), then the agent to answer it — the same question, the same
 * session slots, milliseconds apart. Under load that second pass was a large
 * share of the rules path's CPU. `withRouteMemo` wraps a skills engine so that
 * a decision made in the same minute of the clock for the same question and
 * slots is handed out again (a copy: callers may change theirs), until
 * `prepare` says what the router knows changed (a new equipment list).
 * Everything else passes through untouched.
 *
 * Why a minute: a rules-path question waits in the queue before the agent
 * routes it again (p50 250 ms at 50 operators), so a one-second window missed
 * about a third of the second passes across its boundary. What the router reads
 * from the clock is the day and the hour (the shift on duty), both of which
 * change on a minute's boundary, where the key changes too.
 */
import { now } from '../clock.js';
import type { RouteDecision, SkillEngine } from '../skills/engine-types.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 1024;

export function withRouteMemo<T extends SkillEngine>(engine: T): T {
  const memo = new Map<string, { at: number; decision: RouteDecision }>();
  const route: SkillEngine['route'] = (question, context) => {
    const at = now().getTime();
    // the clock is part of the key: "yesterday" means another day after midnight
    const key = `${Math.floor(at / TTL_MS)}\u0000${JSON.stringify(context.previous ?? null)}\u0000${question}`;
    const known = memo.get(key);
    if (known && Date.now() - known.at < TTL_MS) return structuredClone(known.decision);
    const decision = engine.route(question, context);
    memo.set(key, { at: Date.now(), decision: structuredClone(decision) });
    if (memo.size > MAX_ENTRIES) {
      for (const [entry, value] of memo)
        if (Date.now() - value.at >= TTL_MS || memo.size > MAX_ENTRIES) memo.delete(entry);
    }
    return decision;
  };
  const prepare = async (): Promise<boolean> => {
    const changed = (await engine.prepare?.()) ?? false;
    if (changed) memo.clear();
    return changed;
  };
  return new Proxy(engine, {
    get(target, property, receiver) {
      if (property === 'route') return route;
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
