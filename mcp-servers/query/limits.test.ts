/**
 * Issue #12 through the real query server (real SDK client over stdio, real
 * worker processes, real signals): memory per query bounded, results capped
 * while rows are read, cancelled calls dropped or their worker killed, a
 * bounded queue, and cheap queries that do not wait behind heavy ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { childPids, processAlive, type Outcome } from './test-support.js';
import { cancellable, peakSampler, rssMb, withQueryServer } from './limits-support.js';

const SLOW = (tag: number): string =>
  `WITH RECURSIVE c(x) AS (SELECT ${tag} UNION ALL SELECT x + 1 FROM c) SELECT max(x) AS m FROM c LIMIT 1`;
// cheap questions that still take a worker: LIKE makes them not light (light.ts), as most questions are not
const TRIVIAL = "SELECT line_id, name_en FROM production_lines WHERE name_en LIKE '%' ORDER BY line_id LIMIT 3";
/** the same cheap question, not in the result cache (each n is a new statement) */
const FRESH = (n: number): string =>
  `SELECT line_id, name_en FROM production_lines WHERE name_en LIKE '%' ORDER BY line_id LIMIT ${n}`;

async function waitFor(predicate: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return predicate();
}

async function timed(run: () => Promise<Outcome>): Promise<{ outcome: Outcome; ms: number }> {
  const started = Date.now();
  const outcome = await run();
  return { outcome, ms: Date.now() - started };
}

test(
  'zeroblob(200000000) × 10 rows is refused before it allocates; printf/format/replace that ' +
    'inflate are refused; ordinary calls answer as SQLite does',
  async () => {
    await withQueryServer({ rows: 2000, query: { timeout_ms: 5000 } }, async (server) => {
      assert.equal((await server.query(TRIVIAL)).isError, false);
      const sampler = peakSampler(() => Math.max(0, ...childPids(server.pid).map(rssMb)));
      const outcome = await server.query(
        'SELECT zeroblob(200000000) AS z FROM quality_data LIMIT 10',
        'hostile: inflate memory',
      );
      const peak = sampler.stop();
      assert.equal(outcome.isError, true, outcome.text);
      assert.equal(outcome.structured.error.code, 'VALUE_TOO_LARGE', outcome.text);
      assert.match(outcome.text, /zeroblob\(200000000\).*at most 1048576 bytes/);
      assert.match(outcome.structured.error.hint, /zeroblob/);
      assert.ok(peak < 400, `a worker grew to ${peak.toFixed(0)} MB (was 2.2 GB before the limits)`);

      for (const [sql, pattern] of [
        ['SELECT randomblob(50000000) AS r FROM production_lines LIMIT 1', /randomblob/],
        ["SELECT printf('%.*c', 300000000, 'x') AS p FROM production_lines LIMIT 1", /printf/],
        ["SELECT format('%900000000d', 1) AS p FROM production_lines LIMIT 1", /format/],
        [
          "SELECT length(replace(replace(hex(zeroblob(400000)), '0', '0123456789'), '0', '0123456789')) AS n FROM production_lines LIMIT 1",
          /replace/,
        ],
        ['SELECT zeroblob(100000000 + 100000000) AS z FROM production_lines LIMIT 1', /zeroblob\(200000000\)/],
      ] as const) {
        const refused = await server.query(sql, 'hostile: inflate memory');
        assert.equal(refused.structured?.error?.code, 'VALUE_TOO_LARGE', `${sql}: ${refused.text}`);
        assert.match(refused.text, pattern);
      }
      const ordinary = await server.query(
        "SELECT printf('%.2f%%', 12.3456) AS pct, format('%5d|%-4s|', 42, 'ab') AS padded, " +
          "replace('A-B-C', '-', ' / ') AS r, length(zeroblob(1000)) AS z, length(randomblob(16)) AS b, " +
          'hex(zeroblob(2)) AS h FROM production_lines LIMIT 1',
      );
      assert.equal(ordinary.isError, false, ordinary.text);
      assert.deepEqual(ordinary.structured.rows[0], ['12.35%', '   42|ab  |', 'A / B / C', 1000, 16, '0000']);
    });
  },
);

test('a query that grows a worker past worker_max_rss_mb is killed (QUERY_TOO_LARGE) and the server keeps serving', async () => {
  await withQueryServer({ rows: 200, query: { timeout_ms: 20000, worker_max_rss_mb: 300 } }, async (server) => {
    assert.equal((await server.query(TRIVIAL)).isError, false);
    // every step doubles a string: 1 MB, 2 MB, … — no single function call is over the value cap
    const outcome = await server.query(
      'WITH RECURSIVE c(s, n) AS (SELECT hex(zeroblob(500000)), 0 UNION ALL SELECT s || s, n + 1 FROM ' +
        'c WHERE n < 12) SELECT length(s) AS l FROM c ORDER BY l DESC LIMIT 1',
      'hostile: grow a string',
    );
    assert.equal(outcome.isError, true, outcome.text);
    assert.equal(outcome.structured.error.code, 'QUERY_TOO_LARGE', outcome.text);
    assert.match(outcome.text, /more than 300 MB/);
    assert.equal(processAlive(outcome.structured.error.worker_pid), false);
    const next = await server.query(FRESH(7));
    assert.equal(next.isError, false, next.text);
  });
});

test('a result is cut while rows are read at 2 MB: fewer rows, has_more, a note saying how to page on', async () => {
  await withQueryServer({ rows: 500 }, async (server) => {
    const outcome = await server.query(
      "SELECT record_id, printf('%.7000c', 'x') AS a, printf('%.7000c', 'y') AS b FROM quality_data ORDER BY record_id LIMIT 100",
      'wide rows',
    );
    assert.equal(outcome.isError, false, outcome.text);
    const result = outcome.structured;
    assert.ok(result.row_count > 10 && result.row_count < 100, `row_count ${result.row_count}`);
    assert.equal(result.has_more, true);
    assert.match(result.note, /cut after \d+ rows at 2097152 bytes/);
    assert.match(outcome.text, new RegExp(`next page with LIMIT ${result.row_count} OFFSET ${result.row_count}`));
    const bytes = Buffer.byteLength(JSON.stringify(result));
    assert.ok(bytes < 3 * 1024 * 1024, `structured result of ${bytes} bytes`);
    const next = await server.query(
      `SELECT record_id, printf('%.7000c', 'x') AS a, printf('%.7000c', 'y') AS b FROM quality_data ` +
        `ORDER BY record_id LIMIT ${result.row_count} OFFSET ${result.row_count}`,
      'wide rows, next page',
    );
    assert.equal(
      next.structured.rows[0][0],
      result.rows[result.row_count - 1][0] + 1,
      'the next page starts where the cut one stopped',
    );
  });
});

/** A promise with a flag saying whether it has settled yet. */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const wrapped = promise.finally(() => {
    done = true;
  });
  return { promise: wrapped, settled: () => done };
}

// Long deadlines: the properties below are orderings (the cheap answer comes while the slow ones still
// run), not durations, so a loaded machine that starts workers slowly cannot fail them; the slow calls are
// cancelled at the end, which kills their workers.
const LONG_MS = 60000;

test('cancelled calls are dropped from the queue or their worker is killed: a trivial query does not wait behind them', async () => {
  await withQueryServer({ rows: 200, query: { timeout_ms: LONG_MS } }, async (server) => {
    assert.equal((await server.query(TRIVIAL)).isError, false);
    const slow = [1, 2, 3, 4].map((tag) => cancellable(server, SLOW(tag)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const running = childPids(server.pid).filter(processAlive);
    for (const call of slow) call.controller.abort('the operator gave up');
    await Promise.all(slow.map((call) => call.done));
    const { outcome, ms } = await timed(() => server.query(FRESH(4), 'trivial after cancelled ones'));
    assert.equal(outcome.isError, false, outcome.text);
    // behind the cancelled work it would wait for their 60 s deadlines, one after the other
    assert.ok(ms < LONG_MS, `the trivial query waited ${ms} ms: it queued behind cancelled work`);
    // the worker that ran a cancelled query was killed (no CPU left spinning); the waiting ones were dropped
    assert.ok(
      await waitFor(() => running.some((pid) => !processAlive(pid)), 10000),
      `one of the workers ${running.join(', ')} was killed`,
    );
    assert.ok(childPids(server.pid).filter(processAlive).length <= 2, 'never more than query.workers');
  });
});

test('heavy queries hold at most all workers but one: a trivial query is answered while three slow ones still run or wait', async () => {
  await withQueryServer({ rows: 200, query: { timeout_ms: LONG_MS } }, async (server) => {
    assert.equal((await server.query(TRIVIAL)).isError, false);
    const slow = [1, 2, 3].map((tag) => cancellable(server, SLOW(tag)));
    const states = slow.map((call) => tracked(call.done));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const trivial = await server.query(FRESH(5), 'trivial next to slow ones');
    assert.equal(trivial.isError, false, trivial.text);
    assert.deepEqual(
      states.map((state) => state.settled()),
      [false, false, false],
      'the slow ones are still running or waiting',
    );
    for (const call of slow) call.controller.abort('done with the test');
    await Promise.all(states.map((state) => state.promise));
  });
});

test('a server starts with one worker; a second starts as a spare while it is busy', async () => {
  await withQueryServer({ rows: 200, query: { timeout_ms: LONG_MS } }, async (server) => {
    assert.equal(childPids(server.pid).filter(processAlive).length, 1, 'one worker at start-up');
    for (let i = 1; i <= 3; i++) assert.equal((await server.query(FRESH(i), 'one at a time')).isError, false);
    assert.equal(childPids(server.pid).filter(processAlive).length, 1, 'cheap queries one at a time: still one worker');
    const slow = cancellable(server, SLOW(1));
    const state = tracked(slow.done);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await server.query(FRESH(6), 'beside the slow one')).isError, false);
    assert.equal(state.settled(), false);
    assert.equal(
      childPids(server.pid).filter(processAlive).length,
      2,
      'a second worker started (a spare while the first is busy)',
    );
    slow.controller.abort('done with the test');
    await state.promise;
  });
});

test('the queue is bounded: beyond queue_max a call is answered QUERY_BUSY at once, with a hint', async () => {
  await withQueryServer({ rows: 200, query: { timeout_ms: LONG_MS, workers: 1, queue_max: 1 } }, async (server) => {
    assert.equal((await server.query(TRIVIAL)).isError, false);
    const running = cancellable(server, SLOW(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waiting = cancellable(server, SLOW(2));
    const states = [tracked(running.done), tracked(waiting.done)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const outcome = await server.query(SLOW(3), 'over the bound');
    assert.equal(outcome.structured.error.code, 'QUERY_BUSY', outcome.text);
    assert.match(outcome.text, /wait a few seconds and call again/);
    assert.deepEqual(
      states.map((state) => state.settled()),
      [false, false],
      'answered while the others still run and wait',
    );
    running.controller.abort('done with the test');
    waiting.controller.abort('done with the test');
    await Promise.all(states.map((state) => state.promise));
  });
});
