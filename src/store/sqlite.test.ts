import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite } from './sqlite.js';

test('statementCache: the same SQL gets the compiled statement back, modes reset, busy ones not shared, bounded', () => {
  const db = openSqlite(':memory:', { statementCache: 2 });
  try {
    db.exec("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
    const first = db.prepare('SELECT a, b FROM t WHERE a = ?');
    assert.equal(db.prepare('SELECT a, b FROM t WHERE a = ?'), first, 'compiled once');
    assert.equal(first.pluck().get(1), 1);
    // a caller that set pluck (or raw) does not change what the next one gets
    assert.deepEqual(db.prepare('SELECT a, b FROM t WHERE a = ?').get(2), { a: 2, b: 'y' });
    assert.deepEqual(db.prepare('SELECT a, b FROM t WHERE a = ?').raw().get(3), [3, 'z']);
    assert.deepEqual(db.prepare('SELECT a, b FROM t WHERE a = ?').get(1), { a: 1, b: 'x' });
    // writes work through cached statements too
    const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
    insert.run(4, 'w');
    assert.equal(db.prepare('INSERT INTO t VALUES (?, ?)'), insert);
    // while one iteration is open the statement is busy: a second user gets its own
    const scan = db.prepare('SELECT a FROM t ORDER BY a');
    const seen: number[] = [];
    for (const row of scan.iterate() as IterableIterator<{ a: number }>) {
      const inner = db.prepare('SELECT a FROM t ORDER BY a');
      assert.notEqual(inner, scan);
      seen.push(row.a, (inner.all() as unknown[]).length);
    }
    assert.deepEqual(seen, [1, 4, 2, 4, 3, 4, 4, 4]);
    // bounded: the least recently used statement is dropped
    db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    assert.notEqual(db.prepare('SELECT a, b FROM t WHERE a = ?'), first);
  } finally {
    db.close();
  }
});

test('without statementCache every prepare compiles anew', () => {
  const db = openSqlite(':memory:');
  try {
    assert.notEqual(db.prepare('SELECT 1'), db.prepare('SELECT 1'));
  } finally {
    db.close();
  }
});
