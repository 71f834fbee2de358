/**
 * N9's attack, rebuilt with SQLite itself: a rollback journal whose "before" pages say line A had no
 * defects, put beside plant.db, is rolled into it by the next writer (the red team: 513 → 0, integrity ok).
 * On the appliance the folder is the guard (the systemd guest test: only the import unit may write
 * /var/lib/airgap-agent/plant); here, the importer refuses a journal it cannot have written: a link, a hard
 * link, one in a folder others may write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { openSqlite } from '../store/sqlite.js';
import { importFile, recoverPlantFiles } from './importer.js';
import { QUALITY_HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('journal-check', 2000);

const defects = (db: string): number =>
  query<{ n: number }>(db, "SELECT coalesce(sum(defect_qty), 0) AS n FROM quality_data WHERE line_id = 'A'")[0]!.n;

/**
 * A forged journal for `db`: made on a copy whose line A has no defects, by a transaction that would give
 * them back, copied while it is open (its pages spilled to the file, so the journal is hot), then rolled back.
 */
function forgedJournal(db: string, dir: string): Buffer {
  const copy = path.join(dir, 'forge.db');
  copyFileSync(db, copy);
  const handle = openSqlite(copy, { fileMustExist: true });
  try {
    handle.exec("UPDATE quality_data SET defect_qty = 0 WHERE line_id = 'A'");
    handle.pragma('journal_mode = DELETE');
    handle.pragma('cache_size = 2'); // pages spill to the file: the journal is written and synced
    handle.exec('BEGIN IMMEDIATE');
    handle.exec("UPDATE quality_data SET defect_qty = defect_qty + 1 WHERE line_id = 'A'");
    handle.exec("UPDATE quality_data SET inspector = inspector || '' WHERE 1");
    const journal = readFileSync(`${copy}-journal`);
    handle.exec('ROLLBACK');
    return journal;
  } finally {
    handle.close();
  }
}

function plantIn(name: string, mode: number): { dir: string; db: string } {
  const dir = path.join(plants.dir, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, mode);
  const db = path.join(dir, 'plant.db');
  copyFileSync(plants.pristine, db);
  return { dir, db };
}

const file = (): string => {
  const csv = path.join(plants.dir, 'next.csv');
  writeFileSync(csv, `${QUALITY_HEADER}\nB,2026-11-30,day,JOURNAL1,支架,100,1,crack,李娜,2026-11-30 09:00\n`);
  return csv;
};

test('the attack is real: a forged journal a writer trusts is rolled into plant.db (the folder is the guard)', () => {
  const { dir, db } = plantIn('trusted', 0o700);
  const before = defects(db);
  assert.ok(before > 0);
  writeFileSync(`${db}-journal`, forgedJournal(db, dir));
  recoverPlantFiles(db);
  assert.equal(defects(db), 0, 'line A lost its defects: why only the import unit may write this folder');
});

test('N9: a journal that is a link, a hard link, or in a folder others may write is refused; plant.db is untouched', async () => {
  const cases: Array<[string, number, (db: string, journal: Buffer, dir: string) => void, RegExp]> = [
    [
      'symlink',
      0o700,
      (db, journal, dir) => {
        writeFileSync(path.join(dir, 'kept-elsewhere'), journal);
        symlinkSync(path.join(dir, 'kept-elsewhere'), `${db}-journal`);
      },
      /it is a symbolic link/,
    ],
    [
      'hardlink',
      0o700,
      (db, journal, dir) => {
        writeFileSync(path.join(dir, 'other-name'), journal);
        linkSync(path.join(dir, 'other-name'), `${db}-journal`);
      },
      /it is a hard link \(2 names\)/,
    ],
    [
      'group-writable',
      0o770,
      (db, journal) => writeFileSync(`${db}-journal`, journal),
      /may be written by others \(mode 770\)/,
    ],
  ];
  for (const [name, mode, plant, expected] of cases) {
    const { dir, db } = plantIn(name, 0o700);
    const before = readFileSync(db);
    plant(db, forgedJournal(db, dir), dir);
    chmodSync(dir, mode);
    for (const attempt of [
      () => recoverPlantFiles(db),
      () => importFile({ db, table: 'quality_data', file: file(), importedAt: '2026-12-05T08:00:00' }),
    ]) {
      await assert.rejects(
        async () => attempt(),
        (error: unknown) =>
          error instanceof AppError &&
          error.message.includes(`${db}-journal is not a journal this importer wrote`) &&
          expected.test(error.message) &&
          /only airgap-agent-import may write/.test(error.hint ?? ''),
        name,
      );
    }
    chmodSync(dir, 0o700);
    assert.ok(existsSync(`${db}-journal`), `${name}: left where it is, for the administrator`);
    assert.ok(readFileSync(db).equals(before), `${name}: plant.db byte for byte as it was`);
  }
});
