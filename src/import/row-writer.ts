/**
 * The importer's insert path: rows are queued into one flat array and
 * written ROWS_PER_STATEMENT at a time by one multi-row INSERT (one call into
 * SQLite instead of one per row; the queue spans the source's batches), the
 * last few rows of the file row by row. A multi-row statement that fails
 * changes nothing (SQLite rolls the statement back), so its rows are written
 * again one by one: each refused row is then reported by itself, exactly as
 * when every row had its own statement.
 */
import type { SqliteDatabase, SqliteStatement } from '../store/sqlite.js';
import type { TableSpec } from './contract.js';

export const ROWS_PER_STATEMENT = 32;

export interface RowWriterOptions {
  db: SqliteDatabase;
  table: string;
  /** the contract columns written, in the order of each row's values */
  names: string[];
  /** the upsert's conflict target; undefined = a plain INSERT (no key index while the file is written) */
  conflict?: { key: string[]; updates: string[] } | undefined;
  /** a row written: `values` is a view that the next row overwrites */
  written(values: unknown[], row: number): void;
  /** a row refused, with the source cells it was pushed with */
  refused(values: unknown[], row: number, refusal: { error: Error; cells: unknown }): void;
}

export interface RowWriter {
  /** queue one row (its values are copied, its source cells kept for a refusal); a full queue is written at once */
  push(values: readonly unknown[], row: number, cells?: unknown): void;
  /** write what is queued */
  flush(): void;
}

export function insertSql(options: Pick<RowWriterOptions, 'table' | 'names' | 'conflict'>, rows: number): string {
  const { table, names, conflict } = options;
  const tuple = `(${names.map(() => '?').join(', ')})`;
  const values = Array.from({ length: rows }, () => tuple).join(', ');
  const head = `INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(', ')}) VALUES ${values}`;
  if (!conflict) return head;
  const target = conflict.key.map((name) => `"${name}"`).join(', ');
  return conflict.updates.length > 0
    ? `${head} ON CONFLICT (${target}) DO UPDATE SET ${conflict.updates.map((name) => `"${name}" = excluded."${name}"`).join(', ')}`
    : `${head} ON CONFLICT (${target}) DO NOTHING`;
}

export function createRowWriter(options: RowWriterOptions): RowWriter {
  const width = options.names.length;
  const single: SqliteStatement = options.db.prepare(insertSql(options, 1));
  let many: SqliteStatement | undefined;
  const flat: unknown[] = new Array(width * ROWS_PER_STATEMENT);
  const rows: number[] = new Array(ROWS_PER_STATEMENT);
  const sources: unknown[] = new Array(ROWS_PER_STATEMENT);
  const view: unknown[] = new Array(width);
  let queued = 0;

  const rowView = (position: number): unknown[] => {
    const offset = position * width;
    for (let column = 0; column < width; column++) view[column] = flat[offset + column];
    return view;
  };
  const oneByOne = (): void => {
    for (let position = 0; position < queued; position++) {
      const values = rowView(position);
      try {
        single.run(values);
      } catch (error) {
        options.refused(values, rows[position]!, { error: error as Error, cells: sources[position] });
        continue;
      }
      options.written(values, rows[position]!);
    }
  };
  const flush = (): void => {
    if (queued === 0) return;
    if (queued === ROWS_PER_STATEMENT) {
      many ??= options.db.prepare(insertSql(options, ROWS_PER_STATEMENT));
      let ok = true;
      try {
        many.run(flat);
      } catch {
        ok = false; // nothing of the statement was written: find the refused rows one by one
      }
      if (ok) for (let position = 0; position < queued; position++) options.written(rowView(position), rows[position]!);
      else oneByOne();
    } else oneByOne();
    queued = 0;
    sources.fill(undefined);
  };
  return {
    push(values, row, cells) {
      const offset = queued * width;
      for (let column = 0; column < width; column++) flat[offset + column] = values[column];
      rows[queued] = row;
      sources[queued] = cells;
      queued += 1;
      if (queued === ROWS_PER_STATEMENT) flush();
    },
    flush,
  };
}

/**
 * The key index of a table written without it (a file larger than the table), built again. Keys
 * that the file repeats or that the table had are merged first as the upsert would have merged
 * them: the first row of a key (the table's, else the file's first) keeps its rowid and takes the
 * written columns of the key's last row; the others go. Rows were written in file order with rising
 * rowids, so the first row of a key is its lowest rowid and the last its highest.
 */
export function mergeDuplicateKeys(options: { db: SqliteDatabase; spec: TableSpec; updates: string[] }): number {
  const { db, spec, updates } = options;
  const keyIndex = spec.keyIndex!;
  try {
    db.exec(keyIndex);
    return 0; // no key twice: the common case, one sort
  } catch (error) {
    if (!/UNIQUE constraint failed/i.test((error as Error).message)) throw error;
  }
  const table = `"${spec.name}"`;
  const keys = spec.key.map((key) => `"${key}"`).join(', ');
  db.exec(`CREATE INDEX import_merge_key ON ${table} (${keys})`);
  db.exec('DROP TABLE IF EXISTS temp.import_duplicates');
  db.exec(
    `CREATE TEMP TABLE import_duplicates AS SELECT ${keys}, min(rowid) AS keep, max(rowid) AS last FROM ${table} ` +
      `GROUP BY ${keys} HAVING count(*) > 1`,
  );
  if (updates.length > 0) {
    const columns = updates.map((name) => `"${name}"`).join(', ');
    db.exec(
      `UPDATE ${table} SET (${columns}) = (SELECT ${columns} FROM ${table} AS last_row WHERE last_row.rowid = ` +
        `duplicate.last) FROM temp.import_duplicates AS duplicate WHERE ${table}.rowid = duplicate.keep`,
    );
  }
  const merged = db
    .prepare(
      `DELETE FROM ${table} WHERE (${keys}) IN (SELECT ${keys} FROM temp.import_duplicates) ` +
        'AND rowid NOT IN (SELECT keep FROM temp.import_duplicates)',
    )
    .run().changes;
  db.exec('DROP TABLE temp.import_duplicates');
  db.exec('DROP INDEX import_merge_key');
  db.exec(keyIndex);
  return merged;
}
