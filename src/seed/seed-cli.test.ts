import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../runtime/self.js';
import { openSqlite } from '../store/sqlite.js';

let dir: string;
const bin = path.join(appRoot(), 'bin', 'airgap-agent');

function seed(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  const result = spawnSync(bin, args, { cwd: dir, encoding: 'utf8', env, timeout: 60000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('airgap-agent seed builds the plant and documents, today from --now in the plant zone', () => {
  const result = seed([
    '--now',
    '2026-11-25T17:30:00Z',
    'seed',
    '--db',
    'plant.db',
    '--rows',
    '4000',
    '--seed',
    '3',
    '--docs',
    'docs',
  ]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /seeded .*plant\.db/);
  assert.match(result.stdout, /2025-10-23 \.\. 2026-11-26/);
  assert.match(result.stdout, /quality_data\s+4000/);
  assert.match(result.stdout, /work_orders\s+\d{4}/);
  assert.match(result.stdout, /GBK-encoded/);
  assert.ok(existsSync(path.join(dir, 'docs', 'handover', '2026-11-20-night.txt')));
  const db = openSqlite(path.join(dir, 'plant.db'), { readonly: true });
  try {
    assert.deepEqual(db.prepare("SELECT value FROM seed_info WHERE key IN ('seed', 'today') ORDER BY key").all(), [
      { value: '3' },
      { value: '2026-11-26' },
    ]);
  } finally {
    db.close();
  }
});

test('airgap-agent seed refuses to overwrite without --force, replaces with it', () => {
  const refused = seed(['seed', '--db', 'plant.db', '--rows', '100', '--today', '2026-11-26', '--no-docs']);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /already exists[\s\S]*--force/);
  const replaced = seed(['seed', '--db', 'plant.db', '--rows', '100', '--today', '2026-11-29', '--no-docs', '--force']);
  assert.equal(replaced.status, 0, replaced.stderr);
  assert.match(replaced.stdout, /quality_data\s+100\n/);
});

test('airgap-agent seed names bad options and exits 2', () => {
  for (const [args, message] of [
    [['--rows', 'lots'], /--rows must be a whole number/],
    [['--rows', '60000000'], /rows must be a whole number from 1 to 50,000,000/],
    [['--today', '2026-02-30'], /not a calendar date/],
    [['--seed', 'x'], /--seed must be a whole number/],
    [['--bogus'], /Unknown option/],
  ] as const) {
    const result = seed(['seed', '--db', 'bad.db', '--no-docs', ...args]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, message);
    assert.match(result.stderr, /fix:/);
  }
  assert.equal(existsSync(path.join(dir, 'bad.db')), false);
});
