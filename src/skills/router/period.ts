/**
 * Periods in a question, resolved to plant-local dates. The rules live in
 * period-rules.ts (one table); this file finds their mentions, keeps the
 * longest at each place, and joins "from X to Y" / "X到Y" / "between X and Y"
 * into one range.
 */
import { daysBetween, localDate } from '../../clock.js';
import type { Period } from '../args.js';
import { type NormalizedText, type Span, normalizeText, slice } from './normalize.js';
import { PERIOD_RULES, type PeriodReading } from './period-rules.js';
import { isValidDate, parts, ymd } from './calendar.js';

export interface PeriodMention extends Span {
  period: Period;
}

interface Found extends Span {
  reading: PeriodReading;
  rule: string;
}

const RANGE_GAP = /^\s*(?:-|–|—|~|〜|to|till|until|through|thru|至|到|and)\s*$/;
const RANGE_LEAD = /(?:\bfrom|\bbetween|从|自|由)\s*$/;

function scan(lower: string, today: string): Found[] {
  const found: Found[] = [];
  for (const rule of PERIOD_RULES) {
    rule.pattern.lastIndex = 0;
    for (const match of lower.matchAll(rule.pattern)) {
      const reading = rule.read(match, today);
      if (!reading || !reading.at(0)) continue;
      found.push({ start: match.index, end: match.index + match[0].length, reading, rule: rule.name });
    }
  }
  // the longest mention wins at each place; overlapping shorter ones go
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Found[] = [];
  for (const candidate of found) {
    const last = kept[kept.length - 1];
    if (last && candidate.start < last.end) {
      if (candidate.end - candidate.start > last.end - last.start) kept[kept.length - 1] = candidate;
      continue;
    }
    kept.push(candidate);
  }
  return kept;
}

/** Join two mentions into [from, to], moving flexible ones back so that from ≤ to. */
function joinRange(first: Found, second: Found): { from: string; to: string } | undefined {
  const start = first.reading.at(0);
  if (!start) return undefined;
  if (second.reading.dayOnly !== undefined) {
    // "11月1日到7日": the second day belongs to the first one's month (or the next)
    const { year, month, day } = parts(start.to);
    let [endYear, endMonth] = [year, month];
    if (second.reading.dayOnly < day) [endYear, endMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
    if (!isValidDate(endYear, endMonth, second.reading.dayOnly)) return undefined;
    return { from: start.from, to: ymd(endYear, endMonth, second.reading.dayOnly) };
  }
  let secondK = 0;
  if (second.reading.flexible && !first.reading.flexible) {
    // an explicit start: the year-less end is the first such date after it
    for (let k = 1; k < 12; k++) {
      const older = second.reading.at(k);
      if (!older || older.to < start.from) break;
      secondK = k;
    }
  }
  const end = second.reading.at(secondK);
  if (!end) return undefined;
  let firstK = 0;
  let from = start;
  while (first.reading.flexible && from.from > end.to && firstK < 12) {
    const older = first.reading.at(++firstK);
    if (!older) break;
    from = older;
  }
  if (from.from > end.to) return undefined;
  // moving back is for ranges across a year or week boundary (12月28日到1月3日, Friday to Monday),
  // not for ends said in the wrong order (11月7日到11月1日)
  if (firstK > 0 && daysBetween(from.from, end.to) > 186) return undefined;
  return { from: from.from, to: end.to };
}

/**
 * Every period the question mentions, in order. A range whose ends cannot be
 * put in order comes back with `period` undefined (the router then asks).
 */
export function findPeriods(
  normalized: NormalizedText,
  lowerMasked: string,
  today: string,
): Array<Span & { period: Period | undefined }> {
  const found = scan(lowerMasked, today);
  const out: Array<Span & { period: Period | undefined }> = [];
  for (let i = 0; i < found.length; i++) {
    const first = found[i]!;
    const second = found[i + 1];
    const gap = second ? lowerMasked.slice(first.end, second.start) : '';
    const lead = RANGE_LEAD.exec(lowerMasked.slice(0, first.start));
    if (second && RANGE_GAP.test(gap) && (!/and/.test(gap) || (lead && /between/.test(lead[0])))) {
      const start = lead ? lead.index : first.start;
      const range = joinRange(first, second);
      out.push({
        start,
        end: second.end,
        period: range ? { ...range, label: slice(normalized, start, second.end) } : undefined,
      });
      i++;
      continue;
    }
    const range = first.reading.at(0)!;
    out.push({
      start: first.start,
      end: first.end,
      period: { ...range, label: slice(normalized, first.start, first.end) },
    });
  }
  return out;
}

/**
 * The period a text names, resolved in the plant time zone from `now`
 * (the first one when it names several); undefined when it names none.
 */
export function resolvePeriod(text: string, context: { now: Date; timezone: string }): Period | undefined {
  const normalized = normalizeText(text);
  const today = localDate(context.now, context.timezone);
  return findPeriods(normalized, normalized.lower, today)[0]?.period;
}
