/**
 * The classes of the W9 held-out batch (corpus/fresh-round3g.txt) that the rules declined honestly for want of
 * the words, each a rule tested on phrasings generated here from parts (the word × lines × periods × languages),
 * not on the batch's own lines:
 * - the ten-day parts of a month said in English (the middle ten days of Nov: 中旬), 廿 / 卅 in Chinese dates;
 * - a fortnight (the past fortnight), N days or weeks ending yesterday or today;
 * - a span of weekdays of a named week (Mon–Wed this week, last week Tue-Thu);
 * - week numbers said W48, ISO week 53 (of 2026), ISO 53, 2026-W53; a rota for one is the whole week;
 * - the N whole weeks before this one (前3周（不算本周）, the 3 weeks before this one, the last 3 full weeks);
 * - named days the calendar knows: Black Friday (黑色星期五), Buß- und Bettag (忏悔祈祷日); a festival's
 *   capitalised name is no person's; 跨年那周 is the week the year turns in;
 * - a line's letter after "how did" (how did C do) is the line, a letter the plant lacks is not dropped;
 * - the N worst batches said in Chinese (最差的三个批次).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { defectKeysOf } from './defects.js';
import { CLOCKS, type Clock, LINE_PEOPLE, PLANT_EQUIPMENT, routerOver, utcDates, vocabularyChecks } from './testing.js';

const ALL_CLOCKS = Object.keys(CLOCKS) as Clock[];
const LINES = ['A', 'B', 'C', 'D'];
const route = routerOver({ equipment: PLANT_EQUIPMENT, names: LINE_PEOPLE });

// ---- dates, computed here (not with the router's calendar) ------------------------------------
const TODAY: Record<Clock, string> = { sun: '2026-11-29', mon: '2026-11-30', first: '2026-12-01', jan: '2027-01-05' };
const { addDays, weekday, monday } = utcDates;
const upTo = (from: string, to: string, today: string): [string, string] => [from, to > today ? today : to];

function skillArgs(decision: RouteDecision, skill: string, where: string): Record<string, unknown> {
  assert.ok(decision.kind === 'skill' && decision.skill === skill, `${where}: ${JSON.stringify(decision)}`);
  return (decision as { args: Record<string, unknown> }).args;
}

const { assertMetrics, assertNotAnswered } = vocabularyChecks(route);

const EN_METRICS = ['defect rate', 'output', 'yield', 'reject %'];
const ZH_METRICS = ['不良率', '产量', '良率', '次品率'];

test('the ten-day parts of a month in English and 廿 / 卅 in Chinese dates', () => {
  const parts = [
    ['first ten days', 1, 10],
    ['first 10 days', 1, 10],
    ['middle ten days', 11, 20],
    ['middle 10 days', 11, 20],
    ['mid ten days', 11, 20],
    ['second ten days', 11, 20],
  ] as const;
  const months = [
    ['Oct', '2026-10'],
    ['October', '2026-10'],
    ['last month', '2026-10'],
  ] as const;
  let checked = 0;
  for (const [part, first, last] of parts)
    for (const [month, prefix] of months)
      for (const line of LINES)
        for (const metric of EN_METRICS) {
          const period: [string, string] = [
            `${prefix}-${String(first).padStart(2, '0')}`,
            `${prefix}-${String(last).padStart(2, '0')}`,
          ];
          assertMetrics(`line ${line} ${metric} for the ${part} of ${month}`, 'sun', { line, period });
          assertMetrics(`${part} of ${month}, ${line} line ${metric}`, 'sun', { line, period });
          checked += 2;
        }
  const zhDigits = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
  for (const [said, dayOfMonth] of [
    ['廿', 20],
    ...zhDigits.map((digit, index) => [`廿${digit}`, 21 + index] as const),
    ['卅', 30],
    ['卅一', 31],
  ] as const)
    for (const line of LINES)
      for (const metric of ZH_METRICS) {
        const date = `2026-10-${dayOfMonth}`;
        assertMetrics(`十月${said}号${line}线${metric}`, 'sun', { line, period: [date, date] });
        assertMetrics(`${line}线10月${said}日的${metric}`, 'sun', { line, period: [date, date] });
        checked += 2;
      }
  assert.ok(checked >= 500, `${checked} checked`);
});

test('a fortnight, and N days or weeks ending yesterday or today', () => {
  let checked = 0;
  for (const clock of ALL_CLOCKS) {
    const today = TODAY[clock];
    const yesterday = addDays(today, -1);
    const said: Array<[string, [string, string]]> = [
      ['past fortnight', [addDays(today, -13), today]],
      ['the past fortnight', [addDays(today, -13), today]],
      ['last fortnight', [addDays(today, -13), today]],
      ['over the last fortnight', [addDays(today, -13), today]],
      ['fortnight ending yesterday', [addDays(yesterday, -13), yesterday]],
      ['the fortnight up to today', [addDays(today, -13), today]],
      ['the 10 days ending yesterday', [addDays(yesterday, -9), yesterday]],
      ['the past three weeks ending yesterday', [addDays(yesterday, -20), yesterday]],
      ['7 days up to and including today', [addDays(today, -6), today]],
    ];
    for (const [period, expected] of said)
      for (const line of LINES)
        for (const metric of EN_METRICS) {
          assertMetrics(`${period}, line ${line} ${metric}`, clock, { line, period: expected });
          assertMetrics(`${line} ${metric} ${period}`, clock, { line, period: expected });
          checked += 2;
        }
  }
  assert.ok(checked >= 500, `${checked} checked`);
  // a fortnight no period word places is not read
  for (const question of ['line A output a fortnight', 'line B yield fortnightly']) assertNotAnswered(question);
});

test('a span of weekdays of a named week', () => {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  const full = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const spans = [
    [0, 2],
    [1, 3],
    [0, 4],
    [2, 4],
    [3, 6],
  ] as const;
  const forms = [
    (a: string, b: string, week: string) => `${a}–${b} ${week} week`,
    (a: string, b: string, week: string) => `${a}-${b} of ${week} week`,
    (a: string, b: string, week: string) => `${a} to ${b} ${week} week`,
    (a: string, b: string, week: string) => `${week} week ${a}-${b}`,
    (a: string, b: string, week: string) => `${week} week, ${a} thru ${b}`,
  ];
  let checked = 0;
  for (const clock of ALL_CLOCKS)
    for (const [first, last] of spans)
      for (const [week, shift] of [
        ['this', 0],
        ['last', -7],
        ['previous', -7],
      ] as const)
        for (const form of forms)
          for (const names of [days, full]) {
            const today = TODAY[clock];
            const start = addDays(monday(today), shift + first);
            const end = addDays(monday(today), shift + last);
            if (start > today) continue;
            const line = LINES[checked % 4]!;
            const period = form(names[first]!, names[last]!, week);
            assertMetrics(`${period}, line ${line} ${EN_METRICS[checked % 4]}`, clock, {
              line,
              period: upTo(start, end, today),
            });
            checked++;
          }
  assert.ok(checked >= 200, `${checked} checked`);
});

test('week numbers said W48, ISO week 53 (of 2026), ISO 53, 2026-W53; a rota for one is the whole week', () => {
  // ISO weeks of 2026: week 1 begins on 2025-12-29
  const weekOf2026 = (week: number): [string, string] => {
    const from = addDays('2025-12-29', 7 * (week - 1));
    return [from, addDays(from, 6)];
  };
  let checked = 0;
  for (const week of [2, 10, 27, 45, 46, 47]) {
    const forms = [`W${week}`, `w${week}`, `ISO week ${week}`, `ISO wk ${week}`, `ISO ${week}`, `2026-W${week}`];
    forms.push(`iso-week ${week} of 2026`, `W${week} 2026`, `KW${week}`);
    for (const said of forms)
      for (const line of LINES)
        for (const metric of EN_METRICS) {
          assertMetrics(`${metric} line ${line}, ${said}`, 'sun', { line, period: weekOf2026(week) });
          checked++;
        }
  }
  // week 53 of 2026 ends in 2027
  for (const said of ['ISO week 53 of 2026', 'W53 2026', '2026-W53', 'ISO 53'])
    for (const line of LINES) {
      assertMetrics(`line ${line} defect rate for ${said}`, 'jan', { line, period: ['2026-12-28', '2027-01-03'] });
      checked++;
    }
  assert.ok(checked >= 800, `${checked} checked`);
  // the rota of a week said by its number: the whole week, the days to come too
  for (const said of ['W49 rota', 'KW49 rota', 'rota for ISO week 49', 'on-call rota 2026-W49']) {
    const args = skillArgs(route(said, 'first'), 'oncall_check', said);
    const period = args.period as { from: string; to: string };
    assert.deepEqual([period.from, period.to], ['2026-11-30', '2026-12-06'], said);
  }
});

test('the N whole weeks before this one', () => {
  const zhCount = ['两', '三', '四', '2', '3', '4'];
  const zhForms = [
    (n: string) => `前${n}周（不算本周）`,
    (n: string) => `前${n}个星期，不含本周，`,
    (n: string) => `前${n}周(不包括这周)`,
    (n: string) => `本周之前的${n}周`,
    (n: string) => `这周以前的${n}个礼拜`,
  ];
  const enCount = ['two', 'three', 'four', '2', '3', '4'];
  const enForms = [
    (n: string) => `the ${n} weeks before this one`,
    (n: string) => `the ${n} full weeks before this week`,
    (n: string) => `last ${n} full weeks`,
    (n: string) => `the past ${n} whole weeks`,
    (n: string) => `the previous ${n} complete weeks`,
  ];
  let checked = 0;
  for (const clock of ALL_CLOCKS) {
    const thisMonday = monday(TODAY[clock]);
    for (const [counts, forms, metrics, ask] of [
      [zhCount, zhForms, ZH_METRICS, (p: string, line: string, metric: string) => `${p}${line}线${metric}`],
      [enCount, enForms, EN_METRICS, (p: string, line: string, metric: string) => `${p}, line ${line} ${metric}`],
    ] as const)
      for (const [index, count] of counts.entries())
        for (const form of forms)
          for (const line of LINES) {
            const weeks = (index % 3) + 2;
            const expected: [string, string] = [addDays(thisMonday, -7 * weeks), addDays(thisMonday, -1)];
            assertMetrics(ask(form(count), line, metrics[index % 4]!), clock, { line, period: expected });
            checked++;
          }
  }
  assert.ok(checked >= 900, `${checked} checked`);
  // 前三周 alone (the first three weeks, or the three before?) stays unread
  for (const question of ['前三周B线良率', '前两周A线产量']) assertNotAnswered(question);
});

test('Black Friday, Buß- und Bettag and the week the year turns in; a festival is no person', () => {
  let checked = 0;
  const days = [
    [['Black Friday', 'black friday', '黑色星期五', '黑五'], '2026-11-27'],
    [['Buß- und Bettag', 'Buss- und Bettag', 'Day of Prayer and Repentance', '忏悔祈祷日'], '2026-11-18'],
    [['Mid-Autumn Festival', 'the Mid-Autumn Festival day', 'Dragon Boat Festival'], undefined],
  ] as const;
  for (const [names, date] of days)
    for (const name of names)
      for (const line of LINES)
        for (const [metric, zhMetric] of EN_METRICS.map((metric, index) => [metric, ZH_METRICS[index]!] as const)) {
          const question = /[\u4e00-\u9fff]/.test(name)
            ? `${name}那天${line}线${zhMetric}`
            : `line ${line} ${metric} on ${name}`;
          const args = skillArgs(route(question, 'sun'), 'quality_metrics', question);
          const period = args.period as { from: string; to: string };
          assert.ok(period, `${question}: ${JSON.stringify(args)}`);
          if (date) assert.deepEqual([period.from, period.to], [date, date], question);
          assert.deepEqual(args.lines, [line], question);
          checked++;
        }
  // 跨年那周: the Monday–Sunday week that holds New Year's Eve
  for (const said of ['跨年那周', '跨年那一周', '跨年那个星期', '跨年所在的那周'])
    for (const line of LINES)
      for (const metric of ZH_METRICS) {
        assertMetrics(`${said}${line}线${metric}`, 'jan', { line, period: ['2026-12-28', '2027-01-03'] });
        checked++;
      }
  assert.ok(checked >= 150, `${checked} checked`);
  // a person's name still is one; 跨年 as a day (12-31 or 01-01?) is not read
  assertNotAnswered('line B output on Thanksgiving, Tom Baker asked');
  assertNotAnswered('跨年那天A线产量', 'jan');
});

test('a line after "how did", and the N worst batches said in Chinese', () => {
  let checked = 0;
  for (const clock of ALL_CLOCKS)
    for (const line of LINES)
      for (const [period, [from, to]] of [
        ['yesterday', [addDays(TODAY[clock], -1), addDays(TODAY[clock], -1)]],
        ['last week', [addDays(monday(TODAY[clock]), -7), addDays(monday(TODAY[clock]), -1)]],
      ] as const)
        for (const ask of [`how did ${line} do ${period}`, `so how did ${line} do ${period}?`]) {
          assertMetrics(ask, clock, { line, period: [from, to] });
          checked++;
        }
  // a letter the plant has no line for is not dropped
  for (const letter of ['E', 'F', 'K']) assertNotAnswered(`how did ${letter} do yesterday`);
  const counts = [
    ['两', 2],
    ['三', 3],
    ['五', 5],
    ['3', 3],
    ['10', 10],
  ] as const;
  for (const [said, top] of counts)
    for (const line of LINES)
      for (const [rankWord, rank] of [
        ['最差的', 'worst'],
        ['最好的', 'best'],
        ['不良率最高的', 'worst'],
      ] as const)
        for (const period of ['上周', '本周', '昨天']) {
          const question = `${line}线${period}${rankWord}${said}个批次`;
          const args = skillArgs(route(question, 'sun'), 'quality_breakdown', question);
          assert.equal(args.by, 'batch', question);
          assert.equal(args.top, top, question);
          assert.equal(args.rank, rank, question);
          assert.deepEqual(args.lines, [line], question);
          checked++;
        }
  assert.ok(checked >= 200, `${checked} checked`);
});

test('defect kinds said as the shop floor says them: 毛边, 批锋, 划花, 刮花, 磕伤, 裂痕, burred, dinged', () => {
  const words = [
    ['毛边', 'burr'],
    ['批锋', 'burr'],
    ['划花', 'scratch'],
    ['刮花', 'scratch'],
    ['擦花', 'scratch'],
    ['磕伤', 'dent'],
    ['碰凹', 'dent'],
    ['裂痕', 'crack'],
    ['裂口', 'crack'],
    ['burred parts', 'burr'],
    ['dinged parts', 'dent'],
  ] as const;
  let checked = 0;
  for (const [word, key] of words)
    for (const line of LINES)
      for (const [zhPeriod, enPeriod] of [
        ['上周', 'last week'],
        ['本月', 'this month'],
        ['昨天', 'yesterday'],
      ] as const) {
        const question = /[\u4e00-\u9fff]/.test(word)
          ? [
              `${line}线${zhPeriod}${word}多少件`,
              `${zhPeriod}${line}线${word}的占比`,
              `${line}线${word}的多唔多，${zhPeriod}`,
            ]
          : [`${word} on ${line} ${enPeriod}`, `how many ${word} on line ${line} ${enPeriod}`];
        for (const asked of question) {
          const args = skillArgs(route(asked, 'sun'), 'quality_metrics', asked);
          assert.ok(defectKeysOf(String(args.defect_type)).includes(key), `${asked}: ${JSON.stringify(args)}`);
          assert.deepEqual(args.lines, [line], asked);
          checked++;
        }
      }
  assert.ok(checked >= 250, `${checked} checked`);
});

test('a yes-no question said A-not-A (高不高, 多唔多, 是不是) carries no qualifier', () => {
  let checked = 0;
  for (const line of LINES)
    for (const [period, from, to] of [
      ['上周', '2026-11-16', '2026-11-22'],
      ['昨天', '2026-11-28', '2026-11-28'],
      ['本周', '2026-11-23', '2026-11-29'],
    ] as const)
      for (const metric of ZH_METRICS)
        for (const asked of [
          `${line}线${period}${metric}高不高`,
          `${line}线${period}的${metric}是不是正常`,
          `${period}${line}线${metric}正不正常`,
          `${line}线${period}${metric}好唔好`,
          `${line}线${period}${metric}低不低啊`,
        ]) {
          assertMetrics(asked, 'sun', { line, period: [from, to] });
          checked++;
        }
  assert.ok(checked >= 200, `${checked} checked`);
  // a target the data does not hold (达标, 合格 against what?) stays unread
  for (const question of ['A线上周良率达不达标', 'B线昨天不良率合不合格']) assertNotAnswered(question);
});

test('machines in maintenance (在维修), faulted, last serviced, the machines rundown', () => {
  let checked = 0;
  for (const said of ['在维修', '在保养', '正在检修', '在修'])
    for (const asked of [`现在哪几台${said}`, `哪些设备${said}`, `目前有几台机器${said}`]) {
      const args = skillArgs(route(asked), 'equipment_status', asked);
      assert.equal(args.status, 'maintenance', asked);
      checked++;
    }
  const machines = [
    ['camera 1 on B', 'B-CAM-01'],
    ['press 3', 'B-PRESS-03'],
    ['CNC 1 on line D', 'D-CNC-01'],
    ['robot 1 on D', 'D-ROBOT-01'],
    ['welder 1 on A', 'A-WELD-01'],
  ] as const;
  for (const [machine, id] of machines)
    for (const asked of [`when was ${machine} last serviced`, `${machine} — still faulted?`, `is ${machine} faulted`]) {
      const args = skillArgs(route(asked), 'equipment_status', asked);
      assert.equal(args.equipment, id, asked);
      checked++;
    }
  for (const line of LINES)
    for (const asked of [`line ${line} machines rundown`, `line ${line} equipment run-down`]) {
      const args = skillArgs(route(asked), 'equipment_status', asked);
      assert.equal(args.line, line, asked);
      checked++;
    }
  assert.ok(checked >= 35, `${checked} checked`);
});

test('put through, topped, stack up against, what drove it up, 挑出来的次品, 涨了还是跌了', () => {
  let checked = 0;
  for (const clock of ALL_CLOCKS)
    for (const line of LINES) {
      const today = TODAY[clock];
      const lastWeek: [string, string] = [addDays(monday(today), -7), addDays(monday(today), -1)];
      const before: [string, string] = [addDays(monday(today), -14), addDays(monday(today), -8)];
      for (const asked of [
        `how many pcs did line ${line} put through last week`,
        `what did ${line} put through last week`,
      ]) {
        assertMetrics(asked, clock, { line, period: lastWeek });
        checked++;
      }
      for (const asked of [
        `how does last week stack up against the week before for line ${line}`,
        `line ${line}: last week stacks up to the week before how?`,
        `上周跟上上周比，${line}线产量涨了还是跌了`,
        `${line}线上周不良率比上上周跌了多少`,
      ]) {
        const args = skillArgs(route(asked, clock), 'quality_compare', asked);
        assert.equal(args.mode, 'previous', asked);
        assert.deepEqual(args.lines, [line], asked);
        const period = args.period as { from: string; to: string };
        const previous = args.previous as { from: string; to: string };
        assert.deepEqual([period.from, period.to, previous.from, previous.to], [...lastWeek, ...before], asked);
        checked++;
      }
      for (const asked of [
        `what drove line ${line}'s defects up last week?`,
        `what's driving the defect rate on ${line} last week`,
        `what is driving line ${line}'s rejects last week`,
      ]) {
        const args = skillArgs(route(asked, clock), 'quality_compare', asked);
        assert.equal(args.mode, 'why', asked);
        assert.deepEqual(args.lines, [line], asked);
        checked++;
      }
    }
  for (const [metric, rank] of [
    ['output', 'best'],
    ['yield', 'best'],
    ['defect rate', 'worst'],
  ] as const)
    for (const period of ['last week', 'in November', 'yesterday']) {
      const asked = `which line topped ${metric} ${period}`;
      const args = skillArgs(route(asked), 'quality_metrics', asked);
      assert.equal(args.rank, rank, asked);
      checked++;
    }
  for (const period of ['这礼拜', '上周', '本月'])
    for (const asked of [`哪个检验员挑出来的次品最多，${period}`, `${period}哪位检验员挑出的不良最多`]) {
      const args = skillArgs(route(asked), 'quality_breakdown', asked);
      assert.equal(args.by, 'inspector', asked);
      assert.equal(args.rank, 'worst', asked);
      checked++;
    }
  assert.ok(checked >= 150, `${checked} checked`);
});
