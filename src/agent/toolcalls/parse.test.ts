import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CORPUS, TOOLS } from './corpus.js';
import { describesCallInProse, nativeCall, parseArgumentsString, parseToolCalls, readArguments } from './index.js';

describe('parseToolCalls corpus', () => {
  test('the corpus covers every text format and the no-call and prose-only cases', () => {
    assert.ok(CORPUS.length >= 80, `corpus has ${CORPUS.length} cases`);
    const formats = new Set(
      CORPUS.flatMap((entry) => ('calls' in entry.expect ? entry.expect.calls.map((call) => call.format) : [])),
    );
    for (const format of [
      'json',
      'fence',
      'hermes',
      'mistral',
      'llama-python-tag',
      'function-tag',
      'functools',
      'python',
      'prose-json',
    ] as const) {
      assert.ok(formats.has(format), `no corpus case for ${format}`);
    }
    assert.ok(CORPUS.some((entry) => 'calls' in entry.expect && entry.expect.calls.length === 0));
    assert.ok(CORPUS.some((entry) => 'proseOnly' in entry.expect));
    assert.equal(new Set(CORPUS.map((entry) => entry.name)).size, CORPUS.length, 'case names are unique');
  });

  for (const entry of CORPUS) {
    test(entry.name, () => {
      const outcome = parseToolCalls(entry.text, entry.knownTools ? { knownTools: entry.knownTools } : {});
      if ('proseOnly' in entry.expect) {
        assert.deepEqual(outcome, { calls: [], refused: [], proseOnly: true, errors: [] });
        return;
      }
      // a call cut off is read but refused (safety.ts): never under calls, its refusal names what was cut
      const run = entry.expect.calls.filter((call) => !call.cutOff);
      const cut = entry.expect.calls.filter((call) => call.cutOff);
      const expected = run.map((call) => ({
        name: call.name,
        arguments: call.arguments,
        format: call.format,
        repaired: call.repaired ?? false,
      }));
      // what was repaired is asserted by real-corpus.test.ts; here the calls themselves
      assert.deepEqual(
        outcome.calls.map(({ repairs: _repairs, ...call }) => call),
        expected,
      );
      assert.deepEqual(
        outcome.refused.map((refused) => refused.name),
        [...cut.map((call) => call.name), ...(entry.expect.refused ?? [])],
      );
      cut.forEach((call, index) => {
        assert.equal(outcome.refused[index]!.reason, 'cut-off');
        for (const path of call.cutOff!)
          assert.ok(outcome.refused[index]!.message.includes(`argument "${path}" was cut off`));
      });
      assert.equal(outcome.proseOnly, false);
      const errors = entry.expect.errors ?? [];
      assert.equal(outcome.errors.length, errors.length, `errors: ${JSON.stringify(outcome.errors)}`);
      errors.forEach((fragment, index) =>
        assert.ok(
          outcome.errors[index]!.includes(fragment),
          `error ${JSON.stringify(outcome.errors[index])} lacks ${JSON.stringify(fragment)}`,
        ),
      );
    });
  }
});

describe('parseArgumentsString', () => {
  test('objects, JSON, double and triple encoding', () => {
    assert.deepEqual(parseArgumentsString({ city: 'Paris' }), { ok: true, value: { city: 'Paris' } });
    assert.deepEqual(parseArgumentsString('{"city": "Paris"}'), { ok: true, value: { city: 'Paris' } });
    assert.deepEqual(parseArgumentsString(JSON.stringify(JSON.stringify({ city: 'Paris' }))), {
      ok: true,
      value: { city: 'Paris' },
    });
    assert.deepEqual(parseArgumentsString(JSON.stringify(JSON.stringify(JSON.stringify({ n: 1 })))), {
      ok: true,
      value: { n: 1 },
    });
  });

  test('empty string, whitespace, null and undefined mean no arguments', () => {
    for (const raw of ['', '   ', null, undefined, 'null', '""'])
      assert.deepEqual(parseArgumentsString(raw), { ok: true, value: {} }, String(raw));
  });

  test('malformed JSON is repaired', () => {
    assert.deepEqual(parseArgumentsString("{'line': 'A', 'limit': 10,}"), {
      ok: true,
      value: { line: 'A', limit: 10 },
    });
    assert.deepEqual(parseArgumentsString('{line: "A", recent: True'), {
      ok: true,
      value: { line: 'A', recent: true },
    });
    assert.deepEqual(parseArgumentsString('```json\n{"line": "A"}\n```'), { ok: true, value: { line: 'A' } });
  });

  test('what is not an object says so and shows the fix', () => {
    const text = parseArgumentsString('Paris');
    assert.equal(text.ok, false);
    assert.match(
      !text.ok ? text.error : '',
      /arguments must be a JSON object, got the string "Paris"; send the arguments as one JSON object/,
    );
    const array = parseArgumentsString('[1, 2]');
    assert.match(!array.ok ? array.error : '', /got an array/);
    const number = parseArgumentsString('42');
    assert.equal(number.ok, false);
    const encodedArray = parseArgumentsString('"[1]"');
    assert.match(!encodedArray.ok ? encodedArray.error : '', /got an array/);
  });
});

describe('readArguments', () => {
  test('a native arguments string cut off mid-value names the argument; complete values that only lack a bracket do not', () => {
    assert.deepEqual(readArguments('{"lines": ["A"], "period": '), {
      ok: true,
      value: { value: { lines: ['A'], period: null }, repaired: true, cutOff: ['period'] },
    });
    assert.deepEqual(readArguments('{"lines": ["A"], "period": {"from": "2026-11-16", "to": "2026-'), {
      ok: true,
      value: {
        value: { lines: ['A'], period: { from: '2026-11-16', to: '2026-' } },
        repaired: true,
        cutOff: ['period.to'],
      },
    });
    assert.deepEqual(readArguments('{"lines": ["A"], "peri'), {
      ok: true,
      value: { value: { lines: ['A'] }, repaired: true, cutOff: ['peri…'] },
    });
    assert.deepEqual(readArguments('{"city": "Paris"'), {
      ok: true,
      value: { value: { city: 'Paris' }, repaired: true, cutOff: [] },
    });
    assert.deepEqual(readArguments('{line: "A", recent: True'), {
      ok: true,
      value: { value: { line: 'A', recent: true }, repaired: true, cutOff: [] },
    });
    assert.deepEqual(
      readArguments("{'a': None, 'b': 2,}"),
      { ok: true, value: { value: { a: null, b: 2 }, repaired: true, cutOff: [] } },
      'a null the model wrote is its own',
    );
  });

  test('nativeCall carries the cut-off arguments', () => {
    assert.deepEqual(nativeCall({ name: 'get_weather', arguments: '{"city": ', knownTools: TOOLS }), {
      ok: true,
      value: { name: 'get_weather', arguments: { city: null }, format: 'native', repaired: true, cutOff: ['city'] },
    });
  });
});

describe('nativeCall', () => {
  test('reads a structured call with a repaired arguments string', () => {
    assert.deepEqual(nativeCall({ name: 'get_weather', arguments: "{'city': 'Paris'}", knownTools: TOOLS }), {
      ok: true,
      value: { name: 'get_weather', arguments: { city: 'Paris' }, format: 'native', repaired: true },
    });
    assert.deepEqual(nativeCall({ name: 'get_current_oncall', arguments: '' }), {
      ok: true,
      value: { name: 'get_current_oncall', arguments: {}, format: 'native', repaired: false },
    });
    const bad = nativeCall({ name: 'get_weather', arguments: 'Paris' });
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.error : '', /^call to "get_weather": arguments must be a JSON object/);
  });
});

describe('describesCallInProse', () => {
  test('known tool names matter', () => {
    assert.equal(describesCallInProse('I will use the calculator.', TOOLS), true);
    assert.equal(describesCallInProse('I will use the calculator.', []), false);
  });

  test('intent inside a think block is not the reply', () => {
    assert.equal(describesCallInProse('<think>I will call query_database</think>Line A: 1.2%.', TOOLS), false);
  });

  test('ReAct Action with an input is not prose-only', () => {
    assert.equal(describesCallInProse('Action: query_database\nAction Input: {}', TOOLS), false);
  });
});

test('a Python dict whose double-quoted SQL holds single quotes is read as written (weak-model replay)', () => {
  const sql =
    "SELECT COUNT(*) AS batches, SUM(inspected_qty) AS inspected FROM quality_data WHERE line_id = 'C' LIMIT 1";
  const read = readArguments(`{'sql': "${sql}", 'purpose': 'day shift of line C'}`);
  assert.ok(read.ok);
  if (read.ok) assert.deepEqual(read.value.value, { sql, purpose: 'day shift of line C' });
  const outcome = parseToolCalls(
    `<tool_call>\n{'name': 'query_database', 'arguments': {'sql': "${sql}"}}\n</tool_call>`,
    {
      knownTools: ['query_database'],
    },
  );
  assert.deepEqual(
    outcome.calls.map((call) => call.arguments),
    [{ sql }],
  );
});
