/**
 * The references an import checks itself: the keys of the tables a column refers to (production_lines,
 * defect_types), and whether SQLite's own foreign-key enforcement may be off while it writes.
 */
import type { SqliteDatabase } from '../store/sqlite.js';
import type { TableSpec } from './contract.js';

/** Keys of a referenced table, loaded once (small tables). undefined = do not check. */
export function loadRefs(db: SqliteDatabase, spec: TableSpec): Map<string, Set<string> | undefined> {
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
