/**
 * agent.db has other writers: each MCP server writes its audit rows there from
 * its own process. A question's state writes wait for such a writer (busy
 * timeout) instead of failing with "database is locked" — seen as an internal
 * error on a session's second question under load, when the session and the
 * task row became one transaction that read before it wrote. The real
 * service, real fetch and SSE, a second connection holding the write lock.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { holdWriteLock } from '../testkit/hold-write-lock.js';
import { OPERATOR } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataOf, readSse, type SseEvent } from './testing/sse-client.js';

describe('state writes beside another writer of agent.db', () => {
  let live: LiveService;
  let operator: string;
  before(async () => {
    live = await startLiveService();
    operator = await liveCookie(live.url, OPERATOR);
  });
  after(async () => live?.close());

  async function ask(question: string, sessionId?: string): Promise<{ status: number; events: SseEvent[] }> {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: operator },
      body: JSON.stringify({ question, ...(sessionId ? { session_id: sessionId } : {}) }),
    });
    if (response.status !== 202) return { status: response.status, events: [] };
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    const stream = await fetch(`${live.url}/api/tasks/${taskId}/events`, {
      headers: { Cookie: operator, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(30_000),
    });
    const events: SseEvent[] = [];
    await readSse(stream, (event) => {
      events.push(event);
      return event.event !== 'done';
    });
    return { status: 202, events };
  }

  test("a session's next question while another connection holds the write lock: it waits and is answered", async () => {
    const first = await ask("line A's defect rate yesterday?");
    assert.equal(first.status, 202);
    const sessionId = String(dataOf(first.events.find((event) => event.event === 'task-state')!).session_id);
    const file = path.join(live.dir, 'agent.db');
    for (const question of ['and line B?', 'and line C?']) {
      const lock = holdWriteLock(file, 300);
      await lock.held;
      const next = await ask(question, sessionId);
      await lock.done;
      assert.equal(next.status, 202, `${question}: refused`);
      const done = dataOf(next.events.find((event) => event.event === 'done')!);
      assert.equal(done.state, 'success', JSON.stringify(next.events.map((event) => [event.event, event.data])));
    }
  });
});
