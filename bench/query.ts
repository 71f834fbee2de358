/**
 * `npm run bench:query`: the query server on 1,000,000 quality rows.
 * Typical operator questions, each measured four ways:
 *   raw     better-sqlite3 directly (prepared once);
 *   miss    guard + engine check + executor process (cache off), in-process service;
 *   hit     the cache, in-process service;
 *   mcp     the real server over stdio with the real SDK client (cache miss and cache hit).
 * Plus the guard alone. Prints p50/p95 (ms) against the targets:
 *   guard < 0.2 ms; indexed questions < 10 ms p50; cache hit < 0.5 ms through MCP; MCP round trip < 1 ms p50.
 *   node --import tsx bench/query.ts [--rows N] [--iterations N]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configSchema } from '../src/config/schema.js';
import { logger } from '../src/log/index.js';
import { openAgentDb } from '../src/store/agent-db.js';
import { AuditWriter } from '../src/store/audit.js';
import { openSqlite } from '../src/store/sqlite.js';
import { seedPlant } from '../src/seed/index.js';
import { checkQuery } from '../mcp-servers/query/guard.js';
import { QueryService } from '../mcp-servers/query/service.js';
import { startQueryServer } from '../mcp-servers/query/test-support.js';

const TODAY = '2026-11-29';

const QUESTIONS: Array<{ name: string; sql: string }> = [
  {
    name: "line A's defect rate on a day",
    sql:
      'SELECT line_id, SUM(inspected_qty) AS output, ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty)' +
      ", 2) AS defect_rate_pct FROM quality_data WHERE line_id = 'A' AND record_date = '2026-11-25' " +
      'GROUP BY line_id LIMIT 10',
  },
  {
    name: 'a week per line',
    sql:
      'SELECT line_id, SUM(inspected_qty) AS output, ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty)' +
      ", 2) AS defect_rate_pct FROM quality_data WHERE record_date BETWEEN '2026-11-16' AND " +
      "'2026-11-22' GROUP BY line_id ORDER BY line_id LIMIT 10",
  },
  {
    name: 'top defect types last month',
    sql:
      'SELECT defect_type, SUM(defect_qty) AS defects FROM quality_data WHERE record_date >= ' +
      "'2026-10-01' AND record_date < '2026-11-01' AND defect_type IS NOT NULL GROUP BY defect_type " +
      'ORDER BY defects DESC LIMIT 5',
  },
];

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(iterations: number, run: () => unknown): Promise<{ p50: number; p95: number }> {
  for (let index = 0; index < Math.min(5, iterations); index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

const fmt = (value: number): string => (value < 1 ? value.toFixed(3) : value.toFixed(2)).padStart(8);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, iterations: { type: 'string', default: '200' } },
  });
  const rows = Number(values.rows);
  const iterations = Number(values.iterations);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-query-'));
  try {
    const plantDb = path.join(dir, 'plant.db');
    const seeded = seedPlant({ db: plantDb, rows, seed: 1, today: TODAY, force: true });
    console.log(
      `seeded ${seeded.tables.quality_data ?? rows} quality rows in ${(seeded.elapsedMs / 1000).toFixed(1)} s (${(seeded.bytes / 1e6).toFixed(0)} MB)`,
    );

    const base = {
      plant: { db: plantDb },
      state: { db: path.join(dir, 'agent.db') },
      log: { level: 'silent', dir: path.join(dir, 'log'), file: { enabled: false } },
    };
    const configWith = (cache: { ttl_s: number }) => configSchema.parse({ ...base, query: { cache } });
    const agentDb = openAgentDb(path.join(dir, 'agent.db'));
    const audit = new AuditWriter(agentDb, { flushMs: 200 });
    const log = logger('bench');
    const missService = new QueryService({ config: configWith({ ttl_s: 0 }), audit, log });
    const hitService = new QueryService({ config: configWith({ ttl_s: 300 }), audit, log });
    const missFile = path.join(dir, 'miss.yaml');
    const hitFile = path.join(dir, 'hit.yaml');
    writeFileSync(missFile, JSON.stringify({ ...base, query: { cache: { ttl_s: 0 } } }));
    writeFileSync(hitFile, JSON.stringify({ ...base, query: { cache: { ttl_s: 300 } } }));
    const mcpMiss = await startQueryServer(missFile);
    const mcpHit = await startQueryServer(hitFile);
    const raw = openSqlite(plantDb, { readonly: true });
    const context = { traceId: 'bench', sessionId: 'bench' };

    const guard = await measure(iterations * 20, () => checkQuery({ sql: QUESTIONS[1]!.sql, maxRows: 100 }));
    console.log(`\nguard alone: p50 ${fmt(guard.p50)} ms  p95 ${fmt(guard.p95)} ms   (target < 0.2 ms)`);
    console.log(`\n${'question'.padEnd(30)} ${'way'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const question of QUESTIONS) {
      const statement = raw.prepare(question.sql);
      const lines: Array<[string, { p50: number; p95: number }]> = [
        ['raw better-sqlite3', await measure(iterations, () => statement.all())],
        [
          'guard + miss (service)',
          await measure(iterations, () => missService.queryDatabase({ sql: question.sql, purpose: 'bench' }, context)),
        ],
        [
          'cache hit (service)',
          await measure(iterations, () => hitService.queryDatabase({ sql: question.sql, purpose: 'bench' }, context)),
        ],
        ['MCP stdio, miss', await measure(iterations, () => mcpMiss.query(question.sql, 'bench'))],
        ['MCP stdio, cache hit', await measure(iterations, () => mcpHit.query(question.sql, 'bench'))],
      ];
      for (const [way, result] of lines)
        console.log(`${question.name.padEnd(30)} ${way.padEnd(22)} ${fmt(result.p50)} ${fmt(result.p95)}`);
      const check = await mcpHit.query(question.sql, 'bench');
      if (check.isError || !check.structured.cached)
        throw new Error(`unexpected answer for ${question.name}: ${check.text}`);
    }
    console.log(
      '\ntargets: guard < 0.2 ms; indexed questions < 10 ms p50; cache hit < 0.5 ms through MCP; MCP round trip < 1 ms p50',
    );
    raw.close();
    await mcpMiss.close();
    await mcpHit.close();
    missService.close();
    hitService.close();
    audit.close();
    agentDb.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
