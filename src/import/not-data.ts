/**
 * Rows of an export that are not data: the total under a report ("合计",
 * "A线小计", "Total"), a note or a signature line ("制表人：王芳 审核：李强",
 * "注：…"), a page footer ("第 1 页 共 3 页"). Excel reports and many MES
 * exports carry them, and one of them must not reject the day's file.
 *
 * Two ways a row is skipped, each counted and named in the report (never
 * silently):
 * - the mapping's `skip_rows` (source column → regular expressions): checked
 *   before the row is converted, for the plant's own footers;
 * - built in, `notDataRow`: only for a row that fails the contract's checks
 *   anyway (so no row that could be imported is ever dropped by it), when its
 *   first filled cell is a summary word or the row is a short labelled note.
 */
import { AppError } from '../errors.js';
import type { Cell } from './values.js';
import { LIMITS } from './limits.js';
import { runawayReason } from './safe-pattern.js';

/** a summary word, the whole cell or its start ("合计：", "Total (A)"); whitespace inside is ignored ("合  计") */
const SUMMARY_START =
  /^(总合计|合计|總計|总计|合計|小计|小計|共计|共計|汇总|彙總|匯總|累计|累計|平均值|平均|grand ?total|sub-?totals?|totals?|sum|average|avg)([^\p{L}\p{N}]|$)/iu;
/** a Chinese subtotal named by what it sums: "A线小计", "一车间合计" */
const SUMMARY_END = /^.{1,16}(小计|小計|合计|合計|总计|總計|汇总|匯總)$/u;
/** "制表人：王芳", "审核:", "Prepared by:", "注：": a short label without digits, then a colon */
const LABEL = /^[^\d:：]{1,12}[:：]/u;
/** "第 1 页 共 3 页", "Page 1 of 3" */
const PAGE = /^(第\d+页|page\d+(of\d+)?$)/iu;

/** a cell as text: '' when empty; an XLSX date cell as ISO 8601 (a date cell is a filled cell) */
function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell).trim();
}

/**
 * Why a row that failed the checks is not data, or undefined when it may be data. `cells` are the file's
 * cells of the row.
 */
export function notDataRow(cells: readonly Cell[]): { text: string; why: string } | undefined {
  let first = '';
  let filled = 0;
  for (const cell of cells) {
    const value = text(cell);
    if (value === '') continue;
    filled += 1;
    if (first === '') first = value;
  }
  if (first === '') return undefined;
  const compact = first.replace(/[\s\u3000]+/gu, '');
  if (SUMMARY_START.test(compact) || SUMMARY_END.test(compact)) return { text: first, why: 'a total row' };
  // a note is short: at most half of the row's cells filled (a data row with a bad first cell has more)
  if (filled * 2 <= Math.max(cells.length, 2)) {
    if (PAGE.test(compact)) return { text: first, why: 'a page footer' };
    if (LABEL.test(compact)) return { text: first, why: 'a note' };
  }
  return undefined;
}

/**
 * Where a column that a mapping names (skip_rows, fill_down) is in the file's header row: the same text,
 * else the same but for case; -1 when the file has none.
 */
export function headerIndex(headers: readonly string[], name: string): number {
  const index = headers.indexOf(name);
  if (index >= 0) return index;
  const lower = name.toLowerCase();
  return headers.findIndex((header) => header.toLowerCase() === lower);
}

/** The mapping's skip_rows, compiled. */
export interface SkipRule {
  /** the file's column header, or '*' for any column */
  column: string;
  patterns: RegExp[];
}

export function compileSkipRules(raw: Record<string, string | string[]>, file: string): SkipRule[] {
  return Object.entries(raw).map(([column, value]) => ({
    column: column.trim(),
    patterns: (Array.isArray(value) ? value : [value]).map((source) => {
      let pattern: RegExp;
      try {
        pattern = new RegExp(source, 'u');
      } catch (error) {
        throw new AppError(
          'CONFIG_INVALID',
          `mapping ${file}: skip_rows.${column}: ${JSON.stringify(source)} is not a regular expression: ` +
            (error as Error).message,
          {
            hint: 'write a JavaScript regular expression, e.g. "^(合计|小计)" or "^制表人" (quote it in YAML)',
          },
        );
      }
      const runaway = runawayReason(source);
      if (runaway !== undefined)
        throw new AppError(
          'CONFIG_INVALID',
          `mapping ${file}: skip_rows.${column}: ${JSON.stringify(source)} is refused: ${runaway}`,
          {
            hint:
              'a footer is told by its start: write e.g. "^(合计|小计)" or "^制表人", without a repeated group that ' +
              'holds + * ? or | (see "Mappings" in docs/admin-guide.md)',
          },
        );
      return pattern;
    }),
  }));
}

/**
 * The skip rules bound to a file's header row: a test of one row's cells (the cell that matched and the
 * rule, or undefined). Returns the skip_rows columns the file lacks in `missing`.
 */
export function bindSkipRules(
  rules: readonly SkipRule[],
  headers: readonly string[],
): { test: ((cells: readonly Cell[]) => { text: string; why: string } | undefined) | undefined; missing: string[] } {
  if (rules.length === 0) return { test: undefined, missing: [] };
  const missing: string[] = [];
  const bound: Array<{ index: number; rule: SkipRule }> = [];
  for (const rule of rules) {
    if (rule.column === '*') {
      bound.push({ index: -1, rule });
      continue;
    }
    const index = headerIndex(headers, rule.column);
    if (index < 0) missing.push(rule.column);
    else bound.push({ index, rule });
  }
  const matches = (rule: SkipRule, cell: Cell): boolean => {
    // a footer is told by its start: the patterns see a cell's first characters (safe-pattern.ts)
    const value = text(cell).slice(0, LIMITS.skipRowsTestChars);
    return value !== '' && rule.patterns.some((pattern) => pattern.test(value));
  };
  const test = (cells: readonly Cell[]): { text: string; why: string } | undefined => {
    for (const { index, rule } of bound) {
      const cell = index >= 0 ? cells[index] : cells.find((candidate) => matches(rule, candidate));
      if (cell !== undefined && matches(rule, cell)) return { text: text(cell), why: `skip_rows: ${rule.column}` };
    }
    return undefined;
  };
  return { test, missing };
}
