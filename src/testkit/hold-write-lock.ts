/**
 * Tests only: another writer on an SQLite file, as the MCP servers' audit
 * writers are on agent.db — a connection in another thread that holds the
 * write lock for a while.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Another connection to the same agent.db (as the query server's audit
 * writer) takes the write lock in another thread, signals, keeps it for
 * `holdMs`, then commits. Resolves when that thread is done.
 */
export function holdWriteLock(file: string, holdMs: number): { held: Promise<void>; done: Promise<unknown> } {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file, { timeout: 5000 });
     db.exec('BEGIN IMMEDIATE');
     db.prepare("INSERT INTO sessions (session_id, user_id, created_at, last_active_at) VALUES (?, NULL, 'x', 'x')").run('other-' + Date.now() + Math.random());
     Atomics.store(workerData.signal, 0, 1);
     Atomics.notify(workerData.signal, 0);
     Atomics.wait(workerData.signal, 0, 1, workerData.holdMs);
     db.exec('COMMIT');
     db.close();`,
    {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file, signal, holdMs },
    },
  );
  const done = once(worker, 'exit');
  const held = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    const poll = () => (Atomics.load(signal, 0) === 1 ? resolve() : setTimeout(poll, 5));
    poll();
  });
  return { held, done };
}
