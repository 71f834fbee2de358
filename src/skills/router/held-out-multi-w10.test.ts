/**
 * Several questions in one message (W10, corpus/fresh-round3h.txt, issue 27): a message of several questions is
 * never answered by one part alone. Every part is answered — by its own skill, as the question alone would be (what
 * it leaves unsaid and its skill takes is the earlier parts': the line, the period) — or the decision declines and
 * names it. Tested on messages generated here from single questions of every skill joined by every connective, not
 * on the batch's own lines:
 * - two or three questions joined by ？ 。 ； ". also" ", and also" ". plus" " + " "and who/which/what …" 还有 另外
 *   顺便 再查一下: each part is answered as alone;
 * - a later part about the earlier part's things ("and who closed the most of those") is read with its words;
 * - a figure and a comparison with another time ("上个月C线良率，跟再前一个月比呢"): the comparison is answered, and the
 *   figure too — by one comparison when it gives the figure, never by the figure alone;
 * - a ranking of the lines after a part about some lines ("…分别多少？哪条线最差") ranks every line;
 * - a warning band or an alarm value asked of the documents is a limit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { PLANT_EQUIPMENT, argsOf, periodOf, routerOver } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT });
type Skill = Extract<RouteDecision, { kind: 'skill' }>;

/** single questions of every skill, each answered alone on Monday 2026-11-30 */
const SINGLES = {
  en: [
    'line A defect rate yesterday',
    'open P1 work orders',
    "who's on call today",
    'which machines are in fault',
    "what's 480 times 12",
    "what's the torque for the M24 anchor bolts",
    'is dec 25 a holiday in the US',
    'weekly report for last week',
    'why was line B bad last week',
    "what's today's date",
    'what fixed the vibration on B-PRESS-03 last time',
  ],
  zh: [
    'A线昨天不良率多少',
    '未关闭的P1工单有哪些',
    '今天谁值班',
    '哪些设备故障了',
    '480乘以12等于多少',
    'M24地脚螺栓扭矩多少',
    '美国12月25日放假吗',
    '上周周报',
    'B线上周为什么差',
    '今天几号',
    '3号冲压机振动以前怎么修的',
  ],
};

type Join = (before: string, after: string) => string;
const CONNECTIVES: Record<'en' | 'zh', Join[]> = {
  en: [
    (a, b) => `${a}? ${b}`,
    (a, b) => `${a}. also ${b}`,
    (a, b) => `${a}; ${b}`,
    (a, b) => `${a}, and also ${b}`,
    (a, b) => `${a}, also ${b}`,
    (a, b) => `${a}. plus ${b}`,
    (a, b) => `${a} + ${b}`,
    // "and who / which / what …": a question word after "and" starts another question
    (a, b) => (/^(?:who|which|what)/.test(b) ? `${a} and ${b}` : `${a}, and also ${b}`),
  ],
  zh: [
    (a, b) => `${a}？${b}`,
    (a, b) => `${a}。${b}`,
    (a, b) => `${a}；${b}`,
    (a, b) => `${a}，还有${b}`,
    (a, b) => `${a}，另外${b}`,
    (a, b) => `${a}，顺便${b}`,
    (a, b) => `${a}。还有${b}`,
    (a, b) => `${a} 另外${b}`,
    (a, b) => `${a}，再查一下${b}`,
  ],
};

/** the slots a later part takes from the earlier ones when it leaves them unsaid (index.ts) */
const TAKEN = ['period', 'lines', 'line', 'equipment', 'shift', 'symptom', 'date', 'day_offset'];
const unsaid = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.length === 0);
const same = (value: unknown): string =>
  JSON.stringify(value, (key, inner: unknown) => (key === 'label' ? undefined : inner));

/** each part of the message answered as its question alone, or declined: never one answer for all */
function eachPartAnswered(message: string, alone: Skill[]): void {
  const decision = route(message, 'mon');
  const where = `${message}: ${JSON.stringify(decision)}`;
  assert.equal(decision.kind, 'none', `one answer for several questions — ${where}`);
  const routed = decision.kind === 'none' ? (decision.routed ?? []) : [];
  assert.equal(routed.length, alone.length, `every question a part — ${where}`);
  alone.forEach((single, index) => {
    const part = routed[index]!;
    // a part the rules cannot answer is named in the reply (it asks for a slot, or declines)
    if (part.kind !== 'skill' || part.missing.length > 0) return;
    assert.equal(part.skill, single.skill, `part ${index + 1} — ${where}`);
    for (const [key, value] of Object.entries(single.args))
      if (!(TAKEN.includes(key) && unsaid(value)))
        assert.equal(same(part.args[key]), same(value), `part ${index + 1}: ${key} — ${where}`);
  });
}

test('two or three questions of different skills, joined by every connective: each part answered as alone', () => {
  let checked = 0;
  for (const language of ['en', 'zh'] as const) {
    const singles = SINGLES[language];
    const alone = singles.map((question) => {
      const decision = route(question, 'mon');
      argsOf(decision, question);
      return decision as Skill;
    });
    const joins = CONNECTIVES[language];
    let turn = 0;
    // every ordered pair of skills, each pair under two connectives and (with a third question) a third, in turn:
    // every connective joins every skill before and after it
    for (let first = 0; first < singles.length; first++)
      for (let second = 0; second < singles.length; second++) {
        if (first === second) continue;
        for (const join of [joins[turn % joins.length]!, joins[(turn + 1) % joins.length]!]) {
          eachPartAnswered(join(singles[first]!, singles[second]!), [alone[first]!, alone[second]!]);
          checked++;
        }
        const third = [first + second + 1, first + second + 2, first + second + 3]
          .map((candidate) => candidate % singles.length)
          .find((candidate) => candidate !== first && candidate !== second)!;
        const join = joins[(turn + 2) % joins.length]!;
        eachPartAnswered(join(join(singles[first]!, singles[second]!), singles[third]!), [
          alone[first]!,
          alone[second]!,
          alone[third]!,
        ]);
        checked++;
        turn++;
      }
  }
  assert.ok(checked >= 600, `${checked} messages`);
});

test("a later part about the earlier part's things is read with its words: the count, then who closed most", () => {
  const months = [
    ['november', '2026-11-01..2026-11-30'],
    ['december', '2026-12-01..2026-12-31'],
    ['last month', '2026-12-01..2026-12-31'],
  ] as const;
  for (const priority of ['P0', 'P1', 'P2'])
    for (const [month, period] of months)
      for (const message of [
        `how many ${priority} tickets opened in ${month} and who closed the most of those`,
        `how many ${priority} work orders were opened ${month === 'last month' ? month : `in ${month}`}, and which ` +
          'engineer closed the most of them',
      ]) {
        const decision = route(message, 'jan');
        const where = `${message}: ${JSON.stringify(decision)}`;
        assert.equal(decision.kind, 'none', where);
        const [count, most] = decision.kind === 'none' ? (decision.routed ?? []) : [];
        const counted = argsOf(count!, where, 'work_orders');
        assert.deepEqual(counted.priorities, [priority], where);
        assert.equal(periodOf(counted), period, where);
        assert.equal(counted.by, undefined, where);
        const ranked = argsOf(most!, where, 'work_orders');
        assert.deepEqual(ranked.priorities, [priority], where);
        assert.equal(ranked.by, 'assignee', where);
        assert.equal(periodOf(ranked), period, where);
      }
});

test('a figure and a comparison with another time: the comparison answered, never the figure alone', () => {
  const metrics = [
    ['良率', 'yield'],
    ['不良率', 'defect_rate'],
    ['产量', 'output'],
  ] as const;
  let checked = 0;
  for (const line of ['A', 'B', 'C', 'D'])
    for (const [word, metric] of metrics) {
      // the month before the one asked of (first clock 2026-12-01: 上个月 is November)
      for (const before of ['跟再前一个月比呢', '和前一个月比呢', '跟10月比呢']) {
        for (const asked of [`上个月${line}线${word}`, `上个月${line}线${word}多少`]) {
          const message = `${asked}，${before}`;
          const decision = route(message, 'first');
          const where = `${message}: ${JSON.stringify(decision)}`;
          const answers = decision.kind === 'none' ? (decision.routed ?? []) : [decision];
          if (decision.kind === 'skill') assert.equal(decision.skill, 'quality_compare', `the figure alone — ${where}`);
          else {
            assert.equal(answers.length, 2, where);
            const figure = argsOf(answers[0]!, where, 'quality_metrics');
            assert.deepEqual(figure.metrics, [metric], where);
          }
          const compared = argsOf(answers.at(-1)!, where, 'quality_compare');
          assert.equal(compared.mode, 'previous', where);
          assert.deepEqual(compared.lines, [line], where);
          assert.equal(periodOf(compared), '2026-11-01..2026-11-30', where);
          assert.equal(periodOf({ period: compared.previous }), '2026-10-01..2026-10-31', where);
          checked++;
        }
      }
    }
  // one comparison (both months' figures) or the figure and the comparison as two parts: both answer each part
  assert.equal(checked, 4 * metrics.length * 3 * 2);
  // one question said in pieces stays one answer: the comparison gives the figure of its own period
  for (const message of ['B线上周产量多少，跟上上周比呢', 'D线本月良率多少，跟上个月比呢'])
    argsOf(route(message, 'sun'), message, 'quality_compare');
});

test('a ranking of the lines after a part about some of them ranks every line, in the same period', () => {
  const periods = [
    ['昨天', 'yesterday', '2026-11-29..2026-11-29'],
    ['上周', 'last week', '2026-11-23..2026-11-29'],
  ] as const;
  const pairs = [
    ['A', 'B'],
    ['A', 'C'],
    ['B', 'D'],
  ] as const;
  for (const [zh, en, period] of periods)
    for (const [one, other] of pairs)
      for (const [rank, words] of [
        ['worst', ['最差', 'worst']],
        ['best', ['最好', 'best']],
      ] as const)
        for (const message of [
          `${one}线和${other}线${zh}的不良率分别多少？哪条线${zh}${words[0]}`,
          `line ${one} and line ${other} defect rate ${en}? which line was ${words[1]} ${en}`,
          `${zh}${one}线不良率多少，同期${other}线呢，还有哪条线${words[0]}`,
        ]) {
          const decision = route(message, 'mon');
          const where = `${message}: ${JSON.stringify(decision)}`;
          assert.equal(decision.kind, 'none', where);
          const [figures, ranking] = decision.kind === 'none' ? (decision.routed ?? []) : [];
          const asked = argsOf(figures!, where, 'quality_metrics');
          assert.deepEqual(asked.lines, [one, other], where);
          assert.deepEqual(asked.metrics, ['defect_rate'], where);
          assert.equal(periodOf(asked), period, where);
          const ranked = argsOf(ranking!, where, 'quality_metrics');
          assert.deepEqual(ranked.lines, [], where);
          assert.equal(ranked.rank, rank, where);
          assert.equal(periodOf(ranked), period, where);
        }
});

test('a warning band or an alarm value asked of the documents is a limit', () => {
  for (const question of [
    "what's the vibration warning band in the SOP",
    'vibration alarm level for the press',
    'what is the vibration warning level',
    '振动报警值是多少',
    '振动预警线多少',
  ]) {
    const args = argsOf(route(question), question, 'document_search');
    assert.ok((args.figure as string[]).includes('limit'), `${question}: ${JSON.stringify(args)}`);
  }
  const message = "what's 4.5 divided by 7.1, and what's the vibration warning band in the SOP";
  const decision = route(message);
  const [calculation, band] = decision.kind === 'none' ? (decision.routed ?? []) : [];
  argsOf(calculation!, message, 'calculator');
  assert.ok((argsOf(band!, message, 'document_search').figure as string[]).includes('limit'), message);
});
