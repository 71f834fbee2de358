import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REAL_CORPUS, type Family } from './real-corpus.js';
import { runCase, scoreRealCorpus } from './real-score.js';

const FAMILIES: Family[] = [
  'harmony',
  'gemma',
  'deepseek',
  'mistral',
  'qwen-xml',
  'hermes',
  'bracket-react',
  'pythonic',
  'tokenizer',
  'arguments',
  'no-call',
];

describe('real model outputs (held-out set, issue 14)', () => {
  test('the set is large, sourced and covers every family', () => {
    assert.ok(REAL_CORPUS.length >= 250, `the real set has ${REAL_CORPUS.length} cases`);
    for (const family of FAMILIES) {
      const count = REAL_CORPUS.filter((entry) => entry.family === family).length;
      assert.ok(count >= 8, `${family}: ${count} cases`);
    }
    for (const entry of REAL_CORPUS)
      assert.match(
        entry.source,
        /^(?:[\w.-]+\/[\w.-]+(?:#\d+| \S+)|https:\/\/\S+)$/,
        `${entry.id} names its source (owner/repo#N, owner/repo path, or a URL)`,
      );
    assert.equal(new Set(REAL_CORPUS.map((entry) => entry.id)).size, REAL_CORPUS.length);
    assert.equal(
      new Set(REAL_CORPUS.map((entry) => `${entry.text}\u0000${entry.family}`)).size,
      REAL_CORPUS.length,
      'no case twice',
    );
    assert.ok(
      REAL_CORPUS.filter((entry) => entry.expect === 'none').length >= 20,
      'prose, truncated and garbage cases',
    );
  });

  test('≥ 95% recovered exactly and no prose or truncated output executed', () => {
    const score = scoreRealCorpus();
    const rate = score.recovered / score.total;
    assert.ok(
      rate >= 0.95,
      `recovered ${score.recovered}/${score.total}: ${score.failures.map((failure) => failure.case.id).join(', ')}`,
    );
    assert.equal(score.executedNone, 0, 'a prose, truncated or garbage case produced a call');
  });

  for (const entry of REAL_CORPUS) {
    test(`${entry.id} (${entry.source})`, () => {
      const result = runCase(entry);
      assert.deepEqual(result.got, entry.expect === 'none' ? [] : entry.expect);
    });
  }
});
