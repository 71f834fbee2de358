/**
 * The real loop, the real `openai` SDK against the scripted server, the real
 * McpManager with a real stdio MCP server (fixtures/plant-mcp-server.ts); only
 * the skills engine is a small fake.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setFixedNow } from '../clock.js';
import { isAppError } from '../errors.js';
import { lastUserText, turn, type RecordedRequest } from '../agent-test/scripted-llm-server.js';
import { askWith, auditRows, startHarness, type Harness } from './fixtures/harness.js';
import type { AgentEvent } from './types.js';
import { saysTrigger } from './agent.js';

const NOW = '2026-11-25T10:00:00+08:00';

function systemOf(request: RecordedRequest): string {
  return String(request.messages[0]?.content ?? '');
}

function types(events: AgentEvent[]): string[] {
  return events.map((event) => event.type);
}

describe('the model loop', () => {
  let harness: Harness;
  before(async () => {
    setFixedNow(NOW, 'Asia/Shanghai');
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
    setFixedNow(undefined, 'UTC');
  });

  test('a correct native call, then the final answer; the prompt carries date, time zone, plant, tools and rules', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    llm.push(turn.call('count_records', { line: 'C', days: 7 }), turn.text('Line C has 7 records in the last 7 days.'));
    const { answer, events } = await askWith(harness, 'How many records does line C have for the last 7 days?');
    assert.equal(answer.mode, 'model');
    assert.equal(answer.answer, 'Line C has 7 records in the last 7 days.');
    assert.equal(answer.error, undefined);
    assert.equal(answer.tool_calls.length, 1);
    assert.deepEqual(
      { name: answer.tool_calls[0]!.name, arguments: answer.tool_calls[0]!.arguments, ok: answer.tool_calls[0]!.ok },
      { name: 'count_records', arguments: { line: 'C', days: 7 }, ok: true },
    );
    assert.ok(answer.tool_calls[0]!.ms > 0);
    const requests = llm.chatRequests().slice(before);
    assert.equal(requests.length, 2);
    const system = systemOf(requests[0]!);
    assert.match(system, /2026-11-25 10:00 Wednesday/);
    assert.match(system, /Asia\/Shanghai \(UTC\+08:00\)/);
    assert.match(system, /Test plant/);
    assert.match(system, /Good: .*SELECT line_id/);
    assert.match(system, /Bad: .*SELECT \*/);
    const offered = requests[0]!.tools.map((tool) => tool.function.name).sort();
    assert.deepEqual(offered, ['count_records', 'quality_metrics', 'query_database', 'wait']);
    // the tool result went back as a tool message for the call id
    const toolMessage = requests[1]!.messages.find((message) => message.role === 'tool');
    assert.match(String(toolMessage?.content), /line C: 7 records in the last 7 days/);
    assert.equal(requests[0]!.temperature, 0.4);
    assert.equal(requests[1]!.temperature, 0.4, 'no retry, no cooling');
    assert.deepEqual(
      types(events).filter((type) => type !== 'token'),
      ['mode', 'step-start', 'tool-call-start', 'tool-call-end', 'step-end', 'step-start', 'step-end', 'answer'],
    );
    const rows = auditRows(harness, answer.trace_id);
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.success, row.origin, row.server]),
      [['count_records', 1, 'agent', 'plant']],
    );
  });

  test('every malformed text shape is recovered through the lenient parser', async () => {
    const shapes = [
      '<tool_call>\n{"name": "count_records", "arguments": {"line": "C", "days": 7}}\n</tool_call>',
      '```json\n{"name": "count_records", "arguments": {"line": "C", "days": 7}}\n```',
      '[TOOL_CALLS][{"name": "count_records", "arguments": {"line": "C", "days": 7}}]',
      '<|python_tag|>{"name": "count_records", "parameters": {"line": "C", "days": 7}}',
      '<function=count_records>{"line": "C", "days": 7}</function>',
      'functools[{"name": "count_records", "arguments": {"line": "C", "days": 7}}]',
      'count_records(line="C", days=7)',
      "{'name': 'count_records', 'arguments': {'line': 'C', 'days': 7,},}",
      'Sure, let me look that up: {"name": "count_records", "arguments": {"line": "C", "days": 7}}',
      '{"name": "count_records", "arguments": "{\\"line\\": \\"C\\", \\"days\\": 7}"}',
    ];
    for (const shape of shapes) {
      const llm = harness.llm!;
      const before = llm.chatRequests().length;
      llm.push(turn.text(shape), turn.text('Line C: 7 records.'));
      const { answer } = await askWith(harness, 'records of line C over a week?');
      assert.equal(answer.answer, 'Line C: 7 records.', shape);
      assert.equal(answer.tool_calls.length, 1, shape);
      assert.deepEqual(answer.tool_calls[0]!.arguments, { line: 'C', days: 7 }, shape);
      assert.equal(answer.tool_calls[0]!.ok, true, shape);
      const second = llm.chatRequests()[before + 1]!;
      assert.match(lastUserText(second), /Result of count_records:\nline C: 7 records/, shape);
    }
  });

  test('malformed native arguments are repaired; "7" is coerced to 7 and "c" to "C" without a retry', async () => {
    harness.llm!.push(turn.call('count_records', "{'line': 'c', 'days': '7',}"), turn.text('Seven.'));
    const { answer, events } = await askWith(harness, 'count line c');
    assert.equal(answer.answer, 'Seven.');
    assert.deepEqual(answer.tool_calls[0]!.arguments, { line: 'C', days: 7 });
    assert.ok(!types(events).includes('retry'));
  });

  test('invalid arguments go back to the model naming the problem; the corrected call runs, cooler', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    llm.push(
      turn.call('count_records', { line: 'E', days: 7 }),
      turn.call('count_records', { line: 'B', days: 7 }),
      turn.text('Line B: 7 records.'),
    );
    const { answer, events } = await askWith(harness, 'records of line E?');
    assert.equal(answer.answer, 'Line B: 7 records.');
    const requests = llm.chatRequests().slice(before);
    assert.equal(requests.length, 3);
    const error = requests[1]!.messages.find((message) => message.role === 'tool');
    assert.match(
      String(error?.content),
      /TOOL_ARGUMENTS_INVALID.*argument "line" must be one of "A", "B", "C", "D", got "E"/,
    );
    assert.deepEqual(
      requests.map((request) => request.temperature),
      [0.4, 0.2, 0.2],
    );
    const retry = events.find((event) => event.type === 'retry');
    assert.ok(retry && retry.type === 'retry' && retry.attempt === 1 && /line/.test(retry.reason));
    const rows = auditRows(harness, answer.trace_id);
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.success, row.error_code, row.attempt]),
      [
        ['count_records', 0, 'TOOL_ARGUMENTS_INVALID', 1],
        ['count_records', 1, null, 1],
      ],
    );
    assert.deepEqual(JSON.parse(rows[0]!.parameters), { line: 'E', days: 7 });
  });

  test('an unknown tool name is an error the model can fix', async () => {
    harness.llm!.push(turn.call('get_weather', { city: 'X' }), turn.text('I cannot tell the weather.'));
    const before = harness.llm!.chatRequests().length;
    const { answer } = await askWith(harness, 'weather?');
    assert.equal(answer.answer, 'I cannot tell the weather.');
    const toolMessage = harness.llm!.chatRequests()[before + 1]!.messages.find((message) => message.role === 'tool');
    assert.match(String(toolMessage?.content), /TOOL_NOT_FOUND.*no tool named "get_weather".*count_records/);
    assert.equal(auditRows(harness, answer.trace_id)[0]?.error_code, 'TOOL_NOT_FOUND');
  });

  test('a call shown as an example and a call cut off mid-arguments never run; each gets a corrective message', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    llm.push(
      turn.text('For example, you could call count_records({"line": "A", "days": 7}) to get them.'),
      turn.text('<tool_call>{"name": "count_records", "arguments": {"line": "A", "days": 7, "note": "last we'),
      turn.text(
        '<|channel|>commentary to=functions.count_records <|constrain|>json<|message|>{"line":"A","days":7}<|call|>',
      ),
      turn.text('Line A: 7 records.'),
    );
    const { answer, events } = await askWith(harness, 'records of line A?');
    assert.equal(answer.answer, 'Line A: 7 records.');
    const started = events.filter((event) => event.type === 'tool-call-start');
    assert.equal(started.length, 1, 'only the Harmony call ran');
    assert.deepEqual(started[0]!.type === 'tool-call-start' && started[0]!.repairs, [
      'read from the reply text (harmony)',
    ]);
    const requests = llm.chatRequests().slice(before);
    assert.match(lastUserText(requests[1]!), /described a tool call in words but did not make it/);
    assert.match(lastUserText(requests[2]!), /cut off/);
    const rows = auditRows(harness, answer.trace_id);
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.error_code]),
      [
        ['(reply)', 'PARSE_FAILED'],
        // the cut-off call was read but refused (safety.ts): never run, the model told it was cut off
        ['count_records', 'PARSE_FAILED'],
        ['(reply)', null],
        ['count_records', null],
      ],
    );
  });

  test('a reply that only describes a call gets a corrective message, not taken as final', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    llm.push(
      turn.text('I will call count_records for line A with 7 days.'),
      turn.call('count_records', { line: 'A', days: 7 }),
      turn.text('Line A: 7 records.'),
    );
    const { answer } = await askWith(harness, 'records of line A?');
    assert.equal(answer.answer, 'Line A: 7 records.');
    const corrective = lastUserText(llm.chatRequests()[before + 1]!);
    assert.match(corrective, /described a tool call in words but did not make it/);
    const rows = auditRows(harness, answer.trace_id);
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.error_code, row.attempt]),
      [
        ['(reply)', 'PARSE_FAILED', 1],
        ['count_records', null, 1],
      ],
    );
  });

  test(
    'after 3 failed retries with no rule to fall back on: an honest "could not complete", ' +
      'temperatures lowered each time, every attempt audited',
    async () => {
      const llm = harness.llm!;
      const before = llm.chatRequests().length;
      llm.push(
        turn.call('count_records', '{"line": "A", "days": '),
        turn.text('<tool_call>{"name": "count_records", "arguments": {"line": "Q", "days": 7}}</tool_call>'),
        turn.text('I will call count_records now.'),
        turn.call('count_records', { line: 'A', days: 99 }),
      );
      const { answer, events } = await askWith(harness, 'records of line A?');
      const requests = llm.chatRequests().slice(before);
      assert.equal(requests.length, 4, 'one try and three retries');
      assert.deepEqual(
        requests.map((request) => request.temperature),
        [0.4, 0.2, 0.1, 0.05],
      );
      assert.equal(answer.mode, 'model');
      assert.equal(answer.error?.code, 'TOOL_ARGUMENTS_INVALID');
      assert.match(
        answer.answer,
        /I could not complete this: the AI model's steps could not be carried out, even after several tries/,
      );
      assert.match(answer.error?.message ?? '', /after 3 retries \(agent\.max_retries\)/, 'the cause, for the admin');
      assert.match(answer.answer, /What I tried:\n- step 1: /);
      assert.match(answer.answer, /What is line A's output this week\?/, 'lists questions the rules answer');
      assert.equal(events.filter((event) => event.type === 'retry').length, 4);
      const rows = auditRows(harness, answer.trace_id);
      assert.deepEqual(
        rows.map((row) => [row.tool_name, row.error_code, row.attempt]),
        [
          // the cut-off arguments string and the call read from text are repairs, audited as such
          ['(reply)', null, 1],
          ['count_records', 'TOOL_ARGUMENTS_INVALID', 1],
          ['(reply)', null, 2],
          ['count_records', 'TOOL_ARGUMENTS_INVALID', 2],
          ['(reply)', 'PARSE_FAILED', 3],
          ['count_records', 'TOOL_ARGUMENTS_INVALID', 4],
        ],
      );
      const repairs = rows.filter((row) => row.error_code === null);
      assert.deepEqual(JSON.parse(String(repairs[0]!.parameters)).repairs, [
        'arguments string repaired (not valid JSON)',
      ]);
      assert.deepEqual(JSON.parse(String(repairs[1]!.parameters)).repairs, ['read from the reply text (hermes)']);
      assert.ok(repairs.every((row) => row.success === 1 && row.origin === 'agent'));
      assert.ok(
        rows.filter((row) => row.error_code !== null).every((row) => row.success === 0 && row.origin === 'agent'),
      );
    },
  );

  test('after 3 failed retries the rules answer, their missing slot filled from what the model tried', async () => {
    const period = { from: '2026-11-16', to: '2026-11-22' };
    const bad = turn.call('quality_metrics', { lines: ['Z'], period }, { repeat: false });
    harness.llm!.push(bad, { ...bad }, { ...bad }, { ...bad });
    const runs = harness.skills.runs.length;
    const { answer } = await askWith(harness, "What is line A's output?");
    assert.equal(answer.mode, 'rules');
    assert.equal(answer.skill, 'quality_metrics');
    assert.deepEqual(harness.skills.runs.slice(runs), [{ name: 'quality_metrics', args: { lines: ['A'], period } }]);
    assert.match(answer.answer, /Output 2026-11-16 to 2026-11-22: line A: \d+ pcs/);
    assert.deepEqual((answer.data as { period: unknown }).period, period);
    assert.equal(answer.tool_calls.at(-1)?.name, 'query_database');
  });

  test('a truncated call does not erase the period an earlier call gave; the model hears the argument was cut off', async () => {
    const period = { from: '2026-11-16', to: '2026-11-22' };
    const bad = turn.call('quality_metrics', { lines: ['Z'], period }, { repeat: false });
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    // two calls with a good period (and an unknown line), then one cut off after "period": (jsonrepair makes it null), then prose
    llm.push(
      bad,
      { ...bad },
      turn.call('quality_metrics', '{"lines": ["A"], "period": ', { repeat: false }),
      turn.text('I will call quality_metrics now.'),
    );
    const runs = harness.skills.runs.length;
    const { answer } = await askWith(harness, "What is line A's output?");
    const requests = llm.chatRequests().slice(before);
    assert.equal(requests.length, 4);
    const toCutOff = JSON.stringify(requests[3]!.messages.slice(-2));
    assert.match(toCutOff, /argument \\"period\\" was cut off/);
    assert.doesNotMatch(toCutOff, /expected object, received null|must be object, got null/);
    assert.equal(answer.mode, 'rules');
    assert.equal(answer.error, undefined);
    assert.deepEqual(harness.skills.runs.slice(runs), [{ name: 'quality_metrics', args: { lines: ['A'], period } }]);
    assert.match(answer.answer, /Output 2026-11-16 to 2026-11-22: line A: \d+ pcs/);
  });

  test('a skill offered as a tool runs through the engine, with its tool calls recorded', async () => {
    const period = { from: '2026-11-23', to: '2026-11-25' };
    harness.llm!.push(
      turn.call('quality_metrics', { lines: ['B'], period }),
      turn.text('Line B made plenty this week.'),
    );
    const { answer, events } = await askWith(harness, 'How is line B doing in terms of output lately?');
    assert.equal(answer.mode, 'model');
    assert.equal(answer.skill, 'quality_metrics');
    assert.deepEqual(
      answer.tool_calls.map((call) => call.name),
      ['query_database', 'quality_metrics'],
    );
    assert.ok(
      types(events).includes('skill-start') &&
        types(events).includes('skill-progress') &&
        types(events).includes('skill-end'),
    );
    const rows = auditRows(harness, answer.trace_id);
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.server]),
      [
        ['query_database', 'plant'],
        ['quality_metrics', 'skills'],
      ],
    );
  });

  test('rules first: a fully routed question runs the skill with no model call; a follow-up reuses the session slots', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    const first = await askWith(harness, "What is line A's output this week?");
    assert.equal(first.answer.mode, 'rules');
    assert.equal(first.answer.skill, 'quality_metrics');
    assert.match(first.answer.answer, /Output 2026-11-23 to 2026-11-25: line A: \d+ pcs/);
    assert.equal(first.answer.tool_calls[0]?.name, 'query_database');
    assert.ok(first.answer.tool_calls[0]?.ok);
    assert.deepEqual(first.events[0], { type: 'mode', mode: 'rules', reason: 'rules: output of a line' });
    const second = await askWith(harness, 'And line B?', { sessionId: first.answer.session });
    assert.equal(second.answer.mode, 'rules');
    assert.match(second.answer.answer, /Output 2026-11-23 to 2026-11-25: line B: \d+ pcs/);
    assert.equal(llm.chatRequests().length, before, 'no model call');
  });

  test('a large query result is cut explicitly: the rows beyond the limit are summarised', async () => {
    const llm = harness.llm!;
    const before = llm.chatRequests().length;
    llm.push(
      turn.call('query_database', {
        sql: "SELECT line_id, record_date, inspected_qty FROM quality_data WHERE record_date >= '2026-11-01' ORDER BY record_date, line_id LIMIT 100",
        purpose: 'all lines this month',
      }),
      turn.text('Done.'),
    );
    const { answer } = await askWith(harness, 'list every record this month');
    assert.equal(answer.tool_calls[0]!.ok, true);
    const result = answer.tool_calls[0]!.result as { rows: unknown[] };
    assert.equal(result.rows.length, 100, 'the answer keeps every row');
    const toolMessage = String(
      llm.chatRequests()[before + 1]!.messages.find((message) => message.role === 'tool')?.content,
    );
    assert.match(toolMessage, /\(100 rows\)/);
    assert.match(
      toolMessage,
      /\[60 more rows not shown to save space; over those rows — inspected_qty: min \d+, max \d+, sum \d+/,
    );
  });

  test('the query tool refusing SELECT * is data for the model, which then asks properly', async () => {
    harness.llm!.push(
      turn.call('query_database', { sql: 'SELECT * FROM quality_data', purpose: 'look' }),
      turn.call('query_database', {
        sql: "SELECT COUNT(record_date) AS n FROM quality_data WHERE line_id = 'A' LIMIT 1",
        purpose: 'count line A',
      }),
      turn.text('Line A has 30 records.'),
    );
    const { answer } = await askWith(harness, 'how many records for line A in total?');
    assert.equal(answer.answer, 'Line A has 30 records.');
    assert.deepEqual(
      answer.tool_calls.map((call) => [call.ok, call.error?.includes('SELECT * is refused') ?? false]),
      [
        [false, true],
        [true, false],
      ],
    );
  });

  test('max_steps caps the loop; the answer says so honestly', async () => {
    const local = await startHarness({
      agent: { max_steps: 3 },
      turns: [turn.call('count_records', { line: 'A', days: 1 }, { repeat: true })],
    });
    try {
      const { answer } = await askWith(local, 'keep counting');
      assert.equal(local.llm!.chatRequests().length, 3);
      assert.equal(answer.tool_calls.length, 3);
      assert.equal(answer.error?.code, 'AGENT_MAX_STEPS');
      assert.match(answer.answer, /the AI model took 3 steps without reaching an answer/);
      assert.match(answer.error?.message ?? '', /no answer within 3 steps \(agent\.max_steps\)/);
    } finally {
      await local.close();
    }
  });

  test('streaming: the final answer streams as tokens; a text-form tool call does not', async () => {
    harness.llm!.push(
      turn.text('{"name": "count_records", "arguments": {"line": "D", "days": 2}}'),
      turn.text('Line D has 2 records in the last 2 days.'),
    );
    const { answer, events } = await askWith(harness, 'count line D for two days');
    const tokens = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    assert.equal(tokens, 'Line D has 2 records in the last 2 days.');
    assert.equal(answer.answer, tokens);
  });

  test('a Markdown skill the rules chose is given to the model as its procedure', async () => {
    const before = harness.llm!.chatRequests().length;
    harness.llm!.push(turn.text('On-call normal: nobody is on holiday.'));
    const { answer } = await askWith(harness, 'Is the on-call engineer on holiday today?');
    assert.equal(answer.mode, 'model');
    const system = systemOf(harness.llm!.chatRequests()[before]!);
    assert.match(system, /## Procedure: oncall_check\n.*\n# Purpose\nCheck whether the on-call engineer/);
  });

  test('a Markdown procedure is not in the prompt of a question that is not for it', async () => {
    for (const question of [
      'Which conveyor on line B is due for maintenance next week?',
      'Compare line A and line C defect rates in November',
      'open work orders for the press',
    ]) {
      const before = harness.llm!.chatRequests().length;
      harness.llm!.push(turn.text('An answer.'));
      const { answer } = await askWith(harness, question);
      assert.equal(answer.mode, 'model');
      assert.doesNotMatch(systemOf(harness.llm!.chatRequests()[before]!), /## Procedure/, question);
    }
  });

  test('saysTrigger: a trigger phrase, spaces, case and hyphens aside', () => {
    assert.equal(saysTrigger('Who is the ON-CALL engineer?', ['on call engineer']), true);
    assert.equal(saysTrigger('今天值班的是谁', ['值班']), true);
    assert.equal(saysTrigger('conveyor maintenance', ['值班', 'on-call', 'public holiday']), false);
    assert.equal(saysTrigger('anything', undefined), false);
  });

  test('thinking blocks are not part of the answer', async () => {
    harness.llm!.push(turn.text('<think>the user wants a greeting</think>\nHello, operator.'));
    const { answer } = await askWith(harness, 'hello');
    assert.equal(answer.answer, 'Hello, operator.');
  });
});

describe('cancelling', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  test('an AbortSignal cancels a model call in flight', async () => {
    // the reply would come after 10 s: a cancel that returns well before proves the call was abandoned,
    // with a margin wide enough for a machine at load 10
    // the cancel comes once the model server holds the request (a fixed 100 ms could come before it on a busy
    // machine: the call would never start, and its slow turn would be left for the next test)
    harness.llm!.push(turn.text('too late', { delayMs: 10_000 }));
    const controller = new AbortController();
    const asked = harness.llm!.chatRequests().length;
    const poll = setInterval(() => {
      if (harness.llm!.chatRequests().length > asked) {
        clearInterval(poll);
        setTimeout(() => controller.abort(), 100);
      }
    }, 10);
    const events: AgentEvent[] = [];
    const started = performance.now();
    await assert.rejects(
      harness.runtime.agent.ask({
        question: 'anything',
        signal: controller.signal,
        onEvent: (event) => events.push(event),
      }),
      (error: unknown) => isAppError(error) && error.code === 'CANCELLED',
    );
    clearInterval(poll);
    assert.ok(performance.now() - started < 8000, `took ${performance.now() - started} ms`);
    assert.deepEqual(events.at(-1), { type: 'error', code: 'CANCELLED', message: 'the question was cancelled' });
    assert.equal(harness.llm!.remaining(), 0, 'the slow turn was taken by the cancelled call');
  });

  test('an AbortSignal cancels a tool call in flight', async () => {
    // the tool would answer after 12 s (under the server's 15 s call timeout, so only the cancel can end it
    // early); the margin is wide enough for a machine at load 10
    harness.llm!.push(turn.call('wait', { ms: 12_000 }), turn.text('never read'));
    const controller = new AbortController();
    const started = performance.now();
    const promise = harness.runtime.agent.ask({
      question: 'wait a while',
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool-call-start') setTimeout(() => controller.abort(), 100);
      },
    });
    await assert.rejects(promise, (error: unknown) => isAppError(error) && error.code === 'CANCELLED');
    assert.ok(performance.now() - started < 10_000, `took ${performance.now() - started} ms`);
  });
});

describe('model trouble: rules-only mode with one notice', () => {
  before(() => setFixedNow(NOW, 'Asia/Shanghai'));
  after(() => setFixedNow(undefined, 'UTC'));

  test('a timeout switches to rules-only: notice once, no more model calls, the model is used again once it is back', async () => {
    const harness = await startHarness({
      llm: { timeout_ms: 300 },
      reprobeMs: 200,
      turns: [turn.text('slow', { delayMs: 2000 })],
    });
    try {
      const first = await askWith(harness, 'records of line A?');
      const notices = first.events.filter((event) => event.type === 'notice');
      assert.equal(notices.length, 1);
      // the operator reads plain words; the cause is the notice's detail (the CLI and the log show it)
      assert.match((notices[0] as { message: string }).message, /^The AI model is not available right now/);
      assert.match((notices[0] as { detail: string }).detail, /no model is reachable .*did not answer within 300 ms/);
      assert.equal(first.answer.error?.code, 'LLM_TIMEOUT');
      assert.match(first.answer.answer, /the AI model did not answer in time/);
      assert.match(first.answer.error?.message ?? '', /^LLM_TIMEOUT: /);
      const calls = harness.llm!.chatRequests().length;
      const second = await askWith(harness, "What is line A's output?");
      assert.equal(second.events.filter((event) => event.type === 'notice').length, 0, 'said once');
      assert.equal(harness.llm!.chatRequests().length, calls, 'no model call while down');
      assert.equal(second.answer.mode, 'rules');
      assert.match(
        second.answer.answer,
        /needs the AI model, which is not available right now.* I still need: period/s,
      );
      // the model comes back: the next question after the re-probe interval uses it
      await new Promise((resolve) => setTimeout(resolve, 250));
      harness.llm!.push(turn.text('Back online.'));
      const third = await askWith(harness, 'hello again');
      assert.equal(third.answer.mode, 'model');
      assert.equal(third.answer.answer, 'Back online.');
      assert.match(
        (third.events.find((event) => event.type === 'notice') as { message: string }).message,
        /The AI model is back/,
      );
    } finally {
      await harness.close();
    }
  });

  test('an HTTP 500 also switches to rules-only; a rules question is still answered', async () => {
    const harness = await startHarness({ turns: [turn.status(500, 'CUDA out of memory')] });
    try {
      const first = await askWith(harness, "What is line B's output?");
      assert.equal(first.events.filter((event) => event.type === 'notice').length, 1);
      assert.equal(first.answer.error?.code, 'LLM_ERROR');
      assert.match(first.answer.answer, /the AI model ran into an error/);
      assert.doesNotMatch(first.answer.answer, /CUDA|HTTP 500/, 'the cause is for the admin');
      assert.match(first.answer.error?.message ?? '', /HTTP 500: CUDA out of memory/);
      const second = await askWith(harness, "What is line B's output this week?");
      assert.equal(second.answer.mode, 'rules');
      assert.match(second.answer.answer, /line B: \d+ pcs/);
      assert.equal(second.events.filter((event) => event.type === 'notice').length, 0);
    } finally {
      await harness.close();
    }
  });

  test('no endpoint configured: rules answer what they can; otherwise an honest reply with examples, said once', async () => {
    const harness = await startHarness({ model: false });
    try {
      const first = await askWith(harness, 'why is the sky blue?');
      assert.equal(first.answer.mode, 'rules');
      assert.equal(first.answer.error?.code, 'LLM_UNAVAILABLE');
      assert.match(first.answer.answer, /^This question needs the AI model, which is not available right now/);
      assert.doesNotMatch(first.answer.answer, /base_url|endpoint/, 'no config keys for the operator');
      assert.match(first.answer.answer, /- What is line A's output this week\?/);
      assert.equal(first.events.filter((event) => event.type === 'notice').length, 1);
      const second = await askWith(harness, "What is line C's output today?");
      assert.equal(second.answer.mode, 'rules');
      assert.match(second.answer.answer, /line C: \d+ pcs/);
      assert.equal(second.events.filter((event) => event.type === 'notice').length, 0);
      const chinese = await askWith(harness, '天空为什么是蓝色的？');
      assert.match(chinese.answer.answer, /模型现在不可用/);
    } finally {
      await harness.close();
    }
  });
});
