/**
 * importFile: the one writer of plant.db besides the seeder. One file, one
 * transaction: every row is validated against the contract (contract.ts)
 * and written with an upsert on its natural key, the file is recorded in the
 * ledger (import_files, by SHA-256), and only then is the transaction
 * committed — a rejected file, a dry run or a killed process leaves plant.db
 * exactly as it was (SQLite's rollback journal; the next writer rolls a hot
 * journal back). With a reject file, bad rows go there and the rest is
 * imported. `replaceRange` deletes the rows of the file's date range (and its
 * lines) that the file does not carry: a corrected re-export replaces a day.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import { PLANT_SCHEMA_SQL } from '../plant/schema.js';
import { archivePathFor } from '../plant/archive-path.js';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { tableSpec, TABLE_NAMES, type ColumnSpec, type TableSpec } from './contract.js';
import { NO_MAPPING, type ColumnRule, type Mapping } from './mapping.js';
import { createRowWriter, mergeDuplicateKeys, type RowWriter } from './row-writer.js';
import { type BatchCoding, type SourceInfo, type SourceRow } from './source.js';
import { startSourceReading, type SourceReading } from './source-process.js';
import { EXCEL_ERROR } from './xlsx-workbook.js';
import { bindSkipRules, headerIndex, notDataRow } from './not-data.js';
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
  /**
   * a file of about this many rows or more, and no fewer than the table has, is written without the
   * table's indexes, which are built once at the end (default 100,000; tests make it small)
   */
  bulkRows?: number | undefined;
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
  elapsedMs: number;
  rowsPerSecond: number;
}

export const LEDGER_SQL = `CREATE TABLE IF NOT EXISTS import_files (
  sha256       TEXT NOT NULL,
  table_name   TEXT NOT NULL,
  file_name    TEXT NOT NULL,
  bytes        INTEGER NOT NULL,
  source       TEXT NOT NULL,
  mapping      TEXT,
  rows         INTEGER NOT NULL,
  rejected     INTEGER NOT NULL,
  replaced     INTEGER NOT NULL,
  first_date   TEXT,
  last_date    TEXT,
  data_up_to   TEXT,
  imported_at  TEXT NOT NULL,
  PRIMARY KEY (sha256, table_name)
)`;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A killed import leaves a hot journal: readers that may not write (the
 * service on the appliance) cannot roll it back, the next writer does. The
 * watcher calls this on every look at the inbox; true when one was rolled back.
 */
export function recoverInterruptedImport(file: string): boolean {
  if (!existsSync(`${file}-journal`) || !existsSync(file)) return false;
  const db = openSqlite(file, { fileMustExist: true, busyTimeoutMs: 10000 });
  try {
    // the first read by a writer rolls a hot journal back
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    if (existsSync(`${file}-journal`)) {
      // still there: SQLite judged it not hot (killed before any page reached the database file),
      // so it is a leftover; removed under an exclusive lock so that no writer is using it
      db.exec('BEGIN EXCLUSIVE');
      try {
        rmSync(`${file}-journal`, { force: true });
      } finally {
        db.exec('COMMIT');
      }
    }
  } finally {
    db.close();
  }
  return true;
}

/**
 * Before an import: roll back what an interrupted one left in plant.db and in its archive (a read-only
 * reader cannot roll a hot journal back, so the writer does it first). Returns the files rolled back.
 */
export function recoverPlantFiles(db: string): string[] {
  const recovered: string[] = [];
  for (const file of [db, archivePathFor(db)]) if (recoverInterruptedImport(file)) recovered.push(file);
  return recovered;
}

/** Open plant.db for writing; a missing file is created with the contract schema. */
export function openPlantForImport(file: string): { db: SqliteDatabase; created: boolean } {
  const created = !existsSync(file);
  if (created) {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.creating-${process.pid}`;
    rmSync(temporary, { force: true });
    const fresh = openSqlite(temporary);
    try {
      fresh.exec(PLANT_SCHEMA_SQL);
      fresh.exec(LEDGER_SQL);
    } finally {
      fresh.close();
    }
    renameSync(temporary, file);
  }
  let db: SqliteDatabase;
  try {
    db = openSqlite(file, { fileMustExist: true, busyTimeoutMs: 10000 });
  } catch (error) {
    const message = (error as Error).message;
    throw new AppError('DB_ERROR', `cannot open ${file} for writing: ${message}`, {
      hint: /readonly|read-only|EACCES|EROFS/i.test(message)
        ? 'the import needs write access to plant.db: on the appliance run it as the airgap-agent-import ' +
          'unit (sudo systemctl start airgap-agent-import) or as root'
        : 'check the path (plant.db in the config, or --db)',
      cause: error,
    });
  }
  const mode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
  // a journal is what makes a killed import leave the database as it was
  if (mode === 'off' || mode === 'memory') db.pragma('journal_mode = DELETE');
  // the page cache (KiB); tests make it small so that a killed import has written pages to the file
  // 32 MiB: enough for the pages an append touches (the table's last pages, the key index's
  // insertion points); a larger cache only holds more dirty pages in memory (RSS grew with the file)
  db.pragma(`cache_size = -${Number(process.env.AIRGAP_AGENT_IMPORT_CACHE_KIB ?? 32768) || 32768}`);
  // the secondary indexes dropped for a large file are rebuilt with SQLite's multi-threaded sorter
  db.pragma('threads = 2');
  return { db, created };
}

/** the table's statistics are refreshed when its row count moved by more than this share since they were taken */
const STATISTICS_DRIFT = 0.25;

/**
 * ANALYZE the table when it has no statistics yet or its size moved by more than STATISTICS_DRIFT: SQLite's
 * planner and the query server's light-query check (mcp-servers/query/light.ts) read sqlite_stat1. A full
 * ANALYZE (no analysis_limit: sampled statistics of an ordered table are far off) reads each index once:
 * ~0.3 s for 1M quality rows, paid by bulk imports, not by the daily files that add a few percent.
 */
function refreshStatistics(db: SqliteDatabase, table: string, rows: number): void {
  const hasStats = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
  const stat = hasStats
    ? (db.prepare('SELECT stat FROM sqlite_stat1 WHERE tbl = ? AND idx IS NOT NULL LIMIT 1').get(table) as
        { stat: string } | undefined)
    : undefined;
  const counted = stat ? Number(stat.stat.split(' ')[0]) : Number.NaN;
  if (Number.isFinite(counted) && Math.abs(rows - counted) <= STATISTICS_DRIFT * Math.max(counted, 1)) return;
  db.pragma('analysis_limit = 0');
  db.exec(`ANALYZE "${table.replaceAll('"', '""')}"`);
}

/** the page cache (KiB) while the dropped indexes are rebuilt at the end of a large import */
const REBUILD_CACHE_KIB = 4096;

function tableColumns(db: SqliteDatabase, table: string): Set<string> {
  return new Set((db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map((column) => column.name));
}

interface Target {
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

const CELL_CACHE_LIMIT = 1024;

const FAIL = Symbol('fail');
const failure = { rule: '', fix: '' };
function fail(rule: string, fix: string): typeof FAIL {
  failure.rule = rule;
  failure.fix = fix;
  return FAIL;
}

/** One cell → its contract value, or FAIL with the rule and fix in \`failure\`. */
function convertCell(target: Target, cell: Cell): unknown {
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
function foldCase(values: Set<string>): Map<string, string> {
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

function isBlank(cell: Cell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function describeValue(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? 'Invalid Date' : cell.toISOString();
  return String(cell);
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Keys of a referenced table, loaded once (small tables). undefined = do not check. */
function loadRefs(db: SqliteDatabase, spec: TableSpec): Map<string, Set<string> | undefined> {
  const refs = new Map<string, Set<string> | undefined>();
  for (const column of spec.columns) {
    if (!column.ref) continue;
    const key = `${column.ref.table}.${column.ref.column}`;
    if (refs.has(key)) continue;
    const exists =
      db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(column.ref.table) !== undefined;
    if (!exists) {
      refs.set(key, undefined);
      continue;
    }
    const values = (
      db.prepare(`SELECT "${column.ref.column}" AS v FROM "${column.ref.table}"`).all() as Array<{ v: unknown }>
    ).map((row) => String(row.v));
    // defect_types is a demo extra: checked only when the database has it filled
    refs.set(key, values.length === 0 && column.ref.table === 'defect_types' ? undefined : new Set(values));
  }
  return refs;
}

/**
 * Whether this import may write with SQLite's foreign-key enforcement off. Enforcement looks each written
 * row's keys up in their parent tables (measured: 13% of SQLite's insert time for quality rows, 1M rows),
 * and the importer checks the same keys itself, with a rule and a fix for each refused value (loadRefs,
 * convertCell). It is off only when both hold:
 * - no table references this one: a row that a re-export replaces (--replace-range) or a merge removes
 *   could otherwise leave rows of another table pointing at nothing;
 * - every foreign key the table declares in plant.db is a contract reference the importer checks: its
 *   parent table exists and has rows (loadRefs leaves an empty defect_types to SQLite).
 * Decided before the import's transaction (the pragma does nothing inside one). Another import can only
 * make a parent table exist or fill it (the importer never empties one), which keeps the answer right.
 */
export function importerChecksForeignKeys(db: SqliteDatabase, spec: TableSpec): boolean {
  const tables = (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>
  ).map((row) => row.name);
  if (!tables.includes(spec.name)) return false;
  type ForeignKey = { table: string; from: string; to: string | null };
  const foreignKeys = (table: string): ForeignKey[] =>
    db.pragma(`foreign_key_list("${table.replaceAll('"', '""')}")`) as ForeignKey[];
  if (tables.some((table) => foreignKeys(table).some((key) => key.table.toLowerCase() === spec.name))) return false;
  const refs = loadRefs(db, spec);
  return foreignKeys(spec.name).every((key) => {
    const ref = spec.columns.find((column) => column.name === key.from)?.ref;
    return (
      ref !== undefined &&
      ref.table === key.table.toLowerCase() &&
      (key.to === null || key.to === ref.column) &&
      refs.get(`${ref.table}.${ref.column}`) !== undefined
    );
  });
}

export async function importFile(options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const spec = tableSpec(options.table);
  if (!spec) {
    throw new AppError('USAGE', `import: "${options.table}" is not a table of the data contract`, {
      hint: `tables: ${TABLE_NAMES.join(', ')}`,
    });
  }
  const mapping = options.mapping ?? NO_MAPPING;
  if (mapping.table !== undefined && mapping.table !== spec.name) {
    throw new AppError('USAGE', `import: the mapping ${mapping.file} is for ${mapping.table}, not ${spec.name}`, {
      hint: `import ${mapping.table} with it, or use another mapping`,
    });
  }
  if (options.replaceRange && !spec.dateColumn) {
    throw new AppError('USAGE', `import: --replace-range needs a table with a date: ${spec.name} has none`, {
      hint: 'rows of this table are replaced by their key anyway (a re-import updates them)',
    });
  }
  const fileName = path.basename(options.file);
  const known = options.force ? undefined : await ledgerPrecheck(options.db, spec.name, options.file);
  // a large file's reader process starts now: its start-up overlaps the hash and the set-up below; a file the
  // ledger holds is read (never, as it is skipped) in the importer
  const source = startSourceReading(options.file, mapping, known?.seen ? { inline: true } : {});
  try {
    return await importRead(options, { source, started, spec, fileName, sha256: known?.sha256 });
  } finally {
    source.cancel();
  }
}

/**
 * Before a reader process starts: is this file one the ledger holds? Only when the ledger has a file of
 * this table with the same size is the file hashed first (a skipped re-import then starts no reader
 * process, ~0.3 s); else the hash overlaps the reader's start-up. A database that cannot be read here
 * (missing, a hot journal) answers "not seen": the import's own transaction decides.
 */
async function ledgerPrecheck(
  db: string,
  table: string,
  file: string,
): Promise<{ seen: boolean; sha256?: string } | undefined> {
  let sameSize = false;
  try {
    const bytes = statSync(file).size;
    const handle = openSqlite(db, { readonly: true });
    try {
      const ledger = handle.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'import_files'").get();
      sameSize =
        ledger !== undefined &&
        handle.prepare('SELECT 1 FROM import_files WHERE table_name = ? AND bytes = ? LIMIT 1').get(table, bytes) !==
          undefined;
      if (!sameSize) return undefined;
      const sha256 = await sha256File(file);
      const seen =
        handle.prepare('SELECT 1 FROM import_files WHERE sha256 = ? AND table_name = ?').get(sha256, table) !==
        undefined;
      return { seen, sha256 };
    } finally {
      handle.close();
    }
  } catch {
    return undefined; // the import reports what is wrong with the file or the database
  }
}

async function importRead(
  options: ImportOptions,
  context: { source: SourceReading; started: number; spec: TableSpec; fileName: string; sha256?: string | undefined },
): Promise<ImportReport> {
  const { source, started, spec, fileName } = context;
  const mapping = options.mapping ?? NO_MAPPING;
  const sha256 = await (
    context.sha256 !== undefined ? Promise.resolve(context.sha256) : sha256File(options.file)
  ).catch((error: unknown) => {
    throw new AppError('NOT_FOUND', `cannot read ${options.file}: ${(error as Error).message}`, {
      hint: 'give the path of a CSV or XLSX export',
    });
  });
  const maxProblems = options.maxProblems ?? 50;
  const dryRun = options.dryRun === true;
  const report: ImportReport = {
    status: 'imported',
    file: options.file,
    table: spec.name,
    sha256,
    source: undefined,
    dryRun,
    createdDatabase: false,
    rows: 0,
    written: 0,
    inserted: 0,
    updated: 0,
    rejected: 0,
    replaced: 0,
    skipped: 0,
    skippedRows: [],
    filledDown: 0,
    firstDate: null,
    lastDate: null,
    days: 0,
    lines: [],
    dataUpTo: null,
    problems: [],
    problemCount: 0,
    problemSummary: [],
    ignoredColumns: [],
    filled: [],
    elapsedMs: 0,
    rowsPerSecond: 0,
    readIn: source.where,
  };
  const summary = new Map<string, { field: string; rule: string; count: number }>();
  const problem = (entry: Omit<ImportProblem, 'file'>): void => {
    report.problemCount += 1;
    if (report.problems.length < maxProblems) report.problems.push({ file: fileName, ...entry });
    const key = `${entry.field}\u0000${entry.rule}`;
    const counted = summary.get(key) ?? { field: entry.field, rule: entry.rule, count: 0 };
    counted.count += 1;
    summary.set(key, counted);
  };

  const { db, created } = openPlantForImport(options.db);
  report.createdDatabase = created;
  if (importerChecksForeignKeys(db, spec)) db.pragma('foreign_keys = OFF');
  let rejectFd: number | undefined;
  let rejectTemp: string | undefined;
  let inTransaction = false;
  try {
    db.exec('BEGIN IMMEDIATE');
    inTransaction = true;
    db.exec(LEDGER_SQL);
    const previous = db
      .prepare('SELECT imported_at, rows FROM import_files WHERE sha256 = ? AND table_name = ?')
      .get(sha256, spec.name) as { imported_at: string; rows: number } | undefined;
    if (previous && !options.force) {
      report.status = 'skipped';
      report.previous = previous;
      report.elapsedMs = Math.round(performance.now() - started);
      return report; // the finally block rolls back
    }
    if (spec.createSql) db.exec(spec.createSql);
    const present = tableColumns(db, spec.name);
    if (present.size === 0) {
      throw new AppError('DB_ERROR', `${options.db} has no table ${spec.name}`, {
        hint: 'the database does not follow the contract (docs/plant-data.md): import into a database made by the importer or the seeder',
      });
    }
    if (spec.keyIndex) {
      try {
        db.exec(spec.keyIndex);
      } catch (error) {
        throw new AppError(
          'DB_ERROR',
          `${spec.name} in ${options.db} has duplicate ${spec.key.join(' + ')} values, so re-imports cannot be recognised: ${(error as Error).message}`,
          {
            hint:
              `remove the duplicates (SELECT ${spec.key.join(', ')}, count(*) FROM ${spec.name} GROUP BY ` +
              `${spec.key.join(', ')} HAVING count(*) > 1), or rebuild the database from clean exports`,
          },
        );
      }
    }
    const refs = loadRefs(db, spec);
    const countRows = (): number => (db.prepare(`SELECT count(*) AS n FROM "${spec.name}"`).get() as { n: number }).n;
    const before = countRows();

    let targets: Target[] = [];
    /** every converted value goes into the row's record (a column is derived from others) */
    let recordKept = false;
    /** the columns the row rules read, with their position in a row's values */
    let ruleReads: Array<[string, number]> = [];
    let writer: RowWriter | undefined;
    let names: string[] = [];
    let updates: string[] = [];
    /** where the report's figures are in a row's values (-1: not written) */
    let positions = { date: -1, line: -1, stamp: -1, keys: [] as number[] };
    let keyInsert: ((values: unknown[]) => void) | undefined;
    let headers: string[] = [];
    /** the mapping's skip_rows bound to the header: why a row is skipped, or undefined */
    let skipTest: ((cells: readonly Cell[]) => { text: string; why: string } | undefined) | undefined;
    /** the file's columns of the mapping's fill_down */
    let fillDown: number[] = [];
    /** the cells of the last data row (not of a skipped one): what fill_down takes, and the fix's hint */
    let previousCells: readonly Cell[] | undefined;
    let fileProblem = false;
    const dates = new Set<string>();
    const lines = new Set<string>();
    let dataUpTo: string | null = null;
    let lastProgress = performance.now();
    const progressEvery = options.progressEveryMs ?? 1000;
    const strict = options.rejectFile === undefined;
    let hasProblems = false;
    const timestampColumn = spec.columns.find((column) => column.type === 'datetime' && column.required)?.name;

    const onHeader = (raw: string[], info: SourceInfo): boolean => {
      report.source = info;
      headers = raw.map((header) => normalizeText(header.replace(/^\uFEFF/, '')));
      const skip = bindSkipRules(mapping.skipRows, headers);
      skipTest = skip.test;
      fillDown = mapping.fillDown.map((column) => headerIndex(headers, column)).filter((index) => index >= 0);
      const absent = [
        ...skip.missing.map((column) => ({ column, key: 'skip_rows', also: ", or '*' for any column" })),
        ...mapping.fillDown
          .filter((column) => headerIndex(headers, column) < 0)
          .map((column) => ({ column, key: 'fill_down', also: '' })),
      ];
      for (const { column, key, also } of absent) {
        problem({
          row: mapping.headerRow,
          column,
          field: '',
          value: column,
          rule: `${key} names a column of the file`,
          fix: `the file has no column "${column}" (its columns: ${headers.filter(Boolean).join(', ')}): name one of them${also}`,
        });
        fileProblem = true;
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
          problem({
            row: mapping.headerRow,
            column: header,
            field: name,
            value: header,
            rule: 'one source column per contract column',
            fix: `the file has both "${earlier.header}" and "${header}" for ${name}: map one of them (or remove a column)`,
          });
          fileProblem = true;
          return;
        }
        assigned.set(name, { index, header, ...(rule ? { rule } : {}) });
      });
      const missing: string[] = [];
      targets = [];
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
            (column.type === 'date'
              ? mapping.dateFormat
              : column.type === 'datetime'
                ? mapping.datetimeFormat
                : undefined),
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
          problem({
            row: mapping.headerRow,
            column: found.header,
            field: column.name,
            value: found.header,
            rule: 'a column or a constant, not both',
            fix: `remove constants.${column.name} from the mapping, or stop mapping "${found.header}"`,
          });
          fileProblem = true;
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
            const products = new Map(
              (
                db.prepare('SELECT line_id, product FROM production_lines').all() as Array<{
                  line_id: string;
                  product: string;
                }>
              ).map((line) => [line.line_id, line.product]),
            );
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
        problem({
          row: 0,
          column: '',
          field: '',
          value: '',
          rule: 'a header row and data',
          fix: 'the file is empty: export it again',
        });
        fileProblem = true;
        return false;
      }
      if (missing.length > 0) {
        problem({
          row: mapping.headerRow,
          column: '',
          field: missing.join(', '),
          value: headers.join(' | '),
          rule: `the ${spec.name} columns ${missing.join(', ')} are required`,
          fix: mapping.file
            ? `map them in ${path.basename(mapping.file)} (columns: { 源列名: ${missing[0]} }) or give constants`
            : `name the columns as the contract does (${missing.join(', ')}), or write a mapping (--mapping FILE.yaml, see deploy/import-mappings/)`,
        });
        fileProblem = true;
      }
      if (fileProblem) return false;
      names = targets.map((target) => target.spec.name);
      recordKept = targets.some((target) => target.derive !== undefined);
      ruleReads = (spec.rowRules?.reads ?? []).flatMap((name) =>
        names.includes(name) ? [[name, names.indexOf(name)] as [string, number]] : [],
      );
      const keyColumns = spec.key;
      updates = names.filter((name) => !keyColumns.includes(name) && name !== 'record_id');
      positions = {
        date: spec.dateColumn ? names.indexOf(spec.dateColumn) : -1,
        line: names.indexOf('line_id'),
        stamp: timestampColumn ? names.indexOf(timestampColumn) : -1,
        keys: keyColumns.map((key) => names.indexOf(key)),
      };
      if (options.replaceRange) {
        db.exec('CREATE TEMP TABLE IF NOT EXISTS import_keys (k1, k2)');
        db.exec('DELETE FROM temp.import_keys');
        const keyStatement = db.prepare('INSERT INTO temp.import_keys (k1, k2) VALUES (?, ?)');
        const keys = positions.keys;
        keyInsert = (values) => keyStatement.run(values[keys[0]!], keys[1] === undefined ? null : values[keys[1]]);
      }
      if (options.rejectFile) {
        mkdirSync(path.dirname(path.resolve(options.rejectFile)), { recursive: true });
        rejectTemp = `${options.rejectFile}.part`;
        rejectFd = openSync(rejectTemp, 'w');
        writeSync(rejectFd, `\uFEFF${['row', ...headers, 'error'].map(csvField).join(',')}\r\n`);
      }
      return true;
    };

    // a file larger than the table: drop its secondary indexes now and build them once at the
    // end, inside the same transaction (readers never see the table without them)
    let droppedIndexes: string[] = [];
    let keyIndexDropped = false;
    let sizeChecked = false;
    const maybeDropIndexes = (batchRows: number, bytes: number): void => {
      sizeChecked = true;
      const size = report.source?.size ?? 0;
      if (batchRows === 0 || bytes === 0 || size === 0) return;
      const estimate = (size * batchRows) / bytes;
      if (estimate < (options.bulkRows ?? 100_000) || estimate < before) return;
      const indexes = db
        .prepare(
          "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'",
        )
        .all(spec.name) as Array<{ name: string; sql: string }>;
      for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
      droppedIndexes = indexes.map((index) => index.sql);
      // the key index too, when a row's key can be told apart without it: rows get rising rowids (no
      // record_id in the file) and every key column is required (no NULL keys); keys the file repeats
      // or the table had are merged at the end as the upsert would have (mergeDuplicateKeys)
      const keyIndexName = spec.keyIndex ? /INDEX IF NOT EXISTS (\w+) ON/.exec(spec.keyIndex)?.[1] : undefined;
      const requiredKeys = spec.key.every((key) => spec.columns.find((column) => column.name === key)?.required);
      if (keyIndexName && requiredKeys && !names.includes('record_id')) {
        db.exec(`DROP INDEX "${keyIndexName}"`);
        keyIndexDropped = true;
      }
    };

    const written = (values: unknown[]): void => {
      keyInsert?.(values);
      report.written += 1;
      if (positions.date >= 0) {
        const full = String(values[positions.date]);
        const date = full.length === 10 ? full : full.slice(0, 10);
        dates.add(date);
        if (report.firstDate === null || date < report.firstDate) report.firstDate = date;
        if (report.lastDate === null || date > report.lastDate) report.lastDate = date;
      }
      const line = positions.line >= 0 ? values[positions.line] : undefined;
      if (typeof line === 'string') lines.add(line);
      const stamp = positions.stamp >= 0 ? (values[positions.stamp] as string | null) : undefined;
      if (stamp && (dataUpTo === null || stamp > dataUpTo)) dataUpTo = stamp;
    };
    /** a row that is not data: counted, and the first ten named with the cell that tells it */
    const skipRow = (row: number, skipped: { text: string; why: string }): void => {
      report.skipped += 1;
      if (report.skippedRows.length < 10) report.skippedRows.push({ row, ...skipped });
    };
    /** most of the row's mapped cells empty, and a text first: a note that skip_rows could name */
    const noteSparseRow = (row: number, cells: readonly Cell[]): void => {
      if (report.sparseRow !== undefined) return;
      const mapped = targets.filter((target) => target.index >= 0);
      const empty = mapped.filter((target) => isBlank(cells[target.index])).length;
      if (empty * 2 <= mapped.length) return;
      const index = cells.findIndex((cell) => typeof cell === 'string' && cell.trim() !== '');
      if (index < 0) return;
      report.sparseRow = { row, text: String(cells[index]).trim(), column: headers[index] || '*' };
    };
    const rejectRow = (row: number, cells: Cell[], rowProblems: Array<Omit<ImportProblem, 'file'>>): void => {
      if (rejectFd === undefined) return;
      const reason = rowProblems
        .map((entry) => `${entry.column || entry.field}: ${entry.rule} — ${entry.fix}`)
        .join('; ');
      writeSync(
        rejectFd,
        `${[String(row), ...headers.map((_, index) => describeValue(cells[index])), reason].map(csvField).join(',')}\r\n`,
      );
    };
    // a row that the database refuses goes to the reject file with its cells
    const refused = (values: unknown[], row: number, refusal: { error: Error; cells: unknown }): void => {
      const { error, cells } = refusal;
      report.rejected += 1;
      hasProblems = true;
      const entry = {
        row,
        column: '',
        field: spec.key.join(', '),
        value: positions.keys.map((position) => String(position >= 0 ? values[position] : undefined)).join(', '),
        rule: `the database refused the row: ${error.message}`,
        fix: 'check the key columns (a record_id used by another batch?)',
      };
      problem(entry);
      rejectRow(row, cells as Cell[], [entry]);
    };

    const onRows = (batch: SourceRow[], bytes: number, coding?: BatchCoding): boolean => {
      if (!sizeChecked) {
        maybeDropIndexes(batch.length, bytes);
        const conflict = keyIndexDropped ? undefined : { key: spec.key, updates };
        writer = createRowWriter({ db, table: spec.name, names, conflict, written, refused });
      }
      // the row by column name, for a derived column; else only the columns the row rules read
      const record: Record<string, unknown> = {};
      // one array for every row: the statement binds it at once and keeps nothing
      const values: unknown[] = new Array(targets.length);
      const codes = coding?.codes;
      const width = coding?.width ?? 0;
      for (let rowIndex = 0; rowIndex < batch.length; rowIndex++) {
        const { row, cells } = batch[rowIndex]!;
        report.rows += 1;
        if (skipTest !== undefined) {
          const skipped = skipTest(cells);
          if (skipped !== undefined) {
            skipRow(row, skipped);
            continue;
          }
        }
        let filled = 0; // counted when the row is data (a total row under the table may be filled too)
        let unfilled: Cell[] | undefined; // the row as the file has it, when fill_down changed it
        if (previousCells !== undefined) {
          for (const index of fillDown) {
            if (!isBlank(cells[index]) || isBlank(previousCells[index])) continue;
            unfilled ??= cells.slice();
            cells[index] = previousCells[index];
            // the cell is no longer the one its code names
            if (codes !== undefined && index < width) codes[rowIndex * width + index] = 0;
            filled += 1;
          }
        }
        let rowProblems: Array<Omit<ImportProblem, 'file'>> | undefined;
        for (let position = 0; position < targets.length; position++) {
          const target = targets[position]!;
          // a coded cell (reader process) whose value this column has met: its checked value by number
          const code = codes !== undefined && target.index >= 0 ? (codes[rowIndex * width + target.index] ?? 0) : 0;
          let value: unknown = code > 0 ? target.byCode![code] : undefined;
          if (value !== undefined) {
            values[position] = value;
            if (recordKept) record[target.spec.name] = value;
            continue;
          }
          const original: Cell =
            target.index >= 0
              ? cells[target.index]
              : target.hasConstant
                ? (target.constant as Cell)
                : (target.derive?.(record) as Cell);
          let cell = original;
          if (target.rule?.map && cell !== null && cell !== undefined) {
            const key = typeof cell === 'string' ? cell.trim() : String(cell);
            if (target.rule.map.has(key)) cell = target.rule.map.get(key) as Cell;
          }
          const cache = target.cache;
          value = cache !== undefined && typeof cell === 'string' ? cache.get(cell) : undefined;
          if (value !== undefined) {
            // a value seen before in this column: converted and checked then (failures are not kept)
          } else if ((value = convertCell(target, cell)) === FAIL) {
            // a value derived from a bad column is not a second problem
            if (!(target.derive && rowProblems !== undefined)) {
              (rowProblems ??= []).push({
                row,
                column: target.header,
                field: target.spec.name,
                value: describeValue(cell),
                rule: failure.rule,
                fix:
                  // blank under a filled cell: a merged cell, or a grouped report that writes a value once
                  isBlank(cell) &&
                  target.index >= 0 &&
                  previousCells !== undefined &&
                  !isBlank(previousCells[target.index])
                    ? `${failure.fix}; if the export leaves a repeated value blank (merged cells, a grouped report), ` +
                      `add fill_down: [${target.header}] to the mapping`
                    : failure.fix,
              });
            }
            value = null;
          } else {
            if (target.spec.name === 'country_code' && typeof value === 'string') value = value.toUpperCase();
            if (cache !== undefined && typeof cell === 'string') {
              if (cache.size < CELL_CACHE_LIMIT) cache.set(cell, value);
              else target.cache = undefined;
            }
            // the mapping and the checks depend on the cell alone: the same code, the same value
            if (code > 0) target.byCode![code] = value;
          }
          values[position] = value;
          if (recordKept) record[target.spec.name] = value;
        }
        if (rowProblems === undefined && spec.rowRules) {
          if (!recordKept) for (const [name, position] of ruleReads) record[name] = values[position];
          const ruled = spec.rowRules.check(record);
          if (ruled) {
            const target = targets.find((candidate) => candidate.spec.name === ruled.column);
            (rowProblems ??= []).push({
              row,
              column: target?.header ?? '',
              field: ruled.column,
              value: String(record[ruled.column] ?? ''),
              rule: ruled.rule,
              fix: ruled.fix,
            });
          }
        }
        if (rowProblems !== undefined) {
          // a total or a note under the table: not data (only a row the checks refuse is looked at)
          const notData = notDataRow(unfilled ?? cells);
          if (notData !== undefined) {
            skipRow(row, notData);
            continue;
          }
          previousCells = cells;
          report.filledDown += filled;
          noteSparseRow(row, cells);
          report.rejected += 1;
          hasProblems = true;
          for (const entry of rowProblems) problem(entry);
          rejectRow(row, cells, rowProblems);
          continue;
        }
        previousCells = cells;
        report.filledDown += filled;
        if (strict && hasProblems) continue; // the file will be rejected: keep validating, stop writing
        writer!.push(values, row, cells);
      }
      const nowMs = performance.now();
      if (options.progress && nowMs - lastProgress >= progressEvery) {
        lastProgress = nowMs;
        const elapsedMs = nowMs - started;
        const rate = report.rows / (elapsedMs / 1000);
        const size = report.source?.size ?? 0;
        const etaMs = bytes > 0 && size > bytes ? (elapsedMs * (size - bytes)) / bytes : undefined;
        options.progress({ rows: report.rows, bytes, size, elapsedMs, rowsPerSecond: rate, etaMs });
      }
      return true;
    };

    await source.read({ header: onHeader, rows: onRows });
    writer?.flush();
    if (rejectFd !== undefined) {
      closeSync(rejectFd);
      rejectFd = undefined;
    }
    report.days = dates.size;
    report.lines = [...lines].sort();
    report.dataUpTo = dataUpTo;
    report.problemSummary = [...summary.values()].sort((a, b) => b.count - a.count);
    const rejectedFile = fileProblem || (strict && hasProblems);
    if (!fileProblem && report.rows - report.skipped === 0) {
      problem({
        row: 0,
        column: '',
        field: '',
        value: '',
        rule: 'at least one data row',
        fix:
          report.skipped === 0
            ? 'the file has a header but no rows: check the export'
            : `its ${report.skipped === 1 ? 'one row is' : `${report.skipped} rows are all`} totals or notes, not ` +
              'data: check the export',
      });
    }
    if (rejectedFile || report.written === 0) {
      report.status = 'rejected';
      report.problemSummary = [...summary.values()].sort((a, b) => b.count - a.count);
      db.exec('ROLLBACK');
      inTransaction = false;
      if (rejectTemp) rmSync(rejectTemp, { force: true });
      report.written = 0;
      return finish(report, started);
    }
    if (keyIndexDropped || droppedIndexes.length > 0) {
      // a smaller page cache for the rebuild: SQLite's sorter then writes more, smaller sorted runs, which its
      // threads sort in parallel (measured on 2 cores, 1M rows, 4 indexes: 1.9 s with 32 MiB, 1.35 s with 4 MiB)
      const current = -Number(db.pragma('cache_size', { simple: true }));
      db.pragma(`cache_size = -${Math.min(current > 0 ? current : REBUILD_CACHE_KIB, REBUILD_CACHE_KIB)}`);
    }
    if (keyIndexDropped) mergeDuplicateKeys({ db, spec, updates });
    for (const sql of droppedIndexes) db.exec(sql);
    if (options.replaceRange && spec.dateColumn && report.firstDate && report.lastDate) {
      const keys = spec.key;
      const inKeys =
        keys.length === 1
          ? `"${keys[0]}" NOT IN (SELECT k1 FROM temp.import_keys)`
          : `(${keys.map((key) => `"${key}"`).join(', ')}) NOT IN (SELECT k1, k2 FROM temp.import_keys)`;
      const dateExpr =
        spec.columns.find((column) => column.name === spec.dateColumn)?.type === 'datetime'
          ? `substr("${spec.dateColumn}", 1, 10)`
          : `"${spec.dateColumn}"`;
      const scope =
        spec.replaceScope && report.lines.length > 0
          ? ` AND "${spec.replaceScope}" IN (${report.lines.map(() => '?').join(', ')})`
          : '';
      const deleted = db
        .prepare(`DELETE FROM "${spec.name}" WHERE ${dateExpr} BETWEEN ? AND ?${scope} AND ${inKeys}`)
        .run(report.firstDate, report.lastDate, ...(scope ? report.lines : []));
      report.replaced = deleted.changes;
      db.exec('DELETE FROM temp.import_keys');
    }
    const after = countRows();
    if (!dryRun) refreshStatistics(db, spec.name, after);
    report.inserted = Math.max(0, after - before + report.replaced);
    report.updated = Math.max(0, report.written - report.inserted);
    db.prepare(
      'INSERT INTO import_files (sha256, table_name, file_name, bytes, source, mapping, rows, rejected,' +
        ' replaced, first_date, last_date, data_up_to, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,' +
        ' ?, ?, ?) ' +
        'ON CONFLICT (sha256, table_name) DO UPDATE SET file_name = excluded.file_name, rows = ' +
        'excluded.rows, rejected = excluded.rejected, replaced = excluded.replaced, imported_at = ' +
        'excluded.imported_at, data_up_to = excluded.data_up_to',
    ).run(
      sha256,
      spec.name,
      fileName,
      report.source?.size ?? 0,
      JSON.stringify(report.source ?? {}),
      mapping.file ? path.basename(mapping.file) : null,
      report.written,
      report.rejected,
      report.replaced,
      report.firstDate,
      report.lastDate,
      report.dataUpTo,
      options.importedAt,
    );
    if (dryRun) {
      report.status = 'dry-run';
      db.exec('ROLLBACK');
      inTransaction = false;
      if (rejectTemp) rmSync(rejectTemp, { force: true });
    } else {
      db.exec('COMMIT');
      inTransaction = false;
      if (rejectTemp && options.rejectFile) {
        if (report.rejected > 0) {
          renameSync(rejectTemp, options.rejectFile);
          report.rejectFile = options.rejectFile;
        } else rmSync(rejectTemp, { force: true });
      }
    }
    return finish(report, started);
  } finally {
    if (rejectFd !== undefined) closeSync(rejectFd);
    if (inTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // the transaction is gone already
      }
      if (rejectTemp) rmSync(rejectTemp, { force: true });
    }
    db.close();
  }
}

function finish(report: ImportReport, started: number): ImportReport {
  // a row that the database refused is reported when its statement ran, after rows read later
  report.problems.sort((a, b) => a.row - b.row);
  report.elapsedMs = Math.round(performance.now() - started);
  report.rowsPerSecond = report.elapsedMs > 0 ? Math.round((report.rows * 1000) / report.elapsedMs) : report.rows;
  return report;
}
