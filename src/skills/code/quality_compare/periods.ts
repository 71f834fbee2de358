/** The period before and after a period, of the same kind (quality_compare's router slots and skill). */
import { addDays, daysBetween, weekdayOf } from '../../../clock.js';

type Period = { from: string; to: string; label?: string | undefined };

/**
 * The period before `period`, of the same kind: the day before a day, the
 * Monday–Sunday before a week (to date), the calendar month before a month
 * (to date), else the same number of days just before.
 */
/** the same dates a year before (同比, YoY): 29 February falls on the 28th */
export function yearBefore(period: Period): Period {
  const back = (date: string): string => {
    const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
    return date.slice(5) === '02-29' ? `${year}-02-28` : `${year}${date.slice(4)}`;
  };
  return { from: back(period.from), to: back(period.to) };
}

export function previousPeriod(period: Period): Period {
  const { from, to } = period;
  if (from === to) return { from: addDays(from, -1), to: addDays(from, -1) };
  const days = daysBetween(from, to) + 1;
  if (weekdayOf(from) === 1 && days <= 7) return { from: addDays(from, -7), to: addDays(from, -1) };
  if (from.endsWith('-01') && to.slice(0, 7) === from.slice(0, 7)) {
    const end = addDays(from, -1);
    return { from: `${end.slice(0, 8)}01`, to: end };
  }
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** the period after `period`, of the same kind, up to today ("today compared with yesterday") */
export function nextPeriod(period: Period, today: string): Period {
  const { from, to } = period;
  const days = daysBetween(from, to) + 1;
  let next: Period;
  if (from === to) next = { from: addDays(to, 1), to: addDays(to, 1) };
  else if (weekdayOf(from) === 1 && days === 7) next = { from: addDays(from, 7), to: addDays(from, 13) };
  else if (from.endsWith('-01') && addDays(to, 1).endsWith('-01')) {
    const start = addDays(to, 1);
    let end = start;
    while (addDays(end, 1).slice(0, 7) === start.slice(0, 7)) end = addDays(end, 1);
    next = { from: start, to: end };
  } else next = { from: addDays(to, 1), to: addDays(to, days) };
  return { ...next, to: next.to > today ? today : next.to };
}
