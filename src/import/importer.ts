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
 *
 * The stages, one file each: the ledger (ledger.ts) → plant.db opened
 * (plant-file.ts) → the file read (source-process.ts, source.ts) → its header
 * bound to the contract (header.ts) → each row converted and checked
 * (validate-rows.ts, cells.ts, references.ts) → written (table-write.ts,
 * row-writer.ts), bad rows to the reject file (reject-file.ts) → ledger and
 * commit (here).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { tableSpec, TABLE_NAMES, type TableSpec } from './contract.js';
import { type HeaderBinding, bindHeader } from './header.js';
import { createImportRun } from './import-run.js';
import type { ImportOptions, ImportReport } from './import-types.js';
import { ledgerPrecheck, previousImport, recordImport, sha256File } from './ledger.js';
import { NO_MAPPING } from './mapping.js';
import { openPlantForImport } from './plant-file.js';
import { importerChecksForeignKeys, loadRefs } from './references.js';
import { RejectFile } from './reject-file.js';
import type { SourceInfo } from './source.js';
import { startSourceReading, type SourceReading } from './source-process.js';
import { sourceMapping } from './header-row.js';
import { countRows, refreshStatistics, TableWrite } from './table-write.js';
import { createRowValidator, type RowsHandler } from './validate-rows.js';

export type { ImportOptions, ImportProblem, ImportProgress, ImportReport, ImportStatus } from './import-types.js';
export { LEDGER_SQL, sha256File } from './ledger.js';
export { openPlantForImport, recoverInterruptedImport, recoverPlantFiles } from './plant-file.js';
export { importerChecksForeignKeys } from './references.js';

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
  const source = startSourceReading(options.file, sourceMapping(mapping, spec), {
    ...(known?.seen ? { inline: true } : {}),
    deadline: options.deadline,
  });
  try {
    return await importRead(options, { source, started, spec, fileName, sha256: known?.sha256 });
  } finally {
    source.cancel();
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
  const dryRun = options.dryRun === true;
  const report = emptyReport({ options, table: spec.name, sha256, readIn: source.where });
  const { db, created } = openPlantForImport(options.db);
  report.createdDatabase = created;
  const run = createImportRun({ options, spec, mapping, db, report, started, fileName });
  if (importerChecksForeignKeys(db, spec)) db.pragma('foreign_keys = OFF');
  const reject = new RejectFile();
  let inTransaction = false;
  try {
    db.exec('BEGIN IMMEDIATE');
    inTransaction = true;
    const previous = previousImport(db, sha256, spec.name);
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
    const before = countRows(db, spec.name);

    let write: TableWrite | undefined;
    let onRows: RowsHandler | undefined;
    const onHeader = (raw: string[], info: SourceInfo): boolean => {
      const binding: HeaderBinding | undefined = bindHeader(run, { present, refs }, { raw, info });
      if (binding === undefined) return false;
      write = new TableWrite(run, binding, reject);
      if (options.rejectFile) reject.open(options.rejectFile, binding.headers);
      onRows = createRowValidator(run, { binding, write, reject, before });
      return true;
    };
    await source.read({ header: onHeader, rows: (batch, bytes, coding) => onRows!(batch, bytes, coding) });
    write?.writer?.flush();
    reject.close();
    report.days = write?.dates.size ?? 0;
    report.lines = write ? [...write.lines].sort() : [];
    report.dataUpTo = write?.dataUpTo ?? null;
    report.problemSummary = run.problemSummary();
    const rejectedFile = run.fileProblem || (run.strict && run.hasProblems);
    if (!run.fileProblem && report.rows - report.skipped === 0) {
      run.problem({
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
    if (rejectedFile || report.written === 0 || write === undefined) {
      report.status = 'rejected';
      report.problemSummary = run.problemSummary();
      db.exec('ROLLBACK');
      inTransaction = false;
      reject.discard();
      report.written = 0;
      return finish(report, started);
    }
    write.complete();
    options.afterStep?.('rows');
    const after = countRows(db, spec.name);
    if (write.rollups) {
      report.rollups = write.rollups.finish({ added: after - before, written: report.written, dates: write.dates });
      options.afterStep?.('rollups');
    }
    if (!dryRun) refreshStatistics(db, spec.name, after);
    report.inserted = Math.max(0, after - before + report.replaced);
    report.updated = Math.max(0, report.written - report.inserted);
    recordImport(db, { report, mapping, fileName, importedAt: options.importedAt });
    if (dryRun) {
      report.status = 'dry-run';
      db.exec('ROLLBACK');
      inTransaction = false;
      reject.discard();
    } else {
      await options.beforeCommit?.(); // the inbox: the file is still what was taken (inbox-take.ts)
      db.exec('COMMIT');
      inTransaction = false;
      if (options.rejectFile) report.rejectFile = reject.keep(options.rejectFile, report.rejected);
    }
    return finish(report, started);
  } finally {
    reject.close();
    if (inTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // the transaction is gone already
      }
      reject.discard();
    }
    db.close();
  }
}

function emptyReport(fields: {
  options: ImportOptions;
  table: string;
  sha256: string;
  readIn: SourceReading['where'];
}): ImportReport {
  return {
    status: 'imported',
    file: fields.options.file,
    table: fields.table,
    sha256: fields.sha256,
    source: undefined,
    dryRun: fields.options.dryRun === true,
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
    readIn: fields.readIn,
  };
}

function tableColumns(db: SqliteDatabase, table: string): Set<string> {
  return new Set((db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map((column) => column.name));
}

function finish(report: ImportReport, started: number): ImportReport {
  // a row that the database refused is reported when its statement ran, after rows read later
  report.problems.sort((a, b) => a.row - b.row);
  report.elapsedMs = Math.round(performance.now() - started);
  report.rowsPerSecond = report.elapsedMs > 0 ? Math.round((report.rows * 1000) / report.elapsedMs) : report.rows;
  return report;
}
