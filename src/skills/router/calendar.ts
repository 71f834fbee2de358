/**
 * Calendar helpers on plant-local 'YYYY-MM-DD' strings for the period rules.
 * Weeks start on Monday (plant-data.md).
 */
import { addDays, weekdayOf } from '../../clock.js';

export interface DateRange {
  from: string;
  to: string;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function ymd(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidDate(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** The whole week (Monday..Sunday) `weeks` weeks from the one holding `date`. */
export function weekOf(date: string, weeks: number): DateRange {
  const monday = addDays(mondayOf(date), 7 * weeks);
  return { from: monday, to: addDays(monday, 6) };
}

/** The given ISO weekday (1 = Monday) of the week `weeks` from the one holding `date`. */
export function weekdayInWeek(date: string, weeks: number, weekday: number): string {
  return addDays(mondayOf(date), 7 * weeks + weekday - 1);
}

/** The most recent date with that ISO weekday, not after `today`. */
export function mostRecentWeekday(today: string, weekday: number): string {
  return addDays(today, -((weekdayOf(today) - weekday + 7) % 7));
}

/** Year and month `months` months from the month holding `date`. */
export function shiftMonth(date: string, months: number): { year: number; month: number } {
  const { year, month } = parts(date);
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function wholeMonth(year: number, month: number): DateRange {
  return { from: ymd(year, month, 1), to: ymd(year, month, daysInMonth(year, month)) };
}

/** A calendar month; the month in progress ends today (like 本月 / this month). */
export function monthUpToToday(year: number, month: number, today: string): DateRange {
  const range = wholeMonth(year, month);
  return range.from <= today && today <= range.to ? { from: range.from, to: today } : range;
}

/** A calendar year; the year in progress ends today. */
export function yearUpToToday(year: number, today: string): DateRange {
  const range = { from: ymd(year, 1, 1), to: ymd(year, 12, 31) };
  return range.from <= today && today <= range.to ? { from: range.from, to: today } : range;
}

/** `date` moved by whole months, the day clamped to the target month's length. */
export function addMonths(date: string, months: number): string {
  const { day } = parts(date);
  const { year, month } = shiftMonth(date, months);
  return ymd(year, month, Math.min(day, daysInMonth(year, month)));
}

/** The last `days` days ending today, today included. */
export function lastDays(today: string, days: number): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * Year-less month/day: the k-th most recent such date not after today
 * (k = 0 the most recent). Feb 29 skips years without it.
 */
export function recentMonthDay(
  today: string,
  [month, day]: [month: number, day: number],
  k: number,
): string | undefined {
  const { year } = parts(today);
  let found = 0;
  for (let candidate = year; candidate >= year - 12; candidate--) {
    if (!isValidDate(candidate, month, day)) continue;
    const date = ymd(candidate, month, day);
    if (date > today) continue;
    if (found === k) return date;
    found++;
  }
  return undefined;
}

/** Day-of-month alone ("25号"): the k-th most recent such date not after today. */
export function recentDayOfMonth(today: string, day: number, k: number): string | undefined {
  let found = 0;
  for (let back = 0; back < 48; back++) {
    const { year, month } = shiftMonth(today, -back);
    if (!isValidDate(year, month, day)) continue;
    const date = ymd(year, month, day);
    if (date > today) continue;
    if (found === k) return date;
    found++;
  }
  return undefined;
}
