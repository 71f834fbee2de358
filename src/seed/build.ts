/**
 * seedPlant: builds plant.db to the contract (src/plant/schema.ts) plus the
 * demo additions, in a temp file next to the target that is renamed into
 * place only when complete (no half-written database, ever). One
 * transaction, prepared statements, journal and sync off while building,
 * indexes after the inserts, ANALYZE, then a plain rollback-journal file.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import { addDays } from '../clock.js';
import { PLANT_DEMO_SCHEMA_SQL, PLANT_SCHEMA_SQL } from '../plant/schema.js';
import { blankRollupRow, RollupSums, type RollupRow } from '../plant/rollup-sums.js';
import { ROLLUP_NAMES, ROLLUP_SCHEMA_SQL } from '../plant/rollups.js';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { DEFECT_TYPES, ENGINEERS, EQUIPMENT, EQUIPMENT_TYPES, LINES } from './catalog.js';
import { checkDocumentTargets, HANDOVER_DAYS, planDocuments, writeDocuments } from './documents.js';
import { resolveSeedOptions, type ResolvedSeedOptions, type SeedOptions } from './options.js';
import { planRotations } from './people.js';
import { generateQuality, planIncidents, windowStart, type QualityRow } from './quality.js';
import { generateWorkOrders } from './work-orders.js';
import { createQualityWriter } from './quality-writer.js';

export const GENERATOR = 'airgap-agent demo plant v1';

export interface SeedSummary {
  db: string;
  docsDir: string | undefined;
  seed: number;
  today: string;
  /** the 400-day window of quality_data: first and last day */
  from: string;
  to: string;
  /** rows per table */
  tables: Record<string, number>;
  /** document paths relative to docsDir */
  documents: string[];
  gbkDocuments: string[];
  bytes: number;
  elapsedMs: number;
}

/** The contract DDL split into table statements (run first) and index statements (run after the inserts). */
export function splitSchema(sql: string): { tables: string[]; indexes: string[] } {
  const statements = sql
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  const isIndex = (statement: string): boolean => /^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(statement);
  return { tables: statements.filter((statement) => !isIndex(statement)), indexes: statements.filter(isIndex) };
}

function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

function fill(db: SqliteDatabase, options: ResolvedSeedOptions) {
  const { seed, today, rows } = options;
  const incidents = planIncidents(seed, today);
  const { orders, incidentOrders } = generateWorkOrders({ seed, today, incidents });

  const insertLine = db.prepare(
    'INSERT INTO production_lines (line_id, name, name_en, product, workshop, product_en) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const line of LINES)
    insertLine.run(line.line_id, line.name, line.name_en, line.product, line.workshop, line.product_en);
  const insertDefectType = db.prepare('INSERT INTO defect_types (defect_type, name_zh, name_en) VALUES (?, ?, ?)');
  for (const type of DEFECT_TYPES) insertDefectType.run(type.defect_type, type.name_zh, type.name_en);
  const insertEquipmentType = db.prepare('INSERT INTO equipment_types (type, name_zh, name_en) VALUES (?, ?, ?)');
  for (const type of EQUIPMENT_TYPES) insertEquipmentType.run(type.type, type.name_zh, type.name_en);
  const insertEquipment = db.prepare(
    'INSERT INTO equipment (equipment_id, line_id, name, type, status, last_maintenance, next_maintenance, name_en) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const item of EQUIPMENT) {
    const next = addDays(today, item.dueIn);
    insertEquipment.run(
      item.equipment_id,
      item.line_id,
      item.name,
      item.type,
      item.status,
      addDays(next, -item.interval),
      next,
      item.name_en,
    );
  }
  const insertEngineer = db.prepare(
    'INSERT INTO engineers (engineer_id, name, login, email, country_code, timezone) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const engineer of ENGINEERS) {
    insertEngineer.run(
      engineer.engineer_id,
      engineer.name,
      engineer.login,
      engineer.email,
      engineer.country_code,
      engineer.timezone,
    );
  }
  const insertRotation = db.prepare('INSERT INTO rotations (engineer_id, starts_at, ends_at) VALUES (?, ?, ?)');
  for (const rotation of planRotations(windowStart(today), today))
    insertRotation.run(rotation.engineer_id, rotation.starts_at, rotation.ends_at);

  const quality = createQualityWriter(db);
  // the rollups (src/plant/rollups.ts) summed as the rows are generated, written once at the end
  const sums = new RollupSums();
  const summed: RollupRow = blankRollupRow();
  const { totals } = generateQuality({
    seed,
    today,
    rows,
    incidents,
    totalsDays: HANDOVER_DAYS + 1,
    emit: (row: QualityRow) => {
      quality.push(row);
      summed.line_id = row[0];
      summed.record_date = row[1];
      summed.shift = row[2];
      summed.product = row[4];
      summed.inspected_qty = row[5];
      summed.defect_qty = row[6];
      summed.defect_type = row[7];
      summed.inspector = row[8];
      sums.add(summed);
    },
  });
  quality.flush();
  sums.writeTo(db, { fresh: true });

  const insertOrder = db.prepare(
    'INSERT INTO work_orders (order_id, equipment_id, line_id, priority, status, title, symptom, ' +
      'root_cause, resolution, assignee_id, opened_at, closed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,' +
      ' ?, ?)',
  );
  for (const order of orders) {
    insertOrder.run(
      order.order_id,
      order.equipment_id,
      order.line_id,
      order.priority,
      order.status,
      order.title,
      order.symptom,
      order.root_cause,
      order.resolution,
      order.assignee_id,
      order.opened_at,
      order.closed_at,
    );
  }
  const insertIncident = db.prepare(
    'INSERT INTO quality_incidents (incident_date, line_id, defect_type, factor, equipment_id, order_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const incident of incidents) {
    insertIncident.run(
      incident.incident_date,
      incident.line_id,
      incident.defect_type,
      incident.factor,
      incident.equipment_id,
      incidentOrders.get(incident) ?? null,
    );
  }
  const insertInfo = db.prepare('INSERT INTO seed_info (key, value) VALUES (?, ?)');
  const info: Record<string, string> = {
    generator: GENERATOR,
    seed: String(seed),
    today,
    rows: String(rows),
    timezone: options.timezone,
    window_start: windowStart(today),
    window_end: today,
  };
  for (const [key, value] of Object.entries(info)) insertInfo.run(key, value);
  return { totals, orders };
}

const TABLES = [
  'production_lines',
  'quality_data',
  'defect_types',
  'equipment',
  'equipment_types',
  'engineers',
  'rotations',
  'work_orders',
  'quality_incidents',
  'seed_info',
  ...ROLLUP_NAMES,
];

export function seedPlant(input: SeedOptions): SeedSummary {
  const started = performance.now();
  const options = resolveSeedOptions(input);
  const { db: target, docsDir, force } = options;
  if (existsSync(target)) {
    if (statSync(target).isDirectory()) {
      throw new AppError('USAGE', `seed: ${target} is a folder`, {
        hint: 'give a file path for the database, e.g. --db var/plant.db',
      });
    }
    if (!force) {
      throw new AppError('ALREADY_EXISTS', `the database ${target} already exists`, {
        hint: 'add --force to replace it (the old file is replaced only once the new one is complete), or choose another --db FILE',
      });
    }
  }
  if (docsDir !== undefined)
    checkDocumentTargets(docsDir, planDocuments({ today: options.today, totals: new Map(), orders: [] }), force);
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.seeding-${process.pid}`;
  removeDatabaseFiles(temporary);
  let result: ReturnType<typeof fill>;
  try {
    const db = openSqlite(temporary);
    try {
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.pragma('cache_size = -65536');
      // every row's line_id looked up in production_lines as it is inserted cost a tenth of the seed (2 M rows: 11.3 s
      // -> 10.1 s); the generated data is checked once, whole, by foreign_key_check below
      db.pragma('foreign_keys = OFF');
      // the indexes built after the inserts sort with SQLite's multi-threaded sorter
      db.pragma('threads = 2');
      // the index sorts in memory up to 20 M rows (10 M: 68 s and 840 MB peak on a quiet 2-core host, against 79 s
      // and 410 MB spilling to temp files); beyond, they spill to disk rather than take gigabytes
      db.pragma(`temp_store = ${options.rows > 20_000_000 ? 'FILE' : 'MEMORY'}`);
      const { tables, indexes } = splitSchema(PLANT_SCHEMA_SQL);
      for (const statement of tables) db.exec(statement);
      db.exec(PLANT_DEMO_SCHEMA_SQL);
      db.exec(ROLLUP_SCHEMA_SQL);
      db.exec('BEGIN');
      result = fill(db, options);
      for (const statement of indexes) db.exec(statement);
      db.exec('COMMIT');
      db.exec('ANALYZE');
      db.pragma('journal_mode = DELETE');
      const problems = db.pragma('foreign_key_check') as unknown[];
      if (problems.length > 0)
        throw new AppError('INTERNAL', `seed: ${problems.length} foreign key problem(s) in the generated data`);
    } finally {
      db.close();
    }
    if (docsDir !== undefined)
      writeDocuments(docsDir, planDocuments({ today: options.today, totals: result.totals, orders: result.orders }));
    // a stale journal or WAL of the old file must not be applied to the new one
    for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(temporary, target);
  } catch (error) {
    removeDatabaseFiles(temporary);
    throw error;
  }
  const check = openSqlite(target, { readonly: true });
  const tables: Record<string, number> = {};
  try {
    for (const table of TABLES)
      tables[table] = (check.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    check.close();
  }
  const documents = docsDir === undefined ? [] : planDocuments({ today: options.today, totals: new Map(), orders: [] });
  return {
    db: target,
    docsDir,
    seed: options.seed,
    today: options.today,
    from: windowStart(options.today),
    to: options.today,
    tables,
    documents: documents.map((file) => file.path),
    gbkDocuments: documents.filter((file) => file.encoding === 'gbk').map((file) => file.path),
    bytes: statSync(target).size,
    elapsedMs: Math.round(performance.now() - started),
  };
}
