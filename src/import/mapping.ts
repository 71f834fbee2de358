/**
 * Import mappings: a YAML file that says how an export's columns become
 * contract columns (docs/admin-guide.md, "Bringing your data"; examples in
 * deploy/import-mappings/). Source column → contract column, with value maps
 * (白班 → day), a date format, a unit factor; constants for columns the
 * export lacks; the file's encoding, delimiter, sheet and header row when
 * detection is not wanted; `match` globs for the inbox.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { TABLE_NAMES, tableSpec } from './contract.js';
import { compileDateFormat, type DateFormat } from './values.js';
import { compileSkipRules, type SkipRule } from './not-data.js';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const columnEntry = z.union([
  z.string().min(1),
  z
    .object({
      to: z.string().min(1).describe('the contract column'),
      map: z.record(z.string(), scalar).optional().describe('source value → contract value (null = empty)'),
      format: z.string().min(1).optional().describe("date/time format, e.g. 'YYYY/M/D' or 'D.M.YYYY HH:mm'"),
      factor: z.number().positive().optional().describe('multiply numbers by this (e.g. 1000 for 千件 → pieces)'),
    })
    .strict(),
]);

export const mappingSchema = z
  .object({
    table: z.enum(TABLE_NAMES as [string, ...string[]]).optional(),
    match: z
      .union([z.string().min(1), z.array(z.string().min(1))])
      .optional()
      .describe('file-name globs the inbox uses this mapping for'),
    encoding: z.enum(['auto', 'utf-8', 'gb18030', 'gbk', 'utf-16le']).default('auto'),
    delimiter: z.enum(['auto', ',', ';', '\t', '|']).default('auto'),
    sheet: z
      .union([z.string().min(1), z.number().int().min(1)])
      .optional()
      .describe('XLSX: the sheet name or its number (1 = first)'),
    header_row: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1)
      .describe('the row holding the column names (title rows above are skipped)'),
    date_format: z.string().min(1).optional().describe('format for every date column without its own'),
    datetime_format: z.string().min(1).optional().describe('format for every timestamp column without its own'),
    columns: z.record(z.string().min(1), columnEntry).default({}),
    constants: z
      .record(z.string().min(1), scalar)
      .default({})
      .describe('contract column → the same value on every row'),
    fill_down: z
      .array(z.string().min(1))
      .default([])
      .describe(
        "the file's columns whose empty cells take the value of the row above (merged cells, a grouped report)",
      ),
    skip_rows: z
      .record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]))
      .default({})
      .describe(
        "rows that are not data: the file's column ('*' = any column) → regular expression(s) its cell matches; " +
          'skipped rows are counted in the report',
      ),
  })
  .strict();

export interface ColumnRule {
  source: string;
  to: string;
  map?: Map<string, string | number | boolean | null>;
  format?: DateFormat;
  factor?: number;
}

export interface Mapping {
  file: string | undefined;
  table: string | undefined;
  match: string[];
  encoding: string;
  delimiter: string;
  sheet: string | number | undefined;
  headerRow: number;
  /** header_row was given: the header is not looked for among the first rows (header-row.ts) */
  headerRowGiven: boolean;
  dateFormat?: DateFormat;
  datetimeFormat?: DateFormat;
  /** by source column name */
  columns: Map<string, ColumnRule>;
  constants: Map<string, string | number | boolean | null>;
  /** rows that are not data (a total, a note under the table), by a cell of theirs */
  skipRows: SkipRule[];
  /** the file's columns whose empty cells take the value above (merged cells in an Excel report) */
  fillDown: string[];
}

export const NO_MAPPING: Mapping = {
  file: undefined,
  table: undefined,
  match: [],
  encoding: 'auto',
  delimiter: 'auto',
  sheet: undefined,
  headerRow: 1,
  headerRowGiven: false,
  columns: new Map(),
  constants: new Map(),
  skipRows: [],
  fillDown: [],
};

function format(value: string | undefined, where: string, file: string): DateFormat | undefined {
  if (value === undefined) return undefined;
  const compiled = compileDateFormat(value);
  if (typeof compiled === 'string')
    throw new AppError('CONFIG_INVALID', `mapping ${file}: ${where}: "${value}" is not a date format: ${compiled}`, {
      hint: "write it with YYYY MM M DD D HH H mm ss, e.g. 'YYYY/M/D H:mm'",
    });
  return compiled;
}

export function parseMapping(text: string, file: string): Mapping {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new AppError('CONFIG_INVALID', `mapping ${file} is not valid YAML: ${(error as Error).message}`, {
      hint: 'check the indentation and quoting (examples: deploy/import-mappings/)',
    });
  }
  const checked = mappingSchema.safeParse(raw ?? {});
  if (!checked.success) {
    const problems = checked.error.issues
      .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`)
      .join('; ');
    throw new AppError('CONFIG_INVALID', `mapping ${file}: ${problems}`, {
      hint: 'see "Bringing your data" in docs/admin-guide.md for the mapping keys',
    });
  }
  const value = checked.data;
  const spec = value.table ? tableSpec(value.table) : undefined;
  const columns = new Map<string, ColumnRule>();
  const targets = new Set<string>();
  for (const [source, entry] of Object.entries(value.columns)) {
    const rule: ColumnRule = typeof entry === 'string' ? { source, to: entry } : { source, to: entry.to };
    if (typeof entry !== 'string') {
      if (entry.map) rule.map = new Map(Object.entries(entry.map).map(([from, to]) => [from.trim(), to]));
      const compiled = format(entry.format, `columns.${source}.format`, file);
      if (compiled) rule.format = compiled;
      if (entry.factor !== undefined) rule.factor = entry.factor;
    }
    if (spec && !spec.columns.some((column) => column.name === rule.to)) {
      throw new AppError(
        'CONFIG_INVALID',
        `mapping ${file}: columns.${source}: "${rule.to}" is not a column of ${spec.name}`,
        { hint: `the columns of ${spec.name} are ${spec.columns.map((column) => column.name).join(', ')}` },
      );
    }
    if (targets.has(rule.to))
      throw new AppError('CONFIG_INVALID', `mapping ${file}: two source columns map to ${rule.to}`, {
        hint: 'map each contract column from one source column',
      });
    targets.add(rule.to);
    columns.set(source.trim(), rule);
  }
  const constants = new Map(Object.entries(value.constants));
  if (spec) {
    for (const name of constants.keys()) {
      if (!spec.columns.some((column) => column.name === name))
        throw new AppError('CONFIG_INVALID', `mapping ${file}: constants.${name} is not a column of ${spec.name}`, {
          hint: `the columns of ${spec.name} are ${spec.columns.map((column) => column.name).join(', ')}`,
        });
    }
  }
  const mapping: Mapping = {
    file,
    table: value.table,
    match: value.match === undefined ? [] : Array.isArray(value.match) ? value.match : [value.match],
    encoding: value.encoding,
    delimiter: value.delimiter,
    sheet: value.sheet,
    headerRow: value.header_row,
    headerRowGiven: typeof raw === 'object' && raw !== null && 'header_row' in raw,
    columns,
    constants,
    skipRows: compileSkipRules(value.skip_rows, file),
    fillDown: value.fill_down.map((column) => column.trim()),
  };
  const dateFormat = format(value.date_format, 'date_format', file);
  if (dateFormat) mapping.dateFormat = dateFormat;
  const datetimeFormat = format(value.datetime_format, 'datetime_format', file);
  if (datetimeFormat) mapping.datetimeFormat = datetimeFormat;
  return mapping;
}

export function loadMapping(file: string): Mapping {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AppError('NOT_FOUND', `cannot read the mapping ${file}: ${(error as Error).message}`, {
      hint: 'give the path of a YAML mapping file (examples: deploy/import-mappings/)',
    });
  }
  return parseMapping(text, file);
}

/** A file-name glob (* and ?) as a RegExp, case-insensitive. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${body}$`, 'i');
}
