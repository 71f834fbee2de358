/**
 * The service routes each question twice: the task manager to choose its lane
 * (rules or model), then the agent to answer it — the same question, the same
 * session slots, milliseconds apart. Under load that second pass was a large
 * share of the rules path's CPU. `withRouteMemo` wraps a skills engine so that
 * a decision made in the last second for the same question and slots is
 * handed out again (a copy: callers may change theirs), until `prepare`
 * says what the router knows changed (a new equipment list). Everything else
 * passes through untouched.
 *
 * Why a second, not longer: a decision holds more than the rules' reading —
 * whether the chosen skill can run now (its servers' health) and the phrasings
 * an admin has taught — and both may change at any moment. Held for a minute,
 * a question asked after a server's breaker opened was routed to the skill as
 * if it could run (src/agent/stall.test.ts).
 */
import { now } from '../clock.js';
import type { RouteDecision, SkillEngine } from '../skills/engine-types.js';

const TTL_MS = 1000;
const MAX_ENTRIES = 256;

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
