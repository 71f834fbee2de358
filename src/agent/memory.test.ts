import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAgentDb } from '../store/agent-db.js';
import { holdWriteLock } from '../testkit/hold-write-lock.js';
import { isAppError } from '../errors.js';
import { turn, type RecordedRequest } from '../agent-test/scripted-llm-server.js';
import {
  SessionMemory,
  estimateTokens,
  extractiveSummary,
  fitTokens,
  summaryTokenBudget,
  type Turn,
} from './memory.js';
import { askWith, startHarness, type Harness } from './fixtures/harness.js';

function memory(clock: () => number, historyTurns = 10) {
  const db = openAgentDb(':memory:');
  return { db, memory: new SessionMemory({ db, historyTurns, summaryTokenBudget: 64, idleMinutes: 30, clock }) };
}

describe('token estimate and summaries', () => {
  test('CJK characters count one token each, other characters a third', () => {
    assert.equal(estimateTokens('abc'), 1);
    assert.equal(estimateTokens('abcd'), 2);
    assert.equal(estimateTokens('本周质量周报'), 6);
    assert.equal(estimateTokens('A线 output'), 1 + Math.ceil(8 / 3));
    assert.equal(estimateTokens(''), 0);
  });

  test('fitTokens cuts to the budget and says so', () => {
    const text = 'word '.repeat(200);
    const fitted = fitTokens(text, 20);
    assert.ok(estimateTokens(fitted) <= 20);
    assert.match(fitted, /…\[shortened\]$/);
    assert.equal(fitTokens('short', 20), 'short');
  });

  test('the extractive summary keeps first sentences and key numbers, within the budget, saying what was omitted', () => {
    const turns: Turn[] = [];
    for (let index = 1; index <= 30; index++) {
      turns.push({
        turn: index,
        role: index % 2 ? 'user' : 'assistant',
        content:
          index % 2
            ? `What was line A's defect rate on 2026-11-${String(index).padStart(2, '0')}? Please check.`
            : `It was 1.${index}% of 1200 pcs. Mostly scratches.`,
        timestamp: '',
      });
    }
    const first = extractiveSummary(null, turns.slice(0, 4), 512);
    assert.match(first, /^Q1: What was line A's defect rate on 2026-11-01\?$/m);
    assert.match(first, /^A2: It was 1\.2% of 1200 pcs\.$/m);
    const summary = extractiveSummary(first, turns.slice(4), 64);
    assert.ok(estimateTokens(summary) <= 64, `${estimateTokens(summary)} tokens`);
    assert.match(summary, /^\(earlier turns omitted: \d+\)/);
    assert.match(summary, /A30: It was 1\.30% of 1200 pcs\./);
  });
});

describe('sessions in agent.db', () => {
  test('rows are numbered per session; the last N exchanges (question + answer) are verbatim, older ones wait to be folded', () => {
    const { memory: store } = memory(() => 0, 2);
    const session = store.open({});
    for (let index = 1; index <= 7; index++)
      store.append(session, index % 2 ? 'user' : 'assistant', `message ${index}`);
    let context = store.context(session);
    // 2 exchanges: question 5 with its answer 6, and question 7 (not answered yet)
    assert.deepEqual(
      context.verbatim.map((entry) => entry.turn),
      [5, 6, 7],
    );
    assert.deepEqual(
      context.toFold.map((entry) => entry.turn),
      [1, 2, 3, 4],
    );
    store.saveSummary(session, 'earlier: messages 1-4', 4);
    context = store.context(session);
    assert.equal(context.summary, 'earlier: messages 1-4');
    assert.deepEqual(context.toFold, []);
    assert.equal(context.verbatim.length, 3);
  });

  test('"the last 10 turns" are 10 questions with their answers, not 10 rows', () => {
    const { memory: store } = memory(() => 0, 10);
    const session = store.open({});
    for (let index = 1; index <= 24; index++)
      store.append(session, index % 2 ? 'user' : 'assistant', `message ${index}`);
    const context = store.context(session);
    assert.equal(context.verbatim.length, 20);
    assert.equal(context.verbatim[0]!.turn, 5);
    assert.equal(context.verbatim.filter((entry) => entry.role === 'user').length, 10);
    assert.deepEqual(
      context.toFold.map((entry) => entry.turn),
      [1, 2, 3, 4],
    );
  });

  test('idle sessions are released and reopened from the database with summary and slots', () => {
    let clock = 0;
    const { db, memory: store } = memory(() => clock);
    const session = store.open({ sessionId: 'shift-1', userId: 7 });
    assert.equal(session.created, true);
    store.append(session, 'user', 'hello');
    store.saveSlots(session, { skill: 'quality_metrics', args: { lines: ['A'] } });
    store.saveSummary(session, 'said hello', 0);
    clock = 29 * 60_000;
    assert.deepEqual(store.releaseIdle(), []);
    clock = 31 * 60_000;
    assert.deepEqual(store.releaseIdle(), ['shift-1']);
    assert.equal(store.isOpen('shift-1'), false);
    assert.ok(
      (
        db.prepare('SELECT released_at FROM sessions WHERE session_id = ?').get('shift-1') as {
          released_at: string | null;
        }
      ).released_at,
    );
    const reopened = store.open({ sessionId: 'shift-1', userId: 7 });
    assert.equal(reopened.reopened, true);
    assert.equal(reopened.lastTurn, 1);
    assert.equal(reopened.summary, 'said hello');
    assert.deepEqual(reopened.slots, { skill: 'quality_metrics', args: { lines: ['A'] } });
    assert.equal(
      (
        db.prepare('SELECT released_at FROM sessions WHERE session_id = ?').get('shift-1') as {
          released_at: string | null;
        }
      ).released_at,
      null,
    );
  });

  test('memory holds a bounded number of sessions: past it the least recently active are released, and reopen whole', () => {
    let clock = 0;
    const db = openAgentDb(':memory:');
    const store = new SessionMemory({
      db,
      historyTurns: 10,
      summaryTokenBudget: 64,
      idleMinutes: 30,
      clock: () => clock,
      maxHeld: 2,
    });
    const first = store.open({ sessionId: 'op-1', userId: 7 });
    store.append(first, 'user', 'line A yesterday');
    store.saveSlots(first, { skill: 'quality_metrics', args: { lines: ['A'] } });
    clock = 1;
    store.open({ sessionId: 'op-2', userId: 7 });
    clock = 2;
    store.append(first, 'user', 'and line B?'); // op-1 is the most recent now
    clock = 3;
    store.open({ sessionId: 'op-3', userId: 7 });
    assert.equal(store.openCount, 2);
    assert.equal(store.isOpen('op-2'), false, 'the least recently active one is released');
    assert.equal(store.isOpen('op-1'), true);
    const released = db.prepare('SELECT released_at FROM sessions WHERE session_id = ?').get('op-2') as {
      released_at: string | null;
    };
    assert.ok(released.released_at);
    // least recently active first: the idle scan releases op-1 (active at 2), keeps op-3 (active at 3)
    clock = 2 + 30 * 60_000;
    assert.deepEqual(store.releaseIdle(), ['op-1']);
    const reopened = store.open({ sessionId: 'op-1', userId: 7 });
    assert.equal(reopened.reopened, true);
    assert.equal(reopened.lastTurn, 2);
    assert.deepEqual(reopened.slots, { skill: 'quality_metrics', args: { lines: ['A'] } });
  });

  test('past the bound a tenth of it more goes at once: a stream of new sessions releases in batches', () => {
    const db = openAgentDb(':memory:');
    let clock = 0;
    const store = new SessionMemory({
      db,
      historyTurns: 10,
      summaryTokenBudget: 64,
      idleMinutes: 30,
      clock: () => clock++,
      maxHeld: 20,
    });
    for (let index = 1; index <= 20; index++) store.open({ sessionId: `op-${index}`, userId: 7 });
    assert.equal(store.openCount, 20);
    store.open({ sessionId: 'op-21', userId: 7 });
    // one over the bound, and two more (a tenth of 20): the three least recently active
    assert.equal(store.openCount, 18);
    assert.deepEqual(
      ['op-1', 'op-2', 'op-3', 'op-4'].map((id) => store.isOpen(id)),
      [false, false, false, true],
    );
    const released = db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE released_at IS NOT NULL').get() as {
      n: number;
    };
    assert.equal(released.n, 3);
    // a released session's question reopens it: released_at cleared, last_active_at that of its turn
    const { session } = store.startTurn({ sessionId: 'op-2', userId: 7 }, 'line A yesterday');
    assert.equal(session.reopened, true);
    const row = db.prepare('SELECT released_at, last_active_at FROM sessions WHERE session_id = ?').get('op-2') as {
      released_at: string | null;
      last_active_at: string;
    };
    const asked = db
      .prepare("SELECT timestamp FROM conversation_history WHERE session_id = 'op-2' AND turn = 1")
      .get() as { timestamp: string };
    assert.equal(row.released_at, null);
    assert.equal(row.last_active_at, asked.timestamp);
  });

  test('a bad session id and another user’s session are refused with a clear error', () => {
    const { memory: store } = memory(() => 0);
    assert.throws(
      () => store.open({ sessionId: '../etc/passwd' }),
      (error: unknown) => isAppError(error) && error.code === 'BAD_REQUEST' && /session id/.test(error.message),
    );
    store.open({ sessionId: 'mine', userId: 1 });
    store.forget('mine');
    assert.throws(
      () => store.open({ sessionId: 'mine', userId: 2 }),
      (error: unknown) => isAppError(error) && error.code === 'FORBIDDEN',
    );
  });
});

describe('memory in the agent', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  test('the last 10 turns go verbatim; older ones are summarised by the model and the summary reaches the prompt', async () => {
    const llm = harness.llm!;
    const isSummaryRequest = (request: RecordedRequest) =>
      /compress a conversation/.test(String(request.messages[0]?.content));
    llm.push({ match: isSummaryRequest, content: 'Operator asked about lines 1-2; answers 1-2 given.', repeat: true });
    let session: string | undefined;
    for (let index = 1; index <= 11; index++) {
      llm.push(turn.text(`Answer ${index}.`));
      const { answer } = await askWith(harness, `Question ${index}?`, session ? { sessionId: session } : {});
      session = answer.session;
    }
    const before = llm.chatRequests().length;
    llm.push(turn.text('Answer 12.'));
    await askWith(harness, 'Question 12?', { sessionId: session });
    const requests = llm.chatRequests().slice(before);
    assert.equal(requests.length, 2, 'a summary request, then the question');
    assert.ok(isSummaryRequest(requests[0]!));
    assert.match(String(requests[0]!.messages[1]?.content), /Q1: Question 1\?\nA2: Answer 1\./);
    assert.equal(requests[0]!.temperature, 0);
    const main = requests[1]!;
    // system + 10 verbatim exchanges (questions 2-11 and their answers) + the new question
    assert.equal(main.messages.length, 22);
    assert.deepEqual(
      main.messages.slice(1, 3).map((message) => [message.role, message.content]),
      [
        ['user', 'Question 2?'],
        ['assistant', 'Answer 2.'],
      ],
    );
    assert.equal(main.messages.at(-1)?.content, 'Question 12?');
    assert.match(
      String(main.messages[0]?.content),
      /## Earlier in this conversation \(summary\)\nOperator asked about lines 1-2/,
    );
    const row = harness.runtime.db
      .prepare('SELECT summary, summarized_through FROM sessions WHERE session_id = ?')
      .get(session) as {
      summary: string;
      summarized_through: number;
    };
    assert.equal(row.summarized_through, 2);
    const history = harness.runtime.db
      .prepare('SELECT COUNT(*) AS n FROM conversation_history WHERE session_id = ?')
      .get(session) as { n: number };
    assert.equal(history.n, 24, 'every turn is kept in the table');
  });

  test('without a model the older turns are summarised extractively', async () => {
    const local = await startHarness({ model: false, agent: { history_turns: 2 } });
    try {
      let session: string | undefined;
      for (let index = 1; index <= 4; index++) {
        const { answer } = await askWith(
          local,
          `Question number ${index} about nothing in particular?`,
          session ? { sessionId: session } : {},
        );
        session = answer.session;
      }
      const row = local.runtime.db
        .prepare('SELECT summary, summarized_through FROM sessions WHERE session_id = ?')
        .get(session) as {
        summary: string;
        summarized_through: number;
      };
      assert.equal(row.summarized_through, 2);
      assert.match(
        row.summary,
        /^Q1: Question number 1 about nothing in particular\?\nA2: This question needs the AI model, which is not available right now/,
      );
    } finally {
      await local.close();
    }
  });
});

describe('agent.db shared with another writer (WAL)', () => {
  test('append and reopening a session wait for the other writer (busy_timeout) and succeed, not "database is locked"', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'memory-lock-'));
    const file = path.join(dir, 'agent.db');
    const db = openAgentDb(file);
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      const store = new SessionMemory({
        db,
        historyTurns: 10,
        summaryTokenBudget: 64,
        idleMinutes: 30,
        clock: () => 0,
      });
      const session = store.open({});
      assert.equal(store.append(session, 'user', 'first'), 1);

      const first = holdWriteLock(file, 400);
      await first.held;
      const started = performance.now();
      // the read (MAX(turn)) and the write in one transaction, while the other connection holds the write lock
      const turn = store.append(session, 'assistant', 'second');
      const waited = performance.now() - started;
      await first.done;
      assert.equal(turn, 2);
      assert.ok(
        waited >= 100,
        `append ran while the other writer held the lock (waited ${Math.round(waited)} ms): the test did not contend`,
      );
      assert.deepEqual(
        store.context(session).verbatim.map((entry) => [entry.turn, entry.content]),
        [
          [1, 'first'],
          [2, 'second'],
        ],
      );

      // a session read back from agent.db (another process's memory) is reopened under the same contention
      const other = new SessionMemory({
        db,
        historyTurns: 10,
        summaryTokenBudget: 64,
        idleMinutes: 30,
        clock: () => 0,
      });
      const second = holdWriteLock(file, 300);
      await second.held;
      const reopened = other.open({ sessionId: session.id });
      await second.done;
      assert.equal(reopened.reopened, true);
      assert.equal(reopened.lastTurn, 2);
      assert.equal(other.append(reopened, 'user', 'third'), 3);
      assert.equal(
        (db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE session_id LIKE 'other-%'").get() as { n: number }).n,
        2,
      );
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the summary budget follows the model context', () => {
  test('agent.summary_token_budget when set; otherwise llm.embedded.context_size / 32, within 64…8192', () => {
    assert.equal(summaryTokenBudget(null, 16384), 512);
    assert.equal(summaryTokenBudget(undefined, 4096), 128);
    assert.equal(summaryTokenBudget(null, 131072), 4096);
    assert.equal(summaryTokenBudget(null, 256), 64);
    assert.equal(summaryTokenBudget(300, 131072), 300);
  });

  for (const [contextSize, budget] of [
    [4096, 128],
    [32768, 1024],
  ] as const) {
    test(`a ${contextSize}-token model is asked for a summary of at most ${budget} tokens`, async () => {
      const local = await startHarness({
        agent: { history_turns: 1 },
        llm: { embedded: { context_size: contextSize } },
      });
      try {
        const llm = local.llm!;
        const isSummaryRequest = (request: RecordedRequest) =>
          /compress a conversation/.test(String(request.messages[0]?.content));
        llm.push({ match: isSummaryRequest, content: 'Earlier: question 1 answered.', repeat: true });
        let session: string | undefined;
        for (let index = 1; index <= 3; index++) {
          llm.push(turn.text(`Answer ${index}.`));
          const { answer } = await askWith(local, `Question ${index}?`, session ? { sessionId: session } : {});
          session = answer.session;
        }
        const summaries = llm.chatRequests().filter(isSummaryRequest);
        assert.ok(summaries.length > 0, 'the older turns were summarised');
        assert.match(String(summaries[0]!.messages[1]?.content), new RegExp(`at most ${budget} tokens`));
        assert.equal(local.runtime.agent.memory.summaryBudget, budget);
      } finally {
        await local.close();
      }
    });
  }
});
