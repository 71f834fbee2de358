/**
 * The map stage of an import: the file's header row bound to the contract's columns through the mapping —
 * which file column (or constant, or derived value) fills each contract column, the mapping's skip_rows and
 * fill_down, and the problems of the file as a whole (a required column missing, two columns for one).
 */
import path from 'node:path';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { Target } from './cells.js';
import { foldCase } from './cells.js';
import type { ImportRun } from './import-run.js';
import type { ColumnRule } from './mapping.js';
import { bindSkipRules, headerIndex } from './not-data.js';
import type { SourceInfo } from './source.js';
import { normalizeText, type Cell } from './values.js';
import { noMappingFix } from './shipped-mappings.js';

export interface HeaderBinding {
  /** the file's column headers, normalized */
  headers: string[];
  /** the mapping's skip_rows bound to the header: why a row is skipped, or undefined */
  skipTest: ((cells: readonly Cell[]) => { text: string; why: string } | undefined) | undefined;
  /** the file's columns of the mapping's fill_down */
  fillDown: number[];
  /** the contract columns written, in the order of a row's values */
  targets: Target[];
  /** their names */
  names: string[];
  /** every converted value goes into the row's record (a column is derived from others) */
  recordKept: boolean;
  /** the columns the row rules read, with their position in a row's values */
  ruleReads: Array<[string, number]>;
  /** the columns an upsert updates */
  updates: string[];
  /** where the report's figures are in a row's values (-1: not written) */
  positions: { date: number; line: number; stamp: number; keys: number[] };
}

/**
 * Bind the header; undefined when the file is rejected as a whole (the problems are counted in the run).
 * `present`: the table's columns in plant.db; `refs`: the referenced tables' keys (references.ts).
 */
export function bindHeader(
  run: ImportRun,
  table: { present: Set<string>; refs: Map<string, Set<string> | undefined> },
  header: { raw: string[]; info: SourceInfo },
): HeaderBinding | undefined {
  const { report, mapping, spec, db } = run;
  const { present, refs } = table;
  const { raw, info } = header;
  const timestampColumn = spec.columns.find((column) => column.type === 'datetime' && column.required)?.name;
  report.source = info;
  const headers = raw.map((header) => normalizeText(header.replace(/^\uFEFF/, '')));
  const skip = bindSkipRules(mapping.skipRows, headers);
  const fillDown = mapping.fillDown.map((column) => headerIndex(headers, column)).filter((index) => index >= 0);
  const absent = [
    ...skip.missing.map((column) => ({ column, key: 'skip_rows', also: ", or '*' for any column" })),
    ...mapping.fillDown
      .filter((column) => headerIndex(headers, column) < 0)
      .map((column) => ({ column, key: 'fill_down', also: '' })),
  ];
  for (const { column, key, also } of absent) {
    run.problem({
      row: mapping.headerRow,
      column,
      field: '',
      value: column,
      rule: `${key} names a column of the file`,
      fix: `the file has no column "${column}" (its columns: ${headers.filter(Boolean).join(', ')}): name one of them${also}`,
    });
    run.fileProblem = true;
  }
  const byLower = new Map<string, ColumnRule>();
  for (const [source, rule] of mapping.columns) byLower.set(source.toLowerCase(), rule);
  const assigned = new Map<string, { index: number; header: string; rule?: ColumnRule }>();
  headers.forEach((header, index) => {
    if (header === '') return;
    const rule = mapping.columns.get(header) ?? byLower.get(header.toLowerCase());
    const name =
      rule?.to ??
      (spec.columns.some((column) => column.name === header.toLowerCase()) ? header.toLowerCase() : undefined);
    if (name === undefined) {
      report.ignoredColumns.push(header);
      return;
    }
    const earlier = assigned.get(name);
    if (earlier) {
      run.problem({
        row: mapping.headerRow,
        column: header,
        field: name,
        value: header,
        rule: 'one source column per contract column',
        fix: `the file has both "${earlier.header}" and "${header}" for ${name}: map one of them (or remove a column)`,
      });
      run.fileProblem = true;
      return;
    }
    assigned.set(name, { index, header, ...(rule ? { rule } : {}) });
  });
  const missing: string[] = [];
  const targets: Target[] = [];
  for (const column of spec.columns) {
    if (column.optionalColumn && !present.has(column.name)) continue;
    const found = assigned.get(column.name);
    const hasConstant = mapping.constants.has(column.name);
    const target: Target = {
      spec: column,
      index: found?.index ?? -1,
      header: found?.header ?? '',
      rule: found?.rule,
      hasConstant,
      constant: mapping.constants.get(column.name),
      format:
        found?.rule?.format ??
        (column.type === 'date' ? mapping.dateFormat : column.type === 'datetime' ? mapping.datetimeFormat : undefined),
    };
    if (column.enum)
      target.enumMap = new Map(
        column.enum.flatMap(
          (option) =>
            [
              [option, option],
              [option.toLowerCase(), option],
            ] as Array<[string, string]>,
        ),
      );
    if (column.ref) {
      target.refSet = refs.get(`${column.ref.table}.${column.ref.column}`);
      if (target.refSet) target.refFold = foldCase(target.refSet);
    }
    if (target.index >= 0) ((target.cache = new Map()), (target.byCode = []));
    if (found && hasConstant) {
      run.problem({
        row: mapping.headerRow,
        column: found.header,
        field: column.name,
        value: found.header,
        rule: 'a column or a constant, not both',
        fix: `remove constants.${column.name} from the mapping, or stop mapping "${found.header}"`,
      });
      run.fileProblem = true;
    }
    if (!found && !hasConstant) {
      if (spec.name === 'quality_data' && column.name === 'recorded_at') {
        target.derive = (row) =>
          typeof row.record_date === 'string'
            ? `${row.record_date}T${row.shift === 'night' ? '20' : '08'}:00:00`
            : undefined;
        report.filled.push({
          field: column.name,
          how: 'the start of the shift (08:00 day, 20:00 night) on record_date',
        });
      } else if (spec.name === 'quality_data' && column.name === 'product' && present.has('product')) {
        const products = lineProducts(db);
        target.derive = (row) => products.get(String(row.line_id));
        report.filled.push({ field: column.name, how: "the line's product (production_lines.product)" });
      } else if (column.required) {
        missing.push(column.name);
        continue;
      } else {
        continue;
      }
    }
    targets.push(target);
  }
  if (headers.length === 0) {
    run.problem({
      row: 0,
      column: '',
      field: '',
      value: '',
      rule: 'a header row and data',
      fix: 'the file is empty: export it again',
    });
    run.fileProblem = true;
    return undefined;
  }
  if (missing.length > 0) {
    run.problem({
      row: mapping.headerRow,
      column: '',
      field: missing.join(', '),
      value: headers.join(' | '),
      rule: `the ${spec.name} columns ${missing.join(', ')} are required`,
      fix: mapping.file
        ? `map them in ${path.basename(mapping.file)} (columns: { 源列名: ${missing[0]} }) or give constants`
        : noMappingFix(spec.name, headers, missing),
    });
    run.fileProblem = true;
  }
  if (run.fileProblem) return undefined;
  const names = targets.map((target) => target.spec.name);
  const recordKept = targets.some((target) => target.derive !== undefined);
  const ruleReads = (spec.rowRules?.reads ?? []).flatMap((name) =>
    names.includes(name) ? [[name, names.indexOf(name)] as [string, number]] : [],
  );
  const keyColumns = spec.key;
  const updates = names.filter((name) => !keyColumns.includes(name) && name !== 'record_id');
  const positions = {
    date: spec.dateColumn ? names.indexOf(spec.dateColumn) : -1,
    line: names.indexOf('line_id'),
    stamp: timestampColumn ? names.indexOf(timestampColumn) : -1,
    keys: keyColumns.map((key) => names.indexOf(key)),
  };
  return { headers, skipTest: skip.test, fillDown, targets, names, recordKept, ruleReads, updates, positions };
}

/** quality_data's product, when the file has none: the line's product */
function lineProducts(db: SqliteDatabase): Map<string, string> {
  return new Map(
    (
      db.prepare('SELECT line_id, product FROM production_lines').all() as Array<{ line_id: string; product: string }>
    ).map((line) => [line.line_id, line.product]),
  );
}
