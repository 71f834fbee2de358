/**
 * Building SQL for query_database safely. The tool takes no bound
 * parameters, so every value is validated against a strict pattern before it
 * is inlined as a quoted literal; free text is never interpolated. Reads page
 * through results 100 rows at a time (the server's LIMIT cap).
 */
import { AppError } from '../../../errors.js';
import { rowsAsObjects } from '../../../skills/context.js';
import type { SkillContext } from '../../../skills/types.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const PAGE_SIZE = 100;

export function isCalendarDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** a 'YYYY-MM-DD' literal, or TOOL_ARGUMENTS_INVALID */
export function sqlDate(value: string): string {
  if (!isCalendarDate(value)) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', `"${value}" is not a calendar date`, {
      hint: 'write dates as YYYY-MM-DD, e.g. 2026-11-25',
    });
  }
  return `'${value}'`;
}

/** an identifier value (line id, equipment id, defect code) as a literal, or TOOL_ARGUMENTS_INVALID */
export function sqlId(value: string): string {
  if (!ID_RE.test(value)) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', `"${value}" is not a valid id`, {
      hint: 'ids are letters, digits, "-" and "_" (e.g. A, B-PRESS-03)',
    });
  }
  return `'${value}'`;
}

/** a stored text value (a shift, a defect code read from the database) as a quoted literal */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** "IN ('A', 'B')" from validated ids */
export function sqlIn(values: string[]): string {
  return `IN (${values.map(sqlId).join(', ')})`;
}

export type Row = Record<string, string | number | null>;

/**
 * Every row of a SELECT (written without LIMIT), paging with LIMIT 100 OFFSET n.
 * Stops at maxRows and says so in `truncated` — never silently.
 */
export async function queryAll(
  ctx: SkillContext,
  query: { sql: string; purpose: string; maxRows?: number },
): Promise<{ rows: Row[]; truncated: boolean }> {
  const { sql, purpose, maxRows = 2000 } = query;
  const rows: Row[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const result = await ctx.query(`${sql} LIMIT ${PAGE_SIZE}${offset > 0 ? ` OFFSET ${offset}` : ''}`, purpose);
    rows.push(...rowsAsObjects<Row>(result));
    if (!result.has_more || result.rows.length === 0) return { rows, truncated: false };
    if (rows.length >= maxRows) return { rows, truncated: true };
  }
}

/** true when a query failed because a table or column does not exist (a plant database without the demo extras) */
export function isMissingSchema(error: unknown): boolean {
  return error instanceof Error && /no such (table|column)/i.test(error.message);
}

export function num(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

export function str(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
