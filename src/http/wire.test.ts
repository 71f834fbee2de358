/**
 * The wire union (src/types/wire.ts) against what documents and produces it:
 * docs/api.md's event table names exactly its events; every agent event maps
 * to a wire event of the right name; the SSE text round-trips through the
 * parser as the same typed event; approvals are written only through their
 * store (decided once, expired or rejected at start-up).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentEvent } from '../types/answer.js';
import { parseWireEvent, WIRE_EVENT_NAMES, type WireEventName } from '../types/wire.js';
import { openAgentDb } from '../store/agent-db.js';
import { ApprovalStore } from './approval-store.js';
import { EventLog, EVENT_MAX_BYTES, synthesized, wireEvent } from './event-log.js';
import { formatEvent } from './sse.js';
import { TaskStore } from './task-store.js';
import { SseParser } from './testing/sse-client.js';
import { WireMapper } from './wire-map.js';

const API_MD = fileURLToPath(new URL('../../docs/api.md', import.meta.url));

/** The event names in the first column of docs/api.md's "Event stream" table (`a` / `b` rows count twice). */
function documentedEvents(): string[] {
  const text = readFileSync(API_MD, 'utf8');
  const section = text.slice(text.indexOf('### Event stream'));
  const table = section.slice(
    section.indexOf('| event | data |'),
    section.indexOf('\n\n', section.indexOf('| event | data |')),
  );
  const names: string[] = [];
  for (const row of table.split('\n').slice(2)) {
    const first = row.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([a-z-]+)`/g)) names.push(match[1]!);
  }
  return names;
}

describe('the wire', () => {
  test("docs/api.md's event table names exactly the union's events, each once", () => {
    const documented = documentedEvents();
    assert.deepEqual([...documented].sort(), [...WIRE_EVENT_NAMES].sort());
    assert.equal(new Set(documented).size, documented.length, 'no event documented twice');
  });

  test('every agent event maps to the wire event of its name; tool ends carry their start’s arguments', () => {
    const mapper = new WireMapper(EVENT_MAX_BYTES);
    const answer = { answer: 'ok', mode: 'rules' as const, tool_calls: [], session: 's', trace_id: 't' };
    const cases: Array<[AgentEvent, WireEventName]> = [
      [{ type: 'mode', mode: 'rules', reason: 'routed' }, 'mode'],
      [{ type: 'step-start', step: 1 }, 'step-start'],
      [{ type: 'step-end', step: 1 }, 'step-end'],
      [{ type: 'token', text: 'a' }, 'token'],
      [
        {
          type: 'tool-call-start',
          id: 'c1',
          name: 'query_database',
          arguments: { sql: 'SELECT 1 LIMIT 1', purpose: 'p' },
          repairs: ['x'],
        },
        'tool-call-start',
      ],
      [
        {
          type: 'tool-call-end',
          id: 'c1',
          name: 'query_database',
          ok: true,
          ms: 12.345,
          result: { columns: ['a'], rows: [[1], [2]] },
        },
        'tool-call-end',
      ],
      [{ type: 'skill-start', skill: 's', version: '1.0.0', arguments: {} }, 'skill-start'],
      [{ type: 'skill-progress', skill: 's', message: 'found 2 records' }, 'skill-progress'],
      [{ type: 'skill-end', skill: 's', ok: true, ms: 3 }, 'skill-end'],
      [{ type: 'retry', attempt: 2, reason: 'bad JSON' }, 'retry'],
      [{ type: 'notice', message: 'rules only' }, 'notice'],
      [{ type: 'answer', answer }, 'answer'],
      [{ type: 'error', code: 'CANCELLED', message: 'stopped' }, 'task-error'],
    ];
    const mapped = cases.map(([event, name]) => {
      const wire = mapper.map(event);
      assert.equal(wire.event, name, event.type);
      return wire;
    });
    const start = mapped[4]!;
    assert.deepEqual(
      start.data,
      { id: 'c1', tool: 'query_database', arguments: { sql: 'SELECT 1 LIMIT 1', purpose: 'p' } },
      'repairs stay off the wire',
    );
    const end = mapped[5]!;
    assert.equal(end.event, 'tool-call-end');
    if (end.event === 'tool-call-end') {
      assert.deepEqual(end.data.arguments, { sql: 'SELECT 1 LIMIT 1', purpose: 'p' });
      assert.equal(end.data.rows, 2);
      assert.equal(end.data.ms, 12.3);
      assert.equal(end.data.cached, false);
      assert.equal(end.data.error, null);
    }
    assert.deepEqual(mapped.at(-1)!.data, { code: 'CANCELLED', message: 'stopped', hint: null });
  });

  test('an event log entry goes out as SSE and comes back as the same typed event; unknown names are not wire events', () => {
    const log = new EventLog((error) => assert.fail(String(error)));
    const seen: number[] = [];
    const stop = log.listen((event) => seen.push(event.id));
    log.append(wireEvent('queue-position', { position: 2, waiting: 3, lane: 'model' }));
    stop();
    log.append(wireEvent('done', { task_id: 't1', state: 'success' }));
    assert.deepEqual(seen, [1]);
    const parser = new SseParser();
    const parsed = log.events
      .flatMap((event) => parser.push(formatEvent(event)))
      .map((event) => parseWireEvent(event.event, event.data));
    assert.deepEqual(
      parsed,
      log.events.map(({ event, data }) => ({ event, data })),
    );
    assert.equal(parseWireEvent('tool-call-middle', '{}'), undefined);
    assert.equal(parseWireEvent('done', 'not json'), undefined);
    assert.equal(parseWireEvent('done', '[1]'), undefined);
  });

  test('an event over the size limit keeps its keys, cut, and says so', () => {
    const log = new EventLog(() => undefined);
    const entry = log.append(wireEvent('skill-progress', { skill: 's', message: 'x'.repeat(EVENT_MAX_BYTES + 10) }));
    assert.equal(entry.event, 'skill-progress');
    if (entry.event === 'skill-progress') {
      assert.equal(entry.data.skill, 's');
      assert.ok(entry.data.message.length < 2000);
      assert.match(entry.data.truncated?.note ?? '', /left out of the event stream/);
    }
  });
});

describe('the approvals store', () => {
  test('is the only code that writes the approvals table (besides the retention delete)', () => {
    const src = fileURLToPath(new URL('../', import.meta.url));
    const writers: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (
          name.endsWith('.ts') &&
          !name.endsWith('.test.ts') &&
          /(UPDATE|INSERT INTO|DELETE FROM)\s+approvals\b/i.test(readFileSync(full, 'utf8'))
        )
          writers.push(path.relative(src, full));
      }
    };
    walk(src);
    // and maintenance's retention, which deletes old finished tasks with their approvals (src/store cannot import src/http)
    assert.deepEqual(writers.sort(), ['http/approval-store.ts', 'store/maintenance.ts']);
  });

  test('created pending, decided once, rejected by nobody when it expires; orphans rejected at start-up; replay from the row', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wire-approvals-'));
    const db = openAgentDb(path.join(dir, 'agent.db'));
    try {
      db.prepare("INSERT INTO sessions (session_id, created_at, last_active_at) VALUES ('s1', 'now', 'now')").run();
      const tasks = new TaskStore(db);
      const approvals = new ApprovalStore(db);
      const task = tasks.create({ sessionId: 's1', userId: null, question: 'restart line B', priority: 0 });
      const first = approvals.create({
        taskId: task.task_id,
        skill: 'restart_line',
        arguments: { line: 'B' },
        reason: 'needs an admin',
      });
      assert.equal(first.state, 'pending');
      assert.equal(JSON.parse(first.arguments).line, 'B');
      assert.equal(approvals.ofTask(task.task_id)!.approval_id, first.approval_id);
      assert.equal(approvals.list('pending')[0]!.question, 'restart line B');
      assert.equal(approvals.reject(first.approval_id, 'the approval expired'), true);
      assert.equal(approvals.reject(first.approval_id, 'again'), false, 'only a pending approval expires');
      assert.equal(approvals.get(first.approval_id)!.decided_by, null);
      assert.throws(
        () => approvals.decide(first.approval_id, { approved: true, userId: 1 }),
        /already rejected \(the approval expired\)/,
      );
      assert.throws(() => approvals.decide('nope', { approved: true, userId: 1 }), /no approval nope/);
      const second = approvals.create({
        taskId: task.task_id,
        skill: 'restart_line',
        arguments: {},
        reason: 'needs an admin',
      });
      assert.equal(approvals.rejectAllPending('the service stopped'), 1);
      assert.equal(approvals.get(second.approval_id)!.state, 'rejected');
      assert.equal(approvals.get(second.approval_id)!.reason, 'needs an admin', 'the reason it was asked for is kept');
      tasks.transition(task.task_id, 'cancelled', { error: 'stopped' });
      const replay = synthesized(tasks.get(task.task_id)!);
      assert.deepEqual(
        replay.map((event) => event.event),
        ['task-error', 'task-state', 'done'],
      );
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
