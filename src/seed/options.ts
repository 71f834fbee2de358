/** The seeder's options, validated with exact messages before anything is written. */
import path from 'node:path';
import { AppError } from '../errors.js';
import { assertTimeZone, localDate, now, parseInstant } from '../clock.js';

export interface SeedOptions {
  /** target plant.db path */
  db: string;
  /** quality_data rows (default 100,000; 1..50,000,000: five years of a busy plant) */
  rows?: number;
  /** PRNG seed, an integer (default 1) */
  seed?: number;
  /** the last day of the data, 'YYYY-MM-DD' (default: the plant-local date of now()) */
  today?: string;
  /** IANA time zone of the plant (default Asia/Shanghai); decides the default today */
  timezone?: string;
  /** replace an existing database (and demo documents) */
  force?: boolean;
  /** write the demo documents into this folder */
  docsDir?: string;
}

export interface ResolvedSeedOptions {
  db: string;
  rows: number;
  seed: number;
  today: string;
  timezone: string;
  force: boolean;
  docsDir: string | undefined;
}

export const DEFAULT_ROWS = 100_000;
export const MAX_ROWS = 50_000_000;
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

export function resolveSeedOptions(options: SeedOptions): ResolvedSeedOptions {
  if (typeof options.db !== 'string' || options.db.trim() === '') {
    throw new AppError('USAGE', 'seed: the database path is empty', {
      hint: 'give the file to create, e.g. --db var/plant.db',
    });
  }
  const rows = options.rows ?? DEFAULT_ROWS;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) {
    throw new AppError(
      'USAGE',
      `seed: rows must be a whole number from 1 to ${MAX_ROWS.toLocaleString('en-US')}, got ${JSON.stringify(rows)}`,
      {
        hint: 'e.g. --rows 100000 (the default) or --rows 1000000',
      },
    );
  }
  const seed = options.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new AppError('USAGE', `seed: the seed must be an integer, got ${JSON.stringify(seed)}`, {
      hint: 'e.g. --seed 1 (the default) or --seed 42',
    });
  }
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  try {
    assertTimeZone(timezone);
  } catch (error) {
    throw new AppError('USAGE', `seed: unknown time zone "${timezone}"`, {
      hint: 'use an IANA name such as Asia/Shanghai',
      cause: error,
    });
  }
  let today: string;
  if (options.today === undefined) {
    today = localDate(now(), timezone);
  } else {
    if (typeof options.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(options.today)) {
      throw new AppError(
        'USAGE',
        `seed: today must be a date written YYYY-MM-DD, got ${JSON.stringify(options.today)}`,
        {
          hint: 'e.g. --today 2026-11-29',
        },
      );
    }
    try {
      parseInstant(options.today, 'UTC');
    } catch {
      throw new AppError('USAGE', `seed: today "${options.today}" is not a calendar date`, {
        hint: 'check the month (01-12) and the day of the month',
      });
    }
    today = options.today;
  }
  const year = Number(today.slice(0, 4));
  if (year < 1971 || year > 9998) {
    throw new AppError('USAGE', `seed: today "${today}" is out of range`, { hint: 'use a year between 1971 and 9998' });
  }
  if (options.docsDir !== undefined && (typeof options.docsDir !== 'string' || options.docsDir.trim() === '')) {
    throw new AppError('USAGE', 'seed: the documents folder is empty', {
      hint: 'give a folder, e.g. --docs var/docs, or leave it out',
    });
  }
  return {
    db: path.resolve(options.db),
    rows,
    seed,
    today,
    timezone,
    force: options.force === true,
    docsDir: options.docsDir === undefined ? undefined : path.resolve(options.docsDir),
  };
}
