/**
 * Keeping the rollups of quality_data (src/plant/rollups.ts) equal to the raw
 * rows, on the writer's side: created when missing, rebuilt whole, recomputed
 * for the days a change touched, and checked against the raw rows. Every
 * function runs inside the caller's transaction (the import's, the archive's,
 * maintenance's), so the rollups change together with the rows or not at all.
 */
import type { SqliteDatabase } from '../store/sqlite.js';
import { performance } from 'node:perf_hooks';
import { ROLLUP_NAMES, ROLLUPS, rollupInsertSql, rollupSourceSql, rollupStoredSql } from '../plant/rollups.js';

function tableExists(db: SqliteDatabase, name: string): boolean {
  return db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** whether the database has quality_data (the rollups' source) */
export function hasQualityData(db: SqliteDatabase): boolean {
  return tableExists(db, 'quality_data');
}

/** the rollup tables the database lacks */
export function missingRollups(db: SqliteDatabase): string[] {
  return ROLLUP_NAMES.filter((name) => !tableExists(db, name));
}

/** Create the rollup tables that are missing; returns their names (empty rollups: rebuild them). */
export function createRollups(db: SqliteDatabase): string[] {
  const missing = missingRollups(db);
  if (missing.length > 0) for (const rollup of ROLLUPS) db.exec(rollup.ddl);
  return missing;
}

/** Every rollup emptied and summed again from all of quality_data (created first when missing). */
export function rebuildRollups(db: SqliteDatabase): void {
  createRollups(db);
  for (const rollup of ROLLUPS) {
    db.exec(`DELETE FROM main.${rollup.name}`);
    db.exec(rollupInsertSql(rollup));
  }
}

/**
 * The rollup rows of the given days deleted and summed again from the raw rows of those days (a day
 * without raw rows any more loses its rollup rows). Reads the days' rows through idx_quality_date.
 */
export function refreshRollupDates(db: SqliteDatabase, dates: Iterable<string>): number {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS rollup_dates (record_date TEXT PRIMARY KEY) WITHOUT ROWID');
  db.exec('DELETE FROM temp.rollup_dates');
  const insert = db.prepare('INSERT OR IGNORE INTO temp.rollup_dates (record_date) VALUES (?)');
  let count = 0;
  for (const date of dates) count += insert.run(date).changes;
  if (count === 0) return 0;
  const scope = 'record_date IN (SELECT record_date FROM temp.rollup_dates)';
  for (const rollup of ROLLUPS) {
    db.exec(`DELETE FROM main.${rollup.name} WHERE ${scope}`);
    db.exec(rollupInsertSql(rollup, scope));
  }
  db.exec('DELETE FROM temp.rollup_dates');
  return count;
}

/** The rollup rows before a day deleted and summed again from the raw rows left before it (the archive). */
export function refreshRollupsBefore(db: SqliteDatabase, before: string): void {
  for (const rollup of ROLLUPS) {
    db.prepare(`DELETE FROM main.${rollup.name} WHERE record_date < ?`).run(before);
    db.prepare(rollupInsertSql(rollup, 'record_date < ?')).run(before);
  }
}

/**
 * The days whose raw rows an UPDATE or a DELETE on quality_data touched, as they were before (temporary
 * triggers of this connection only: nothing is added to plant.db's schema). A row updated to another day
 * names its old day here; its new day is among the rows the writer wrote.
 */
export interface ChangeTracker {
  /** the old days of the rows updated or deleted since the tracker started */
  dates(): string[];
  /** the triggers removed */
  stop(): void;
}

export function trackQualityChanges(db: SqliteDatabase): ChangeTracker {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS rollup_touched (record_date TEXT PRIMARY KEY) WITHOUT ROWID');
  db.exec('DELETE FROM temp.rollup_touched');
  // a temporary trigger may watch a table of main; its body names the temp table unqualified. Not INSERT OR
  // IGNORE: the statement that fires the trigger (an upsert) imposes its own conflict policy on the trigger's
  for (const event of ['UPDATE', 'DELETE'])
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS rollup_touched_${event.toLowerCase()} AFTER ${event} ON main.quality_data ` +
        'BEGIN INSERT INTO rollup_touched (record_date) SELECT old.record_date WHERE NOT EXISTS ' +
        '(SELECT 1 FROM rollup_touched WHERE record_date = old.record_date); END',
    );
  return {
    dates: () =>
      (db.prepare('SELECT record_date FROM temp.rollup_touched').all() as Array<{ record_date: string }>).map(
        (row) => row.record_date,
      ),
    stop: () => {
      db.exec('DROP TRIGGER IF EXISTS temp.rollup_touched_update');
      db.exec('DROP TRIGGER IF EXISTS temp.rollup_touched_delete');
      db.exec('DELETE FROM temp.rollup_touched');
    },
  };
}

export interface RollupDifference {
  rollup: string;
  /** the rollup row as stored ('rollup'), or the row the raw rows give that the rollup lacks or holds otherwise ('raw') */
  side: 'rollup' | 'raw';
  row: Record<string, unknown>;
}

export interface RollupCheck {
  ok: boolean;
  /** rollups the database lacks */
  missing: string[];
  /** per rollup: its rows, and the rows that differ from what the raw rows give (either side) */
  rollups: Array<{ name: string; rows: number; differing: number }>;
  /** the first differences (up to 10 per rollup), to name in a report */
  examples: RollupDifference[];
  /** every day with a difference, in order */
  dates: string[];
  /** quality_data's rows read */
  rawRows: number;
  elapsedMs: number;
}

/** 'YYYY-MM-01' of the month after */
function nextMonth(month: string): string {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The conditions that split the rows into calendar months (and one for any record_date outside them):
 * a check reads one month per statement, so that no statement holds plant.db's read lock for long (an
 * import waiting to commit waits for the statement, not for the whole check).
 */
function monthScopes(db: SqliteDatabase): string[] {
  const bounds = [
    db.prepare('SELECT min(record_date) AS first, max(record_date) AS last FROM main.quality_data').get(),
    ...ROLLUPS.filter((rollup) => tableExists(db, rollup.name)).map((rollup) =>
      db.prepare(`SELECT min(record_date) AS first, max(record_date) AS last FROM main.${rollup.name}`).get(),
    ),
  ] as Array<{ first: string | null; last: string | null }>;
  const firsts = bounds.map((bound) => bound.first).filter((day): day is string => day !== null && DAY.test(day));
  const lasts = bounds.map((bound) => bound.last).filter((day): day is string => day !== null && DAY.test(day));
  if (firsts.length === 0) return ['1 = 1'];
  const start = `${firsts.sort()[0]!.slice(0, 7)}-01`;
  const end = nextMonth(lasts.sort().at(-1)!.slice(0, 7));
  const scopes: string[] = [];
  for (let month = start; month < end; month = nextMonth(month))
    scopes.push(`record_date >= '${month}' AND record_date < '${nextMonth(month)}'`);
  scopes.push(`(record_date < '${start}' OR record_date >= '${end}' OR record_date IS NULL)`);
  return scopes;
}

/**
 * Every rollup row against what it must equal, both ways (rows the rollup has that the sums do not give, rows
 * the sums give that the rollup lacks or holds otherwise): quality_daily_inspectors and quality_daily_defects
 * against quality_data's GROUP BY, quality_daily against quality_daily_inspectors summed over inspectors
 * (checked first: equal to the raw rows by the same token). Month by month, each month one statement per
 * rollup; quality_data read twice in all (seconds on 10 million rows).
 */
export function checkRollups(db: SqliteDatabase): RollupCheck {
  const started = performance.now();
  const missing = missingRollups(db);
  const check: RollupCheck = {
    ok: missing.length === 0,
    missing,
    rollups: [],
    examples: [],
    dates: [],
    rawRows: 0,
    elapsedMs: 0,
  };
  if (missing.length > 0 || !hasQualityData(db)) {
    check.elapsedMs = Math.round(performance.now() - started);
    return check;
  }
  check.rawRows = (db.prepare('SELECT count(*) AS n FROM main.quality_data').get() as { n: number }).n;
  const dates = new Set<string>();
  const scopes = monthScopes(db);
  for (const rollup of ROLLUPS) {
    const rows = (db.prepare(`SELECT count(*) AS n FROM main.${rollup.name}`).get() as { n: number }).n;
    let differing = 0;
    for (const scope of scopes) {
      const stored = rollupStoredSql(rollup, scope);
      const source = rollupSourceSql(rollup, scope);
      const differences = db
        .prepare(
          `SELECT 'rollup' AS side, * FROM (${stored} EXCEPT ${source}) UNION ALL ` +
            `SELECT 'raw' AS side, * FROM (${source} EXCEPT ${stored}) ORDER BY record_date`,
        )
        .all() as Array<Record<string, unknown> & { side: 'rollup' | 'raw' }>;
      differing += differences.length;
      for (const { side, ...row } of differences) {
        if (check.examples.filter((example) => example.rollup === rollup.name).length < 10)
          check.examples.push({ rollup: rollup.name, side, row });
        dates.add(String(row.record_date));
      }
    }
    check.rollups.push({ name: rollup.name, rows, differing });
    if (differing > 0) check.ok = false;
  }
  check.dates = [...dates].sort();
  check.elapsedMs = Math.round(performance.now() - started);
  return check;
}
