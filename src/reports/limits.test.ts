/**
 * What one question may write (issue 29, N19): `export_quality_csv` wrote a
 * 10 MB file for any period, without anybody's approval, and the reports
 * folder had no total. On a seeded plant, the shipped script through the
 * real runner, the exporter and the writer with real files:
 *
 * - the shipped export needs an admin's approval;
 * - a period past reports.export_max_days (every record) or 366 days (daily)
 *   is refused with the cap and the fix;
 * - a report that would take the folder past reports.total_max_mb is refused,
 *   and nothing is left behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { seedPlant } from '../seed/index.js';
import { loadScripts } from '../maint-scripts/manifest.js';
import { runScript } from '../maint-scripts/runner.js';
import { exportQuality } from './quality-export.js';
import { writeReport } from './writer.js';

function setup(reports: Record<string, unknown> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'report-limits-'));
  seedPlant({ db: path.join(dir, 'plant.db'), rows: 2000, today: '2026-11-29', seed: 3 });
  const config = configFromObject(
    {
      state: { db: 'agent.db' },
      plant: { db: 'plant.db', timezone: 'Asia/Shanghai' },
      reports: { dir: 'reports', ...reports },
      scripts: { sandbox: 'none' },
      log: { dir: 'log', level: 'silent' },
    },
    dir,
  );
  return { dir, config, close: () => rmSync(dir, { recursive: true, force: true }) };
}

test('the shipped export_quality_csv needs an admin’s approval', async () => {
  const { config, close } = setup();
  const db = openAgentDb(config.state.db);
  try {
    const entry = loadScripts(config).find((candidate) => candidate.name === 'export_quality_csv')!;
    assert.equal(entry.manifest?.needs_approval, true);
    await assert.rejects(
      runScript({
        config,
        db,
        entry,
        args: { from: '2026-11-23', to: '2026-11-29' },
        requestedBy: 'otto',
        approvedBy: null,
      }),
      /needs an admin's approval/,
    );
    assert.equal(existsSync(config.reports.dir) ? readdirSync(config.reports.dir).length : 0, 0, 'nothing written');
  } finally {
    db.close();
    close();
  }
});

test('an export period past the cap is refused with the cap and the fix', () => {
  const { config, close } = setup({ export_max_days: 31 });
  try {
    assert.throws(
      () => exportQuality(config, { from: '2026-10-01', to: '2026-11-29', level: 'records' }),
      (error: Error & { hint?: string }) =>
        /every record of 60 days: more than the 31 days one export may cover \(reports\.export_max_days\)/.test(
          error.message,
        ) && /shorter period|daily/.test(error.hint ?? ''),
    );
    assert.throws(
      () => exportQuality(config, { from: '2025-01-01', to: '2026-11-29', level: 'daily' }),
      /a daily summary of 698 days: more than the 366 days one export may cover/,
    );
    // within the caps it writes
    const written = exportQuality(config, { from: '2026-11-01', to: '2026-11-29', level: 'records' });
    assert.ok(written.rows > 0);
  } finally {
    close();
  }
});

test('the reports folder has a total: past reports.total_max_mb a report is refused, nothing left behind', () => {
  const { config, close } = setup({ total_max_mb: 1, max_kb: 600 });
  try {
    const options = { dir: config.reports.dir, maxBytes: 600 * 1024, maxTotalBytes: 1024 * 1024 };
    writeReport({ ...options, name: 'one.csv', content: 'x'.repeat(500 * 1024) });
    writeReport({ ...options, name: 'two.csv', content: 'x'.repeat(500 * 1024) });
    assert.throws(
      () => writeReport({ ...options, name: 'three.csv', content: 'x'.repeat(100 * 1024) }),
      (error: Error & { hint?: string }) =>
        /the reports folder would hold 1100 KiB, over its 1024 KiB total \(reports\.total_max_mb\)/.test(
          error.message,
        ) && /delete old reports/.test(error.hint ?? ''),
    );
    assert.deepEqual(readdirSync(config.reports.dir).sort(), ['one.csv', 'two.csv']);
    // replacing a file counts its new size, not both
    writeReport({ ...options, name: 'two.csv', content: 'y'.repeat(520 * 1024), overwrite: true });
  } finally {
    close();
  }
});
