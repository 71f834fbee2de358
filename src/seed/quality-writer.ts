/**
 * The seeder's writer of quality_data: rows queued into one flat array and
 * written ROWS_PER_STATEMENT at a time by one multi-row INSERT (one call into
 * SQLite instead of one per row: the seeder's largest cost at 10 million
 * rows), the last few one by one. Rows keep the order they are pushed in, so
 * record_id and the table's content are the same as row by row.
 */
import type { SqliteDatabase, SqliteStatement } from '../store/sqlite.js';
import type { QualityRow } from './quality.js';

const ROWS_PER_STATEMENT = 50;
const COLUMNS =
  'line_id, record_date, shift, batch_no, product, inspected_qty, defect_qty, defect_type, inspector, recorded_at';
const WIDTH = 10;

export interface QualityWriter {
  push(row: QualityRow): void;
  /** write what is queued */
  flush(): void;
}

export function createQualityWriter(db: SqliteDatabase): QualityWriter {
  const tuple = `(${Array.from({ length: WIDTH }, () => '?').join(', ')})`;
  const many: SqliteStatement = db.prepare(
    `INSERT INTO quality_data (${COLUMNS}) VALUES ${Array.from({ length: ROWS_PER_STATEMENT }, () => tuple).join(', ')}`,
  );
  const one: SqliteStatement = db.prepare(`INSERT INTO quality_data (${COLUMNS}) VALUES ${tuple}`);
  const flat: unknown[] = new Array(WIDTH * ROWS_PER_STATEMENT);
  let queued = 0;
  return {
    push(row) {
      const offset = queued * WIDTH;
      for (let column = 0; column < WIDTH; column++) flat[offset + column] = row[column];
      queued += 1;
      if (queued === ROWS_PER_STATEMENT) {
        many.run(flat);
        queued = 0;
      }
    },
    flush() {
      for (let row = 0; row < queued; row++) one.run(flat.slice(row * WIDTH, (row + 1) * WIDTH));
      queued = 0;
    },
  };
}
