/**
 * How the rules route a plain holiday question: "is 2026-12-08 a public holiday in Italy?", "下周有法定
 * 节假日吗", "list the Japanese holidays next month". Only a question about the calendar itself: one that
 * names a line, a machine, a measure, a batch, an engineer or the on-call rota is another skill's (the
 * on-call check places its intent before this one), and a holiday named as a period of a figure ("国庆期间
 * C线不良率") never reaches here.
 */
import { addDays, daysBetween } from '../../../clock.js';
import { rotaDays } from '../oncall_check_procedure/routing.js';
import { DAY_OR_PART, calendarDate, calendarWhole, nearestYearless, singlePeriod } from '../../router/signals.js';
import { comingHoliday } from '../../router/period.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { MAX_HOLIDAY_DAYS, publicHolidaysArgs } from './args.js';
import { findCountries } from './countries.js';

const HOLIDAY = new RegExp(
  [
    String.raw`法定(?:节)?假日|节假日|公共假期|公众假期|假期|放假|休假日|假日|放\S{0,3}假|放几天|休几天|`,
    // a festival asked of a day ("是不是节日", "是啥节"), the days off asked ("下个月有什么假", "春节几号放")
    String.raw`节日|(?:什么|啥|哪个|哪些)节(?![拍点约省能奏目数气])|(?:什么|啥|哪些|几天)假(?![货设定])|(?<=有[^，,。?？!！]{0,4})(?<!请)假(?![货设定])|(?:几号|哪天|什么时候)放(?=$|[?？!！\s,，。]|吗)|`,
    String.raw`\b(?:public|bank|national|official|statutory)\s+holidays?\b|\bholidays?\b|\bdays?\s+off\b`,
  ].join(''),
);

/** asking which or how many (a list), or whether (a day) */
const LIST_WORDS = /哪些|哪几天|几天|多少天|几个|列出|列一下|\bwhich\b|\bwhat\b|\bhow\s+many\b|\blist\b|\ball\b/;

function aboutTheCalendar(analysis: Analysis): boolean {
  return (
    HOLIDAY.test(analysis.normalized.lower) &&
    analysis.lines.lines.length === 0 &&
    !analysis.lines.all &&
    analysis.equipment === undefined &&
    analysis.metrics.metrics.length === 0 &&
    !analysis.metrics.general &&
    analysis.batches.length === 0 &&
    analysis.defectTypes.length === 0 &&
    analysis.engineers.length === 0 &&
    analysis.inspectors.length === 0 &&
    analysis.priority === undefined
  );
}

/** a date the period rules could not read ("12/8": 8 Dec or 12 Aug): asked for, never taken as today */
const UNREAD_DATE = /(?<![\d.])\d{1,4}(?:[/.-]\d{1,2}){1,2}(?![\d.])/;

/** a bare year ("in 2027", "2027 holidays"), which the period rules leave to the figures' own year words */
const YEAR = /(?<!\d)(20\d{2})(?!\d)(?!\s*[-/.年])/g;

function yearSaid(analysis: Analysis): { year: number; words: string; start: number; end: number } | undefined {
  const found = [...analysis.rest.matchAll(YEAR)];
  if (found.length !== 1) return undefined;
  const match = found[0]!;
  return { year: Number(match[1]), words: match[1]!, start: match.index, end: match.index + match[0].length };
}

/**
 * A range said without a year and long past ("国庆" in late November is last October's) stays the one
 * asked of; a holiday said without a year is the nearest one, as a day is (nearestYearless), so a range
 * of a holiday more than half a year past moves to next year's days.
 */
function nearestRange(
  period: { from: string; to: string; label?: string | undefined },
  today: string,
): { from: string; to: string; label?: string | undefined } {
  const from = nearestYearless(period, today);
  if (from === period.from) return period;
  // a named holiday: its coming days, read again (a lunar festival's date moves from year to year)
  const coming = comingHoliday(period.label ?? '', today);
  if (coming) return { ...period, ...coming };
  const shift = Number(from.slice(0, 4)) - Number(period.from.slice(0, 4));
  const to = `${Number(period.to.slice(0, 4)) + shift}${period.to.slice(4)}`;
  return { ...period, from, to };
}

/** this week / month / year said: the whole of it (a calendar looks ahead), not up to today as a figure does */
const WHOLE = /本周|这周|这一?个?星期|本星期|这礼拜|本礼拜|本月|这个?月|当月|今年|本年|\bthis\s+(?:week|month|year)\b/;

function wholeOf(
  period: { from: string; to: string; label?: string | undefined },
  today: string,
): { from: string; to: string; label?: string | undefined } {
  // a named month, week or year (January, 12月, this week): the whole of it, not up to today
  const whole = calendarWhole(period, today);
  if (whole.to !== period.to) return { ...period, ...whole };
  if (period.to !== today || !WHOLE.test(period.label ?? '') || DAY_OR_PART.test((period.label ?? '').toLowerCase()))
    return period;
  if (/今年|本年|\byear\b/.test(period.label ?? '')) return { ...period, to: `${today.slice(0, 4)}-12-31` };
  return { ...period, ...rotaDays(period, today) };
}

/**
 * A country pointed at and not named ("over there", 那边, 当地, their holidays): whose calendar is meant is
 * asked, not taken to be the plant's own.
 */
const COUNTRY_POINTED = new RegExp(
  [
    String.raw`\bover\s+there\b|\bout\s+there\b|\b(?:holidays?|off|closed|working)\s+there\b`,
    String.raw`\btheir\s+(?:side|end|country|holidays?|time)\b|\blocally\b|那边|那儿|那里|当地|对方|他们那`,
  ].join('|'),
  'g',
);

/**
 * Several periods said where one holds all the others ("下个月有什么假 春节几号放": the Spring Festival is next
 * month): the holidays of the wider range answer each, so it is the one asked of; otherwise none is chosen.
 */
function singleOrWidest(analysis: Analysis): ReturnType<typeof singlePeriod> {
  const single = singlePeriod(analysis);
  if (!single.unsure || analysis.periods.length < 2) return single;
  // each as the calendar reads it (a holiday without a year: its coming days)
  const periods = analysis.periods.map(
    (mention) => mention.period && nearestRange(wholeOf(mention.period, analysis.today), analysis.today),
  );
  if (periods.some((period) => period === undefined)) return single;
  // a month qualified by its year ("Nov this year", "January next year"): the month, not the year around it
  if (periods.some((period) => daysBetween(period!.from, period!.to) >= 300)) {
    const narrowest = periods.find((inner) =>
      periods.every((outer) => inner!.from >= outer!.from && inner!.to <= outer!.to),
    );
    return narrowest ? { period: narrowest, unsure: false } : single;
  }
  const widest = periods.find((outer) =>
    periods.every((inner) => inner!.from >= outer!.from && inner!.to <= outer!.to),
  );
  return widest ? { period: widest, unsure: false } : single;
}

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const unsure: string[] = [];
  const countries = [...new Set(findCountries(analysis.normalized.lower, analysis.normalized.text).map((c) => c.code))];
  if (countries.length === 1) explicit.country = countries[0];
  else if (countries.length > 1) unsure.push('country');
  else if (new RegExp(COUNTRY_POINTED.source).test(analysis.normalized.lower)) unsure.push('country');
  const single = singleOrWidest(analysis);
  const year = single.period || single.unsure ? undefined : yearSaid(analysis);
  const period =
    single.period ?? (year ? { from: `${year.year}-01-01`, to: `${year.year}-12-31`, label: year.words } : undefined);
  if (
    period &&
    period.from === period.to &&
    (!WHOLE.test(period.label ?? '') || DAY_OR_PART.test((period.label ?? '').toLowerCase())) &&
    calendarWhole(period, analysis.today).to === period.to
  )
    explicit.date = calendarDate(period, analysis.today, analysis.normalized.lower);
  else if (period) {
    const whole = wholeOf(period, analysis.today);
    if (daysBetween(whole.from, whole.to) < MAX_HOLIDAY_DAYS) explicit.period = nearestRange(whole, analysis.today);
    else unsure.push('date');
  } else if (single.unsure || UNREAD_DATE.test(analysis.rest)) unsure.push('date');
  else if (LIST_WORDS.test(analysis.normalized.lower)) {
    // "which holidays are there": the coming twelve months
    explicit.period = {
      from: analysis.today,
      to: addDays(analysis.today, 364),
      label: analysis.language === 'zh' ? '今后 12 个月' : 'the next 12 months',
    };
  }
  return { explicit, defaults: {}, unsure };
}

export const publicHolidaysRouting: SkillRouting = {
  skill: 'public_holidays',
  args: publicHolidaysArgs,
  intents: [
    {
      name: 'holiday',
      match: (analysis) =>
        aboutTheCalendar(analysis) ? { kind: 'skill', reason: 'asks about public holidays' } : undefined,
    },
  ],
  slots,
  required: [],
  cannotHonour: [],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: true, future: true },
  // 算…不 ("今天算节假日不"): whether a day counts as a holiday
  understood: [
    /算(?=\S{0,3}(?:节假日|法定|假日|假期|节日|放假))/g,
    new RegExp(HOLIDAY.source, 'g'),
    new RegExp(LIST_WORDS.source, 'g'),
    COUNTRY_POINTED,
  ],
  claims: (analysis) => {
    const spans = findCountries(analysis.normalized.lower, analysis.normalized.text).map(({ start, end }) => ({
      start,
      end,
    }));
    const year = analysis.periods.length === 0 ? yearSaid(analysis) : undefined;
    return year ? [...spans, { start: year.start, end: year.end }] : spans;
  },
  examples: {
    zh: ['下周有法定节假日吗？'],
    en: ['Is 2026-12-08 a public holiday in Italy?'],
  },
};
