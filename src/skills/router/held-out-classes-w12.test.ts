/**
 * The classes of the tenth held-out batch's wrong answers and declines that the lead fixed (W12,
 * corpus/fresh-round3j.txt: voice input, KPI words, exclusions, hedged time), each a rule tested on phrasings
 * generated here from parts and checked against arithmetic done apart from the router (utcDates), never on the
 * batch's own lines:
 * - voice input: fillers (um, uh, 嗯) and self-corrections ("A线 不对 是B线", "line A no wait line D", "上周 不对
 *   上上周") give the corrected question's answer; a request taken back ("… scratch that, just …") is dropped;
 * - a line or a shift left out ("all lines except C", 除了C线 其他几条线, 不算夜班) is the plant's other ones;
 * - a hedged time in a week ("early last week", 上周前几天, "late this week") is its days, Monday to Wednesday or
 *   Thursday to Sunday; "the last couple of days", 这两天 the past two; "around mid-Nov" is mid-November;
 * - a weekday alone asked of a calendar (a holiday, the rota) is the coming one, unless the question asks what was;
 * - several questions counted out ("一是… 二是… 三是…", "first, … second, …", "two things: …"), or joined by 还有 with
 *   no pause, are each answered; the count said before them is no part;
 * - 同比 / YoY / "year over year" set a period against the same dates a year before (环比: the one before);
 * - a work-order list's length (前五个, "top 3", "the 5 oldest"), an open priority alone (开着的P0), a machine's
 *   overdue maintenance (过期的设备).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { spokenEdits } from './spoken.js';
import {
  CLOCKS,
  type Clock,
  LINE_PEOPLE,
  PLANT_EQUIPMENT,
  argsOf,
  decisionShape,
  periodOf,
  routerOver,
  utcDates,
  CLOCK_NAMES,
  todayOf,
} from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT, names: LINE_PEOPLE });
const LINES = ['A', 'B', 'C', 'D'];
const { addDays, monday } = utcDates;

test('fillers and self-corrections of voice input give the corrected question’s answer', () => {
  let checked = 0;
  const pairs: Array<[string, string]> = [];
  for (const [wrong, right] of [
    ['A', 'B'],
    ['C', 'D'],
    ['D', 'A'],
  ]) {
    for (const [metricZh, metricEn] of [
      ['不良率', 'defect rate'],
      ['产量', 'output'],
      ['良率', 'yield'],
    ]) {
      pairs.push(
        [`${wrong}线 不对 是${right}线 昨天的${metricZh}`, `${right}线昨天的${metricZh}`],
        [`${wrong}线，不对，${right}线 上周${metricZh}多少`, `${right}线上周${metricZh}多少`],
        [`嗯 ${right}线 嗯 昨天${metricZh}多少`, `${right}线昨天${metricZh}多少`],
        [`line ${wrong} no wait line ${right} ${metricEn} yesterday`, `line ${right} ${metricEn} yesterday`],
        [
          `${metricEn} for line ${wrong} sorry I mean line ${right} last week`,
          `${metricEn} for line ${right} last week`,
        ],
        [
          `um what was the ${metricEn} on line ${right} uh yesterday`,
          `what was the ${metricEn} on line ${right} yesterday`,
        ],
      );
    }
  }
  for (const [period, corrected] of [
    ['上周', '上上周'],
    ['昨天', '前天'],
    ['本月', '上个月'],
  ])
    pairs.push([`${period} 不对 ${corrected} B线产量多少`, `${corrected}B线产量多少`]);
  pairs.push([
    'line A output yesterday... actually scratch that, just line B defect rate last week',
    'line B defect rate last week',
  ]);
  for (const clock of ['sun', 'first'] as Clock[])
    for (const [said, bare] of pairs) {
      const expected = route(bare, clock);
      argsOf(expected, bare);
      assert.equal(
        decisionShape(route(said, clock)).replace(/"label":"[^"]*"/g, ''),
        decisionShape(expected).replace(/"label":"[^"]*"/g, ''),
        said,
      );
      checked += 1;
    }
  // what only looks like a correction stays what it is
  for (const question of [
    'A线昨天的数据不对 帮我查一下',
    '额定扭矩多少',
    'how long do orders wait for parts',
    'sorry to bother you',
    'is that right or not',
  ])
    assert.deepEqual(spokenEdits(question), [], question);
  assert.equal(checked, 2 * (3 * 3 * 6 + 3 + 1));
});

test('a line or a shift left out is the plant’s other ones', () => {
  let checked = 0;
  const others = (out: string[]): string[] => LINES.filter((line) => !out.includes(line));
  for (const out of [['A'], ['C'], ['D'], ['A', 'B'], ['B', 'D']]) {
    const zh = out.map((line) => `${line}线`).join('和');
    const en = out.map((line) => `line ${line}`).join(' and ');
    for (const question of [
      `除了${zh} 其他几条线上个月的不良率`,
      `除了${zh}以外 其他线上周产量`,
      `上周产量 不算${zh}`,
      `all lines except ${out.join(' and ')}, defect rate last week`,
      `output excluding ${en} last month`,
      `yield last week for every line other than ${en}`,
    ]) {
      const args = argsOf(route(question, 'mon'), question, 'quality_metrics');
      assert.deepEqual(args.lines, others(out), question);
      checked += 1;
    }
  }
  for (const [question, shift] of [
    ['不算夜班 B线上周的不良率是多少', 'day'],
    ['除了白班 A线昨天产量', 'night'],
    ['line C output last week excluding the night shift', 'day'],
    ['line D defect rate yesterday not counting the day shift', 'night'],
  ] as const) {
    const args = argsOf(route(question, 'mon'), question, 'quality_metrics');
    assert.equal(args.shift, shift, question);
    checked += 1;
  }
  assert.equal(checked, 5 * 6 + 4);
});

test('a hedged time in a week is its days; a couple of days is two (every clock, independent arithmetic)', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const cut = (from: string, to: string): string => `${from}..${to > today && from <= today ? today : to}`;
    for (const [shift, en, zh] of [
      [0, 'this', '本周'],
      [-1, 'last', '上周'],
      [-2, null, '上上周'],
    ] as const) {
      const start = addDays(monday(today), 7 * shift);
      const early = cut(start, addDays(start, 2));
      const late = cut(addDays(start, 3), addDays(start, 6));
      const asked: Array<[string, string]> = [
        [`${zh}前几天B线产量`, early],
        [`${zh}初A线不良率`, early],
        [`${zh}后半段C线不良率`, late],
      ];
      if (en)
        asked.push(
          [`early ${en} week line C defect rate`, early],
          [`line B output late ${en} week`, late],
          [`line D yield at the end of ${en} week`, late],
        );
      for (const [question, period] of asked) {
        if (period.split('..')[0]! > today) continue;
        assert.equal(
          periodOf(argsOf(route(question, clock), question, 'quality_metrics')),
          period,
          `${question} (${clock})`,
        );
        checked += 1;
      }
    }
    for (const question of [
      'last couple of days line B output',
      '这两天A线不良率',
      'line C yield the past couple of days',
    ]) {
      assert.equal(
        periodOf(argsOf(route(question, clock), question, 'quality_metrics')),
        `${addDays(today, -1)}..${today}`,
        question,
      );
      checked += 1;
    }
    for (const question of ['around mid-Nov how was line A doing on yield', '11月中旬左右B线良率']) {
      const year = today.startsWith('2027') ? 2026 : Number(today.slice(0, 4));
      assert.equal(
        periodOf(argsOf(route(question, clock), question, 'quality_metrics')),
        `${year}-11-11..${year}-11-20`,
        question,
      );
      checked += 1;
    }
  }
  assert.ok(checked >= 4 * (3 + 2) + 30, `${checked}`);
});

test('a weekday alone asked of a calendar is the coming one, the last one when asked what was (every clock)', () => {
  let checked = 0;
  const EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const ZH = ['一', '二', '三', '四', '五', '六', '日'];
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (let weekday = 1; weekday <= 7; weekday++) {
      const coming = addDays(today, (weekday - utcDates.weekday(today) + 7) % 7);
      const last = addDays(today, -((utcDates.weekday(today) - weekday + 7) % 7));
      const dateOf = (question: string, skill: string): unknown => {
        const decision: RouteDecision = route(question, clock);
        const args = argsOf(decision, `${question} (${clock})`, skill);
        return args.date ?? (args.day_offset !== undefined ? addDays(today, Number(args.day_offset)) : undefined);
      };
      assert.equal(dateOf(`is ${EN[weekday - 1]} a public holiday in japan`, 'public_holidays'), coming);
      assert.equal(dateOf(`周${ZH[weekday - 1]}是节假日吗`, 'public_holidays'), coming);
      assert.equal(dateOf(`who is on call on ${EN[weekday - 1]}`, 'oncall_check'), coming);
      assert.equal(dateOf(`was ${EN[weekday - 1]} a holiday in china`, 'public_holidays'), last);
      checked += 4;
    }
  }
  assert.equal(checked, 4 * 7 * 4);
});

test('several questions counted out or joined by 还有 are each answered; the count said first is no part', () => {
  const singles: Array<[string, string]> = [
    ['B线本周产量', 'quality_metrics'],
    ['哪些设备保养过期了', 'equipment_status'],
    ['地脚螺栓扭矩多少', 'document_search'],
    ['开着的P1工单', 'work_orders'],
  ];
  const english: Array<[string, string]> = [
    ['overdue PMs', 'equipment_status'],
    ['open P1 tickets', 'work_orders'],
    ['line A output yesterday', 'quality_metrics'],
    ["who's on call today", 'oncall_check'],
  ];
  let checked = 0;
  const partsOf = (message: string): string[] => {
    const decision = route(message, 'sun');
    assert.equal(decision.kind, 'none', message);
    const routed = decision.kind === 'none' ? (decision.routed ?? []) : [];
    return routed.map((part) => {
      assert.ok(part.kind === 'skill' && part.missing.length === 0, `${message}: ${JSON.stringify(part)}`);
      return part.kind === 'skill' ? part.skill : '';
    });
  };
  for (let k = 0; k < singles.length; k++) {
    const [a, b, c] = [singles[k]!, singles[(k + 1) % 4]!, singles[(k + 2) % 4]!];
    for (const message of [
      `刚开完早会 领导问了三个事 一是${a[0]} 二是${b[0]} 三是${c[0]}`,
      `有三个问题：第一，${a[0]}；第二，${b[0]}；第三，${c[0]}`,
      `首先${a[0]} 其次${b[0]} 最后是${c[0]}`,
    ]) {
      assert.deepEqual(partsOf(message), [a[1], b[1], c[1]], message);
      checked += 1;
    }
    const [x, y] = [english[k]!, english[(k + 1) % 4]!];
    for (const message of [`two things: ${x[0]}, and ${y[0]}`, `first, ${x[0]}; second, ${y[0]}`]) {
      assert.deepEqual(partsOf(message), [x[1], y[1]], message);
      checked += 1;
    }
  }
  for (const message of ['嗯那个c线上周不良率还有那个过期的设备有哪些', 'A线昨天产量还有哪些设备保养过期了']) {
    assert.deepEqual(partsOf(message), ['quality_metrics', 'equipment_status'], message);
    checked += 1;
  }
  // questions counted out are separate: the later ones take neither the first's line nor its period
  for (const message of [
    '领导问了三个事 一是B线本周产量 二是哪些设备保养过期了 三是开着的P1工单',
    'first, line B output this week; second, overdue PMs; third, open P1 tickets',
  ]) {
    const decision = route(message, 'sun');
    const routed = decision.kind === 'none' ? (decision.routed ?? []) : [];
    const args = routed.map((part) => (part.kind === 'skill' ? part.args : {}));
    assert.equal(args.length, 3, message);
    assert.equal(args[1]!.line, undefined, message);
    assert.equal(args[2]!.line, undefined, message);
    assert.equal(args[2]!.period, undefined, message);
  }
  // open orders after a period asked are the ones open now, never those opened in that period
  const joined = route('B线本周产量 还有开着的P0工单', 'sun');
  const last = joined.kind === 'none' ? joined.routed?.at(-1) : undefined;
  assert.ok(last?.kind === 'skill' && last.args.period === undefined, JSON.stringify(last));
  // 还有 as "still" joins nothing
  for (const question of ['A线还有几张单没关', 'B线还有没有开着的单'])
    assert.equal(argsOf(route(question), question, 'work_orders').status, 'open', question);
  assert.equal(checked, 4 * 5 + 2);
});

test('a work-order list’s length, an open priority alone and a machine’s overdue maintenance', () => {
  let checked = 0;
  for (const n of [1, 3, 5, 10])
    for (const question of [
      `开得最久还没关的工单 前${n}个`,
      `最早的${n}张没关的单`,
      `the ${n} oldest open work orders`,
      `top ${n} open tickets on line B`,
    ]) {
      assert.equal(argsOf(route(question), question, 'work_orders').limit, n, question);
      checked += 1;
    }
  assert.equal(
    argsOf(route('open work orders from the first 5 days of november'), 'first 5 days', 'work_orders').limit,
    undefined,
  );
  for (const priority of ['P0', 'P1', 'P2', 'P3'])
    for (const question of [`开着的${priority}`, `现在开着的${priority}有几个`, `还开着的${priority}`]) {
      const args = argsOf(route(question), question, 'work_orders');
      assert.deepEqual([args.priorities, args.status], [[priority], 'open'], question);
      checked += 1;
    }
  for (const question of ['过期的设备有哪些', '那个过期的设备有哪些', 'B线过期的机器', '保养过期的设备'])
    assert.equal(argsOf(route(question), question, 'equipment_status').overdue_only, true, question);
  checked += 4;
  assert.equal(checked, 16 + 12 + 4);
});

test('同比 / YoY / year over year set a period against the same dates a year before, 环比 against the one before', () => {
  let checked = 0;
  const yearBack = (date: string): string => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const lastWeek = [addDays(monday(today), -7), addDays(monday(today), -1)] as const;
    for (const question of [
      `B线上周良率同比`,
      `B线上周良率同比怎么样`,
      `line B yield last week YoY`,
      `line B yield last week year over year`,
    ]) {
      const args = argsOf(route(question, clock), `${question} (${clock})`, 'quality_compare');
      assert.equal(periodOf(args), `${lastWeek[0]}..${lastWeek[1]}`, question);
      assert.equal(periodOf({ period: args.previous }), `${yearBack(lastWeek[0])}..${yearBack(lastWeek[1])}`, question);
      checked += 1;
    }
    const args = argsOf(route('B线上周良率环比', clock), '环比', 'quality_compare');
    assert.equal(periodOf({ period: args.previous }), `${addDays(lastWeek[0], -7)}..${addDays(lastWeek[1], -7)}`);
    checked += 1;
  }
  assert.equal(checked, 4 * 5);
});
