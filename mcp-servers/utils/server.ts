/**
 * The `utils` MCP server (SOURCES.md parts C and E): the current plant date
 * and time (from the appliance clock, so `--now` applies) and a safe
 * calculator (no eval). Stateless; stdout is the protocol.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Config } from '../../src/config/schema.js';
import type { Logger } from '../../src/log/index.js';
import { assertTimeZone, isClockFixed, localParts, now, offsetMinutes } from '../../src/clock.js';
import { guarded, runStdioServer, toolError, toolOk, warnUnusedArgs, type ToolResult } from '../shared/server.js';
import { evaluate, MAX_EXPRESSION_LENGTH, tidy } from './calculator.js';

const WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAYS_ZH = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** ISO-8601 week of a calendar date: the week with the year's first Thursday is week 1. */
export function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week
  const weekYear = date.getUTCFullYear();
  const firstDay = Date.UTC(weekYear, 0, 1);
  return { year: weekYear, week: Math.floor((date.getTime() - firstDay) / 86400000 / 7) + 1 };
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

export function currentDatetime(config: Config, timeZone?: string): ToolResult {
  const zone = timeZone?.trim() || config.plant.timezone;
  try {
    assertTimeZone(zone);
  } catch {
    return toolError(
      'TOOL_ARGUMENTS_INVALID',
      `unknown time zone "${zone}"`,
      'use an IANA name such as Asia/Shanghai, Europe/Berlin, America/New_York or UTC, or leave timezone out for the plant time zone',
    );
  }
  const instant = now();
  const p = localParts(instant, zone);
  const offset = formatOffset(offsetMinutes(instant, zone));
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  const time = `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  const week = isoWeek(p.year, p.month, p.day);
  const structured = {
    date,
    time,
    datetime: `${date}T${time}${offset}`,
    weekday: p.weekday,
    weekday_en: WEEKDAYS_EN[p.weekday - 1] ?? '',
    weekday_zh: WEEKDAYS_ZH[p.weekday - 1] ?? '',
    iso_week: week.week,
    iso_week_year: week.year,
    timezone: zone,
    utc_offset: offset,
    is_plant_timezone: zone === config.plant.timezone,
    clock_fixed: isClockFixed(),
    utc: instant.toISOString(),
  };
  const text =
    `${date} ${time} ${structured.weekday_en} (${structured.weekday_zh}), ISO week ${week.year}-W${pad(week.week)}, ` +
    `time zone ${zone} (UTC${offset})${structured.clock_fixed ? ' [clock fixed by --now]' : ''}`;
  return toolOk(structured, text);
}

export function calculate(expression: string): ToolResult {
  const outcome = evaluate(expression);
  if (!outcome.ok)
    return toolError(
      'TOOL_ARGUMENTS_INVALID',
      `cannot calculate "${expression.slice(0, 80)}": ${outcome.error.message}`,
      outcome.error.hint,
    );
  const result = tidy(outcome.value.value);
  return toolOk({ expression, result, raw: outcome.value.value }, `${outcome.value.normalised} = ${result}`);
}

function register(server: McpServer, config: Config, log: Logger): void {
  server.registerTool(
    'current_datetime',
    {
      title: 'Current date and time / 当前日期时间',
      description:
        'Returns the current date, time, weekday (English and Chinese), ISO week number, time zone and UTC offset of the plant ' +
        '(or of another time zone when you give one). Use it before working out "today", "yesterday", "this week" or "last Wednesday". ' +
        '当前日期、时间、星期、ISO 周数、时区（默认工厂时区）。',
      inputSchema: {
        timezone: z
          .string()
          .max(64)
          .optional()
          .describe(
            'optional IANA time zone such as Europe/Berlin; leave it out for the plant time zone / 可选时区，默认工厂时区',
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(log, 'current_datetime', ({ timezone }) => currentDatetime(config, timezone)),
  );
  server.registerTool(
    'calculator',
    {
      title: 'Calculator / 计算器',
      description:
        'Evaluates an arithmetic expression exactly and safely. Allowed: numbers, + - * / ^ (power), % after a number = percent ' +
        '(3.5% = 0.035; 100 + 10% is 100.1, so to add 10% write 100 * (1 + 10%)), % between two numbers = remainder, parentheses, ' +
        'and the functions round(x, digits), min(a, b, …), max(a, b, …), abs(x), sqrt(x). ' +
        'Example: "(1200 - 18) / 1200 * 100" or "round(37/1520*100, 2)". Do arithmetic with this tool instead of in your head. ' +
        '计算器：四则运算、乘方、百分比、括号、round/min/max/abs/sqrt。',
      inputSchema: {
        expression: z
          .string()
          .max(MAX_EXPRESSION_LENGTH)
          .describe(
            `the arithmetic expression, at most ${MAX_EXPRESSION_LENGTH} characters, e.g. "round(37 / 1520 * 100, 2)" / 算式`,
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(log, 'calculator', ({ expression }) => calculate(expression)),
  );
}

export async function runServer(options: { config: Config; args: string[] }): Promise<void> {
  await runStdioServer({
    config: options.config,
    name: 'utils',
    instructions: 'Date/time and arithmetic helpers for the plant assistant. 日期时间与计算工具。',
    register: (server, log) => {
      warnUnusedArgs(log, options.args);
      register(server, options.config, log);
    },
  });
}
