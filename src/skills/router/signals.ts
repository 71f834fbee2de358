/**
 * Signals and slot helpers shared by the skills' routing rules
 * (src/skills/code/<name>/routing.ts): derived facts of an analysed question
 * and the single-period / single-line readings several skills' slots use.
 * No skill is named here.
 */
import { addDays, daysBetween, weekdayOf } from '../../clock.js';
import type { Analysis } from './analysis.js';
import { mask } from './normalize.js';
import { comingHoliday } from './period.js';
import { ADVICE } from './slots.js';

/** the question pins something down: a line, every line, a period or a ranking */
export function anchored(analysis: Analysis): boolean {
  const { lines, rank } = analysis;
  return lines.lines.length > 0 || lines.all || analysis.periods.length > 0 || rank !== undefined;
}

/** the question asks for a quality figure (a weak metric word only when anchored) */
export function hasMetric(analysis: Analysis): boolean {
  const { metrics, rank } = analysis;
  return (metrics.metrics.length > 0 && (!metrics.weakOnly || anchored(analysis))) || rank !== undefined;
}

/** a day of the month said with no month: "the 18th", "on the 3rd", 18号, 3日 */
const DAY_ALONE = /^(?:(?:on|by|for)\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$|^\d{1,2}\s*(?:号|日)$/i;

/** a weekday said alone: "monday", "on Fri", 周五, 星期五, 礼拜五 (not 上周五, "last Friday") */
const WEEKDAY_ALONE = new RegExp(
  [
    String.raw`^(?:(?:on|by|for|this)\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|\.)?$`,
    String.raw`^(?:(?:on|by|for|this)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$`,
    String.raw`^(?:周|星期|礼拜)[一二三四五六日天1-7]$`,
  ].join('|'),
  'i',
);
/** a question about what was: "was Monday a holiday", "who was on call on Friday", 周五放假了吗 */
const PAST_TENSE = /\b(?:was|were|did|had|been)\b|了吗|过吗|过没有/;

/**
 * A day asked of a calendar (a holiday, the on-call rota): a date without a year is the nearest one
 * (nearestYearless); a weekday said alone is the coming one, today included ("is
 * Monday a public holiday" asked on a Tuesday is next Monday); the last one when the question asks what was.
 * Quality data, a record of the past, reads it as the most recent one (period-dates.ts).
 */
export function calendarDate(
  period: { from: string; label?: string | undefined },
  today: string,
  lower: string,
): string {
  const from = nearestYearless(period, today);
  if (from >= today || !WEEKDAY_ALONE.test((period.label ?? '').trim()) || PAST_TENSE.test(lower)) return from;
  return addDays(from, 7);
}

/**
 * A day of the month said without its month, read as `past` (before today): the same day of the next month instead
 * when that one is to come and nearer to today ("the 7th" asked on 1 December is 7 December, not 7 November).
 */
export function nearerMonthDay(past: string, today: string): string {
  const [year, month, day] = past.split('-').map(Number) as [number, number, number];
  const following = new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
  const coming = following.slice(8) === past.slice(8) ? following : undefined;
  return coming && coming >= today && daysBetween(today, coming) < daysBetween(past, today) ? coming : past;
}

/**
 * A date without a year is the most recent one for quality data; for the
 * on-call rota it is the nearest one: "12月25日值班" asked in late November
 * is the coming Christmas, not last year's. A day said without its month
 * ("the 18th") is the nearer of the last one and the coming one.
 */
export function nearestYearless(period: { from: string; label?: string | undefined }, today: string): string {
  // a year said in words too: 去年圣诞节, last Christmas, last year's Christmas are the past one, as asked
  const yearSaid = /\d{4}|今年|去年|前年|明年|后年|\b(?:last|this|next)\b/i.test(period.label ?? '');
  // a day of the month said alone ("the 18th", 18号) asked of a calendar: the nearer of the last one and the coming
  if (!yearSaid && period.from < today && DAY_ALONE.test((period.label ?? '').trim()))
    return nearerMonthDay(period.from, today);
  if (yearSaid || period.from >= today || daysBetween(period.from, today) <= 182) return period.from;
  // a named holiday's day (春节当天): its coming one, read again (a lunar festival's date moves)
  const coming = comingHoliday(period.label ?? '', today);
  if (coming) return coming.from;
  const next = `${Number(period.from.slice(0, 4)) + 1}${period.from.slice(4)}`;
  return isCalendarDay(next) ? next : period.from;
}

function isCalendarDay(value: string): boolean {
  const probe = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === value;
}

export function singlePeriod(analysis: Analysis): {
  period?: { from: string; to: string; label?: string };
  unsure: boolean;
} {
  if (analysis.periods.length === 0) return { unsure: false };
  if (analysis.periods.length > 1) return { unsure: true };
  const period = analysis.periods[0]!.period;
  return period ? { period, unsure: false } : { unsure: true };
}

export function singleLine(analysis: Analysis): { line?: string; unsure: boolean } {
  const { lines } = analysis.lines;
  if (lines.length === 1) return { line: lines[0]!, unsure: false };
  return { unsure: lines.length > 1 };
}

/**
 * The question asks what fixed a symptom or how to fix it (slots.ts ADVICE), said outside its periods: "before" in
 * "the week before last" or "the day before yesterday" names a day, never a fix done before.
 */
export function asksAdvice(analysis: Analysis): boolean {
  const spans = [...analysis.periods, ...analysis.periods.flatMap((mention) => mention.also ?? [])];
  return ADVICE.test(mask(analysis.normalized.lower, spans));
}

/** a label that names one day (12月1日, Dec 1st, 周一, today) or a part of a unit (上旬, early December, the first 3 days) */
/** a label that names a day or a part of a period (25号, Monday, 月底, today): never widened to the whole */
export const DAY_OR_PART = new RegExp(
  [
    String.raw`\d\s*(?:日|号)|\b\d{1,2}(?:st|nd|rd|th)\b|(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|月)\s*\d`,
    String.raw`\d{1,2}\s*[/.-]\s*\d{1,2}|(?:周|星期|礼拜)[一二三四五六日天1-7]|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b`,
    String.raw`今|昨|明|前天|后天|\btoday\b|\btonight\b|\byesterday\b|\btomorrow\b|上旬|中旬|下旬|月初|月中|月底|月末|半`,
    String.raw`\b(?:early|mid|late|end|beginning|start|first|second|last|past|next)\s+(?:\d|half|part|few|days?|weeks?)`,
    String.raw`前\s*\d|近\s*\d|最近|\d+\s*(?:天|days?)\b`,
  ].join('|'),
);
/** a label that asks up to today itself: 至今, so far, month to date */
const UP_TO_NOW =
  /至今|到现在|到目前|截至|截止|为止|以来|迄今|\bso\s+far\b|\bto\s+date\b|\b[mwqy]td\b|\buntil\s+(?:today|now)\b|\bup\s+to\b|\bsince\b/;

function monthEndOf(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * A calendar's period (the on-call rota, public holidays): a named month, week, quarter or year is the whole of
 * it, the days still to come too — the figures' period stops at today (a record has no tomorrow), a calendar's
 * does not. A day, a part of a month or "so far" stays as said.
 */
export function calendarWhole(
  period: { from: string; to: string; label?: string | undefined },
  today: string,
): { from: string; to: string } {
  const label = (period.label ?? '').toLowerCase();
  const { from, to } = period;
  if (to !== today || DAY_OR_PART.test(label) || UP_TO_NOW.test(label)) return { from, to };
  const end = (whole: string): { from: string; to: string } => ({ from, to: whole > to ? whole : to });
  const [year, month] = from.split('-').map(Number) as [number, number];
  if (
    from.endsWith('-01') &&
    /月|\bmonths?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.test(label)
  )
    return end(monthEndOf(from));
  if (
    weekdayOf(from) === 1 &&
    daysBetween(from, to) < 7 &&
    /周|星期|礼拜|\bweeks?\b|\bwk\b|\bcw\b|\bkw\s*\d|\bw\d{1,2}\b|\biso\b|\d-?w\d/.test(label)
  )
    return end(addDays(from, 6));
  if (from.endsWith('-01') && (month - 1) % 3 === 0 && /季|\bq[1-4]\b|\bquarters?\b/.test(label))
    return end(monthEndOf(`${year}-${String(month + 2).padStart(2, '0')}-01`));
  if (from.endsWith('-01-01') && /年|\byears?\b|\byr\b|\d{4}/.test(label)) return end(`${year}-12-31`);
  return { from, to };
}
