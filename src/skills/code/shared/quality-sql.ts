/**
 * The quality skills' SQL over quality figures, in one place: output,
 * defective pieces and batches, and defective pieces per defect type, grouped
 * by what the answer needs and filtered by dates, lines, shift (inspectors,
 * products). Each query is read from the rollups (src/plant/rollups.ts: one
 * row per day × line × shift × product, per inspector, per defect type), which
 * the importer keeps equal to the raw rows — a year reads a few thousand rows,
 * not millions. A plant database without rollups gets the same query on
 * quality_data (the same columns, COUNT(*) for SUM(batches)). What the rollups
 * do not hold (a batch, an hour) stays on quality_data in the skills.
 */
import type { SkillContext } from '../../../skills/types.js';
import { isMissingSchema, queryAll, str, type Row } from './sql.js';

export interface FiguresQuery {
  /** what a row is grouped by: columns, or `expression AS name` */
  keys: readonly string[];
  /** the condition on record_date, line_id, shift, product (and inspector, with `inspectors`) */
  where: string;
  /** ORDER BY; default: the keys' names */
  orderBy?: string;
  /** also the defective pieces of this defect type (an sqlText literal), as type_defective */
  defectType?: string;
  /** the keys or the condition name inspectors: read the per-inspector rollup */
  inspectors?: boolean;
  /** more aggregates that read only the keys' columns (e.g. GROUP_CONCAT(DISTINCT line_id) AS lines) */
  extra?: string;
  purpose: string;
  maxRows?: number;
}

export interface DefectsQuery {
  /** what a row is grouped by besides the defect type: columns, or `expression AS name` */
  keys: readonly string[];
  where: string;
  /** ORDER BY; default: the keys' names, then the defective pieces, most first */
  orderBy?: string;
  purpose: string;
  maxRows?: number;
}

export interface QuerySql {
  /** the query on the rollups */
  rollup: string;
  /** the same question on quality_data (a database without rollups) */
  raw: string;
}

/** `expression AS name` → name; a column → itself */
function nameOf(key: string): string {
  const alias = /\s+AS\s+(\w+)\s*$/i.exec(key);
  return alias ? alias[1]! : key;
}

const SUMS = 'SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective';

/** output (inspected), defective pieces and batches per group: rows with the keys' names and those three */
export function figuresSql(query: Omit<FiguresQuery, 'purpose' | 'maxRows'>): QuerySql {
  const keys = query.keys.join(', ');
  const names = query.keys.map(nameOf).join(', ');
  const order = query.orderBy ?? names;
  const extra = query.extra ? `, ${query.extra}` : '';
  const table = query.inspectors ? 'quality_daily_inspectors' : 'quality_daily';
  const type = query.defectType;
  const raw =
    `SELECT ${keys}, ${SUMS}, COUNT(*) AS batches` +
    (type ? `, SUM(CASE WHEN defect_type = ${type} THEN defect_qty ELSE 0 END) AS type_defective` : '') +
    `${extra} FROM quality_data WHERE ${query.where} GROUP BY ${names} ORDER BY ${order}`;
  if (type === undefined)
    return {
      rollup: `SELECT ${keys}, ${SUMS}, SUM(batches) AS batches${extra} FROM ${table} WHERE ${query.where} GROUP BY ${names} ORDER BY ${order}`,
      raw,
    };
  if (query.extra || query.inspectors)
    throw new Error('figuresSql: a defect type goes with neither extra aggregates nor inspectors');
  // the type's pieces come from the defect-type rollup: both rollups' rows in one list, summed per group
  return {
    rollup:
      `SELECT ${names}, ${SUMS}, SUM(batches) AS batches, SUM(type_qty) AS type_defective FROM (` +
      `SELECT ${keys}, inspected_qty, defect_qty, batches, 0 AS type_qty FROM quality_daily WHERE ${query.where} ` +
      `UNION ALL SELECT ${keys}, 0, 0, 0, defect_qty FROM quality_daily_defects WHERE ${query.where} AND ` +
      `defect_type = ${type}) GROUP BY ${names} ORDER BY ${order}`,
    raw,
  };
}

/** defective pieces per group and defect type ('unclassified' for none recorded): rows with the keys, defect_type, defective */
export function defectsSql(query: Omit<DefectsQuery, 'purpose' | 'maxRows'>): QuerySql {
  const keys = query.keys.join(', ');
  const names = query.keys.map(nameOf).join(', ');
  const order = query.orderBy ?? `${names}, defective DESC`;
  const body = (table: string): string =>
    `SELECT ${keys}, COALESCE(defect_type, 'unclassified') AS defect_type, SUM(defect_qty) AS defective FROM ` +
    `${table} WHERE ${query.where} AND defect_qty > 0 GROUP BY ${names}, COALESCE(defect_type, 'unclassified') ` +
    `ORDER BY ${order}`;
  return { rollup: body('quality_daily_defects'), raw: body('quality_data') };
}

/** Every row of the query on the rollups; on a database without them, of the same query on quality_data. */
export async function queryRollupOrRaw(
  ctx: SkillContext,
  query: { sql: QuerySql; purpose: string; maxRows?: number },
): Promise<{ rows: Row[]; truncated: boolean }> {
  const { sql, ...rest } = query;
  try {
    return await queryAll(ctx, { sql: sql.rollup, ...rest });
  } catch (error) {
    if (!isMissingSchema(error)) throw error;
    return queryAll(ctx, { sql: sql.raw, ...rest });
  }
}

export function queryFigures(ctx: SkillContext, query: FiguresQuery): Promise<{ rows: Row[]; truncated: boolean }> {
  return queryRollupOrRaw(ctx, { sql: figuresSql(query), purpose: query.purpose, maxRows: query.maxRows });
}

export function queryDefects(ctx: SkillContext, query: DefectsQuery): Promise<{ rows: Row[]; truncated: boolean }> {
  return queryRollupOrRaw(ctx, { sql: defectsSql(query), purpose: query.purpose, maxRows: query.maxRows });
}

/** the shifts the inspection data records, as stored */
export async function recordedShifts(ctx: SkillContext): Promise<string[]> {
  const { rows } = await queryRollupOrRaw(ctx, {
    sql: {
      rollup: 'SELECT DISTINCT shift FROM quality_daily ORDER BY shift',
      raw: 'SELECT DISTINCT shift FROM quality_data ORDER BY shift',
    },
    purpose: 'the shifts the inspection data records',
  });
  return rows.map((row) => str(row.shift));
}

/** the defect types the inspection data records with defective pieces, as stored */
export async function recordedDefectTypes(ctx: SkillContext): Promise<string[]> {
  const { rows } = await queryRollupOrRaw(ctx, {
    sql: {
      rollup:
        'SELECT DISTINCT defect_type FROM quality_daily_defects WHERE defect_type IS NOT NULL ORDER BY defect_type',
      raw: 'SELECT DISTINCT defect_type FROM quality_data WHERE defect_type IS NOT NULL ORDER BY defect_type',
    },
    purpose: 'the defect types the inspection data records',
  });
  return rows.map((row) => str(row.defect_type));
}
