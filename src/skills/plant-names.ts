/**
 * The plant's own names for the rule router (router/entities.ts): the
 * inspectors and products quality_data records and a few batch numbers (for
 * their shape), read once through query_database when the engine starts,
 * like the equipment list. A plant database that lacks them (a failed query,
 * no quality_data yet) leaves the router without names: questions naming an
 * inspector or product then get the honest reply, never a guess.
 */
import type { Logger } from 'pino';
import type { QueryResult, ToolCaller } from '../mcp/types.js';
import { rowsAsObjects } from './context.js';
import { PLANT_NAMES_QUERIES, plantNamesFrom, type PlantNames } from './router/entities.js';

type Row = Record<string, string | number | null>;

/** every row of one query (pages of 100, at most `pages` of them); undefined when it fails */
async function rowsOf(
  tools: ToolCaller,
  query: { sql: string; purpose: string; pages: number },
): Promise<{ rows: Row[]; error?: string }> {
  const rows: Row[] = [];
  for (let page = 0; page < query.pages; page++) {
    const result = await tools.callTool({
      name: 'query_database',
      arguments: { sql: `${query.sql} LIMIT 100${page > 0 ? ` OFFSET ${page * 100}` : ''}`, purpose: query.purpose },
      traceId: 'startup',
      sessionId: 'startup',
    });
    if (!result.ok || !result.structured) return { rows, error: result.text };
    const structured = result.structured as QueryResult;
    rows.push(...rowsAsObjects<Row>(structured));
    if (!structured.has_more || structured.rows.length === 0) break;
  }
  return { rows };
}

export async function loadPlantNamesForRouter(tools: ToolCaller, log: Logger): Promise<PlantNames | undefined> {
  try {
    const purpose = 'router: learn the inspectors, products and batch numbers the data records';
    const [rolledUp, productNames, batches] = await Promise.all([
      rowsOf(tools, { sql: PLANT_NAMES_QUERIES.people, purpose, pages: 20 }),
      rowsOf(tools, { sql: PLANT_NAMES_QUERIES.productNames, purpose, pages: 5 }),
      rowsOf(tools, { sql: PLANT_NAMES_QUERIES.batches, purpose, pages: 1 }),
    ]);
    // a plant database without the rollups: the same names from quality_data
    const people =
      rolledUp.error !== undefined && /no such (table|column)/i.test(rolledUp.error)
        ? await rowsOf(tools, { sql: PLANT_NAMES_QUERIES.peopleRaw, purpose, pages: 20 })
        : rolledUp;
    if (people.error) {
      log.warn({ error: people.error }, 'plant-names-unavailable');
      return undefined;
    }
    // production_lines.product_en is a demo extra: without it the stored product names are used
    return plantNamesFrom({ people: people.rows, productNames: productNames.rows, batches: batches.rows.slice(0, 20) });
  } catch (error) {
    log.warn({ err: error }, 'plant-names-unavailable');
    return undefined;
  }
}
