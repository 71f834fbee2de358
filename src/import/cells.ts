/**
 * The convert-and-check stage of an import: one cell of the file → its contract value (types, enums,
 * references, patterns), or a failure with the rule it broke and the fix. A Target is one contract column
 * as a file's header binds it (header.ts).
 */
import type { ColumnRule } from './mapping.js';
import type { ColumnSpec } from './contract.js';
import { EXCEL_ERROR } from './xlsx-workbook.js';
import {
  fastDate,
  fastInteger,
  fastStamp,
  isTimeZone,
  normalizeText,
  toDateTime,
  toInteger,
  toReal,
  type Cell,
  type DateFormat,
} from './values.js';

export interface Target {
  spec: ColumnSpec;
  /** index in the file's row, or -1 */
  index: number;
  header: string;
  rule?: ColumnRule | undefined;
  constant?: string | number | boolean | null | undefined;
  hasConstant: boolean;
  format?: DateFormat | undefined;
  /** filled from other columns when the file has no such column */
  derive?: ((row: Record<string, unknown>) => unknown) | undefined;
  /** lower-case value → the enum's spelling */
  enumMap?: Map<string, string> | undefined;
  /** the referenced table's keys (undefined = not checked) */
  refSet?: Set<string> | undefined;
  /** lower-case key → the key, for the keys no other key equals but for case ("Burr" → burr) */
  refFold?: Map<string, string> | undefined;
  /**
   * file cell → its checked value, for a column whose values repeat (lines, shifts, products,
   * dates…): a repeated value skips the conversion and the checks that it passed before.
   * Dropped when it reaches CELL_CACHE_LIMIT (the column's values do not repeat).
   */
  cache?: Map<string, unknown> | undefined;
  /**
   * checked values by the cell's code in the reader process's dictionary of this column (source-wire.ts):
   * an array lookup instead of the cache's, for the files large enough to be read in a reader process
   */
  byCode?: unknown[] | undefined;
}

export const CELL_CACHE_LIMIT = 1024;

export const FAIL = Symbol('fail');
export const failure = { rule: '', fix: '' };
function fail(rule: string, fix: string): typeof FAIL {
  failure.rule = rule;
  failure.fix = fix;
  return FAIL;
}

/** One cell → its contract value, or FAIL with the rule and fix in \`failure\`. */
export function convertCell(target: Target, cell: Cell): unknown {
  const column = target.spec;
  if (cell === null || cell === undefined || (typeof cell === 'string' && (cell === '' || cell.trim() === ''))) {
    if (!column.required) return null;
    return fail(
      'required (NOT NULL)',
      target.index >= 0
        ? `fill in ${column.name} (e.g. ${column.example}), or give a constant in the mapping`
        : `give ${column.name} (e.g. ${column.example})`,
    );
  }
  if (typeof cell === 'string' && cell.charCodeAt(0) === 0x23 && EXCEL_ERROR.test(cell)) {
    // #N/A, #DIV/0!, … (or readXlsx's #ERROR): a formula that failed in Excel, in any column, text too
    return fail(
      'a value, not an Excel error',
      'the cell shows an error in Excel (or its formula was never computed): correct the formula, or paste ' +
        'the values, then export again',
    );
  }
  let value: unknown;
  const plain = typeof cell === 'string' && target.rule?.factor === undefined && target.format === undefined;
  if (plain && column.type === 'integer' && (value = fastInteger(cell)) !== undefined) {
    // plain digits: the general path below would give the same number
  } else if (plain && column.type === 'date' && (value = fastDate(cell)) !== undefined) {
    // a valid YYYY-MM-DD
  } else if (plain && column.type === 'datetime' && (value = fastStamp(cell)) !== undefined) {
    // a valid YYYY-MM-DD[T ]HH:mm[:ss]
  } else if (column.type === 'integer') {
    const converted = toInteger(cell, target.rule?.factor);
    if (!converted.ok) return fail(converted.rule, converted.fix);
    value = converted.value;
  } else if (column.type === 'real') {
    const converted = toReal(cell, target.rule?.factor);
    if (!converted.ok) return fail(converted.rule, converted.fix);
    value = converted.value;
  } else if (column.type === 'date' || column.type === 'datetime') {
    const converted = toDateTime(cell, column.type, target.format);
    if (!converted.ok) return fail(converted.rule, converted.fix);
    value = converted.value;
  } else {
    value = typeof cell === 'string' ? normalizeText(cell) : describeValue(cell);
  }
  if (target.enumMap) {
    const text = String(value);
    const canonical = target.enumMap.get(text) ?? target.enumMap.get(text.toLowerCase());
    if (canonical === undefined) {
      const options = column.enum!;
      return fail(
        `one of ${options.join(', ')}`,
        target.index >= 0
          ? `map the plant's values to these in the mapping, e.g. columns: { ${target.header || column.name}:` +
              ` { to: ${column.name}, map: { ${JSON.stringify(text)}: ${options[0]} } } }`
          : `use one of ${options.join(', ')}`,
      );
    }
    value = canonical;
  }
  if (column.min !== undefined && typeof value === 'number' && value < column.min) {
    return fail(
      `${column.name} ≥ ${column.min}`,
      column.min === 1 ? 'a count of zero or less is not a batch: check the column' : 'a count cannot be negative',
    );
  }
  if (column.pattern) {
    const text = String(value);
    if (
      !column.pattern.regex.test(text) &&
      !(column.name === 'country_code' && column.pattern.regex.test(text.toUpperCase()))
    )
      return fail(column.pattern.describe, `e.g. ${column.pattern.example}`);
  }
  if (column.timezone && !isTimeZone(String(value)))
    return fail('an IANA time zone name', 'e.g. Asia/Shanghai, Europe/Berlin, America/Chicago');
  if (target.refSet && !target.refSet.has(String(value))) {
    const folded = target.refFold?.get(String(value).toLowerCase());
    if (folded !== undefined) return folded;
    const known = target.refSet;
    return fail(
      `a ${column.ref!.column} that exists in ${column.ref!.table}`,
      `import ${column.ref!.table} first (with ${JSON.stringify(String(value))}), or map the value to ` +
        `a known one (known: ${[...known].slice(0, 8).join(', ')}${known.size > 8 ? ', …' : ''})`,
    );
  }
  return value;
}

/** lower-case → the value, for the values that no other value equals but for case */
export function foldCase(values: Set<string>): Map<string, string> {
  const folded = new Map<string, string>();
  const twice = new Set<string>();
  for (const value of values) {
    const lower = value.toLowerCase();
    if (folded.has(lower)) twice.add(lower);
    folded.set(lower, value);
  }
  for (const lower of twice) folded.delete(lower);
  return folded;
}

export function isBlank(cell: Cell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

export function describeValue(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? 'Invalid Date' : cell.toISOString();
  return String(cell);
}
