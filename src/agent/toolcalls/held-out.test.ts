import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canonical } from './conformance/fixture.js';
import { HELD_OUT_W2 } from './held-out-w2.js';
import { parseToolCalls } from './extract.js';

/** What would run: the calls parsed and not refused, as the W2 scorer reads them. */
function run(entry: (typeof HELD_OUT_W2)[number]): Array<[string, Record<string, unknown>]> {
  return parseToolCalls(entry.text, { knownTools: entry.tools }).calls.map((call) => [call.name, call.arguments]);
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
