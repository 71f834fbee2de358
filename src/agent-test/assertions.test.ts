import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCase, type CaseOutcome } from './assertions.js';
import { testCaseSchema } from './case-schema.js';

const outcome: CaseOutcome = {
  latencyMs: 120,
  steps: 0,
  answer: {
    answer: 'Line A output this week: 12,345 pcs; defect rate 1.23%',
    mode: 'rules',
    skill: 'quality_metrics',
    session: 's',
    trace_id: 't',
    tool_calls: [
      {
        id: '1',
        name: 'query_database',
        arguments: {
          sql: "SELECT sum(inspected_qty) FROM quality_data WHERE line_id = 'A' LIMIT 1",
          purpose: 'line A output this week',
        },
        ok: true,
        ms: 2,
      },
    ],
  },
};

const parse = (value: unknown) => testCaseSchema.parse(value);

test('a passing case has no failures', () => {
  const testCase = parse({
    name: 'x',
    input: 'q',
    expected_tools: [{ name: 'query_database', params_contain: ['A', 'week'] }, { name: 'quality_metrics' }],
    expected_skill: 'quality_metrics',
    expected_mode: 'rules',
    expected_output_contains: ['output', 'PCS'],
    expected_output_not_contains: ['error'],
    expected_output_matches: ['\\d+\\.\\d{2}%'],
    expected_error: null,
    max_steps: 0,
    max_latency_ms: 1000,
  });
  assert.deepEqual(checkCase(testCase, outcome), []);
});

test('each failure says what was expected and what came instead', () => {
  const testCase = parse({
    name: 'x',
    input: 'q',
    expected_tools: [{ name: 'query_database', args: { purpose: 'line B output' } }],
    expected_skill: 'weekly_report',
    expected_mode: 'model',
    expected_output_contains: ['件'],
    expected_output_not_contains: ['pcs'],
    expected_output_matches: ['^Line B'],
    max_latency_ms: 100,
  });
  const failures = checkCase(testCase, outcome);
  assert.deepEqual(
    failures.map((failure) => failure.assertion),
    [
      'expected_tools',
      'expected_skill',
      'expected_mode',
      'expected_output_contains',
      'expected_output_not_contains',
      'expected_output_matches',
      'max_latency_ms',
    ],
  );
  assert.match(failures[0]!.got, /query_database\(/);
});

test('forbidden_tools fails when a call it names was made, and only then', () => {
  const made = parse({ name: 'x', input: 'q', forbidden_tools: [{ name: 'query_database', params_contain: ["'A'"] }] });
  assert.deepEqual(
    checkCase(made, outcome).map((failure) => failure.assertion),
    ['forbidden_tools'],
  );
  const notMade = parse({
    name: 'x',
    input: 'q',
    forbidden_tools: [{ name: 'query_database', args: { sql: 'DROP' } }],
  });
  assert.deepEqual(checkCase(notMade, outcome), []);
});
