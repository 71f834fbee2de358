/**
 * For the importer's tests: one seeded plant per test file, in a temporary folder that the file's
 * `after` hook removes, and fresh copies of it for tests that write. Registers the file's top-level
 * `before` and `after` hooks (node:test); call it once, at the top of a test file.
 */
import { after, before } from 'node:test';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedTestPlant } from '../seed/testing.js';
import { openSqlite } from '../store/sqlite.js';

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

/** The rows of a query on a database, opened read-only for it. */
export function query<T>(db: string, sql: string, ...params: unknown[]): T[] {
  const handle = openSqlite(db, { readonly: true });
  try {
    return handle.prepare(sql).all(...params) as T[];
  } finally {
    handle.close();
  }
}

/** `work` with every file read in a reader process ('child') or in the importer ('inline'), whatever its size */
export async function withReader<T>(mode: 'child' | 'inline', work: () => Promise<T>): Promise<T> {
  const previous = process.env.AIRGAP_AGENT_IMPORT_READER;
  process.env.AIRGAP_AGENT_IMPORT_READER = mode;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.AIRGAP_AGENT_IMPORT_READER;
    else process.env.AIRGAP_AGENT_IMPORT_READER = previous;
  }
}

/** The report the inbox wrote beside the file named `name` that it moved to `folder` (done or failed). */
export function inboxReport(inbox: string, folder: 'done' | 'failed', name: string): string {
  const report = readdirSync(path.join(inbox, folder)).find((entry) => entry.endsWith(`${name}.report.txt`));
  if (report === undefined) throw new Error(`no report for ${name} in ${folder}/`);
  return readFileSync(path.join(inbox, folder, report), 'utf8');
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
