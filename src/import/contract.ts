/**
 * What the importer knows of each table of the data contract
 * (src/plant/schema.ts, docs/plant-data.md): column types, required columns,
 * enums, foreign keys, row rules, the natural key that makes a re-import
 * update instead of duplicate, and the date column `--replace-range` and the
 * freshness status read. The DDL stays in src/plant/schema.ts; this adds only
 * what validation needs.
 */

export type ColumnType = 'text' | 'integer' | 'real' | 'date' | 'datetime';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  required: boolean;
  enum?: readonly string[];
  /** a foreign key: the value must exist in that table's key column */
  ref?: { table: string; column: string };
  min?: number;
  pattern?: { regex: RegExp; describe: string; example: string };
  /** an IANA time zone name */
  timezone?: boolean;
  /** only present in the demo schema (ALTER TABLE …): written when the database has it */
  optionalColumn?: boolean;
  /** what the column holds, for messages */
  example: string;
}

export interface RowProblem {
  column: string;
  rule: string;
  fix: string;
}

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  /** natural key: ON CONFLICT target (a PRIMARY KEY or a unique index the importer adds) */
  key: string[];
  /** the unique index the importer adds when the key is not the primary key */
  keyIndex?: string;
  /** date column for --replace-range (and the summary's days) */
  dateColumn?: string;
  /** --replace-range also limits the deletion to these columns' values in the file (e.g. the lines) */
  replaceScope?: string;
  /** checks across columns, on converted values: `check` sees the columns `reads` names (absent ones undefined) */
  rowRules?: { reads: string[]; check: (row: Record<string, unknown>) => RowProblem | undefined };
  /** DDL for a demo extra table, created when a database lacks it */
  createSql?: string;
}

const text = (name: string, example: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name,
  type: 'text',
  required: true,
  example,
  ...extra,
});
const optionalText = (name: string, example: string, extra: Partial<ColumnSpec> = {}): ColumnSpec =>
  text(name, example, { required: false, ...extra });

export const TABLES: Record<string, TableSpec> = {
  production_lines: {
    name: 'production_lines',
    key: ['line_id'],
    columns: [
      text('line_id', 'A'),
      text('name', '产线A'),
      text('name_en', 'Line A'),
      text('product', '车门铰链 HG-220'),
      text('workshop', '一车间'),
      optionalText('product_en', 'Door hinge HG-220', { optionalColumn: true }),
    ],
  },
  quality_data: {
    name: 'quality_data',
    key: ['batch_no'],
    keyIndex: 'CREATE UNIQUE INDEX IF NOT EXISTS import_quality_batch_no ON quality_data(batch_no)',
    dateColumn: 'record_date',
    replaceScope: 'line_id',
    columns: [
      { name: 'record_id', type: 'integer', required: false, min: 1, example: '1024' },
      text('line_id', 'A', { ref: { table: 'production_lines', column: 'line_id' } }),
      { name: 'record_date', type: 'date', required: true, example: '2026-11-26' },
      text('shift', 'day', { enum: ['day', 'night'] }),
      text('batch_no', 'A20261126D001'),
      text('product', '车门铰链 HG-220'),
      { name: 'inspected_qty', type: 'integer', required: true, min: 1, example: '480' },
      { name: 'defect_qty', type: 'integer', required: true, min: 0, example: '6' },
      optionalText('defect_type', 'burr', { ref: { table: 'defect_types', column: 'defect_type' } }),
      text('inspector', '张伟'),
      { name: 'recorded_at', type: 'datetime', required: true, example: '2026-11-26T09:30:00' },
    ],
    rowRules: {
      reads: ['inspected_qty', 'defect_qty'],
      check: (row) => {
        const inspected = row.inspected_qty as number | undefined;
        const defects = row.defect_qty as number | undefined;
        if (inspected !== undefined && defects !== undefined && defects > inspected) {
          return {
            column: 'defect_qty',
            rule: `defect_qty ≤ inspected_qty (${defects} > ${inspected})`,
            fix: 'check both columns: a batch cannot have more defective pieces than inspected ones',
          };
        }
        return undefined;
      },
    },
  },
  equipment: {
    name: 'equipment',
    key: ['equipment_id'],
    columns: [
      text('equipment_id', 'B-PRESS-03'),
      text('line_id', 'B', { ref: { table: 'production_lines', column: 'line_id' } }),
      text('name', '3号冲压机'),
      text('type', 'PRESS'),
      text('status', 'running', { enum: ['running', 'idle', 'maintenance', 'fault'] }),
      { name: 'last_maintenance', type: 'date', required: false, example: '2026-10-01' },
      { name: 'next_maintenance', type: 'date', required: false, example: '2026-12-01' },
      optionalText('name_en', 'Press 3', { optionalColumn: true }),
    ],
  },
  engineers: {
    name: 'engineers',
    key: ['engineer_id'],
    columns: [
      { name: 'engineer_id', type: 'integer', required: true, min: 1, example: '1' },
      text('name', '王磊'),
      text('login', 'wanglei'),
      text('email', 'wanglei@plant.example', {
        pattern: { regex: /^[^\s@]+@[^\s@]+$/, describe: 'an e-mail address', example: 'wanglei@plant.example' },
      }),
      text('country_code', 'CN', {
        pattern: { regex: /^[A-Z]{2}$/, describe: 'an ISO 3166-1 alpha-2 country code', example: 'CN' },
      }),
      text('timezone', 'Asia/Shanghai', { timezone: true }),
    ],
  },
  rotations: {
    name: 'rotations',
    key: ['engineer_id', 'starts_at'],
    keyIndex: 'CREATE UNIQUE INDEX IF NOT EXISTS import_rotations_key ON rotations(engineer_id, starts_at)',
    dateColumn: 'starts_at',
    columns: [
      {
        name: 'engineer_id',
        type: 'integer',
        required: true,
        ref: { table: 'engineers', column: 'engineer_id' },
        example: '1',
      },
      { name: 'starts_at', type: 'datetime', required: true, example: '2026-11-23T00:00:00' },
      { name: 'ends_at', type: 'datetime', required: true, example: '2026-11-30T00:00:00' },
    ],
    rowRules: {
      reads: ['starts_at', 'ends_at'],
      check: (row) => {
        if (typeof row.starts_at === 'string' && typeof row.ends_at === 'string' && row.ends_at <= row.starts_at) {
          return {
            column: 'ends_at',
            rule: `ends_at after starts_at (${row.ends_at} ≤ ${row.starts_at})`,
            fix: 'a rotation ends after it starts: check the two columns are not swapped',
          };
        }
        return undefined;
      },
    },
  },
  work_orders: {
    name: 'work_orders',
    key: ['order_id'],
    dateColumn: 'opened_at',
    columns: [
      { name: 'order_id', type: 'integer', required: true, min: 1, example: '5001' },
      optionalText('equipment_id', 'B-PRESS-03', { ref: { table: 'equipment', column: 'equipment_id' } }),
      text('line_id', 'B', { ref: { table: 'production_lines', column: 'line_id' } }),
      text('priority', 'P1', { enum: ['P0', 'P1', 'P2', 'P3'] }),
      text('status', 'closed', { enum: ['open', 'closed'] }),
      text('title', 'B-PRESS-03 冲压机异常振动'),
      text('symptom', '冲压机异常振动'),
      optionalText('root_cause', '地脚螺栓松动'),
      optionalText('resolution', '紧固地脚螺栓'),
      {
        name: 'assignee_id',
        type: 'integer',
        required: false,
        ref: { table: 'engineers', column: 'engineer_id' },
        example: '1',
      },
      { name: 'opened_at', type: 'datetime', required: true, example: '2026-11-24T10:15:00' },
      { name: 'closed_at', type: 'datetime', required: false, example: '2026-11-24T13:40:00' },
    ],
    rowRules: {
      reads: ['opened_at', 'closed_at', 'status'],
      check: (row) => {
        if (typeof row.closed_at === 'string' && typeof row.opened_at === 'string' && row.closed_at < row.opened_at) {
          return {
            column: 'closed_at',
            rule: `closed_at not before opened_at (${row.closed_at} < ${row.opened_at})`,
            fix: 'check the two timestamps (swapped columns, or a date format read the wrong way round)',
          };
        }
        if (row.status === 'closed' && (row.closed_at === null || row.closed_at === undefined)) {
          return {
            column: 'closed_at',
            rule: 'a closed order has closed_at',
            fix: 'give the closing time, or set status to open',
          };
        }
        return undefined;
      },
    },
  },
  defect_types: {
    name: 'defect_types',
    key: ['defect_type'],
    createSql:
      'CREATE TABLE IF NOT EXISTS defect_types (defect_type TEXT PRIMARY KEY, name_zh TEXT NOT NULL, name_en TEXT NOT NULL)',
    columns: [text('defect_type', 'burr'), text('name_zh', '毛刺'), text('name_en', 'Burr')],
  },
  equipment_types: {
    name: 'equipment_types',
    key: ['type'],
    createSql:
      'CREATE TABLE IF NOT EXISTS equipment_types (type TEXT PRIMARY KEY, name_zh TEXT NOT NULL, name_en TEXT NOT NULL)',
    columns: [text('type', 'PRESS'), text('name_zh', '冲压机'), text('name_en', 'Press')],
  },
  quality_incidents: {
    name: 'quality_incidents',
    key: ['incident_date', 'line_id'],
    dateColumn: 'incident_date',
    createSql:
      'CREATE TABLE IF NOT EXISTS quality_incidents (incident_date TEXT NOT NULL, line_id TEXT NOT ' +
      'NULL REFERENCES production_lines(line_id), defect_type TEXT NOT NULL REFERENCES ' +
      'defect_types(defect_type), factor REAL NOT NULL, equipment_id TEXT REFERENCES ' +
      'equipment(equipment_id), order_id INTEGER REFERENCES work_orders(order_id), PRIMARY KEY ' +
      '(incident_date, line_id))',
    columns: [
      { name: 'incident_date', type: 'date', required: true, example: '2026-11-17' },
      text('line_id', 'B', { ref: { table: 'production_lines', column: 'line_id' } }),
      text('defect_type', 'crack', { ref: { table: 'defect_types', column: 'defect_type' } }),
      { name: 'factor', type: 'real', required: true, example: '3.5' },
      optionalText('equipment_id', 'B-PRESS-03', { ref: { table: 'equipment', column: 'equipment_id' } }),
      {
        name: 'order_id',
        type: 'integer',
        required: false,
        ref: { table: 'work_orders', column: 'order_id' },
        example: '5001',
      },
    ],
  },
};

export const TABLE_NAMES = Object.keys(TABLES);

export function tableSpec(name: string): TableSpec | undefined {
  return Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
}
