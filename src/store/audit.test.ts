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

test('audit rows are batched and all written on close', () => {
  const db = openAgentDb(':memory:');
  const audit = new AuditWriter(db, { flushMs: 60_000, batchSize: 50 });
  for (let i = 0; i < 120; i++) {
    audit.write({
      origin: 'server',
      tool_name: 'query_database',
      parameters: { i },
      duration_ms: 1,
      success: true,
      session_id: 's',
    });
  }
  // two full batches went out at once; the rest waits for the timer or close
  assert.equal((db.prepare('SELECT count(*) AS n FROM tool_call_log').get() as { n: number }).n, 100);
  assert.equal(audit.pending, 20);
  audit.close();
  assert.equal((db.prepare('SELECT count(*) AS n FROM tool_call_log').get() as { n: number }).n, 120);
});
