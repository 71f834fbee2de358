import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSemver, parseSemver, satisfies } from './semver.js';

test('parse and compare', () => {
  assert.deepEqual(parseSemver('1.2.3'), [1, 2, 3]);
  assert.equal(parseSemver('1.2'), undefined);
  assert.equal(compareSemver([1, 2, 3], [1, 10, 0]), -1);
});

test('ranges callers pin', () => {
  assert.equal(satisfies('1.4.2', '^1.2'), true);
  assert.equal(satisfies('2.0.0', '^1.2'), false);
  assert.equal(satisfies('0.3.1', '^0.3.0'), true);
  assert.equal(satisfies('0.4.0', '^0.3.0'), false);
  assert.equal(satisfies('1.2.9', '~1.2.0'), true);
  assert.equal(satisfies('1.3.0', '~1.2.0'), false);
  assert.equal(satisfies('1.3.0', '>=1.2'), true);
  assert.equal(satisfies('1.3.0', '1.x'), true);
  assert.equal(satisfies('2.3.0', '1.x'), false);
  assert.equal(satisfies('1.3.0', '1.3.0'), true);
  assert.equal(satisfies('1.3.0', '*'), true);
  assert.equal(satisfies('1.3.0', 'latest'), undefined);
});
