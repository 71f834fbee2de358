/**
 * The checks of a regression case against what the agent did. One handler per
 * assertion key (an exhaustive map: the compiler insists on a handler for
 * every key). Each failure says what was expected and what came instead.
 */
import type { AgentAnswer, ToolCallRecord } from '../agent/types.js';
import type { ExpectedTool, TestCase } from './case-schema.js';

export interface CaseOutcome {
  answer: AgentAnswer;
  latencyMs: number;
  /** model steps taken (0 in rules mode) */
  steps: number;
}

export interface Failure {
  assertion: AssertionKey;
  expected: string;
  got: string;
}

export type AssertionKey =
  | 'expected_tools'
  | 'forbidden_tools'
  | 'expected_skill'
  | 'expected_mode'
  | 'expected_output_contains'
  | 'expected_output_not_contains'
  | 'expected_output_matches'
  | 'expected_error'
  | 'max_steps'
  | 'max_latency_ms';

type Handler = (testCase: TestCase, outcome: CaseOutcome) => Failure[];

function partialMatch(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== 'object') {
    if (typeof expected === 'string' && typeof actual === 'string')
      return expected.trim().toLowerCase() === actual.trim().toLowerCase();
    return expected === actual || (typeof expected === 'number' && Number(actual) === expected);
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.every((item) => actual.some((candidate) => partialMatch(item, candidate)));
  }
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected as Record<string, unknown>).every(([key, value]) =>
    partialMatch(value, (actual as Record<string, unknown>)[key]),
  );
}

function describeCall(call: ToolCallRecord): string {
  const args = JSON.stringify(call.arguments);
  return `${call.name}(${args.length > 200 ? `${args.slice(0, 200)}…` : args})${call.ok ? '' : ' [failed]'}`;
}

function toolMatches(expected: ExpectedTool, call: ToolCallRecord): boolean {
  if (call.name !== expected.name) return false;
  if (expected.ok !== undefined && call.ok !== expected.ok) return false;
  const text = JSON.stringify(call.arguments).toLowerCase();
  if (expected.params_contain && !expected.params_contain.every((part) => text.includes(String(part).toLowerCase())))
    return false;
  if (expected.args) {
    if (expected.exact) return JSON.stringify(expected.args) === JSON.stringify(call.arguments);
    return partialMatch(expected.args, call.arguments);
  }
  return true;
}

/** Calls the agent made, counting a rules-mode skill as a call of its own name. */
function callsOf(answer: AgentAnswer): ToolCallRecord[] {
  const calls = [...answer.tool_calls];
  if (answer.skill && !calls.some((call) => call.name === answer.skill)) {
    calls.unshift({
      id: 'skill',
      name: answer.skill,
      arguments: (answer.data as { arguments?: Record<string, unknown> } | undefined)?.arguments ?? {},
      ok: !answer.error,
      ms: 0,
    });
  }
  return calls;
}

const HANDLERS: Record<AssertionKey, Handler> = {
  expected_tools: (testCase, { answer }) => {
    const calls = callsOf(answer);
    return (testCase.expected_tools ?? [])
      .filter((expected) => !calls.some((call) => toolMatches(expected, call)))
      .map((expected) => ({
        assertion: 'expected_tools',
        expected:
          `a call of ${expected.name}` +
          (`` +
            (expected.params_contain ? ` with ${JSON.stringify(expected.params_contain)} in its arguments` : '') +
            (expected.args ? ` with arguments ${JSON.stringify(expected.args)}` : '')),
        got: calls.length ? calls.map(describeCall).join('\n      ') : 'no tool calls',
      }));
  },
  forbidden_tools: (testCase, { answer }) => {
    const calls = callsOf(answer);
    return (testCase.forbidden_tools ?? [])
      .filter((forbidden) => calls.some((call) => toolMatches(forbidden, call)))
      .map((forbidden) => ({
        assertion: 'forbidden_tools',
        expected: `no call of ${forbidden.name}${forbidden.args ? ` with arguments ${JSON.stringify(forbidden.args)}` : ''}`,
        got: calls.map(describeCall).join('\n      '),
      }));
  },
  expected_skill: (testCase, { answer }) =>
    testCase.expected_skill === undefined || (answer.skill ?? null) === testCase.expected_skill
      ? []
      : [{ assertion: 'expected_skill', expected: String(testCase.expected_skill), got: String(answer.skill ?? null) }],
  expected_mode: (testCase, { answer }) =>
    testCase.expected_mode === undefined || answer.mode === testCase.expected_mode
      ? []
      : [{ assertion: 'expected_mode', expected: testCase.expected_mode, got: answer.mode }],
  expected_output_contains: (testCase, { answer }) =>
    (testCase.expected_output_contains ?? [])
      .filter((part) => !answer.answer.toLowerCase().includes(String(part).toLowerCase()))
      .map((part) => ({
        assertion: 'expected_output_contains',
        expected: `the answer contains ${JSON.stringify(String(part))}`,
        got: answer.answer,
      })),
  expected_output_not_contains: (testCase, { answer }) =>
    (testCase.expected_output_not_contains ?? [])
      .filter((part) => answer.answer.toLowerCase().includes(String(part).toLowerCase()))
      .map((part) => ({
        assertion: 'expected_output_not_contains',
        expected: `the answer does not contain ${JSON.stringify(String(part))}`,
        got: answer.answer,
      })),
  expected_output_matches: (testCase, { answer }) =>
    (testCase.expected_output_matches ?? []).flatMap((pattern) => {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, 'u');
      } catch (error) {
        return [
          {
            assertion: 'expected_output_matches' as const,
            expected: `a valid regular expression`,
            got: `${pattern}: ${(error as Error).message}`,
          },
        ];
      }
      return regex.test(answer.answer)
        ? []
        : [
            {
              assertion: 'expected_output_matches' as const,
              expected: `the answer matches /${pattern}/`,
              got: answer.answer,
            },
          ];
    }),
  expected_error: (testCase, { answer }) =>
    testCase.expected_error === undefined || (answer.error?.code ?? null) === testCase.expected_error
      ? []
      : [
          {
            assertion: 'expected_error',
            expected: String(testCase.expected_error),
            got: answer.error ? `${answer.error.code}: ${answer.error.message}` : 'no error',
          },
        ],
  max_steps: (testCase, { steps }) =>
    testCase.max_steps === undefined || steps <= testCase.max_steps
      ? []
      : [{ assertion: 'max_steps', expected: `at most ${testCase.max_steps} model steps`, got: `${steps}` }],
  max_latency_ms: (testCase, { latencyMs }) =>
    testCase.max_latency_ms === undefined || latencyMs <= testCase.max_latency_ms
      ? []
      : [
          {
            assertion: 'max_latency_ms',
            expected: `at most ${testCase.max_latency_ms} ms`,
            got: `${Math.round(latencyMs)} ms`,
          },
        ],
};

export function checkCase(testCase: TestCase, outcome: CaseOutcome): Failure[] {
  return (Object.keys(HANDLERS) as AssertionKey[]).flatMap((key) => HANDLERS[key](testCase, outcome));
}
