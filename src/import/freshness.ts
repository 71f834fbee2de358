/**
 * How fresh the plant's data is: the newest quality record (quality_data
 * recorded_at, found through the record_date index) and the last import (the
 * import_files ledger), with a warning when the newest data is older than
 * import.max_age_hours. Read-only; used by doctor, /readyz, /api/status and
 * the chat page ("data up to 2026-11-26 20:00 (imported 06:02)"). Cached by
 * the file's identity so a status poll does not reopen the database.
 *
 * The clock is checked against the data (`clock`): data newer than this
 * machine's clock by more than CLOCK_AHEAD_TOLERANCE_H, or a clock more than
 * CLOCK_FAR_DAYS past the newest data, is a warning naming both times —
 * "last week" and "today" are computed from that clock.
 */
import { existsSync, statSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { localDate, localDateTime, now, parseInstant } from '../clock.js';
import { openSqlite } from '../store/sqlite.js';
import { inboxState } from './inbox.js';

export interface Freshness {
  /** newest quality_data.recorded_at (plant-local), null when there is none */
  data_up_to: string | null;
  last_import: { at: string; file: string; table: string; rows: number } | null;
  age_hours: number | null;
  stale: boolean;
  max_age_hours: number;
  /** the one-line status, e.g. "data up to 2026-11-26 20:00 (imported 06:02)" */
  message: string;
  inbox: { pending: number; failed: number };
  /** what is wrong with the clock against the data (a warning), absent when nothing is */
  clock?: string;
  error?: string;
}

/** Data this far ahead of the clock (hours) is a clock problem; less is rounding and slow clocks. */
export const CLOCK_AHEAD_TOLERANCE_H = 0.25;
/** A clock this many days past the newest data is suspect (or no data came for that long). */
export const CLOCK_FAR_DAYS = 30;

function clockProblem(options: {
  upTo: string | null;
  age: number | null;
  importedAt: string | undefined;
  nowText: string;
  tz: string;
}): string | undefined {
  const { age } = options;
  if (age !== null && age < -CLOCK_AHEAD_TOLERANCE_H)
    return (
      `the newest data (${short(options.upTo ?? '')}) is ${Math.abs(age)} h ahead of this machine's clock (${options.nowText}, ${options.tz}): ` +
      "check the clock (timedatectl) and plant.timezone; the seeded demo plant runs to the end of today's day shift"
    );
  if (options.importedAt !== undefined && short(options.importedAt) > options.nowText)
    return (
      `the last import is stamped ${short(options.importedAt)}, later than this machine's clock ` +
      `(${options.nowText}): the clock went back — check it (timedatectl)`
    );
  if (age !== null && age > CLOCK_FAR_DAYS * 24)
    return (
      `this machine's clock (${options.nowText}) is ${Math.round(age / 24)} days past the newest data (${short(options.upTo ?? '')}): ` +
      'check the clock (timedatectl), or why no data has arrived since'
    );
  return undefined;
}

const cache = new Map<string, { key: string; at: number; value: Freshness }>();

function short(stamp: string): string {
  return stamp.replace('T', ' ').slice(0, 16);
}

export function readFreshness(config: Config): Freshness {
  const file = config.plant.db;
  const maxAge = config.import.max_age_hours;
  const inbox = inboxState(config.import.inbox);
  const inboxCounts = { pending: inbox.pending.length, failed: inbox.failed.length };
  if (!existsSync(file)) {
    return {
      data_up_to: null,
      last_import: null,
      age_hours: null,
      stale: true,
      max_age_hours: maxAge,
      message: `no plant data: ${file} does not exist`,
      inbox: inboxCounts,
      error: 'missing',
    };
  }
  const stat = statSync(file);
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const cached = cache.get(file);
  let base: Omit<Freshness, 'age_hours' | 'stale' | 'message' | 'inbox' | 'max_age_hours'>;
  if (cached && cached.key === key && Date.now() - cached.at < 60_000) {
    base = cached.value;
  } else {
    try {
      const db = openSqlite(file, { readonly: true, fileMustExist: true });
      try {
        const has = (table: string): boolean =>
          db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) !== undefined;
        let upTo: string | null = null;
        if (has('quality_data')) {
          const day = (db.prepare('SELECT max(record_date) AS d FROM quality_data').get() as { d: string | null }).d;
          // a night batch keeps the evening's record_date: look at that day and the next
          if (day)
            upTo = (
              db.prepare('SELECT max(recorded_at) AS t FROM quality_data WHERE record_date >= ?').get(day) as {
                t: string | null;
              }
            ).t;
        }
        let last: Freshness['last_import'] = null;
        if (has('import_files')) {
          const row = db
            .prepare(
              'SELECT imported_at, file_name, table_name, rows FROM import_files ORDER BY imported_at DESC LIMIT 1',
            )
            .get() as { imported_at: string; file_name: string; table_name: string; rows: number } | undefined;
          if (row) last = { at: row.imported_at, file: row.file_name, table: row.table_name, rows: row.rows };
        }
        base = { data_up_to: upTo, last_import: last };
      } finally {
        db.close();
      }
    } catch (error) {
      return {
        data_up_to: null,
        last_import: null,
        age_hours: null,
        stale: true,
        max_age_hours: maxAge,
        message: `plant data cannot be read: ${(error as Error).message}`,
        inbox: inboxCounts,
        error: 'unreadable',
      };
    }
    cache.set(file, {
      key,
      at: Date.now(),
      value: { ...base, age_hours: null, stale: false, max_age_hours: maxAge, message: '', inbox: inboxCounts },
    });
  }
  const tz = config.plant.timezone;
  let age: number | null = null;
  if (base.data_up_to) {
    try {
      age = Math.round(((now().getTime() - parseInstant(base.data_up_to, tz).getTime()) / 3_600_000) * 10) / 10;
    } catch {
      age = null;
    }
  }
  const stale = base.data_up_to === null || (maxAge > 0 && age !== null && age > maxAge);
  let message = base.data_up_to ? `data up to ${short(base.data_up_to)}` : 'no quality data yet';
  if (base.last_import) {
    const at = base.last_import.at;
    const sameDay = base.data_up_to !== null && at.slice(0, 10) === base.data_up_to.slice(0, 10);
    message += ` (imported ${sameDay || at.slice(0, 10) === localDate(now(), tz) ? at.slice(11, 16) : short(at)})`;
  }
  if (stale && base.data_up_to && maxAge > 0)
    message += ` — older than ${maxAge} h: check the MES export and the inbox`;
  if (inboxCounts.failed > 0) message += ` — ${inboxCounts.failed} file(s) in inbox/failed`;
  const clock = clockProblem({
    upTo: base.data_up_to,
    age,
    importedAt: base.last_import?.at,
    nowText: short(localDateTime(now(), tz)),
    tz,
  });
  return {
    ...base,
    age_hours: age,
    stale,
    max_age_hours: maxAge,
    message,
    inbox: inboxCounts,
    ...(clock ? { clock } : {}),
  };
}
