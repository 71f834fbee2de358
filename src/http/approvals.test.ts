/**
 * Approvals that hold, over a real socket (issue 12): the real service with
 * the shipped MCP servers and skills plus a plant's own Markdown skill marked
 * needs_approval, the scripted OpenAI-compatible server, real fetch and SSE.
 *
 * - the question waits in waiting_input before the model sees anything; the
 *   approval shows skill, version, arguments and the question;
 * - once approved the model gets the procedure and only its declared tools;
 * - a question waiting for approval holds its place in the queue: the queue
 *   counts it (queue_max), and approving it never finds the queue full;
 * - an approval nobody decides expires: the task fails saying so, its place
 *   is given back, and a late decision is refused.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { openAgentDb } from '../store/agent-db.js';
import { TASK_LOG_MAX_BYTES } from './task-manager.js';
import os from 'node:os';
import path from 'node:path';
import type { RecordedRequest } from '../agent-test/scripted-llm-server.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataOf, readSse, type SseEvent } from './testing/sse-client.js';

const SKILL = `---
name: line_counter_reset
description: Reset the piece counters of a production line after a changeover (a change on the line; needs an admin).
version: 2.1.0
tools:
  - describe_schema
triggers:
  - reset the counters
needs_approval: true
---
# Purpose
Prepare the reset of a line's piece counters.

## Steps
1. Call describe_schema to see the tables.
2. Say which counters would be reset.
`;

const QUESTION = 'Please reset the counters of line A after the changeover';
const hasToolResult = (request: RecordedRequest): boolean =>
  request.messages.some((message) => message.role === 'tool');
const isReset = (request: RecordedRequest): boolean =>
  request.messages.some((message) => message.role === 'user' && String(message.content).includes('reset the counters'));

describe('approvals over HTTP', () => {
  let live: LiveService;
  let skillsDir: string;
  let cookie: string;
  let admin: string;

  before(async () => {
    skillsDir = mkdtempSync(path.join(os.tmpdir(), 'gated-skills-'));
    mkdirSync(path.join(skillsDir, 'line_counter_reset'));
    writeFileSync(path.join(skillsDir, 'line_counter_reset', 'SKILL.md'), SKILL);
    live = await startLiveService({
      model: true,
      customSkillsDir: skillsDir,
      server: { queue_max: 2, approval_timeout_s: 4 },
      turns: [
        {
          match: (request) => isReset(request) && !hasToolResult(request),
          repeat: true,
          toolCalls: [{ name: 'describe_schema', arguments: {} }],
        },
        {
          match: (request) => isReset(request) && hasToolResult(request),
          repeat: true,
          content: 'The counters of line A would be reset.',
        },
        {
          match: (request) => /ramble/.test(JSON.stringify(request.messages.at(-1))),
          repeat: true,
          content: 'on and on '.repeat(300_000),
          chunkSize: 65_536,
        },
      ],
    });
    cookie = await liveCookie(live.url, OPERATOR);
    admin = await liveCookie(live.url, ADMIN);
  });
  after(async () => {
    await live?.close();
    rmSync(skillsDir, { recursive: true, force: true });
  });

  async function submit(question: string): Promise<Response> {
    return fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ question }),
    });
  }

  async function decide(approvalId: string, decision: 'approve' | 'reject'): Promise<Response> {
    return fetch(`${live.url}/api/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: admin, Origin: live.url },
      body: JSON.stringify({ decision }),
    });
  }

  async function events(taskId: string, until: (event: SseEvent) => boolean): Promise<SseEvent[]> {
    const response = await fetch(`${live.url}/api/tasks/${taskId}/events`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(20_000),
    });
    const { events: read } = await readSse(response, (event) => !until(event));
    return read;
  }

  async function task(taskId: string): Promise<{ state: string; error: string | null }> {
    return (await fetch(`${live.url}/api/tasks/${taskId}`, { headers: { Cookie: cookie } })).json();
  }

  async function cancel(taskId: string): Promise<void> {
    await fetch(`${live.url}/api/tasks/${taskId}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: live.url },
      body: '{}',
    });
  }

  test('the procedure waits for an admin before the model sees it; approved, it gets only its declared tools', async () => {
    const modelCalls = live.llm!.chatRequests().length;
    const response = await submit(QUESTION);
    assert.equal(response.status, 202, await response.clone().text());
    const accepted = await response.json();
    const before = await events(accepted.task_id, (event) => event.event === 'approval-required');
    const required = dataOf(before.find((event) => event.event === 'approval-required')!);
    assert.deepEqual(
      { skill: required.skill, version: required.version, arguments: required.arguments, question: required.question },
      { skill: 'line_counter_reset', version: '2.1.0', arguments: {}, question: QUESTION },
    );
    assert.equal((await task(accepted.task_id)).state, 'waiting_input');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(live.llm!.chatRequests().length, modelCalls, 'nothing reached the model before the approval');

    const decided = await decide(required.approval_id, 'approve');
    assert.equal(decided.status, 200, await decided.clone().text());
    const after = await events(accepted.task_id, (event) => event.event === 'done');
    assert.equal(
      dataOf(after.at(-1)!).state,
      'success',
      JSON.stringify(after.map((event) => [event.event, event.data]).slice(-4)),
    );
    const requests = live.llm!.chatRequests().slice(modelCalls);
    assert.ok(requests.length >= 2);
    for (const request of requests)
      assert.deepEqual(
        request.tools.map((tool) => tool.function.name),
        ['describe_schema'],
      );
    assert.match(String(requests[0]!.messages[0]!.content), /Procedure: line_counter_reset/);
  });

  test('a question waiting for approval holds its place: queue_max counts it, and approving it never finds the queue full', async () => {
    const gated = await (await submit(QUESTION)).json();
    const required = dataOf(
      (await events(gated.task_id, (event) => event.event === 'approval-required')).find(
        (event) => event.event === 'approval-required',
      )!,
    );
    // llm.concurrency 2: two run, the third waits in the queue
    const others: string[] = [];
    for (const question of ['slow: the trend of every line', 'slow: the trend once more', 'slow: and a third time']) {
      const accepted = await submit(question);
      assert.equal(accepted.status, 202, await accepted.clone().text());
      others.push((await accepted.json()).task_id);
    }
    // one waits in the queue, one waits for approval: queue_max 2 is reached
    const refused = await submit('slow: a fourth one');
    assert.equal(refused.status, 429, await refused.clone().text());
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // approving now cannot be refused for a full queue; the task then runs once the lane is free
    const decided = await decide(required.approval_id, 'approve');
    assert.equal(decided.status, 200, await decided.clone().text());
    assert.equal((await task(gated.task_id)).state, 'pending');
    for (const taskId of others) await cancel(taskId);
    const done = await events(gated.task_id, (event) => event.event === 'done');
    assert.equal(dataOf(done.at(-1)!).state, 'success');
    assert.equal(live.server.http.service.scheduler.reserved, 0);
  });

  test('an approval nobody decides expires: the task fails saying so, its place is given back, a late decision is refused', async () => {
    const gated = await (await submit(QUESTION)).json();
    assert.equal(live.server.http.service.scheduler.reserved, 1);
    const read = await events(gated.task_id, (event) => event.event === 'done');
    const required = dataOf(read.find((event) => event.event === 'approval-required')!);
    assert.equal(dataOf(read.at(-1)!).state, 'failed');
    const final = await task(gated.task_id);
    assert.match(final.error ?? '', /APPROVAL_EXPIRED: the approval expired: no admin decided within/);
    assert.equal(live.server.http.service.scheduler.reserved, 0);
    const late = await decide(required.approval_id, 'approve');
    assert.equal(late.status, 400);
    assert.match((await late.json()).error.message, /already rejected \(the approval expired/);
  });

  test('a runaway 3 MB answer: the stream, the stored result and the history stay bounded, and say what was left out', async () => {
    const response = await submit('ramble about every line');
    const accepted = await response.json();
    let streamed = 0;
    const read = await events(accepted.task_id, (event) => {
      streamed += Buffer.byteLength(event.data);
      return event.event === 'done';
    });
    assert.equal(dataOf(read.at(-1)!).state, 'success');
    assert.ok(streamed < TASK_LOG_MAX_BYTES + 512 * 1024, `streamed ${streamed} bytes`);
    const answer = dataOf(read.find((event) => event.event === 'answer')!);
    assert.match(answer.truncated.note, /left out/);
    const stored = (await (
      await fetch(`${live.url}/api/tasks/${accepted.task_id}`, { headers: { Cookie: cookie } })
    ).json()) as { result: { truncated: { bytes: number } } };
    assert.ok(stored.result.truncated.bytes > 3_000_000);
    const db = openAgentDb(path.join(live.dir, 'agent.db'));
    try {
      const row = db
        .prepare('SELECT LENGTH(result) AS result, LENGTH(answer) AS answer FROM tasks WHERE task_id = ?')
        .get(accepted.task_id) as { result: number; answer: number };
      assert.ok(row.result <= 1024 * 1024 && row.answer <= 1024 * 1024, JSON.stringify(row));
      const history = db
        .prepare('SELECT MAX(LENGTH(content)) AS n FROM conversation_history WHERE session_id = ?')
        .get(accepted.session_id) as { n: number };
      assert.ok(history.n <= 70 * 1024, `history ${history.n}`);
    } finally {
      db.close();
    }
  });
});
