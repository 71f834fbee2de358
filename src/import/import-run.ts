/**
 * One import as its stages share it (header.ts → validate-rows.ts → table-write.ts → importer.ts): what was
 * asked, the open database, the report being filled in, and the problems found so far.
 */
import type { SqliteDatabase } from '../store/sqlite.js';
import type { TableSpec } from './contract.js';
import type { ImportOptions, ImportProblem, ImportReport } from './import-types.js';
import type { Mapping } from './mapping.js';

export interface ImportRun {
  readonly options: ImportOptions;
  readonly spec: TableSpec;
  readonly mapping: Mapping;
  readonly db: SqliteDatabase;
  readonly report: ImportReport;
  /** performance.now() when the import began */
  readonly started: number;
  /** no reject file: one bad row rejects the whole file */
  readonly strict: boolean;
  /** a problem of the file as a whole (its header, the mapping): the file is rejected */
  fileProblem: boolean;
  /** a row was rejected (by the checks or by the database) */
  hasProblems: boolean;
  /** count a problem; the first maxProblems are kept in the report */
  problem(entry: Omit<ImportProblem, 'file'>): void;
  /** the problems counted by field and rule, most first */
  problemSummary(): ImportReport['problemSummary'];
}

export function createImportRun(
  fields: Omit<ImportRun, 'fileProblem' | 'hasProblems' | 'problem' | 'problemSummary' | 'strict'> & {
    fileName: string;
  },
): ImportRun {
  const { report, fileName, options } = fields;
  const maxProblems = options.maxProblems ?? 50;
  const summary = new Map<string, { field: string; rule: string; count: number }>();
  return {
    options,
    spec: fields.spec,
    mapping: fields.mapping,
    db: fields.db,
    report,
    started: fields.started,
    strict: options.rejectFile === undefined,
    fileProblem: false,
    hasProblems: false,
    problem(entry) {
      report.problemCount += 1;
      if (report.problems.length < maxProblems) report.problems.push({ file: fileName, ...entry });
      const key = `${entry.field}\u0000${entry.rule}`;
      const counted = summary.get(key) ?? { field: entry.field, rule: entry.rule, count: 0 };
      counted.count += 1;
      summary.set(key, counted);
    },
    problemSummary: () => [...summary.values()].sort((a, b) => b.count - a.count),
  };
}
