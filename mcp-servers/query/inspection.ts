/**
 * What SQLite's plan (EXPLAIN QUERY PLAN) says about a statement, judged once
 * per SQL text by the query service:
 * - heavy: it scans a table over SMALL_TABLE_ROWS, recurses, or scans a
 *   subquery — it may not take the last free worker (executor.ts);
 * - broad: the rows its full scans multiply to. Nested loops over full scans
 *   (a join without a join condition) multiply their tables: 1 M × 1 M quality
 *   rows is 10^12 rows, which no worker reads before `query.timeout_ms`. A plan
 *   whose scans multiply past BROAD_ROWS_PER_MS × the timeout (100 M rows a
 *   second: faster than SQLite steps through rows) is refused before it runs
 *   (QUERY_TOO_BROAD), instead of taking a worker and a core for the whole
 *   timeout;
 * - light: a light-shaped text (light.ts) whose plan is made of bounded loops;
 *   whether its work is small enough is judged on each call from the data
 *   profile (profile.ts).
 */
import { tableAliases } from './guard.js';
import { lightPlan, profileNeeds, type LightPlan, type LightShape, type ProfileNeeds } from './light.js';

/** A scan of a table up to this size is cheap; bigger ones, recursive CTEs and scans of subqueries count as heavy work. */
export const SMALL_TABLE_ROWS = 20000;
/** rows a second SQLite cannot step faster than (a worker's full scan does 1–30 M/s here), per ms of timeout */
export const BROAD_ROWS_PER_MS = 100_000;

export interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

export interface Inspection {
  readonly: boolean;
  heavy: boolean;
  /** its tokens with the literals masked (light.ts shapeKey) */
  shape: string;
  /** rows the full scans of one loop nest multiply to (at least), and which scans */
  broad: { rows: number; scans: Array<{ table: string; rows: number }> };
  /** a light candidate: its text and bounded loops (the work is judged per call from the profile) */
  light?: { shape: LightShape; plan: LightPlan; needs: ProfileNeeds } | undefined;
}

/** Judge a statement by its plan. `sizes`: approximate rows per table (lower-case names). */
export function judgePlan(options: {
  sql: string;
  plan: readonly PlanRow[];
  sizes: ReadonlyMap<string, number>;
  shape?: LightShape | undefined;
}): Omit<Inspection, 'readonly' | 'shape'> {
  const { sql, plan, sizes, shape } = options;
  const aliases = tableAliases(sql, new Set(sizes.keys()));
  let heavy = plan.some((step) => step.detail.startsWith('RECURSIVE STEP'));
  for (const { detail } of plan) {
    const scan = /^SCAN (\S+)/.exec(detail);
    if (!scan || scan[1] === 'CONSTANT') continue;
    const table = aliases.get(scan[1]!.toLowerCase());
    if (table === undefined || (sizes.get(table) ?? Number.POSITIVE_INFINITY) > SMALL_TABLE_ROWS) heavy = true;
  }
  const broad = broadRows(plan, aliases, sizes);
  let light: Inspection['light'];
  if (shape && !heavy) {
    const loops = lightPlan(plan, aliases);
    if (loops) light = { shape, plan: loops, needs: profileNeeds(loops) };
  }
  return { heavy, broad, light };
}

/**
 * The largest product of full-scan sizes among loops nested in one another (steps sharing a parent in the
 * plan tree are one loop nest; a subquery's loops are their own nest). A lower bound of the rows read: an
 * index SEARCH counts one row, a scan of something not a known table counts one.
 */
export function broadRows(
  plan: readonly PlanRow[],
  aliases: ReadonlyMap<string, string>,
  sizes: ReadonlyMap<string, number>,
): Inspection['broad'] {
  const nests = new Map<number, Array<{ table: string; rows: number }>>();
  for (const { parent, detail } of plan) {
    const scan = /^SCAN (\S+)/.exec(detail);
    if (!scan || scan[1] === 'CONSTANT') continue;
    const table = aliases.get(scan[1]!.toLowerCase().replace(/^main\./, ''));
    const rows = table === undefined ? undefined : sizes.get(table);
    if (table === undefined || rows === undefined || !Number.isFinite(rows)) continue;
    const nest = nests.get(parent) ?? [];
    nest.push({ table, rows: Math.max(1, rows) });
    nests.set(parent, nest);
  }
  let widest: Inspection['broad'] = { rows: 0, scans: [] };
  for (const scans of nests.values()) {
    const rows = scans.reduce((product, scan) => product * scan.rows, 1);
    if (rows > widest.rows) widest = { rows, scans };
  }
  return widest;
}
