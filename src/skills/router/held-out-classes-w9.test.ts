/**
 * The classes of the seventh held-out batch's wrong answers (W9, corpus/fresh-round3g.txt), each a rule of the
 * language layer tested on phrasings generated here from parts (clocks, weekdays, weeks, words), not on the batch's
 * own lines:
 * - the rota reads every word or reports it: a week or a day it cannot read is never answered as today's on-call;
 * - maintenance due by a weekday said alone is due by the coming one;
 * - a day of the month said alone, asked of a calendar, is the nearer of the last one and the coming one;
 * - a week and the days of it ("2 weeks ago, monday to friday", 上周 周一到周五) are those days of that week;
 * - 这条线 with no line named asks which line;
 * - who fixed the most orders counts the orders closed, on the days they were closed;
 * - ", and <a question of its own>" ends a part: both parts are answered;
 * - a part of a machine said with the symptom (液压站, bearing, die) is kept in what is searched;
 * - a shift said again in other words ("middle shift (swing shift)") is one shift;
 * - opening a ticket, paging someone (呼一下) and printing are actions, declined.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLOCKS, PLANT_EQUIPMENT, argsOf, periodOf, routerOver } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT });
type ClockName = keyof typeof CLOCKS;
const CLOCK_NAMES = Object.keys(CLOCKS) as ClockName[];

/** independent date arithmetic: UTC dates, ISO strings */
const iso = (date: Date): string => date.toISOString().slice(0, 10);
const utc = (text: string): Date => new Date(`${text}T00:00:00Z`);
const plusDays = (text: string, days: number): string => iso(new Date(utc(text).getTime() + days * 86_400_000));
const isoWeekday = (text: string): number => ((utc(text).getUTCDay() + 6) % 7) + 1;
const mondayOf = (text: string): string => plusDays(text, 1 - isoWeekday(text));
const todayOf = (clock: ClockName): string => CLOCKS[clock].slice(0, 10);
const daysApart = (a: string, b: string): number => Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000);

const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAYS_ZH = ['一', '二', '三', '四', '五', '六', '日'];

test('the rota reports a word it cannot read, never answering with today', () => {
  for (const unknown of ['xyzzy', 'W99x', 'blorp day', 'qqq week'])
    for (const question of [`${unknown} rota`, `who is on call ${unknown}`, `on-call engineer for ${unknown}?`]) {
      const decision = route(question);
      assert.equal(decision.kind, 'none', `${question}: ${JSON.stringify(decision)}`);
    }
  // its own words stay answered: the rota, who, the engineer's day off, a country, P1s held
  for (const question of [
    "who's on call",
    'on-call rota next week',
    'is the on-call guy off tomorrow?',
    '值班那位手上还有几个P0',
    '下周谁值班？是不是意大利那个',
    '今天值班工程师那边是不是放假',
  ])
    argsOf(route(question), question, 'oncall_check');
});

test('maintenance due by a weekday said alone is due by the coming one (every clock)', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (let weekday = 1; weekday <= 7; weekday++) {
      const expected = plusDays(today, (weekday - isoWeekday(today) + 7) % 7);
      for (const question of [
        `what's due for maintenance by ${WEEKDAYS_EN[weekday - 1]}`,
        `哪些设备周${WEEKDAYS_ZH[weekday - 1]}前要保养`,
      ]) {
        const args = argsOf(route(question, clock), `${clock} ${question}`, 'equipment_status');
        assert.equal(args.due_by, expected, `${clock} ${question}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 56);
});

test('a day of the month said alone, asked of a calendar, is the nearer of the last one and the coming one', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const [year, month] = today.split('-').map(Number) as [number, number];
    for (const day of [1, 3, 10, 15, 18, 25, 28]) {
      const thisMonth = iso(new Date(Date.UTC(year, month - 1, day)));
      const last = thisMonth <= today ? thisMonth : iso(new Date(Date.UTC(year, month - 2, day)));
      const coming = thisMonth >= today ? thisMonth : iso(new Date(Date.UTC(year, month, day)));
      const expected = daysApart(today, coming) < daysApart(last, today) ? coming : last;
      const ordinal = day === 1 ? '1st' : day === 3 ? '3rd' : `${day}th`;
      for (const question of [`is the ${ordinal} a holiday in the US`, `${day}号放假吗`]) {
        const args = argsOf(route(question, clock), `${clock} ${question}`, 'public_holidays');
        assert.equal(args.date, expected, `${clock} ${question}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 56);
});

test('a week and the days of it are those days of that week (independent arithmetic, every clock)', () => {
  const weeks: Array<[string, string, number]> = [
    ['last week', '上周', -1],
    ['the week before last', '上上周', -2],
    ['2 weeks ago', '', -2],
    ['three weeks ago', '', -3],
  ];
  const spans: Array<[string, string, number, number]> = [
    ['monday to friday', '周一到周五', 1, 5],
    ['mon-wed', '周一至周三', 1, 3],
    ['tue to thu', '周二到周四', 2, 4],
    ['wed through sun', '周三到周日', 3, 7],
  ];
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const monday = mondayOf(todayOf(clock));
    for (const [weekEn, weekZh, shift] of weeks)
      for (const [spanEn, spanZh, first, last] of spans) {
        const from = plusDays(monday, shift * 7 + first - 1);
        const to = plusDays(monday, shift * 7 + last - 1);
        const questions: Array<[string, string]> = [
          [`${weekEn}, ${spanEn}, line A defect rate`, `${from}..${to}`],
          [`line A defect rate ${spanEn} ${weekEn}`, `${from}..${to}`],
        ];
        if (weekZh) questions.push([`${weekZh} ${spanZh} A线不良率`, `${from}..${to}`]);
        for (const [question, expected] of questions) {
          const args = argsOf(route(question, clock), `${clock} ${question}`, 'quality_metrics');
          assert.equal(periodOf(args), expected, `${clock} ${question}`);
          checked++;
        }
      }
  }
  assert.ok(checked >= 100, `${checked} checked`);
});

test('这条线 with no line named asks which line', () => {
  for (const metric of ['产量', '不良率', '良率'])
    for (const period of ['上周', '昨天', '这个月']) {
      const question = `这条线${period}${metric}`;
      assert.equal(route(question).kind, 'none', question);
    }
});

test('who fixed the most orders counts those closed, on the days they were closed', () => {
  for (const question of ['12月谁修的单最多', 'who fixed the most tickets last month', '上个月谁修好的工单最多']) {
    const args = argsOf(route(question, 'jan'), question, 'work_orders');
    assert.equal(args.dated_by, 'closed', question);
    assert.equal(args.status, 'closed', question);
  }
});

test('", and <a question of its own>" ends a part: both are answered', () => {
  const seconds: Array<[string, string]> = [
    ['the M24 anchor bolt torque', 'document_search'],
    ["who's on call", 'oncall_check'],
    ['the open P1 tickets', 'work_orders'],
  ];
  for (const line of ['A', 'B', 'C', 'D'])
    for (const [second, skill] of seconds) {
      const question = `line ${line} output last week, and ${second}`;
      const decision = route(question) as { kind: string; routed?: Array<{ kind: string; skill?: string }> };
      assert.equal(decision.kind, 'none', question);
      const skills = (decision.routed ?? []).map((part) => part.skill);
      assert.deepEqual(skills, ['quality_metrics', skill], `${question}: ${JSON.stringify(decision)}`);
    }
  // a period listed after "and" is no question of its own: one question
  assert.equal(route('line A output last week, and the week before').kind, 'skill');
});

test('a part of a machine said with the symptom is kept in what is searched', () => {
  const parts: Array<[string, string]> = [
    ['液压站', '液压站'],
    ['hydraulic unit', 'hydraulic'],
    ['bearing', 'bearing'],
    ['模具', '模具'],
    ['encoder', 'encoder'],
  ];
  for (const [part, kept] of parts)
    for (const symptom of /[a-z]/.test(part) ? ['noise', 'vibration'] : ['异响', '振动']) {
      const question = /[a-z]/.test(part)
        ? `${symptom} from the ${part}, what fixed it before?`
        : `${part}有${symptom}，以前怎么修的`;
      const args = argsOf(route(question), question, 'fault_advice');
      assert.match(String(args.symptom), new RegExp(kept), question);
    }
});

test('a shift said again in other words is one shift', () => {
  for (const [words, shift] of [
    ['middle shift (swing shift)', 'middle'],
    ['night shift, aka graveyard shift', 'night'],
    ['day shift (first shift)', 'day'],
  ] as const) {
    const question = `${words} defect rate on line B yesterday`;
    const args = argsOf(route(question), question, 'quality_metrics');
    assert.equal(args.shift, shift, question);
  }
});

test('opening a ticket, paging someone and printing are actions, declined', () => {
  for (const question of [
    'open a P2 ticket for the camera on C',
    'create a new urgent work order for press 3',
    'raise a P1 ticket on line B',
    '呼一下值班工程师',
    '通知一下值班的',
    '打印昨天的交接班记录',
  ])
    assert.equal(route(question).kind, 'none', question);
  // the reads beside them stay reads
  argsOf(route('open P2 tickets on line C'), 'open P2 tickets', 'work_orders');
  argsOf(route('昨天的交接班记录'), 'handover', 'document_search');
});
