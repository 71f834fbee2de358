/**
 * The period and shift words of the ninth held-out batch's misses (W11, corpus/fresh-round3i.txt), each a rule tested
 * on phrasings generated here from parts (clocks, days, lines, shift words) against date arithmetic written here on
 * plain Date.UTC, not on the batch's own lines:
 * - a weekday said with its date ("Sat 28th", "Fri 27", "Thu, Nov 26", 周五27号, 11月27日（周五）) is that date when the
 *   weekday agrees, and unsure (asked) when it does not; "Fri", "Thu", "on Sat" alone are the most recent such day;
 * - European dates: 27.11. / 27.11 (no month 27) / 27.11.2026 / 28/11/2026 are day.month; 11.12. stays unsure;
 * - "the same month last year", 去年同月, 去年同期 asked alone are this month a year back (whole); "the same week last
 *   year" this ISO week a year back;
 * - 今年第一周, 去年最后一周, "the last week of 2026": the first / last ISO week of the year (2026 ends in W53);
 * - 昨晚 / "last night" is yesterday's night shift; a handover asked of "this morning" is the night shift that started
 *   yesterday evening;
 * - a crew is its shift: day crew, night crew, graveyard crew, 白班组, 夜班组.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDecision } from '../engine-types.js';
import { findPeriods } from './period.js';
import { normalizeText } from './normalize.js';
import { CLOCKS, LINE_PEOPLE, PLANT_EQUIPMENT, argsOf, periodOf, routerOver, utcDates } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT, names: LINE_PEOPLE });
type ClockName = keyof typeof CLOCKS;
const CLOCK_NAMES = Object.keys(CLOCKS) as ClockName[];
const LINES = ['A', 'B', 'C', 'D'] as const;

// ---- the oracle: plain UTC dates ------------------------------------------------------------

const DAY = 86_400_000;
const toDate = (text: string): Date => new Date(`${text}T00:00:00Z`);
const { addDays: plus, weekday: dow } = utcDates;
const todayOf = (clock: ClockName): string => CLOCKS[clock].slice(0, 10);
const yearOf = (text: string): number => Number(text.slice(0, 4));
const monthOf = (text: string): number => Number(text.slice(5, 7));
const dayOf = (text: string): number => Number(text.slice(8, 10));
const pad = (value: number): string => String(value).padStart(2, '0');
const lastOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** a period that runs past today is cut at today (one wholly ahead is kept: the skill says "no data yet") */
const cap = (from: string, to: string, today: string): string => `${from}..${from <= today && today < to ? today : to}`;
/** ISO week 1 holds January 4th; the last ISO week holds December 28th */
const firstIsoWeek = (year: number): [string, string] => {
  const jan4 = `${year}-01-04`;
  const monday = plus(jan4, 1 - dow(jan4));
  return [monday, plus(monday, 6)];
};
const lastIsoWeek = (year: number): [string, string] => {
  const dec28 = `${year}-12-28`;
  const monday = plus(dec28, 1 - dow(dec28));
  return [monday, plus(monday, 6)];
};
/** [ISO year, week number] of a day: counted in whole weeks from its ISO year's first Monday */
function isoWeekNumber(text: string): [number, number] {
  for (const year of [yearOf(text) + 1, yearOf(text), yearOf(text) - 1]) {
    const [first] = firstIsoWeek(year);
    if (first <= text) return [year, Math.floor((toDate(text).getTime() - toDate(first).getTime()) / (7 * DAY)) + 1];
  }
  throw new Error(text);
}

const EN_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const EN_FULL = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZH_DAYS = ['一', '二', '三', '四', '五', '六', '日'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ordinal = (value: number): string =>
  `${value}${value % 10 === 1 && value !== 11 ? 'st' : value % 10 === 2 && value !== 12 ? 'nd' : value % 10 === 3 && value !== 13 ? 'rd' : 'th'}`;

/** the period a text names on `today` ('unsure' when it names one but cannot settle it, 'none' when none) */
function periodOn(text: string, today: string): string {
  const normalized = normalizeText(text);
  const found = findPeriods(normalized, normalized.lower, today);
  if (found.length === 0) return 'none';
  if (found.length > 1) return `several: ${found.map((mention) => mention.period?.label).join(', ')}`;
  const period = found[0]!.period;
  return period ? `${period.from}..${period.to}` : 'unsure';
}

/** every day from 2026-10-01 to 2027-03-31: the clocks the period tests run on */
const DAYS: string[] = [];
for (let day = '2026-10-01'; day <= '2027-03-31'; day = plus(day, 1)) DAYS.push(day);

/** the question asks for its period (or is declined): never answered with one */
function asksPeriod(decision: RouteDecision): boolean {
  if (decision.kind !== 'skill') return true;
  const routed = decision as { missing: string[]; args: Record<string, unknown> };
  return routed.missing.includes('period') || routed.args.period === undefined;
}

test('a weekday said with its date is that date when they agree, unsure when they do not', () => {
  let checked = 0;
  const failures: string[] = [];
  for (const today of DAYS.filter((_, index) => index % 3 === 0)) {
    for (let back = 0; back <= 24; back++) {
      const date = plus(today, -back);
      const [month, dayOfMonth, weekday] = [monthOf(date), dayOf(date), dow(date)];
      const wrong = (weekday % 7) + 1;
      const forms = (day: number, names: { en: string; full: string; zh: string }): string[] => [
        `${names.en} ${ordinal(day)}`,
        `${names.en} ${day}`,
        `${names.en}, ${EN_MONTHS[month - 1]} ${day}`,
        `${names.full} the ${ordinal(day)}`,
        `${EN_MONTHS[month - 1]} ${day} (${names.en})`,
        `周${names.zh}${day}号`,
        `星期${names.zh} ${day}日`,
        `${month}月${day}日（周${names.zh}）`,
      ];
      const said = (index: number) => ({ en: EN_DAYS[index - 1]!, full: EN_FULL[index - 1]!, zh: ZH_DAYS[index - 1]! });
      for (const text of forms(dayOfMonth, said(weekday))) {
        const got = periodOn(text, today);
        if (got !== `${date}..${date}`) failures.push(`${today} "${text}": ${got}, expected ${date}`);
        checked++;
      }
      for (const text of forms(dayOfMonth, said(wrong))) {
        const got = periodOn(text, today);
        if (got !== 'unsure') failures.push(`${today} "${text}": ${got}, expected unsure (the weekday disagrees)`);
        checked++;
      }
    }
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${checked} disagree`);
  assert.ok(checked > 9_000, `${checked} cases`);
});

test('Fri, Thu, Tue alone and "on Sat" are the most recent such day, as the full names are', () => {
  let checked = 0;
  for (const today of DAYS) {
    for (let weekday = 1; weekday <= 7; weekday++) {
      let latest = today;
      while (dow(latest) !== weekday) latest = plus(latest, -1);
      const full = EN_FULL[weekday - 1]!.toLowerCase();
      const short = EN_DAYS[weekday - 1]!;
      const texts = [`on ${short}`, `on ${full}`, full];
      if (['Tue', 'Thu', 'Fri'].includes(short)) texts.push(short, `${short}.`, short.toLowerCase());
      for (const text of texts) {
        assert.equal(periodOn(`line A output ${text}`, today), `${latest}..${latest}`, `${today} ${text}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 3_000);
  // sat / sun / mon / wed are words too: alone they name no day
  for (const text of ['the press sat idle', 'sun glare on the camera', 'wed to the old fixture'])
    assert.equal(periodOn(text, '2026-11-30'), 'none', text);
  // a count after a weekday is no day of the month
  assert.equal(periodOn('fri 3 lines', '2026-11-30'), '2026-11-27..2026-11-27');
});

test('European dates: 27.11. / 27.11 / 27.11.2026 / 28/11/2026 are day.month; 11.12. stays unsure', () => {
  let checked = 0;
  const failures: string[] = [];
  for (const today of DAYS.filter((_, index) => index % 2 === 0)) {
    for (let back = 0; back <= 40; back++) {
      const date = plus(today, -back);
      const [year, month, day] = [yearOf(date), monthOf(date), dayOf(date)];
      const expect = (text: string, expected: string) => {
        const got = periodOn(`B line yield ${text} ?`, today);
        if (got !== expected) failures.push(`${today} "${text}": ${got}, expected ${expected}`);
        checked++;
      };
      expect(`${day}.${pad(month)}.${year}`, `${date}..${date}`);
      if (day > 12) {
        expect(`${day}.${pad(month)}.`, `${date}..${date}`);
        expect(`${day}.${pad(month)}`, `${date}..${date}`);
        expect(`${day}/${month}/${year}`, `${date}..${date}`);
      } else if (day !== month) {
        // 11.12.: 11 December, or a sentence's full stop after 11.12 (12 November)? asked
        expect(`${pad(day)}.${pad(month)}.`, 'unsure');
      }
    }
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${checked} disagree`);
  assert.ok(checked > 5_000, `${checked} cases`);
  // a measure is no date
  assert.equal(periodOn('gap 15.02 mm', '2026-11-30'), 'none');
  assert.equal(periodOn('defect rate above 13.5%', '2026-11-30'), 'none');
});

test('the same month / week last year asked alone: this month, this ISO week, a year back (every day)', () => {
  let checked = 0;
  for (const today of DAYS) {
    const [year, month] = [yearOf(today), monthOf(today)];
    const month0 = `${year - 1}-${pad(month)}-01..${year - 1}-${pad(month)}-${pad(lastOfMonth(year - 1, month))}`;
    for (const text of [
      'line B defect rate same month last year',
      'line B defect rate the same month last year',
      '去年同月 D线良率',
      '去年同期 D线良率',
      'D线去年这个月良率',
    ]) {
      assert.equal(periodOn(text, today), month0, `${today} ${text}`);
      checked++;
    }
    const [isoYear, week] = isoWeekNumber(today);
    const monday = plus(firstIsoWeek(isoYear - 1)[0], 7 * (week - 1));
    // week 53 a year back exists only in a long year
    const expected = isoWeekNumber(monday)[0] === isoYear - 1 ? `${monday}..${plus(monday, 6)}` : 'unsure';
    for (const text of ['line B yield same week last year', '去年同周B线良率']) {
      assert.equal(periodOn(text, today), expected, `${today} ${text}`);
      checked++;
    }
  }
  assert.ok(checked > 1_200);
  // with another period they are that period a year back (the week: the same ISO week's days)
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const args = argsOf(route('line B yield this week vs same week last year', clock), clock, 'quality_compare');
    const [isoYear, week] = isoWeekNumber(today);
    const monday = plus(firstIsoWeek(isoYear - 1)[0], 7 * (week - 1));
    const thisMonday = plus(today, 1 - dow(today));
    const previous = args.previous as { from: string; to: string };
    const weeks = isoWeekNumber(monday)[0] === isoYear - 1;
    if (weeks) assert.equal(`${previous.from}..${previous.to}`, `${monday}..${plus(monday, dow(today) - 1)}`, clock);
    assert.equal(periodOf(args), `${thisMonday}..${today}`, clock);
  }
});

test('the first and last ISO weeks of a year (2026 ends in week 53)', () => {
  assert.deepEqual(lastIsoWeek(2026), ['2026-12-28', '2027-01-03']);
  let checked = 0;
  for (const today of DAYS) {
    const year = yearOf(today);
    const said: Array<[string, [string, string]]> = [
      ['今年第一周', firstIsoWeek(year)],
      ['今年第1周', firstIsoWeek(year)],
      ['去年最后一周', lastIsoWeek(year - 1)],
      ['去年的最后一个星期', lastIsoWeek(year - 1)],
      [`${year - 1}年最后一周`, lastIsoWeek(year - 1)],
      ['the first week of this year', firstIsoWeek(year)],
      ['the last week of last year', lastIsoWeek(year - 1)],
      [`the last week of ${year - 1}`, lastIsoWeek(year - 1)],
    ];
    for (const [text, [from, to]] of said) {
      assert.equal(periodOn(`C线 ${text} 良率`, today), cap(from, to, today), `${today} ${text}`);
      checked++;
    }
  }
  assert.ok(checked > 1_400);
  // set against each other: this year's first week against last year's last
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const args = argsOf(route('今年第一周跟去年最后一周比一下 C线', clock), clock, 'quality_compare');
    const [from, to] = firstIsoWeek(yearOf(today));
    const [lastFrom, lastTo] = lastIsoWeek(yearOf(today) - 1);
    if (from > today) continue; // this year's first week still to come: the skill says "no data yet"
    assert.equal(periodOf(args), cap(from, to, today), clock);
    const previous = args.previous as { from: string; to: string };
    assert.equal(`${previous.from}..${previous.to}`, `${lastFrom}..${lastTo}`, clock);
  }
});

test('昨晚 / last night is yesterday night shift; the skills that take no shift read it as before', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const yesterday = plus(todayOf(clock), -1);
    for (const line of LINES) {
      for (const question of [
        `${line}线昨晚不良率`,
        `${line}线昨晚的产量`,
        `昨夜${line}线良率多少`,
        `line ${line} defect rate last night`,
        `line ${line} output yesterday evening`,
        `${line} line yield last night?`,
      ]) {
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
        assert.equal(periodOf(args), `${yesterday}..${yesterday}`, `${clock}: ${question}`);
        assert.equal(args.shift, 'night', `${clock}: ${question}`);
        assert.deepEqual(args.lines, [line], `${clock}: ${question}`);
        checked++;
      }
    }
    const breakdown = argsOf(route('王芳昨晚的不良率', clock), clock, 'quality_breakdown');
    assert.equal(breakdown.shift, 'night');
    assert.equal(periodOf(breakdown), `${yesterday}..${yesterday}`);
    // a day shift said with 昨晚 disagrees with it: not answered as either
    assert.notEqual(route('B线昨晚白班不良率', clock).kind, 'skill', clock);
    // on call last night: that day's on-call engineer, as before
    const oncall = route('who was on call last night', clock);
    assert.ok(oncall.kind === 'skill' && JSON.stringify(oncall).includes(yesterday), JSON.stringify(oncall));
    // work orders take no shift: the hour is declined, as before
    assert.equal(route('昨晚有哪些新工单', clock).kind, 'none', clock);
    checked += 4;
  }
  assert.equal(checked, 4 * (4 * 6 + 4));
});

test('a handover asked of this morning is the night shift that started yesterday evening', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const yesterday = plus(today, -1);
    for (const question of [
      'who took over from the night shift this morning',
      "this morning's handover",
      'handover notes this morning',
      '今早的交接记录',
      '今天早上交班的是谁',
      '今早夜班交接班记录',
    ]) {
      const args = argsOf(route(question, clock), `${clock}: ${question}`, 'document_search');
      assert.equal(args.handover_date, yesterday, `${clock}: ${question}`);
      assert.equal(args.handover_shift, 'night', `${clock}: ${question}`);
    }
    // the day shift that starts this morning is today's; last night's is yesterday's
    const day = argsOf(route("this morning's day shift handover", clock), clock, 'document_search');
    assert.equal(day.handover_date, today);
    assert.equal(day.handover_shift, 'day');
    const night = argsOf(route("last night's handover", clock), clock, 'document_search');
    assert.equal(night.handover_date, yesterday);
  }
});

test('a crew is its shift: day crew, night crew, graveyard crew, 白班组, 夜班组', () => {
  let checked = 0;
  const crews: Array<[string, 'day' | 'night']> = [
    ['day crew', 'day'],
    ['the day crew', 'day'],
    ['night crew', 'night'],
    ['graveyard crew', 'night'],
    ['graveyard', 'night'],
  ];
  for (const clock of CLOCK_NAMES) {
    const yesterday = plus(todayOf(clock), -1);
    for (const line of LINES) {
      for (const [crew, shift] of crews)
        for (const question of [
          `line ${line} ${crew} defect rate yesterday`,
          `the ${line} line ${crew} output yesterday`,
        ]) {
          const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
          assert.equal(args.shift, shift, `${clock}: ${question}`);
          assert.equal(periodOf(args), `${yesterday}..${yesterday}`, `${clock}: ${question}`);
          checked++;
        }
      for (const [crew, shift] of [
        ['白班组', 'day'],
        ['夜班组', 'night'],
        ['晚班组', 'night'],
      ] as const) {
        const question = `${line}线${crew}昨天不良率`;
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
        assert.equal(args.shift, shift, `${clock}: ${question}`);
        checked++;
      }
      // two crews set against each other: the shifts compared
      for (const question of [
        `graveyard vs day crew on ${line}, past 14 days`,
        `${line}线白班组和夜班组比一下 最近14天`,
      ]) {
        const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_compare');
        assert.equal(args.mode, 'shifts', `${clock}: ${question}`);
        assert.equal(periodOf(args), `${plus(todayOf(clock), -13)}..${todayOf(clock)}`, `${clock}: ${question}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 4 * 4 * (10 + 3 + 2));
});

test('a weekday with its date routes end to end, with a crew (every clock)', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (let back = 1; back <= 6; back++) {
      const date = plus(today, -back);
      const short = EN_DAYS[dow(date) - 1]!;
      const question = `${short} ${ordinal(dayOf(date))} day crew output, all lines`;
      const args = argsOf(route(question, clock), `${clock}: ${question}`, 'quality_metrics');
      assert.equal(periodOf(args), `${date}..${date}`, `${clock}: ${question}`);
      assert.equal(args.shift, 'day', `${clock}: ${question}`);
      const wrong = EN_DAYS[dow(date) % 7]!;
      const unsure = `${wrong} ${ordinal(dayOf(date))} day crew output, all lines`;
      assert.ok(asksPeriod(route(unsure, clock)), `${clock}: ${unsure}: ${JSON.stringify(route(unsure, clock))}`);
    }
  }
});
