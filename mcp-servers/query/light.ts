/**
 * Which queries the query server may run on its own read-only connection
 * instead of in an executor process ("light" queries).
 *
 * Why: the hop to a worker (an IPC message each way, two processes woken) costs
 * 0.2–0.4 ms on these 2 cores — most of a small query's time: line A's defect
 * rate on one day reads ~600 index rows in 0.07 ms. But a query running in the
 * server cannot be stopped (better-sqlite3 has no interrupt), so only a query
 * whose work is bounded before it starts runs there. Every other query runs in
 * a worker that can be killed on a timeout, a cancel or a memory overrun.
 *
 * A query is light when all of these hold (the numbers are the policy):
 * - its text: one SELECT (no subquery, no CTE, no UNION), no IN, LIKE, GLOB,
 *   REGEXP, MATCH or `||`, and only the functions of LIGHT_FUNCTIONS — none of
 *   them builds a value larger than its arguments;
 * - its plan (EXPLAIN QUERY PLAN): every step is a SEARCH on an index or the
 *   rowid by equality only (no range; a skip-scan counts one seek per distinct
 *   value of the skipped columns), a SCAN of a table of at
 *   most LIGHT_SCAN_ROWS rows, a temp b-tree for GROUP BY / ORDER BY /
 *   DISTINCT, or a constant row;
 * - the rows it reads — for each SEARCH the average rows per key from
 *   sqlite_stat1 (written by ANALYZE: the seeder and every import run it),
 *   multiplied over a join — are at most LIGHT_ROWS. An index without
 *   statistics counts only when it is UNIQUE and every column is bound (1 row).
 * The service demotes a light query that still runs longer than
 * LIGHT_DEMOTE_MS (statistics can be stale): it goes to a worker from then on.
 */
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { tokenize } from './tokenizer.js';

/** the most rows a light query may read, by the plan's estimate */
export const LIGHT_ROWS = 5000;
/** a full scan is light only on a table this small (lines, engineers, equipment) */
export const LIGHT_SCAN_ROWS = 2000;
/** a light query that took longer than this runs in a worker from then on */
export const LIGHT_DEMOTE_MS = 50;

/** Functions a light query may call: aggregates, numbers, dates, and text functions no longer than their input. */
const LIGHT_FUNCTIONS: ReadonlySet<string> = new Set([
  'COUNT',
  'SUM',
  'TOTAL',
  'AVG',
  'MIN',
  'MAX',
  'ROUND',
  'ABS',
  'COALESCE',
  'IFNULL',
  'NULLIF',
  'IIF',
  'CAST',
  'DATE',
  'TIME',
  'DATETIME',
  'JULIANDAY',
  'STRFTIME',
  'UNIXEPOCH',
  'LENGTH',
  'UPPER',
  'LOWER',
  'TRIM',
  'LTRIM',
  'RTRIM',
  'SUBSTR',
  'SUBSTRING',
  'INSTR',
  'TYPEOF',
  // JOIN … USING (col): a column list, not a call
  'USING',
]);

/** Words that make a query's work depend on more than the plan shows. */
const UNBOUNDED_WORDS: ReadonlySet<string> = new Set([
  'WITH',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'IN',
  'LIKE',
  'GLOB',
  'REGEXP',
  'MATCH',
  'OVER',
  'WINDOW',
]);

/** The text half of the rule: one SELECT, no unbounded operator, only LIGHT_FUNCTIONS. */
export function lightText(sql: string): boolean {
  const tokens = tokenize(sql).filter((token) => token.type !== 'space' && token.type !== 'comment');
  let selects = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'op' && token.text === '||') return false;
    if (token.type === 'variable') return false;
    if (token.type !== 'word') continue;
    if (token.upper === 'SELECT' && ++selects > 1) return false;
    if (UNBOUNDED_WORDS.has(token.upper)) return false;
    const next = tokens[index + 1];
    if (next?.type === 'op' && next.text === '(' && !LIGHT_FUNCTIONS.has(token.upper)) return false;
  }
  return selects === 1;
}

export interface PlanStep {
  detail: string;
}

/** What the plan check needs from the database: table sizes and index statistics. */
export interface PlanFacts {
  /** table (lower-case) → approximate rows */
  sizes: ReadonlyMap<string, number>;
  /** alias or table name (lower-case) → table (lower-case) */
  aliases: ReadonlyMap<string, string>;
  /** index (lower-case) → sqlite_stat1 numbers: rows, then average rows per key prefix of 1, 2, … columns */
  stats: ReadonlyMap<string, readonly number[]>;
  /** UNIQUE indexes (lower-case) → their column count */
  unique: ReadonlyMap<string, number>;
}

const SEARCH = /^SEARCH (\S+) USING (?:COVERING )?INDEX (\S+) \((.*)\)$/;
const ROWID = /^SEARCH (\S+) USING INTEGER PRIMARY KEY \(rowid=\?\)$/;
const SCAN = /^SCAN (\S+)(?: USING (?:COVERING )?INDEX \S+)?$/;
const TEMP = /^USE TEMP B-TREE FOR (?:GROUP BY|ORDER BY|DISTINCT|RIGHT PART OF ORDER BY|LAST TERMS? OF ORDER BY)$/;

/** Rows a plan reads at most by its estimate, or undefined when the plan is not light. */
export function lightPlanRows(plan: readonly PlanStep[], facts: PlanFacts): number | undefined {
  let rows = 1;
  for (const { detail } of plan) {
    if (detail === 'SCAN CONSTANT ROW' || TEMP.test(detail)) continue;
    if (ROWID.test(detail)) continue;
    const search = SEARCH.exec(detail);
    if (search) {
      const searched = searchRows(search[2]!.toLowerCase(), search[3]!.split(' AND '), facts);
      if (searched === undefined) return undefined;
      rows *= searched;
    } else {
      const scan = SCAN.exec(detail);
      if (!scan) return undefined;
      const table = facts.aliases.get(scan[1]!.toLowerCase());
      const size = table === undefined ? undefined : facts.sizes.get(table);
      if (size === undefined || size > LIGHT_SCAN_ROWS) return undefined;
      rows *= Math.max(1, size);
    }
    if (rows > LIGHT_ROWS) return undefined;
  }
  return rows;
}

/**
 * Rows one SEARCH reads: equality terms (`col=?`), after leading skip-scan terms (`ANY(col)`: one seek per
 * distinct value); undefined for a range or an index with neither statistics nor a fully bound UNIQUE key.
 */
function searchRows(index: string, terms: string[], facts: PlanFacts): number | undefined {
  let skipped = 0;
  while (skipped < terms.length && /^ANY\([^\s()]+\)$/.test(terms[skipped]!)) skipped++;
  if (!terms.slice(skipped).every((term) => /^[^\s()<>=!]+=\?$/.test(term))) return undefined;
  const stat = facts.stats.get(index);
  if (!stat || stat.length < 2) return skipped === 0 && facts.unique.get(index) === terms.length ? 1 : undefined;
  const perKey = stat[Math.min(terms.length, stat.length - 1)]!;
  // seeks of a skip-scan: the distinct values of the skipped prefix (rows / rows per prefix value)
  const seeks = skipped === 0 ? 1 : stat[0]! / stat[Math.min(skipped, stat.length - 1)]!;
  return Math.max(1, seeks * perKey);
}

/** sqlite_stat1 and the UNIQUE indexes of a database (empty maps when it was never analysed). */
export function readIndexFacts(db: SqliteDatabase): Pick<PlanFacts, 'stats' | 'unique'> {
  const stats = new Map<string, number[]>();
  const unique = new Map<string, number>();
  try {
    const hasStats = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
    if (hasStats) {
      for (const { idx, stat } of db
        .prepare('SELECT idx, stat FROM sqlite_stat1 WHERE idx IS NOT NULL')
        .all() as Array<{
        idx: string;
        stat: string;
      }>) {
        const numbers = stat
          .split(' ')
          .map(Number)
          .filter((value) => Number.isFinite(value));
        stats.set(idx.toLowerCase(), numbers);
      }
    }
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>;
    const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
    for (const { name } of tables) {
      for (const index of db.pragma(`index_list(${quote(name)})`) as Array<{ name: string; unique: number }>) {
        if (index.unique !== 1) continue;
        const columns = (db.pragma(`index_info(${quote(index.name)})`) as unknown[]).length;
        unique.set(index.name.toLowerCase(), columns);
      }
    }
  } catch {
    // statistics unreadable: no query is light, every one runs in a worker
    stats.clear();
    unique.clear();
  }
  return { stats, unique };
}
