/**
 * The rollups of quality_data: per-day sums kept in plant.db beside the raw
 * rows, so that a question over a week, a month or a year reads a few
 * thousand summary rows instead of millions of batches. Each rollup is
 * defined here once, as the GROUP BY over quality_data it must equal:
 *
 *   quality_daily            day × line × shift × product              batches, inspected_qty, defect_qty
 *   quality_daily_inspectors day × line × shift × product × inspector  batches, inspected_qty, defect_qty
 *   quality_daily_defects    day × line × shift × defect_type          batches, defect_qty (rows with defect_qty > 0)
 *
 * The columns keep quality_data's names: SUM(inspected_qty), SUM(defect_qty)
 * give output and defective pieces exactly as on the raw table, and
 * SUM(batches) is the raw COUNT(*). The importer keeps them exact in the
 * same transaction as the rows (src/import/rollup-maintenance.ts), the seeder
 * writes them with the plant, `airgap-agent maintenance` checks them against
 * the raw rows and rebuilds them. A leaf module (no importer code): the query
 * server reads the notes from here.
 */

export interface RollupColumn {
  name: string;
  /** the aggregate over quality_data's rows that gives it */
  raw: string;
  note: string;
}

export interface RollupDefinition {
  name: string;
  /** quality_data's columns a rollup row is keyed by (its grain) */
  keys: readonly string[];
  sums: readonly RollupColumn[];
  /** the raw rows summed (undefined: all of them) */
  rawWhere?: string;
  /** CREATE TABLE (IF NOT EXISTS) and its index */
  ddl: string;
  /** for the model: what a row is and when to query it */
  note: string;
  /** the same, in a few words, for describe_schema's overview */
  use: string;
}

const BATCHES: RollupColumn = {
  name: 'batches',
  raw: 'COUNT(*)',
  note: 'quality_data rows (batches) summed here; SUM(batches) = COUNT(*) on quality_data',
};
const INSPECTED: RollupColumn = {
  name: 'inspected_qty',
  raw: 'SUM(inspected_qty)',
  note: 'pieces inspected; output (产量) = SUM(inspected_qty)',
};
const DEFECTS: RollupColumn = {
  name: 'defect_qty',
  raw: 'SUM(defect_qty)',
  note: 'defective pieces; defect rate = SUM(defect_qty) * 1.0 / SUM(inspected_qty)',
};

export const QUALITY_DAILY: RollupDefinition = {
  name: 'quality_daily',
  keys: ['record_date', 'line_id', 'shift', 'product'],
  sums: [BATCHES, INSPECTED, DEFECTS],
  ddl: `CREATE TABLE IF NOT EXISTS quality_daily (
  record_date    TEXT NOT NULL,
  line_id        TEXT NOT NULL,
  shift          TEXT NOT NULL,
  product        TEXT NOT NULL,
  batches        INTEGER NOT NULL,
  inspected_qty  INTEGER NOT NULL,
  defect_qty     INTEGER NOT NULL,
  PRIMARY KEY (record_date, line_id, shift, product)
) WITHOUT ROWID`,
  note:
    'rollup of quality_data, one row per day × line × shift × product, kept exact by every import: use it for ' +
    'output, defective pieces and defect rate over days, weeks, months or years (per line, shift or product), ' +
    'e.g. SUM(inspected_qty), SUM(defect_qty) … WHERE record_date BETWEEN … GROUP BY line_id; query quality_data ' +
    'only for a batch, an hour (recorded_at) or another column not here',
  use: 'output, defects, defect rate per line, shift or product',
};

export const QUALITY_DAILY_INSPECTORS: RollupDefinition = {
  name: 'quality_daily_inspectors',
  keys: ['record_date', 'line_id', 'shift', 'product', 'inspector'],
  sums: [BATCHES, INSPECTED, DEFECTS],
  ddl: `CREATE TABLE IF NOT EXISTS quality_daily_inspectors (
  record_date    TEXT NOT NULL,
  line_id        TEXT NOT NULL,
  shift          TEXT NOT NULL,
  product        TEXT NOT NULL,
  inspector      TEXT NOT NULL,
  batches        INTEGER NOT NULL,
  inspected_qty  INTEGER NOT NULL,
  defect_qty     INTEGER NOT NULL,
  PRIMARY KEY (record_date, line_id, shift, product, inspector)
) WITHOUT ROWID`,
  note:
    'rollup of quality_data, one row per day × line × shift × product × inspector: use it for figures per ' +
    'inspector (检验员) over any period, and for the list of inspectors and products',
  use: 'figures per inspector (检验员); the list of inspectors',
};

export const QUALITY_DAILY_DEFECTS: RollupDefinition = {
  name: 'quality_daily_defects',
  keys: ['record_date', 'line_id', 'shift', 'defect_type'],
  sums: [
    { ...BATCHES, note: 'quality_data rows with defects of this type' },
    { ...DEFECTS, note: 'defective pieces of this type' },
  ],
  rawWhere: 'defect_qty > 0',
  ddl: `CREATE TABLE IF NOT EXISTS quality_daily_defects (
  record_date    TEXT NOT NULL,
  line_id        TEXT NOT NULL,
  shift          TEXT NOT NULL,
  defect_type    TEXT,
  batches        INTEGER NOT NULL,
  defect_qty     INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS quality_daily_defects_key ON quality_daily_defects(record_date, line_id, shift, defect_type)`,
  note:
    'rollup of quality_data, its rows with defect_qty > 0, one row per day × line × shift × defect_type: use it ' +
    'for defective pieces per defect type (top defect types, 不良类型) over any period; defect_type NULL = ' +
    'defective pieces recorded without a type',
  use: 'defective pieces per defect type (不良类型), e.g. the top defect types',
};

/** Every rollup, the one the others could be summed from first. */
export const ROLLUPS: readonly RollupDefinition[] = [QUALITY_DAILY_INSPECTORS, QUALITY_DAILY, QUALITY_DAILY_DEFECTS];

export const ROLLUP_NAMES: readonly string[] = ROLLUPS.map((rollup) => rollup.name);

/** The DDL of every rollup (IF NOT EXISTS: safe on a database that has them). */
export const ROLLUP_SCHEMA_SQL = ROLLUPS.map((rollup) => `${rollup.ddl};`).join('\n');

/** rollup.column → what the model reads beside the column in describe_schema */
export const ROLLUP_COLUMN_NOTES: Readonly<Record<string, string>> = Object.fromEntries(
  ROLLUPS.flatMap((rollup) => [
    [`${rollup.name}.record_date`, "YYYY-MM-DD; compare as text: record_date BETWEEN '2025-01-06' AND '2025-01-12'"],
    ...rollup.sums.map((sum) => [`${rollup.name}.${sum.name}`, sum.note] as [string, string]),
  ]),
);

/** The rows a rollup must hold, as a SELECT over quality_data (optionally limited by `where`). */
export function rollupFromRawSql(rollup: RollupDefinition, where?: string): string {
  const keys = rollup.keys.join(', ');
  const conditions = [rollup.rawWhere, where].filter((condition) => condition !== undefined);
  return (
    `SELECT ${keys}, ${rollup.sums.map((sum) => `${sum.raw} AS ${sum.name}`).join(', ')} FROM main.quality_data` +
    `${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} GROUP BY ${keys}`
  );
}

/**
 * The rollup a coarser one is summed from, when that one is exact: quality_daily is the per-inspector rows
 * summed over inspectors (one read of quality_data fewer to rebuild or check the rollups).
 */
const SUMMED_FROM: ReadonlyMap<RollupDefinition, RollupDefinition> = new Map([
  [QUALITY_DAILY, QUALITY_DAILY_INSPECTORS],
]);

/**
 * The rows a rollup must hold: from quality_data, or from the finer rollup it is summed from (written or
 * checked first: ROLLUPS lists it first). `where` limits the days.
 */
export function rollupSourceSql(rollup: RollupDefinition, where?: string): string {
  const finer = SUMMED_FROM.get(rollup);
  if (finer === undefined) return rollupFromRawSql(rollup, where);
  const keys = rollup.keys.join(', ');
  const sums = rollup.sums.map((sum) => `SUM(${sum.name}) AS ${sum.name}`).join(', ');
  return `SELECT ${keys}, ${sums} FROM main.${finer.name}${where ? ` WHERE ${where}` : ''} GROUP BY ${keys}`;
}

/** The rollup's rows as stored, in the columns of rollupSourceSql. */
export function rollupStoredSql(rollup: RollupDefinition, where?: string): string {
  const columns = [...rollup.keys, ...rollup.sums.map((sum) => sum.name)].join(', ');
  return `SELECT ${columns} FROM main.${rollup.name}${where ? ` WHERE ${where}` : ''}`;
}

/** INSERT INTO the rollup the rows of rollupSourceSql. */
export function rollupInsertSql(rollup: RollupDefinition, where?: string): string {
  const columns = [...rollup.keys, ...rollup.sums.map((sum) => sum.name)].join(', ');
  return `INSERT INTO main.${rollup.name} (${columns}) ${rollupSourceSql(rollup, where)}`;
}
