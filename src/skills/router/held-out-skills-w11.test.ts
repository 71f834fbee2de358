/**
 * The skills' vocabulary the ninth held-out batch's intents did not read (W11, corpus/fresh-round3i.txt), each a
 * word class tested on phrasings generated here from parts (clocks, names, periods, numbers), not on the batch's
 * own lines:
 * - the orders an engineer holds now (手上, 手里, 还有, 现在有, on hand) are the open ones, never every order;
 * - 关单 asked of whom or how many is the orders closed; said as a request it stays an action, declined;
 * - what someone handled (处理了, handled) is the orders they closed, on the days they were closed;
 * - priorities said together with 开着 / 没关 ("P0 P1 一共还有几个开着") are those priorities' open orders;
 * - a festival asked of a day (是不是节日, 是啥节), the days off asked (有什么假, 几号放), 算…不, a weekday cut short
 *   (Fri, Tues) are the calendar's question; several periods where one holds the others: the widest;
 * - the date asked twice over (几号 星期几) and an aside after the stop (phone died) are the date;
 * - a ratio asked as a percentage (as a percent, 是百分之多少, X out of Y as a %) is the calculator's, times 100;
 * - a percent threshold on a rate (above 2%, 超过3%, under 99%, did NOT hit 98%, 98%以上) names the lines past it;
 * - which day was worst or best (哪天最差, which day was the worst) ranks the days.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { plantNamesFrom } from './entities.js';
import { CLOCKS, PLANT_EQUIPMENT, PRODUCT_NAMES, argsOf, routerOver, utcDates } from './testing.js';
import { arithmeticOf } from '../code/calculator/routing.js';
import { fakeTools, LINES, rows, runSkill, sqlOf } from '../code/shared/testing.js';
import { qualityMetrics } from '../code/quality_metrics/skill.js';

const ENGINEERS = [
  { said: '佐藤', value: '佐藤健 (Ken Sato)' },
  { said: '王磊', value: '王磊' },
  { said: 'Priya', value: 'Priya Sharma' },
  { said: 'Lukas', value: 'Lukas Müller' },
];
const NAMES = plantNamesFrom({
  people: [
    { engineer: '王磊', login: 'wanglei' },
    { engineer: '佐藤健 (Ken Sato)', login: 'ksato' },
    { engineer: 'Priya Sharma', login: 'psharma' },
    { engineer: 'Lukas Müller', login: 'lmueller' },
  ],
  productNames: PRODUCT_NAMES,
  batches: [],
});
const route = routerOver({ equipment: PLANT_EQUIPMENT, names: NAMES });
type ClockName = keyof typeof CLOCKS;
const CLOCK_NAMES = Object.keys(CLOCKS) as ClockName[];

/** independent date arithmetic (testing.ts utcDates): UTC dates, ISO strings */
const { addDays: plusDays, weekday: weekdayOf, monday: mondayOf } = utcDates;
const todayOf = (clock: ClockName): string => CLOCKS[clock].slice(0, 10);
const monthStart = (text: string): string => `${text.slice(0, 7)}-01`;
const monthEnd = (text: string): string => plusDays(monthStart(plusDays(monthStart(text), 32)), -1);
const previousMonth = (text: string): { from: string; to: string } => {
  const to = plusDays(monthStart(text), -1);
  return { from: monthStart(to), to };
};
const nextMonth = (text: string): { from: string; to: string } => {
  const from = monthStart(plusDays(monthStart(text), 32));
  return { from, to: monthEnd(from) };
};
const lastWeek = (text: string): { from: string; to: string } => {
  const from = plusDays(mondayOf(text), -7);
  return { from, to: plusDays(from, 6) };
};

function skillOf(decision: RouteDecision): string | undefined {
  return decision.kind === 'skill' ? decision.skill : undefined;
}
function declinedFor(decision: RouteDecision): string[] {
  if (decision.kind !== 'none') return [];
  return (decision.unhonoured ?? []).map((entry) => entry.dimension);
}
function periodArg(args: Record<string, unknown>): string {
  const period = args.period as { from: string; to: string } | undefined;
  return period ? `${period.from}..${period.to}` : '';
}

test('the orders an engineer holds now are the open ones (every clock)', () => {
  const zh = [
    (name: string) => `${name}现在手上有几个单`,
    (name: string) => `${name}手里还有几张单`,
    (name: string) => `${name}手头有多少工单`,
    (name: string) => `${name}还有几个单`,
    (name: string) => `${name}现在有几张工单`,
    (name: string) => `${name}目前手上有几个工单`,
  ];
  const en = [
    (name: string) => `how many tickets does ${name} have on hand`,
    (name: string) => `how many work orders does ${name} still have`,
    (name: string) => `how many tickets does ${name} have right now`,
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES)
    for (const { said, value } of ENGINEERS)
      for (const phrase of [...zh, ...(/[a-z]/i.test(said) ? en : [])]) {
        const question = phrase(said);
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'work_orders');
        assert.equal(args.assignee, value, question);
        assert.equal(args.status, 'open', `${clock}: ${question}`);
        checked += 1;
      }
  assert.ok(checked > 100, String(checked));
  // the closed ones asked of those on hand: closed; every order ever assigned: no status
  for (const { said } of ENGINEERS) {
    assert.equal(argsOf(route(`${said}手上的单关了几张`), said, 'work_orders').status, 'closed');
    assert.equal(argsOf(route(`${said}名下有多少工单`), said, 'work_orders').status, undefined);
  }
});

test('关单 asked of whom or how many counts the closed orders; as a request it is an action', () => {
  const periods: Array<[string, (today: string) => { from: string; to: string }]> = [
    ['这个月', (today) => ({ from: monthStart(today), to: today })],
    ['本月', (today) => ({ from: monthStart(today), to: today })],
    ['上个月', previousMonth],
    ['上周', lastWeek],
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES)
    for (const [said, expected] of periods) {
      const { from, to } = expected(todayOf(clock));
      for (const question of [`${said}谁关单最多`, `${said}关单最多的是谁`, `${said}谁关的单最多`]) {
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'work_orders');
        assert.equal(args.by, 'assignee', question);
        assert.equal(args.status, 'closed', question);
        assert.equal(args.dated_by, 'closed', question);
        assert.equal(periodArg(args), `${from}..${to}`, `${clock}: ${question}`);
        checked += 1;
      }
      for (const { said: name, value } of ENGINEERS) {
        const question = `${name}${said}关了几张单`;
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'work_orders');
        assert.deepEqual([args.assignee, args.status, periodArg(args)], [value, 'closed', `${from}..${to}`]);
        checked += 1;
      }
    }
  assert.ok(checked > 60, String(checked));
  for (const request of ['帮我关单', '关单 3012', '帮我把3012的单关了', '麻烦关单', '请帮我关单3012']) {
    const decision = route(request);
    assert.equal(decision.kind, 'none', `${request}: ${JSON.stringify(decision)}`);
    assert.ok(declinedFor(decision).includes('action') || !('unhonoured' in decision), request);
  }
});

test('what an engineer handled is the orders closed, on the days they were closed', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const previous = previousMonth(todayOf(clock));
    const week = lastWeek(todayOf(clock));
    for (const { said, value } of ENGINEERS)
      for (const [question, period] of [
        [`${said} 上个月处理了多少工单`, previous],
        [`${said}上周处理过几张单`, week],
        ...(/[a-z]/i.test(said)
          ? ([
              [`how many tickets did ${said} handle last month`, previous],
              [`work orders handled by ${said} last week`, week],
            ] as const)
          : []),
      ] as const) {
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'work_orders');
        assert.equal(args.assignee, value, question);
        assert.equal(args.status, 'closed', `${clock}: ${question}`);
        assert.equal(args.dated_by, 'closed', question);
        assert.equal(periodArg(args), `${period.from}..${period.to}`, `${clock}: ${question}`);
        checked += 1;
      }
  }
  assert.ok(checked > 40, String(checked));
  // still to handle: open
  assert.equal(argsOf(route('待处理的工单有几张'), '待处理', 'work_orders').status, 'open');
});

test('priorities said with 开着 / 没关 are their open orders', () => {
  const all = ['P0', 'P1', 'P2', 'P3'];
  const subsets: string[][] = [];
  for (let mask = 1; mask < 16; mask += 1) subsets.push(all.filter((_, index) => (mask >> index) & 1));
  let checked = 0;
  for (const subset of subsets)
    for (const join of [' ', '和', '、', ','])
      for (const tail of ['一共还有几个开着', '还有几个没关', '还开着几个', '还有多少没关的']) {
        const question = `${subset.join(join)} ${tail}`;
        const args = argsOf(route(question), question, 'work_orders');
        assert.deepEqual(args.priorities, subset, question);
        assert.equal(args.status, 'open', question);
        checked += 1;
      }
  assert.ok(checked > 200, String(checked));
});

test('the recent orders of a machine are its orders, newest first', () => {
  for (const [said, id] of [
    ['3号冲床', 'B-PRESS-03'],
    ['3号冲压机', 'B-PRESS-03'],
    ['1号焊接机', 'A-WELD-01'],
    ['1号机械臂', 'D-ROBOT-01'],
  ])
    for (const question of [`${said}最近的工单拉一下`, `${said}最近的维修单`, `${said}最新的工单`]) {
      const args = argsOf(route(question), question, 'work_orders');
      assert.equal(args.equipment, id, question);
      assert.equal(args.period, undefined, question);
    }
});

/** a month/day without a year, asked of a calendar: the last one if within half a year, else the coming one */
function calendarDay(today: string, month: number, day: number): string {
  const thisYear = `${today.slice(0, 4)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const last = thisYear <= today ? thisYear : `${Number(today.slice(0, 4)) - 1}${thisYear.slice(4)}`;
  const ago = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${last}T00:00:00Z`)) / 86_400_000;
  return ago <= 182 ? last : `${Number(last.slice(0, 4)) + 1}${last.slice(4)}`;
}

test('a festival asked of a day, in a country, is the calendar of that day (every clock)', () => {
  const countries: Array<[string, string]> = [
    ['印度', 'IN'],
    ['日本', 'JP'],
    ['美国', 'US'],
    ['德国', 'DE'],
    ['意大利', 'IT'],
  ];
  const days: Array<[number, number]> = [
    [1, 26],
    [11, 23],
    [12, 8],
    [10, 3],
    [5, 1],
    [2, 11],
  ];
  const phrasings = [
    (country: string, date: string) => `${country}${date}是不是节日`,
    (country: string, date: string) => `${country}${date}是啥节`,
    (country: string, date: string) => `${country}${date}是什么节`,
    (country: string, date: string) => `${country}${date}算节假日不`,
    (country: string, date: string) => `${date}${country}是不是节日`,
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES)
    for (const [country, code] of countries)
      for (const [month, day] of days)
        for (const phrase of phrasings) {
          const question = phrase(country, `${month}月${day}号`);
          const args = argsOf(route(question, clock), `${clock}: ${question}`, 'public_holidays');
          assert.equal(args.country, code, question);
          assert.equal(args.date, calendarDay(todayOf(clock), month, day), `${clock}: ${question}`);
          checked += 1;
        }
  assert.ok(checked > 500, String(checked));
  // 算…不 of today, the days off of next month
  for (const clock of CLOCK_NAMES) {
    for (const question of ['今天算节假日不', '今天算不算节假日', '今天算假期吗'])
      assert.equal(argsOf(route(question, clock), question, 'public_holidays').date, todayOf(clock), question);
    const { from, to } = nextMonth(todayOf(clock));
    for (const question of ['下个月有什么假', '下个月有啥假', '下个月有哪些假'])
      assert.equal(periodArg(argsOf(route(question, clock), question, 'public_holidays')), `${from}..${to}`);
  }
  // 什么节 of a line's rhythm is no festival
  assert.notEqual(skillOf(route('A线这是什么节拍')), 'public_holidays');
});

test('a weekday cut short is the last such day (every clock, holidays and figures)', () => {
  const shorts: Array<[string, number]> = [
    ['tue', 2],
    ['tues', 2],
    // (wed alone is a word too — "wed to the old fixture": only "on wed" is the day, as held-out-periods-w11 tests)
    ['thu', 4],
    ['thur', 4],
    ['thurs', 4],
    ['fri', 5],
    ['Fri', 5],
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (const [said, weekday] of shorts) {
      const expected = plusDays(today, -((weekdayOf(today) - weekday + 7) % 7));
      const holiday = `was ${said} a holiday in the US?`;
      const args = argsOf(route(holiday, clock), `${clock}: ${holiday}`, 'public_holidays');
      assert.deepEqual([args.country, args.date], ['US', expected], `${clock}: ${holiday}`);
      const figure = `line B output on ${said}`;
      assert.equal(periodArg(argsOf(route(figure, clock), figure, 'quality_metrics')), `${expected}..${expected}`);
      checked += 2;
    }
  }
  assert.ok(checked >= 56);
  // the day after thanksgiving is its US holiday, said beside the weekday or alone
  for (const question of [
    'was Fri a holiday in the US? (day after thanksgiving)',
    'is the day after thanksgiving a holiday in the US',
  ])
    assert.equal(argsOf(route(question, 'sun'), question, 'public_holidays').date, '2026-11-27', question);
});

test('several periods where one holds the others: the holidays of the widest', () => {
  const decision = route('下个月有什么假 春节几号放', 'jan');
  assert.equal(periodArg(argsOf(decision, 'jan', 'public_holidays')), '2027-02-01..2027-02-28');
  // two that do not nest: which is asked is asked back
  for (const question of ['下周和下个月有什么假', '春节和国庆放几天']) {
    const asked = route(question, 'jan');
    assert.ok(asked.kind === 'skill' && asked.missing.length > 0, `${question}: ${JSON.stringify(asked)}`);
  }
});

test('the date asked twice over, or with an aside after the stop, is the date', () => {
  const asks = ['几号', '星期几', '周几', '礼拜几', '几点', '几月几号'];
  const joins = [' ', '，', '、', '和', ' 还有'];
  let checked = 0;
  for (const first of asks)
    for (const second of asks)
      for (const join of joins) {
        if (first === second) continue;
        for (const question of [`今天${first}${join}${second}`, `${first}了${join}${second}`]) {
          assert.equal(skillOf(route(question)), 'current_datetime', question);
          checked += 1;
        }
      }
  for (const ask of ["what's today's date", 'what day is it today', 'what time is it'])
    for (const aside of ['? phone died lol', '? my phone is dead', '... lol', ', sorry', '? battery dead']) {
      assert.equal(skillOf(route(`${ask}${aside}`)), 'current_datetime', ask + aside);
      checked += 1;
    }
  for (const aside of ['？手机没电了', '，我手机关机了', '？手表坏了']) {
    assert.equal(skillOf(route(`今天几号${aside}`)), 'current_datetime', aside);
    checked += 1;
  }
  assert.ok(checked > 300, String(checked));
  // a figure asked beside the date is no date question
  assert.equal(skillOf(route('今天几号 A线产量')), 'quality_metrics');
});

test('a ratio asked as a percentage is the calculator, times 100 (independent arithmetic)', () => {
  const pairs = [
    [12, 480],
    [37, 1520],
    [3, 8],
    [59, 4800],
    [1.5, 60],
    [250, 1000],
  ] as const;
  const phrasings = [
    (a: number, b: number) => `what's ${a}/${b} as a percent`,
    (a: number, b: number) => `${a}/${b} as a percentage?`,
    (a: number, b: number) => `${a} out of ${b} as a %`,
    (a: number, b: number) => `what is ${a} out of ${b} as a percentage`,
    (a: number, b: number) => `${a}/${b} in percent`,
    (a: number, b: number) => `${a}除以${b}是百分之多少`,
    (a: number, b: number) => `${a}占${b}的百分之几`,
    (a: number, b: number) => `${a}是${b}的百分之多少`,
    (a: number, b: number) => `${a}除以${b}的百分比`,
  ];
  let checked = 0;
  for (const [a, b] of pairs)
    for (const phrase of phrasings) {
      const question = phrase(a, b);
      const args = argsOf(route(question), question, 'calculator');
      const expression = String(args.expression);
      assert.match(expression, /^[\d.+\-*/() ]+$/, question);
      // the expression's value, by the arithmetic a test may do: a percentage of a over b
      const value = Function(`"use strict"; return (${expression});`)() as number;
      assert.ok(Math.abs(value - (a / b) * 100) < 1e-9, `${question}: ${expression}`);
      checked += 1;
    }
  assert.ok(checked >= 54);
  // a percentage of a number is still that, not a ratio
  assert.equal(arithmeticOf("what's 5% of 200"), '5/100*200');
  // a rate of a line asked in percent is no arithmetic
  assert.notEqual(skillOf(route('B线不良率是百分之多少')), 'calculator');
});

test('a percent threshold on a rate names the lines past it (every clock, both languages)', () => {
  const values = [2, 3, 0.5, 1.5, 98, 99, 97.5];
  const en: Array<[(v: number, m: string) => string, string]> = [
    [(v, m) => `lines above ${v}% ${m} last week?`, 'above'],
    [(v, m) => `any line over ${v}% ${m} last week`, 'above'],
    [(v, m) => `which lines exceeded ${v}% ${m} last week`, 'above'],
    [(v, m) => `any line under ${v}% ${m} last week`, 'below'],
    [(v, m) => `lines below ${v}% ${m} last week`, 'below'],
    [(v, m) => `which lines did NOT hit ${v}% ${m} last week`, 'below'],
    [(v, m) => `which lines had at least ${v}% ${m} last week`, 'at_least'],
  ];
  const zh: Array<[(v: number, m: string) => string, string]> = [
    [(v, m) => `上周有哪条线${m}超过${v}%的吗`, 'above'],
    [(v, m) => `上周${m}高于${v}%的线`, 'above'],
    [(v, m) => `上周哪条线${m}低于${v}%`, 'below'],
    [(v, m) => `上周哪几条线${m}没达到${v}%`, 'below'],
    [(v, m) => `上周哪几条线${m}没超过${v}%`, 'at_most'],
    [(v, m) => `上周${m}${v}%以上的线`, 'at_least'],
    [(v, m) => `上周${m}不超过${v}%的线有哪些`, 'at_most'],
  ];
  const metrics: Array<[string, string, string]> = [
    ['defect rate', '不良率', 'defect_rate'],
    ['yield', '良率', 'yield'],
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const week = lastWeek(todayOf(clock));
    for (const value of values)
      for (const [enMetric, zhMetric, measure] of metrics)
        for (const [phrases, metric] of [
          [en, enMetric],
          [zh, zhMetric],
        ] as const)
          for (const [phrase, op] of phrases) {
            const question = phrase(value, metric);
            const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
            assert.deepEqual(args.threshold, { measure, op, value }, `${clock}: ${question}`);
            assert.deepEqual(args.lines, [], question);
            assert.deepEqual(args.metrics, [measure], question);
            assert.equal(periodArg(args), `${week.from}..${week.to}`, `${clock}: ${question}`);
            checked += 1;
          }
  }
  assert.ok(checked > 400, String(checked));
  // a bar asked of a day, of one line
  const day = argsOf(route('any line under 99% yield on 2026-11-28'), 'day', 'quality_metrics');
  assert.deepEqual(
    [day.threshold, periodArg(day)],
    [{ measure: 'yield', op: 'below', value: 99 }, '2026-11-28..2026-11-28'],
  );
  const one = argsOf(route('B线上周良率有没有达到98%'), 'B', 'quality_metrics');
  assert.deepEqual([one.lines, one.threshold], [['B'], { measure: 'yield', op: 'at_least', value: 98 }]);
  // a bar on a count, or a selection by absence with no bar: never answered without it
  for (const question of [
    'lines with output above 5000 last week',
    '哪几条线没达标',
    'which engineers have no open tickets',
  ])
    assert.equal(route(question).kind, 'none', question);
});

test('which day was worst or best ranks the days (every clock)', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const week = lastWeek(todayOf(clock));
    for (const [line, zhLine, enLine] of [
      [undefined, '全厂的', ''],
      ['A', 'A线', ' for line A'],
      ['D', 'D线', ' on line D'],
    ] as const) {
      const cases: Array<[string, 'worst' | 'best', string]> = [
        [line ? `上周${zhLine}哪天最差` : `上周哪天最差 ${zhLine}`, 'worst', 'defect_rate'],
        [`上周${line ? zhLine : ''}哪天不良率最高`, 'worst', 'defect_rate'],
        [`上周${line ? zhLine : ''}哪天良率最高`, 'best', 'yield'],
        [`上周${line ? zhLine : ''}哪一天最好`, 'best', 'defect_rate'],
        [`which day last week was the worst${enLine}`, 'worst', 'defect_rate'],
        [`which day last week had the lowest yield${enLine}`, 'worst', 'yield'],
        [`which day was the best last week${enLine}`, 'best', 'defect_rate'],
      ];
      for (const [question, rank, measure] of cases) {
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
        assert.equal(args.day_rank, rank, question);
        assert.equal(args.by_day, true, question);
        assert.deepEqual(args.lines, line ? [line] : [], question);
        assert.deepEqual(args.metrics, [measure], question);
        assert.equal(args.rank, undefined, question);
        assert.equal(periodArg(args), `${week.from}..${week.to}`, `${clock}: ${question}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 84);
});

/** a fake plant whose lines have these counts, and these per-day counts */
function plant(
  totals: Array<[string, number, number]>,
  days: Array<[string, string, number, number]> = [],
): ReturnType<typeof fakeTools> {
  return fakeTools((request) => {
    const sql = sqlOf(request);
    if (sql.includes('FROM production_lines')) return LINES;
    if (sql.includes('MIN(record_date)')) return rows(['first_date', 'last_date'], [['2025-10-26', '2026-11-29']]);
    if (sql.includes('GROUP BY record_date, line_id'))
      return rows(['record_date', 'line_id', 'inspected', 'defective'], days);
    if (sql.includes('GROUP BY line_id'))
      return rows(
        ['line_id', 'inspected', 'defective', 'batches'],
        totals.map(([line, inspected, defective]) => [line, inspected, defective, 5]),
      );
    throw new Error(`unexpected SQL: ${sql}`);
  });
}

/** a small deterministic generator: the same figures on every run */
function figuresFrom(seed: number): Array<[string, number, number]> {
  let state = seed;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return ['A', 'B', 'C', 'D'].map((line) => {
    const inspected = 500 + Math.floor(next() * 9000);
    return [line, inspected, Math.floor(next() * inspected * 0.05)];
  });
}

test('the skill names the lines past the bar, as independent arithmetic finds them', async () => {
  const period = { from: '2026-11-16', to: '2026-11-22', label: 'last week' };
  let checked = 0;
  for (let seed = 1; seed <= 12; seed += 1) {
    const totals = figuresFrom(seed);
    for (const [measure, value] of [
      ['defect_rate', 2],
      ['defect_rate', 3],
      ['yield', 98],
      ['yield', 97.5],
    ] as const)
      for (const op of ['above', 'below', 'at_least', 'at_most'] as const) {
        const { result } = await runSkill({
          skill: qualityMetrics,
          args: { lines: [], period, metrics: [measure], threshold: { measure, op, value } },
          tools: plant(totals),
        });
        const figure = ([, inspected, defective]: [string, number, number]): number =>
          ((measure === 'yield' ? inspected - defective : defective) / inspected) * 100;
        const passes = (x: number): boolean =>
          op === 'above' ? x > value : op === 'below' ? x < value : op === 'at_least' ? x >= value : x <= value;
        const expected = totals.filter((line) => passes(figure(line))).map(([line]) => line);
        const data = result.data as { threshold: { lines: string[] } };
        assert.deepEqual(data.threshold.lines, expected, `seed ${seed} ${measure} ${op} ${value}`);
        const first = result.answer.split('\n\n')[0]!;
        if (expected.length === 0) assert.match(first, /^No line had /, first);
        else for (const line of expected) assert.match(first, new RegExp(`Line ${line}`), first);
        assert.match(first, new RegExp(`${value}%`), first);
        checked += 1;
      }
  }
  assert.equal(checked, 192);
});

test('the skill names the worst and best day of the lines asked, summed per day', async () => {
  const period = { from: '2026-11-16', to: '2026-11-22', label: 'last week' };
  const dates = Array.from({ length: 7 }, (_, index) => plusDays('2026-11-16', index));
  for (let seed = 1; seed <= 10; seed += 1) {
    const days: Array<[string, string, number, number]> = [];
    for (const [index, date] of dates.entries())
      for (const [line, inspected, defective] of figuresFrom(seed * 10 + index))
        days.push([date, line, inspected, defective]);
    const totals = figuresFrom(seed);
    for (const rank of ['worst', 'best'] as const) {
      const { result } = await runSkill({
        skill: qualityMetrics,
        args: { lines: [], period, metrics: ['defect_rate'], by_day: true, day_rank: rank },
        tools: plant(totals, days),
      });
      const rate = (date: string): number => {
        const of = days.filter((row) => row[0] === date);
        return of.reduce((sum, row) => sum + row[3], 0) / of.reduce((sum, row) => sum + row[2], 0);
      };
      const sorted = [...dates].sort((a, b) => (rank === 'worst' ? rate(b) - rate(a) : rate(a) - rate(b)));
      const first = result.answer.split('\n\n')[0]!;
      assert.match(first, new RegExp(`^${rank === 'worst' ? 'Worst' : 'Best'} day`), first);
      assert.ok(first.includes(`**${sorted[0]!}`), `${seed} ${rank}: ${first} (${sorted[0]})`);
      assert.ok(!first.includes(`**${sorted[6]!}`), `${seed} ${rank}: ${first}`);
    }
  }
});
