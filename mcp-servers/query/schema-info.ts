/**
 * describe_schema: what a model needs to write correct SQL against ANY plant
 * database — discovered from sqlite_schema and PRAGMA table_info/index_list,
 * plus row counts, notes on the contract's value domains and the metric
 * definitions (src/plant/schema.ts).
 */
import { METRIC_DEFINITIONS } from '../../src/plant/schema.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';

export interface ColumnInfo {
  name: string;
  type: string;
  not_null: boolean;
  primary_key: boolean;
  note?: string | undefined;
}

export interface TableInfo {
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  indexes: Array<{ name: string; columns: string[]; unique: boolean }>;
  row_count: number | null;
  /** what the table is for, when the name does not say it (the archive) */
  note?: string | undefined;
}

export interface SchemaInfo {
  tables: TableInfo[];
  metric_definitions: string[];
}

/** Value domains from the plant-data contract, shown beside the columns. */
const COLUMN_NOTES: Record<string, string> = {
  'production_lines.line_id': "'A', 'B', 'C', 'D'",
  'production_lines.name': "Chinese name, e.g. '产线A'",
  'production_lines.name_en': "e.g. 'Line A'",
  'quality_data.record_date':
    "YYYY-MM-DD (plant local date); compare as text: record_date BETWEEN '2025-01-06' AND '2025-01-12'",
  'quality_data.shift': "'day' | 'night'",
  'quality_data.inspected_qty': 'pieces inspected in the batch; output (产量) = SUM(inspected_qty)',
  'quality_data.defect_qty': 'defective pieces; defect rate = SUM(defect_qty) * 1.0 / SUM(inspected_qty)',
  'quality_data.defect_type': 'NULL when defect_qty = 0',
  'quality_data.recorded_at': 'ISO 8601 local time',
  'equipment.status': "'running' | 'idle' | 'maintenance' | 'fault'",
  'engineers.country_code': 'ISO 3166-1 alpha-2: CN, US, IT, IN, DE, JP',
  'engineers.timezone': 'IANA time zone name',
  'rotations.starts_at': 'ISO 8601 local time; on call while starts_at <= now < ends_at',
  'work_orders.priority': "'P0' | 'P1' | 'P2' | 'P3'",
  'work_orders.status': "'open' | 'closed'",
  'work_orders.root_cause': 'filled when closed',
  'work_orders.resolution': 'filled when closed',
};

const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Read the whole schema (row counts included; cache the result per database version). */
export function readSchema(db: SqliteDatabase): SchemaInfo {
  const objects = db
    .prepare(
      "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all() as Array<{ name: string; type: 'table' | 'view' }>;
  const tables = objects.map(({ name, type }): TableInfo => {
    const columns = (
      db.pragma(`table_info(${quoteName(name)})`) as Array<{ name: string; type: string; notnull: number; pk: number }>
    ).map((column) => ({
      name: column.name,
      type: column.type || 'ANY',
      not_null: column.notnull === 1,
      primary_key: column.pk > 0,
      note: COLUMN_NOTES[`${name}.${column.name}`],
    }));
    const indexes = (db.pragma(`index_list(${quoteName(name)})`) as Array<{ name: string; unique: number }>).map(
      (index) => ({
        name: index.name,
        unique: index.unique === 1,
        columns: (db.pragma(`index_info(${quoteName(index.name)})`) as Array<{ name: string | null }>).map(
          (column) => column.name ?? '(expression)',
        ),
      }),
    );
    const row_count =
      type === 'table' ? (db.prepare(`SELECT count(*) AS n FROM ${quoteName(name)}`).get() as { n: number }).n : null;
    return { name, kind: type, columns, indexes, row_count };
  });
  const archive = readArchive(db);
  if (archive) tables.push(archive);
  return { tables, metric_definitions: [...METRIC_DEFINITIONS] };
}

/** archive.quality_data (plant-archive.db, attached read-only as `archive`), when there is one. */
function readArchive(db: SqliteDatabase): TableInfo | undefined {
  const attached = (db.pragma('database_list') as Array<{ name: string }>).some((entry) => entry.name === 'archive');
  if (!attached) return undefined;
  try {
    const columns = (
      db.pragma('archive.table_info(quality_data)') as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>
    ).map((column) => ({
      name: column.name,
      type: column.type || 'ANY',
      not_null: column.notnull === 1,
      primary_key: column.pk > 0,
      note: COLUMN_NOTES[`quality_data.${column.name}`],
    }));
    if (columns.length === 0) return undefined;
    const indexes = (db.pragma('archive.index_list(quality_data)') as Array<{ name: string; unique: number }>).map(
      (index) => ({
        name: index.name,
        unique: index.unique === 1,
        columns: (db.pragma(`archive.index_info(${quoteName(index.name)})`) as Array<{ name: string | null }>).map(
          (column) => column.name ?? '(expression)',
        ),
      }),
    );
    const span = db
      .prepare('SELECT count(*) AS n, min(record_date) AS first, max(record_date) AS last FROM archive.quality_data')
      .get() as { n: number; first: string | null; last: string | null };
    return {
      name: 'archive.quality_data',
      kind: 'table',
      columns,
      indexes,
      row_count: span.n,
      note:
        `older quality rows moved out of quality_data (same ` +
        `columns${span.first ? `, record_date ${span.first} … ${span.last}` : ''}); query it only for ` +
        `periods before quality_data's oldest record_date, or UNION ALL both`,
    };
  } catch {
    return undefined;
  }
}

/** The text a model reads. */
export function renderSchema(schema: SchemaInfo, only?: TableInfo): string {
  const lines: string[] = [];
  for (const table of only ? [only] : schema.tables) {
    const count = table.row_count === null ? '' : `, ${table.row_count} rows`;
    lines.push(`${table.kind === 'view' ? 'VIEW' : 'TABLE'} ${table.name}${count}`);
    if (table.note) lines.push(`  -- ${table.note}`);
    for (const column of table.columns) {
      const flags = [column.primary_key ? 'PRIMARY KEY' : '', column.not_null && !column.primary_key ? 'NOT NULL' : '']
        .filter(Boolean)
        .join(' ');
      lines.push(
        `  ${column.name} ${column.type}${flags ? ` ${flags}` : ''}${column.note ? `  -- ${column.note}` : ''}`,
      );
    }
    for (const index of table.indexes) {
      lines.push(`  INDEX ${index.name}${index.unique ? ' (unique)' : ''} ON (${index.columns.join(', ')})`);
    }
    lines.push('');
  }
  lines.push('Metric definitions / 指标定义:');
  for (const definition of schema.metric_definitions) lines.push(`- ${definition}`);
  lines.push(
    '',
    'Filter on indexed columns (e.g. quality_data line_id + record_date) for fast answers; every query needs LIMIT n (n <= the row cap).',
  );
  return lines.join('\n');
}
