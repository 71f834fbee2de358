import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retriesExhausted, shouldStop, stepCountIs } from './stop-conditions.js';

test('stepCountIs stops once that many model calls were made, not before', () => {
  const condition = stepCountIs(3);
  assert.equal(condition({ step: 0, failures: 0 }), false);
  assert.equal(condition({ step: 2, failures: 0 }), false);
  assert.equal(condition({ step: 3, failures: 0 }), true);
});

test('retriesExhausted allows exactly max_retries unusable replies, stops at the next one', () => {
  const condition = retriesExhausted(2);
  assert.equal(condition({ step: 5, failures: 2 }), false);
  assert.equal(condition({ step: 5, failures: 3 }), true);
  assert.equal(retriesExhausted(0)({ step: 1, failures: 1 }), true);
});

test('shouldStop: any condition stops the loop; none given, it runs on', () => {
  const conditions = [stepCountIs(4), retriesExhausted(1)];
  assert.equal(shouldStop(conditions, { step: 1, failures: 1 }), false);
  assert.equal(shouldStop(conditions, { step: 4, failures: 0 }), true);
  assert.equal(shouldStop(conditions, { step: 1, failures: 2 }), true);
  assert.equal(shouldStop([], { step: 100, failures: 100 }), false);
});
