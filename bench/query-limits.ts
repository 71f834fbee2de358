/**
 * `npm run bench:query-limits`: the query server under hostile load (issue #12).
 *   1. peak RSS of the query server's processes while
 *      `SELECT zeroblob(200000000) AS z FROM quality_data LIMIT 10` runs, and its answer;
 *   2. a trivial query's latency behind three slow ones whose callers cancelled them.
 *   node --import tsx bench/query-limits.ts
 */
import { readFileSync } from 'node:fs';
import { childPids, makeFixture, startQueryServer } from '../mcp-servers/query/test-support.js';

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const fixture = makeFixture({ rows: 50000, query: { timeout_ms: 5000 } });
  const server = await startQueryServer(fixture.configFile);
  try {
    await server.query('SELECT line_id FROM production_lines LIMIT 1');
    let peak = 0;
    const sample = (): void => {
      const total = [server.pid, ...childPids(server.pid)].reduce((sum, pid) => sum + rssMb(pid), 0);
      peak = Math.max(peak, total);
    };
    sample();
    const sampler = setInterval(sample, 5);
    const started = performance.now();
    const outcome = await server.query('SELECT zeroblob(200000000) AS z FROM quality_data LIMIT 10', 'bench: hostile zeroblob');
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    sample();
    console.log(`zeroblob query: ${outcome.isError ? `refused/failed [${outcome.structured?.error?.code}]` : `answered ${outcome.structured.row_count} rows`} in ${elapsed.toFixed(0)} ms; peak RSS of server + workers ${peak.toFixed(0)} MB`);
    console.log(`  answer: ${outcome.text.split('\n').slice(0, 2).join(' / ').slice(0, 300)}`);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const slow = 'SELECT count(a.record_id) AS n FROM quality_data a, quality_data b WHERE a.defect_qty + b.defect_qty > -1 LIMIT 1';
    const controllers = [0, 1, 2].map(() => new AbortController());
    const slowCalls = controllers.map((controller, index) =>
      server.client
        .callTool({ name: 'query_database', arguments: { sql: `${slow.replace('LIMIT 1', '')}AND ${index} = ${index} LIMIT 1`, purpose: 'bench: slow' } }, undefined, { signal: controller.signal, timeout: 60000 })
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const controller of controllers) controller.abort('the operator gave up');
    const trivialStarted = performance.now();
    const trivial = await server.query('SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 3', 'bench: trivial behind slow ones');
    const trivialMs = performance.now() - trivialStarted;
    console.log(`trivial query behind 3 cancelled slow ones: ${trivialMs.toFixed(0)} ms (${trivial.isError ? `error ${trivial.text}` : 'ok'})`);
    await Promise.all(slowCalls);

    await new Promise((resolve) => setTimeout(resolve, 3000)); // the pool is whole again
    const running = [1, 2, 3].map((tag) => server.query(`${slow.replace('LIMIT 1', '')}AND ${tag} > 0 LIMIT 1`, 'bench: slow, not cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const besideStarted = performance.now();
    const beside = await server.query('SELECT line_id, name_en FROM production_lines ORDER BY line_id LIMIT 2', 'bench: trivial beside slow ones');
    console.log(`trivial query while 3 slow ones run: ${(performance.now() - besideStarted).toFixed(0)} ms (${beside.isError ? `error ${beside.text}` : 'ok'})`);
    await Promise.all(running);
  } finally {
    await server.close();
    fixture.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
