/**
 * A question's closing writes — the audit rows of what it did, the answer's
 * turn in the session's history and the task's final state — are one commit
 * (TaskManager.commitFinal). When one of them cannot be written, the others
 * still are, and the task says what happened: never `success` without its
 * answer's turn or its audit rows. The real service, real fetch and SSE; the
 * failures are SQLite triggers added from another connection.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openAgentDb } from '../store/agent-db.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { OPERATOR } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataOf, readSse, type SseEvent } from './testing/sse-client.js';

describe("a question's closing writes", () => {
  let live: LiveService;
  let operator: string;
  let db: SqliteDatabase;
  before(async () => {
    live = await startLiveService();
    operator = await liveCookie(live.url, OPERATOR);
    db = openAgentDb(path.join(live.dir, 'agent.db'));
  });
  after(async () => {
    db?.close();
    await live?.close();
  });

  async function ask(question: string): Promise<{ taskId: string; sessionId: string; events: SseEvent[] }> {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: operator },
      body: JSON.stringify({ question }),
    });
    assert.equal(response.status, 202, await response.clone().text());
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
    const sessionId = String(dataOf(events.find((event) => event.event === 'task-state')!).session_id);
    return { taskId, sessionId, events };
  }

  const task = (taskId: string): { state: string; error: string | null } =>
    db.prepare('SELECT state, error FROM tasks WHERE task_id = ?').get(taskId) as {
      state: string;
      error: string | null;
    };
  const turns = (sessionId: string): string[] =>
    (
      db.prepare('SELECT role FROM conversation_history WHERE session_id = ? ORDER BY turn').all(sessionId) as Array<{
        role: string;
      }>
    ).map((row) => row.role);
  const auditRows = (traceId: string): number =>
    (
      db.prepare("SELECT COUNT(*) AS n FROM tool_call_log WHERE trace_id = ? AND origin = 'agent'").get(traceId) as {
        n: number;
      }
    ).n;
  const traceOf = (events: SseEvent[]): string =>
    String(dataOf(events.find((event) => event.event === 'answer')!).trace_id);
  const states = (events: SseEvent[]): unknown[] =>
    events.filter((event) => event.event === 'task-state').map((event) => dataOf(event).state);

  test('answered: the final state, the answer turn and the audit rows are all on disk', async () => {
    const asked = await ask("line A's defect rate yesterday?");
    assert.deepEqual(states(asked.events), ['pending', 'running', 'success']);
    assert.equal(task(asked.taskId).state, 'success');
    assert.deepEqual(turns(asked.sessionId), ['user', 'assistant']);
    assert.ok(auditRows(traceOf(asked.events)) > 0, 'the audit rows of the answer');
  });

  test("the answer's turn cannot be written: the task fails saying why, its audit rows are kept", async () => {
    db.exec(`CREATE TRIGGER no_answers BEFORE INSERT ON conversation_history WHEN NEW.role = 'assistant'
             BEGIN SELECT RAISE(ABORT, 'answers refused by a test'); END`);
    try {
      const asked = await ask("line B's defect rate yesterday?");
      const done = dataOf(asked.events.find((event) => event.event === 'done')!);
      assert.equal(done.state, 'failed');
      const row = task(asked.taskId);
      assert.equal(row.state, 'failed');
      assert.match(row.error ?? '', /answers refused by a test/);
      assert.deepEqual(turns(asked.sessionId), ['user'], 'the question is kept, the answer could not be');
      assert.ok(auditRows(traceOf(asked.events)) > 0, 'the audit rows of what it did');
    } finally {
      db.exec('DROP TRIGGER no_answers');
    }
  });

  test('the audit rows cannot be written: the task fails saying so, its answer turn is kept; the rows come later', async () => {
    db.exec(`CREATE TRIGGER no_audit BEFORE INSERT ON tool_call_log WHEN NEW.origin = 'agent'
             BEGIN SELECT RAISE(ABORT, 'audit refused by a test'); END`);
    let asked: Awaited<ReturnType<typeof ask>>;
    try {
      asked = await ask("line C's defect rate yesterday?");
      const row = task(asked.taskId);
      assert.equal(row.state, 'failed');
      assert.match(row.error ?? '', /audit log could not be written/);
      assert.deepEqual(turns(asked.sessionId), ['user', 'assistant']);
      assert.equal(auditRows(traceOf(asked.events)), 0);
    } finally {
      db.exec('DROP TRIGGER no_audit');
    }
    // the rows waited in the writer's queue: the next flush writes them
    live.runtime.audit.flush();
    assert.ok(auditRows(traceOf(asked.events)) > 0, 'written once the audit log takes them again');
  });
});
