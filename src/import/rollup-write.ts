/**
 * The rollups' part of a quality_data import (table-write.ts): in the import's
 * transaction, after its rows, before the ledger.
 * - rollups missing (a database from before them): created and summed from
 *   all the raw rows;
 * - only new rows (no row updated or deleted, every written row added): the
 *   rows' sums, kept while they were written (RollupSums), added to the
 *   rollups — a few thousand rows written, nothing read back;
 * - else (a corrected batch re-imported, --replace-range, keys merged): the
 *   days touched — the days of the rows written, and the old days of the rows
 *   updated or deleted (trackQualityChanges) — summed again from the raw rows.
 */
import { blankRollupRow, RollupSums, type RollupRow } from '../plant/rollup-sums.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import {
  createRollups,
  rebuildRollups,
  refreshRollupDates,
  trackQualityChanges,
  type ChangeTracker,
} from './rollups.js';

export interface RollupOutcome {
  /** added: the new rows' sums added; recomputed: the days touched summed again; rebuilt: all of them */
  how: 'added' | 'recomputed' | 'rebuilt';
  /** the days whose rollup rows changed */
  days: number;
}

const COLUMNS = [
  'record_date',
  'line_id',
  'shift',
  'product',
  'inspector',
  'inspected_qty',
  'defect_qty',
  'defect_type',
] as const;

export class QualityRollupWrite {
  private readonly sums = new RollupSums();
  private readonly tracker: ChangeTracker;
  private readonly created: string[];
  /** each column's position in a written row's values (defect_type may be absent: -1) */
  private readonly at: Record<(typeof COLUMNS)[number], number>;
  /** every column the sums need is written */
  private readonly summable: boolean;
  private readonly row: RollupRow = blankRollupRow();

  /** `names`: the columns of a written row's values, in order */
  constructor(
    private readonly db: SqliteDatabase,
    names: readonly string[],
  ) {
    this.created = createRollups(db);
    this.tracker = trackQualityChanges(db);
    this.at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as QualityRollupWrite['at'];
    this.summable = COLUMNS.every((column) => column === 'defect_type' || this.at[column] >= 0);
  }

  /** a row written (its values in the order of `names`) */
  add(values: readonly unknown[]): void {
    if (!this.summable) return;
    const { row, at } = this;
    row.record_date = values[at.record_date] as string;
    row.line_id = values[at.line_id] as string;
    row.shift = values[at.shift] as string;
    row.product = values[at.product] as string;
    row.inspector = values[at.inspector] as string;
    row.inspected_qty = values[at.inspected_qty] as number;
    row.defect_qty = values[at.defect_qty] as number;
    row.defect_type = at.defect_type >= 0 ? ((values[at.defect_type] as string | null) ?? null) : null;
    this.sums.add(row);
  }

  /**
   * Every row written, the key merge and --replace-range done: the rollups brought level with the raw rows.
   * `added`: rows the table gained; `written`: rows written (inserted or updated); `dates`: their days.
   */
  finish(counts: { added: number; written: number; dates: Iterable<string> }): RollupOutcome {
    const touched = this.tracker.dates();
    this.tracker.stop();
    if (this.created.length > 0) {
      rebuildRollups(this.db);
      const days = this.db.prepare('SELECT count(DISTINCT record_date) AS n FROM main.quality_daily').get() as {
        n: number;
      };
      return { how: 'rebuilt', days: days.n };
    }
    if (this.summable && touched.length === 0 && counts.added === counts.written) {
      this.sums.writeTo(this.db);
      return { how: 'added', days: this.sums.dates().length };
    }
    return { how: 'recomputed', days: refreshRollupDates(this.db, [...counts.dates, ...touched]) };
  }
}
