import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFixedNow } from '../clock.js';
import { FakeSkillEngine } from './fixtures/fake-skill-engine.js';
import type { SkillEngine } from '../skills/engine-types.js';
import { withRouteMemo } from './route-memo.js';

test('withRouteMemo: the same question and slots within a second are routed once; copies are handed out; the rest passes through', async () => {
  setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
  try {
    const engine = new FakeSkillEngine();
    let calls = 0;
    const route = engine.route.bind(engine);
    engine.route = (question, context) => {
      calls++;
      return route(question, context);
    };
    const memo = withRouteMemo(engine);
    const question = "What is line A's output this week?";
    const first = memo.route(question, {});
    const second = memo.route(question, {});
    assert.equal(calls, 1);
    assert.deepEqual(second, first);
    assert.notEqual(second, first, 'a copy');
    if (second.kind === 'skill') second.args.changed = true;
    assert.equal(
      (memo.route(question, {}) as { args?: Record<string, unknown> }).args?.changed,
      undefined,
      'a caller changing its copy changes no other',
    );
    memo.route(question, { previous: { skill: 'quality_metrics', args: { line: 'B' } } as never });
    assert.equal(calls, 2, 'other slots: routed again');
    memo.route('another question', {});
    assert.equal(calls, 3);
    setFixedNow('2026-11-25T10:00:01+08:00', 'Asia/Shanghai');
    memo.route(question, {});
    assert.equal(calls, 4, "another second (a server's health may have changed): routed again");
    assert.deepEqual(memo.list(), engine.list(), 'other methods pass through');
    // what the router knows changed (a new equipment list): decisions remembered before are stale
    let changed = false;
    (engine as { prepare?: () => Promise<boolean> }).prepare = async () => changed;
    memo.route(question, {});
    assert.equal(await (memo as SkillEngine).prepare?.(), false);
    memo.route(question, {});
    assert.equal(calls, 4, 'nothing changed: still remembered');
    changed = true;
    assert.equal(await (memo as SkillEngine).prepare?.(), true);
    memo.route(question, {});
    assert.equal(calls, 5, 'routed again after a change');
    await memo.close?.();
  } finally {
    setFixedNow(undefined, 'UTC');
  }
});
