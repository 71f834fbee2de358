/**
 * How fresh the plant's data is, as doctor, /readyz, /api/status and the chat page say it: "data up to
 * 2026-11-30 21:40 (imported 06:02)", and a warning once the newest data is older than
 * import.max_age_hours, with the failed files of the inbox counted.
 */
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFromObject } from '../config/load.js';
import { setFixedNow } from '../clock.js';
import { importFile } from './importer.js';
import { readFreshness } from './freshness.js';
import { QUALITY_HEADER, testPlants } from './test-plant.js';

const plants = testPlants('freshness', 600);
const TZ = 'Asia/Shanghai';
afterEach(() => setFixedNow(undefined, 'UTC'));

function configFor(db: string, maxAgeHours: number) {
  const root = path.dirname(db);
  return configFromObject(
    {
      plant: { db, timezone: TZ },
      import: { inbox: path.join(root, `inbox-${path.basename(db, '.db')}`), max_age_hours: maxAgeHours },
    },
    root,
  );
}

/** a plant.db whose newest quality row was recorded 2026-11-30 21:40, imported 2026-12-01 06:02 */
async function importedPlant(): Promise<string> {
  const db = plants.fresh();
  const file = path.join(plants.dir, `night-${path.basename(db)}.csv`);
  writeFileSync(
    file,
    `${QUALITY_HEADER}\nA,2026-11-30,night,FR-${path.basename(db)},铰链,480,2,burr,张伟,2026-11-30 21:40\n`,
  );
  const report = await importFile({ db, table: 'quality_data', file, importedAt: '2026-12-01T06:02:00' });
  assert.equal(report.status, 'imported');
  return db;
}

test('data up to the newest row, with the import time; no warning while it is younger than max_age_hours', async () => {
  const db = await importedPlant();
  setFixedNow('2026-12-01T08:00:00', TZ);
  const fresh = readFreshness(configFor(db, 24));
  assert.equal(fresh.message, 'data up to 2026-11-30 21:40 (imported 06:02)');
  assert.deepEqual([fresh.data_up_to, fresh.age_hours, fresh.stale], ['2026-11-30T21:40:00', 10.3, false]);
  assert.deepEqual(fresh.last_import, {
    at: '2026-12-01T06:02:00',
    file: 'night-plant-1.db.csv',
    table: 'quality_data',
    rows: 1,
  });
});

test('older than max_age_hours: stale, with the warning and what to check; 0 turns the warning off', async () => {
  const db = await importedPlant();
  setFixedNow('2026-12-02T08:00:00', TZ);
  const stale = readFreshness(configFor(db, 24));
  assert.equal(stale.stale, true);
  assert.equal(stale.age_hours, 34.3);
  assert.equal(
    stale.message,
    'data up to 2026-11-30 21:40 (imported 2026-12-01 06:02) — older than 24 h: check the MES export and the inbox',
  );
  const never = readFreshness(configFor(db, 0));
  assert.equal(never.stale, false);
  assert.equal(never.message, 'data up to 2026-11-30 21:40 (imported 2026-12-01 06:02)');
});

test('files in inbox/failed are counted; a missing plant.db is stale and says so', async () => {
  const db = await importedPlant();
  setFixedNow('2026-12-01T08:00:00', TZ);
  const config = configFor(db, 24);
  mkdirSync(path.join(config.import.inbox, 'failed'), { recursive: true });
  writeFileSync(path.join(config.import.inbox, 'failed', '20261201T0600-web.xls'), '<html>');
  const withFailed = readFreshness(config);
  assert.equal(withFailed.inbox.failed, 1);
  assert.match(withFailed.message, / — 1 file\(s\) in inbox\/failed$/);
  const missing = readFreshness(configFor(path.join(plants.dir, 'nothing.db'), 24));
  assert.deepEqual([missing.stale, missing.error, missing.data_up_to], [true, 'missing', null]);
  assert.match(missing.message, /^no plant data: .*nothing\.db does not exist$/);
});

test('the clock against the data: data ahead of the clock, a clock gone back, a clock far past the data', async () => {
  const db = await importedPlant();
  setFixedNow('2026-12-01T08:00:00', TZ);
  assert.equal(readFreshness(configFor(db, 24)).clock, undefined, 'a consistent clock says nothing');
  // the clock set back a day: the newest row (2026-11-30 21:40) lies 34.3 h ahead of it
  setFixedNow('2026-11-29T11:20:00', TZ);
  const behind = readFreshness(configFor(db, 24));
  assert.equal(behind.age_hours, -34.3);
  assert.match(
    behind.clock ?? '',
    /^the newest data \(2026-11-30 21:40\) is 34\.3 h ahead of this machine's clock \(2026-11-29 11:20/,
  );
  assert.match(behind.clock ?? '', /timedatectl/);
  // the clock back by a few hours only: the data is not ahead, the import stamp is
  setFixedNow('2026-12-01T05:00:00', TZ);
  assert.match(
    readFreshness(configFor(db, 24)).clock ?? '',
    /last import is stamped 2026-12-01 06:02, later than this machine's clock/,
  );
  // a clock that jumped years ahead
  setFixedNow('2031-12-01T08:00:00', TZ);
  assert.match(readFreshness(configFor(db, 24)).clock ?? '', /is 1826 days past the newest data/);
});
