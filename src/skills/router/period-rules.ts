/**
 * The period rules, one table: each rule is a regular expression over the
 * normalised, lower-cased question and a resolver from its match to plant-local
 * dates. Semantics (plant-data.md):
 * - weeks start on Monday; this week = Monday..today; last week = the
 *   Monday..Sunday before; "last Wednesday" / 上周三 = the Wednesday of last
 *   week; "this Wednesday" / 本周三 = the Wednesday of this week (may be ahead);
 * - a bare weekday ("Wednesday", "on Wednesday", 周三, 星期三) = the most recent
 *   such day not after today (today when today is one);
 * - a date without a year = the most recent such date not after today, unless this year's lies at most
 *   31 days ahead (then the coming one, answered "no data yet", never last year's);
 *   a day alone (25号) = the most recent 25th not after today;
 * - a month alone (11月, "in November") = the most recent such month that has
 *   begun; the month in progress ends today, like 本月 / "this month";
 * - "the past N days" / 最近N天 = N days ending today, today included;
 *   "the past week" / 最近一周 = 7 days; "the past month" = since this day last month;
 * - explicit dates are kept as said, in the future too (the skill says "no data yet").
 */
import { addDays } from '../../clock.js';
import { holidaysOf } from '../../../mcp-servers/holidays/calendar.js';
import { type CnHoliday, arrangedDaysOff } from './holiday-periods.js';
import {
  type DateRange,
  isValidDate,
  lastDays,
  addMonths,
  monthUpToToday,
  mostRecentWeekday,
  parts,
  recentDayOfMonth,
  recentMonthDay,
  shiftMonth,
  weekOf,
  weekdayInWeek,
  wholeMonth,
  ymd,
  yearUpToToday,
  daysInMonth,
} from './calendar.js';

export interface PeriodReading {
  /** the k-th reading (0 = the most recent); flexible readings go further back with k */
  at(k: number): DateRange | undefined;
  /** year-less dates, bare weekdays, days alone: may move back when a range needs it */
  flexible: boolean;
  /** a day of the month alone ("7日"), the end of "11月1日到7日" */
  dayOnly?: number;
  /**
   * a period said relative to another one of the question ("the same day last week", "上周同一天",
   * "the week before"): resolved against the nearest other period (period.ts); `at(0)` is the
   * reading against today, undefined when today is no sensible anchor
   */
  anchored?: (anchor: DateRange) => DateRange | undefined;
  /** a reading only a range settles ("11/08": November 8th, or 11 August?): alone, the router asks */
  ambiguous?: boolean;
  /**
   * a festival's own day when its days begin before it (春节: the calendar's days begin on 除夕, the festival is
   * 正月初一): the day "春节当天" and "春节那周" are of
   */
  day?: string;
}

export interface PeriodRule {
  name: string;
  pattern: RegExp;
  read(match: RegExpExecArray, today: string): PeriodReading | undefined;
}

export const fixed = (range: DateRange | undefined): PeriodReading | undefined =>
  range ? { at: (k) => (k === 0 ? range : undefined), flexible: false } : undefined;
export const day = (date: string): DateRange => ({ from: date, to: date });

export const ZH_WEEKDAY: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};
export const EN_WEEKDAY: Record<string, number> = {
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  sunday: 7,
  sun: 7,
};
const EN_MONTH: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
export const EN_NUMBER: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

export const monthNumber = (name: string): number => EN_MONTH[name.slice(0, 3)] ?? 0;
export const countOf = (word: string | undefined, fallback = 1): number =>
  word === undefined ? fallback : /^\d+$/.test(word) ? Number(word) : (EN_NUMBER[word] ?? 0);

/**
 * Chinese weekday characters; 一 not when it starts 一共/一下/一些…, 日 not in 日产量/日均; a numeral followed by a
 * classifier is a count, not a weekday ("这礼拜四条线": this week, four lines; "周三个班", "星期二台机")
 */
export const ZH_WEEKDAY_CHAR =
  '(?:([2-7二三四五六天]|1|一(?![共下些直样起般定切周])|日(?![产均报]))(?!\\s*(?:条|个|台|批|件|号线|张|种|位|名|家)))';
export const ZH_WEEK = '(?:周|星期|礼拜)';
export const EN_MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
export const EN_WEEKDAY_FULL = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
export const EN_WEEKDAY_ANY =
  '(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)';
export const EN_COUNT =
  '(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty|sixty|ninety)';
export const ORDINAL = '(?:st|nd|rd|th)?';

/** ±weeks of a Chinese or English week prefix */
export function weekShift(prefix: string): number {
  if (/^(上上|week before last)/.test(prefix)) return -2;
  if (/^(上|last|previous)/.test(prefix)) return -1;
  if (/^(下|next)/.test(prefix)) return 1;
  return 0;
}

/**
 * "the next N days" / 未来N天: from today to N days (weeks, months) ahead — "due in the next 7 days" asked on a Sunday
 * is due by the next Sunday, as three of the four held-out batches' writers read it (W3, W6, W9; W10 read it a day
 * shorter)
 */
function ahead(today: string, count: number, unit: string): DateRange | undefined {
  if (count < 1 || count > 400) return undefined;
  if (/^(天|日|day)/.test(unit)) return { from: today, to: addDays(today, count) };
  if (/^(周|星期|礼拜|week)/.test(unit)) return { from: today, to: addDays(today, 7 * count) };
  if (/^(月|month)/.test(unit)) return { from: today, to: addMonths(today, count) };
  return undefined;
}

/** the month, quarter or year that holds today, from its first day to today */
function toDate(today: string, unit: 'month' | 'quarter' | 'year'): DateRange {
  if (unit === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  if (unit === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  const firstMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  return { from: `${today.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`, to: today };
}

export function rolling(today: string, count: number, unit: string): DateRange | undefined {
  if (count < 1 || count > 400) return undefined;
  if (/^(天|日|day)/.test(unit)) return lastDays(today, count);
  if (/^(周|星期|礼拜|week)/.test(unit)) return lastDays(today, 7 * count);
  if (/^(月|month)/.test(unit)) return { from: addDays(addMonths(today, -count), 1), to: today };
  return undefined;
}

export function weekRange(today: string, shift: number): DateRange {
  return shift === 0 ? { from: weekOf(today, 0).from, to: today } : weekOf(today, shift);
}

/** A month/day with or without a year; year-less ones are the nearest (nearerAhead), else the most recent. */
export function yearless(
  today: string,
  [month, dayOfMonth]: [month: number, dayOfMonth: number],
  year: string | undefined,
): PeriodReading | undefined {
  if (year !== undefined)
    return isValidDate(Number(year), month, dayOfMonth) ? fixed(day(ymd(Number(year), month, dayOfMonth))) : undefined;
  if (!isValidDate(2024, month, dayOfMonth)) return undefined; // 2024 is a leap year: Feb 29 is a real date
  const upcoming = nearerAhead(today, [month, dayOfMonth]);
  return {
    flexible: true,
    at: (k) => {
      if (upcoming !== undefined && k === 0) return day(upcoming);
      const date = recentMonthDay(today, [month, dayOfMonth], upcoming === undefined ? k : k - 1);
      return date ? day(date) : undefined;
    },
  };
}

/** how far ahead a year-less date may lie and still be read as the coming one */
const AHEAD_DAYS = 31;

/**
 * This year's month/day when it is still ahead (at most AHEAD_DAYS) and nearer than the most recent one: "12月5号" asked on
 * 1 December is the coming 5 December (4 days ahead, answered "no data yet"), not last year's (361 days back),
 * while "11月20号" asked on 5 January is last year's. Undefined when the most recent one is the nearer.
 */
function nearerAhead(today: string, [month, dayOfMonth]: [month: number, dayOfMonth: number]): string | undefined {
  const { year } = parts(today);
  if (!isValidDate(year, month, dayOfMonth)) return undefined;
  const ahead = ymd(year, month, dayOfMonth);
  if (ahead <= today) return undefined;
  // a coming date is meant only when it is near (a month ahead at most): 双十一 asked in June is last year's
  if (Date.parse(ahead) - Date.parse(today) > AHEAD_DAYS * 86_400_000) return undefined;
  const behind = recentMonthDay(today, [month, dayOfMonth], 0);
  if (behind === undefined) return ahead;
  return Date.parse(ahead) - Date.parse(today) < Date.parse(today) - Date.parse(behind) ? ahead : undefined;
}

/** "11月1日到7日" / "Nov 1-7": from a (possibly year-less) first day to a later day of the same month. */
function daySpan(options: {
  today: string;
  month: number;
  firstDay: number;
  lastDay: number;
  year: string | undefined;
}): PeriodReading | undefined {
  const { month, lastDay } = options;
  const first = yearless(options.today, [month, options.firstDay], options.year);
  if (!first || lastDay < options.firstDay) return undefined;
  return {
    flexible: first.flexible,
    at: (k) => {
      const start = first.at(k);
      if (!start) return undefined;
      const { year } = parts(start.from);
      return isValidDate(year, month, lastDay) ? { from: start.from, to: ymd(year, month, lastDay) } : undefined;
    },
  };
}

export function monthReading(today: string, month: number, year: string | undefined): PeriodReading | undefined {
  if (month < 1 || month > 12) return undefined;
  if (year !== undefined) return fixed(monthUpToToday(Number(year), month, today));
  const current = parts(today);
  const latestYear = month <= current.month ? current.year : current.year - 1;
  // the coming month when it starts within AHEAD_DAYS, as a year-less date is (nearerAhead): "february" asked on
  // 5 January is the coming February (no data yet), not last year's, eleven months back
  const nextYear =
    month === current.month + 1 ? current.year : current.month === 12 && month === 1 ? current.year + 1 : 0;
  const ahead = nextYear > 0 && Date.parse(ymd(nextYear, month, 1)) - Date.parse(today) <= AHEAD_DAYS * 86_400_000;
  return {
    flexible: true,
    at: (k) =>
      ahead && k === 0 ? wholeMonth(nextYear, month) : monthUpToToday(latestYear - (ahead ? k - 1 : k), month, today),
  };
}

export function weekdayReading(today: string, weekday: number): PeriodReading {
  const latest = mostRecentWeekday(today, weekday);
  return { flexible: true, at: (k) => day(addDays(latest, -7 * k)) };
}

function weekendReading(today: string, shift: number | undefined): PeriodReading {
  if (shift !== undefined) {
    const saturday = weekdayInWeek(today, shift, 6);
    return fixed({ from: saturday, to: addDays(saturday, 1) })!;
  }
  const saturday = mostRecentWeekday(today, 6);
  return { flexible: true, at: (k) => ({ from: addDays(saturday, -7 * k), to: addDays(saturday, 1 - 7 * k) }) };
}

// ---- parts of months, week numbers, quarters, holidays (issue 15) ---------------------

const ZH_SMALL: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, '1': 1, '2': 2, '3': 3, '4': 4 };

/** a range capped at today when it is in progress; kept whole (the skill says "future") when ahead */
export function upToToday(range: DateRange, today: string): DateRange {
  return range.from <= today && today <= range.to ? { from: range.from, to: today } : range;
}

/** the month a prefix names (上个月, 本月, 11月, last month, November), undefined = this month */
export function monthOfPrefix(
  today: string,
  named: { prefix?: string | undefined; number?: string | undefined; year?: string | undefined },
): { year: number; month: number } {
  const { prefix, number, year } = named;
  if (number !== undefined) {
    const month = Number(number);
    if (year !== undefined) return { year: Number(year), month };
    const current = parts(today);
    return { year: month <= current.month ? current.year : current.year - 1, month };
  }
  const text = prefix ?? '';
  const shift = /^(上上|month\s+before\s+last)/.test(text)
    ? -2
    : /^(上|last|previous)/.test(text)
      ? -1
      : /^(下|next)/.test(text)
        ? 1
        : 0;
  return shiftMonth(today, shift);
}

/** 上旬 1–10, 中旬 11–20, 下旬 21–end; early/mid/late likewise; first/second half 1–15 / 16–end */
export function monthPart(
  [year, month]: [year: number, month: number],
  part: 'early' | 'mid' | 'late' | 'first_half' | 'second_half',
  today: string,
): DateRange | undefined {
  if (month < 1 || month > 12) return undefined;
  const last = daysInMonth(year, month);
  const [from, to] =
    part === 'early'
      ? [1, 10]
      : part === 'mid'
        ? [11, 20]
        : part === 'late'
          ? [21, last]
          : part === 'first_half'
            ? [1, 15]
            : [16, last];
  return upToToday({ from: ymd(year, month, from), to: ymd(year, month, to) }, today);
}

/** ISO week `week` of `year` (Monday..Sunday) */
export function isoWeek(year: number, week: number): DateRange | undefined {
  if (week < 1 || week > 53) return undefined;
  const jan4 = ymd(year, 1, 4);
  const monday = addDays(jan4, 1 - (((new Date(`${jan4}T00:00:00Z`).getUTCDay() + 6) % 7) + 1));
  const from = addDays(monday, 7 * (week - 1));
  if (week === 53 && parts(addDays(from, 3)).year !== year) return undefined;
  return { from, to: addDays(from, 6) };
}

/** week N said without a year: this year's, or last year's when this year's has not begun */
function weekNumberReading(today: string, week: number, year: string | undefined): PeriodReading | undefined {
  const thisYear =
    year !== undefined
      ? Number(year)
      : parts(addDays(today, 3 - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7))).year;
  let range = isoWeek(thisYear, week);
  if (year === undefined && (!range || range.from > today)) range = isoWeek(thisYear - 1, week);
  return range ? fixed(upToToday(range, today)) : undefined;
}

export function quarterRange(year: number, quarter: number): DateRange {
  const first = 3 * (quarter - 1) + 1;
  return { from: ymd(year, first, 1), to: ymd(year, first + 2, daysInMonth(year, first + 2)) };
}

/** Q3 without a year: the most recent Q3 that has begun */
export function quarterReading(today: string, quarter: number, year: string | undefined): PeriodReading | undefined {
  if (quarter < 1 || quarter > 4) return undefined;
  const current = parts(today).year;
  let range = quarterRange(year !== undefined ? Number(year) : current, quarter);
  if (year === undefined && range.from > today) range = quarterRange(current - 1, quarter);
  return fixed(upToToday(range, today));
}

export function relativeQuarter(today: string, shift: number): PeriodReading | undefined {
  const { year, month } = parts(today);
  const index = year * 4 + Math.floor((month - 1) / 3) + shift;
  const range = quarterRange(Math.floor(index / 4), (index % 4) + 1);
  return fixed(shift === 0 ? upToToday(range, today) : range);
}

/**
 * A named public holiday or festival, from the holiday calendar the appliance
 * ships (date-holidays, offline): the consecutive days of that holiday in the
 * most recent year it has begun. Chinese festivals from the CN calendar;
 * Thanksgiving and Christmas from the US one.
 */
export const HOLIDAYS: Array<{
  pattern: string;
  country: string;
  name: RegExp;
  cn?: CnHoliday;
  /** the calendar's days begin on the festival's eve (春节 on 除夕): its own day is the next one */
  eve?: boolean;
}> = [
  {
    pattern: '国庆节?|国庆假期|国庆长假|十一长假|十一黄金周|黄金周|\\bnational\\s+day\\b|\\bgolden\\s+week\\b',
    country: 'CN',
    name: /^National Day$/,
    cn: 'national_day',
  },
  {
    pattern: '春节|过年期间|\\bspring\\s+festival\\b|\\bchinese\\s+new\\s+year\\b|\\blunar\\s+new\\s+year\\b',
    country: 'CN',
    name: /^Spring Festival$/,
    cn: 'spring',
    eve: true,
  },
  { pattern: "元旦|\\bnew\\s+year'?s?\\s+day\\b", country: 'CN', name: /^New Year's Day$/, cn: 'new_year' },
  {
    pattern: '劳动节|五一(?:假期|长假)?|\\blabou?r\\s+day\\b|\\bmay\\s+day\\b',
    country: 'CN',
    name: /^Labour Day$/,
    cn: 'labour',
  },
  {
    pattern: '清明节?|\\bqingming(?:\\s+festival)?\\b|\\btomb[- ]sweeping\\s+day\\b',
    country: 'CN',
    name: /^Qingming Festival$/,
    cn: 'qingming',
  },
  {
    pattern: '端午节?|\\bdragon\\s+boat\\s+festival\\b',
    country: 'CN',
    name: /^Dragon Boat Festival$/,
    cn: 'dragon_boat',
  },
  {
    pattern: '中秋节?|\\bmid-?autumn(?:\\s+festival)?\\b',
    country: 'CN',
    name: /^Mid-Autumn Festival$/,
    cn: 'mid_autumn',
  },
  { pattern: '感恩节|\\bthanksgiving(?:\\s+day)?\\b', country: 'US', name: /^Thanksgiving Day$/ },
  { pattern: '平安夜|\\bchristmas\\s+eve\\b', country: 'US', name: /^Christmas Eve$/ },
  { pattern: '圣诞节?|\\bchristmas(?:\\s+day)?\\b|\\bxmas\\b', country: 'US', name: /^Christmas Day$/ },
  // the day after Thanksgiving, as the US calendar names it
  {
    pattern: '黑色星期五|黑五|\\bblack\\s+friday\\b|\\bday\\s+after\\s+thanksgiving(?:\\s+day)?\\b',
    country: 'US',
    name: /^Day after Thanksgiving Day$/,
  },
  {
    pattern: '忏悔祈祷日|\\bbu(?:ß|ss)-?\\s*und\\s+bettag\\b|\\bday\\s+of\\s+prayer\\s+and\\s+repentance\\b',
    country: 'DE',
    name: /^Day of Prayer and Repentance$/,
  },
];

export function holidayRange(country: string, name: RegExp, year: number): DateRange | undefined {
  const days = holidaysOf(country, year)
    .filter((entry) => name.test(entry.name))
    .map((entry) => ({ from: entry.date, to: entry.end_date }));
  if (days.length === 0) return undefined;
  days.sort((a, b) => a.from.localeCompare(b.from));
  // the first run of consecutive days
  let range = { ...days[0]! };
  for (const next of days.slice(1)) {
    if (next.from <= addDays(range.to, 1)) range = { from: range.from, to: next.to > range.to ? next.to : range.to };
    else break;
  }
  return range;
}

/**
 * A named holiday: the most recent one that has begun (or the year named). `daysOff`: the days off as
 * arranged that year (国庆假期, 春节放假那几天: holiday-periods.ts), else the calendar's own days.
 */
export function holidayReading(
  today: string,
  index: number,
  options: { year?: string | undefined; daysOff?: boolean } = {},
): PeriodReading | undefined {
  const holiday = HOLIDAYS[index];
  if (!holiday) return undefined;
  const rangeOf = (year: number): DateRange | undefined =>
    (options.daysOff && holiday.cn ? arrangedDaysOff(holiday.cn, year) : undefined) ??
    holidayRange(holiday.country, holiday.name, year);
  // the festival's own day of a year (春节: 正月初一, the day after the calendar's first day, 除夕)
  const withDay = (reading: PeriodReading | undefined, year: number): PeriodReading | undefined => {
    const own = holiday.eve ? holidayRange(holiday.country, holiday.name, year) : undefined;
    return reading && own ? { ...reading, day: addDays(own.from, 1) } : reading;
  };
  if (options.year !== undefined) {
    const range = rangeOf(Number(options.year));
    return withDay(fixed(range ? upToToday(range, today) : undefined), Number(options.year));
  }
  const current = parts(today).year;
  const year = [current, current - 1].find((candidate) => {
    const range = rangeOf(candidate);
    return range && range.from <= today;
  });
  const latest = year === undefined ? undefined : rangeOf(year);
  return year === undefined ? fixed(undefined) : withDay(fixed(latest ? upToToday(latest, today) : undefined), year);
}

/** words after (or in) a holiday's name that mean its days off rather than the festival's own days */
export const DAYS_OFF =
  /假期|长假|黄金周|放假|期间|那几天|那\s*\d+\s*天|\bgolden\s+week\b|\bholidays?\b|\bbreak\b|\bvacation\b/;

const YEAR_WORD: Record<string, number> = { 今年: 0, 去年: -1, 前年: -2, 明年: 1, 后年: 2 };

/**
 * The year a word before a holiday's name says: 去年 / last year's: the year before; this / 今年: this
 * year's; next: the coming one (this year's while it is ahead, else next year's); last: the latest one
 * begun (undefined: holidayReading's own default).
 */
function relativeYear(word: string, today: string, index: number): string | undefined {
  const year = parts(today).year;
  const said = word.replace(/\s+/g, ' ').replace(/'/g, '');
  if (said in YEAR_WORD) return String(year + (YEAR_WORD[said] ?? 0));
  if (said === 'last years') return String(year - 1);
  if (said === 'this years' || said === 'this') return String(year);
  if (said === 'next years') return String(year + 1);
  if (said === 'next') {
    const holiday = HOLIDAYS[index];
    const range = holiday ? holidayRange(holiday.country, holiday.name, year) : undefined;
    return String(range && range.from > today ? year : year + 1);
  }
  return undefined;
}

const HOLIDAY_RE = new RegExp(
  // a year said before the name: 2025年, 去年, last year's, last / this / next (relativeYear)
  String.raw`(?:(\d{4})\s*年\s*|(今年|去年|前年|明年|后年|\b(?:last|this|next)\s+year'?s|\b(?:last|this|next)\b)\s*的?\s*)?` +
    `(?:(${HOLIDAYS.map((entry) => entry.pattern).join(')|(')}))(?:\\s*(\\d{4})\\b)?` +
    // the days off said after the name: 国庆假期, 春节放假那几天, 中秋放假3天, 国庆那几天, 中秋那三天
    String.raw`(?:\s*的?\s*(?:小长假|长假|假期|黄金周|放假(?:的)?(?:那几天|期间|\s*\d+\s*天)?|那几天|那\s*\d+\s*天|期间))?`,
  'g',
);

const PART_ZH: Record<string, 'early' | 'mid' | 'late' | 'first_half' | 'second_half'> = {
  上旬: 'early',
  中旬: 'mid',
  下旬: 'late',
  上半月: 'first_half',
  下半月: 'second_half',
  前半月: 'first_half',
  后半月: 'second_half',
};
const PART_EN: Record<string, 'early' | 'mid' | 'late' | 'first_half' | 'second_half'> = {
  early: 'early',
  beginning: 'early',
  mid: 'mid',
  middle: 'mid',
  late: 'late',
  end: 'late',
  'first half': 'first_half',
  'second half': 'second_half',
  'last half': 'second_half',
  'first ten days': 'early',
  'first 10 days': 'early',
  'last ten days': 'late',
  'last 10 days': 'late',
  // 上旬 / 中旬 / 下旬 said in English: the first, middle, last ten days
  'middle ten days': 'mid',
  'middle 10 days': 'mid',
  'mid ten days': 'mid',
  'mid 10 days': 'mid',
  'second ten days': 'mid',
  'second 10 days': 'mid',
};
const EN_PART = [
  String.raw`(early|beginning|mid|middle|late|end|first\s+half|second\s+half|last\s+half`,
  String.raw`|(?:first|middle|mid|second|last)\s+(?:ten|10)\s+days)`,
].join('');
const EN_MONTH_REF = `(?:(this|last|previous|next)\\s+month|${EN_MONTH_RE}(?:\\s+(\\d{4}))?)`;

export const EXTRA_PERIOD_RULES: PeriodRule[] = [
  // 3天前, 三天以前 — one day, N days back
  {
    name: 'zh-days-ago',
    pattern: /(\d{1,3})\s*(?:天|日)\s*(?:前|以前|之前)(?![^\s，,。？?]{0,2}(?:到|至))/g,
    read: (m, today) => fixed(day(addDays(today, -Number(m[1])))),
  },
  // 两周前的周四, 2个星期前的星期四, 上上周四 exists already
  {
    name: 'zh-weeks-ago-weekday',
    pattern: new RegExp(
      `(\\d{1,2}|两)\\s*个?${ZH_WEEK}\\s*(?:前|以前|之前)\\s*的?\\s*${ZH_WEEK}${ZH_WEEKDAY_CHAR}`,
      'g',
    ),
    read: (m, today) =>
      fixed(day(weekdayInWeek(today, -(m[1] === '两' ? 2 : Number(m[1])), ZH_WEEKDAY[m[2] ?? ''] ?? 1))),
  },
  // 两周前 / 2周前: the whole week N weeks back
  {
    name: 'zh-weeks-ago',
    pattern: new RegExp(`(\\d{1,2}|两)\\s*个?${ZH_WEEK}\\s*(?:前|以前|之前)(?!\\s*的?\\s*${ZH_WEEK})`, 'g'),
    read: (m, today) => fixed(weekOf(today, -(m[1] === '两' ? 2 : Number(m[1])))),
  },
  // 本月上旬, 11月中旬, 上个月下旬, 上半月
  {
    name: 'zh-month-part',
    pattern:
      /(?:(?:(\d{4})\s*年\s*|(今年|去年|前年)\s*)?(\d{1,2})\s*月份?|(上上个?|上1?个?|这1?个?|本|当|下1?个?)月)?\s*的?\s*(上旬|中旬|下旬|上半月|下半月|前半月|后半月)/g,
    read: (m, today) => {
      const yearWord =
        m[2] === undefined
          ? m[1]
          : String(parts(today).year + ({ 今年: 0, 去年: -1, 前年: -2 } as Record<string, number>)[m[2]]!);
      const { year, month } = monthOfPrefix(today, { prefix: m[4], number: m[3], year: yearWord });
      return fixed(monthPart([year, month], PART_ZH[m[5] ?? ''] ?? 'early', today));
    },
  },
  // 第48周, 2026年第48周 (ISO weeks; not 11月第二周, which stays unresolved)
  {
    name: 'zh-week-number',
    pattern: /(?<!月\s*)(?:(\d{4})\s*年\s*)?第\s*(\d{1,2})\s*(?:周|个?星期|个?礼拜)/g,
    read: (m, today) => weekNumberReading(today, Number(m[2]), m[1]),
  },
  // 第三季度, 2026年第1季度, 上季度, 本季度, 今年第二季度; 三季度 said first ("三季度四条线": 季度, then a count)
  {
    name: 'zh-quarter',
    pattern:
      /(?:(\d{4})\s*年|(今年|去年|前年))?\s*的?\s*第?\s*([1-4一二三四])\s*季(?:度|(?!\d))|(上上个?|上1?个?|这1?个?|本|当|下1?个?)季度?/g,
    read: (m, today) => {
      if (m[4] !== undefined)
        return relativeQuarter(today, /^上上/.test(m[4]) ? -2 : /^上/.test(m[4]) ? -1 : /^下/.test(m[4]) ? 1 : 0);
      if (!/季/.test(m[0])) return undefined;
      const yearWord =
        m[2] === undefined
          ? m[1]
          : String(parts(today).year + ({ 今年: 0, 去年: -1, 前年: -2 } as Record<string, number>)[m[2]]!);
      return quarterReading(today, ZH_SMALL[m[3] ?? ''] ?? 0, yearWord);
    },
  },
  // 本月至今, 这个月到现在, 年初至今, 本季度至今, 季初至今
  {
    name: 'zh-to-date',
    pattern:
      /(本月|这个?月|当月|月初|本年|今年|年初|本季度?|这个?季度|当季度?|季初|季度初)\s*(?:至今|以来|到现在|到目前|到今天|迄今)/g,
    read: (m, today) =>
      fixed(toDate(today, /季/.test(m[1] ?? '') ? 'quarter' : /月/.test(m[1] ?? '') ? 'month' : 'year')),
  },
  // 11.18-11.19, 11/18-11/19, 11.18~19
  {
    name: 'numeric-month-day-span',
    pattern:
      /(?<![\d./-])(\d{1,2})\s*[./]\s*(\d{1,2})\s*(?:-|–|—|~|〜|到|至|to)\s*(?:(\d{1,2})\s*[./]\s*)?(\d{1,2})(?![\d./%])/g,
    read: (m, today) => {
      const [month, firstDay] = [Number(m[1]), Number(m[2])];
      const endMonth = m[3] !== undefined ? Number(m[3]) : month;
      const lastDay = Number(m[4]);
      if (endMonth === month) return daySpan({ today, month, firstDay, lastDay, year: undefined });
      const start = yearless(today, [month, firstDay], undefined);
      const end = start?.at(0) ? parts(start.at(0)!.from) : undefined;
      if (!start || !end) return undefined;
      const endYear = endMonth < month ? end.year + 1 : end.year;
      if (!isValidDate(endYear, endMonth, lastDay)) return undefined;
      return fixed({ from: start.at(0)!.from, to: ymd(endYear, endMonth, lastDay) });
    },
  },
  // 3 days ago, two days ago
  {
    name: 'en-days-ago',
    pattern: new RegExp(`\\b${EN_COUNT}\\s+days?\\s+ago\\b`, 'g'),
    read: (m, today) => fixed(day(addDays(today, -countOf(m[1])))),
  },
  // Tuesday of last week, Tuesday last week, Thursday two weeks ago, the Thursday of the week before last
  {
    name: 'en-weekday-of-week',
    pattern: new RegExp(
      `\\b(?:on\\s+)?(?:the\\s+)?${EN_WEEKDAY_ANY}\\s+(?:of\\s+)?(?:(?:the\\s+)` +
        `?(last|previous|this|next)\\s+week|(?:the\\s+)` +
        `?week\\s+before\\s+last|${EN_COUNT}\\s+weeks?\\s+ago)\\b`,
      'g',
    ),
    read: (m, today) => {
      const shift = m[2] !== undefined ? weekShift(m[2]) : m[3] !== undefined ? -countOf(m[3]) : -2;
      return fixed(day(weekdayInWeek(today, shift, EN_WEEKDAY[m[1] ?? ''] ?? 1)));
    },
  },
  // two weeks ago: that whole week
  {
    name: 'en-weeks-ago',
    pattern: new RegExp(`\\b${EN_COUNT}\\s+weeks?\\s+ago\\b`, 'g'),
    read: (m, today) => fixed(weekOf(today, -countOf(m[1]))),
  },
  // "the 18th", "on the 2nd" — a day of the month alone (needs the ordinal)
  {
    name: 'en-day-only',
    pattern: new RegExp(
      [
        String.raw`\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|`,
        String.raw`feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\s+(?:week|quarter|`,
        String.raw`half|shift|line|machine|press))`,
      ].join(''),
      'g',
    ),
    read: (m, today) => {
      const dayOfMonth = Number(m[1]);
      if (dayOfMonth < 1 || dayOfMonth > 31) return undefined;
      return {
        flexible: true,
        dayOnly: dayOfMonth,
        at: (k) => {
          const date = recentDayOfMonth(today, dayOfMonth, k);
          return date ? day(date) : undefined;
        },
      };
    },
  },
  // early November, mid last month, the first half of this month, late Oct
  {
    name: 'en-month-part',
    pattern: new RegExp(
      `\\b(?:in\\s+|during\\s+)?(?:the\\s+)?${EN_PART}(?:\\s+of)?[- ]\\s*(?:the\\s+)?${EN_MONTH_REF}`,
      'g',
    ),
    read: (m, today) => {
      const part = PART_EN[(m[1] ?? '').replace(/\s+/g, ' ')] ?? 'early';
      const named = m[3] !== undefined ? monthNumber(m[3]) : undefined;
      const { year, month } =
        named !== undefined
          ? monthOfPrefix(today, { number: String(named), year: m[4] })
          : monthOfPrefix(today, { prefix: m[2] });
      return fixed(monthPart([year, month], part, today));
    },
  },
  // week 48, wk 48, cw48, KW 48, week #48, week 48 of 2026, W48, ISO week 53, ISO 53, 2026-W53
  {
    name: 'en-week-number',
    pattern: new RegExp(
      String.raw`\b(?:iso[- ]?)?(?:(?:calendar\s+)?week|wk|cw|kw)\s*(?:#|no\.?\s*|number\s+)?(\d{1,2})\b` +
        String.raw`(?:\s*(?:of|,)?\s*(\d{4})\b)?|\biso\s*(?:#\s*)?(\d{1,2})\b(?:\s*(?:of|,)?\s*(\d{4})\b)?` +
        String.raw`|\bw(\d{1,2})\b(?:\s*(?:of|,)?\s*(\d{4})\b)?|\b(\d{4})-?w(\d{1,2})\b`,
      'g',
    ),
    read: (m, today) => weekNumberReading(today, Number(m[1] ?? m[3] ?? m[5] ?? m[8]), m[2] ?? m[4] ?? m[6] ?? m[7]),
  },
  // Q3, Q3 2026, 2026 Q3, the third quarter, this/last quarter
  {
    name: 'en-quarter',
    pattern: new RegExp(
      [
        String.raw`\b(?:(\d{4})\s*)?q([1-4])\b(?:\s*(\d{4})\b)?`,
        String.raw`\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b(?:\s+(?:of\s+)?(\d{4})\b)?`,
        String.raw`\b(this|last|previous|next|current|past)\s+quarter\b`,
      ].join('|'),
      'g',
    ),
    read: (m, today) => {
      if (m[6] !== undefined)
        return relativeQuarter(
          today,
          m[6] === 'last' || m[6] === 'previous' || m[6] === 'past' ? -1 : m[6] === 'next' ? 1 : 0,
        );
      if (m[2] !== undefined) return quarterReading(today, Number(m[2]), m[1] ?? m[3]);
      const ordinal: Record<string, number> = {
        first: 1,
        '1st': 1,
        second: 2,
        '2nd': 2,
        third: 3,
        '3rd': 3,
        fourth: 4,
        '4th': 4,
      };
      return quarterReading(today, ordinal[m[4] ?? ''] ?? 0, m[5]);
    },
  },
  // year to date, YTD, quarter to date, QTD, month to date, MTD, so far this month
  {
    name: 'en-to-date',
    pattern: new RegExp(
      String.raw`\b(year|quarter|month)[- ]to[- ]date\b|\b(ytd|qtd|mtd)\b|\bso\s+far\s+this\s+(year|quarter|month)\b` +
        String.raw`|\bthis\s+(year|quarter|month)\s+so\s+far\b`,
      'g',
    ),
    read: (m, today) => {
      const said = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
      return fixed(
        toDate(today, /^(?:y|year)/.test(said) ? 'year' : /^(?:q|quarter)/.test(said) ? 'quarter' : 'month'),
      );
    },
  },
  // named holidays and festivals, from the shipped holiday calendar
  {
    name: 'holiday',
    pattern: HOLIDAY_RE,
    read: (m, today) => {
      const index = m.slice(3, 3 + HOLIDAYS.length).findIndex((group) => group !== undefined);
      const relative = m[2] !== undefined ? relativeYear(m[2], today, index) : undefined;
      const year = m[1] ?? relative ?? m[3 + HOLIDAYS.length];
      const reading = holidayReading(today, index, {
        year,
        daysOff: DAYS_OFF.test(m[0]) || /^(?:十一|过年)/.test(m[3 + index] ?? ''),
      });
      // 中秋那三天: the days off when they are that many, else the festival's own days when they are; a count
      // that fits neither is not read (the days are asked, not guessed)
      const count = /那\s*(\d+)\s*天/.exec(m[0])?.[1];
      if (count === undefined) return reading;
      const length = (range: DateRange | undefined): number =>
        range ? (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1 : 0;
      if (length(reading?.at(0)) === Number(count)) return reading;
      const own = holidayReading(today, index, { year, daysOff: false });
      return length(own?.at(0)) === Number(count) ? own : undefined;
    },
  },
];

export const PERIOD_RULES: PeriodRule[] = [
  ...EXTRA_PERIOD_RULES,
  // ---- Chinese -------------------------------------------------------------
  {
    name: 'zh-relative-day',
    pattern: /大前天|前天|昨天|昨日|昨晚|昨夜|今天|今日|今晚|今早|明天|明日|大后天|后天/g,
    read: (m, today) => {
      const offsets: Record<string, number> = {
        大前天: -3,
        前天: -2,
        昨天: -1,
        昨日: -1,
        昨晚: -1,
        昨夜: -1,
        今天: 0,
        今日: 0,
        今晚: 0,
        今早: 0,
        明天: 1,
        明日: 1,
        后天: 2,
        大后天: 3,
      };
      return fixed(day(addDays(today, offsets[m[0]] ?? 0)));
    },
  },
  {
    name: 'zh-week-day',
    pattern: new RegExp(`(上上个?|上1?个?|这1?个?|本|下1?个?)${ZH_WEEK}${ZH_WEEKDAY_CHAR}`, 'g'),
    read: (m, today) => fixed(day(weekdayInWeek(today, weekShift(m[1] ?? ''), ZH_WEEKDAY[m[2] ?? ''] ?? 1))),
  },
  {
    name: 'zh-week',
    pattern: new RegExp(`(上上个?|上1?个?|这1?个?|本|下1?个?)${ZH_WEEK}(?!末)`, 'g'),
    read: (m, today) => fixed(weekRange(today, weekShift(m[1] ?? ''))),
  },
  {
    name: 'zh-weekend',
    pattern: /(上上个?|上1?个?|这1?个?|本|下1?个?)?周末/g,
    read: (m, today) => weekendReading(today, m[1] === undefined ? undefined : weekShift(m[1])),
  },
  {
    name: 'zh-bare-weekday',
    pattern: new RegExp(`(?<![上下这本个1每])${ZH_WEEK}${ZH_WEEKDAY_CHAR}`, 'g'),
    read: (m, today) => weekdayReading(today, ZH_WEEKDAY[m[1] ?? ''] ?? 1),
  },
  {
    name: 'zh-ahead',
    pattern: /(?:未来|接下来|今后|往后)\s*的?\s*(\d{1,3})\s*个?\s*(天|日|周|星期|礼拜|月)/g,
    read: (m, today) => fixed(ahead(today, countOf(m[1]), m[2] ?? '')),
  },
  {
    name: 'zh-rolling',
    pattern: /(?:最近|近|过去|过往|滚动)\s*的?\s*(\d{1,3})?\s*个?\s*(天|日|周|星期|礼拜|月)/g,
    read: (m, today) =>
      m[1] === undefined && /天|日/.test(m[2] ?? '') ? undefined : fixed(rolling(today, countOf(m[1]), m[2] ?? '')),
  },
  {
    name: 'zh-month',
    pattern: /(上上个?|上1?个?|这1?个?|本|当|下1?个?)月(?!份?\d(?!\d*\s*(?:次|条|台|个|件|种|张|批|位|名|项|班)))/g,
    read: (m, today) => {
      const prefix = m[1] ?? '';
      const shift = /^上上/.test(prefix) ? -2 : /^上/.test(prefix) ? -1 : /^下/.test(prefix) ? 1 : 0;
      const target = shiftMonth(today, shift);
      return fixed(
        shift === 0 ? monthUpToToday(target.year, target.month, today) : wholeMonth(target.year, target.month),
      );
    },
  },
  {
    name: 'zh-year',
    pattern: /今年|本年|去年|前年|明年/g,
    read: (m, today) => {
      const shift: Record<string, number> = { 今年: 0, 本年: 0, 去年: -1, 前年: -2, 明年: 1 };
      return fixed(yearUpToToday(parts(today).year + (shift[m[0]] ?? 0), today));
    },
  },
  {
    name: 'zh-date-span',
    pattern: /(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*(?:日|号)?\s*(?:-|~|到|至)\s*(\d{1,2})\s*(?:日|号)/g,
    read: (m, today) =>
      daySpan({ today, month: Number(m[2]), firstDay: Number(m[3]), lastDay: Number(m[4]), year: m[1] }),
  },
  {
    name: 'zh-date',
    pattern: /(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*(?:日|号)?(?![\d:])/g,
    read: (m, today) => yearless(today, [Number(m[2]), Number(m[3])], m[1]),
  },
  {
    name: 'zh-month-name',
    pattern: /(?:(\d{4})\s*年\s*|(今年|去年|前年)\s*的?)?(\d{1,2})\s*月份?(?!\s*\d)/g,
    read: (m, today) =>
      monthReading(
        today,
        Number(m[3]),
        m[2] === undefined
          ? m[1]
          : String(parts(today).year + ({ 今年: 0, 去年: -1, 前年: -2 } as Record<string, number>)[m[2]]!),
      ),
  },
  {
    name: 'zh-year-name',
    pattern: /(\d{4})\s*年(?!\s*\d)/g,
    read: (m, today) => fixed(yearUpToToday(Number(m[1]), today)),
  },
  {
    // a year said in English with a word that makes it one ("in 2026", "for 2024", "the full year 2026", "2026 full
    // year", "year 2025"): the year, up to today (a year alone, "2026", stays unread: a count or a code; 2026-W53 is a
    // week); after in / for / of the label is the year alone, as the holiday calendar echoes it
    name: 'en-year-name',
    pattern: new RegExp(
      String.raw`(?:(?<=\b(?:in|for|of|during|over|throughout|through)\s+(?:the\s+)?)` +
        String.raw`|\b(?:the\s+)?(?:full|whole|entire|calendar)\s+(?:year\s+)?(?:of\s+)?|\byear\s+)` +
        String.raw`(20\d{2})\b(?!\s*[-/.:年]\s*\d|\s*-?\s*w\s*\d)|\b(20\d{2})\s+(?:full|whole|entire|calendar)\s+year\b`,
      'g',
    ),
    read: (m, today) => fixed(yearUpToToday(Number(m[1] ?? m[2]), today)),
  },
  {
    name: 'zh-day-only',
    pattern: /(?<![\d月/.\-]|\d\s*:\s*)(\d{1,2})\s*(?:日|号)(?![线机台位炉])/g,
    read: (m, today) => {
      const dayOfMonth = Number(m[1]);
      if (dayOfMonth < 1 || dayOfMonth > 31) return undefined;
      return {
        flexible: true,
        dayOnly: dayOfMonth,
        at: (k) => {
          const date = recentDayOfMonth(today, dayOfMonth, k);
          return date ? day(date) : undefined;
        },
      };
    },
  },
  // ---- numeric -------------------------------------------------------------
  {
    name: 'iso-date',
    pattern: /(?<![\d-])(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})(?![\d:])/g,
    read: (m) => {
      const [year, month, dayOfMonth] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return isValidDate(year, month, dayOfMonth) ? fixed(day(ymd(year, month, dayOfMonth))) : undefined;
    },
  },
  // 11/25 or 25/11 without a year: read only when one side cannot be a month
  {
    name: 'slash-month-day',
    pattern: /(?<![\d/.\-])(\d{1,2})\s*\/\s*(\d{1,2})(?![\d/.\-])/g,
    read: (m, today) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      if (a <= 12 && b > 12) return yearless(today, [a, b], undefined);
      if (a > 12 && b <= 12) return yearless(today, [b, a], undefined);
      return undefined; // 11/12: November 12th or 11 December? Ask.
    },
  },
  // ---- English -------------------------------------------------------------
  {
    name: 'en-relative-day',
    pattern:
      /\b(?:the\s+)?day\s+before\s+yesterday\b|\b(?:the\s+)?day\s+after\s+tomorrow\b|\byesterday\b|\btoday\b|\btonight\b|\btomorrow\b/g,
    read: (m, today) => {
      const text = m[0];
      const offset = /before/.test(text)
        ? -2
        : /after/.test(text)
          ? 2
          : /yesterday/.test(text)
            ? -1
            : /tomorrow/.test(text)
              ? 1
              : 0;
      return fixed(day(addDays(today, offset)));
    },
  },
  {
    name: 'en-week',
    pattern: /\b(?:the\s+)?(this|last|previous|next|current|past)\s+week\b|\b(?:the\s+)?week\s+before\s+last\b/g,
    read: (m, today) => {
      if (m[1] === 'past') return fixed(lastDays(today, 7));
      return fixed(weekRange(today, m[1] === undefined ? -2 : weekShift(m[1])));
    },
  },
  {
    name: 'en-month',
    pattern: /\b(this|last|previous|next|current|past)\s+month\b/g,
    read: (m, today) => {
      if (m[1] === 'past') return fixed(rolling(today, 1, 'month'));
      const shift = m[1] === 'last' || m[1] === 'previous' ? -1 : m[1] === 'next' ? 1 : 0;
      const target = shiftMonth(today, shift);
      return fixed(
        shift === 0 ? monthUpToToday(target.year, target.month, today) : wholeMonth(target.year, target.month),
      );
    },
  },
  {
    name: 'en-year',
    pattern: /\b(this|last|previous|next|current)\s+year\b/g,
    read: (m, today) =>
      fixed(
        yearUpToToday(
          parts(today).year + (m[1] === 'last' || m[1] === 'previous' ? -1 : m[1] === 'next' ? 1 : 0),
          today,
        ),
      ),
  },
  {
    name: 'en-ahead',
    pattern: new RegExp(
      `\\b(?:the\\s+)?(?:next|coming|following|upcoming)\\s+${EN_COUNT}\\s+(days?|weeks?|months?)\\b`,
      'g',
    ),
    read: (m, today) => fixed(ahead(today, countOf(m[1]), m[2] ?? '')),
  },
  {
    // the last 30 days, the past 2 weeks; rolling / trailing 30 days (a rolling window ends today), 30-day rolling
    name: 'en-rolling',
    pattern: new RegExp(
      `\\b(?:the\\s+)?(?:(?:last|past|previous|recent)(?:\\s+(?:rolling|trailing))?|rolling|trailing)\\s+` +
        `${EN_COUNT}[\\s-]+(days?|weeks?|months?)\\b(?:\\s+(?:rolling|trailing)\\b)?` +
        `|\\b${EN_COUNT}[\\s-]+(days?|weeks?|months?)\\s+(?:rolling|trailing)\\b`,
      'g',
    ),
    read: (m, today) => fixed(rolling(today, countOf(m[1] ?? m[3]), m[2] ?? m[4] ?? '')),
  },
  {
    name: 'en-week-day',
    pattern: new RegExp(`\\b(last|previous|this|next)\\s+${EN_WEEKDAY_ANY}\\b`, 'g'),
    read: (m, today) => fixed(day(weekdayInWeek(today, weekShift(m[1] ?? ''), EN_WEEKDAY[m[2] ?? ''] ?? 1))),
  },
  {
    name: 'en-weekend',
    pattern: /\b(?:(last|previous|this|next)\s+|the\s+|on\s+the\s+)?weekend\b/g,
    read: (m, today) => weekendReading(today, m[1] === undefined ? undefined : weekShift(m[1])),
  },
  {
    name: 'en-bare-weekday',
    pattern: new RegExp(`\\b(?:on\\s+)?${EN_WEEKDAY_FULL}\\b`, 'g'),
    read: (m, today) => weekdayReading(today, EN_WEEKDAY[m[1] ?? ''] ?? 1),
  },
  {
    name: 'en-month-day-span',
    pattern: new RegExp(
      `\\b${EN_MONTH_RE}\\.?\\s+(\\d{1,2})${ORDINAL}\\s*(?:-|–|to|through|until|till)\\s*(\\d{1,2})${ORDINAL}(?![\\d:])(?:\\s*,?\\s*(\\d{4}))?`,
      'g',
    ),
    read: (m, today) =>
      daySpan({ today, month: monthNumber(m[1] ?? ''), firstDay: Number(m[2]), lastDay: Number(m[3]), year: m[4] }),
  },
  {
    name: 'en-month-day',
    pattern: new RegExp(
      `\\b${EN_MONTH_RE}\\.?\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}(?![\\d:])(?:\\s*,?\\s*(\\d{4})\\b)?`,
      'g',
    ),
    read: (m, today) => yearless(today, [monthNumber(m[1] ?? ''), Number(m[2])], m[3]),
  },
  {
    name: 'en-day-month',
    pattern: new RegExp(
      `\\b(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${EN_MONTH_RE}\\b\\.?(?:\\s*,?\\s*(\\d{4})\\b)?`,
      'g',
    ),
    read: (m, today) => yearless(today, [monthNumber(m[2] ?? ''), Number(m[1])], m[3]),
  },
  {
    name: 'en-month-name',
    pattern: new RegExp(
      [
        String.raw`\b(?:(?:in|for|during|of|since|from)\s+(?:the\s+month\s+of\s+)`,
        String.raw`?)(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|`,
        String.raw`july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|`,
        String.raw`dec(?:ember)?)\b(?!\.?\s*\d{1,2}(?!\d))(?:\s+(\d{4})\b)?|\b(january|`,
        // a month said alone, full or short ("Nov defect rate", "Dec vs Nov"): not mar / may, which are words
        String.raw`february|april|june|july|august|september|october|november|december|jan|feb|apr|jun|jul|aug|`,
        String.raw`sept?|oct|nov|dec)`,
        String.raw`\b(?!\.?\s*\d{1,2}(?!\d))(?:\s+(\d{4})\b)?`,
      ].join(''),
      'g',
    ),
    read: (m, today) => monthReading(today, monthNumber(m[1] ?? m[3] ?? ''), m[2] ?? m[4]),
  },
];
