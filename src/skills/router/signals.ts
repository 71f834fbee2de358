/**
 * Signals and slot helpers shared by the skills' routing rules
 * (src/skills/code/<name>/routing.ts): derived facts of an analysed question
 * and the single-period / single-line readings several skills' slots use.
 * No skill is named here.
 */
import { daysBetween } from '../../clock.js';
import type { Analysis } from './analysis.js';
import { mask } from './normalize.js';
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

/**
 * A date without a year is the most recent one for quality data; for the
 * on-call rota it is the nearest one: "12月25日值班" asked in late November
 * is the coming Christmas, not last year's.
 */
export function nearestYearless(period: { from: string; label?: string | undefined }, today: string): string {
  // a year said in words too: 去年圣诞节, last Christmas, last year's Christmas are the past one, as asked
  const yearSaid = /\d{4}|今年|去年|前年|明年|后年|\b(?:last|this|next)\b/i.test(period.label ?? '');
  if (yearSaid || period.from >= today || daysBetween(period.from, today) <= 182) return period.from;
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
