import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAgentDb, SCHEMA_VERSION, migrate } from './agent-db.js';
import { AuditWriter } from './audit.js';

test('agent.db migrates to the current schema in WAL mode, idempotently', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'agentdb-')), 'agent.db');
  const db = openAgentDb(file);
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
  assert.deepEqual(migrate(db), { from: SCHEMA_VERSION, to: SCHEMA_VERSION });
  db.close();
});

test('a newer agent.db is refused instead of being damaged', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'agentdb-')), 'agent.db');
  const db = openAgentDb(file);
  db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  assert.throws(() => migrate(db), /newer than this program knows/);
  db.close();
});

test('audit rows are batched: a full batch after the current turn, a runaway queue at once, the rest on close', async () => {
  const db = openAgentDb(':memory:');
  const audit = new AuditWriter(db, { flushMs: 60_000, batchSize: 50 });
  const count = (): number => (db.prepare('SELECT count(*) AS n FROM tool_call_log').get() as { n: number }).n;
  const write = (rows: number): void => {
    for (let i = 0; i < rows; i++) {
      audit.write({
        origin: 'server',
        tool_name: 'query_database',
        parameters: { i },
        duration_ms: 1,
        success: true,
        session_id: 's',
      });
    }
  };
  write(120);
  // full batches wait for the end of this turn (the reply of the call that filled one goes out first)
  assert.equal(count(), 0);
  assert.equal(audit.pending, 120);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(count(), 120);
  assert.equal(audit.pending, 0);
  // under the batch size: the timer (or close) writes them
  write(20);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(audit.pending, 20);
  // ten batches' worth in one turn: written at once, memory stays bounded
  write(480);
  assert.equal(count(), 120 + 500);
  assert.equal(audit.pending, 0);
  write(7);
  audit.close();
  assert.equal(count(), 627);
});

test("flushWith: the queued rows and the caller's writes in one commit; rolled back, the rows wait for the next", () => {
  const db = openAgentDb(':memory:');
  const audit = new AuditWriter(db, { flushMs: 60_000 });
  const count = (table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const row = { origin: 'agent' as const, tool_name: 'query_database', parameters: {}, duration_ms: 1, success: true };
  const addSession = (id: string): void => {
    db.prepare("INSERT INTO sessions (session_id, created_at, last_active_at) VALUES (?, 'x', 'x')").run(id);
  };
  audit.write(row);
  audit.write(row);
  assert.equal(
    audit.flushWith(db, (flushed) => {
      assert.equal(flushed, true);
      assert.equal(db.inTransaction, true, 'inside the one transaction');
      addSession('s1');
      return 'done';
    }),
    'done',
  );
  assert.deepEqual([count('tool_call_log'), count('sessions'), audit.pending], [2, 1, 0]);

  // the caller's write fails: nothing is committed, the rows go back in the queue
  audit.write(row);
  assert.throws(() => audit.flushWith(db, () => addSession('s1')), /UNIQUE/);
  assert.deepEqual([count('tool_call_log'), count('sessions'), audit.pending], [2, 1, 1]);

  // the rows fail: the caller is told, its writes are committed, the rows wait
  db.exec(`CREATE TRIGGER no_audit BEFORE INSERT ON tool_call_log BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  const errors: unknown[] = [];
  const failing = new AuditWriter(db, { flushMs: 60_000, onError: (error) => errors.push(error) });
  failing.write(row);
  assert.equal(
    failing.flushWith(db, (flushed) => {
      addSession('s2');
      return flushed;
    }),
    false,
  );
  assert.deepEqual([count('tool_call_log'), count('sessions'), failing.pending, errors.length], [2, 2, 1, 1]);
  db.exec('DROP TRIGGER no_audit');
  assert.equal(failing.flush(), true);
  assert.equal(audit.flush(), true);
  assert.equal(count('tool_call_log'), 4);
  db.close();
});
