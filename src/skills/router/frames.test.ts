/**
 * The conversational frame (frames.ts), tested by generation: every question of the phrasing corpus that the rules
 * answer is asked again inside frames made from parts — an opening, who is asking, why (a meeting, at a time, on a
 * day), a closing — in its own language, and must get the bare question's answer: the same skill, arguments and
 * slots asked for. And a frame's words that can carry meaning on their own stay meaning where they are not a frame.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLANT_EQUIPMENT, decisionShape, routerOver } from './testing.js';
import { parseCorpus } from './corpus/test-support.js';
import { normalizeText } from './normalize.js';
import { LEXICON, SYNONYMS } from './lexicon.js';
import type { RouteDecision } from '../engine-types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const route = routerOver({ equipment: PLANT_EQUIPMENT });

const EN = {
  opening: [
    'ok so',
    'quick one -',
    'sorry to bother you,',
    'hey there,',
    'um,',
    'morning!',
    'one more thing:',
    'quick q:',
  ],
  asker: [
    'the boss is asking again',
    'my manager wants to know',
    'the customer asked',
    'QA lead needs',
    'plant manager keeps asking',
    'our supervisor is on my back',
  ],
  purpose: [
    "before the 9 o'clock meeting",
    "for tomorrow's standup",
    'ahead of our weekly quality review',
    'for the 8:30 production meeting',
    'before the daily huddle',
    "for this afternoon's tier 2 meeting",
  ],
  closing: [
    'thx',
    'thanks!',
    'cheers',
    'asap',
    'no rush',
    'nothing else',
    "that's all",
    'just curious',
    'thanks in advance',
  ],
};
const ZH = {
  opening: ['在吗？', '打扰一下，', '那个，', '问一下，', '您好，', '不好意思，'],
  asker: ['老板又在问了', '领导要数据', '客户在催', '经理想知道', '主管让我查一下', '厂长刚才问'],
  purpose: ['开早会要用', '周会上要汇报', '明天例会要用', '9点开会要用', '晨会前要', '下午调度会要用'],
  closing: ['谢谢', '急用', '在线等', '辛苦了', '拜托了！', '就这些', '谢谢啦～'],
};

/** the question inside the k-th frame of its language: every part of every list is used across the k's */
function framed(question: string, language: 'zh' | 'en', k: number): string {
  const parts = language === 'zh' ? ZH : EN;
  const pick = <T>(list: T[], salt: number): T => list[(k * 7 + salt) % list.length]!;
  const bare = question.replace(/[?？]\s*$/, '');
  if (language === 'zh')
    switch (k % 5) {
      case 0:
        return `${pick(parts.opening, 1)}${pick(parts.asker, 2)}，${question}`;
      case 1:
        return `${pick(parts.purpose, 3)}，${question}`;
      case 2:
        return `${bare}，${pick(parts.closing, 4)}`;
      case 3:
        return `${pick(parts.opening, 5)}${bare}，${pick(parts.purpose, 6)}，${pick(parts.closing, 7)}`;
      default:
        return `${pick(parts.asker, 8)}，${pick(parts.purpose, 9)}：${question}`;
    }
  switch (k % 5) {
    case 0:
      return `${pick(parts.opening, 1)} ${pick(parts.asker, 2)} ${pick(parts.purpose, 3)}, ${question}`;
    case 1:
      return `${bare} — ${pick(parts.purpose, 4)}`;
    case 2:
      return `${bare}? ${pick(parts.closing, 5)}`;
    case 3:
      return `${pick(parts.asker, 6)}: ${bare}, ${pick(parts.purpose, 7)}. ${pick(parts.closing, 8)}`;
    default:
      return `${pick(parts.opening, 9)} ${bare}, ${pick(parts.closing, 10)}`;
  }
}

const shape = decisionShape;

test('a question inside a conversational frame gets the bare question’s answer', () => {
  const entries = parseCorpus(path.join(here, 'corpus', 'phrasings.txt'), 'phrasings.txt').filter(
    (entry) => !entry.honest && !entry.need && !entry.multi,
  );
  let checked = 0;
  const failures: string[] = [];
  for (const entry of entries) {
    const bare = route(entry.question, entry.clock);
    if (bare.kind !== 'skill' || bare.missing.length > 0) continue;
    for (let k = 0; k < 5; k++) {
      const question = framed(entry.question, entry.language, k + entry.line);
      const decision = route(question, entry.clock);
      checked += 1;
      if (shape(decision) !== shape(bare))
        failures.push(`${question}\n    got ${shape(decision)}\n    bare ${shape(bare)}`);
    }
  }
  assert.ok(checked > 2000, `only ${checked} framed questions`);
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${checked} framed questions changed`);
});

test('words that mean something on their own are kept where they are not a frame', () => {
  const cases: Array<[string, (decision: RouteDecision) => boolean]> = [
    ['urgent work orders', (d) => d.kind === 'skill' && JSON.stringify(d.args).includes('P0')],
    ['紧急工单有几个', (d) => d.kind === 'skill' && JSON.stringify(d.args).includes('P0')],
    ['morning shift output on line A yesterday', (d) => d.kind === 'skill' && d.args.shift === 'day'],
    ['早班昨天A线产量', (d) => d.kind === 'skill' && d.args.shift === 'day'],
    ['customer complaints last month', (d) => d.kind === 'none'],
    ['客户投诉上个月有几起', (d) => d.kind === 'none'],
  ];
  for (const [question, ok] of cases) {
    const decision = route(question);
    assert.ok(ok(decision), `${question}: ${JSON.stringify(decision)}`);
    assert.ok(!normalizeText(question).rewrites.some((rewrite) => rewrite.kind === 'frame'), question);
  }
  // a message that is only a frame is not blanked to nothing
  for (const question of ['thanks!', '谢谢', 'ok so', '在吗？', 'urgent!', '急'])
    assert.match(normalizeText(question).text, /\p{L}/u, question);
  // a frame's time and day are not the question's: no hour asked, no forecast
  for (const question of [
    "before the 9 o'clock meeting, line A defect rate yesterday",
    "line A defect rate yesterday, for tomorrow's standup",
    '明天早会要用，A线昨天不良率',
  ]) {
    const decision = route(question);
    assert.equal(decision.kind, 'skill', `${question}: ${JSON.stringify(decision)}`);
    assert.deepEqual(
      (decision as unknown as { args: { period: { from: string } } }).args.period.from,
      '2026-11-28',
      question,
    );
  }
});

test('no word of the lexicon is ever taken for a frame, wherever it stands', () => {
  const words = [
    ...LEXICON.flatMap((entry) => [...entry.zh, ...entry.en]),
    ...SYNONYMS.flatMap((synonym) => synonym.words ?? []),
  ];
  let checked = 0;
  for (const word of words)
    for (const question of [
      word,
      `${word} line A today`,
      `line A today, ${word}`,
      `${word}，A线今天`,
      `A线今天${word}`,
    ]) {
      const frames = normalizeText(question).rewrites.filter((rewrite) => rewrite.kind === 'frame');
      assert.deepEqual(frames, [], question);
      checked += 1;
    }
  assert.ok(checked > 1000, `${checked}`);
});
