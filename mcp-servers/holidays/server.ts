/**
 * The `holidays` MCP server (SOURCES.md part B, offline): is a day a public
 * holiday in a country, and the holiday list of a country and year. The
 * calendar ships with the appliance (date-holidays); no network.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Config } from '../../src/config/schema.js';
import type { Logger } from '../../src/log/index.js';
import { guarded, runStdioServer, toolError, toolOk, warnUnusedArgs, type ToolResult } from '../shared/server.js';
import {
  checkCountry,
  checkDate,
  countryTimeZone,
  HOLIDAY_TYPES,
  holidaysOf,
  holidaysOn,
  supportedCountries,
  type HolidayEntry,
} from './calendar.js';

const TYPES_NOTE = `Only type "public" counts as a public holiday. Types: ${Object.entries(HOLIDAY_TYPES)
  .map(([type, meaning]) => `${type} = ${meaning}`)
  .join('; ')}.`;

function describe(entry: HolidayEntry): string {
  const days = entry.end_date !== entry.date ? `${entry.date}..${entry.end_date}` : entry.date;
  const local = entry.name_local ? ` (${entry.name_local})` : '';
  const time = entry.starts_at_time ? ` from ${entry.starts_at_time}` : '';
  return `${days}${time} ${entry.name}${local} [${entry.type}]`;
}

export function isPublicHoliday(countryCode: string, onDate: string): ToolResult {
  const country = checkCountry(countryCode);
  if (!country.ok) return toolError('TOOL_ARGUMENTS_INVALID', country.error.message, country.error.hint);
  const date = checkDate(onDate);
  if (!date.ok) return toolError('TOOL_ARGUMENTS_INVALID', date.error.message, date.error.hint);
  const all = holidaysOn(country.value, date.value);
  const publicOnes = all.filter((entry) => entry.is_public);
  const structured = {
    country_code: country.value,
    country_name: supportedCountries()[country.value] ?? country.value,
    date: date.value,
    is_holiday: publicOnes.length > 0,
    holidays: publicOnes.map((entry) => ({
      name: entry.name,
      ...(entry.name_local ? { name_local: entry.name_local } : {}),
      ...(entry.name_zh ? { name_zh: entry.name_zh } : {}),
      type: entry.type,
      ...(entry.starts_at_time ? { partial_day: true, starts_at_time: entry.starts_at_time } : {}),
      ...(entry.note ? { note: entry.note } : {}),
    })),
    other_days_of_note: all
      .filter((entry) => !entry.is_public)
      .map((entry) => ({
        name: entry.name,
        ...(entry.name_local ? { name_local: entry.name_local } : {}),
        type: entry.type,
      })),
    timezone: countryTimeZone(country.value),
    note: TYPES_NOTE,
  };
  const head = structured.is_holiday
    ? `${date.value} IS a public holiday in ${country.value} (${structured.country_name}): ${publicOnes.map(describe).join('; ')}.`
    : `${date.value} is NOT a public holiday in ${country.value} (${structured.country_name}).`;
  const others = all.filter((entry) => !entry.is_public);
  const tail =
    others.length > 0 ? ` Not public holidays (not a day off by law): ${others.map(describe).join('; ')}.` : '';
  return toolOk(structured, head + tail);
}

export function listCountryHolidays(countryCode: string, year: number): ToolResult {
  const country = checkCountry(countryCode);
  if (!country.ok) return toolError('TOOL_ARGUMENTS_INVALID', country.error.message, country.error.hint);
  if (!Number.isInteger(year) || year < 1900 || year > 2200) {
    return toolError(
      'TOOL_ARGUMENTS_INVALID',
      `year ${year} is outside the calendar`,
      'give a four-digit year between 1900 and 2200, e.g. 2026',
    );
  }
  const holidays = holidaysOf(country.value, year);
  const typesPresent = [...new Set(holidays.map((entry) => entry.type))];
  const structured = {
    country_code: country.value,
    country_name: supportedCountries()[country.value] ?? country.value,
    year,
    timezone: countryTimeZone(country.value),
    public_count: holidays.filter((entry) => entry.is_public).length,
    types_present: typesPresent,
    holidays,
    note: TYPES_NOTE,
  };
  const lines = holidays.map((entry) => `- ${describe(entry)}`);
  return toolOk(
    structured,
    `${structured.public_count} public holidays in ${country.value} (${structured.country_name}) in ` +
      `${year}; ${holidays.length} days listed in all (types: ${typesPresent.join(', ')})` +
      `.\n${lines.join('\n')}`,
  );
}

function register(server: McpServer, log: Logger): void {
  server.registerTool(
    'is_public_holiday',
    {
      title: 'Is it a public holiday? / 是否法定节假日',
      description:
        'Checks whether a date is a public holiday (a day off by law) in a country, from the calendar shipped with the appliance (works offline). ' +
        'Returns is_holiday true/false and the holiday names; bank holidays, school holidays and observances are listed separately and do NOT count. ' +
        'For "today" in an engineer\'s country use the engineer\'s local date (get_current_oncall gives it). ' +
        '查询某国某日是否为法定节假日（离线日历）。',
      inputSchema: {
        country_code: z
          .string()
          .max(8)
          .describe('ISO 3166-1 alpha-2 country code, two letters, e.g. CN, US, IT, IN, DE, JP / 国家代码'),
        on_date: z.string().max(32).describe('the day to check, YYYY-MM-DD, e.g. 2026-10-01 / 日期'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(log, 'is_public_holiday', ({ country_code, on_date }) => isPublicHoliday(country_code, on_date)),
  );
  server.registerTool(
    'list_country_holidays',
    {
      title: 'Holidays of a country and year / 某国全年节假日',
      description:
        'Lists every holiday of a country in a year (public holidays, bank holidays, observances…), each with date, end_date (multi-day holidays), ' +
        'English name, local name and type. Only type "public" is a day off by law. Not needed to check one day: use is_public_holiday for that. ' +
        '列出某国某年的全部节假日及类型。',
      inputSchema: {
        country_code: z.string().max(8).describe('ISO 3166-1 alpha-2 country code, e.g. DE / 国家代码'),
        year: z.coerce.number().int().describe('four-digit year, e.g. 2026 / 年份'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(log, 'list_country_holidays', ({ country_code, year }) => listCountryHolidays(country_code, year)),
  );
}

export async function runServer(options: { config: Config; args: string[] }): Promise<void> {
  await runStdioServer({
    config: options.config,
    name: 'holidays',
    instructions: 'Offline public-holiday calendar by country (ISO 3166-1 alpha-2) and date. 离线节假日日历。',
    register: (server, log) => {
      warnUnusedArgs(log, options.args);
      register(server, log);
    },
  });
}
