/**
 * Issue #29 N1 through the real query server (real SDK client over stdio, real
 * worker processes, real signals): no query holds the server's thread. Each
 * test freezes the query workers (SIGSTOP) and sends the attack, then an MCP
 * ping and a trivial light query. The server answers one pipe in order, so on
 * a server that ran the attack on its own thread the ping could only come
 * back after it: here the ping and the trivial query answer while the attack
 * still waits for a worker. No timing is measured; the order is the proof.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqlite } from '../../src/store/sqlite.js';
import { cancellable } from './limits-support.js';
import {
  drain,
  makeFixture,
  startQueryServer,
  track,
  withWorkersFrozen,
  type QueryFixture,
  type RunningServer,
} from './test-support.js';

/** the red team's query, verbatim: trim(X, Y) costs len(X) × len(Y) per row (25.6 s on 63 rows) */
const N1 = (filler = 'a'): string =>
  `SELECT count(*), max(length(trim(substr('${filler.repeat(9800)}', 1+0*record_id), '${'b'.repeat(9799)}a'))) ` +
  "FROM quality_data WHERE line_id='A' AND record_date='2026-11-20' LIMIT 1";
/** light on any server that has the facts: a primary-key lookup in a 4-row table */
const TRIVIAL = "SELECT name_en FROM production_lines WHERE line_id = 'A' LIMIT 1";

/**
 * A fresh plant and server with one worker (its jobs run in order: the facts a light query needs are measured
 * before the answer of the call that asked for them), the cache off and a long timeout (a frozen worker must not
 * time out: the test ends each attack by cancelling it).
 */
async function withServer(
  options: { rows: number; prepare?: (fixture: QueryFixture) => void },
  run: (server: RunningServer, fixture: QueryFixture) => Promise<void>,
): Promise<void> {
  const fixture = makeFixture({ rows: options.rows, query: { timeout_ms: 60000, workers: 1, cache: { ttl_s: 0 } } });
  try {
    options.prepare?.(fixture);
    const server = await startQueryServer(fixture.configFile);
    try {
      const warm = await server.query(TRIVIAL);
      assert.equal(warm.isError, false, warm.text);
      await run(server, fixture);
    } finally {
      await server.close();
    }
  } finally {
    fixture.cleanup();
  }
}

/** With the workers frozen: the attack is sent first, then a ping and TRIVIAL; both answer, the attack waits. */
async function answersBesideFrozenAttack(server: RunningServer, sql: string): Promise<void> {
  await withWorkersFrozen(server, async () => {
    const attack = cancellable(server, sql, 'issue #29 N1: hold the query server');
    const pending = track(attack.done);
    await server.client.ping();
    const trivial = await server.query(TRIVIAL, 'a trivial question beside the attack');
    await drain();
    assert.equal(trivial.isError, false, trivial.text);
    assert.deepEqual(trivial.structured.rows, [['Line A']]);
    assert.equal(
      pending.settled(),
      false,
      'the attack ran on the server thread: the ping and the trivial query waited',
    );
    attack.controller.abort('the test is done with it');
    await attack.done;
  });
}

test('N1: the trim(X, Y) query runs in a worker; a ping and a trivial query answer while it waits', async () => {
  await withServer({ rows: 3000 }, async (server) => {
    await answersBesideFrozenAttack(server, N1());
  });
});

test('N1 with a changed literal, after the first one was given up: it too leaves the server free', async () => {
  await withServer({ rows: 3000 }, async (server) => {
    // the first one runs (in a worker) until the call gives up on it
    const first = cancellable(server, N1(), 'issue #29 N1: the first try');
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.controller.abort('long enough');
    await first.done;
    const after = await server.query(TRIVIAL);
    assert.equal(after.isError, false, after.text);
    await answersBesideFrozenAttack(server, N1('c'));
  });
});

test('two N1 calls hold at most one of two workers: a question that needs a worker is answered beside them', async () => {
  const fixture = makeFixture({ rows: 3000, query: { timeout_ms: 60000, workers: 2, cache: { ttl_s: 0 } } });
  try {
    const server = await startQueryServer(fixture.configFile);
    try {
      // over all of line A's 750 rows (~0.4 s a row: minutes), not the red team's 2 rows of one day: the attacks
      // must outlast a worker's start on a busy machine (at load 10 the 2-row query finished before the LIKE's
      // worker had started, and the test read that as the attack not holding a worker)
      const attacks = [N1('a'), N1().replace("'b", "'c")].map((sql) =>
        cancellable(server, sql.replace(" AND record_date='2026-11-20'", ''), 'issue #29 N1, twice'),
      );
      const pending = attacks.map((attack) => track(attack.done));
      // LIKE: not light, it needs a worker (the second one: trim(X, Y) is costly, so heavy, so never the last one)
      const other = await server.query("SELECT name_en FROM production_lines WHERE name_en LIKE 'Line A%' LIMIT 1");
      await drain();
      assert.equal(other.isError, false, other.text);
      assert.deepEqual(other.structured.rows, [['Line A']]);
      assert.deepEqual(
        pending.map((state) => state.settled()),
        [false, false],
      );
      for (const attack of attacks) attack.controller.abort('the test is done with it');
      await Promise.all(attacks.map((attack) => attack.done));
    } finally {
      await server.close();
    }
  } finally {
    fixture.cleanup();
  }
});

const SKEWED_DAY = '2026-11-20';
const SKEWED_ROWS = 24000;
const SKEWED =
  'SELECT count(*) AS n, max(length(upper(batch_no))) AS m FROM quality_data ' +
  `WHERE line_id = 'A' AND record_date = '${SKEWED_DAY}' LIMIT 1`;

test('a skewed key (24,000 rows where the statistics say ~100) runs in a worker, not on the server thread', async () => {
  let average = 0;
  let expected = 0;
  await withServer(
    {
      rows: 100000,
      // a day's import adds 24,000 rows for one line and day: 24 % more rows, under the importer's 25 % drift
      // (src/import/importer.ts, STATISTICS_DRIFT), so the statistics stay as they were and know nothing of it
      prepare: (fixture) => {
        const db = openSqlite(fixture.plantDb, {});
        try {
          db.prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SKEWED_ROWS}) ` +
              'INSERT INTO quality_data (line_id, record_date, shift, batch_no, product, inspected_qty, defect_qty, ' +
              'defect_type, inspector, recorded_at) SELECT line_id, record_date, shift, batch_no || i, product, ' +
              'inspected_qty, defect_qty, defect_type, inspector, recorded_at FROM n, ' +
              `(SELECT * FROM quality_data WHERE line_id = 'A' AND record_date = '${SKEWED_DAY}' LIMIT 1)`,
          ).run();
          const stat = db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'idx_quality_line_date'").get() as {
            stat: string;
          };
          average = Number(stat.stat.split(' ')[2]);
          expected = (db.prepare(SKEWED.replace('LIMIT 1', '')).raw(true).get() as number[])[0]!;
        } finally {
          db.close();
        }
      },
    },
    async (server) => {
      assert.ok(average <= 200, `sqlite_stat1 estimates ${average} rows per line and day`);
      assert.ok(expected > SKEWED_ROWS, `${expected} rows under the skewed key`);
      // the first call has the index's facts measured (in the worker, before its own answer)
      const first = await server.query(SKEWED);
      assert.equal(first.isError, false, first.text);
      assert.equal(first.structured.rows[0][0], expected);
      await answersBesideFrozenAttack(server, SKEWED.replace('upper(batch_no)', 'lower(batch_no)'));
    },
  );
});

test("SQLite's planner is a stall too: a 64-table join and self-doubling CTEs are planned in a worker", async () => {
  await withServer({ rows: 3000 }, async (server) => {
    const tables = Array.from({ length: 64 }, (_, index) => `quality_data t${index}`).join(' JOIN ');
    const on = Array.from(
      { length: 63 },
      (_, index) =>
        `t${index}.record_date = t${index + 1}.record_date AND t${index}.defect_type = t${(index * 7 + 3) % 64}.defect_type`,
    ).join(' AND ');
    await answersBesideFrozenAttack(server, `SELECT count(*) AS n FROM ${tables} WHERE ${on} LIMIT 1`);
    let ctes = "WITH c0 AS (SELECT line_id, record_date FROM quality_data WHERE line_id = 'A')";
    for (let level = 1; level < 16; level++)
      ctes += `, c${level} AS (SELECT x.line_id, y.record_date FROM c${level - 1} x, c${level - 1} y WHERE x.line_id = y.line_id)`;
    await answersBesideFrozenAttack(server, `${ctes} SELECT count(*) AS n FROM c15 LIMIT 1`);
  });
});

test('a cross join of the large tables is refused before it runs (QUERY_TOO_BROAD), without a worker', async () => {
  await withServer({ rows: 3000 }, async (server) => {
    // planned in a worker (not light-shaped): the worker runs for the plan, then is frozen for the answer
    const sql = 'SELECT count(*) AS n FROM quality_data a, quality_data b, quality_data c LIMIT 1';
    const refused = await server.query(sql, 'a cross join');
    assert.equal(refused.structured.error.code, 'QUERY_TOO_BROAD', refused.text);
    assert.match(refused.text, /quality_data \(3000 rows\) × quality_data \(3000 rows\) × quality_data \(3000 rows\)/);
    assert.match(refused.structured.error.hint, /USING \(line_id\)/);
    await withWorkersFrozen(server, async () => {
      // its plan is known now: refused again at once, with the worker frozen
      const again = await server.query(sql, 'the same cross join again');
      assert.equal(again.structured.error.code, 'QUERY_TOO_BROAD', again.text);
    });
    // a join on its key reads what it needs and runs
    const joined = await server.query(
      'SELECT count(*) AS n FROM quality_data q JOIN production_lines p USING (line_id) LIMIT 1',
      'a join on the key',
    );
    assert.equal(joined.isError, false, joined.text);
    assert.equal(joined.structured.rows[0][0], 3000);
  });
});
