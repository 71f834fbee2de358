/**
 * Reports belong to their author (issue 29, N10): another operator's
 * `overwrite: true` replaced anyone's report. Through the real routes (the
 * service in process, a fake agent answering), real files in reports.dir.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeReport } from '../reports/writer.js';
import { fakeHarness } from './testing/fakes.js';
import { ADMIN, OPERATOR, addUsers, cookieFor, get, json, until } from './testing/helpers.js';

const OTHER = { username: 'olga', password: 'operator-pass-456' };

async function answeredTask(harness: ReturnType<typeof fakeHarness>, cookie: string, question: string) {
  const response = await harness.app.request('/api/tasks', json({ question }, cookie));
  assert.equal(response.status, 202, await response.clone().text());
  const { task_id: taskId } = (await response.json()) as { task_id: string };
  await until(() =>
    ['success', 'failed'].includes(
      (harness.db.prepare('SELECT state FROM tasks WHERE task_id = ?').get(taskId) as { state: string }).state,
    ),
  );
  return taskId;
}

test('another operator cannot overwrite a report; its author and admins can (N10)', async () => {
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    await harness.service.accounts.add({ ...OTHER, role: 'operator' });
    const otto = await cookieFor(harness, OPERATOR);
    const olga = await cookieFor(harness, OTHER);
    const ada = await cookieFor(harness, ADMIN);
    const ottoTask = await answeredTask(harness, otto, 'rules: line A');
    const olgaTask = await answeredTask(harness, olga, 'rules: line B');
    const save = (cookie: string, taskId: string, overwrite: boolean) =>
      harness.app.request('/api/reports', json({ task_id: taskId, format: 'md', name: 'week.md', overwrite }, cookie));
    const file = path.join(harness.config.reports.dir, 'week.md');

    assert.equal((await save(otto, ottoTask, false)).status, 201);
    const original = readFileSync(file, 'utf8');
    const refused = await save(olga, olgaTask, true);
    assert.equal(refused.status, 403, await refused.clone().text());
    const body = (await refused.json()) as { error: { message: string; hint: string } };
    assert.match(body.error.message, /report "week\.md" belongs to otto/);
    assert.match(body.error.hint, /another name/);
    assert.equal(readFileSync(file, 'utf8'), original, 'the file is untouched');

    // the author replaces their own; the list says whose it is
    assert.equal((await save(otto, ottoTask, true)).status, 201);
    const listed = (await (await harness.app.request('/api/reports', get(olga))).json()) as {
      reports: Array<{ name: string; owner: string | null }>;
    };
    assert.deepEqual(
      listed.reports.map((report) => [report.name, report.owner]),
      [['week.md', 'otto']],
    );
    // an admin may replace anyone's (admins' own task: an admin may save any task's answer)
    assert.equal((await save(ada, olgaTask, true)).status, 201);
    assert.match(readFileSync(file, 'utf8'), /line B/);
    // the replaced file now belongs to the admin who wrote it: the first author no longer overwrites it
    assert.equal((await save(otto, ottoTask, true)).status, 403);

    // a report nobody in the service wrote (a maintenance script's, one from before) is replaced by admins only
    writeReport({
      dir: harness.config.reports.dir,
      name: 'script.md',
      content: '# from a script\n',
      maxBytes: 1000,
      maxTotalBytes: 1_000_000,
    });
    const orphan = await harness.app.request(
      '/api/reports',
      json({ task_id: ottoTask, format: 'md', name: 'script.md', overwrite: true }, otto),
    );
    assert.equal(orphan.status, 403);
    assert.match(((await orphan.json()) as { error: { message: string } }).error.message, /no author in this service/);
  } finally {
    harness.close();
  }
});
