/**
 * End to end over a real socket: the real agent on the seeded demo plant
 * (shipped MCP servers and skills; the scripted OpenAI-compatible server for
 * model questions), real fetch, and the SSE stream parsed as a browser's
 * EventSource would — including a dropped connection resumed with
 * Last-Event-ID, cancel of a slow model answer, and shutdown.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openAgentDb } from '../store/agent-db.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataNamed, dataOf, readSse, wireOf, type SseEvent } from './testing/sse-client.js';

describe('the service over HTTP', () => {
  let live: LiveService;
  let cookie: string;
  let admin: string;
  before(async () => {
    live = await startLiveService({ model: true });
    cookie = await liveCookie(live.url, OPERATOR);
    admin = await liveCookie(live.url, ADMIN);
  });
  after(async () => live?.close());

  async function submit(
    question: string,
    sessionId?: string,
  ): Promise<{ task_id: string; session_id: string; lane: string }> {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ question, ...(sessionId ? { session_id: sessionId } : {}) }),
    });
    assert.equal(response.status, 202, await response.clone().text());
    return response.json();
  }

  function stream(taskId: string, lastEventId?: string): Promise<Response> {
    const headers: Record<string, string> = { Cookie: cookie, Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    return fetch(`${live.url}/api/tasks/${taskId}/events`, { headers });
  }

  test('readyz: agent.db, the shipped MCP servers and skills are up', async () => {
    const response = await fetch(`${live.url}/readyz`);
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    // lazy start: the servers started to learn their tools stop once listed; every one is up or idle
    const [, running, idle] = /(\d+) server\(s\) running(?:, (\d+) idle)?/.exec(body.checks.mcp.detail) ?? [];
    assert.equal(Number(running) + Number(idle ?? 0), 5, body.checks.mcp.detail);
  });

  test('a rule-routed question: the stream carries the SQL with its purpose, rows, timing, cache flag and the answer; the audit log has it', async () => {
    const accepted = await submit("What was line A's defect rate last Wednesday?");
    assert.equal(accepted.lane, 'rules');
    const response = await stream(accepted.task_id);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/event-stream/);
    const { events, ended } = await readSse(response);
    assert.ok(ended, 'the server closes the stream after done');
    const names = events.map((event) => event.event);
    assert.equal(names[names.length - 1], 'done');
    // every event is on the wire union (typed by its name)
    const end = events
      .map(wireOf)
      .flatMap((wire) => (wire.event === 'tool-call-end' ? [wire.data] : []))
      // the seeded plant has the rollups: quality figures are read from quality_daily (9cfd192), not quality_data
      .find((data) => data.tool === 'query_database' && /FROM quality_daily\b/.test(String(data.arguments.sql)))!;
    assert.ok(end, 'a query of quality_daily');
    assert.match(String(end.arguments.sql), /SELECT .* FROM quality_daily\b/s);
    assert.ok(String(end.arguments.purpose).length > 3);
    assert.equal(typeof end.rows, 'number');
    assert.equal(typeof end.ms, 'number');
    assert.equal(typeof end.cached, 'boolean');
    const answer = dataNamed(events, 'answer');
    assert.equal(answer.mode, 'rules');
    assert.equal(answer.skill, 'quality_metrics');
    assert.match(answer.answer, /Line A.*defect rate/s);
    const audit = await (
      await fetch(`${live.url}/api/audit?trace_id=${answer.trace_id}`, { headers: { Cookie: admin } })
    ).json();
    assert.ok(
      audit.rows.some((row: { tool_name: string }) => row.tool_name === 'query_database'),
      JSON.stringify(audit.rows),
    );
    assert.ok(
      audit.rows.some(
        (row: { tool_name: string; server: string }) => row.tool_name === 'quality_metrics' && row.server === 'skills',
      ),
    );
  });

  test('a dropped stream resumes with Last-Event-ID: nothing lost, nothing repeated; the weekly report brings charts', async () => {
    const accepted = await submit('本周质量周报');
    const first = await readSse(await stream(accepted.task_id), (event) => Number(event.id) < 4);
    assert.equal(first.ended, false);
    const lastSeen = first.events[first.events.length - 1]!.id;
    assert.equal(lastSeen, '4');
    const rest = await readSse(await stream(accepted.task_id, lastSeen));
    const all = [...first.events, ...rest.events];
    assert.deepEqual(
      all.map((event) => Number(event.id)),
      all.map((_, index) => index + 1),
    );
    const replay = await readSse(await stream(accepted.task_id));
    assert.deepEqual(replay.events, all);
    const answer = dataOf(all.find((event) => event.event === 'answer')!);
    assert.equal(answer.skill, 'weekly_report');
    assert.ok(answer.charts.length >= 1, 'a chart for the report');
    assert.ok(['line', 'bar'].includes(answer.charts[0].kind));
    assert.ok(all.some((event) => event.event === 'skill-progress'));
    // all seen: 204, which makes EventSource stop reconnecting
    const done = await stream(accepted.task_id, String(all.length));
    assert.equal(done.status, 204);
  });

  test('a model question streams tokens; a follow-up in the same session is answered too', async () => {
    const accepted = await submit('Please explain what a defect rate is');
    assert.equal(accepted.lane, 'model');
    const { events } = await readSse(await stream(accepted.task_id));
    const tokens = events
      .filter((event) => event.event === 'token')
      .map((event) => dataOf<{ text: string }>(event).text);
    assert.ok(tokens.length > 3);
    assert.match(tokens.join(''), /defect rate/);
    assert.equal(dataOf(events.find((event) => event.event === 'answer')!).mode, 'model');
    const next = await submit('Output and yield of every line this week', accepted.session_id);
    assert.equal(next.session_id, accepted.session_id);
    await readSse(await stream(next.task_id));
    const history = await (
      await fetch(`${live.url}/api/sessions/${accepted.session_id}/messages`, { headers: { Cookie: cookie } })
    ).json();
    assert.deepEqual(
      history.messages.map((message: { role: string }) => message.role),
      ['user', 'assistant', 'user', 'assistant'],
    );
  });

  test('cancel a slow model answer while it streams: the task ends cancelled and the stream ends', async () => {
    const accepted = await submit('slow analysis of every line, please');
    const seen: SseEvent[] = [];
    const reading = readSse(await stream(accepted.task_id), (event) => {
      seen.push(event);
      return true;
    });
    const deadline = Date.now() + 20_000;
    while (!seen.some((event) => event.event === 'token') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(
      seen.some((event) => event.event === 'token'),
      'tokens were streaming',
    );
    const started = Date.now();
    const cancelled = await (
      await fetch(`${live.url}/api/tasks/${accepted.task_id}/cancel`, { method: 'POST', headers: { Cookie: cookie } })
    ).json();
    assert.equal(cancelled.state, 'cancelled');
    const { events, ended } = await reading;
    assert.ok(ended);
    assert.ok(Date.now() - started < 5000);
    assert.equal(dataOf(events[events.length - 1]!).state, 'cancelled');
    assert.ok(!events.some((event) => event.event === 'answer'));
  });

  test('metrics after real traffic: tool calls, tasks by state, the latency histogram', async () => {
    const text = await (await fetch(`${live.url}/metrics`)).text();
    assert.match(text, /airgap_tool_calls_total\{tool="query_database",ok="true"\} [1-9]/);
    assert.match(text, /airgap_model_calls_total [1-9]/);
    assert.match(text, /airgap_tasks\{state="cancelled"\} 1/);
    const running = Number(/airgap_mcp_servers_running (\d+)/.exec(text)?.[1]);
    assert.equal(running, live.runtime.tools.status().filter((server) => server.pid !== null).length);
    assert.ok(running >= 1, 'the query server answered the traffic above');
  });

  test('shutdown with a question running: it ends cancelled, its stream gets done, MCP children are closed', async () => {
    const accepted = await submit('slow again, please');
    const reading = readSse(await stream(accepted.task_id));
    const deadline = Date.now() + 20_000;
    while (live.server.http.service.tasks.store.get(accepted.task_id)!.state !== 'running' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const pids = live.runtime.tools
      .status()
      .map((server) => server.pid)
      .filter((pid): pid is number => pid !== null);
    // lazy start: the servers this question and the ones before used are running
    assert.ok(pids.length >= 1, 'the running question keeps its servers');
    await live.server.close({ graceMs: 200 });
    const { events } = await reading;
    assert.equal(dataOf(events[events.length - 1]!).state, 'cancelled');
    const db = openAgentDb(path.join(live.dir, 'agent.db'));
    try {
      const row = db.prepare('SELECT state, error FROM tasks WHERE task_id = ?').get(accepted.task_id) as {
        state: string;
        error: string;
      };
      assert.deepEqual(row, { state: 'cancelled', error: 'the service is shutting down' });
    } finally {
      db.close();
    }
    for (const pid of pids) assert.throws(() => process.kill(pid, 0), /ESRCH/, `MCP child ${pid} is gone`);
    await assert.rejects(fetch(`${live.url}/healthz`));
  });
});
