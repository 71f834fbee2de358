import { test } from 'node:test';
import assert from 'node:assert/strict';
import { partQuestion, splitQuestions } from './several.js';
import { findReferences } from './reference.js';
import { findLines } from './slots.js';

// a stand-in for the router's intents: words that ask for something of their own
const asks = (words: string): boolean => /不良率|良率|谁值班|状态|几张单|defect rate|on call|output/.test(words);

test('several questions: strong and weak breaks end a part only when both sides ask', () => {
  assert.deepEqual(splitQuestions('B线上周四不良率多少 那天谁值班', asks), ['B线上周四不良率多少', '那天谁值班']);
  assert.deepEqual(splitQuestions("line A's defect rate yesterday and who is on call", asks), [
    "line A's defect rate yesterday",
    'and who is on call',
  ]);
  assert.deepEqual(splitQuestions('yesterdays output all lines + who is on call today', asks), [
    'yesterdays output all lines',
    'who is on call today',
  ]);
  // one question said in pieces: the piece that asks nothing stays with the one it leans on
  assert.equal(splitQuestions('B线上周良率多少 谢谢', asks), undefined);
  // a comparison with another time leans on the part before but is a part: the router answers both, with one
  // comparison when it gives the figure too (held-out-multi-w10.test.ts)
  assert.deepEqual(splitQuestions('B线上周良率多少 跟上上周比呢', asks), ['B线上周良率多少', '跟上上周比呢']);
  // a sentence's end between two questions
  assert.deepEqual(splitQuestions('D线昨天良率。今天谁值班', asks), ['D线昨天良率', '今天谁值班']);
  assert.equal(splitQuestions('D线昨天良率', asks), undefined);
});

test('a joining word is dropped from a part, a reference back is kept', () => {
  assert.equal(partQuestion('还有D线现在哪台设备故障'), 'D线现在哪台设备故障');
  assert.equal(partQuestion('and who is on call'), 'who is on call');
  assert.equal(partQuestion('那B线呢'), 'B线呢');
  for (const kept of ['那天谁值班', '那时候谁值班', '那班的不良率', '那台机器啥状态', '那批谁检的'])
    assert.equal(partQuestion(kept), kept, kept);
  assert.deepEqual(
    findReferences('那天谁值班').map((reference) => reference.to),
    ['time'],
  );
  assert.deepEqual(
    findReferences("what was b's defect rate on that shift").map((reference) => reference.to),
    ['shift'],
  );
});

test("a known line's letter with a possessive is that line; an unknown letter or I is not", () => {
  const lines = (text: string) => findLines(text.toLowerCase(), text, ['A', 'B', 'C', 'D']).lines;
  assert.deepEqual(lines("what was B's defect rate"), ['B']);
  assert.deepEqual(lines("D's output last week"), ['D']);
  assert.deepEqual(lines("E's output"), []);
  assert.deepEqual(lines("I's"), []);
});
