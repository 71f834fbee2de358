/**
 * describe_schema: what a model needs to write correct SQL against ANY plant
 * database — discovered from sqlite_schema and PRAGMA table_info/index_list,
 * plus row counts, notes on the contract's value domains and the metric
 * definitions (src/plant/schema.ts).
 */
import { METRIC_DEFINITIONS } from '../../src/plant/schema.js';
import { ROLLUP_COLUMN_NOTES, ROLLUPS } from '../../src/plant/rollups.js';
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
  /** what the table is for, when the name does not say it (the archive, the rollups) */
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
  ...ROLLUP_COLUMN_NOTES,
};

/** the rollups of quality_data (src/plant/rollups.ts): what a row is and when to query one */
const TABLE_NOTES: Record<string, string> = Object.fromEntries(ROLLUPS.map((rollup) => [rollup.name, rollup.note]));

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
    return { name, kind: type, columns, indexes, row_count, note: TABLE_NOTES[name] };
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

/** What each of the plant's tables is for, in one line (the overview names the others by their columns only). */
const TABLE_SUMMARIES: Record<string, string> = {
  quality_data: 'one row per inspected batch (line, date, shift, product, inspector, pieces inspected and defective)',
  'archive.quality_data': "older quality_data rows, same columns; only for periods before quality_data's oldest day",
  production_lines: 'the lines A–D: Chinese and English name, product, workshop',
  equipment: 'the machines of each line: type, status, last and next maintenance',
  engineers: 'maintenance engineers (name, login, e-mail, country, time zone); work_orders.assignee_id = engineer_id',
  rotations: 'on-call rotations: which engineer is on call from starts_at to ends_at',
  work_orders: 'maintenance work orders (工单) per machine and line: priority, status, symptom, root cause, resolution',
  defect_types: 'defect type codes with their Chinese and English names',
  equipment_types: 'equipment type codes with their Chinese and English names',
  quality_incidents: 'days a line had a defect spike: defect type, factor, the machine and work order behind it',
  seed_info: 'how the demo data was generated (key/value)',
};

/** Short value domains shown beside a column in the overview. */
const OVERVIEW_DOMAINS: Record<string, string> = {
  'quality_data.shift': "'day'|'night'",
  'equipment.status': "'running'|'idle'|'maintenance'|'fault'",
  'work_orders.priority': "'P0'..'P3'",
  'work_orders.status': "'open'|'closed'",
};

/**
 * The answer to describe_schema without a table: every table and view in a line or two — name, rows, what it is
 * for, its columns (names only) — and the rollups with when to use them, short enough that a model reads all of
 * it (a tool result is cut at 4000 characters; the full listing was cut where quality_data began and work_orders
 * was never seen). describe_schema(table) gives one table's types, value domains and indexes.
 */
export function renderOverview(schema: SchemaInfo): string {
  const lines: string[] = [
    `Plant database: ${schema.tables.length} tables and views (an overview). For a table's column types, ` +
      'value domains and indexes call describe_schema(table), e.g. {"table": "work_orders"}.',
    '',
  ];
  const rollups = new Set(ROLLUPS.map((rollup) => rollup.name));
  for (const table of schema.tables) {
    if (rollups.has(table.name)) continue;
    const count = table.row_count === null ? '' : `, ${table.row_count} rows`;
    const summary = TABLE_SUMMARIES[table.name];
    const columns = table.columns
      .map((column) => {
        const domain = OVERVIEW_DOMAINS[`${table.name.replace(/^archive\./, '')}.${column.name}`];
        return domain ? `${column.name} ${domain}` : column.name;
      })
      .join(', ');
    lines.push(
      `${table.kind === 'view' ? 'VIEW ' : ''}${table.name}${count}${summary ? ` — ${summary}` : ''}`,
      `  columns: ${columns}`,
    );
  }
  const present = ROLLUPS.filter((rollup) => schema.tables.some((table) => table.name === rollup.name));
  if (present.length > 0) {
    lines.push(
      '',
      'Rollups of quality_data (exact, kept up to date by every import; same column names, ' +
        'SUM(inspected_qty), SUM(defect_qty), SUM(batches) = batch count). Use them for any figure over days, ' +
        'weeks, months or years; quality_data only for a batch, an hour (recorded_at) or a column they lack:',
    );
    for (const rollup of present) {
      const table = schema.tables.find((candidate) => candidate.name === rollup.name)!;
      const count = table.row_count === null ? '' : ` (${table.row_count} rows)`;
      lines.push(
        `- ${rollup.name}${count}: ${rollup.keys.join(' × ')} → ${rollup.sums.map((sum) => sum.name).join(', ')}; ${rollup.use}`,
      );
    }
  }
  lines.push('', 'Metric definitions / 指标定义:');
  for (const definition of schema.metric_definitions) lines.push(`- ${definition}`);
  lines.push(
    '',
    'Every query needs a WHERE on indexed columns (quality_data: line_id + record_date) and LIMIT n. ' +
      'describe_schema(table) for the columns of any table above.',
  );
  return lines.join('\n');
}

/** The text a model reads: one table in full, or (without one) every table in full — see renderOverview. */
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
    ...(schema.tables.some((table) => table.name === 'quality_daily')
      ? [
          'Figures over days, weeks, months or years (output, defects, defect rate, defect types, per inspector): ' +
            'query the rollups quality_daily, quality_daily_defects, quality_daily_inspectors (exact, a few ' +
            'thousand rows) with SUM(inspected_qty), SUM(defect_qty), SUM(batches); quality_data for a batch or an hour.',
        ]
      : []),
  );
  return lines.join('\n');
}
