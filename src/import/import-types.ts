/**
 * The importer's contract with its callers: what an import is asked to do (ImportOptions), what it
 * reports while it runs (ImportProgress) and when it ends (ImportReport, with each ImportProblem).
 */
import type { Mapping } from './mapping.js';
import type { RollupOutcome } from './rollup-write.js';
import type { SourceInfo } from './source.js';
import type { ImportDeadline, SourceReading } from './source-process.js';

export interface ImportProblem {
  file: string;
  /** row in the file (the header row is 1); 0 = the file as a whole */
  row: number;
  /** the file's column header ('' when the value is not from a column) */
  column: string;
  /** the contract column */
  field: string;
  value: string;
  rule: string;
  fix: string;
}

export interface ImportProgress {
  rows: number;
  bytes: number;
  size: number;
  elapsedMs: number;
  rowsPerSecond: number;
  etaMs: number | undefined;
}

export interface ImportOptions {
  db: string;
  table: string;
  file: string;
  mapping?: Mapping | undefined;
  dryRun?: boolean | undefined;
  replaceRange?: boolean | undefined;
  /** bad rows go to this CSV (UTF-8 with BOM) and the rest is imported */
  rejectFile?: string | undefined;
  /** import again a file the ledger already has */
  force?: boolean | undefined;
  progress?: ((progress: ImportProgress) => void) | undefined;
  progressEveryMs?: number | undefined;
  /** problems kept in the report in full (the rest are counted) */
  maxProblems?: number | undefined;
  /** the plant-local timestamp recorded as imported_at */
  importedAt: string;
  /** stop reading past this (import.max_seconds): IMPORT_TIMEOUT, nothing written */
  deadline?: ImportDeadline | undefined;
  /** called just before the commit; throwing rolls the import back (inbox-take.ts: the file changed) */
  beforeCommit?: (() => Promise<void>) | undefined;
  /**
   * a file of about this many rows or more, and no fewer than the table has, is written without the
   * table's indexes, which are built once at the end (default 100,000; tests make it small)
   */
  bulkRows?: number | undefined;
  /** tests: called inside the transaction after the rows are written and after the rollups (throw or kill there) */
  afterStep?: ((step: 'rows' | 'rollups') => void) | undefined;
}

export type ImportStatus = 'imported' | 'rejected' | 'skipped' | 'dry-run';

export interface ImportReport {
  status: ImportStatus;
  file: string;
  table: string;
  sha256: string;
  source: SourceInfo | undefined;
  dryRun: boolean;
  createdDatabase: boolean;
  /** data rows read */
  rows: number;
  /** rows written (inserted or updated); for a dry run: would be */
  written: number;
  inserted: number;
  updated: number;
  rejected: number;
  /** rows deleted by --replace-range */
  replaced: number;
  /** rows read that are not data (a total, a note: not-data.ts), neither written nor rejected */
  skipped: number;
  /** the first of them: row, its first filled cell, why */
  skippedRows: Array<{ row: number; text: string; why: string }>;
  /**
   * the first rejected row with most of its cells empty, whose first filled cell is text: it may be a
   * note or a total that skip_rows in a mapping would skip
   */
  sparseRow?: { row: number; text: string; column: string } | undefined;
  /** empty cells that took the value of the row above (the mapping's fill_down) */
  filledDown: number;
  firstDate: string | null;
  lastDate: string | null;
  days: number;
  lines: string[];
  /** newest timestamp among the rows (quality_data: recorded_at) */
  dataUpTo: string | null;
  problems: ImportProblem[];
  problemCount: number;
  problemSummary: Array<{ field: string; rule: string; count: number }>;
  ignoredColumns: string[];
  /** contract columns filled without a source column, and how */
  filled: Array<{ field: string; how: string }>;
  previous?: { imported_at: string; rows: number } | undefined;
  rejectFile?: string | undefined;
  /**
   * 'reader-process' when a reader process was started for the file (a large one, see source-process.ts),
   * else 'importer' (a small file, or one the ledger holds: skipped without starting one)
   */
  readIn: SourceReading['where'];
  /** quality_data: how its rollups were brought level with the rows (rollup-write.ts) */
  rollups?: RollupOutcome | undefined;
  elapsedMs: number;
  rowsPerSecond: number;
}
