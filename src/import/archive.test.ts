import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedTestPlant } from '../seed/testing.js';
import { openSqlite } from '../store/sqlite.js';
import { archivePathFor, archiveQuality, daysBefore } from './archive.js';
import { makeFixture, startQueryServer } from '../../mcp-servers/query/test-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));

interface State {
  plant: number;
  archive: number;
  plantDigest: string;
  archiveDigest: string;
}

/** Row counts and a digest of every row of both files (what "unchanged" means). */
function state(db: string): State {
  const digest = (file: string): { n: number; digest: string } => {
    if (!existsSync(file)) return { n: 0, digest: '' };
    const handle = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      const exists = handle.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'quality_data'").get();
      if (!exists) return { n: 0, digest: '' };
      const row = handle
        .prepare(
          "SELECT count(*) AS n, coalesce(sum(inspected_qty), 0) || '/' || coalesce(sum(defect_qty), 0) || " +
            "'/' || coalesce(group_concat(batch_no, ','), '') AS d FROM (SELECT * FROM quality_data ORDER BY " +
            'batch_no)',
        )
        .get() as { n: number; d: string };
      assert.equal(handle.pragma('integrity_check', { simple: true }) as string, 'ok');
      return { n: row.n, digest: row.d };
    } finally {
      handle.close();
    }
  };
  const plant = digest(db);
  const archive = digest(archivePathFor(db));
  return { plant: plant.n, archive: archive.n, plantDigest: plant.digest, archiveDigest: archive.digest };
}

function olderCount(db: string, before: string): number {
  const handle = openSqlite(db, { readonly: true, fileMustExist: true });
  try {
    return (handle.prepare('SELECT count(*) AS n FROM quality_data WHERE record_date < ?').get(before) as { n: number })
      .n;
  } finally {
    handle.close();
  }
}

function fixture(): { dir: string; db: string; today: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'archive-'));
  const plant = seedTestPlant({ dir, rows: 3000, docs: false });
  return { dir, db: plant.db, today: plant.today, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('archive moves the old quality rows to plant-archive.db: counts kept, idempotent, a dry run writes nothing', () => {
  const plant = fixture();
  try {
    const start = state(plant.db);
    const before = daysBefore(plant.today, 30);
    const older = olderCount(plant.db, before);
    assert.ok(
      older > 0 && older < start.plant,
      `the seeded plant has rows before ${before} and after (${older} of ${start.plant})`,
    );

    const dry = archiveQuality({ db: plant.db, olderThanDays: 30, today: plant.today, dryRun: true });
    assert.equal(dry.status, 'dry-run');
    assert.equal(dry.moved, older);
    assert.equal(dry.plantRows, start.plant - older);
    assert.deepEqual(state(plant.db).plantDigest, start.plantDigest, 'a dry run leaves plant.db as it was');
    assert.equal(state(plant.db).archive, 0);

    const moved = archiveQuality({ db: plant.db, olderThanDays: 30, today: plant.today });
    assert.equal(moved.status, 'archived');
    assert.equal(moved.moved, older);
    assert.equal(moved.before, before);
    const after = state(plant.db);
    assert.equal(after.plant, start.plant - older);
    assert.equal(after.archive, older);
    assert.equal(after.plant + after.archive, start.plant, 'no row lost, none doubled');
    assert.equal(olderCount(plant.db, before), 0);
    // the same rows, value for value: the totals of both files add up to the start's
    const totals = (file: string): [number, number] => {
      const handle = openSqlite(file, { readonly: true, fileMustExist: true });
      try {
        const row = handle.prepare('SELECT sum(inspected_qty) AS i, sum(defect_qty) AS d FROM quality_data').get() as {
          i: number;
          d: number;
        };
        return [row.i, row.d];
      } finally {
        handle.close();
      }
    };
    const [plantInspected, plantDefects] = totals(plant.db);
    const [archiveInspected, archiveDefects] = totals(archivePathFor(plant.db));
    assert.equal(
      `${plantInspected + archiveInspected}/${plantDefects + archiveDefects}`,
      start.plantDigest.split('/').slice(0, 2).join('/'),
    );

    const again = archiveQuality({ db: plant.db, olderThanDays: 30, today: plant.today });
    assert.equal(again.status, 'nothing-to-move');
    assert.equal(again.moved, 0);
    assert.deepEqual(state(plant.db), after, 'a second run changes nothing');

    // a later, wider cut moves more into the same archive
    const wider = archiveQuality({ db: plant.db, olderThanDays: 10, today: plant.today });
    assert.equal(state(plant.db).archive, older + wider.moved);
    assert.equal(state(plant.db).plant + state(plant.db).archive, start.plant);

    assert.throws(() => archiveQuality({ db: plant.db, olderThanDays: 0, today: plant.today }), /whole number of days/);
  } finally {
    plant.cleanup();
  }
});

test('archive interrupted after any step (an error inside the transaction) leaves both files as they were', () => {
  const plant = fixture();
  try {
    for (const step of ['copy', 'verify', 'delete'] as const) {
      const start = state(plant.db);
      assert.throws(
        () =>
          archiveQuality({
            db: plant.db,
            olderThanDays: 30,
            today: plant.today,
            afterStep: (at) => {
              if (at === step) throw new Error(`stop after ${at}`);
            },
          }),
        new RegExp(`stop after ${step}`),
      );
      assert.deepEqual(state(plant.db), start, `interrupted after ${step}: nothing moved`);
    }
    const done = archiveQuality({ db: plant.db, olderThanDays: 30, today: plant.today });
    assert.ok(done.moved > 0);
  } finally {
    plant.cleanup();
  }
});

test('archive killed with SIGKILL after the delete, before the commit: both files as they were, the next run moves', () => {
  const plant = fixture();
  try {
    // a first move so that the archive exists with rows, then a wider one that is killed
    archiveQuality({ db: plant.db, olderThanDays: 60, today: plant.today });
    const start = state(plant.db);
    const script = path.join(plant.dir, 'kill.ts');
    writeFileSync(
      script,
      `import { archiveQuality } from ${JSON.stringify(path.join(here, 'archive.ts'))};\n` +
        `archiveQuality({ db: ${JSON.stringify(plant.db)}, olderThanDays: 5, today: ` +
        `${JSON.stringify(plant.today)}, afterStep: (step) => { if (step === 'delete') ` +
        `process.kill(process.pid, 'SIGKILL'); } });\n`,
    );
    // a tiny page cache: changed pages reach both files before the kill
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: path.join(here, '..', '..'),
      env: { ...process.env, AIRGAP_AGENT_IMPORT_CACHE_KIB: '64' },
      encoding: 'utf8',
    });
    assert.equal(child.signal, 'SIGKILL', child.stderr);
    assert.ok(
      existsSync(`${plant.db}-journal`) || existsSync(`${archivePathFor(plant.db)}-journal`),
      'the kill left a journal',
    );
    // the next writer rolls the hot journals back (archiveQuality, or the inbox watcher)
    const moved = archiveQuality({ db: plant.db, olderThanDays: 365 * 100, today: plant.today, dryRun: true });
    assert.equal(moved.moved, 0);
    assert.deepEqual(state(plant.db), start, 'the killed move left plant.db and the archive as they were');
    const done = archiveQuality({ db: plant.db, olderThanDays: 5, today: plant.today });
    assert.equal(done.plantRows + done.archiveRows, start.plant + start.archive);
  } finally {
    plant.cleanup();
  }
});

test('the query tool reaches archive.quality_data read-only, under the same rules, and its cache drops on archive', async () => {
  const fixture = makeFixture({ rows: 3000 });
  const server = await startQueryServer(fixture.configFile);
  try {
    const today = (() => {
      const handle = openSqlite(fixture.plantDb, { readonly: true, fileMustExist: true });
      try {
        return (handle.prepare('SELECT max(record_date) AS d FROM quality_data').get() as { d: string }).d;
      } finally {
        handle.close();
      }
    })();
    const before = daysBefore(today, 30);
    const count = `SELECT count(*) AS n FROM quality_data WHERE record_date < '${before}' LIMIT 1`;
    const first = await server.query(count);
    assert.equal(first.isError, false, first.text);
    const older = first.structured.rows[0][0] as number;
    assert.ok(older > 0);
    assert.equal((await server.query(count)).structured.cached, true);
    const noArchive = await server.query('SELECT count(*) AS n FROM archive.quality_data LIMIT 1');
    assert.equal(noArchive.isError, true, 'no archive yet: no such table');

    const report = archiveQuality({ db: fixture.plantDb, olderThanDays: 30, today });
    assert.equal(report.moved, older);

    const after = await server.query(count);
    assert.equal(after.isError, false, after.text);
    assert.equal(after.structured.cached, false, 'the archive run drops cached results');
    assert.equal(after.structured.rows[0][0], 0);
    const archived = await server.query(
      `SELECT count(*) AS n, min(record_date) AS first FROM archive.quality_data WHERE record_date < '${before}' LIMIT 1`,
    );
    assert.equal(archived.isError, false, archived.text);
    assert.equal(archived.structured.rows[0][0], older);
    const both = await server.query(
      `SELECT line_id, sum(defect_qty) AS defects FROM (SELECT line_id, defect_qty FROM quality_data ` +
        `UNION ALL SELECT line_id, defect_qty FROM archive.quality_data) GROUP BY line_id ORDER BY ` +
        `line_id LIMIT 10`,
    );
    assert.equal(both.isError, false, both.text);
    assert.ok(both.structured.rows.length > 0);

    // the overview names the archive; the table's own description says what it holds
    const schema = await server.call('describe_schema', {});
    assert.match(schema.text, /archive\.quality_data, \d+ rows — older quality_data rows/);
    const described = await server.call('describe_schema', { table: 'archive.quality_data' });
    assert.match(
      described.text,
      /TABLE archive\.quality_data, \d+ rows\n  -- older quality rows moved out of quality_data/,
    );
    const star = await server.query('SELECT * FROM archive.quality_data LIMIT 5');
    assert.equal(star.isError, true);
    assert.match(star.structured.error.code, /SELECT_STAR|STAR/);
    const big = await server.query('SELECT batch_no FROM archive.quality_data LIMIT 1000');
    assert.equal(big.isError, true, 'LIMIT ≤ 100 holds for the archive too');
    const write = await server.query('DELETE FROM archive.quality_data WHERE 1 = 1');
    assert.equal(write.isError, true);
    assert.equal(state(fixture.plantDb).archive, older, 'the archive is untouched by the query tool');
  } finally {
    await server.close();
    fixture.cleanup();
  }
});
