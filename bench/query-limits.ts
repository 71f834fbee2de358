/**
 * `npm run bench:query-limits`: the query server under hostile load (issue #12).
 *   1. peak RSS of the query server's processes while
 *      `SELECT zeroblob(200000000) AS z FROM quality_data LIMIT 10` runs, and its answer;
 *   2. a trivial query's latency behind three slow ones whose callers cancelled them (a scan without WHERE
 *      doing len(X) × len(Y) work per row: minutes if nothing stopped it);
 *   3. a cross join of the quality table with itself: refused before it runs (QUERY_TOO_BROAD), how fast.
 *   node --import tsx bench/query-limits.ts
 */
import { childPids } from '../mcp-servers/query/test-support.js';
import { cancellable, peakSampler, rssMb, withQueryServer } from '../mcp-servers/query/limits-support.js';

async function main(): Promise<void> {
  await withQueryServer({ rows: 50000, query: { timeout_ms: 5000 } }, async (server) => {
    await server.query('SELECT line_id FROM production_lines LIMIT 1');
    const sampler = peakSampler(() => [server.pid, ...childPids(server.pid)].reduce((sum, pid) => sum + rssMb(pid), 0));
    const started = performance.now();
    const outcome = await server.query(
      'SELECT zeroblob(200000000) AS z FROM quality_data LIMIT 10',
      'bench: hostile zeroblob',
    );
    const elapsed = performance.now() - started;
    const peak = sampler.stop();
    console.log(
      `zeroblob query: ` +
        (outcome.isError
          ? `refused/failed [${outcome.structured?.error?.code}]`
          : `answered ${outcome.structured.row_count} rows`) +
        ` in ` +
        elapsed.toFixed(0) +
        ` ms; peak RSS of server + workers ` +
        peak.toFixed(0) +
        ` MB`,
    );
    console.log(`  answer: ${outcome.text.split('\n').slice(0, 2).join(' / ').slice(0, 300)}`);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const slow =
      `SELECT max(length(trim(substr('${'a'.repeat(4000)}', 1 + 0 * record_id), '${'b'.repeat(3999)}a'))) AS m ` +
      'FROM quality_data WHERE defect_qty > -1 LIMIT 1';
    const slowCalls = [0, 1, 2].map((index) =>
      cancellable(server, `${slow.replace('LIMIT 1', '')}AND ${index} = ${index} LIMIT 1`, 'bench: slow'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const call of slowCalls) call.controller.abort('the operator gave up');
    const trivialStarted = performance.now();
    const trivial = await server.query(
      'SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 3',
      'bench: trivial behind slow ones',
    );
    const trivialMs = performance.now() - trivialStarted;
    console.log(
      `trivial query behind 3 cancelled slow ones: ${trivialMs.toFixed(0)} ms (${trivial.isError ? `error ${trivial.text}` : 'ok'})`,
    );
    await Promise.all(slowCalls.map((call) => call.done));

    await new Promise((resolve) => setTimeout(resolve, 3000)); // the pool is whole again
    const running = [1, 2, 3].map((tag) =>
      server.query(`${slow.replace('LIMIT 1', '')}AND ${tag} > 0 LIMIT 1`, 'bench: slow, not cancelled'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const besideStarted = performance.now();
    const beside = await server.query(
      'SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 2',
      'bench: trivial beside slow ones',
    );
    console.log(
      `trivial query while 3 slow ones run: ${(performance.now() - besideStarted).toFixed(0)} ms (${beside.isError ? `error ${beside.text}` : 'ok'})`,
    );
    await Promise.all(running);

    const crossStarted = performance.now();
    const cross = await server.query(
      'SELECT count(a.record_id) AS n FROM quality_data a, quality_data b WHERE a.defect_qty + b.defect_qty > -1 LIMIT 1',
      'bench: a cross join',
    );
    console.log(
      `cross join of quality_data with itself: ${cross.isError ? `[${cross.structured?.error?.code}]` : 'answered'} in ` +
        `${(performance.now() - crossStarted).toFixed(0)} ms: ${cross.text.split('\n').slice(0, 3).join(' / ').slice(0, 240)}`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
