/**
 * The compositional part of the period rules (issue 27), read before the
 * table of period-rules.ts (a longer mention wins at its place):
 * - n-fold 上/下: 上上上周, 下下周, 上上个月, 下下个月三号; "the week after
 *   next", "the month before last", "the year before last";
 * - a period relative to another one: "the same day last week", 上周同一天,
 *   上周的今天, 去年同期, "a week ago today" (against the question's other
 *   period, else today: period.ts);
 * - halves of the year (上半年, 下半年, "H1 2026", "the second half of last
 *   year"), the edges of a month (月初, 月中, 月底, 上个月底, 11月初, "the end
 *   of the month"), the first or last N days of a month ("last 3 days of
 *   October", 10月最后三天), 前N天 (the N days before today);
 * - named days: 双十一, 双十二, 618, Valentine's Day, Halloween, Black Friday;
 *   a holiday's days off (国庆假期, 春节放假那几天: holiday-periods.ts), its
 *   N-th day (国庆第四天), its week ("Christmas week");
 * - "so far today", "this week so far", WTD; "last night" (yesterday);
 *   "N months ago"; a bare ordinal ("24th day shift"); 11.20 (a dotted
 *   month.day with no unit after it); 11/08 (ambiguous: only a range settles it).
 * Ranges, "since X", "X to date", lists and the words a period claims around
 * itself (那几天, 那周, 第N天) are composed in period.ts.
 */
import { addDays } from '../../clock.js';
import {
  type DateRange,
  addMonths,
  daysInMonth,
  isValidDate,
  mondayOf,
  mostRecentWeekday,
  parts,
  recentDayOfMonth,
  shiftMonth,
  weekOf,
  weekdayInWeek,
  wholeMonth,
  ymd,
  yearUpToToday,
} from './calendar.js';
import {
  type PeriodReading,
  type PeriodRule,
  DAYS_OFF,
  EN_COUNT,
  EN_WEEKDAY,
  EN_WEEKDAY_ANY,
  EN_MONTH_RE,
  HOLIDAYS,
  ZH_WEEK,
  ZH_WEEKDAY,
  ZH_WEEKDAY_CHAR,
  countOf,
  day,
  fixed,
  holidayRange,
  holidayReading,
  monthNumber,
  monthOfPrefix,
  monthPart,
  quarterReading,
  upToToday,
  weekShift,
  yearless,
  isoWeek,
} from './period-rules.js';
import { isoWeekOf } from './period-dates.js';

/** `range` moved by whole units (days, months, years), both ends */
export function shiftRange(range: DateRange, amount: number, unit: 'day' | 'month' | 'year'): DateRange {
  if (unit === 'day') return { from: addDays(range.from, amount), to: addDays(range.to, amount) };
  const months = unit === 'month' ? amount : 12 * amount;
  // a whole month (or months) stays whole: Feb 1..28 → Jan 1..31
  const whole = range.from.endsWith('-01') && range.to === lastDayOf(range.to);
  if (whole) {
    const first = shiftMonth(range.from, months);
    const last = shiftMonth(range.to, months);
    return {
      from: ymd(first.year, first.month, 1),
      to: ymd(last.year, last.month, daysInMonth(last.year, last.month)),
    };
  }
  return { from: addMonths(range.from, months), to: addMonths(range.to, months) };
}

function lastDayOf(date: string): string {
  const { year, month } = parts(date);
  return ymd(year, month, daysInMonth(year, month));
}

/** a reading resolved against another period of the question, `fallback` against today (undefined: ask) */
function anchoredReading(
  today: string,
  resolve: (anchor: DateRange) => DateRange | undefined,
  fallback: boolean,
): PeriodReading {
  const againstToday = fallback ? resolve({ from: today, to: today }) : undefined;
  return { flexible: false, at: (k) => (k === 0 ? againstToday : undefined), anchored: resolve };
}

/**
 * "the same day last week" / 去年同期: the other period of the question (or today, when said of a day) moved
 * back by `shift` — its last day alone (`onDay`), or the whole period.
 */
function sameTimeBefore(
  today: string,
  shift: { amount: number; unit: 'day' | 'month' | 'year' },
  said: { onDay: boolean; alone?: 'month' | 'week' },
): PeriodReading {
  const { onDay, alone } = said;
  const resolve = (anchor: DateRange): DateRange | undefined =>
    onDay
      ? day(shiftRange(day(anchor.to), shift.amount, shift.unit).from)
      : alone === 'week' && shift.unit === 'year'
        ? isoWeekYearBefore(anchor, -shift.amount)
        : shiftRange(anchor, shift.amount, shift.unit);
  const reading = anchoredReading(today, resolve, onDay);
  if (onDay || alone === undefined || shift.unit !== 'year') return reading;
  // "the same month last year" / 去年同月 asked alone: this month (whole) a year back; "the same week last year":
  // this ISO week a year back
  const { year, month } = parts(today);
  const againstToday =
    alone === 'month'
      ? wholeMonth(year + shift.amount, month)
      : isoWeek(isoWeekOf(today).year + shift.amount, isoWeekOf(today).week);
  return { ...reading, at: (k) => (k === 0 ? againstToday : undefined) };
}

/**
 * A week (or days of one week) `years` years back: the same ISO week number and weekdays ("this week vs the same
 * week last year": 2026-W48 Mon..Sun against 2025-W48); a span that is no part of one week moves by the calendar
 */
function isoWeekYearBefore(anchor: DateRange, years: number): DateRange | undefined {
  const monday = mondayOf(anchor.from);
  if (addDays(monday, 6) < anchor.to) return shiftRange(anchor, -years, 'year');
  const { year, week } = isoWeekOf(anchor.from);
  const before = isoWeek(year - years, week);
  if (!before) return undefined;
  const offset = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  return {
    from: addDays(before.from, offset(monday, anchor.from)),
    to: addDays(before.from, offset(monday, anchor.to)),
  };
}

const UNIT_ZH: Record<string, { amount: number; unit: 'day' | 'month' | 'year' }> = {
  上周: { amount: -7, unit: 'day' },
  上个周: { amount: -7, unit: 'day' },
  上星期: { amount: -7, unit: 'day' },
  上个星期: { amount: -7, unit: 'day' },
  上礼拜: { amount: -7, unit: 'day' },
  上个礼拜: { amount: -7, unit: 'day' },
  上月: { amount: -1, unit: 'month' },
  上个月: { amount: -1, unit: 'month' },
  去年: { amount: -1, unit: 'year' },
  前年: { amount: -2, unit: 'year' },
};

const CN_DAYS: Array<{ pattern: string; month: number; day: number }> = [
  { pattern: '双十一|双11', month: 11, day: 11 },
  { pattern: '双十二|双12', month: 12, day: 12 },
  { pattern: '(?<!\\d)618(?![\\d号日])|六一八', month: 6, day: 18 },
  { pattern: "情人节|\\bvalentine'?s(?:\\s+day)?\\b", month: 2, day: 14 },
  { pattern: '万圣节|\\bhalloween\\b', month: 10, day: 31 },
  { pattern: "跨年夜|\\bnew\\s+year'?s\\s+eve\\b", month: 12, day: 31 },
  // 跨年那周: the week the year turns in (跨年 alone, a day, is 12-31 or 01-01: not read)
  {
    pattern: '跨年(?=\\s*的?\\s*(?:那|所在的?那?)\\s*(?:1|一)?\\s*个?\\s*(?:周|星期|礼拜)(?![1-7一二三四五六日天末]))',
    month: 12,
    day: 31,
  },
  { pattern: '\\bboxing\\s+day\\b', month: 12, day: 26 },
];

const HOLIDAY_NAMES = HOLIDAYS.map((entry) => `(${entry.pattern})`).join('|');
const holidayIndex = (m: RegExpExecArray, offset: number): number =>
  m.slice(offset, offset + HOLIDAYS.length).findIndex((group) => group !== undefined);

const EN_MONTH_REF = `(?:(this|last|previous)\\s+month|the\\s+month|${EN_MONTH_RE}(?:\\s+(\\d{4}))?)`;

function monthOfEnRef(today: string, m: RegExpExecArray, at: number): { year: number; month: number } {
  const [relative, name, year] = [m[at], m[at + 1], m[at + 2]];
  if (name !== undefined) return monthOfPrefix(today, { number: String(monthNumber(name)), year });
  return monthOfPrefix(today, { prefix: relative });
}

function firstOrLastDays(
  month: { year: number; month: number },
  options: { last: boolean; count: number; today: string },
): PeriodReading | undefined {
  const length = daysInMonth(month.year, month.month);
  if (options.count < 1 || options.count > length) return undefined;
  const range = options.last
    ? { from: ymd(month.year, month.month, length - options.count + 1), to: ymd(month.year, month.month, length) }
    : { from: ymd(month.year, month.month, 1), to: ymd(month.year, month.month, options.count) };
  return fixed(upToToday(range, options.today));
}

/** the N whole Monday–Sunday weeks before this one */
function wholeWeeksBefore(today: string, count: number): PeriodReading | undefined {
  if (count < 1 || count > 53) return undefined;
  return fixed({ from: weekOf(today, -count).from, to: weekOf(today, -1).to });
}

function halfOfYear(year: number, second: boolean, today: string): DateRange {
  return upToToday(
    second ? { from: ymd(year, 7, 1), to: ymd(year, 12, 31) } : { from: ymd(year, 1, 1), to: ymd(year, 6, 30) },
    today,
  );
}

/** a half without a year: the most recent one that has begun */
function recentHalf(today: string, second: boolean): DateRange {
  const { year, month } = parts(today);
  return halfOfYear(second && month < 7 ? year - 1 : year, second, today);
}

const EN_ORDINAL_EXCLUDED = [
  String.raw`(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|(?:week|quarter|half|shift|line|machine|press`,
  String.raw`|pass|time|place|floor|row|batch|article|piece|order|priority|inspection|lot|robot|camera|cnc|welder|conveyor`,
  String.raw`|engineer|inspector|gen|generation)s?\b`,
].join('');

/** a week said in English (its shift from this week): last week, the week before last, two weeks ago */
const EN_WEEK_SAID = `(?:(?:the\\s+)?(last|previous|this|next|current)\\s+week|(?:the\\s+)?(week\\s+before\\s+last)|${EN_COUNT}\\s+weeks?\\s+ago)`;
const EN_DAYS_TO = `${EN_WEEKDAY_ANY}\\.?\\s*(?:-|–|—|~|to|through|thru|till|until)\\s*${EN_WEEKDAY_ANY}\\b\\.?`;

function enWeekShift(said: string | undefined, beforeLast: string | undefined, count: string | undefined): number {
  if (said !== undefined) return weekShift(said);
  if (beforeLast !== undefined) return -2;
  return -countOf(count);
}

/** the days from one weekday to another of one week, both inside it ("mon to wed" of last week) */
function weekDays(today: string, shift: number, [first, last]: [number, number]): PeriodReading | undefined {
  if (first > last) return undefined;
  return fixed(upToToday({ from: weekdayInWeek(today, shift, first), to: weekdayInWeek(today, shift, last) }, today));
}

export const GRAMMAR_RULES: PeriodRule[] = [
  {
    // a week and the days of it, either way round: "2 weeks ago, monday to friday", "mon-wed last week"
    name: 'en-week-days',
    pattern: new RegExp(
      `\\b${EN_WEEK_SAID}\\s*,?\\s*(?:from\\s+|on\\s+)?${EN_DAYS_TO}|\\b(?:from\\s+|on\\s+)?${EN_DAYS_TO}\\s*,?\\s*(?:of\\s+)?${EN_WEEK_SAID}`,
      'g',
    ),
    read: (m, today) => {
      const [weekA, beforeA, countA, firstA, lastA, firstB, lastB, weekB, beforeB, countB] = m.slice(1);
      const shift = firstA !== undefined ? enWeekShift(weekA, beforeA, countA) : enWeekShift(weekB, beforeB, countB);
      const first = EN_WEEKDAY[(firstA ?? firstB ?? '').toLowerCase()] ?? 1;
      const last = EN_WEEKDAY[(lastA ?? lastB ?? '').toLowerCase()] ?? 7;
      return weekDays(today, shift, [first, last]);
    },
  },
  {
    // 上周 周一到周五, 上上周一至周三, 这周二到周四
    name: 'zh-week-days',
    pattern: new RegExp(
      `(上+|这|本|下+)个?${ZH_WEEK}\\s*[,，的]?\\s*(?:从)?${ZH_WEEK}?${ZH_WEEKDAY_CHAR}\\s*(?:-|~|到|至)\\s*${ZH_WEEK}?${ZH_WEEKDAY_CHAR}`,
      'g',
    ),
    read: (m, today) => {
      const prefix = m[1]!;
      const shift = prefix[0] === '上' ? -prefix.length : prefix[0] === '下' ? prefix.length : 0;
      return weekDays(today, shift, [ZH_WEEKDAY[m[2] ?? ''] ?? 1, ZH_WEEKDAY[m[3] ?? ''] ?? 7]);
    },
  },
  {
    // early / late in a week: "early last week" Monday to Wednesday, "late last week", "the end of this week" Thursday
    // to Sunday (as a week's 上旬 and 下旬: a hedged time read as its part of the week, the dates said in the answer)
    name: 'en-week-edge',
    pattern:
      /\b(?:(?:in|at|by|from)\s+)?(?:the\s+)?(early|late|beginning\s+of|start\s+of|end\s+of)\s+(?:the\s+)?(this|last|next|previous)\s+week\b/g,
    read: (m, today) => {
      const shift = m[2] === 'this' ? 0 : m[2] === 'next' ? 1 : -1;
      return weekDays(today, shift, /^(?:late|end)/.test(m[1]!) ? [4, 7] : [1, 3]);
    },
  },
  {
    // 上周初, 上周前几天, 这周头几天 Monday to Wednesday; 上周后几天, 上周后半段 Thursday to Sunday (周末 is the weekend)
    name: 'zh-week-edge',
    pattern: new RegExp(`(上+|这|本|下+)个?${ZH_WEEK}的?(初|前几天|头几天|前半段|前半|后几天|后半段|后半)`, 'g'),
    read: (m, today) => {
      const prefix = m[1]!;
      const shift = prefix[0] === '上' ? -prefix.length : prefix[0] === '下' ? prefix.length : 0;
      return weekDays(today, shift, m[2]!.startsWith('后') ? [4, 7] : [1, 3]);
    },
  },
  // ---- Chinese -------------------------------------------------------------------------
  {
    // 上上上周, 下下周, 下下周三 (上上周 is in the table too; the longer one wins)
    name: 'zh-nfold-week',
    pattern: new RegExp(`(上{2,}|下{2,})个?${ZH_WEEK}(?!末)${ZH_WEEKDAY_CHAR}?`, 'g'),
    read: (m, today) => {
      const shift = (m[1]![0] === '上' ? -1 : 1) * m[1]!.length;
      if (m[2] !== undefined) return fixed(day(weekdayInWeek(today, shift, ZH_WEEKDAY[m[2]] ?? 1)));
      return fixed(weekOf(today, shift));
    },
  },
  {
    // a day of a month said relatively: 上个月4号, 下下个月三号, 这个月15日, 本月3号
    name: 'zh-month-day',
    // (日本 is Japan: "日本1月26号" is January 26th there, not this month's 26th)
    pattern: /(上+|下+|这|(?<!日)本|当)1?个?月份?\s*的?\s*(\d{1,2})\s*(?:日|号)(?![线机台位炉])/g,
    read: (m, today) => {
      const prefix = m[1]!;
      const shift = prefix[0] === '上' ? -prefix.length : prefix[0] === '下' ? prefix.length : 0;
      const target = shiftMonth(today, shift);
      const date = Number(m[2]);
      return isValidDate(target.year, target.month, date)
        ? fixed(day(ymd(target.year, target.month, date)))
        : undefined;
    },
  },
  {
    // a day of a month said relatively in English: "the 4th of last month", "next month's 3rd"
    name: 'en-month-day',
    pattern: new RegExp(
      String.raw`\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+(?:of\s+)?(last|previous|this|next)\s+month\b` +
        String.raw`|\b(last|previous|this|next)\s+month'?s\s+(\d{1,2})(?:st|nd|rd|th)\b`,
      'g',
    ),
    read: (m, today) => {
      const said = (m[2] ?? m[3])!;
      const date = Number(m[1] ?? m[4]);
      const target = shiftMonth(today, said === 'next' ? 1 : said === 'this' ? 0 : -1);
      return isValidDate(target.year, target.month, date)
        ? fixed(day(ymd(target.year, target.month, date)))
        : undefined;
    },
  },
  {
    // 上上个月, 上上上个月, 下下个月
    name: 'zh-nfold-month',
    pattern: /(上{2,}|下{2,})个?月(?!份?\d(?!\d*\s*(?:次|条|台|个|件|种|张|批|位|名|项|班)))/g,
    read: (m, today) => {
      const target = shiftMonth(today, (m[1]![0] === '上' ? -1 : 1) * m[1]!.length);
      return fixed(wholeMonth(target.year, target.month));
    },
  },
  {
    name: 'zh-far-year',
    pattern: /大前年|大后年|后年(?![\u4e00-\u9fff]?(?:春节|国庆|元旦|中秋|劳动|五一|清明|端午))/g,
    read: (m, today) =>
      fixed(yearUpToToday(parts(today).year + (m[0] === '大前年' ? -3 : m[0] === '大后年' ? 3 : 2), today)),
  },
  {
    // 上周同一天, 上周的今天, 上个月同一天, 去年同一天 (a day); 上周同期, 去年同期 (the other period, shifted)
    name: 'zh-same-day',
    pattern:
      /(上个?周|上个?星期|上个?礼拜|上个?月|去年|前年)\s*的?\s*(?:(同一天|同1天|同日|这一天|这1天|这天|今天)|(同期|同一时间|同一时期|同时期|同一段时间|同月|同一个?月|同周|同一周|同季度|同一个?季度|这个月))/g,
    read: (m, today) => {
      const shift = UNIT_ZH[m[1]!.replace(/\s/g, '')];
      if (!shift) return undefined;
      const onDay = m[2] !== undefined;
      // 去年同月, 去年同期 asked alone: this month a year back; 去年同周: this ISO week a year back
      const alone = /周/.test(m[3] ?? '') ? 'week' : /月|同期/.test(m[3] ?? '') ? 'month' : undefined;
      return sameTimeBefore(today, shift, { onDay, ...(alone ? { alone } : {}) });
    },
  },
  {
    // 上半年, 今年下半年, 去年上半年, 2025年下半年
    name: 'zh-half-year',
    pattern: /(?:(\d{4})\s*年|(今年|去年|前年|明年))?\s*的?\s*([上下前后])半年/g,
    read: (m, today) => {
      const second = m[3] === '下' || m[3] === '后';
      if (m[1] === undefined && m[2] === undefined) return fixed(recentHalf(today, second));
      const year =
        m[1] !== undefined ? Number(m[1]) : parts(today).year + ({ 今年: 0, 去年: -1, 前年: -2, 明年: 1 }[m[2]!] ?? 0);
      return fixed(halfOfYear(year, second, today));
    },
  },
  {
    // 最近半年, 近半个月, 过去半年
    name: 'zh-rolling-half',
    pattern: /(?:最近|近|过去)\s*的?\s*半\s*(年|个月)/g,
    read: (m, today) =>
      fixed(
        m[1] === '年'
          ? { from: addDays(addMonths(today, -6), 1), to: today }
          : { from: addDays(today, -14), to: today },
      ),
  },
  {
    // 月初, 月中, 月底, 月末, 上个月底, 本月初, 11月初, 2026年10月底; the month said twice: 上个月月底, 本月月初
    name: 'zh-month-edge',
    pattern:
      /(?:(?:(\d{4})\s*年\s*|(今年|去年|前年)\s*)?(\d{1,2})\s*月份?|(上上个?|上个?|这个?|本|当|下个?)?月)\s*的?\s*(?:月(?=[初中底末]))?(初|中|底|末)(?!旬|[午期间心国])/g,
    read: (m, today) => {
      const year =
        m[1] ??
        (m[2] !== undefined ? String(parts(today).year + ({ 今年: 0, 去年: -1, 前年: -2 }[m[2]] ?? 0)) : undefined);
      const { year: y, month } = monthOfPrefix(today, { prefix: m[4], number: m[3], year });
      return fixed(monthPart([y, month], m[5] === '初' ? 'early' : m[5] === '中' ? 'mid' : 'late', today));
    },
  },
  {
    // 10月最后三天, 上个月最后一周, 11月前5天, 本月头三天
    name: 'zh-month-first-last-days',
    pattern:
      /(?:(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月份?|(上上个?|上个?|这个?|本|当)月)\s*的?\s*(前|头|最后|后)\s*(\d{1,2})\s*(天|日|周|个星期|个礼拜)/g,
    read: (m, today) => {
      const month = monthOfPrefix(today, { prefix: m[3], number: m[2], year: m[1] });
      const count = Number(m[5]) * (/[周星礼]/.test(m[6] ?? '') ? 7 : 1);
      return firstOrLastDays(month, { last: m[4] === '最后' || m[4] === '后', count, today });
    },
  },
  {
    // 前3天: the N days before today (today not included); not 3天前 (one day), not 最近/过去 (rolling, today included)
    name: 'zh-days-before',
    pattern: /(?<![最近过去的\d])前\s*(\d{1,3})\s*(?:天|日)(?!\s*(?:前|以前|之前|到|至))/g,
    read: (m, today) => {
      const count = Number(m[1]);
      if (count < 1 || count > 400) return undefined;
      return fixed({ from: addDays(today, -count), to: addDays(today, -1) });
    },
  },
  {
    // 前3周（不算本周）, 本周之前的3周, 这周以前的两个星期: the N whole weeks before this one
    name: 'zh-weeks-before-this',
    pattern: new RegExp(
      String.raw`前\s*(\d{1,2})\s*个?${ZH_WEEK}\s*[(（]?\s*[,，]?\s*(?:不算|不含|不包括|不包含|除去|去掉)\s*(?:本|这1?个?)${ZH_WEEK}\s*[)）]?` +
        String.raw`|(?:本|这1?个?)${ZH_WEEK}\s*(?:之前|以前)\s*的?\s*(\d{1,2})\s*个?${ZH_WEEK}`,
      'g',
    ),
    read: (m, today) => wholeWeeksBefore(today, Number(m[1] ?? m[2])),
  },
  {
    // 国庆第四天, 春节假期第2天: the N-th of the days off
    name: 'zh-holiday-day-n',
    pattern: new RegExp(`(?:${HOLIDAY_NAMES})\\s*(?:假期|长假|期间)?\\s*的?\\s*第\\s*(\\d{1,2})\\s*天`, 'g'),
    read: (m, today) => {
      const index = holidayIndex(m, 1);
      const whole = holidayReading(today, index, { daysOff: true })?.at(0);
      const n = Number(m[1 + HOLIDAYS.length]);
      if (!whole || n < 1) return undefined;
      // the whole holiday, not the part up to today: the N-th day must lie inside it
      const target = addDays(whole.from, n - 1);
      return target > whole.to && whole.to < today ? undefined : fixed(day(target));
    },
  },
  {
    // 双十一, 双十二, 618, 情人节 … (fixed month and day, the most recent one)
    name: 'named-day',
    pattern: new RegExp(`(?:(\\d{4})\\s*年\\s*)?(?:${CN_DAYS.map((entry) => `(${entry.pattern})`).join('|')})`, 'gi'),
    read: (m, today) => {
      const index = m.slice(2, 2 + CN_DAYS.length).findIndex((group) => group !== undefined);
      const named = CN_DAYS[index];
      return named ? yearless(today, [named.month, named.day], m[1]) : undefined;
    },
  },
  // ---- English -------------------------------------------------------------------------
  {
    // the week after next, the month before last, the year before last, the weekend before last
    name: 'en-nfold',
    pattern: /\b(?:the\s+)?(week|weekend|month|quarter|year)\s+(before\s+last|after\s+next)\b/g,
    read: (m, today) => {
      const shift = /before/.test(m[2]!) ? -2 : 2;
      const unit = m[1]!;
      if (unit === 'week') return fixed(weekOf(today, shift));
      if (unit === 'weekend') {
        const saturday = weekdayInWeek(today, shift, 6);
        return fixed({ from: saturday, to: addDays(saturday, 1) });
      }
      if (unit === 'month') {
        const target = shiftMonth(today, shift);
        return fixed(wholeMonth(target.year, target.month));
      }
      if (unit === 'year') return fixed(yearUpToToday(parts(today).year + shift, today));
      const { year, month } = parts(today);
      const index = year * 4 + Math.floor((month - 1) / 3) + shift;
      const first = 3 * (index % 4) + 1;
      const quarterYear = Math.floor(index / 4);
      return fixed({
        from: ymd(quarterYear, first, 1),
        to: ymd(quarterYear, first + 2, daysInMonth(quarterYear, first + 2)),
      });
    },
  },
  {
    // the same day last week, this day last month, a week ago today; the same time / days / month last year (the other
    // period, shifted)
    name: 'en-same-day',
    pattern: new RegExp(
      String.raw`\b(?:(?:the\s+)?(?:same\s+(days|dates|stretch|span|window|day|date|time|period|week|month|quarter)|this\s+(day|date))` +
        String.raw`\s+(?:of\s+)?(?:the\s+)?` +
        String.raw`(?:last|previous|prior|a)\s+(week|month|year)(?:\s+ago)?|(?:a|one)\s+(week|month|year)\s+ago\s+today)\b`,
      'g',
    ),
    read: (m, today) => {
      const unit = m[3] ?? m[4] ?? 'week';
      // "the same days / the same stretch last month" is the other period shifted, as "the same period" is
      const onDay = m[1] === undefined || m[1] === 'day' || m[1] === 'date';
      const shift: { amount: number; unit: 'day' | 'month' | 'year' } =
        unit === 'week' ? { amount: -7, unit: 'day' } : { amount: -1, unit: unit as 'month' | 'year' };
      // "the same month last year" alone: this month a year back; "the same week last year": this ISO week
      const alone = m[1] === 'month' ? 'month' : m[1] === 'week' ? 'week' : undefined;
      return sameTimeBefore(today, shift, { onDay, ...(alone ? { alone } : {}) });
    },
  },
  {
    // "last week vs the week before": the unit before the other period
    name: 'en-unit-before',
    pattern: /\b(?:the\s+)?(day|week|month|year)\s+before(?!\s+(?:last|yesterday|that))\b/g,
    read: (m, today) => {
      const unit = m[1]!;
      return anchoredReading(
        today,
        (anchor) => {
          if (unit === 'day') return day(addDays(anchor.from, -1));
          if (unit === 'week') return weekOf(anchor.from, -1);
          if (unit === 'month') {
            const target = shiftMonth(anchor.from, -1);
            return wholeMonth(target.year, target.month);
          }
          return { from: ymd(parts(anchor.from).year - 1, 1, 1), to: ymd(parts(anchor.from).year - 1, 12, 31) };
        },
        false,
      );
    },
  },
  {
    // "the 2 weeks ending yesterday", "10 days up to today": that many days, the last one the day named
    name: 'en-days-ending',
    pattern: new RegExp(
      String.raw`\b(?:the\s+)?(?:(?:last|past|previous)\s+)?${EN_COUNT}\s+(days?|weeks?)\s+(?:ending|up\s+to|through|thru)` +
        String.raw`\s+(?:(?:and\s+)?including\s+)?(yesterday|today|last\s+night)\b`,
      'g',
    ),
    read: (m, today) => {
      const days = countOf(m[1]) * (/^week/.test(m[2]!) ? 7 : 1);
      if (days < 1 || days > 400) return undefined;
      const end = m[3] === 'today' ? today : addDays(today, -1);
      return fixed({ from: addDays(end, 1 - days), to: end });
    },
  },
  {
    // the 3 weeks before this one, the last 3 full weeks: whole weeks, this one left out
    name: 'en-weeks-before-this',
    pattern: new RegExp(
      String.raw`\b(?:the\s+)?${EN_COUNT}\s+(?:full\s+|whole\s+|complete\s+)?weeks\s+before\s+(?:this\s+(?:one|week)|the\s+` +
        String.raw`current\s+(?:one|week))\b|\b(?:the\s+)?(?:last|past|previous)\s+${EN_COUNT}\s+(?:full|whole|complete)\s+weeks\b`,
      'g',
    ),
    read: (m, today) => wholeWeeksBefore(today, countOf(m[1] ?? m[2])),
  },
  {
    name: 'en-last-night',
    pattern: /\blast\s+night(?:'s|s)?\b|\byesterday\s+(?:evening|night)\b/g,
    read: (_m, today) => fixed(day(addDays(today, -1))),
  },
  {
    name: 'en-this-morning',
    pattern: /\bthis\s+(?:morning|afternoon|evening)\b/g,
    read: (_m, today) => fixed(day(today)),
  },
  {
    // 2 months ago, three quarters ago, a year ago: that whole month, quarter, year
    name: 'en-units-ago',
    pattern: new RegExp(`\\b${EN_COUNT}\\s+(months?|quarters?|years?)\\s+ago\\b(?!\\s+today)`, 'g'),
    read: (m, today) => {
      const count = countOf(m[1]);
      if (count < 1 || count > 40) return undefined;
      if (/^month/.test(m[2]!)) {
        const target = shiftMonth(today, -count);
        return fixed(wholeMonth(target.year, target.month));
      }
      if (/^year/.test(m[2]!)) {
        const year = parts(today).year - count;
        return fixed({ from: ymd(year, 1, 1), to: ymd(year, 12, 31) });
      }
      const { year, month } = parts(today);
      const index = year * 4 + Math.floor((month - 1) / 3) - count;
      const first = 3 * (index % 4) + 1;
      const quarterYear = Math.floor(index / 4);
      return fixed({
        from: ymd(quarterYear, first, 1),
        to: ymd(quarterYear, first + 2, daysInMonth(quarterYear, first + 2)),
      });
    },
  },
  {
    // H1, H2 2026, the first half of this year, the second half of last year, the back half of 2025
    name: 'en-half-year',
    pattern: new RegExp(
      String.raw`\b(?:(?:the\s+)?(first|second|1st|2nd|back|last)\s+half\s+(?:of\s+)?(?:(this|last|previous|next)\s+year` +
        String.raw`|the\s+year|(\d{4}))|h([12])(?:\s*(?:of\s+)?(\d{4}))?)\b`,
      'g',
    ),
    read: (m, today) => {
      const second = m[4] !== undefined ? m[4] === '2' : /^(second|2nd|back|last)$/.test(m[1] ?? '');
      const explicit = m[3] ?? m[5];
      if (explicit !== undefined) return fixed(halfOfYear(Number(explicit), second, today));
      if (m[2] === undefined)
        return fixed(m[4] !== undefined ? recentHalf(today, second) : halfOfYear(parts(today).year, second, today));
      const year = parts(today).year + (m[2] === 'last' || m[2] === 'previous' ? -1 : m[2] === 'next' ? 1 : 0);
      return fixed(halfOfYear(year, second, today));
    },
  },
  {
    // sat + sun, mon-fri, tue to thu: a span of weekdays, the most recent one that has ended by today
    name: 'en-weekday-span',
    pattern: new RegExp(
      `(?<!\\b(?:last|this|next|previous)\\s+)\\b${EN_WEEKDAY_ANY}\\s*(\\+|&|and|,|-|–|to|thru|through|till|until)\\s*` +
        `${EN_WEEKDAY_ANY}\\b(?!\\s+(?:of\\s+)?(?:last|this|next)\\s+week)`,
      'g',
    ),
    read: (m, today) => {
      const first = EN_WEEKDAY[m[1] ?? ''];
      const last = EN_WEEKDAY[m[3] ?? ''];
      if (!first || !last) return undefined;
      const span = (last - first + 7) % 7;
      // a list (+, &, and) is one span only when its days are adjacent
      if (/^(?:\+|&|and|,)$/.test(m[2] ?? '') && span !== 1) return undefined;
      const end = mostRecentWeekday(today, last);
      return {
        flexible: true,
        at: (k) => ({ from: addDays(end, -span - 7 * k), to: addDays(end, -7 * k) }),
      };
    },
  },
  {
    // Q4 last year, the third quarter of this year, last year's Q3: a quarter of a year said relative to today
    name: 'en-quarter-of-year',
    pattern: new RegExp(
      String.raw`\b(?:q([1-4])|(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\s*(?:,\s*)?(?:of\s+)?` +
        String.raw`(this|last|previous|next)\s+year\b|\b(this|last|previous|next)\s+year'?s\s+(?:q([1-4])|` +
        String.raw`(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\b`,
      'g',
    ),
    read: (m, today) => {
      const ordinal = (word: string | undefined): number =>
        word === undefined ? 0 : ['first', 'second', 'third', 'fourth'].indexOf(word) + 1 || Number(word[0]);
      const quarter = Number(m[1] ?? m[5] ?? 0) || ordinal(m[2] ?? m[6]);
      const relative = m[3] ?? m[4];
      const shift = relative === 'last' || relative === 'previous' ? -1 : relative === 'next' ? 1 : 0;
      return quarterReading(today, quarter, String(parts(today).year + shift));
    },
  },
  {
    // the beginning / middle / end of the month
    name: 'en-month-edge',
    pattern: /\b(?:(?:at|in|by)\s+)?(?:the\s+)?(beginning|start|middle|end)\s+of\s+(?:the|this)\s+month\b/g,
    read: (m, today) => {
      const { year, month } = parts(today);
      return fixed(monthPart([year, month], m[1] === 'middle' ? 'mid' : m[1] === 'end' ? 'late' : 'early', today));
    },
  },
  {
    // the last 3 days of October, the first 10 days of last month
    name: 'en-month-first-last-days',
    pattern: new RegExp(
      `\\b(?:the\\s+)?(first|last)\\s+${EN_COUNT}\\s+days\\s+of\\s+(?:the\\s+month\\s+of\\s+)?${EN_MONTH_REF}`,
      'g',
    ),
    read: (m, today) =>
      firstOrLastDays(monthOfEnRef(today, m, 3), { last: m[1] === 'last', count: countOf(m[2]), today }),
  },
  {
    // so far today, this week so far, week to date, WTD
    name: 'en-so-far',
    pattern: /\b(?:so\s+far\s+(today|this\s+week)|(today|this\s+week)\s+so\s+far|(week)[- ]to[- ]date|(wtd))\b/g,
    read: (m, today) => {
      const unit = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
      return fixed(/today/.test(unit) ? day(today) : { from: mondayOf(today), to: today });
    },
  },
  {
    // Christmas week, Thanksgiving week, the week of Christmas: the Monday–Sunday week that holds the day
    name: 'en-holiday-week',
    pattern: new RegExp(
      `\\b(?:the\\s+)?week\\s+of\\s+(?:${HOLIDAY_NAMES})|(?:${HOLIDAY_NAMES})\\s+week\\b|(?:${HOLIDAY_NAMES})(?:那|这|所在的?)(?:1|一)?个?(?:周|星期|礼拜)`,
      'g',
    ),
    read: (m, today) => {
      let index = holidayIndex(m, 1);
      if (index === -1) index = holidayIndex(m, 1 + HOLIDAYS.length);
      if (index === -1) index = holidayIndex(m, 1 + 2 * HOLIDAYS.length);
      const holiday = HOLIDAYS[index];
      if (!holiday || /golden/.test(m[0])) return undefined;
      const year = parts(today).year;
      const found = [year, year - 1]
        .map((candidate) => holidayRange(holiday.country, holiday.name, candidate))
        .find((range) => range && range.from <= today);
      if (!found) return undefined;
      // the week of the festival's own day (春节: 正月初一, the day after 除夕, the calendar's first day off)
      return fixed(upToToday(weekOf(holiday.eve ? addDays(found.from, 1) : found.from, 0), today));
    },
  },
  {
    // a holiday's days off said in English: "national day holiday", "the spring festival break"
    name: 'en-holiday-break',
    pattern: new RegExp(`(?:${HOLIDAY_NAMES})\\s+(?:holidays?|break|vacation)\\b`, 'g'),
    read: (m, today) => {
      const index = holidayIndex(m, 1);
      return index === -1 ? undefined : holidayReading(today, index, { daysOff: DAYS_OFF.test(m[0]) });
    },
  },
  {
    // "24th day shift", "on 19th": a day of the month alone, without "the"
    name: 'en-bare-ordinal',
    pattern: new RegExp(`(?<![\\w-])(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+${EN_ORDINAL_EXCLUDED})`, 'g'),
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
  // ---- numeric -------------------------------------------------------------------------
  {
    // 11.20 (a dotted month.day: no unit, no percent after it)
    name: 'dotted-month-day',
    pattern: new RegExp(
      String.raw`(?<![\d./-])(\d{1,2})\.(\d{1,2})(?![\d.%/])(?!\s*(?:mm|cm|m\b|kg|g\b|mpa|kn|n\b|v\b|a\b|hz|℃|°|度|毫米` +
        String.raw`|公斤|兆帕|伏|安|倍|秒|小时|分钟|s\b|h\b|万|千|元|x\b|rmm|r\/min|rpm|l\/min|升))`,
      'g',
    ),
    read: (m, today) => {
      const [month, dayOfMonth] = [Number(m[1]), Number(m[2])];
      if (month < 1 || month > 12) return undefined;
      return yearless(today, [month, dayOfMonth], undefined);
    },
  },
  {
    // 11/08, 9/9: November 8th, or 11 August? Equal numbers are one date; otherwise only a range partner settles it
    name: 'slash-ambiguous',
    pattern: /(?<![\d/.\-])(\d{1,2})\s*\/\s*(\d{1,2})(?![\d/.\-])/g,
    read: (m, today) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      if (a > 12 || b > 12) return undefined; // the table's rule reads these
      const reading = yearless(today, [a, b], undefined);
      if (!reading) return undefined;
      return a === b ? reading : { ...reading, ambiguous: true };
    },
  },
];
