/**
 * The write stage of an import: the checked rows into the table, 32 to an INSERT (row-writer.ts), an
 * upsert on the natural key. A file larger than the table is written without the table's indexes, built
 * once at the end inside the same transaction (readers never see the table without them); --replace-range
 * then deletes the rows of the file's dates (and lines) that it does not carry, and the table's statistics
 * are refreshed when its size moved. Keeps the figures the report gives of the rows written (dates, lines,
 * newest timestamp).
 */
import type { SqliteDatabase } from '../store/sqlite.js';
import type { HeaderBinding } from './header.js';
import type { ImportRun } from './import-run.js';
import type { RejectFile } from './reject-file.js';
import { QualityRollupWrite } from './rollup-write.js';
import { createRowWriter, mergeDuplicateKeys, type RowWriter } from './row-writer.js';
import type { Cell } from './values.js';

/** the table's statistics are refreshed when its row count moved by more than this share since they were taken */
const STATISTICS_DRIFT = 0.25;

/** the page cache (KiB) while the dropped indexes are rebuilt at the end of a large import */
const REBUILD_CACHE_KIB = 4096;

/**
 * ANALYZE the table when it has no statistics yet or its size moved by more than STATISTICS_DRIFT: SQLite's
 * planner and the query server's light-query check (mcp-servers/query/light.ts) read sqlite_stat1. A full
 * ANALYZE (no analysis_limit: sampled statistics of an ordered table are far off) reads each index once:
 * ~0.3 s for 1M quality rows, paid by bulk imports, not by the daily files that add a few percent.
 */
export function refreshStatistics(db: SqliteDatabase, table: string, rows: number): void {
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

export function countRows(db: SqliteDatabase, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
}

export class TableWrite {
  /** the row writer, made when the first batch shows how large the file is */
  writer: RowWriter | undefined;
  readonly dates = new Set<string>();
  readonly lines = new Set<string>();
  dataUpTo: string | null = null;
  private droppedIndexes: string[] = [];
  private keyIndexDropped = false;
  private keyInsert: ((values: unknown[]) => void) | undefined;
  /** quality_data's rollups, kept level with the rows (not for a dry run: it is rolled back) */
  readonly rollups: QualityRollupWrite | undefined;

  constructor(
    private readonly run: ImportRun,
    private readonly binding: HeaderBinding,
    private readonly reject: RejectFile,
  ) {
    const { db, options } = run;
    this.rollups =
      run.spec.name === 'quality_data' && options.dryRun !== true
        ? new QualityRollupWrite(db, binding.names)
        : undefined;
    if (options.replaceRange) {
      db.exec('CREATE TEMP TABLE IF NOT EXISTS import_keys (k1, k2)');
      db.exec('DELETE FROM temp.import_keys');
      const keyStatement = db.prepare('INSERT INTO temp.import_keys (k1, k2) VALUES (?, ?)');
      const keys = binding.positions.keys;
      this.keyInsert = (values) => keyStatement.run(values[keys[0]!], keys[1] === undefined ? null : values[keys[1]]);
    }
  }

  /** the first batch: its size tells the file's; the indexes go now when it is larger than the table */
  begin(batch: { rows: number; bytes: number; before: number }): RowWriter {
    if (this.writer) return this.writer;
    this.maybeDropIndexes(batch);
    const { db, spec } = this.run;
    const conflict = this.keyIndexDropped ? undefined : { key: spec.key, updates: this.binding.updates };
    this.writer = createRowWriter({
      db,
      table: spec.name,
      names: this.binding.names,
      conflict,
      written: (values) => this.written(values),
      refused: (values, row, refusal) => this.refused(values, row, refusal),
    });
    return this.writer;
  }

  // a file larger than the table: drop its secondary indexes now and build them once at the
  // end, inside the same transaction (readers never see the table without them)
  private maybeDropIndexes(batch: { rows: number; bytes: number; before: number }): void {
    const { db, spec, report, options } = this.run;
    const size = report.source?.size ?? 0;
    if (batch.rows === 0 || batch.bytes === 0 || size === 0) return;
    const estimate = (size * batch.rows) / batch.bytes;
    if (estimate < (options.bulkRows ?? 100_000) || estimate < batch.before) return;
    const indexes = db
      .prepare(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'",
      )
      .all(spec.name) as Array<{ name: string; sql: string }>;
    for (const index of indexes) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
    this.droppedIndexes = indexes.map((index) => index.sql);
    // the key index too, when a row's key can be told apart without it: rows get rising rowids (no
    // record_id in the file) and every key column is required (no NULL keys); keys the file repeats
    // or the table had are merged at the end as the upsert would have (mergeDuplicateKeys)
    const keyIndexName = spec.keyIndex ? /INDEX IF NOT EXISTS (\w+) ON/.exec(spec.keyIndex)?.[1] : undefined;
    const requiredKeys = spec.key.every((key) => spec.columns.find((column) => column.name === key)?.required);
    if (keyIndexName && requiredKeys && !this.binding.names.includes('record_id')) {
      db.exec(`DROP INDEX "${keyIndexName}"`);
      this.keyIndexDropped = true;
    }
  }

  private written(values: unknown[]): void {
    this.keyInsert?.(values);
    this.rollups?.add(values);
    const { report } = this.run;
    const positions = this.binding.positions;
    report.written += 1;
    if (positions.date >= 0) {
      const full = String(values[positions.date]);
      const date = full.length === 10 ? full : full.slice(0, 10);
      this.dates.add(date);
      if (report.firstDate === null || date < report.firstDate) report.firstDate = date;
      if (report.lastDate === null || date > report.lastDate) report.lastDate = date;
    }
    const line = positions.line >= 0 ? values[positions.line] : undefined;
    if (typeof line === 'string') this.lines.add(line);
    const stamp = positions.stamp >= 0 ? (values[positions.stamp] as string | null) : undefined;
    if (stamp && (this.dataUpTo === null || stamp > this.dataUpTo)) this.dataUpTo = stamp;
  }

  // a row that the database refuses goes to the reject file with its cells
  private refused(values: unknown[], row: number, refusal: { error: Error; cells: unknown }): void {
    const { error, cells } = refusal;
    const run = this.run;
    run.report.rejected += 1;
    run.hasProblems = true;
    const entry = {
      row,
      column: '',
      field: run.spec.key.join(', '),
      value: this.binding.positions.keys
        .map((position) => String(position >= 0 ? values[position] : undefined))
        .join(', '),
      rule: `the database refused the row: ${error.message}`,
      fix: 'check the key columns (a record_id used by another batch?)',
    };
    run.problem(entry);
    this.reject.row(row, cells as Cell[], [entry]);
  }

  /** every row read: the indexes dropped are built again, and --replace-range deletes what the file does not carry */
  complete(): void {
    const { db, spec, report, options } = this.run;
    if (this.keyIndexDropped || this.droppedIndexes.length > 0) {
      // a smaller page cache for the rebuild: SQLite's sorter then writes more, smaller sorted runs, which its
      // threads sort in parallel (measured on 2 cores, 1M rows, 4 indexes: 1.9 s with 32 MiB, 1.35 s with 4 MiB)
      const current = -Number(db.pragma('cache_size', { simple: true }));
      db.pragma(`cache_size = -${Math.min(current > 0 ? current : REBUILD_CACHE_KIB, REBUILD_CACHE_KIB)}`);
    }
    if (this.keyIndexDropped) mergeDuplicateKeys({ db, spec, updates: this.binding.updates });
    for (const sql of this.droppedIndexes) db.exec(sql);
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
  }
}
