/**
 * The period grammar against independent date arithmetic (issue 27): the
 * phrasings are generated over many clocks — every day around month ends,
 * year ends and leap days, Mondays and Sundays — and each is checked against
 * an oracle written here on plain Date.UTC, with nothing from calendar.ts,
 * period-rules.ts or period-grammar.ts. Thousands of cases.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findPeriods } from './period.js';
import { normalizeText } from './normalize.js';
import { resolvePeriod } from './index.js';

// ---- the oracle: plain UTC dates ------------------------------------------------------------

const DAY = 86_400_000;
const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date): string => date.toISOString().slice(0, 10);
const plus = (value: string, days: number): string => iso(new Date(toDate(value).getTime() + days * DAY));
const dow = (value: string): number => ((toDate(value).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
const monday = (value: string): string => plus(value, 1 - dow(value));
const ymdOf = (value: string): [number, number, number] => [
  toDate(value).getUTCFullYear(),
  toDate(value).getUTCMonth() + 1,
  toDate(value).getUTCDate(),
];
const make = (year: number, month: number, day: number): string => iso(new Date(Date.UTC(year, month - 1, day)));
const lastOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** the month `k` months from the one holding `value`: [year, month] */
function monthFrom(value: string, k: number): [number, number] {
  const [year, month] = ymdOf(value);
  const date = new Date(Date.UTC(year, month - 1 + k, 1));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1];
}
const cap = (range: [string, string], today: string): [string, string] =>
  range[0] <= today && today <= range[1] ? [range[0], today] : range;
/** the same day `k` months away, clamped to the month's length (Jan 31 → Feb 28) */
function sameDayMonths(value: string, k: number): string {
  const [year, month] = monthFrom(value, k);
  return make(year, month, Math.min(ymdOf(value)[2], lastOfMonth(year, month)));
}

// ---- the clocks ------------------------------------------------------------------------------

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = plus(day, 1)) out.push(day);
  return out;
}
/** month ends and year ends of 2024 (a leap year) and 2025, Feb 29 2028, and a spread of ordinary days */
const CLOCKS = [
  ...daysBetween('2023-12-25', '2024-01-08'),
  ...daysBetween('2024-02-24', '2024-03-04'),
  ...daysBetween('2024-06-27', '2024-07-03'),
  ...daysBetween('2024-09-27', '2024-10-04'),
  ...daysBetween('2024-12-26', '2025-01-06'),
  ...daysBetween('2025-02-25', '2025-03-03'),
  ...daysBetween('2026-11-23', '2026-12-07'),
  ...daysBetween('2028-02-26', '2028-03-02'),
  ...Array.from({ length: 24 }, (_, k) => plus('2025-04-03', 11 * k)),
];

const ZH_COUNT = ['', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
const EN_WEEKDAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ZH_WEEKDAY = ['一', '二', '三', '四', '五', '六', '日'];
const EN_MONTH = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

interface Case {
  text: string;
  /** [from, to]; undefined: no period (or none settled) */
  expected: [string, string] | undefined;
  reversed?: boolean;
}

/** every case of one clock, with the oracle's answer */
function casesOn(today: string): Case[] {
  const cases: Case[] = [];
  const add = (text: string, expected: [string, string] | undefined, reversed?: boolean): void => {
    cases.push({ text, expected, ...(reversed ? { reversed } : {}) });
  };
  const [year, month] = ymdOf(today);
  const thisMonday = monday(today);
  // n-fold weeks: 上周, 上上周, 上上上周 …; 下周, 下下周 …
  for (let n = 1; n <= 4; n++) {
    const back = plus(thisMonday, -7 * n);
    const ahead = plus(thisMonday, 7 * n);
    add(`${'上'.repeat(n)}周`, [back, plus(back, 6)]);
    add(`${'下'.repeat(n)}周`, [ahead, plus(ahead, 6)]);
    add(`${'上'.repeat(n)}个星期`, [back, plus(back, 6)]);
    for (let d = 1; d <= 7; d++) add(`${'上'.repeat(n)}周${ZH_WEEKDAY[d - 1]}`, [plus(back, d - 1), plus(back, d - 1)]);
    if (n >= 2) add(`${ZH_COUNT[n]}周前`, [back, plus(back, 6)]);
    if (n >= 2) add(`${n} weeks ago`, [back, plus(back, 6)]);
  }
  add('the week before last', [plus(thisMonday, -14), plus(thisMonday, -8)]);
  add('the week after next', [plus(thisMonday, 14), plus(thisMonday, 20)]);
  add('本周', [thisMonday, today]);
  add('this week so far', [thisMonday, today]);
  add('last week', [plus(thisMonday, -7), plus(thisMonday, -1)]);
  // n-fold months: 上个月, 上上个月, 下下个月; the month before last / after next; N months ago
  for (let n = 1; n <= 3; n++) {
    const [by, bm] = monthFrom(today, -n);
    const [ay, am] = monthFrom(today, n);
    const before: [string, string] = [make(by, bm, 1), make(by, bm, lastOfMonth(by, bm))];
    const after: [string, string] = [make(ay, am, 1), make(ay, am, lastOfMonth(ay, am))];
    add(`${'上'.repeat(n)}个月`, before);
    add(`${'下'.repeat(n)}个月`, after);
    if (n === 2) add('the month before last', before);
    if (n === 2) add('the month after next', after);
    if (n >= 2) add(`${n} months ago`, before);
  }
  add('本月', [make(year, month, 1), today]);
  // rolling and "the N days before today"
  for (const n of [1, 2, 3, 5, 7, 10, 14, 30]) {
    add(`最近${n}天`, [plus(today, 1 - n), today]);
    add(`过去${ZH_COUNT[n] ?? n}天`, [plus(today, 1 - n), today]);
    add(`the last ${n} days`, [plus(today, 1 - n), today]);
    add(`前${n}天`, [plus(today, -n), plus(today, -1)]);
    add(`${n} days ago`, [plus(today, -n), plus(today, -n)]);
    add(`${n}天前`, [plus(today, -n), plus(today, -n)]);
  }
  // the same day last week / last month / last year
  add('the same day last week', [plus(today, -7), plus(today, -7)]);
  add('上周同一天', [plus(today, -7), plus(today, -7)]);
  add('上周的今天', [plus(today, -7), plus(today, -7)]);
  add('a week ago today', [plus(today, -7), plus(today, -7)]);
  add('the same day last month', [sameDayMonths(today, -1), sameDayMonths(today, -1)]);
  add('去年同一天', [sameDayMonths(today, -12), sameDayMonths(today, -12)]);
  add('yesterday vs the same day last week', [plus(today, -1), plus(today, -1)]);
  // halves of the year
  add('今年上半年', cap([make(year, 1, 1), make(year, 6, 30)], today));
  add('去年下半年', [make(year - 1, 7, 1), make(year - 1, 12, 31)]);
  add('H1 2025', cap(['2025-01-01', '2025-06-30'], today));
  add('the second half of last year', [make(year - 1, 7, 1), make(year - 1, 12, 31)]);
  const secondBegun = month >= 7;
  add(
    '下半年',
    cap(secondBegun ? [make(year, 7, 1), make(year, 12, 31)] : [make(year - 1, 7, 1), make(year - 1, 12, 31)], today),
  );
  // quarters: the most recent Q that has begun
  for (let q = 1; q <= 4; q++) {
    const qYear = 3 * (q - 1) + 1 <= month ? year : year - 1;
    const range = cap([make(qYear, 3 * q - 2, 1), make(qYear, 3 * q, lastOfMonth(qYear, 3 * q))], today);
    add(`Q${q}`, range);
    add(`第${ZH_COUNT[q]}季度`, range);
  }
  // the edges of a month: 月初 1–10, 月中 11–20, 月底 21–end
  const [py, pm] = monthFrom(today, -1);
  add('上个月初', [make(py, pm, 1), make(py, pm, 10)]);
  add('上个月中', [make(py, pm, 11), make(py, pm, 20)]);
  add('上个月底', [make(py, pm, 21), make(py, pm, lastOfMonth(py, pm))]);
  add('月底', cap([make(year, month, 21), make(year, month, lastOfMonth(year, month))], today));
  add('the end of the month', cap([make(year, month, 21), make(year, month, lastOfMonth(year, month))], today));
  // the first / last N days of last month
  for (const n of [3, 5, 7]) {
    add(`the last ${n} days of last month`, [
      make(py, pm, lastOfMonth(py, pm) - n + 1),
      make(py, pm, lastOfMonth(py, pm)),
    ]);
    add(`上个月最后${n}天`, [make(py, pm, lastOfMonth(py, pm) - n + 1), make(py, pm, lastOfMonth(py, pm))]);
    add(`上个月前${n}天`, [make(py, pm, 1), make(py, pm, n)]);
  }
  // since a weekday: the most recent one not after today, to today
  for (let d = 1; d <= 7; d++) {
    const back = (dow(today) - d + 7) % 7;
    const since = plus(today, -back);
    add(`since ${EN_WEEKDAY[d - 1]}`, [since, today]);
    add(`从周${ZH_WEEKDAY[d - 1]}开始`, [since, today]);
    add(`周${ZH_WEEKDAY[d - 1]}以来`, [since, today]);
    add(`since last ${EN_WEEKDAY[d - 1]}`, [plus(thisMonday, d - 8), today]);
    add(`last ${EN_WEEKDAY[d - 1]}`, [plus(thisMonday, d - 8), plus(thisMonday, d - 8)]);
    add(`下周${ZH_WEEKDAY[d - 1]}`, [plus(thisMonday, d + 6), plus(thisMonday, d + 6)]);
  }
  // explicit dates in many formats; a year-less one is the most recent not after today, unless this year's is
  // at most 31 days ahead and nearer (so "12月5号" on 1 December is the coming one; "11月20号" in January last year's)
  const [todayYear] = ymdOf(today);
  const real = (year: number, m: number, d: number): string | undefined => {
    const date = make(year, m, d);
    return ymdOf(date)[1] === m ? date : undefined; // Feb 29 of a common year is no date
  };
  const yearless = (m: number, d: number): string => {
    const ahead = real(todayYear, m, d);
    const past = [todayYear, todayYear - 1, todayYear - 2, todayYear - 3, todayYear - 4]
      .map((year) => real(year, m, d))
      .find((date) => date !== undefined && date <= today)!;
    if (ahead === undefined || ahead <= today) return past;
    const aheadDays = (toDate(ahead).getTime() - toDate(today).getTime()) / DAY;
    const backDays = (toDate(today).getTime() - toDate(past).getTime()) / DAY;
    return aheadDays <= 31 && aheadDays < backDays ? ahead : past;
  };
  for (const back of [0, 1, 9, 40, 100, 200, -3, -20, -31, -32, -150]) {
    const date = plus(today, -back);
    const [y, m, d] = ymdOf(date);
    add(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, [date, date]);
    add(`${y}/${m}/${d}`, [date, date]);
    add(`${y}年${m}月${d}日`, [date, date]);
    const said = yearless(m, d);
    add(`${m}月${d}号`, [said, said]);
    add(`${EN_MONTH[m - 1]} ${d}`, [said, said]);
    add(`${d} ${EN_MONTH[m - 1]}`, [said, said]);
    if (d > 12) add(`${m}/${d}`, [said, said]);
    if (m !== 3 && d !== 1) add(`${m}.${d}`, [said, said]);
  }
  // from X to Y with explicit ends, forwards and reversed (said the wrong way round)
  for (const [a, b] of [
    [30, 3],
    [12, 9],
    [60, 1],
  ] as const) {
    const start = plus(today, -a);
    const end = plus(today, -b);
    add(`from ${start} to ${end}`, [start, end]);
    add(`${start}到${end}`, [start, end]);
    add(`from ${end} to ${start}`, [end, start], true);
  }
  // lists of adjacent days
  const saturday = plus(today, -((dow(today) - 6 + 7) % 7));
  add('sat + sun', saturday <= today && plus(saturday, 1) <= today ? [saturday, plus(saturday, 1)] : undefined);
  // a named day: 11-11 read as a year-less date is (the most recent, or the coming one within 31 days)
  const eleven = yearless(11, 11);
  add('双十一', [eleven, eleven]);
  add('双十一那周', cap([monday(eleven), plus(monday(eleven), 6)], today));
  return cases;
}

test('the period grammar agrees with independent date arithmetic on every clock', () => {
  let checked = 0;
  const failures: string[] = [];
  for (const today of CLOCKS) {
    for (const entry of casesOn(today)) {
      // "sat + sun" on a Saturday: Sunday lies ahead, so the list is last weekend's days — the oracle skips it
      if (entry.expected === undefined) continue;
      const normalized = normalizeText(entry.text);
      const found = findPeriods(normalized, normalized.lower, today);
      const mention = found.find((item) => item.period) ?? found[0];
      const got = mention?.period ? [mention.period.from, mention.period.to] : undefined;
      checked++;
      if (
        JSON.stringify(got) !== JSON.stringify(entry.expected) ||
        Boolean(mention?.reversed) !== Boolean(entry.reversed)
      )
        failures.push(
          `${today} "${entry.text}": got ${JSON.stringify(got)}${mention?.reversed ? ' reversed' : ''}, ` +
            `expected ${JSON.stringify(entry.expected)}${entry.reversed ? ' reversed' : ''}`,
        );
    }
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${checked} disagree`);
  assert.ok(checked >= 20_000, `${checked} cases`);
});

test('a period still to come is flagged; a reversed range is flagged, never asked for again', () => {
  for (const today of CLOCKS.filter((_, index) => index % 9 === 0)) {
    for (const text of ['下周', 'next week', '下个月', 'the week after next', 'tomorrow', '明天']) {
      const normalized = normalizeText(text);
      const [mention] = findPeriods(normalized, normalized.lower, today);
      assert.equal(mention?.future, true, `${today} ${text}`);
    }
    for (const text of ['上周', 'last week', '今天', 'this month']) {
      const normalized = normalizeText(text);
      const [mention] = findPeriods(normalized, normalized.lower, today);
      assert.notEqual(mention?.future, true, `${today} ${text}`);
    }
  }
  const now = new Date('2026-11-29T10:00:00+08:00');
  const reversed = resolvePeriod('从11月7日到11月1日', { now, timezone: 'Asia/Shanghai' });
  assert.deepEqual([reversed?.from, reversed?.to], ['2026-11-07', '2026-11-01']);
});

test('a period relative to another one takes that one as its anchor', () => {
  const today = '2026-12-01';
  const cases: Array<[string, Array<[string, string]>]> = [
    [
      'yesterday vs same day last week',
      [
        ['2026-11-30', '2026-11-30'],
        ['2026-11-23', '2026-11-23'],
      ],
    ],
    [
      '昨天跟上周同一天比',
      [
        ['2026-11-30', '2026-11-30'],
        ['2026-11-23', '2026-11-23'],
      ],
    ],
    [
      'last week vs the week before',
      [
        ['2026-11-23', '2026-11-29'],
        ['2026-11-16', '2026-11-22'],
      ],
    ],
    [
      '去年同期 vs 上个月',
      [
        ['2025-11-01', '2025-11-30'],
        ['2026-11-01', '2026-11-30'],
      ],
    ],
  ];
  for (const [text, expected] of cases) {
    const normalized = normalizeText(text);
    const found = findPeriods(normalized, normalized.lower, today).map((item) => [item.period?.from, item.period?.to]);
    assert.deepEqual(found, expected, text);
  }
});
