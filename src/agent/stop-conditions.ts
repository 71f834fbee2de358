/**
 * When the model loop stops: plain functions over the loop's state, checked
 * before every model call (vercel/ai `stop-condition.ts` style). The loop
 * stops as soon as any of them says so.
 */
export interface LoopState {
  /** model calls made so far */
  step: number;
  /** set once the model replied with an answer and no tool call */
  finalAnswer: string | undefined;
  /** replies that could not be used (parse / validation / prose-only) */
  failures: number;
}

export type StopCondition = (state: LoopState) => boolean;

/** Stop after `count` model calls (agent.max_steps). */
export function stepCountIs(count: number): StopCondition {
  return (state) => state.step >= count;
}

/** Stop once the model has given its final answer. */
export function hasFinalAnswer(): StopCondition {
  return (state) => state.finalAnswer !== undefined;
}

/** Stop when the unusable replies exceed the retries allowed (agent.max_retries). */
export function retriesExhausted(maxRetries: number): StopCondition {
  return (state) => state.failures > maxRetries;
}

export function shouldStop(conditions: StopCondition[], state: LoopState): boolean {
  return conditions.some((condition) => condition(state));
}
