/**
 * A small seeded plant for other developers' tests: 5,000 rows ending
 * 2026-11-29 (a Sunday) by default, documents included, in well under a second.
 */
import path from 'node:path';
import { seedPlant, type SeedSummary } from './build.js';

export const TEST_TODAY = '2026-11-29';

export interface TestPlant {
  /** absolute path of plant.db */
  db: string;
  /** absolute path of the documents folder (undefined when docs: false) */
  docsDir: string | undefined;
  today: string;
  summary: SeedSummary;
}

export function seedTestPlant(options: {
  dir: string;
  rows?: number;
  today?: string;
  seed?: number;
  docs?: boolean;
}): TestPlant {
  const db = path.resolve(options.dir, 'plant.db');
  const docsDir = options.docs === false ? undefined : path.resolve(options.dir, 'docs');
  const today = options.today ?? TEST_TODAY;
  const summary = seedPlant({ db, rows: options.rows ?? 5000, seed: options.seed ?? 1, today, docsDir, force: true });
  return { db, docsDir, today, summary };
}
