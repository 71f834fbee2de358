import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../runtime/self.js';
import { openSqlite } from '../store/sqlite.js';
import { formatRollupMaintenance, maintainRollups, rollupHealth } from './rollup-maintenance.js';
import { query, testPlants } from './test-plant.js';

const plants = testPlants('rollup-maintenance', 2000);

function tamper(db: string, sql: string): void {
  const handle = openSqlite(db);
  try {
    handle.exec(sql);
  } finally {
    handle.close();
  }
}

/** the rollups as the raw rows give them, by an independent GROUP BY (compared with quality_daily) */
function exact(db: string): boolean {
  const stored = query(
    db,
    'SELECT record_date, line_id, shift, product, batches, inspected_qty, defect_qty FROM quality_daily ORDER BY 1, 2, 3, 4',
  );
  const raw = query(
    db,
    'SELECT record_date, line_id, shift, product, count(*) AS batches, sum(inspected_qty) AS inspected_qty, ' +
      'sum(defect_qty) AS defect_qty FROM quality_data GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4',
  );
  const defects = query(
    db,
    'SELECT record_date, line_id, shift, defect_type, batches, defect_qty FROM quality_daily_defects ORDER BY 1, 2, 3, 4',
  );
  const rawDefects = query(
    db,
    'SELECT record_date, line_id, shift, defect_type, count(*) AS batches, sum(defect_qty) AS defect_qty FROM ' +
      'quality_data WHERE defect_qty > 0 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4',
  );
  return JSON.stringify(stored) === JSON.stringify(raw) && JSON.stringify(defects) === JSON.stringify(rawDefects);
}

test('exact rollups: checked, nothing written; doctor says exact', () => {
  const db = plants.fresh();
  const result = maintainRollups(db);
  assert.equal(result.status, 'exact');
  assert.equal(result.check?.ok, true);
  assert.equal(result.check?.rawRows, 2000);
  assert.match(
    formatRollupMaintenance(result),
    /^rollups: exact \([\d,]+ rollup rows checked against 2,000 quality rows/,
  );
  const health = rollupHealth(db, { quick: false });
  assert.equal(health.status, 'ok');
  assert.match(health.detail, /exact: .* equal the sums of 2,000 quality rows/);
});

test('rollups that differ: doctor fails naming the days and the fix; maintenance sums those days again', () => {
  const db = plants.fresh();
  tamper(
    db,
    "UPDATE quality_daily_inspectors SET inspected_qty = inspected_qty + 5 WHERE record_date = '2026-11-03';" +
      "DELETE FROM quality_daily WHERE record_date = '2026-10-20';" +
      "INSERT INTO quality_daily_defects VALUES ('2031-01-01', 'A', 'day', 'burr', 1, 3)",
  );
  assert.equal(exact(db), false);
  const health = rollupHealth(db, { quick: false });
  assert.equal(health.status, 'fail');
  assert.match(health.detail, /differ from quality_data on 3 day\(s\): 2026-10-20, 2026-11-03, 2031-01-01/);
  assert.match(health.fix ?? '', /airgap-agent maintenance/);
  assert.equal(rollupHealth(db, { quick: true }).status, 'ok', '--quick only looks for the tables');
  const result = maintainRollups(db);
  assert.equal(result.status, 'repaired');
  assert.deepEqual(result.repaired, ['2026-10-20', '2026-11-03', '2031-01-01']);
  assert.match(formatRollupMaintenance(result), /differed from quality_data on 3 day\(s\)/);
  assert.equal(exact(db), true);
  assert.equal(maintainRollups(db).status, 'exact');
});

test('missing rollups: doctor warns (the skills read quality_data); maintenance creates and fills them', () => {
  const db = plants.fresh();
  tamper(db, 'DROP TABLE quality_daily; DROP TABLE quality_daily_defects');
  const health = rollupHealth(db, { quick: true });
  assert.equal(health.status, 'warn');
  assert.match(health.detail, /quality_daily, quality_daily_defects missing/);
  const result = maintainRollups(db);
  assert.equal(result.status, 'rebuilt');
  assert.deepEqual(result.missing, ['quality_daily', 'quality_daily_defects']);
  assert.equal(exact(db), true);
});

test('plant.db read-only (the nightly unit): checked, nothing written, the fix named; a journal is left alone', () => {
  const db = plants.fresh();
  assert.equal(maintainRollups(db, { writable: false }).status, 'exact');
  tamper(db, "UPDATE quality_daily SET batches = batches + 1 WHERE record_date = '2026-11-10'");
  const before = query(db, 'SELECT * FROM quality_daily ORDER BY 1, 2, 3, 4');
  const differing = maintainRollups(db, { writable: false });
  assert.equal(differing.status, 'unrepaired');
  assert.deepEqual(differing.check?.dates, ['2026-11-10']);
  assert.match(
    formatRollupMaintenance(differing),
    /differ from quality_data on 1 day\(s\) \(2026-11-10\), not repaired: plant.db is read-only here; fix: run `airgap-agent maintenance` by hand/,
  );
  assert.deepEqual(query(db, 'SELECT * FROM quality_daily ORDER BY 1, 2, 3, 4'), before, 'nothing written');
  tamper(db, 'DROP TABLE quality_daily_defects');
  const missing = maintainRollups(db, { writable: false });
  assert.deepEqual([missing.status, missing.missing], ['unrepaired', ['quality_daily_defects']]);
  assert.match(formatRollupMaintenance(missing), /quality_daily_defects missing, not created: plant.db is read-only/);
  writeFileSync(`${db}-journal`, '');
  const journal = maintainRollups(db, { writable: false });
  assert.equal(journal.status, 'skipped');
  assert.match(journal.reason ?? '', /interrupted import left plant.db-journal/);
  rmSync(`${db}-journal`);
  assert.equal(maintainRollups(db).status, 'rebuilt', 'writable: created and summed');
  assert.equal(exact(db), true);
});

test('a plant.db that is not there, or has no quality_data: skipped, nothing created', () => {
  const missing = path.join(plants.dir, 'nowhere', 'plant.db');
  assert.equal(maintainRollups(missing).status, 'skipped');
  assert.equal(existsSync(missing), false);
  const empty = path.join(plants.dir, 'empty.db');
  openSqlite(empty).close();
  const result = maintainRollups(empty);
  assert.deepEqual([result.status, result.reason], ['skipped', 'plant.db has no quality_data']);
  assert.equal(rollupHealth(empty, { quick: false }).status, 'ok');
});

test('`airgap-agent maintenance` repairs the rollups of the configured plant.db; `doctor` fails before, passes after', () => {
  const db = plants.fresh();
  tamper(db, "UPDATE quality_daily SET defect_qty = defect_qty + 1 WHERE record_date = '2026-11-27'");
  const dir = path.join(plants.dir, 'cli');
  mkdirSync(path.join(dir, 'skills'), { recursive: true });
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  const config = path.join(dir, 'config.yaml');
  writeFileSync(
    config,
    `plant:\n  db: ${db}\nstate:\n  db: ${dir}/agent.db\nskills:\n  dir: ${dir}/skills\ndocs:\n  root: ${dir}/docs\n` +
      `log:\n  dir: ${dir}/log\nllm:\n  base_url: http://127.0.0.1:9/v1\n`,
  );
  const cli = (...args: string[]) =>
    spawnSync(path.join(appRoot(), 'bin', 'airgap-agent'), ['--config', config, ...args], {
      encoding: 'utf8',
      env: { ...process.env, AIRGAP_AGENT_CONFIG: '' },
    });
  const before = cli('doctor', '--quick', '--json');
  const rollupsBefore = (JSON.parse(before.stdout) as { checks: Array<{ name: string; status: string }> }).checks;
  // --quick only looks for the tables: the full check finds the difference
  assert.equal(rollupsBefore.find((check) => check.name === 'rollups')?.status, 'ok');
  const full = cli('doctor');
  assert.match(
    full.stdout,
    /FAIL rollups: quality_daily differ from quality_data on 1 day\(s\): 2026-11-27\n {5}fix: run `airgap-agent maintenance`/,
  );
  const maintenance = cli('maintenance', '--backup-dir', path.join(dir, 'backups'));
  assert.equal(maintenance.status, 0, maintenance.stderr);
  assert.match(maintenance.stdout, /rollups: differed from quality_data on 1 day\(s\) \(2026-11-27\)/);
  assert.match(maintenance.stderr, /warning: rollups: differed/);
  assert.equal(exact(db), true);
  assert.match(cli('doctor').stdout, /ok {3}rollups: exact/);
});
