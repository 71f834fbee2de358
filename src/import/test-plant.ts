/**
 * For the importer's tests: one seeded plant per test file, in a temporary folder that the file's
 * `after` hook removes, and fresh copies of it for tests that write. Registers the file's top-level
 * `before` and `after` hooks (node:test); call it once, at the top of a test file.
 */
import { after, before } from 'node:test';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedTestPlant } from '../seed/testing.js';

/** the contract's quality_data columns, as a CSV header (the names import maps by default) */
export const QUALITY_HEADER =
  'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at';

export interface TestPlants {
  /** the test file's temporary folder (set once `before` has run) */
  readonly dir: string;
  /** the seeded plant.db, never written */
  readonly pristine: string;
  /** a copy of the seeded plant.db, for one test to write */
  fresh(): string;
}

export function testPlants(prefix: string, rows: number): TestPlants {
  let dir = '';
  let pristine = '';
  let counter = 0;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    pristine = seedTestPlant({ dir, rows, docs: false }).db;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    get pristine() {
      return pristine;
    },
    fresh() {
      const file = path.join(dir, `plant-${++counter}.db`);
      copyFileSync(pristine, file);
      return file;
    },
  };
}
