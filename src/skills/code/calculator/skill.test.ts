import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, runSkill, toolErr, toolOk } from '../shared/testing.js';
import { calculator } from './skill.js';

test('an expression and its result; a bad expression is explained', async () => {
  const tools = fakeTools((request) =>
    request.arguments.expression === '12*7+3'
      ? toolOk({ expression: '12*7+3', result: '87', raw: 87 })
      : toolErr('TOOL_ARGUMENTS_INVALID', 'cannot calculate "1/": the expression ends too early'),
  );
  const { result } = await runSkill({ skill: calculator, args: { expression: '12*7+3' }, tools });
  assert.equal(result.answer, '12*7+3 = **87**');
  const bad = await runSkill({ skill: calculator, args: { expression: '1/' }, tools, language: 'zh' });
  assert.equal(bad.result.answer, '无法计算“1/”：cannot calculate "1/": the expression ends too early');
});
