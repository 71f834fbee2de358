import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canonical } from './conformance/fixture.js';
import { HELD_OUT_W2, type HeldOutCase } from './held-out-w2.js';
import { HELD_OUT_W4 } from './held-out-w4.js';
import { HELD_OUT_W6 } from './held-out-w6.js';
import { parseToolCalls } from './extract.js';
import { validateArguments } from './validate.js';

/** What would run: the calls parsed and not refused, as the W2 scorer reads them. */
function run(entry: HeldOutCase): Array<[string, Record<string, unknown>]> {
  return parseToolCalls(entry.text, { knownTools: entry.tools }).calls.map((call) => [call.name, call.arguments]);
}

/**
 * What would run in the agent: as `run`, then the loop's catalog gate
 * (checkCalls in loop-reply.ts refuses a tool that was not offered with
 * TOOL_NOT_FOUND before anything runs).
 */
function runGated(entry: HeldOutCase): Array<[string, Record<string, unknown>]> {
  return run(entry).filter(([name]) => entry.tools.includes(name));
}

describe('held-out batch W2 (issue 28)', () => {
  test('the batch is whole and sourced', () => {
    assert.ok(HELD_OUT_W2.length >= 75);
    assert.equal(new Set(HELD_OUT_W2.map((entry) => entry.id)).size, HELD_OUT_W2.length);
    for (const entry of HELD_OUT_W2) assert.match(entry.source, /^[\w.-]+\/[\w.-]+(?:#\d+| \S+)/, entry.id);
    assert.ok(HELD_OUT_W2.filter((entry) => entry.expect === 'none').length >= 15);
  });

  test('≥ 90% exact, and no call runs that must not be', () => {
    const misses: string[] = [];
    const ranNone: string[] = [];
    for (const entry of HELD_OUT_W2) {
      const got = run(entry);
      const expected = entry.expect === 'none' ? [] : entry.expect;
      if (canonical(got) !== canonical(expected)) misses.push(entry.id);
      if (got.length > expected.length) ranNone.push(entry.id);
    }
    assert.deepEqual(ranNone, []);
    const exact = (HELD_OUT_W2.length - misses.length) / HELD_OUT_W2.length;
    assert.ok(exact >= 0.9, `exact ${(exact * 100).toFixed(1)}%; misses ${misses.join(', ')}`);
  });
});

/**
 * W4 cases the parser still reads otherwise, each with the reason. The test
 * fails when one of them starts to pass (take it off this list) and when any
 * other case misses (a regression).
 */
const W4_KNOWN_MISSES: Record<string, string> = {
  'w4-025':
    "deepseek_v3: arguments are a ```python fence, not JSON; python({code}) is functionary's server convention, " +
    "not the DeepSeek template's, so nothing runs and the model is told why",
  'w4-056':
    'ReAct: the reply invents Observations and ends in a Final Answer; LangChain itself refuses such a reply ' +
    '(both a final answer and an action), and so do we: nothing runs',
  'w4-080':
    'MiMo: &quot; &amp; in a value stay literal; lmdeploy decodes them, but the Qwen3-Coder template ' +
    'MiMo shares does not escape, so decoding would corrupt a real &amp; in a command (collector unsure too)',
};

describe('held-out batch W4 (issue 28)', () => {
  test('the batch is whole and sourced, with its first-run score', () => {
    assert.equal(HELD_OUT_W4.length, 92);
    assert.equal(new Set(HELD_OUT_W4.map((entry) => entry.id)).size, HELD_OUT_W4.length);
    for (const entry of HELD_OUT_W4) {
      assert.match(entry.source, /^(?:[\w.-]+\/[\w.-]+(?:#\d+| \S+)|https:\/\/\S+)/, entry.id);
    }
    // first run on main before the W4 fixes: 76/92 exact
    assert.equal(HELD_OUT_W4.filter((entry) => entry.firstRun === 'exact').length, 76);
  });

  test('exactly the known misses miss, and no call runs that must not be', () => {
    const misses: string[] = [];
    const ranNone: string[] = [];
    for (const entry of HELD_OUT_W4) {
      const got = runGated(entry);
      const expected = entry.expect === 'none' ? [] : entry.expect;
      if (canonical(got) !== canonical(expected)) misses.push(entry.id);
      if (got.length > expected.length) ranNone.push(entry.id);
    }
    assert.deepEqual(ranNone, []);
    assert.deepEqual(misses, Object.keys(W4_KNOWN_MISSES));
  });

  test('the call to a tool that was not offered (w4-073) is read, and refused before it runs', () => {
    const entry = HELD_OUT_W4.find((candidate) => candidate.id === 'w4-073')!;
    assert.deepEqual(run(entry), [['Skill', { name: 'none' }]]);
    assert.deepEqual(runGated(entry), []);
  });
});

/**
 * W6 cases the parser still reads otherwise, each with the reason (none now:
 * w6-074 was fixed in seed-oss.ts, w6-056 and w6-089 were judged in their
 * `review`). The test fails when one of them starts to pass and when any
 * other case misses.
 */
const W6_KNOWN_MISSES: Record<string, string> = {};

describe('held-out batch W6 (issue 28)', () => {
  test('the batch is whole and sourced, with its first-run score', () => {
    assert.equal(HELD_OUT_W6.length, 89);
    assert.equal(new Set(HELD_OUT_W6.map((entry) => entry.id)).size, HELD_OUT_W6.length);
    for (const entry of HELD_OUT_W6) {
      assert.match(entry.source, /^(?:[\w.-]+\/[\w.-]+(?:#\d+| \S+)|https:\/\/\S+)/, entry.id);
    }
    assert.equal(HELD_OUT_W6.filter((entry) => entry.expect === 'none').length, 21);
    // first run on main before the W6 fixes: 86/89 exact, misses w6-056 w6-074 w6-089
    assert.deepEqual(
      HELD_OUT_W6.filter((entry) => entry.firstRun === 'miss').map((entry) => entry.id),
      ['w6-056', 'w6-074', 'w6-089'],
    );
  });

  test('exactly the known misses miss, and no call runs that must not be', () => {
    const misses: string[] = [];
    const ranNone: string[] = [];
    for (const entry of HELD_OUT_W6) {
      const got = runGated(entry);
      const expected = entry.expect === 'none' ? [] : entry.expect;
      if (canonical(got) !== canonical(expected)) misses.push(entry.id);
      if (got.length > expected.length) ranNone.push(entry.id);
    }
    assert.deepEqual(ranNone, []);
    assert.deepEqual(misses, Object.keys(W6_KNOWN_MISSES));
  });

  test('a GLM value the template writes bare is typed by the offered schema before it runs (w6-056 review)', () => {
    const entry = HELD_OUT_W6.find((candidate) => candidate.id === 'w6-056')!;
    assert.ok(entry.review);
    const [name, args] = run(entry)[0]!;
    assert.deepEqual([name, args], ['first', { a: 1 }]);
    const typed = (type: string): unknown => {
      const outcome = validateArguments({
        tool: name,
        schema: { type: 'object', properties: { a: { type } } },
        args,
      });
      assert.ok(outcome.ok, JSON.stringify(outcome));
      return outcome.value.a;
    };
    assert.equal(typed('string'), '1');
    assert.equal(typed('integer'), 1);
  });
});
