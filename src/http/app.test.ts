/**
 * The API in process (app.request, no socket): log-in and roles, validation,
 * size limits, the queue's 429, cancel, approvals, the event stream's replay,
 * readyz and metrics, and the one error mapping. The agent, skills engine and
 * tools are small fakes (testing/fakes.ts); tasks, accounts, the queue and
 * agent.db are real.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setFixedNow } from '../clock.js';
import { fakeHarness, type FakeHarness } from './testing/fakes.js';
import { ADMIN, OPERATOR, addUsers, cookieFor, dataOf, events, get, json, until } from './testing/helpers.js';

describe('no accounts yet', () => {
  let harness: FakeHarness;
  before(() => (harness = fakeHarness()));
  after(() => harness.close());

  test('the service starts; status, log-in and every API route say how to create the first admin', async () => {
    const status = await (await harness.app.request('/api/status')).json();
    assert.equal(status.needs_first_admin, true);
    assert.match(status.hint, /airgap-agent users add NAME --role admin/);
    const login = await harness.app.request('/api/login', json({ username: 'admin', password: 'admin' }));
    assert.equal(login.status, 401);
    assert.match((await login.json()).error.hint, /users add NAME --role admin/);
    const sessions = await harness.app.request('/api/sessions');
    assert.equal(sessions.status, 401);
    assert.match((await sessions.json()).error.hint, /users add NAME --role admin/);
    const page = await harness.app.request('/');
    assert.equal(page.status, 200);
  });
});

describe('the API', () => {
  let harness: FakeHarness;
  let admin: string;
  let operator: string;
  before(async () => {
    harness = fakeHarness({ server: { body_limit_kb: 1, queue_max: 2 }, llm: { concurrency: 1 } });
    await addUsers(harness);
    admin = await cookieFor(harness, ADMIN);
    operator = await cookieFor(harness, OPERATOR);
  });
  after(() => harness.close());

  test('log-in: HttpOnly SameSite=Strict cookie, or a bearer token; both stored only as hashes; logout ends them', async () => {
    const response = await harness.app.request('/api/login', json(OPERATOR));
    assert.equal(response.status, 200);
    const cookie = response.headers.get('set-cookie')!;
    assert.match(cookie, /^airgap_session=[\w-]{30,};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Max-Age=43200/);
    const bearer = await (await harness.app.request('/api/login', json({ ...OPERATOR, kind: 'bearer' }))).json();
    assert.equal(bearer.user.role, 'operator');
    const me = await harness.app.request('/api/me', { headers: { Authorization: `Bearer ${bearer.token}` } });
    assert.deepEqual(await me.json(), { username: 'otto', role: 'operator' });
    const stored = harness.db.prepare('SELECT token_hash FROM auth_tokens').all() as Array<{ token_hash: string }>;
    assert.ok(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash) && row.token_hash !== bearer.token));
    await harness.app.request('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${bearer.token}` } });
    assert.equal(
      (await harness.app.request('/api/me', { headers: { Authorization: `Bearer ${bearer.token}` } })).status,
      401,
    );
  });

  test('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await harness.app.request('/api/login', json({ username: 'otto', password: 'nope-nope-nope' }));
    const unknown = await harness.app.request('/api/login', json({ username: 'nobody', password: 'nope-nope-nope' }));
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal((await wrong.json()).error.message, (await unknown.json()).error.message);
  });

  test('a token expires after server.session_ttl_hours', async () => {
    const bearer = await (await harness.app.request('/api/login', json({ ...OPERATOR, kind: 'bearer' }))).json();
    try {
      setFixedNow(new Date(Date.parse(bearer.expires_at) + 1000).toISOString(), 'UTC');
      const me = await harness.app.request('/api/me', { headers: { Authorization: `Bearer ${bearer.token}` } });
      assert.equal(me.status, 401);
      assert.match((await me.json()).error.message, /expired/);
    } finally {
      setFixedNow(undefined, 'UTC');
    }
  });

  test('roles: operators cannot read the audit log, list approvals or reload skills', async () => {
    for (const [method, path] of [
      ['GET', '/api/audit'],
      ['GET', '/api/approvals'],
      ['POST', '/api/skills/reload'],
    ] as const) {
      const response = await harness.app.request(path, { method, headers: { Cookie: operator } });
      assert.equal(response.status, 403, path);
      assert.equal((await response.json()).error.code, 'FORBIDDEN');
    }
    assert.equal((await harness.app.request('/api/audit', get(admin))).status, 200);
  });

  test('validation: the error names the field; bad JSON, unknown fields and empty questions are 400', async () => {
    const empty = await harness.app.request('/api/tasks', json({ question: '   ' }, operator));
    assert.equal(empty.status, 400);
    const body = await empty.json();
    assert.equal(body.error.code, 'BAD_REQUEST');
    assert.match(body.error.message, /"question": the question is empty/);
    assert.equal(body.error.trace_id, empty.headers.get('x-trace-id'));
    const missing = await (await harness.app.request('/api/tasks', json({}, operator))).json();
    assert.match(missing.error.message, /"question"/);
    const extra = await harness.app.request('/api/tasks', json({ question: 'x', sessionid: 'y' }, operator));
    assert.equal(extra.status, 400);
    const notJson = await harness.app.request('/api/tasks', {
      method: 'POST',
      headers: { Cookie: operator, 'Content-Type': 'application/json' },
      body: '{"question": ',
    });
    assert.equal(notJson.status, 400);
    assert.match((await notJson.json()).error.message, /not valid JSON/);
    const badSession = await harness.app.request(
      '/api/tasks',
      json({ question: 'rules: x', session_id: 'no such' }, operator),
    );
    assert.equal(badSession.status, 400);
    const unknownSession = await harness.app.request(
      '/api/tasks',
      json({ question: 'rules: x', session_id: 'nosuchsession' }, operator),
    );
    assert.equal(unknownSession.status, 404);
  });

  test('a body over server.body_limit_kb is refused with 413 before it is read', async () => {
    const response = await harness.app.request('/api/tasks', json({ question: 'x'.repeat(2000) }, operator));
    assert.equal(response.status, 413);
    const body = await response.json();
    assert.equal(body.error.code, 'PAYLOAD_TOO_LARGE');
    assert.match(body.error.hint, /server\.body_limit_kb/);
  });

  test('every response carries a trace id; a well-formed incoming one is kept; unknown routes are JSON 404s', async () => {
    const response = await harness.app.request('/healthz', { headers: { 'X-Trace-Id': 'bench-0001-abc' } });
    assert.equal(response.headers.get('x-trace-id'), 'bench-0001-abc');
    const ugly = await harness.app.request('/healthz', { headers: { 'X-Trace-Id': 'bad id with spaces' } });
    assert.match(ugly.headers.get('x-trace-id')!, /^[0-9a-f-]{36}$/);
    const missing = await harness.app.request('/api/nothing-here', get(operator));
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).error.code, 'NOT_FOUND');
  });

  test('an unexpected error is a plain 500 with the trace id, never its message or stack', async () => {
    harness.skills.failList = true;
    try {
      const response = await harness.app.request('/api/skills', get(operator));
      assert.equal(response.status, 500);
      const text = await response.text();
      assert.doesNotMatch(text, /secret|on fire|at \w+ \(/);
      const body = JSON.parse(text);
      assert.equal(body.error.code, 'INTERNAL');
      assert.equal(body.error.trace_id, response.headers.get('x-trace-id'));
      assert.match(body.error.message, new RegExp(body.error.trace_id));
    } finally {
      harness.skills.failList = false;
    }
  });

  test('a question: 202 with task and session, then the stream — tool calls with SQL, purpose, rows, ms, cached; the answer; done', async () => {
    const accepted = await harness.app.request('/api/tasks', json({ question: 'rules: line A defects' }, operator));
    assert.equal(accepted.status, 202);
    const { task_id, session_id, lane } = await accepted.json();
    assert.equal(lane, 'rules');
    assert.equal(accepted.headers.get('location'), `/api/tasks/${task_id}`);
    const stream = await events(harness, task_id, operator);
    const names = stream.map((event) => event.event);
    assert.deepEqual(names.slice(-2), ['task-state', 'done']);
    assert.ok(names.includes('answer') && names.includes('skill-progress'));
    assert.deepEqual(
      stream.map((event) => Number(event.id)),
      stream.map((_, index) => index + 1),
    );
    const end = dataOf(stream.find((event) => event.event === 'tool-call-end')!);
    assert.equal(end.tool, 'query_database');
    assert.match(end.arguments.sql, /^SELECT line_id/);
    assert.equal(end.arguments.purpose, 'defects per line');
    assert.equal(end.rows, 2);
    assert.equal(end.ms, 4.3);
    assert.equal(end.cached, true);
    const answer = dataOf(stream.find((event) => event.event === 'answer')!);
    assert.equal(answer.charts[0].kind, 'bar');
    const task = await (await harness.app.request(`/api/tasks/${task_id}`, get(operator))).json();
    assert.equal(task.state, 'success');
    assert.equal(task.session_id, session_id);
    assert.equal(task.trace_id, answer.trace_id);
    // Last-Event-ID: replay resumes after the given event
    const resumed = await events(harness, task_id, { cookie: operator, lastEventId: 3 });
    assert.equal(resumed[0]!.id, '4');
    assert.equal(resumed.length, stream.length - 3);
    // everything seen: 204, so EventSource stops reconnecting
    assert.deepEqual(await events(harness, task_id, { cookie: operator, lastEventId: stream.length }), []);
    // the session lists it; another operator cannot see it
    const tasks = await (await harness.app.request(`/api/sessions/${session_id}/tasks`, get(operator))).json();
    assert.equal(tasks.tasks[0].result.answer, '**Answer** to: rules: line A defects');
    const other = await harness.service.accounts.add({ username: 'olga', role: 'operator', password: 'olga-pass-123' });
    const olga = await cookieFor(harness, { username: other.username, password: 'olga-pass-123' });
    assert.equal((await harness.app.request(`/api/tasks/${task_id}`, get(olga))).status, 404);
    assert.equal((await harness.app.request(`/api/sessions/${session_id}/tasks`, get(olga))).status, 404);
  });

  test('POST /api/tasks with Accept: text/event-stream streams the answer directly', async () => {
    const response = await harness.app.request(
      '/api/tasks',
      json({ question: 'rules: direct' }, operator, { Accept: 'text/event-stream' }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /text\/event-stream/);
    assert.ok(response.headers.get('x-task-id'));
    const text = await response.text();
    assert.match(text, /event: answer/);
    assert.match(text, /event: done\ndata: \{"task_id":"[^"]+","state":"success"\}/);
  });

  test('sessions: create, list own, continue in one', async () => {
    const created = await harness.app.request('/api/sessions', json({ title: 'shift 2' }, operator));
    assert.equal(created.status, 201);
    const session = await created.json();
    const accepted = await (
      await harness.app.request(
        '/api/tasks',
        json({ question: 'rules: in a session', session_id: session.session_id }, operator),
      )
    ).json();
    assert.equal(accepted.session_id, session.session_id);
    await events(harness, accepted.task_id, operator);
    const list = await (await harness.app.request('/api/sessions', get(operator))).json();
    assert.ok(
      list.sessions.some(
        (entry: { session_id: string; tasks: number }) => entry.session_id === session.session_id && entry.tasks === 1,
      ),
    );
    const adminList = await (await harness.app.request('/api/sessions', get(admin))).json();
    assert.ok(
      !adminList.sessions.some((entry: { session_id: string }) => entry.session_id === session.session_id),
      'admins see their own unless all=1',
    );
    const all = await (await harness.app.request('/api/sessions?all=1', get(admin))).json();
    assert.ok(all.sessions.some((entry: { session_id: string }) => entry.session_id === session.session_id));
    const messages = await harness.app.request(`/api/sessions/${session.session_id}/messages`, get(operator));
    assert.equal(messages.status, 200);
  });

  test('the queue: a rule-routed question runs while the model lane is busy; a full queue is 429 with Retry-After', async () => {
    const first = await (await harness.app.request('/api/tasks', json({ question: 'block:one' }, operator))).json();
    await until(() => harness.agent.asked.some((asked) => asked.question === 'block:one'));
    const second = await (await harness.app.request('/api/tasks', json({ question: 'block:two' }, operator))).json();
    const secondEvents = harness.service.tasks.subscribe(second.task_id, 0, () => undefined);
    secondEvents.unsubscribe();
    const position = secondEvents.replay.find((event) => event.event === 'queue-position');
    assert.deepEqual(position?.data, { position: 1, waiting: 1, lane: 'model' });
    // rules do not wait behind the model
    const rules = await (await harness.app.request('/api/tasks', json({ question: 'rules: quick' }, operator))).json();
    const quick = await events(harness, rules.task_id, operator);
    assert.equal(dataOf(quick[quick.length - 1]!).state, 'success');
    assert.equal(harness.service.tasks.store.get(second.task_id)!.state, 'pending');
    // fill the queue (queue_max 2), then one more is refused
    const third = await (await harness.app.request('/api/tasks', json({ question: 'block:three' }, operator))).json();
    const refused = await harness.app.request('/api/tasks', json({ question: 'block:four' }, operator));
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get('retry-after')!, /^[1-9]\d*$/);
    assert.equal((await refused.json()).error.code, 'QUEUE_FULL');
    const metrics = await (await harness.app.request('/metrics')).text();
    assert.match(metrics, /airgap_queue_depth\{lane="model"\} 2/);
    assert.match(metrics, /airgap_queue_rejected_total 1/);
    // cancel the waiting one: it never reaches the agent
    const cancelled = await (
      await harness.app.request(`/api/tasks/${third.task_id}/cancel`, { method: 'POST', headers: { Cookie: operator } })
    ).json();
    assert.equal(cancelled.state, 'cancelled');
    harness.agent.release('one');
    await events(harness, first.task_id, operator);
    await until(() => harness.agent.asked.some((asked) => asked.question === 'block:two'));
    harness.agent.release('two');
    const done = await events(harness, second.task_id, operator);
    assert.equal(dataOf(done[done.length - 1]!).state, 'success');
    assert.ok(!harness.agent.asked.some((asked) => asked.question === 'block:three'));
  });

  test('cancel a running question: it ends cancelled and the stream says so; cancelling again changes nothing', async () => {
    const accepted = await (await harness.app.request('/api/tasks', json({ question: 'slow' }, operator))).json();
    await until(() => harness.agent.asked.some((asked) => asked.question === 'slow'));
    const response = await harness.app.request(`/api/tasks/${accepted.task_id}/cancel`, {
      method: 'POST',
      headers: { Cookie: operator },
    });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).state, 'cancelled');
    const stream = await events(harness, accepted.task_id, operator);
    const error = dataOf(stream.find((event) => event.event === 'task-error')!);
    assert.equal(error.code, 'CANCELLED');
    assert.equal(dataOf(stream[stream.length - 1]!).state, 'cancelled');
    const again = await (
      await harness.app.request(`/api/tasks/${accepted.task_id}/cancel`, {
        method: 'POST',
        headers: { Cookie: operator },
      })
    ).json();
    assert.equal(again.state, 'cancelled');
    assert.match(again.error, /cancelled by otto/);
  });

  test('a failing question ends failed with the error code in the stream', async () => {
    const accepted = await (await harness.app.request('/api/tasks', json({ question: 'fail' }, operator))).json();
    const stream = await events(harness, accepted.task_id, operator);
    const errors = stream.filter((event) => event.event === 'task-error');
    assert.equal(errors.length, 1);
    assert.equal(dataOf(errors[0]!).code, 'SKILL_FAILED');
    assert.equal(harness.service.tasks.store.get(accepted.task_id)!.state, 'failed');
  });

  test('approvals while a question runs: the model chose a dangerous skill; the task waits, resumes on approval, answers the rejection', async () => {
    const accepted = await (
      await harness.app.request('/api/tasks', json({ question: 'model-danger: restart line B' }, operator))
    ).json();
    const waitFor = async (predicate: () => boolean): Promise<void> => {
      for (let tries = 0; tries < 200 && !predicate(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const store = harness.service.tasks.store;
    await waitFor(() => store.get(accepted.task_id)!.state === 'waiting_input');
    assert.equal(store.get(accepted.task_id)!.state, 'waiting_input');
    const approval = harness.service.tasks.approvals.store.ofTask(accepted.task_id)!;
    assert.equal(approval.skill, 'restart_line');
    const decided = await harness.app.request(
      `/api/approvals/${approval.approval_id}`,
      json({ decision: 'approve' }, admin),
    );
    assert.equal(decided.status, 200);
    const stream = await events(harness, accepted.task_id, operator);
    const states = stream.filter((event) => event.event === 'task-state').map((event) => dataOf(event).state);
    const waited = states.indexOf('waiting_input');
    assert.ok(waited > 0 && states.indexOf('running', waited) > waited, `states: ${states.join(' → ')}`);
    assert.equal(states.at(-1), 'success');
    assert.equal(store.get(accepted.task_id)!.state, 'success');
    // the agent got the request's trace id
    const asked = harness.agent.asked.find((entry) => entry.question.startsWith('model-danger'))!;
    assert.match(String(asked.traceId), /\S+/);

    const second = await (
      await harness.app.request('/api/tasks', json({ question: 'model-danger again' }, operator))
    ).json();
    await waitFor(() => store.get(second.task_id)!.state === 'waiting_input');
    const pending = harness.service.tasks.approvals.store.ofTask(second.task_id)!;
    await harness.app.request(
      `/api/approvals/${pending.approval_id}`,
      json({ decision: 'reject', reason: 'not now' }, admin),
    );
    await events(harness, second.task_id, operator);
    const task = store.get(second.task_id)!;
    assert.equal(task.state, 'failed');
    assert.match(task.answer ?? '', /rejected/);
  });

  test('approvals: a dangerous skill waits in waiting_input; only an admin approves; approved runs, rejected is cancelled', async () => {
    const accepted = await (
      await harness.app.request('/api/tasks', json({ question: 'danger: restart line A' }, operator))
    ).json();
    assert.equal(accepted.state, 'waiting_input');
    const before = harness.service.tasks.subscribe(accepted.task_id, 0, () => undefined);
    before.unsubscribe();
    const required = before.replay.find((event) => event.event === 'approval-required')!.data as {
      approval_id: string;
      skill: string;
    };
    assert.equal(required.skill, 'restart_line');
    assert.equal(harness.agent.asked.filter((asked) => asked.question.startsWith('danger')).length, 0);
    const byOperator = await harness.app.request(
      `/api/approvals/${required.approval_id}`,
      json({ decision: 'approve' }, operator),
    );
    assert.equal(byOperator.status, 403);
    const pending = await (await harness.app.request('/api/approvals', get(admin))).json();
    assert.equal(pending.approvals[0].approval_id, required.approval_id);
    assert.equal(pending.approvals[0].username, 'otto');
    assert.deepEqual(pending.approvals[0].arguments, { line: 'A' });
    const decided = await harness.app.request(
      `/api/approvals/${required.approval_id}`,
      json({ decision: 'approve' }, admin),
    );
    assert.equal(decided.status, 200);
    const stream = await events(harness, accepted.task_id, operator);
    assert.ok(stream.some((event) => event.event === 'approval-decided'));
    assert.equal(dataOf(stream[stream.length - 1]!).state, 'success');
    const twice = await harness.app.request(
      `/api/approvals/${required.approval_id}`,
      json({ decision: 'reject' }, admin),
    );
    assert.equal(twice.status, 400);
    assert.match((await twice.json()).error.message, /already approved/);

    const second = await (
      await harness.app.request('/api/tasks', json({ question: 'danger: again' }, operator))
    ).json();
    const approval = harness.service.tasks.approvals.store.ofTask(second.task_id)!;
    await harness.app.request(
      `/api/approvals/${approval.approval_id}`,
      json({ decision: 'reject', reason: 'not during a shift' }, admin),
    );
    const task = await (await harness.app.request(`/api/tasks/${second.task_id}`, get(operator))).json();
    assert.equal(task.state, 'cancelled');
    assert.match(task.error, /rejected by ada: not during a shift/);
  });

  test('skills and tools are listed; an admin reads the audit log', async () => {
    const skills = await (await harness.app.request('/api/skills', get(operator))).json();
    assert.deepEqual(
      skills.skills.map((skill: { name: string }) => skill.name),
      ['quality_metrics', 'restart_line'],
    );
    const tools = await (await harness.app.request('/api/tools', get(operator))).json();
    assert.equal(tools.tools[0].name, 'query_database');
    harness.db
      .prepare(
        'INSERT INTO tool_call_log (session_id, trace_id, tool_name, parameters, duration_ms, success, ' +
          "created_at) VALUES ('s', 'trace-x', 'query_database', '{}', 1, 1, '2026-11-29T00:00:00Z')",
      )
      .run();
    const audit = await (await harness.app.request('/api/audit?trace_id=trace-x', get(admin))).json();
    assert.equal(audit.rows.length, 1);
    const bad = await harness.app.request('/api/audit?limit=0', get(admin));
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error.message, /"limit"/);
  });

  test('readyz: 200 when everything is up; 503 naming the MCP server, the missing skills or plant.db otherwise; healthz always 200', async () => {
    // a missing plant.db: no plant question can be answered, and readyz says why (not "no model")
    const noPlant = await harness.app.request('/readyz');
    assert.equal(noPlant.status, 503);
    assert.match(
      ((await noPlant.json()) as { reasons: string[] }).reasons.join(' '),
      /^plant_data: no plant data: .*plant\.db does not exist: plant questions cannot be answered — restore plant\.db/,
    );
    mkdirSync(path.dirname(harness.config.plant.db), { recursive: true });
    writeFileSync(harness.config.plant.db, ''); // an empty SQLite database: no data yet, but readable
    const ready = await harness.app.request('/readyz');
    assert.equal(ready.status, 200);
    harness.tools.up = false;
    const down = await harness.app.request('/readyz');
    assert.equal(down.status, 503);
    const body = await down.json();
    assert.match(body.reasons.join(' '), /mcp: query is restarting \(exited with code 1\)/);
    harness.tools.up = true;
    const saved = harness.skills.skills;
    harness.skills.skills = [];
    const noSkills = await (await harness.app.request('/readyz')).json();
    assert.match(noSkills.reasons.join(' '), /skills: no skill is loaded/);
    harness.skills.skills = saved;
    assert.equal((await harness.app.request('/healthz')).status, 200);
  });

  test('metrics: Prometheus text with requests by route and status, latency histogram, model and tool calls, cache hits, tasks by state', async () => {
    const response = await harness.app.request('/metrics');
    assert.match(response.headers.get('content-type')!, /text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.match(text, /airgap_http_requests_total\{route="\/api\/tasks",method="POST",status="202"\} \d+/);
    assert.match(text, /airgap_http_requests_total\{route="\/api\/tasks",method="POST",status="429"\} 1/);
    assert.match(
      text,
      /airgap_http_request_duration_seconds_bucket\{route="\/api\/tasks\/:id\/events",le="\+Inf"\} \d+/,
    );
    assert.match(text, /airgap_tool_calls_total\{tool="query_database",ok="true"\} \d+/);
    assert.match(text, /airgap_tool_cache_hits_total [1-9]/);
    assert.match(text, /airgap_tasks\{state="success"\} [1-9]/);
    assert.match(text, /airgap_tasks\{state="cancelled"\} [1-9]/);
    assert.match(text, /airgap_model_calls_total 0/);
    assert.match(text, /# TYPE airgap_queue_depth gauge/);
  });

  test('the page: served with a strict CSP; its script compiles; no external URL anywhere', async () => {
    const page = await harness.app.request('/');
    assert.match(page.headers.get('content-security-policy')!, /script-src 'self'/);
    const html = await page.text();
    const script = await (await harness.app.request('/assets/app.js')).text();
    const extras = await (await harness.app.request('/assets/extras.js')).text();
    const css = await (await harness.app.request('/assets/app.css')).text();
    assert.doesNotThrow(() => new Function(script));
    assert.doesNotThrow(() => new Function(extras));
    assert.match(script, /EventSource/, 'built from src/http/page/client/app.ts');
    for (const text of [html, script, extras, css]) assert.doesNotMatch(text, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    for (const text of [script, extras]) assert.doesNotMatch(text, /innerHTML/);
  });

  test('shutdown: queued questions are cancelled, running ones aborted after the grace period, every stream gets done', async () => {
    const running = await (await harness.app.request('/api/tasks', json({ question: 'slow' }, operator))).json();
    await until(() => harness.service.tasks.store.get(running.task_id)!.state === 'running');
    const queued = await (await harness.app.request('/api/tasks', json({ question: 'block:never' }, operator))).json();
    const seen: string[] = [];
    harness.service.tasks.subscribe(queued.task_id, 0, (event) => seen.push(event.event));
    await harness.service.tasks.shutdown({ graceMs: 50 });
    assert.equal(harness.service.tasks.store.get(running.task_id)!.state, 'cancelled');
    assert.equal(harness.service.tasks.store.get(queued.task_id)!.state, 'cancelled');
    assert.equal(seen[seen.length - 1], 'done');
    const refused = await harness.app.request('/api/tasks', json({ question: 'rules: after' }, operator));
    assert.equal(refused.status, 429);
  });
});
