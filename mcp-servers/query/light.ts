/**
 * Which queries the query server may run on its own read-only connection
 * instead of in an executor process ("light" queries), and which it may even
 * prepare there.
 *
 * Why: the hop to a worker (an IPC message each way, two processes woken) costs
 * 0.2–0.4 ms on these 2 cores — most of a small query's time: line A's defect
 * rate on one day reads ~600 index rows in 0.07 ms. But a statement running in
 * the server cannot be stopped (better-sqlite3 has no interrupt and is built
 * with SQLITE_OMIT_PROGRESS_CALLBACK), and while it runs the server answers
 * nothing, not even a ping. The rule: **no query holds the server's event loop
 * for more than 50 ms** (issue #29 N1: a `trim(X, Y)` over 63 rows held it for
 * 25.6 s). So only work that is bounded *before it starts*, by numbers that are
 * facts about the data and not estimates, runs here; everything else runs in a
 * worker that can be killed.
 *
 * Two gates, each with its numbers:
 *
 * 1. **The text** (`lightShape`, decides whether the server may even prepare
 *    and plan the SQL: SQLite's planner alone took 2.2 s on a 64-table join and
 *    1.5 s on CTEs that reference each other twice): at most LIGHT_TOKENS
 *    tokens, one SELECT (no subquery, CTE, compound), at most LIGHT_TABLES
 *    table names, no view, no schema but `main`; no IN, LIKE, GLOB, REGEXP,
 *    MATCH, `||`, window or variable; only the functions of LINEAR_FUNCTIONS,
 *    whose work and result grow at most linearly with their arguments (no
 *    `trim(X, Y)` or `instr`: len(X) × len(Y)); every literal at most
 *    LIGHT_LITERAL_BYTES bytes.
 * 2. **The work** (`lightWork`), from SQLite's plan and the data profile
 *    (profile.ts: exact facts measured in a worker after each change of
 *    plant.db, never sqlite_stat1's averages):
 *    - rows read R: each SEARCH by equality reads at most the *largest* number
 *      of rows under one key of that index prefix (a skewed key counts in full),
 *      a skip-scan that once per distinct value of the skipped columns, a rowid
 *      lookup one row, a SCAN the table's exact row count (only tables of at
 *      most LIGHT_SCAN_ROWS rows); a join multiplies; R ≤ LIGHT_ROWS;
 *    - value size V: the largest row payload of the tables read (dbstat's
 *      mx_payload: no column value is longer) plus the longest literal, ×32
 *      when strftime (whose result can outgrow its format) is called, + 32;
 *    - work W = R × (ops + sorts × log2 R) × V, where ops counts the tokens
 *      (each is at most one linear pass over a value per row) and sorts the
 *      temp b-trees and DISTINCTs; W ≤ LIGHT_WORK units.
 *    LIGHT_WORK is calibrated by `npm run bench:query-stall`: the worst query
 *    it admits runs in a few milliseconds here, far under the 50 ms rule.
 *
 * A light query that still takes longer than LIGHT_DEMOTE_MS (a machine far
 * slower than the calibration) is demoted by its *shape* — its tokens with
 * every literal masked — so another literal cannot repeat it.
 */
import { identifierName, tokenize, type Token } from './tokenizer.js';

/** most tokens (not counting spaces and comments) of SQL the server prepares itself */
export const LIGHT_TOKENS = 256;
/** most table names in SQL the server prepares itself */
export const LIGHT_TABLES = 4;
/** longest string or blob literal of a light query, in bytes */
export const LIGHT_LITERAL_BYTES = 256;
/** the most rows a light query may read (bounded by the data profile, not estimated) */
export const LIGHT_ROWS = 5000;
/** a full scan is light only on a table this small (lines, engineers, equipment) */
export const LIGHT_SCAN_ROWS = 2000;
/** the most work units (rows × ops × value bytes) a light query may do */
export const LIGHT_WORK = 4_000_000;
/** a light query that took longer than this runs in a worker from then on (its shape, any literals) */
export const LIGHT_DEMOTE_MS = 50;
/** strftime's result may be this many times longer than its format (`%J` → 2461013.5) */
const EXPANDING_FACTOR = 32;
/** the bytes a number or a date result may take, added to every value */
const VALUE_FLOOR = 32;

/**
 * Functions a light query may call: each reads its arguments once and builds a result at most as long as them
 * (strftime: at most EXPANDING_FACTOR times its format). Not here, on purpose: trim/ltrim/rtrim with a second
 * argument and instr (len(X) × len(Y) work), replace, printf/format, group_concat, hex, zeroblob, like, glob.
 */
const LINEAR_FUNCTIONS: ReadonlySet<string> = new Set([
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
  'SUBSTR',
  'SUBSTRING',
  'TYPEOF',
  // JOIN … USING (col): a column list, not a call
  'USING',
]);

/** Keywords a `(` may follow without being a call: a parenthesised expression. */
const GROUPING_KEYWORDS: ReadonlySet<string> = new Set([
  'SELECT',
  'DISTINCT',
  'ALL',
  'WHERE',
  'ON',
  'AND',
  'OR',
  'NOT',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'HAVING',
  'BY',
  'BETWEEN',
  'IS',
  'AS',
]);

/** Words that make a query's work depend on more than its plan shows, or its text more than one SELECT. */
const UNBOUNDED_WORDS: ReadonlySet<string> = new Set([
  'WITH',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'IN',
  'EXISTS',
  'LIKE',
  'GLOB',
  'REGEXP',
  'MATCH',
  'OVER',
  'WINDOW',
  'FILTER',
  'ESCAPE',
  'VALUES',
]);

/** What the text gate needs to know of the database: its names (ASCII lower-case). */
export interface SchemaNames {
  tables: ReadonlySet<string>;
  views: ReadonlySet<string>;
  /** attached schemas other than main (`archive`) */
  schemas: ReadonlySet<string>;
}

/** What the text tells of a light-shaped query's work. */
export interface LightShape {
  /** tokens that each may do one linear pass over a value per row (punctuation excluded) */
  ops: number;
  /** DISTINCT keywords: each an ephemeral sort */
  distincts: number;
  /** the longest string or blob literal, in bytes */
  literalBytes: number;
  /** strftime is called: a result may outgrow its format */
  expanding: boolean;
  /** the tokens with every literal masked: demotion applies to every literal */
  key: string;
}

const significant = (token: Token): boolean => token.type !== 'space' && token.type !== 'comment';
const PUNCTUATION: ReadonlySet<string> = new Set(['(', ')', ',', '.', ';']);
const LITERALS: ReadonlySet<Token['type']> = new Set(['string', 'blob', 'integer', 'float', 'qnumber']);

/** Bytes of a literal's value: a string's UTF-8 bytes, a blob's bytes. */
function literalBytes(token: Token): number {
  if (token.type === 'string') return Buffer.byteLength(token.text, 'utf8') - 2;
  if (token.type === 'blob') return Math.ceil((token.text.length - 3) / 2);
  return token.text.length;
}

/**
 * The text gate: the facts of a query the server may prepare and plan itself, or undefined when it must not
 * (its prepare, plan and run then happen in a worker).
 */
export function lightShape(sql: string, names: SchemaNames): LightShape | undefined {
  if (sql.length > LIGHT_TOKENS * 64) return undefined;
  const tokens = tokenize(sql).filter(significant);
  if (tokens.length > LIGHT_TOKENS) return undefined;
  let selects = 0;
  let tables = 0;
  let ops = 0;
  let distincts = 0;
  let longest = 0;
  let expanding = false;
  const key: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (token.type === 'variable' || token.type === 'illegal') return undefined;
    if (token.type === 'op' && token.text === '||') return undefined;
    const call = next?.type === 'op' && next.text === '(';
    if (LITERALS.has(token.type)) {
      if (call) return undefined;
      const bytes = literalBytes(token);
      if (bytes > LIGHT_LITERAL_BYTES) return undefined;
      longest = Math.max(longest, bytes);
      key.push('?');
      ops++;
      continue;
    }
    key.push(token.type === 'word' && token.keyword ? token.upper : token.text);
    if (token.type === 'op') {
      if (!PUNCTUATION.has(token.text)) ops++;
      continue;
    }
    ops++;
    const upper = token.type === 'word' ? token.upper : identifierName(token).toUpperCase();
    if (token.type === 'word' && token.keyword && UNBOUNDED_WORDS.has(upper)) return undefined;
    if (token.type === 'word' && upper === 'SELECT' && ++selects > 1) return undefined;
    if (token.type === 'word' && upper === 'DISTINCT') distincts++;
    if (call) {
      // a call (a quoted name is a call too: "trim"(x, y)) or a parenthesised expression after a keyword
      const grouping = token.type === 'word' && token.keyword && GROUPING_KEYWORDS.has(upper);
      if (!grouping && !LINEAR_FUNCTIONS.has(upper)) return undefined;
      if (upper === 'STRFTIME') expanding = true;
      continue;
    }
    if (token.type !== 'word' && token.type !== 'id' && token.type !== 'string') continue;
    const name = identifierName(token).toLowerCase();
    if (next?.type === 'op' && next.text === '.' && names.schemas.has(name)) return undefined;
    if (names.views.has(name)) return undefined;
    if (names.tables.has(name) && ++tables > LIGHT_TABLES) return undefined;
  }
  if (selects !== 1) return undefined;
  return { ops, distincts, literalBytes: longest, expanding, key: key.join(' ') };
}

/**
 * A query's shape: its tokens with every literal masked, keywords upper-cased, spaces and comments dropped. Two
 * queries that differ only in literals share it; slowness is remembered by shape (here and in executor.ts).
 */
export function shapeKey(sql: string): string {
  return tokenize(sql)
    .filter(significant)
    .map((token) =>
      LITERALS.has(token.type) ? '?' : token.type === 'word' && token.keyword ? token.upper : token.text,
    )
    .join(' ');
}

/** more table names than this make SQLite's planner itself slow (16 tables: ~15 ms, 64: 2.2 s) */
const PLANNER_TABLES = 8;

/**
 * Work a worker should not start on its last free slot, judged from the text alone (the executor's `heavy`): a
 * call outside LINEAR_FUNCTIONS (trim(X, Y), instr, replace, printf…: their cost per row is not linear or not
 * bounded), a literal over LIGHT_LITERAL_BYTES, or more than PLANNER_TABLES table names.
 */
export function costlyText(sql: string, names: SchemaNames): boolean {
  const tokens = tokenize(sql).filter(significant);
  let tables = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (LITERALS.has(token.type)) {
      if (literalBytes(token) > LIGHT_LITERAL_BYTES) return true;
      continue;
    }
    if (token.type !== 'word' && token.type !== 'id') continue;
    const upper = token.type === 'word' ? token.upper : identifierName(token).toUpperCase();
    if (next?.type === 'op' && next.text === '(') {
      const grouping = token.type === 'word' && token.keyword && GROUPING_KEYWORDS.has(upper);
      // WITH c(x) AS (…) or AS [NOT] MATERIALIZED (…): a CTE's column list, not a call (f(x) AS alias is a call)
      const close = closing(tokens, index + 1);
      let body = close + 2;
      while (tokens[body]?.type === 'word' && ['NOT', 'MATERIALIZED'].includes(tokens[body]!.upper)) body++;
      const declared =
        isWordToken(tokens[close + 1], 'AS') && tokens[body]?.type === 'op' && tokens[body]!.text === '(';
      if (!grouping && !declared && !LINEAR_FUNCTIONS.has(upper) && !CHEAP_CALLS.has(upper)) return true;
      continue;
    }
    if (names.tables.has(identifierName(token).toLowerCase()) && ++tables > PLANNER_TABLES) return true;
  }
  return false;
}

const isWordToken = (token: Token | undefined, upper: string): boolean =>
  token?.type === 'word' && token.upper === upper;

/** The index of the `)` closing the `(` at `open` (the last token when it is never closed). */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type !== 'op') continue;
    if (token.text === '(') depth++;
    else if (token.text === ')' && --depth === 0) return index;
  }
  return tokens.length - 1;
}

/** Words before `(` that are not costly calls: a subquery, IN or EXISTS list, VALUES, a window, a filter. */
const CHEAP_CALLS: ReadonlySet<string> = new Set([
  'IN',
  'EXISTS',
  'VALUES',
  'OVER',
  'FILTER',
  'AS',
  'FROM',
  'JOIN',
  'LIKE',
  'GLOB',
  'ESCAPE',
]);

export interface PlanStep {
  detail: string;
}

/** One loop of a light plan, as the data profile must bound it. */
export type LightStep =
  | { kind: 'rowid'; table: string }
  | { kind: 'scan'; table: string }
  /** `bound` equality columns after `skipped` skip-scan columns of `index` */
  | { kind: 'search'; table: string; index: string; skipped: number; bound: number };

export interface LightPlan {
  steps: LightStep[];
  /** temp b-trees (GROUP BY, ORDER BY, DISTINCT) */
  sorts: number;
}

const SEARCH = /^SEARCH (\S+) USING (?:COVERING )?INDEX (\S+) \((.*)\)$/;
const ROWID = /^SEARCH (\S+) USING INTEGER PRIMARY KEY \(rowid=\?\)$/;
const SCAN = /^SCAN (\S+)(?: USING (?:COVERING )?INDEX \S+)?$/;
const TEMP = /^USE TEMP B-TREE FOR (?:GROUP BY|ORDER BY|DISTINCT|RIGHT PART OF ORDER BY|LAST TERMS? OF ORDER BY)$/;

/**
 * The plan gate: the loops of a plan made only of equality SEARCHes, rowid lookups, SCANs and temp b-trees,
 * each on a table the SQL names (`aliases`: alias or name → table, lower-case); undefined for any other plan.
 */
export function lightPlan(plan: readonly PlanStep[], aliases: ReadonlyMap<string, string>): LightPlan | undefined {
  const steps: LightStep[] = [];
  let sorts = 0;
  const tableOf = (name: string): string | undefined =>
    aliases.get(
      name
        .toLowerCase()
        .replace(/^main\./, '')
        .replace(/^"(.*)"$/, '$1'),
    );
  for (const { detail } of plan) {
    if (detail === 'SCAN CONSTANT ROW') continue;
    if (TEMP.test(detail)) {
      sorts++;
      continue;
    }
    const rowid = ROWID.exec(detail);
    const search = rowid ? undefined : SEARCH.exec(detail);
    const scan = rowid || search ? undefined : SCAN.exec(detail);
    const table = tableOf((rowid ?? search ?? scan)?.[1] ?? '');
    if (table === undefined) return undefined;
    if (rowid) steps.push({ kind: 'rowid', table });
    else if (scan) steps.push({ kind: 'scan', table });
    else {
      const terms = search![3]!.split(' AND ');
      let skipped = 0;
      while (skipped < terms.length && /^ANY\([^\s()]+\)$/.test(terms[skipped]!)) skipped++;
      if (!terms.slice(skipped).every((term) => /^[^\s()<>=!]+=\?$/.test(term))) return undefined;
      steps.push({ kind: 'search', table, index: search![2]!.toLowerCase(), skipped, bound: terms.length - skipped });
    }
  }
  return { steps, sorts };
}

/** The facts the work bound needs, measured on the current data (profile.ts); undefined while unknown. */
export interface ProfileFacts {
  /** exact rows of a table */
  rows(table: string): number | undefined;
  /** the largest row payload of a table, in bytes (no value in it is longer) */
  maxPayload(table: string): number | undefined;
  /** of an index's first `columns` columns: distinct keys and the most rows under one key */
  keys(index: string, columns: number): { keys: number; most: number } | undefined;
}

/** What a light plan needs measured before it can be judged. */
export interface ProfileNeeds {
  tables: Set<string>;
  /** index → prefix lengths, with the table it belongs to */
  indexes: Map<string, { table: string; prefixes: Set<number> }>;
}

export function profileNeeds(plan: LightPlan): ProfileNeeds {
  const needs: ProfileNeeds = { tables: new Set(), indexes: new Map() };
  for (const step of plan.steps) {
    needs.tables.add(step.table);
    if (step.kind !== 'search') continue;
    const entry = needs.indexes.get(step.index) ?? { table: step.table, prefixes: new Set<number>() };
    entry.prefixes.add(step.skipped + step.bound);
    if (step.skipped > 0) entry.prefixes.add(step.skipped);
    needs.indexes.set(step.index, entry);
  }
  return needs;
}

export type WorkVerdict =
  | { light: true; rows: number; work: number }
  | { light: false; reason: string; rows?: number; work?: number }
  /** a fact is not measured yet */
  | { light: undefined };

/** The work gate: rows and work units of a light-shaped query on its light plan, from measured facts. */
export function lightWork(shape: LightShape, plan: LightPlan, facts: ProfileFacts): WorkVerdict {
  let loop = 1;
  let rows = 0;
  let payload = 0;
  for (const step of plan.steps) {
    const tablePayload = facts.maxPayload(step.table);
    if (tablePayload === undefined) return { light: undefined };
    payload = Math.max(payload, tablePayload);
    let perLoop: number;
    if (step.kind === 'rowid') perLoop = 1;
    else if (step.kind === 'scan') {
      const size = facts.rows(step.table);
      if (size === undefined) return { light: undefined };
      if (size > LIGHT_SCAN_ROWS) return { light: false, reason: `a scan of ${step.table} (${size} rows)` };
      perLoop = Math.max(1, size);
    } else {
      const full = facts.keys(step.index, step.skipped + step.bound);
      const skipped = step.skipped > 0 ? facts.keys(step.index, step.skipped) : { keys: 1, most: 0 };
      if (full === undefined || skipped === undefined) return { light: undefined };
      // one seek per distinct value of the skipped columns, each reading the largest key's rows (and one more)
      perLoop = skipped.keys * (full.most + 1);
    }
    loop *= perLoop;
    rows += loop;
    if (rows > LIGHT_ROWS) return { light: false, reason: `up to ${rows} rows read`, rows };
  }
  rows = Math.max(1, rows);
  const value = (payload + shape.literalBytes) * (shape.expanding ? EXPANDING_FACTOR : 1) + VALUE_FLOOR;
  const sorts = plan.sorts + shape.distincts;
  const work = rows * (shape.ops + sorts * Math.ceil(Math.log2(rows + 1))) * value;
  if (work > LIGHT_WORK) return { light: false, reason: `${work} work units`, rows, work };
  return { light: true, rows, work };
}
