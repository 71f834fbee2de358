import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { setFixedNow } from '../clock.js';
import { writeReport } from '../reports/writer.js';
import { fakeHarness } from './testing/fakes.js';
import { ADMIN, OPERATOR, addUsers, cookieFor, get, json, until } from './testing/helpers.js';

async function answeredTask(
  harness: ReturnType<typeof fakeHarness>,
  cookie: string,
  question: string,
): Promise<string> {
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

test('feedback: operators give it on their own answers, admins review, export, teach and remove phrasings', async () => {
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    const operator = await cookieFor(harness, OPERATOR);
    const admin = await cookieFor(harness, ADMIN);
    const taskId = await answeredTask(harness, operator, 'rules: line A');
    assert.equal(
      (await harness.app.request('/api/feedback', json({ task_id: 'nope', verdict: 'wrong' }, operator))).status,
      404,
    );
    assert.equal(
      (await harness.app.request('/api/feedback', json({ task_id: taskId, verdict: 'maybe' }, operator))).status,
      400,
    );
    const given = await harness.app.request(
      '/api/feedback',
      json({ task_id: taskId, verdict: 'wrong', correction: 'the rate was for line B' }, operator),
    );
    assert.equal(given.status, 201, await given.clone().text());
    const { feedback } = (await given.json()) as {
      feedback: { feedback_id: number; question: string; given_by: string };
    };
    assert.equal(feedback.question, 'rules: line A');
    assert.equal(feedback.given_by, OPERATOR.username);

    assert.equal((await harness.app.request('/api/feedback', get(operator))).status, 403, 'operators do not review');
    const vague = await harness.app.request(`/api/feedback/${feedback.feedback_id}/review`, json({}, admin));
    assert.equal(vague.status, 400);
    assert.match(((await vague.json()) as { error: { message: string } }).error.message, /say what is right/);
    const reviewed = await harness.app.request(
      `/api/feedback/${feedback.feedback_id}/review`,
      json({ expected_skill: 'quality_metrics', expected_args: { lines: ['B'] }, expected_output: ['Line B'] }, admin),
    );
    assert.equal(reviewed.status, 200, await reviewed.clone().text());

    const exported = await harness.app.request('/api/feedback/export?format=agent-test', get(admin));
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-disposition') ?? '', /attachment/);
    const file = parse(await exported.text()) as { cases: Array<Record<string, unknown>> };
    assert.deepEqual(file.cases[0], {
      name: `feedback #${feedback.feedback_id}: rules: line A`,
      input: 'rules: line A',
      now: file.cases[0]!.now,
      tags: ['feedback', 'operator'],
      expected_skill: 'quality_metrics',
      expected_tools: [{ name: 'quality_metrics', ok: true, args: { lines: ['B'] } }],
      expected_output_contains: ['Line B'],
    });

    const taught = await harness.app.request(`/api/feedback/${feedback.feedback_id}/teach`, json({}, admin));
    assert.equal(taught.status, 201, await taught.clone().text());
    const { phrasing } = (await taught.json()) as { phrasing: { id: number; version: number } };
    const unknown = await harness.app.request(
      '/api/phrasings',
      json({ phrase: 'restart everything', skill: 'rm_rf', args: {} }, admin),
    );
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /no enabled skill named \\"rm_rf\\"/);
    const listed = (await (await harness.app.request('/api/phrasings', get(admin))).json()) as {
      version: number;
      phrasings: unknown[];
    };
    assert.equal(listed.version, 1);
    assert.equal(listed.phrasings.length, 1);
    assert.equal(
      (await harness.app.request(`/api/phrasings/${phrasing.id}`, { method: 'DELETE', headers: { Cookie: operator } }))
        .status,
      403,
    );
    const removed = await harness.app.request(`/api/phrasings/${phrasing.id}`, {
      method: 'DELETE',
      headers: { Cookie: admin },
    });
    assert.equal(((await removed.json()) as { version: number }).version, 2);
  } finally {
    harness.close();
  }
});

test('hand-over: the operator hands a question over, an admin answers, the answer joins the conversation and counts as a correction', async () => {
  // the plant clock (--now), not the machine's: the answer is stamped with it
  setFixedNow('2026-11-30T09:15:00+08:00', 'Asia/Shanghai');
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    const operator = await cookieFor(harness, OPERATOR);
    const admin = await cookieFor(harness, ADMIN);
    const taskId = await answeredTask(harness, operator, 'rules: why is line C slow');
    const opened = await harness.app.request('/api/handovers', json({ task_id: taskId, note: 'urgent' }, operator));
    assert.equal(opened.status, 201, await opened.clone().text());
    const { handover } = (await opened.json()) as {
      handover: { handover_id: number; session_id: string; tried: string };
    };
    assert.match(handover.tried, /mode: /);
    const again = (await (await harness.app.request('/api/handovers', json({ task_id: taskId }, operator))).json()) as {
      handover: { handover_id: number };
    };
    assert.equal(again.handover.handover_id, handover.handover_id, 'handing the same task over twice keeps one record');
    assert.equal(
      (await harness.app.request(`/api/handovers/${handover.handover_id}/answer`, json({ answer: 'x' }, operator)))
        .status,
      403,
    );
    const queue = (await (await harness.app.request('/api/handovers?state=open', get(admin))).json()) as {
      handovers: Array<{ note: string }>;
    };
    assert.equal(queue.handovers[0]?.note, 'urgent');
    const answered = await harness.app.request(
      `/api/handovers/${handover.handover_id}/answer`,
      json({ answer: 'The feeder jams; cleared it.', action_taken: 'WO-77' }, admin),
    );
    assert.equal(answered.status, 200, await answered.clone().text());
    assert.equal(
      (await harness.app.request(`/api/handovers/${handover.handover_id}/answer`, json({ answer: 'again' }, admin)))
        .status,
      409,
    );
    const turns = harness.db
      .prepare('SELECT content FROM conversation_history WHERE session_id = ? ORDER BY turn')
      .all(handover.session_id) as Array<{ content: string }>;
    assert.match(turns.at(-1)!.content, /^\[engineer ada\] The feeder jams; cleared it\.\n\(what was done: WO-77\)$/);
    const corrections = harness.db
      .prepare("SELECT source, correction, given_by FROM feedback WHERE source = 'handover'")
      .all();
    assert.deepEqual(corrections, [
      { source: 'handover', correction: 'The feeder jams; cleared it.', given_by: 'ada' },
    ]);
    const mine = (await (
      await harness.app.request(`/api/handovers?session_id=${handover.session_id}`, get(operator))
    ).json()) as { handovers: Array<{ state: string }> };
    assert.equal(mine.handovers[0]?.state, 'answered');
    const stamps = harness.db
      .prepare(
        'SELECT h.answered_at, c.timestamp FROM handovers h JOIN conversation_history c ON c.session_id = h.session_id ' +
          'WHERE h.handover_id = ? ORDER BY c.turn DESC LIMIT 1',
      )
      .get(handover.handover_id) as { answered_at: string; timestamp: string };
    assert.deepEqual(stamps, { answered_at: '2026-11-30T01:15:00.000Z', timestamp: '2026-11-30T01:15:00.000Z' });
  } finally {
    harness.close();
    setFixedNow(undefined, 'UTC');
  }
});

test('report files: listed and downloaded as attachments by logged-in users only, names confined', async () => {
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    const operator = await cookieFor(harness, OPERATOR);
    writeReport({
      dir: harness.config.reports.dir,
      name: 'week 48.html',
      content: '<p>hi</p>',
      maxBytes: 1000,
      maxTotalBytes: 1_000_000,
    });
    assert.equal((await harness.app.request('/api/reports')).status, 401);
    const list = (await (await harness.app.request('/api/reports', get(operator))).json()) as {
      reports: Array<{ name: string; format: string }>;
    };
    assert.deepEqual(
      list.reports.map((report) => [report.name, report.format]),
      [['week 48.html', 'html']],
    );
    const download = await harness.app.request('/api/reports/week%2048.html', get(operator));
    assert.equal(download.status, 200);
    assert.equal(await download.text(), '<p>hi</p>');
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="week 48.html"/);
    assert.match(download.headers.get('content-security-policy') ?? '', /sandbox/);
    for (const name of ['..%2Fagent.db', '..%2F..%2Fetc%2Fpasswd', 'agent.db', '.hidden.csv']) {
      const refused = await harness.app.request(`/api/reports/${name}`, get(operator));
      assert.ok([400, 404].includes(refused.status), `${name}: ${refused.status}`);
    }
  } finally {
    harness.close();
  }
});

test('an answer saved as a report: Markdown, HTML, CSV of its tables; never overwritten without asking', async () => {
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    const operator = await cookieFor(harness, OPERATOR);
    const taskId = await answeredTask(harness, operator, 'rules: line A');
    const md = await harness.app.request(
      '/api/reports',
      json({ task_id: taskId, format: 'md', name: 'line-a.md' }, operator),
    );
    assert.equal(md.status, 201, await md.clone().text());
    assert.equal(((await md.json()) as { report: { url: string } }).report.url, '/api/reports/line-a.md');
    const text = await (await harness.app.request('/api/reports/line-a.md', get(operator))).text();
    assert.match(text, /^# rules: line A\n\n_Demo plant · .* · otto/);
    const again = await harness.app.request(
      '/api/reports',
      json({ task_id: taskId, format: 'md', name: 'line-a.md' }, operator),
    );
    assert.equal(again.status, 409);
    assert.equal(
      (
        await harness.app.request(
          '/api/reports',
          json({ task_id: taskId, format: 'md', name: 'line-a.md', overwrite: true }, operator),
        )
      ).status,
      201,
    );
    assert.equal(
      (
        await harness.app.request(
          '/api/reports',
          json({ task_id: taskId, format: 'md', name: '../escape.md' }, operator),
        )
      ).status,
      400,
    );
    // the answer's chart (Defects: A 3, B 5) goes with it: drawn in HTML, tabulated in Markdown
    assert.equal(
      (
        await harness.app.request(
          '/api/reports',
          json({ task_id: taskId, format: 'html', name: 'line-a.html' }, operator),
        )
      ).status,
      201,
    );
    const html = await (await harness.app.request('/api/reports/line-a.html', get(operator))).text();
    assert.equal((html.match(/<svg /g) ?? []).length, 1);
    assert.match(html, /<title>defects · B: 5<\/title>/);
    assert.match(text, /\| Chart: Defects \| defects \|\n\|---\|---:\|\n\| A \| 3 \|\n\| B \| 5 \|\n$/);
  } finally {
    harness.close();
  }
});

test("a saved report is named with the plant's date, not UTC's", async () => {
  // 23:30 UTC on 2026-11-29 is 07:30 on 2026-11-30 in Shanghai
  setFixedNow('2026-11-29T23:30:00Z', 'Asia/Shanghai');
  const harness = fakeHarness();
  try {
    await addUsers(harness);
    const operator = await cookieFor(harness, OPERATOR);
    const taskId = await answeredTask(harness, operator, 'rules: line A');
    const saved = await harness.app.request('/api/reports', json({ task_id: taskId, format: 'md' }, operator));
    assert.equal(saved.status, 201, await saved.clone().text());
    const { report } = (await saved.json()) as { report: { name: string } };
    assert.equal(report.name, 'rules line A 2026-11-30.md');
    const text = await (
      await harness.app.request(`/api/reports/${encodeURIComponent(report.name)}`, get(operator))
    ).text();
    assert.match(text, /· 2026-11-30 07:30 \(Asia\/Shanghai\) ·/);
  } finally {
    harness.close();
    setFixedNow(undefined, 'UTC');
  }
});

test('answer reports: tables become CSV rows and HTML tables, text is escaped', async () => {
  const { answerReport } = await import('../reports/answer-report.js');
  const answer =
    '## Line A, last week\n\n**Defect rate** 2.1%\n\n| day | output | defect rate |\n|---|---:|---:' +
    '|\n| 2026-11-16 | 1,200 | 2.0% |\n| 2026-11-17 | =cmd | 2.2% |\n\n- worst day: <b>Tue</b>';
  const options = {
    question: 'line A last week',
    answer,
    askedAt: '2026-11-25T02:00:00Z',
    by: 'otto',
    traceId: 't-1',
    plant: 'Demo plant',
  };
  const csv = answerReport('csv', options);
  assert.equal(csv, '\uFEFFday,output,defect rate\r\n2026-11-16,"1,200",2.0%\r\n2026-11-17,\'=cmd,2.2%\r\n');
  const html = answerReport('html', options);
  assert.match(html, /<h3>Line A, last week<\/h3>/);
  assert.match(html, /<tr><td>2026-11-16<\/td><td class="n">1,200<\/td><td class="n">2\.0%<\/td><\/tr>/);
  assert.match(html, /<li>worst day: &lt;b&gt;Tue&lt;\/b&gt;<\/li>/);
  assert.throws(() => answerReport('csv', { ...options, answer: 'no table here' }), /no table to save as CSV/);
});
