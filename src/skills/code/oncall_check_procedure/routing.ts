/**
 * How the rules route an on-call question. The route names the Markdown
 * skill oncall_check (skills/oncall_check/SKILL.md): the model follows its
 * Steps; without a model the engine runs this code skill, its fallback, with
 * the same arguments.
 */
import { addDays, daysBetween, weekdayOf } from '../../../clock.js';
import { DAY_OR_PART, calendarDate, calendarWhole, nearerMonthDay, singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import { comingHoliday } from '../../router/period.js';
import { findCountries } from '../public_holidays/countries.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { MAX_ROTA_DAYS, oncallCheckArgs } from './args.js';

const ONCALL = /值班|\bon[- ]?call\b|\boncall\b|\bduty\s+engineer\b|\bengineer\s+on\s+duty\b/;

/** the words of the rota and its engineer */
const ONCALL_WORDS = new RegExp(
  [
    String.raw`值班(?:工程师|表|安排|人员|的人|情况|的)?|谁在值班|轮值|轮班表|排班表?|当班|\bon[- ]?call(?:\s+(?:rota|roster|schedule|engineer|person|tech|list))?\b`,
    String.raw`\boncall\b|\bduty\s+engineer\b|\bengineer\s+on\s+duty\b|\brota\b|\broster\b|\bengineers?\b|\bschedule\b`,
    // the engineer pointed at, and their day off (the procedure checks the engineer's own country's calendar)
    String.raw`\b(?:guy|person|he|she|they|him|her|them|anyone|anybody|someone|somebody)(?:'s)?\b|那位|哪位|那个人|人家|本人`,
    String.raw`\boff\b|\bon\s+(?:holiday|leave|vacation)\b|\bwhere\s+(?:they|he|she)\s+lives?\b|\btheir\s+country\b`,
    String.raw`\bcountry\b|国家|哪国|\b(?:the\s+)?day\s+itself\b|\bitself\b|\bneeds?\s+cover\b|\bcover\b|\bsitting\s+on\b`,
    String.raw`手上|手里|名下|拉一下|拉个|拉下`,
  ].join('|'),
  'g',
);

/** today / tomorrow / yesterday … — a day counted from today, not a date */
const RELATIVE_DAY =
  /^(?:大前天|前天|昨天|昨日|昨晚|昨夜|今天|今日|今晚|今早|明天|明日|大后天|后天|(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today|tonight|tomorrow)$/i;

/** this week / this month said: the whole of it (a rota looks ahead), not up to today as a quality figure does */
const THIS_WEEK = /本周|这周|这一?个?星期|本星期|这礼拜|本礼拜|\bthis\s+week\b/;
const THIS_MONTH = /本月|这个?月|当月|\bthis\s+month\b/;
/** an earlier week joined to this one: "last week and this", 上周和本周 (not "up to now", not a day) */
const THIS_JOINED = new RegExp(
  String.raw`^(?=.*(?:周|星期|礼拜|\bweeks?\b|\bwk\b))(?=.*(?:\b(?:this|current)\b|这|本))(?!.*(?:\d\s*(?:日|号)` +
    String.raw`|(?:周|星期|礼拜)[一二三四五六日天1-7]|\b\w+day\b|今|现在|目前|至今|so\s+far|\bsince\b|\bup\s+to\b))(?=.*(?:和|` +
    String.raw`跟|与|及|到|至|\band\b|&|\bto\b|\bthrough\b))`,
);

/** who is (was, will be) on call: the rota's answer for a plant day */
const WHO = /谁|\bwho(?:'s|m)?\b|\bcover(?:s|ed|ing)?\b/;

const YEAR_SAID = /\d{4}|去年|前年|今年|明年|\b(?:last|this|next)\s+year\b|\byears?\s+ago\b/;

const WEEK_NUMBER = /第\s*(\d{1,2})\s*(?:周|个?星期|个?礼拜)|\b(?:week|cw)\s*(?:#|no\.?\s*)?(\d{1,2})\b/;

/** the Monday of ISO week `week` of `year` */
function isoWeekStart(year: number, week: number): string {
  const january4 = `${year}-01-04`;
  return addDays(january4, 1 - weekdayOf(january4) + 7 * (week - 1));
}

function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** a week named by a day of it without its month: "the week of the 7th", 7号那周 */
const WEEK_OF_DAY =
  /\bweek\s+of\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b|(?<![月\d])(\d{1,2})\s*[号日](?:那|这|的)?(?:一|1)?(?:周|星期|礼拜)/i;

/**
 * The days of a rota: a week or month said as "this" runs to its end; a
 * month said without a year is the nearest one (12月 asked in November is the
 * coming December, as a year-less date is).
 */
export function rotaDays(
  period: { from: string; to: string; label?: string },
  today: string,
): { from: string; to: string } {
  const label = period.label ?? '';
  let { from, to } = period;
  // a named week, month or quarter (this week, 12月, december, week 48): the whole of it, also the days to come
  const whole = calendarWhole(period, today);
  const daySaid = DAY_OR_PART.test(label.toLowerCase());
  // the week of a day said without its month ("the week of the 7th", 7号那周): the nearer of the last and the coming
  // one, as a day alone is (nearestYearless) — a rota is asked ahead as often as back
  const dayOfWeek = WEEK_OF_DAY.exec(label);
  if (dayOfWeek && to < today) {
    const day = Number(dayOfWeek[1] ?? dayOfWeek[2]);
    const named = [0, 1, 2, 3, 4, 5, 6].map((k) => addDays(from, k)).find((date) => Number(date.slice(8)) === day);
    const nearer = named === undefined ? undefined : nearerMonthDay(named, today);
    if (nearer !== undefined && nearer !== named) {
      const monday = addDays(nearer, 1 - weekdayOf(nearer));
      return { from: monday, to: addDays(monday, 6) };
    }
  }
  if (to === today && !daySaid && (THIS_WEEK.test(label) || WEEK_NUMBER.test(label)))
    // to the end of today's week (a span from an earlier week too: 上周和这周)
    to = addDays(to, 7 - weekdayOf(to));
  else if (to === today && !daySaid && THIS_MONTH.test(label)) {
    to = monthEnd(to);
  } else if (whole.to !== to) to = whole.to;
  else if (to === today && from < today && THIS_JOINED.test(label.toLowerCase()))
    // weeks joined up to this one ("last week and this", 上周和这周): to this week's end
    to = addDays(today, 7 - weekdayOf(today));
  else if (!YEAR_SAID.test(label) && daysBetween(to, today) > 182) {
    // said without a year and long past: the coming one (a rota looks ahead)
    const week = WEEK_NUMBER.exec(label);
    const nextYear = (date: string): string => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
    // a named holiday (春节那周, Christmas week): its coming days, read again (a lunar festival's date moves)
    const coming = comingHoliday(label, today);
    if (coming) ({ from, to } = coming);
    else if (week) {
      const year = Number(today.slice(0, 4));
      from = isoWeekStart(year, Number(week[1] ?? week[2]));
      if (daysBetween(addDays(from, 6), today) > 182) from = isoWeekStart(year + 1, Number(week[1] ?? week[2]));
      to = addDays(from, 6);
    } else if (from.endsWith('-01') && to === monthEnd(from)) {
      from = nextYear(from);
      to = monthEnd(from);
    } else if (weekdayOf(from) === 1 && daysBetween(from, to) === 6) {
      // a named week not yet reached this year ("Christmas week" asked in November): this year's Monday–Sunday
      from = addDays(nextYear(from), 1 - weekdayOf(nextYear(from)));
      to = addDays(from, 6);
    } else {
      // a named holiday's days not yet reached this year: this year's
      [from, to] = [nextYear(from), nextYear(to)];
    }
  }
  return { from, to };
}

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  // today is the engineer's own date, so no default date: today / tomorrow / yesterday are
  // offsets from it (day_offset); a date the operator names is taken as it stands (date)
  // no priority asked: all the engineer's open work orders (priority left out)
  if (analysis.priority) explicit.priority = analysis.priority;
  // this week / this month said on its first day is still the whole of it
  const days = period ? rotaDays(period, analysis.today) : undefined;
  if (period && days && days.from === days.to) {
    const offset = daysBetween(analysis.today, period.from);
    // "who was on call yesterday" asks the rota for the plant's yesterday; "is the engineer off tomorrow" asks
    // about the engineer's own tomorrow (their country's calendar): only today is the engineer's own day for "who"
    if (RELATIVE_DAY.test(period.label ?? '') && !(offset !== 0 && WHO.test(analysis.normalized.lower)))
      explicit.day_offset = offset;
    else explicit.date = calendarDate(period, analysis.today, analysis.normalized.lower);
  } else if (period && days) {
    // a range of days (a week, week 48, the next 7 days): the rota table
    if (daysBetween(days.from, days.to) < MAX_ROTA_DAYS) explicit.period = { ...days, label: period.label };
    else unsure.push('date');
  } else if (periodUnsure) unsure.push('date');
  return { explicit, defaults, unsure };
}

export const oncallRouting: SkillRouting = {
  skill: 'oncall_check',
  args: oncallCheckArgs,
  intents: [
    {
      name: 'oncall',
      match: (analysis) =>
        ONCALL.test(analysis.normalized.lower)
          ? { kind: 'skill', reason: 'asks about the on-call engineer' }
          : undefined,
    },
  ],
  slots,
  required: [],
  cannotHonour: [],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: true, future: true },
  // the rota's own words: every other content word is reported, never dropped ("W49 rota" must not be today's)
  understood: [ONCALL_WORDS, new RegExp(WHO.source, 'g')],
  // the engineer's country, when named ("是不是意大利那个", "republic day in india")
  claims: (analysis) =>
    findCountries(analysis.normalized.lower, analysis.normalized.text).map(({ start, end }) => ({ start, end })),
  followUp: {
    adjust(args, { slots }) {
      // one way of naming the day: "明天呢" after a dated question drops the date, and the reverse;
      // a week after a day ("下周呢") drops the day, a day after a week the week
      if (slots.explicit.day_offset !== undefined) delete args.date;
      if (slots.explicit.date !== undefined) delete args.day_offset;
      if (slots.explicit.period !== undefined) {
        delete args.date;
        delete args.day_offset;
      } else if (slots.explicit.date !== undefined || slots.explicit.day_offset !== undefined) delete args.period;
    },
  },
  examples: {
    zh: ['值班工程师今天是节假日吗？有哪些P1问题？'],
    en: ['Is the on-call engineer on a public holiday today? Any P1 issues?'],
  },
};
