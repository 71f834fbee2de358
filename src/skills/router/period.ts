/**
 * Periods in a question, resolved to plant-local dates. The rules live in
 * period-grammar.ts and period-rules.ts (tables of mentions); this file
 * finds the mentions, keeps the longest at each place, and composes them:
 * - a range: "from X to Y", "X到Y", "between X and Y", "X thru Y" (a range
 *   said in the wrong order comes back `reversed`, so the reply can say so);
 * - "since X", "X以来", "从X开始", "X到现在": from X to today; "截至目前X",
 *   "X so far": X up to today;
 * - a list of adjacent days: "sat + sun", "周六和周日";
 * - a period relative to another one ("the same day last week", "the week
 *   before"): against the nearest other period of the question, else today;
 * - the words a period claims around itself: "国庆那几天", "双十一当天",
 *   "双十一那周" (the Monday–Sunday week that holds it), "the week of Nov 19",
 *   "国庆第四天", "中秋放假三天";
 * - a period that repeats another one ("the weekend, sat + sun") is one period.
 */
import { daysBetween, localDate } from '../../clock.js';
import type { Period } from '../args.js';
import { type NormalizedText, type Span, normalizeText, slice } from './normalize.js';
import { HOLIDAYS, PERIOD_RULES, type PeriodReading } from './period-rules.js';
import { GRAMMAR_RULES } from './period-grammar.js';
import { DATE_RULES } from './period-dates.js';
import { type DateRange, isValidDate, parts, weekOf, ymd } from './calendar.js';
import { addDays } from '../../clock.js';

export interface PeriodMention extends Span {
  /** undefined: named but not settled (ends out of order beyond a year, an ambiguous 11/12 alone) */
  period: Period | undefined;
  /** a range said with its ends reversed ("11月20日到11月10日"): `period` runs from the later to the earlier */
  reversed?: boolean;
  /** the period starts after today */
  future?: boolean;
  /** words the period claims apart from its own span (a restatement: "the weekend … sat + sun") */
  also?: Span[];
}

interface Found extends Span {
  reading: PeriodReading;
  rule: string;
}

const RULES = [...DATE_RULES, ...GRAMMAR_RULES, ...PERIOD_RULES];

const RANGE_GAP = /^\s*(?:-|–|—|~|〜|to|till|until|through|thru|至|到|and)\s*$/;
const RANGE_LEAD = /(?:\bfrom|\bbetween|从|自|由)\s*$/;
/** "since Monday", 自从上周四 */
const SINCE_LEAD = /(?:\b(?:ever\s+)?since|自从)\s*$/;
/** 从周一开始, 周一以来, 上周四起, 上周一到现在 */
const SINCE_TAIL =
  /^\s*(?:以来|开始|起(?!来)|到现在|到目前|到今天|至今|迄今|为止|until\s+now|till\s+now|up\s+to\s+now|to\s+date|so\s+far|to\s+now)/;
/** 截至目前这个月, as of now: the period up to today */
const SO_FAR_LEAD = /(?:截至目前|截止目前|截至今天|截止今天|截至现在|\bas\s+of\s+(?:now|today))\s*的?\s*$/;
/** what a period claims after itself: 那几天, 当天, 期间 (a holiday's 放假那几天 is its rule's own) */
const CLAIMED_AFTER = /^\s*的?\s*(?:那几天|那些天|那天|那1天|那一天|当天|这天|这1天|这一天|期间|那段时间|那阵子|前后)/;
/** the single day among them: 当天, 那天 */
const ONE_DAY_AFTER = /那天|那1天|那一天|当天|这天|这1天|这一天/;
/** 双十一那周, 圣诞节所在的那一周: the week that holds it */
const WEEK_AFTER = /^\s*的?\s*(?:那|这|所在的?那?)\s*(?:1|一)?\s*个?\s*(?:周|星期|礼拜)(?![1-7一二三四五六日天末])/;
/** the week of Nov 19 */
const WEEK_OF_LEAD = /\b(?:the\s+)?week\s+of\s+(?:the\s+)?$/;
/** 国庆第4天 (when the rule did not read it whole) */
const DAY_N_AFTER = /^\s*的?\s*第\s*(\d{1,2})\s*天/;
/** the days a period holds, said again after it: 月初那10天 (10 days), 上周那7天 */
const DAY_COUNT_AFTER = /^\s*的?\s*(?:那|这)?\s*(\d{1,3})\s*(?:天|日)(?![前后内])/;
/** a whole month said again after it: 11月整月, 11月全月, 10月一整个月 */
const WHOLE_MONTH_AFTER = /^\s*的?\s*(?:整个?月|全月|一整个?月)/;
/**
 * A period said again by a day it holds: "last week (the one spanning new year)", "the last 7 days incl today",
 * "最近3天包括今天": the lead before the day, or the tail after it
 */
const HOLDS_LEAD = new RegExp(
  String.raw`(?:[(（]\s*)?(?:\bthe\s+one\s+)?(?:\b(?:that|which)\s+)?` +
    String.raw`(?:\b(?:spans?|spanning|covers?|covering|includes?|including|incl\.?|inc\.?|contains?|containing)|` +
    String.raw`包括|包含|含|算上|连)\s*(?:the\s+)?$`,
);
const HOLDS_TAIL = /^\s*(?:counted|included|inclusive|incl\.?|too|也算(?:上|进去)?|也包括|在内)\s*[)）]?/;
/** the turn of the year, said as a day a period holds: "(the one spanning new year)" */
const NEW_YEAR = /^\s*new\s+year\b(?:'s)?(?:\s+day)?(?:\s+weekend)?\s*[)）]?/;
const LIST_GAP = /^\s*(?:\+|&|and|,|、|和|跟|及|与|以及)\s*$/;
/** two periods set against each other, said after the second: 比, 相比, 对比, "compared" */
const SET_AGAINST_AFTER = /^\s*(?:的)?\s*(?:比|相比|对比|比较|相较|\bcompared\b|\bvs\b)/;

/** a greeting after a day ("周一早上好", "周五愉快"): the day greets, it names no period */
const GREETING_AFTER = /^\s*(?:早上好|早安|上午好|下午好|晚上好|愉快|快乐)/;

function scan(lower: string, today: string): Found[] {
  const found: Found[] = [];
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    for (const match of lower.matchAll(rule.pattern)) {
      if (match[0].trim().length === 0) continue;
      if (
        /^(?:周|星期|礼拜)[1-7一二三四五六日天]$/.test(match[0].trim()) &&
        GREETING_AFTER.test(lower.slice(match.index + match[0].length))
      )
        continue;
      const reading = rule.read(match, today);
      if (!reading || (!reading.at(0) && !reading.anchored)) continue;
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

/** Join two mentions into [from, to], moving flexible ones back so that from ≤ to; reversed when said the wrong way. */
function joinRange(first: Found, second: Found): (DateRange & { reversed?: boolean }) | undefined {
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
  // moving back is for ranges across a year or week boundary (12月28日到1月3日, Friday to Monday),
  // not for ends said in the wrong order (11月7日到11月1日): those are reversed
  if (from.from > end.to || (firstK > 0 && daysBetween(from.from, end.to) > 186)) {
    const said = first.reading.at(0)!;
    const saidEnd = second.reading.at(0)!;
    if (said.from > saidEnd.to && daysBetween(saidEnd.to, said.from) <= 366)
      return { from: said.from, to: saidEnd.to, reversed: true };
    return undefined;
  }
  return { from: from.from, to: end.to };
}

const label = (normalized: NormalizedText, start: number, end: number): string => slice(normalized, start, end);

/**
 * Every period the question mentions, in order. A range whose ends cannot be
 * put in order comes back with `period` undefined (the router then asks).
 */
export function findPeriods(normalized: NormalizedText, lowerMasked: string, today: string): PeriodMention[] {
  const found = scan(lowerMasked, today);
  const out: Array<PeriodMention & { found: Found; anchor?: boolean }> = [];
  for (let i = 0; i < found.length; i++) {
    const first = found[i]!;
    const second = found[i + 1];
    const gap = second ? lowerMasked.slice(first.end, second.start) : '';
    const before = lowerMasked.slice(0, first.start);
    const lead = RANGE_LEAD.exec(before);
    // a range: X to Y, between X and Y
    if (second && RANGE_GAP.test(gap) && (!/and/.test(gap) || (lead && /between/.test(lead[0])))) {
      const start = lead ? lead.index : first.start;
      // "2026-11-02 thru 11/08": the first end settles an ambiguous second
      const range = joinRange(first, second);
      out.push({
        start,
        end: second.end,
        period: range ? { from: range.from, to: range.to, label: label(normalized, start, second.end) } : undefined,
        ...(range?.reversed ? { reversed: true } : {}),
        found: first,
      });
      i++;
      continue;
    }
    // a list of adjacent days: sat + sun, 周六和周日 — never two set against each other ("上旬跟中旬比", "this week and
    // last week compared"): those are a comparison's two periods
    if (second && LIST_GAP.test(gap) && !SET_AGAINST_AFTER.test(lowerMasked.slice(second.end))) {
      let a = first.reading.at(0);
      const b = second.reading.at(0);
      // "saturday and sunday" asked on a Saturday: the first goes back to last week's
      for (let k = 1; a && b && b.from < a.from && first.reading.flexible && k < 3; k++) a = first.reading.at(k);
      // adjacent, or adjacent but for the days of the first still to come ("这周和下周": this week so far, next week)
      const adjacent =
        a && b && (addDays(a.to, 1) === b.from || (a.to === today && b.from > today && daysBetween(a.to, b.from) <= 7));
      if (a && b && adjacent && !first.reading.ambiguous && !second.reading.ambiguous) {
        out.push({
          start: first.start,
          end: second.end,
          period: { from: a.from, to: b.to, label: label(normalized, first.start, second.end) },
          found: first,
        });
        i++;
        continue;
      }
    }
    const reading = first.reading;
    let range = reading.ambiguous ? undefined : reading.at(0);
    let [start, end] = [first.start, first.end];
    // "from Monday to Wednesday" read whole by one rule: its lead belongs to it
    if (lead && /-span$/.test(first.rule)) start = lead.index;
    // since X, 从X开始, X以来, X到现在: from X to today
    const sinceLead = SINCE_LEAD.exec(before);
    const after = lowerMasked.slice(end);
    const sinceTail = SINCE_TAIL.exec(after);
    const zhFrom = /(?:从|自)\s*$/.exec(before);
    if (range && (sinceLead || sinceTail)) {
      if (sinceLead) start = sinceLead.index;
      else if (zhFrom) start = zhFrom.index;
      if (sinceTail) end += sinceTail[0].length;
      if (range.from <= today) range = { from: range.from, to: today };
    }
    const soFar = SO_FAR_LEAD.exec(lowerMasked.slice(0, start));
    if (range && soFar) {
      start = soFar.index;
      if (range.from <= today && range.to > today) range = { from: range.from, to: today };
    }
    // the week that holds it: 双十一那周, the week of Nov 19
    const weekAfter = WEEK_AFTER.exec(lowerMasked.slice(end));
    const weekOfLead = WEEK_OF_LEAD.exec(lowerMasked.slice(0, start));
    if (range && (weekAfter || weekOfLead)) {
      range = weekOf(reading.day ?? range.from, 0);
      if (weekAfter) end += weekAfter[0].length;
      if (weekOfLead) start = weekOfLead.index;
      if (range.from <= today && range.to > today) range = { from: range.from, to: today };
    }
    // 国庆第4天
    const dayN = DAY_N_AFTER.exec(lowerMasked.slice(end));
    if (range && dayN && Number(dayN[1]) >= 1 && daysBetween(range.from, range.to) >= Number(dayN[1]) - 1) {
      range = { from: addDays(range.from, Number(dayN[1]) - 1), to: addDays(range.from, Number(dayN[1]) - 1) };
      end += dayN[0].length;
    }
    // 11月整月: the whole month said again
    const wholeMonth = WHOLE_MONTH_AFTER.exec(lowerMasked.slice(end));
    if (range && wholeMonth && range.from.endsWith('-01') && range.from.slice(0, 7) === range.to.slice(0, 7))
      end += wholeMonth[0].length;
    // 月初那10天: the number of days it holds said again
    const dayCount = DAY_COUNT_AFTER.exec(lowerMasked.slice(end));
    if (range && dayCount && Number(dayCount[1]) === daysBetween(range.from, range.to) + 1) end += dayCount[0].length;
    const claimed = CLAIMED_AFTER.exec(lowerMasked.slice(end));
    // 国庆节当天, 劳动节那天: the holiday's own day, the first of its days (国庆那几天 keeps them all)
    if (claimed && range && first.rule === 'holiday' && ONE_DAY_AFTER.test(claimed[0]))
      range = { from: reading.day ?? range.from, to: reading.day ?? range.from };
    // 月底那天, 月初那天: the month's last or first day (月中那天 names none)
    if (claimed && range && first.rule === 'zh-month-edge' && ONE_DAY_AFTER.test(claimed[0])) {
      const edge = lowerMasked.slice(first.start, first.end).trim().slice(-1);
      const [year, month] = range.from.split('-').map(Number) as [number, number];
      const last = ymd(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
      const one = edge === '初' ? range.from : edge === '底' || edge === '末' ? last : undefined;
      range = one && one <= today ? { from: one, to: one } : undefined;
    }
    if (claimed && (range || reading.anchored)) end += claimed[0].length;
    out.push({
      start,
      end,
      period: range ? { ...range, label: label(normalized, start, end) } : undefined,
      found: first,
      ...(reading.anchored ? { anchor: true } : {}),
    });
  }
  // periods said against another one: "yesterday vs the same day last week", "last week vs the week before"
  for (const mention of out) {
    if (!mention.anchor) continue;
    const index = out.indexOf(mention);
    const others = [...out.slice(0, index).reverse(), ...out.slice(index + 1)].filter(
      (other) => !other.anchor && other.period,
    );
    const anchor = others[0]?.period;
    const resolved = anchor ? mention.found.reading.anchored!(anchor) : mention.found.reading.at(0);
    mention.period = resolved
      ? { from: resolved.from, to: resolved.to, label: label(normalized, mention.start, mention.end) }
      : undefined;
  }
  claimHeldDays(out, lowerMasked);
  // a period said twice ("weekend numbers, sat + sun") is one period
  const result: PeriodMention[] = [];
  for (const mention of out) {
    const same = result.find(
      (other) =>
        other.period &&
        mention.period &&
        other.period.from === mention.period.from &&
        other.period.to === mention.period.to,
    );
    const { found: _found, anchor: _anchor, ...plain } = mention;
    if (same) {
      same.also = [...(same.also ?? []), { start: mention.start, end: mention.end }];
      continue;
    }
    if (plain.period && plain.period.from > today) plain.future = true;
    result.push(plain);
  }
  return result;
}

/**
 * A day said as one a period holds ("the one that covers new year's day", "incl today", "包括今天") restates that
 * period: it joins the period's words. A day the other period does not hold stays a period of its own (the router
 * then asks which).
 */
function claimHeldDays(out: Array<PeriodMention & { found: Found }>, lowerMasked: string): void {
  const holds = (outer: Period | undefined, inner: DateRange) =>
    outer !== undefined && outer.from <= inner.from && inner.to <= outer.to;
  for (const mention of [...out]) {
    const inner = mention.period;
    if (!inner) continue;
    const lead = HOLDS_LEAD.exec(lowerMasked.slice(0, mention.start));
    const tail = lead ? undefined : HOLDS_TAIL.exec(lowerMasked.slice(mention.end));
    if (!lead && !tail) continue;
    const others = out.filter((other) => other !== mention && holds(other.period, inner));
    if (others.length === 0) continue;
    const outer = others.find((other) => other.end <= mention.start) ?? others[0]!;
    const start = lead ? lead.index : mention.start;
    const end = mention.end + (tail ? tail[0].length : 0);
    outer.also = [...(outer.also ?? []), { start, end }];
    out.splice(out.indexOf(mention), 1);
  }
  // "spanning new year": the turn of the year lies in the period
  for (let at = lowerMasked.search(/\bnew\s+year\b/); at >= 0;) {
    const lead = HOLDS_LEAD.exec(lowerMasked.slice(0, at));
    const said = NEW_YEAR.exec(lowerMasked.slice(at));
    if (lead && said) {
      const outer = out.find(
        ({ period }) =>
          period !== undefined && (period.from.slice(0, 4) !== period.to.slice(0, 4) || period.from.endsWith('-01-01')),
      );
      const claimed = outer?.also?.some((span) => span.start <= at && at < span.end);
      if (outer && !claimed) outer.also = [...(outer.also ?? []), { start: lead.index, end: at + said[0].length }];
    }
    const next = lowerMasked.slice(at + 1).search(/\bnew\s+year\b/);
    at = next < 0 ? -1 : at + 1 + next;
  }
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

/** a named holiday or festival in a label (春节那周, Christmas week): its days move from year to year */
const HOLIDAY_NAMED = new RegExp(HOLIDAYS.map((entry) => `(?:${entry.pattern})`).join('|'), 'i');

/**
 * The coming occurrence of a named holiday's period (a calendar looks ahead: "春节那周" asked in January is this
 * year's, not last year's moved by a year — a lunar festival's date moves): the words of `label` read as of later
 * days until the period they name begins after today; undefined when the label names no holiday.
 */
export function comingHoliday(label: string, today: string): DateRange | undefined {
  if (!HOLIDAY_NAMED.test(label)) return undefined;
  const normalized = normalizeText(label);
  // a month at a time: two occurrences of a holiday are never a month apart, so none is skipped
  for (let ahead = 30; ahead <= 420; ahead += 30) {
    const found = findPeriods(normalized, normalized.lower, addDays(today, ahead))[0]?.period;
    if (!found || found.from <= today) continue;
    // read again well after it began, so it is whole (never cut at the day it was read on)
    const whole = findPeriods(normalized, normalized.lower, addDays(found.from, 45))[0]?.period;
    return whole && whole.from === found.from ? { from: whole.from, to: whole.to } : { from: found.from, to: found.to };
  }
  return undefined;
}
