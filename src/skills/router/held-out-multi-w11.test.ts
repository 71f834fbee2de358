/**
 * Several questions in one message and follow-up parts (W11, corpus/fresh-round3i.txt, issue 27). Tested on
 * messages generated here from parts — lines, metrics, periods, shifts, machines, ids — with the expected answers
 * computed apart from the router (utcDates), not on the batch's own lines:
 * - a follow-up after a question's end that names only another shift, line or period ("？那夜班呢", ". and line C?",
 *   "? and last week?") is a part of its own, read with the part before's slots: two answers, never one;
 * - a follow-up naming only the period before ("and the week before?", "那前一天呢") counts back from the period of
 *   the part before, not from today;
 * - "and" between two halves that each ask a different skill ends a part ("C-CAM-01 status and the ring light limit
 *   from the manual"); a numbered list ("1) … 2) …", "1. … 2. …", "①…②…") is one part per item;
 * - " + " between two questions of one skill with different filters is two parts ("faults rn + overdue PMs"), but a
 *   list of batches or orders joined by + / and is one lookup of them all;
 * - 它 in a later part is the machine of the part before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { plantNamesFrom } from './entities.js';
import { type Clock, PLANT_EQUIPMENT, argsOf, periodOf, routerOver, utcDates } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT });
/** with a batch number as the plant's data writes them: the batch numbers' shape is known */
const routeBatches = routerOver({
  equipment: PLANT_EQUIPMENT,
  names: plantNamesFrom({ people: [], batches: [{ batch_no: 'C20261130N001' }] }),
});
type Skill = Extract<RouteDecision, { kind: 'skill' }>;

/** the routed parts of a message of several questions, asserting it is no single answer */
function partsOf(message: string, clock: Clock, count: number): Skill[] {
  const decision = route(message, clock);
  const where = `${message} (${clock}): ${JSON.stringify(decision)}`;
  assert.equal(decision.kind, 'none', `one answer for several questions — ${where}`);
  const routed = decision.kind === 'none' ? (decision.routed ?? []) : [];
  assert.equal(routed.length, count, `every question a part — ${where}`);
  return routed.map((part, index) => {
    assert.ok(part.kind === 'skill' && part.missing.length === 0, `part ${index + 1} answered — ${where}`);
    return part as Skill;
  });
}

const without = (args: Record<string, unknown>, ...keys: string[]): string =>
  JSON.stringify(
    Object.fromEntries(Object.entries(args).filter(([key]) => !keys.includes(key))),
    (key, inner: unknown) => (key === 'label' ? undefined : inner),
  );

/** Monday 2026-11-30 ('mon'), by independent arithmetic */
const TODAY = '2026-11-30';
const MONDAY = utcDates.monday(TODAY);
const PERIODS = {
  yesterday: [utcDates.addDays(TODAY, -1), utcDates.addDays(TODAY, -1)],
  lastWeek: [utcDates.addDays(MONDAY, -7), utcDates.addDays(MONDAY, -1)],
  weekBeforeLast: [utcDates.addDays(MONDAY, -14), utcDates.addDays(MONDAY, -8)],
  lastMonth: ['2026-10-01', '2026-10-31'],
  thisMonth: ['2026-11-01', TODAY],
} as const;
type PeriodKey = keyof typeof PERIODS;
const PERIOD_WORDS: Array<{ key: PeriodKey; zh: string; en: string }> = [
  { key: 'yesterday', zh: '昨天', en: 'yesterday' },
  { key: 'lastWeek', zh: '上周', en: 'last week' },
  { key: 'lastMonth', zh: '上个月', en: 'last month' },
  { key: 'thisMonth', zh: '这个月', en: 'this month' },
];
const METRIC_WORDS: Array<{ metric: string; zh: string; en: string }> = [
  { metric: 'defect_rate', zh: '不良率', en: 'defect rate' },
  { metric: 'yield', zh: '良率', en: 'yield' },
  { metric: 'output', zh: '产量', en: 'output' },
];
const LINES = ['A', 'B', 'C', 'D'];

/** the figure questions alone, with what each asks */
function figures(): Array<{ zh: string[]; en: string[]; line: string; metric: string; period: PeriodKey }> {
  const out = [];
  let turn = 0;
  for (const { key, zh: pzh, en: pen } of PERIOD_WORDS)
    for (const { metric, zh: mzh, en: men } of METRIC_WORDS) {
      const line = LINES[turn++ % LINES.length]!;
      out.push({
        zh: [`${line}线${pzh}${mzh}多少`, `${pzh}${line}线${mzh}`],
        en: [`line ${line} ${men} ${pen}`, `${pen} ${men} line ${line}`],
        line,
        metric,
        period: key,
      });
    }
  return out;
}

const ZH_END = ['？', '? ', '。'];
const EN_END = ['? ', '. '];

test('a follow-up naming only another shift after a question: two answers, the second on that shift', () => {
  let checked = 0;
  const shifts = [
    { shift: 'night', zh: ['那夜班呢', '那晚班呢', '夜班呢'], en: ['and the night shift?', 'and night shift?'] },
    { shift: 'day', zh: ['那白班呢', '白班呢'], en: ['and the day shift?', 'and day shift?'] },
  ];
  for (const figure of figures())
    for (const { shift, zh, en } of shifts)
      for (const [questions, ends, follows] of [
        [figure.zh, ZH_END, zh],
        [figure.en, EN_END, en],
      ] as const)
        for (const [index, question] of questions.entries()) {
          const message = `${question}${ends[(index + checked) % ends.length]}${follows[checked % follows.length]}`;
          const [first, second] = partsOf(message, 'mon', 2);
          const where = `${message}: ${JSON.stringify([first, second])}`;
          for (const part of [first!, second!]) {
            assert.equal(part.skill, 'quality_metrics', where);
            assert.deepEqual(part.args.lines, [figure.line], where);
            assert.deepEqual(part.args.metrics, [figure.metric], where);
            assert.equal(periodOf(part.args), PERIODS[figure.period].join('..'), where);
          }
          assert.equal(first!.args.shift, undefined, where);
          assert.equal(second!.args.shift, shift, where);
          checked++;
        }
  assert.ok(checked >= 90, `${checked} messages`);
});

test('a follow-up naming only another line after a question: two answers, the second on that line', () => {
  let checked = 0;
  for (const figure of figures())
    for (const other of LINES.filter((line) => line !== figure.line)) {
      const zhFollow = [`那${other}线呢`, `还有${other}线呢`, `${other}线呢`][checked % 3]!;
      const enFollow = [`and line ${other}?`, `what about line ${other}?`][checked % 2]!;
      for (const message of [
        `${figure.zh[checked % 2]}${ZH_END[checked % ZH_END.length]}${zhFollow}`,
        `${figure.en[checked % 2]}${EN_END[checked % EN_END.length]}${enFollow}`,
      ]) {
        const [first, second] = partsOf(message, 'mon', 2);
        const where = `${message}: ${JSON.stringify([first, second])}`;
        assert.deepEqual(first!.args.lines, [figure.line], where);
        assert.deepEqual(second!.args.lines, [other], where);
        assert.equal(second!.skill, first!.skill, where);
        assert.equal(without(second!.args, 'lines'), without(first!.args, 'lines'), where);
        checked++;
      }
    }
  assert.ok(checked >= 70, `${checked} messages`);
});

test('a follow-up naming only another period: asked for that period; "the … before" counts back from the first', () => {
  let checked = 0;
  // [the first part's period words, the follow-up's words, the follow-up's period], each computed apart
  const cases: Array<[string, string, readonly [string, string]]> = [
    ['上周', '那上上周呢', PERIODS.weekBeforeLast],
    ['昨天', '那上周呢', PERIODS.lastWeek],
    ['昨天', '那前一天呢', [utcDates.addDays(TODAY, -2), utcDates.addDays(TODAY, -2)]],
    ['上个月', '那上上个月呢', ['2026-09-01', '2026-09-30']],
    ['last week', 'and the week before?', PERIODS.weekBeforeLast],
    ['last week', 'and the previous week?', PERIODS.weekBeforeLast],
    ['this week', 'and last week?', PERIODS.lastWeek],
    ['this week', 'and the week before?', PERIODS.lastWeek],
    ['yesterday', 'and the day before?', [utcDates.addDays(TODAY, -2), utcDates.addDays(TODAY, -2)]],
    ['last month', 'and the month before?', ['2026-09-01', '2026-09-30']],
    ['this month', 'and last month?', PERIODS.lastMonth],
    ['Oct', 'and Sep?', ['2026-09-01', '2026-09-30']],
  ];
  const firstPeriod: Record<string, readonly [string, string]> = {
    上周: PERIODS.lastWeek,
    昨天: PERIODS.yesterday,
    上个月: PERIODS.lastMonth,
    'last week': PERIODS.lastWeek,
    'this week': [MONDAY, TODAY],
    yesterday: PERIODS.yesterday,
    'last month': PERIODS.lastMonth,
    'this month': PERIODS.thisMonth,
    Oct: PERIODS.lastMonth,
  };
  for (const [said, follow, expected] of cases)
    for (const line of LINES)
      for (const { metric, zh, en } of METRIC_WORDS) {
        const chinese = /[\u4e00-\u9fff]/.test(said);
        const message = chinese
          ? `${line}线${said}${zh}${ZH_END[checked % ZH_END.length]}${follow}`
          : [`line ${line} ${en} ${said}. ${follow}`, `${said} ${en} line ${line}? ${follow}`][checked % 2]!;
        const [first, second] = partsOf(message, 'mon', 2);
        const where = `${message}: ${JSON.stringify([first, second])}`;
        for (const part of [first!, second!]) {
          assert.equal(part.skill, 'quality_metrics', where);
          assert.deepEqual(part.args.lines, [line], where);
          assert.deepEqual(part.args.metrics, [metric], where);
        }
        assert.equal(periodOf(first!.args), firstPeriod[said]!.join('..'), where);
        assert.equal(periodOf(second!.args), expected.join('..'), where);
        checked++;
      }
  assert.ok(checked >= 140, `${checked} messages`);
});

/** single questions of different skills that start with no question word, each answered alone on 'mon' */
const SINGLES = {
  en: [
    'B-PRESS-03 status',
    'line A defect rate yesterday',
    'open P1 work orders',
    'the torque for the M24 anchor bolts from the manual',
    'weekly report for last week',
    'the on-call engineer today',
  ],
  zh: ['3号冲压机什么状态', 'A线昨天不良率多少', '未关闭的P1工单有哪些', '今天谁值班', '上周周报', 'C线上周产量'],
};

/** the slots a later part takes from the earlier ones when it leaves them unsaid (index.ts) */
const TAKEN = ['period', 'lines', 'line', 'equipment', 'shift', 'symptom', 'date', 'day_offset'];
const unsaid = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.length === 0);

/** each part answered as its question alone (what it leaves unsaid may be the earlier part's) */
function eachPartAsAlone(message: string, alone: Skill[]): void {
  const parts = partsOf(message, 'mon', alone.length);
  const where = `${message}: ${JSON.stringify(parts)}`;
  alone.forEach((single, index) => {
    assert.equal(parts[index]!.skill, single.skill, `part ${index + 1} — ${where}`);
    for (const [key, value] of Object.entries(single.args))
      if (!(TAKEN.includes(key) && unsaid(value)))
        assert.equal(
          without({ [key]: parts[index]!.args[key] }),
          without({ [key]: value }),
          `part ${index + 1} — ${where}`,
        );
  });
}

test('"and" between halves that ask different skills, and numbered lists: each part answered as alone', () => {
  let checked = 0;
  for (const language of ['en', 'zh'] as const) {
    const singles = SINGLES[language];
    const alone = singles.map((question) => {
      argsOf(route(question, 'mon'), question);
      return route(question, 'mon') as Skill;
    });
    const joins: Array<(parts: string[]) => string> =
      language === 'en'
        ? [
            (parts) => parts.join(' and '),
            (parts) => parts.map((part, index) => `${index + 1}) ${part}`).join(' '),
            (parts) => parts.map((part, index) => `${index + 1}. ${part}`).join(' '),
          ]
        : [
            (parts) => parts.map((part, index) => `${index + 1}) ${part}`).join(' '),
            (parts) => parts.map((part, index) => `${index + 1}. ${part}`).join(' '),
            (parts) => parts.map((part, index) => `${'①②③'[index]}${part}`).join(''),
            (parts) => parts.map((part, index) => `${'①②③'[index]}${part}`).join(' '),
          ];
    for (let first = 0; first < singles.length; first++)
      for (let second = 0; second < singles.length; second++) {
        if (alone[first]!.skill === alone[second]!.skill) continue;
        for (const join of joins) {
          eachPartAsAlone(join([singles[first]!, singles[second]!]), [alone[first]!, alone[second]!]);
          checked++;
        }
        const third = alone.findIndex(
          (single, index) =>
            index > second && single.skill !== alone[first]!.skill && single.skill !== alone[second]!.skill,
        );
        if (third < 0) continue;
        const join = joins[checked % joins.length]!;
        eachPartAsAlone(join([singles[first]!, singles[second]!, singles[third]!]), [
          alone[first]!,
          alone[second]!,
          alone[third]!,
        ]);
        checked++;
      }
  }
  assert.ok(checked >= 150, `${checked} messages`);
});

test('" + " between two questions of one skill with different filters: two parts, each with its own filter', () => {
  let checked = 0;
  const states = ['faults rn', 'any faults now', 'which machines are in fault', 'machines in maintenance'];
  const overdue = ['overdue PMs', 'machines overdue for maintenance', 'which machines are overdue'];
  for (const state of states)
    for (const late of overdue)
      for (const [a, b] of [
        [state, late],
        [late, state],
      ]) {
        const message = `${a} + ${b}`;
        const parts = partsOf(message, 'mon', 2);
        const where = `${message}: ${JSON.stringify(parts)}`;
        for (const [index, words] of [a!, b!].entries()) {
          const alone = argsOf(route(words, 'mon'), words, 'equipment_status');
          assert.equal(parts[index]!.skill, 'equipment_status', where);
          assert.equal(without(parts[index]!.args), without(alone), where);
        }
        checked++;
      }
  assert.ok(checked >= 24, `${checked} messages`);
});

test('a list of batches or orders joined by + / and / 、 is one lookup of them all', () => {
  let checked = 0;
  for (const line of LINES)
    for (const [day, shift] of [
      ['1130', 'N'],
      ['1128', 'D'],
    ])
      for (const [first, second] of [
        [3, 4],
        [10, 11],
      ]) {
        const batch = (n: number): string => `${line}2026${day}${shift}${String(n).padStart(3, '0')}`;
        for (const message of [
          `${batch(first!)} + ${batch(second!)} defects?`,
          `${batch(first!)} and ${batch(second!)} defects?`,
          `${batch(first!)}、${batch(second!)}的缺陷`,
        ]) {
          const args = argsOf(routeBatches(message, 'first'), message, 'batch_lookup');
          assert.deepEqual(args.batches, [batch(first!), batch(second!)], message);
          checked++;
        }
      }
  for (const [a, b] of [
    [2999, 3001],
    [3012, 3015],
    [2921, 2930],
  ])
    for (const message of [
      `WO ${a} and ${b}, who has them`,
      `WO ${a} and WO ${b}, who has them`,
      `WO ${a}, ${b} who has them`,
      `工单${a}、${b}谁在跟`,
      `工单${a}和${b}是谁的`,
    ]) {
      const args = argsOf(route(message, 'first'), message, 'work_orders');
      assert.deepEqual(args.order_ids, [a, b], message);
      checked++;
    }
  assert.ok(checked >= 60, `${checked} messages`);
});

test("它 in a later part is the machine of the part before: that machine's open work orders", () => {
  let checked = 0;
  const machines: Array<[string, string]> = [
    ['3号冲床', 'B-PRESS-03'],
    ['3号冲压机', 'B-PRESS-03'],
    ['B-PRESS-03', 'B-PRESS-03'],
    ['C-CNC-01', 'C-CNC-01'],
    ['D线1号机械臂', 'D-ROBOT-01'],
    ['A-WELD-01', 'A-WELD-01'],
  ];
  for (const [said, id] of machines)
    for (const ask of ['什么状态', '现在啥状态', '状态'])
      for (const later of ['顺便看下它没关的工单', '还有它没关的工单', '它有几张单没关']) {
        const message = `${said}${ask}？${later}`;
        const [status, orders] = partsOf(message, 'first', 2);
        const where = `${message}: ${JSON.stringify([status, orders])}`;
        assert.equal(status!.skill, 'equipment_status', where);
        assert.equal(status!.args.equipment, id, where);
        assert.equal(orders!.skill, 'work_orders', where);
        assert.equal(orders!.args.equipment, id, where);
        assert.equal(orders!.args.status, 'open', where);
        checked++;
      }
  // no machine before: 它 is not read as the line
  for (const line of LINES) {
    const decision = route(`${line}线昨天良率？顺便看下它没关的工单`, 'first');
    const routed = decision.kind === 'none' ? (decision.routed ?? []) : [decision];
    assert.ok(
      routed.every((part) => part.kind !== 'skill' || part.skill !== 'work_orders'),
      JSON.stringify(decision),
    );
  }
  assert.ok(checked >= 50, `${checked} messages`);
});
