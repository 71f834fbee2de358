/**
 * Written dates the table rules do not read whole (W11), read before the grammar and the table (a longer mention
 * wins at its place):
 * - a weekday said with its date ("Sat 28th", "Fri 27", "Thu, Nov 26", "Nov 27 (Fri)", 周五27号, 11月27日周五):
 *   the date, read as a date alone is; the weekday must agree with it, else the period is unsure (asked), never
 *   guessed;
 * - a weekday abbreviation alone ("Fri", "on Sat"): the most recent such day, as "Friday" is; sat / sun / mon / wed
 *   are words too ("the press sat idle"), so alone they need "on" before them;
 * - a European day.month: "27.11." (the closing dot), "27.11" (a day no month can be), "27.11.2026"; 28/11/2026;
 * - the first or last ISO week of a year: 今年第一周, 去年最后一周, "the first week of this year", "the last week of
 *   2026" (2026 ends in week 53: 2026-12-28..2027-01-03).
 */
import { addDays, weekdayOf } from '../../clock.js';
import { type DateRange, isValidDate, parts, recentDayOfMonth, ymd } from './calendar.js';
import {
  type PeriodReading,
  type PeriodRule,
  EN_MONTH_RE,
  EN_WEEKDAY,
  EN_WEEKDAY_ANY,
  ZH_WEEK,
  ZH_WEEKDAY,
  ZH_WEEKDAY_CHAR,
  day,
  fixed,
  isoWeek,
  monthNumber,
  upToToday,
  yearless,
} from './period-rules.js';

/** the ISO week (year and number) that holds `date` */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - weekdayOf(date));
  const { year } = parts(thursday);
  const days = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / 86_400_000);
  return { year, week: Math.floor(days / 7) + 1 };
}

/** the last ISO week of a year (53 in a long year, else 52) */
export function lastIsoWeek(year: number): DateRange {
  return isoWeek(year, 53) ?? isoWeek(year, 52)!;
}

/**
 * A date said with its weekday: the date as it would be read alone (a day alone: the most recent one; a month and
 * day: the nearest one), kept only when the weekday agrees; otherwise unsure (the router asks which day).
 */
function dateWithWeekday(
  today: string,
  weekday: number,
  said: { month?: number; dayOfMonth: number; year?: string },
): PeriodReading | undefined {
  const { month, dayOfMonth, year } = said;
  let date: string | undefined;
  if (month === undefined) {
    if (dayOfMonth < 1 || dayOfMonth > 31) return undefined;
    date = recentDayOfMonth(today, dayOfMonth, 0);
  } else {
    date = yearless(today, [month, dayOfMonth], year)?.at(0)?.from;
  }
  if (date === undefined) return undefined;
  const reading = fixed(day(date))!;
  return weekdayOf(date) === weekday ? reading : { ...reading, ambiguous: true };
}

/** a bare number after a weekday that is a count, not a day ("fri 3 lines", "sat 2 shifts", "mon 10am") */
const NOT_A_DAY =
  String.raw`(?!\s*(?:%|x\b|am\b|pm\b|h\b|hrs?\b|hours?\b|mins?\b|lines?\b|shifts?\b|batch|pcs\b|pieces?\b` +
  String.raw`|parts?\b|units?\b|days?\b|weeks?\b|times?\b|orders?\b|wos?\b|tickets?\b|machines?\b|presses\b` +
  String.raw`|defects?\b|rejects?\b))`;

const EN_DAY_AFTER_WEEKDAY =
  String.raw`\s*,?\s*(?:the\s+)?(?:(\d{1,2})(?:(st|nd|rd|th)|(?![\d:.%/]))(?:\s+(?:of\s+)?${EN_MONTH_RE}\b\.?)?` +
  String.raw`|${EN_MONTH_RE}\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?![\d:.%/]))(?:\s*,?\s*(\d{4})\b)?`;

export const DATE_RULES: PeriodRule[] = [
  {
    // Sat 28th, Fri 27, Thu, Nov 26, Friday the 27th, Fri 27 Nov, Sat 28th Nov 2026
    name: 'en-weekday-date',
    pattern: new RegExp(
      String.raw`(?<!\b(?:last|this|next|previous|every|each)\s+)\b(?:on\s+)?${EN_WEEKDAY_ANY}\b\.?` +
        EN_DAY_AFTER_WEEKDAY,
      'g',
    ),
    read: (m, today) => {
      const weekday = EN_WEEKDAY[m[1] ?? ''];
      if (weekday === undefined) return undefined;
      const [dayA, ordinal, monthA, monthB, dayB, year] = [m[2], m[3], m[4], m[5], m[6], m[7]];
      // a bare number needs no count word after it
      if (dayA !== undefined && ordinal === undefined && monthA === undefined) {
        const rest = m.input!.slice(m.index! + m[0].length);
        if (!new RegExp(`^${NOT_A_DAY}`).test(rest)) return undefined;
      }
      const month = monthA ?? monthB;
      return dateWithWeekday(today, weekday, {
        ...(month !== undefined ? { month: monthNumber(month) } : {}),
        dayOfMonth: Number(dayA ?? dayB),
        ...(year !== undefined ? { year } : {}),
      });
    },
  },
  {
    // Nov 27 (Fri), 27 Nov, Friday, Nov 27th - Fri
    name: 'en-date-weekday',
    pattern: new RegExp(
      String.raw`\b(?:${EN_MONTH_RE}\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${EN_MONTH_RE}\b\.?)` +
        String.raw`(?:\s*,?\s*(\d{4}))?\s*(?:[(,]|-|–)?\s*${EN_WEEKDAY_ANY}\b\.?\s*\)?`,
      'g',
    ),
    read: (m, today) => {
      const weekday = EN_WEEKDAY[m[6] ?? ''];
      const month = monthNumber(m[1] ?? m[4] ?? '');
      if (weekday === undefined || month === 0) return undefined;
      return dateWithWeekday(today, weekday, {
        month,
        dayOfMonth: Number(m[2] ?? m[3]),
        ...(m[5] !== undefined ? { year: m[5] } : {}),
      });
    },
  },
  {
    // 周五27号, 星期六 28日, 周四11月26日
    name: 'zh-weekday-date',
    pattern: new RegExp(
      `(?<![上下这本个1每])${ZH_WEEK}${ZH_WEEKDAY_CHAR}\\s*[,，]?\\s*(?:(\\d{1,2})\\s*月\\s*)?(\\d{1,2})\\s*(?:号|日)(?![线机台位炉])`,
      'g',
    ),
    read: (m, today) => {
      const weekday = ZH_WEEKDAY[m[1] ?? ''];
      if (weekday === undefined) return undefined;
      return dateWithWeekday(today, weekday, {
        ...(m[2] !== undefined ? { month: Number(m[2]) } : {}),
        dayOfMonth: Number(m[3]),
      });
    },
  },
  {
    // 27号周五, 11月27日（周五）, 2026年11月27日 星期五
    name: 'zh-date-weekday',
    pattern: new RegExp(
      `(?<![\\d月/.\\-])(?:(?:(\\d{4})\\s*年\\s*)?(\\d{1,2})\\s*月\\s*)?(\\d{1,2})\\s*(?:号|日)\\s*[(（,，]?\\s*${ZH_WEEK}${ZH_WEEKDAY_CHAR}\\s*[)）]?`,
      'g',
    ),
    read: (m, today) => {
      const weekday = ZH_WEEKDAY[m[4] ?? ''];
      if (weekday === undefined) return undefined;
      return dateWithWeekday(today, weekday, {
        ...(m[2] !== undefined ? { month: Number(m[2]) } : {}),
        dayOfMonth: Number(m[3]),
        ...(m[1] !== undefined ? { year: m[1] } : {}),
      });
    },
  },
  {
    // Fri, thu., on Tues: the most recent such day (as "Friday" is); sat / sun / mon / wed only after "on"
    name: 'en-weekday-abbreviation',
    pattern: /\b(?:on\s+)?(fri|thu|thur|thurs|tue|tues)\b\.?|\bon\s+(sat|sun|mon|wed)\b\.?/g,
    read: (m, today) => {
      const weekday = EN_WEEKDAY[m[1] ?? m[2] ?? ''];
      if (weekday === undefined) return undefined;
      const latest = addDays(today, -((weekdayOf(today) - weekday + 7) % 7));
      return { flexible: true, at: (k) => day(addDays(latest, -7 * k)) };
    },
  },
  {
    // 27.11. / 27.11.2026 (a European day.month, the closing dot or the year said); 27.11 when no month can be 27
    name: 'dotted-day-month',
    pattern: new RegExp(
      String.raw`(?<![\d./-])(\d{1,2})\.(\d{2})(?:(\.)(?:\s*(\d{4}))?)?(?![\d%]|\.\d)` +
        // not a measure: 15.02 mm, 13.05 kg
        String.raw`(?!\s*(?:mm|cm|m\b|kg|g\b|mpa|kn|n\b|v\b|a\b|hz|℃|°|度|毫米|公斤|兆帕|伏|安|倍|秒|小时|分钟|s\b|h\b|万|千|元|x\b|rmm|r\/min|rpm|l\/min|升))`,
      'g',
    ),
    read: (m, today) => {
      const [first, second] = [Number(m[1]), Number(m[2])];
      const closed = m[3] !== undefined;
      if (second < 1 || second > 12 || first < 1) return undefined;
      // 11.20 without the closing dot is the table's month.day
      if (!closed && first <= 12) return undefined;
      if (m[4] !== undefined)
        return isValidDate(Number(m[4]), second, first) ? fixed(day(ymd(Number(m[4]), second, first))) : undefined;
      const reading = yearless(today, [second, first], undefined);
      if (!reading) return undefined;
      // 11.12. — 11 December, or (a full stop after 11.12) 12 November? only a day no month can be settles it
      return first <= 12 && first !== second ? { ...reading, ambiguous: true } : reading;
    },
  },
  {
    // 28/11/2026, 11/28/2026; 03/04/2026 is unsure
    name: 'slash-day-month-year',
    pattern: /(?<![\d/.-])(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})(?![\d/])/g,
    read: (m) => {
      const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (a > 12 && isValidDate(year, b, a)) return fixed(day(ymd(year, b, a)));
      if (b > 12 && isValidDate(year, a, b)) return fixed(day(ymd(year, a, b)));
      if (!isValidDate(year, a, b)) return undefined;
      const reading = fixed(day(ymd(year, a, b)))!;
      return a === b ? reading : { ...reading, ambiguous: true };
    },
  },
  {
    // 今年第一周, 去年最后一周, 2026年最后一个星期: the first or last ISO week of the year
    name: 'zh-year-edge-week',
    pattern: new RegExp(
      `(?:(今年|本年|去年|前年|明年)|(\\d{4})\\s*年)\\s*的?\\s*(第\\s*(?:1|一)|最后\\s*(?:1|一)?)\\s*个?${ZH_WEEK}(?![1-7一二三四五六日天末])`,
      'g',
    ),
    read: (m, today) => {
      const shift: Record<string, number> = { 今年: 0, 本年: 0, 去年: -1, 前年: -2, 明年: 1 };
      const year = m[2] !== undefined ? Number(m[2]) : parts(today).year + (shift[m[1] ?? ''] ?? 0);
      const range = /^第/.test(m[3] ?? '') ? isoWeek(year, 1) : lastIsoWeek(year);
      return range ? fixed(upToToday(range, today)) : undefined;
    },
  },
  {
    // the first week of this year, the last week of last year, the final week of 2026
    name: 'en-year-edge-week',
    pattern:
      /\b(?:the\s+)?(first|1st|last|final)\s+week\s+of\s+(?:(this|last|previous|next)\s+year|(?:the\s+)?(?:current\s+)?year\b|(\d{4})\b)/g,
    read: (m, today) => {
      const shift = m[2] === 'last' || m[2] === 'previous' ? -1 : m[2] === 'next' ? 1 : 0;
      const year = m[3] !== undefined ? Number(m[3]) : parts(today).year + shift;
      const range = /^(first|1st)$/.test(m[1] ?? '') ? isoWeek(year, 1) : lastIsoWeek(year);
      return range ? fixed(upToToday(range, today)) : undefined;
    },
  },
];
