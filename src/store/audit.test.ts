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
