/**
 * Feedback that teaches, through real processes (`airgap-agent feedback …`,
 * `agent-test`): an operator's "wrong" on a question the rules do not know →
 * an admin reviews it (the skill that answers it) → exported as an agent-test
 * case → agent-test replays it and FAILS → the phrasing is taught → agent-test
 * PASSES, and a close paraphrase is answered by the rules too, explained →
 * the phrasing is removed (versioned) → agent-test fails again.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedTestPlant } from '../seed/index.js';
import { openAgentDb } from '../store/agent-db.js';
import { Accounts } from '../http/accounts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');
const NOW = '2026-11-25T10:00:00+08:00';
const QUESTION = 'give me the rundown on this week';

function cli(
  args: string[],
  program: 'airgap-agent' | 'agent-test' = 'airgap-agent',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = program === 'agent-test' ? ['test', ...args] : args;
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...argv], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('feedback → agent-test case → taught phrasing', () => {
  let dir: string;
  let config: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'feedback-loop-'));
    const plant = seedTestPlant({ dir, today: '2026-11-25' });
    config = path.join(dir, 'config.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        plant: { db: plant.db },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        docs: { root: plant.docsDir },
        llm: { base_url: null },
        skills: { watch: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    const db = openAgentDb(path.join(dir, 'agent.db'));
    await new Accounts(db, { ttlHours: 1 }).add({ username: 'ada', password: 'admin-pass-123', role: 'admin' });
    await new Accounts(db, { ttlHours: 1 }).add({ username: 'otto', password: 'operator-pass-123', role: 'operator' });
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the exported case fails until the phrasing is taught, passes after, fails again once removed', async () => {
    const g = ['--config', config, '--now', NOW];
    const added = await cli([
      ...g,
      'feedback',
      'add',
      '--question',
      QUESTION,
      '--verdict',
      'wrong',
      '--correction',
      'I wanted the weekly quality report',
      '--as',
      'otto',
      '--json',
    ]);
    assert.equal(added.code, 0, added.stderr);
    const id = String(JSON.parse(added.stdout).feedback_id);

    const refused = await cli([...g, 'feedback', 'review', id, '--as', 'otto']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /not an enabled admin account/);
    const vague = await cli([...g, 'feedback', 'review', id, '--as', 'ada']);
    assert.equal(vague.code, 1);
    assert.match(vague.stderr, /say what is right/);
    const badArgs = await cli([
      ...g,
      'feedback',
      'review',
      id,
      '--as',
      'ada',
      '--skill',
      'weekly_report',
      '--args',
      '{"week_start":"$period.from"}',
      '--expect',
      'Weekly quality report',
    ]);
    assert.equal(badArgs.code, 0, badArgs.stderr);

    const exported = await cli([...g, 'feedback', 'export', '--format', 'agent-test']);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /input: give me the rundown on this week/);
    assert.match(exported.stdout, /expected_skill: weekly_report/);
    const cases = path.join(dir, 'cases.yaml');
    writeFileSync(cases, exported.stdout);

    const before = await cli(['--config', config, cases], 'agent-test');
    assert.equal(before.code, 1, `the case must fail before teaching:\n${before.stdout}${before.stderr}`);
    assert.match(before.stdout + before.stderr, /fail/i);

    const wrongSkill = await cli([
      ...g,
      'feedback',
      'teach',
      '--phrase',
      QUESTION,
      '--skill',
      'weekly_report',
      '--args',
      '{"week_start":"25/11"}',
      '--as',
      'ada',
    ]);
    assert.equal(wrongSkill.code, 1);
    assert.match(wrongSkill.stderr, /argument "week_start"/);

    const taught = await cli([...g, 'feedback', 'teach', id, '--as', 'ada', '--json']);
    assert.equal(taught.code, 0, taught.stderr);
    const phrasing = JSON.parse(taught.stdout) as { id: number; version: number };
    assert.equal(phrasing.version, 1);

    const afterTeach = await cli(['--config', config, cases], 'agent-test');
    assert.equal(afterTeach.code, 0, `the case must pass once taught:\n${afterTeach.stdout}${afterTeach.stderr}`);

    // a close paraphrase is answered by the rules too, and the route says which phrasing and why
    const explained = await cli([...g, 'feedback', 'explain', 'please give me the rundown for last week']);
    assert.equal(explained.code, 0, explained.stderr);
    assert.match(
      explained.stdout,
      /route: weekly_report \{"week_start":"2026-11-16"\} — taught phrasing #1 \(version 1, by ada\) "give me the rundown on this week" matched/,
    );
    const answered = await cli([...g, 'ask', 'please give me the rundown for last week', '--json']);
    assert.equal(answered.code, 0, answered.stderr);
    const answer = JSON.parse(answered.stdout) as { mode: string; skill: string };
    assert.equal(answer.mode, 'rules');
    assert.equal(answer.skill, 'weekly_report');

    const forgotten = await cli([...g, 'feedback', 'forget', String(phrasing.id), '--as', 'ada']);
    assert.equal(forgotten.code, 0, forgotten.stderr);
    const listed = await cli([...g, 'feedback', 'phrasings', '--all', '--json']);
    const store = JSON.parse(listed.stdout) as { version: number; phrasings: Array<{ removed_by: string | null }> };
    assert.equal(store.version, 2, 'teaching and removing are two versions');
    assert.equal(store.phrasings[0]?.removed_by, 'ada');
    const afterForget = await cli(['--config', config, cases], 'agent-test');
    assert.equal(afterForget.code, 1, 'removed: the case fails again');
  });
});
