/**
 * public_holidays — "is 2026-12-08 a public holiday in Italy?", "下周有法定节假日吗", "元旦放几天":
 * a day checked (is_public_holiday) or the public holidays in a range of days (list_country_holidays,
 * one call a year), in the country asked, else the plant's own (the country of its time zone). Only
 * type "public" counts (a day off by law); the other days of note on a checked day are named as such.
 */
import type { z } from 'zod';
import { localDate } from '../../../clock.js';
import type { CodeSkill, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { callStructured } from '../shared/tools.js';
import { dayLabel, t } from '../shared/text.js';
import { publicHolidaysArgs, type PublicHolidaysArgs } from './args.js';
import { countryLabel, plantCountry } from './countries.js';
import { publicHolidaysOutput } from './output.js';

interface Named {
  name: string;
  name_local?: string | undefined;
  name_zh?: string | undefined;
  type: string;
}
interface DayCheck {
  country_code: string;
  date: string;
  is_holiday: boolean;
  holidays: Named[];
  other_days_of_note: Named[];
}
interface Entry extends Named {
  date: string;
  end_date: string;
  is_public: boolean;
  starts_at_time?: string | undefined;
}
interface YearList {
  country_code: string;
  year: number;
  holidays: Entry[];
}

function holidayName(entry: Named, language: 'zh' | 'en'): string {
  if (language === 'zh') return entry.name_zh ?? entry.name_local ?? entry.name;
  return entry.name_local && entry.name_local !== entry.name ? `${entry.name} (${entry.name_local})` : entry.name;
}

function days(entry: Entry, language: 'zh' | 'en'): string {
  const first = dayLabel(entry.date, language);
  if (entry.end_date === entry.date) return first;
  return `${first} – ${dayLabel(entry.end_date, language)}`;
}

/** the country asked, and where it came from */
interface Asked {
  country: string;
  source: 'asked' | 'plant_timezone';
}

async function checkDay(ctx: SkillContext, { country, source }: Asked, date: string): Promise<SkillResult> {
  const language = ctx.language;
  const where = countryLabel(country, language);
  ctx.progress(t(language, `正在查 ${date} 是否${where}的法定节假日…`, `checking ${date} in ${where}…`));
  const { structured: day } = await callStructured<DayCheck>(ctx, 'is_public_holiday', {
    country_code: country,
    on_date: date,
  });
  const names = day.holidays.map((entry) => holidayName(entry, language));
  const others = day.other_days_of_note.map((entry) => `${holidayName(entry, language)} [${entry.type}]`);
  const head = day.is_holiday
    ? t(
        language,
        `**${dayLabel(date, 'zh')}** 是**${where}**的法定节假日：${names.join('、')}。`,
        `**${dayLabel(date, 'en')}** is a public holiday in **${where}**: ${names.join('; ')}.`,
      )
    : t(
        language,
        `**${dayLabel(date, 'zh')}** 不是**${where}**的法定节假日。`,
        `**${dayLabel(date, 'en')}** is not a public holiday in **${where}**.`,
      );
  const tail =
    others.length > 0
      ? t(
          language,
          `\n另有（不放假）：${others.join('、')}。`,
          `\nAlso that day (not a day off by law): ${others.join('; ')}.`,
        )
      : '';
  return {
    answer: head + tail + sourceNote({ country, source }, ctx.timezone, language),
    data: {
      country,
      country_source: source,
      from: date,
      to: date,
      is_holiday: day.is_holiday,
      holidays: day.holidays.map((entry) => ({ ...entry, date, end_date: date })),
      other_days_of_note: day.other_days_of_note,
    },
  };
}

async function listRange(
  ctx: SkillContext,
  { country, source }: Asked,
  period: { from: string; to: string; label?: string | undefined },
): Promise<SkillResult> {
  const language = ctx.language;
  const where = countryLabel(country, language);
  const years: number[] = [];
  for (let year = Number(period.from.slice(0, 4)); year <= Number(period.to.slice(0, 4)); year++) years.push(year);
  ctx.progress(t(language, `正在列出${where}的法定节假日…`, `listing the public holidays in ${where}…`));
  const lists = await Promise.all(
    years.map((year) => callStructured<YearList>(ctx, 'list_country_holidays', { country_code: country, year })),
  );
  const found = lists
    .flatMap((list) => list.structured.holidays)
    .filter((entry) => entry.is_public && entry.end_date >= period.from && entry.date <= period.to)
    .sort((a, b) => a.date.localeCompare(b.date));
  const range = `${period.from} – ${period.to}`;
  const asked = period.label ? t(language, `${period.label}（${range}）`, `${period.label} (${range})`) : range;
  const answer =
    found.length === 0
      ? t(language, `${asked}没有${where}的法定节假日。`, `No public holiday in ${where}, ${asked}.`)
      : t(
          language,
          `${asked}${where}的法定节假日（${found.length} 个）：`,
          `Public holidays in ${where}, ${asked}: ${found.length}`,
        ) +
        '\n' +
        found
          .map((entry) => {
            const partial = entry.starts_at_time
              ? t(language, `（${entry.starts_at_time} 起）`, ` (from ${entry.starts_at_time})`)
              : '';
            return `- ${days(entry, language)} ${holidayName(entry, language)}${partial}`;
          })
          .join('\n');
  return {
    answer: answer + sourceNote({ country, source }, ctx.timezone, language),
    data: { country, country_source: source, from: period.from, to: period.to, holidays: found },
  };
}

/** where the country came from, when the question did not name one */
function sourceNote({ country, source }: Asked, timezone: string, language: 'zh' | 'en'): string {
  if (source === 'asked') return '';
  return t(
    language,
    `\n（未指明国家：按工厂所在时区 ${timezone} 取 ${country}；问其他国家请说明，如“意大利”。）`,
    `\n(No country named: ${country}, the plant's own by its time zone ${timezone}; name another, e.g. "in Italy".)`,
  );
}

async function execute(ctx: SkillContext, args: PublicHolidaysArgs): Promise<SkillResult> {
  const source = args.country !== undefined ? 'asked' : 'plant_timezone';
  const country = args.country ?? plantCountry(ctx.timezone);
  const day = args.date ?? localDate(ctx.now, ctx.timezone);
  if (country === undefined) {
    return {
      answer: t(
        ctx.language,
        `没有指明国家，工厂时区 ${ctx.timezone} 也对应不到一个国家：请说明国家，如“意大利 12月8日是节假日吗”。`,
        `Which country? None was named, and the plant's time zone ${ctx.timezone} names none: ask e.g. "is Dec 8 a public holiday in Italy?"`,
      ),
      data: {
        country_source: 'plant_timezone',
        from: args.period?.from ?? day,
        to: args.period?.to ?? day,
        holidays: [],
        unanswered: 'country',
      },
    };
  }
  if (args.period) return listRange(ctx, { country, source }, args.period);
  return checkDay(ctx, { country, source }, day);
}

export const publicHolidays: CodeSkill<z.infer<typeof publicHolidaysArgs>> = {
  kind: 'code',
  name: 'public_holidays',
  description:
    'Is a day a public holiday (a day off by law) in a country, or which public holidays fall in a range of days ' +
    '(a week, a month, a year), from the calendar shipped with the appliance. Country: ISO code; left out, the ' +
    'plant\'s own. Use for "is 12/8 a holiday in Italy", "下周有法定节假日吗", "元旦放几天". For the on-call ' +
    'engineer use oncall_check.',
  version: '1.0.0',
  parameters: publicHolidaysArgs,
  output: publicHolidaysOutput,
  timeoutMs: 15_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['is_public_holiday', 'list_country_holidays'] },
  triggers: ['法定节假日', '节假日', '放假', 'public holiday', 'bank holiday', 'holidays in'],
  execute,
};
