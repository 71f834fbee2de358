/**
 * The rollups' sums of rows as they are written (src/plant/rollups.ts): the
 * seeder adds every row it generates, the importer every row it appends, and
 * the sums are then added to the rollup tables in the same transaction — a
 * few thousand rows written instead of a GROUP BY over millions read back.
 * Only for rows that are new: a row that replaces or updates another changes
 * sums this cannot see (the importer recomputes those days from the raw rows).
 */
import type { SqliteDatabase } from '../store/sqlite.js';
import { QUALITY_DAILY, QUALITY_DAILY_DEFECTS, QUALITY_DAILY_INSPECTORS, type RollupDefinition } from './rollups.js';

/** One quality_data row, as far as the rollups read it (the caller may reuse one object for every row). */
export interface RollupRow {
  record_date: string;
  line_id: string;
  shift: string;
  product: string;
  inspector: string;
  inspected_qty: number;
  defect_qty: number;
  defect_type: string | null;
}

/** A row to fill field by field and hand to `RollupSums.add` (reused for every row: no allocation per row). */
export function blankRollupRow(): RollupRow {
  return {
    record_date: '',
    line_id: '',
    shift: '',
    product: '',
    inspector: '',
    inspected_qty: 0,
    defect_qty: 0,
    defect_type: null,
  };
}

interface Sums {
  batches: number;
  inspected: number;
  defects: number;
}

/** one day × line × shift × product, with its inspectors and defect types */
interface Slot extends Sums {
  date: string;
  line: string;
  shift: string;
  product: string;
  inspectors: Map<string, Sums>;
  types: Map<string | null, Sums>;
}

export class RollupSums {
  /** rows added */
  rows = 0;
  /** day → line → shift → product → slot */
  private readonly days: Nest<Nest<Nest<Map<string, Slot>>>> = new Map();
  /** the slot of the row before: the seeder writes a slot's rows one after the other */
  private last: Slot | undefined;

  add(row: RollupRow): void {
    let slot = this.last;
    if (
      slot === undefined ||
      slot.date !== row.record_date ||
      slot.line !== row.line_id ||
      slot.shift !== row.shift ||
      slot.product !== row.product
    )
      slot = this.last = this.slotOf(row);
    this.rows += 1;
    slot.batches += 1;
    slot.inspected += row.inspected_qty;
    slot.defects += row.defect_qty;
    let person = slot.inspectors.get(row.inspector);
    if (person === undefined) slot.inspectors.set(row.inspector, (person = { batches: 0, inspected: 0, defects: 0 }));
    person.batches += 1;
    person.inspected += row.inspected_qty;
    person.defects += row.defect_qty;
    if (row.defect_qty > 0) {
      let type = slot.types.get(row.defect_type);
      if (type === undefined) slot.types.set(row.defect_type, (type = { batches: 0, inspected: 0, defects: 0 }));
      type.batches += 1;
      type.defects += row.defect_qty;
    }
  }

  private slotOf(row: RollupRow): Slot {
    const lines = child(this.days, row.record_date);
    const shifts = child(lines, row.line_id);
    const products = child(shifts, row.shift);
    let slot = products.get(row.product);
    if (slot === undefined) {
      slot = {
        date: row.record_date,
        line: row.line_id,
        shift: row.shift,
        product: row.product,
        batches: 0,
        inspected: 0,
        defects: 0,
        inspectors: new Map(),
        types: new Map(),
      };
      products.set(row.product, slot);
    }
    return slot;
  }

  /** the days of the rows added */
  dates(): string[] {
    return [...this.days.keys()];
  }

  /**
   * Add the sums to the rollup tables (inside the caller's transaction). `fresh`: the tables are empty (the
   * seeder), so every row is inserted without looking for one to add to.
   */
  writeTo(db: SqliteDatabase, options: { fresh?: boolean } = {}): void {
    const daily = adder(db, QUALITY_DAILY, options.fresh === true);
    const inspectors = adder(db, QUALITY_DAILY_INSPECTORS, options.fresh === true);
    const defects = adder(db, QUALITY_DAILY_DEFECTS, options.fresh === true);
    for (const [date, lines] of this.days) {
      // defect types over the day's products: the defects rollup has no product
      const types = new Map<string, { key: unknown[]; sums: Sums }>();
      for (const slot of slotsOf(lines)) {
        daily([date, slot.line, slot.shift, slot.product], slot);
        for (const [inspector, sums] of slot.inspectors)
          inspectors([date, slot.line, slot.shift, slot.product, inspector], sums);
        for (const [type, sums] of slot.types) {
          const name = JSON.stringify([slot.line, slot.shift, type]);
          const entry = types.get(name);
          if (entry === undefined)
            types.set(name, { key: [date, slot.line, slot.shift, type], sums: { ...sums, inspected: 0 } });
          else {
            entry.sums.batches += sums.batches;
            entry.sums.defects += sums.defects;
          }
        }
      }
      for (const { key, sums } of types.values()) defects(key, sums);
    }
  }
}

type Nest<T> = Map<string, T>;

function child<T>(map: Nest<Map<string, T>>, key: string): Map<string, T> {
  let found = map.get(key);
  if (found === undefined) map.set(key, (found = new Map()));
  return found;
}

function* slotsOf(lines: Nest<Nest<Map<string, Slot>>>): Generator<Slot> {
  for (const shifts of lines.values()) for (const products of shifts.values()) yield* products.values();
}

/** Adds one rollup row's sums: to the row of the same key when there is one, else as a new row. */
function adder(db: SqliteDatabase, rollup: RollupDefinition, fresh: boolean): (key: unknown[], sums: Sums) => void {
  const names = rollup.sums.map((sum) => sum.name);
  const columns = [...rollup.keys, ...names];
  const insert = db.prepare(
    `INSERT INTO main.${rollup.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  // `IS ?`: a NULL key (defect_type) matches the NULL key
  const update = fresh
    ? undefined
    : db.prepare(
        `UPDATE main.${rollup.name} SET ${names.map((name) => `${name} = ${name} + ?`).join(', ')} WHERE ` +
          rollup.keys.map((key) => `${key} IS ?`).join(' AND '),
      );
  const valuesOf = (sums: Sums): number[] =>
    names.map((name) => (name === 'batches' ? sums.batches : name === 'inspected_qty' ? sums.inspected : sums.defects));
  return (key, sums) => {
    const values = valuesOf(sums);
    if (update !== undefined && update.run(...values, ...key).changes > 0) return;
    insert.run(...key, ...values);
  };
}
