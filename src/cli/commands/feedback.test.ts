/**
 * `feedback export` with nothing to export (issue 30): a nightly export job must not fail on a quiet day. The real
 * program in its own process: exit 0, one plain line on stderr saying there is nothing to export, and on stdout an
 * agent-test file with no cases that the loader reads without a problem — with no feedback at all, with feedback
 * not yet reviewed, and with an --id that is not reviewed; once one is reviewed, it is exported and the line is gone.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCaseFile } from '../../agent-test/load-cases.js';
import { Accounts } from '../../http/accounts.js';
import { openAgentDb } from '../../store/agent-db.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ENTRY = path.join(ROOT, 'src', 'cli', 'entry.ts');

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('feedback export with nothing to export (issue 30)', () => {
  let dir: string;
  let global: string[];
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'feedback-export-'));
    const config = path.join(dir, 'config.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    global = ['--config', config];
    const db = openAgentDb(path.join(dir, 'agent.db'));
    await new Accounts(db, { ttlHours: 1 }).add({ username: 'ada', password: 'admin-pass-123', role: 'admin' });
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** exit 0, the one line on stderr, and a case file with no cases on stdout */
  async function exportsNothing(extra: string[] = []): Promise<void> {
    const result = await cli([...global, 'feedback', 'export', '--format', 'agent-test', ...extra]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^nothing to export: no reviewed feedback yet \(review some with `feedback review/);
    assert.equal(result.stderr.trimEnd().split('\n').length, 1, result.stderr);
    assert.doesNotMatch(result.stderr, /error|at .*\.ts:\d+/);
    const file = path.join(dir, 'exported.yaml');
    writeFileSync(file, result.stdout);
    const loaded = loadCaseFile(file);
    assert.deepEqual(loaded.problems, []);
    assert.equal(loaded.cases.length, 0);
  }

  test('no feedback at all', async () => {
    await exportsNothing();
  });

  test('feedback given but not reviewed, and an --id not reviewed', async () => {
    const added = await cli([
      ...global,
      ...['feedback', 'add', '--question', 'A线昨天的产量', '--verdict', 'wrong', '--correction', '只要白班', '--json'],
    ]);
    assert.equal(added.code, 0, added.stderr);
    const id = String((JSON.parse(added.stdout) as { feedback_id: number }).feedback_id);
    await exportsNothing();
    await exportsNothing(['--id', id]);

    // once reviewed, the same command exports it: the line above is said only when nothing is there
    const reviewed = await cli([
      ...global,
      ...['feedback', 'review', id, '--as', 'ada', '--skill', 'quality_metrics', '--expect', '产量'],
    ]);
    assert.equal(reviewed.code, 0, reviewed.stderr);
    const exported = await cli([...global, 'feedback', 'export', '--format', 'agent-test']);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stderr, '1 case(s) from reviewed feedback\n');
    assert.match(exported.stdout, /input: A线昨天的产量/);
  });

  test('without --format it is a usage error, not an empty export', async () => {
    const result = await cli([...global, 'feedback', 'export']);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /feedback export --format agent-test/);
  });
});
