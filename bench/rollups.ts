/**
 * `npm run bench:rollups [-- --rows N | --plant-db FILE]`: what the rollups of quality_data
 * (src/plant/rollups.ts) cost on a plant of N rows (default 1,000,000, seeded here) or on a plant.db seeded
 * before (read: every write below is rolled back, the file is left as it was):
 *   disk        each rollup's pages (dbstat) against quality_data's;
 *   append      the sums kept while an import writes new rows (per 1,000,000 rows), and adding them to the
 *               rollups at the end of the import;
 *   recompute   the days an import touches summed again from the raw rows (a corrected batch, a day's
 *               --replace-range re-export: 1 day; a week; 28 days);
 *   rebuild     every rollup summed from all of quality_data (a database without them: the first import,
 *               maintenance);
 *   check       maintenance's and doctor's check against the raw rows, month by month.
 * CPU and wall time each, with the load average: on a shared machine compare CPU.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkRollups, rebuildRollups, refreshRollupDates } from '../src/import/rollups.js';
import { blankRollupRow, RollupSums, type RollupRow } from '../src/plant/rollup-sums.js';
import { ROLLUP_NAMES } from '../src/plant/rollups.js';
import { generateQuality, planIncidents } from '../src/seed/quality.js';
import { seedPlant } from '../src/seed/index.js';
import { openSqlite, type SqliteDatabase } from '../src/store/sqlite.js';
import { addDays } from '../src/clock.js';

const TODAY = '2026-11-29';

function timed<T>(work: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** the work inside a transaction that is rolled back: plant.db is left as it was */
function rolledBack<T>(db: SqliteDatabase, work: () => T): ReturnType<typeof timed<T>> {
  db.exec('BEGIN IMMEDIATE');
  try {
    return timed(work);
  } finally {
    db.exec('ROLLBACK');
  }
}

const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
const line = (name: string, figure: { wallMs: number; cpuMs: number }, extra = ''): void =>
  console.log(`${name.padEnd(46)} ${ms(figure.wallMs).padStart(10)} wall ${ms(figure.cpuMs).padStart(10)} CPU${extra}`);

function main(): void {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, 'plant-db': { type: 'string' } },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-rollups-'));
  try {
    const plantDb = values['plant-db'] ? path.resolve(values['plant-db']) : path.join(dir, 'plant.db');
    if (!values['plant-db']) seedPlant({ db: plantDb, rows: Number(values.rows), seed: 1, today: TODAY, force: true });
    const db = openSqlite(plantDb, { busyTimeoutMs: 10000 });
    try {
      db.pragma('cache_size = -32768');
      const rows = (db.prepare('SELECT count(*) AS n FROM quality_data').get() as { n: number }).n;
      const span = db.prepare('SELECT min(record_date) AS first, max(record_date) AS last FROM quality_data').get() as {
        first: string;
        last: string;
      };
      console.log(
        `plant.db: ${rows.toLocaleString('en-US')} quality rows, ${span.first} … ${span.last}; load average ` +
          `${os
            .loadavg()
            .map((load) => load.toFixed(2))
            .join(' ')} on ${os.cpus().length} cores\n`,
      );
      // each table's pages and its indexes' (dbstat: the pages as they are in the file)
      const pages = db
        .prepare(
          'SELECT s.tbl_name AS tbl, SUM(d.pgsize) AS bytes FROM dbstat d JOIN sqlite_schema s ON s.name = d.name ' +
            'GROUP BY s.tbl_name',
        )
        .all() as Array<{ tbl: string; bytes: number }>;
      const size = (table: string): number => pages.find((page) => page.tbl === table)?.bytes ?? 0;
      const raw = size('quality_data');
      for (const name of ROLLUP_NAMES) {
        const bytes = size(name);
        const count = (db.prepare(`SELECT count(*) AS n FROM ${name}`).get() as { n: number }).n;
        console.log(
          `disk ${name.padEnd(28)} ${count.toLocaleString('en-US').padStart(8)} rows ${(bytes / 1048576).toFixed(2).padStart(7)} MiB`,
        );
      }
      console.log(`disk quality_data with its indexes      ${(raw / 1048576).toFixed(1).padStart(22)} MiB\n`);

      // append: the sums kept per row written (generating the rows alone is subtracted). Each way is run
      // three times after a warm-up, the fastest kept: the code is optimised by then, as in a long import
      const sample = 1_000_000;
      const incidents = planIncidents(1, TODAY);
      const generate = (emit: (row: unknown[]) => void) =>
        generateQuality({ seed: 1, today: TODAY, rows: sample, incidents, emit: emit as never });
      const row: RollupRow = blankRollupRow();
      let sums = new RollupSums();
      const summing = () => {
        sums = new RollupSums();
        generate((values) => {
          row.line_id = values[0] as string;
          row.record_date = values[1] as string;
          row.shift = values[2] as string;
          row.product = values[4] as string;
          row.inspected_qty = values[5] as number;
          row.defect_qty = values[6] as number;
          row.defect_type = values[7] as string | null;
          row.inspector = values[8] as string;
          sums.add(row);
        });
      };
      const fastest = (work: () => void) => {
        const runs = [timed(work), timed(work), timed(work)];
        return runs.reduce((best, run) => (run.cpuMs < best.cpuMs ? run : best));
      };
      generate(() => undefined);
      summing();
      const alone = fastest(() => generate(() => undefined));
      const summed = fastest(summing);
      line('append: sums kept per 1,000,000 rows written', {
        wallMs: summed.wallMs - alone.wallMs,
        cpuMs: summed.cpuMs - alone.cpuMs,
      });
      line(
        'append: the sums added to the rollups',
        rolledBack(db, () => sums.writeTo(db)),
        ` (${sums.dates().length} days)`,
      );
      for (const days of [1, 7, 28]) {
        const dates = Array.from({ length: days }, (_, index) => addDays(span.last, -1 - index));
        const perDay = Math.round(
          (
            db
              .prepare('SELECT count(*) AS n FROM quality_data WHERE record_date BETWEEN ? AND ?')
              .get(dates.at(-1), dates[0]) as {
              n: number;
            }
          ).n,
        );
        line(
          `recompute ${days} day(s) from the raw rows`,
          rolledBack(db, () => refreshRollupDates(db, dates)),
          ` (${perDay.toLocaleString('en-US')} rows)`,
        );
      }
      line(
        'rebuild: every rollup from all of quality_data',
        rolledBack(db, () => rebuildRollups(db)),
      );
      const check = timed(() => checkRollups(db));
      line('check against the raw rows (maintenance, doctor)', check, check.value.ok ? ' (exact)' : ' (DIFFERENT)');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
