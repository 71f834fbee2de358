/**
 * When the model loop gives up: plain functions over the loop's state,
 * checked before every model call (vercel/ai `stop-condition.ts` style). The
 * loop stops as soon as any of them says so. A final answer is not one of
 * them: the loop returns it the moment it reads it (loop.ts step 1), so a
 * "has a final answer" condition could never be true when checked.
 */
export interface LoopState {
  /** model calls made so far */
  step: number;
  /** replies that could not be used (parse / validation / prose-only) */
  failures: number;
}

export type StopCondition = (state: LoopState) => boolean;

/** Stop after `count` model calls (agent.max_steps). */
export function stepCountIs(count: number): StopCondition {
  return (state) => state.step >= count;
}

/** Stop when the unusable replies exceed the retries allowed (agent.max_retries). */
export function retriesExhausted(maxRetries: number): StopCondition {
  return (state) => state.failures > maxRetries;
}

export function shouldStop(conditions: StopCondition[], state: LoopState): boolean {
  return conditions.some((condition) => condition(state));
}
