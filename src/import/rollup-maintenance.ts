/**
 * The rollups in `airgap-agent maintenance` and `doctor`: checked against the
 * raw rows (checkRollups, month by month: an import never waits long), and in
 * maintenance brought back to exact — created and summed whole when missing (a
 * database from before them), the days that differ summed again from
 * quality_data. Maintenance run by hand as the importer's user repairs; the
 * nightly unit has plant.db's folder read-only (only the import unit may write
 * it), so there it checks and names the fix. doctor only reads and names the fix.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite, type SqliteDatabase } from '../store/sqlite.js';
import { openPlantForImport, recoverPlantFiles } from './plant-file.js';
import {
  checkRollups,
  hasQualityData,
  missingRollups,
  rebuildRollups,
  refreshRollupDates,
  type RollupCheck,
} from './rollups.js';

export interface RollupMaintenance {
  db: string;
  /**
   * exact: checked, nothing to do; rebuilt: created and summed whole; repaired: the days that differed summed
   * again; unrepaired: missing or differing, but plant.db may not be written here; skipped: no plant.db, or no
   * quality_data in it, or a journal left for the importer to roll back
   */
  status: 'exact' | 'rebuilt' | 'repaired' | 'unrepaired' | 'skipped';
  /** why it was skipped */
  reason?: string | undefined;
  /** the check before any repair (none when the rollups were missing) */
  check?: RollupCheck | undefined;
  /** the rollups that were missing (rebuilt) */
  missing: string[];
  /** the days summed again (repaired) */
  repaired: string[];
  elapsedMs: number;
}

/** whether this process may write plant.db and its folder (its journal); false in a unit that has them read-only */
export function plantWritable(plantDb: string): boolean {
  try {
    accessSync(path.dirname(plantDb), constants.W_OK);
    accessSync(plantDb, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Check the rollups of plant.db and make them exact (maintenance). `writable` (default: plantWritable) false:
 * only checked, read-only, and 'unrepaired' when they are missing or differ.
 */
export function maintainRollups(plantDb: string, options: { writable?: boolean } = {}): RollupMaintenance {
  const started = performance.now();
  const result: RollupMaintenance = { db: plantDb, status: 'exact', missing: [], repaired: [], elapsedMs: 0 };
  const done = (): RollupMaintenance => ({ ...result, elapsedMs: Math.round(performance.now() - started) });
  if (!existsSync(plantDb)) {
    Object.assign(result, { status: 'skipped', reason: `no ${plantDb}` });
    return done();
  }
  if (!(options.writable ?? plantWritable(plantDb))) return checkOnly(plantDb, result, done);
  // an import killed mid-way left a journal: roll it back first, as the next import would
  recoverPlantFiles(plantDb);
  const { db } = openPlantForImport(plantDb);
  try {
    if (!hasQualityData(db)) {
      Object.assign(result, { status: 'skipped', reason: 'plant.db has no quality_data' });
      return done();
    }
    result.missing = missingRollups(db);
    if (result.missing.length > 0) {
      inTransaction(db, () => rebuildRollups(db));
      result.status = 'rebuilt';
      return done();
    }
    result.check = checkRollups(db);
    if (!result.check.ok) {
      inTransaction(db, () => refreshRollupDates(db, result.check!.dates));
      result.repaired = result.check.dates;
      result.status = 'repaired';
    }
    return done();
  } finally {
    db.close();
  }
}

/** plant.db read-only here: the rollups checked, nothing written */
function checkOnly(plantDb: string, result: RollupMaintenance, done: () => RollupMaintenance): RollupMaintenance {
  if (existsSync(`${plantDb}-journal`)) {
    Object.assign(result, {
      status: 'skipped',
      reason: 'an interrupted import left plant.db-journal; the import unit rolls it back first',
    });
    return done();
  }
  const db = openSqlite(plantDb, { readonly: true, fileMustExist: true });
  try {
    if (!hasQualityData(db)) {
      Object.assign(result, { status: 'skipped', reason: 'plant.db has no quality_data' });
      return done();
    }
    result.missing = missingRollups(db);
    if (result.missing.length > 0) {
      result.status = 'unrepaired';
      return done();
    }
    result.check = checkRollups(db);
    if (!result.check.ok) result.status = 'unrepaired';
    return done();
  } finally {
    db.close();
  }
}

/** what repairs the rollups when this process may not write plant.db */
export const REPAIR_BY_HAND =
  'run `airgap-agent maintenance` by hand as the service user (runuser -u airgap-agent -- airgap-agent ' +
  '--config /etc/airgap-agent/config.yaml maintenance): only the nightly unit has plant.db read-only';

function inTransaction(db: SqliteDatabase, work: () => void): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    work();
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

const count = (value: number): string => value.toLocaleString('en-US');

/** one line for maintenance's report */
export function formatRollupMaintenance(result: RollupMaintenance): string {
  const seconds = `${(result.elapsedMs / 1000).toFixed(1)} s`;
  switch (result.status) {
    case 'skipped':
      return `rollups: skipped (${result.reason ?? ''})`;
    case 'rebuilt':
      return `rollups: ${result.missing.join(', ')} were missing: created and summed from quality_data (${seconds})`;
    case 'unrepaired':
      return result.missing.length > 0
        ? `rollups: ${result.missing.join(', ')} missing, not created: plant.db is read-only here (the quality ` +
            `skills read quality_data meanwhile); fix: ${REPAIR_BY_HAND}`
        : `rollups: differ from quality_data on ${result.check?.dates.length ?? 0} day(s) ` +
            `(${daysText(result.check?.dates ?? [])}), not repaired: plant.db is read-only here; fix: ${REPAIR_BY_HAND}`;
    case 'repaired':
      return (
        `rollups: differed from quality_data on ${result.repaired.length} day(s) (${daysText(result.repaired)}): ` +
        `those days summed again (${seconds}); WARNING: something other than the importer wrote plant.db`
      );
    default:
      return `rollups: exact (${rollupRows(result.check)} checked against ${count(result.check?.rawRows ?? 0)} quality rows, ${seconds})`;
  }
}

function daysText(days: readonly string[]): string {
  return days.length <= 5 ? days.join(', ') : `${days.slice(0, 5).join(', ')}, … ${days.at(-1)}`;
}

function rollupRows(check: RollupCheck | undefined): string {
  return `${count((check?.rollups ?? []).reduce((sum, rollup) => sum + rollup.rows, 0))} rollup rows`;
}

export interface RollupHealth {
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string | undefined;
}

/** doctor: the rollups present (quick), and equal to the raw rows (full); read-only */
export function rollupHealth(plantDb: string, options: { quick: boolean }): RollupHealth {
  const db = openSqlite(plantDb, { readonly: true, fileMustExist: true });
  try {
    if (!hasQualityData(db)) return { status: 'ok', detail: 'no quality_data: nothing to roll up' };
    const missing = missingRollups(db);
    if (missing.length > 0)
      return {
        status: 'warn',
        detail:
          `${missing.join(', ')} missing: the quality skills read quality_data instead (right, but slow on ` +
          'millions of rows)',
        fix: `${REPAIR_BY_HAND} (or import any file): it creates them from quality_data`,
      };
    if (options.quick) return { status: 'ok', detail: 'present (not checked against quality_data: --quick)' };
    const check = checkRollups(db);
    if (check.ok)
      return {
        status: 'ok',
        detail:
          `exact: ${rollupRows(check)} equal the sums of ${count(check.rawRows)} quality rows ` +
          `(checked in ${(check.elapsedMs / 1000).toFixed(1)} s)`,
      };
    const rows = check.rollups.filter((rollup) => rollup.differing > 0).map((rollup) => rollup.name);
    return {
      status: 'fail',
      detail: `${rows.join(', ')} differ from quality_data on ${check.dates.length} day(s): ${daysText(check.dates)}`,
      fix:
        `${REPAIR_BY_HAND}; it sums those days again from quality_data. Then find what wrote plant.db besides ` +
        'the importer (only the importer and the seeder may)',
    };
  } finally {
    db.close();
  }
}
