/**
 * The `plant` MCP server (SOURCES.md part B, over plant.db): who is on call,
 * open work orders, engineers, equipment and maintenance due dates, and the
 * closed work orders most similar to a symptom with the fixes that worked.
 * plant.db is read-only; the full-text index lives in config.state.fts_db.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Config } from '../../src/config/schema.js';
import type { Logger } from '../../src/log/index.js';
import { AppError } from '../../src/errors.js';
import { localDate, now } from '../../src/clock.js';
import { guarded, runStdioServer, toolOk, warnUnusedArgs, type ToolResult } from '../shared/server.js';
import { PlantDb } from './plant-db.js';
import { WorkOrderIndex } from './work-order-index.js';
import { findSimilar, RANKING_NOTE } from './similar.js';
import { getCurrentOncall, getEngineer, getEquipment, listEngineers, listOpenIssues } from './queries.js';

const MAX_RESOLUTIONS = 10;

/** every machine's type (plant.db equipment.type), for ranking the fixes by the kind of machine asked about */
function equipmentTypes(plant: PlantDb | undefined): (equipmentId: string | null) => string | undefined {
  if (!plant) return () => undefined;
  const rows = plant.read(
    (db) =>
      db.prepare('SELECT equipment_id, type FROM equipment').all() as Array<{ equipment_id: string; type: string }>,
  );
  const types = new Map(rows.map((row) => [row.equipment_id.toUpperCase(), row.type.toUpperCase()]));
  return (equipmentId) => (equipmentId ? types.get(equipmentId.toUpperCase()) : undefined);
}

export function searchWorkOrders(
  source: { index: WorkOrderIndex; plant?: PlantDb | undefined; timeZone: string },
  args: {
    symptom: string;
    equipment_id?: string | undefined;
    line_id?: string | undefined;
    equipment_type?: string | undefined;
    limit?: number | undefined;
  },
): ToolResult {
  const { index, plant, timeZone } = source;
  const symptom = args.symptom.trim();
  if (symptom === '') {
    throw new AppError('TOOL_ARGUMENTS_INVALID', 'the symptom is empty', {
      hint: 'describe what was observed, e.g. "异常振动" or "abnormal vibration on the press"',
    });
  }
  const limit = args.limit ?? 10;
  const today = localDate(now(), timeZone);
  const db = index.current();
  const typeOf = equipmentTypes(plant);
  // the machine named: its own type is the kind asked about
  const equipmentType =
    args.equipment_type?.trim() || (args.equipment_id ? typeOf(args.equipment_id.trim()) : undefined);
  const result = findSimilar({
    index: db,
    symptom,
    equipmentId: args.equipment_id,
    lineId: args.line_id,
    equipmentType,
    typeOf: plant ? typeOf : undefined,
    today,
  });
  if (result.concepts.length === 0) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', `nothing to search for in "${symptom}"`, {
      hint: 'use descriptive words of 3+ letters or Chinese words, e.g. "vibration", "振动", "漏油"',
    });
  }
  const matches = result.similar.slice(0, limit).map((order) => ({
    order_id: order.order_id,
    similarity: order.similarity,
    equipment_id: order.equipment_id,
    line_id: order.line_id,
    priority: order.priority,
    title: order.title,
    symptom: order.symptom,
    root_cause: order.root_cause,
    resolution: order.resolution,
    opened_at: order.opened_at,
    closed_at: order.closed_at,
  }));
  const resolutions = result.resolutions.slice(0, MAX_RESOLUTIONS);
  const filters = {
    equipment_id: args.equipment_id?.trim() || null,
    line_id: args.line_id?.trim() || null,
    equipment_type: args.equipment_type?.trim() || null,
  };
  let note: string | undefined;
  if (matches.length === 0 && result.filtered_out > 0) {
    note =
      `no similar closed orders match the equipment/line filter, but ${result.filtered_out} similar ` +
      `orders exist elsewhere: call again without equipment_id/line_id to see them`;
  } else if (matches.length === 0) {
    note = `no closed work order is similar to "${symptom}" among ${result.indexed_orders}; try other words (Chinese or English) or a shorter symptom`;
  }
  const structured = {
    symptom,
    filters,
    today,
    indexed_orders: result.indexed_orders,
    similar_count: result.similar_total,
    // the kind of machine whose orders and fixes rank first (a fix from another kind never ranks first)
    kind: result.kind ?? null,
    matches,
    resolutions,
    ranking: RANKING_NOTE,
    terms: result.terms.map((term) => term.text),
    // known symptom words looked up in both languages (the other language's words count TRANSLATION_WEIGHT)
    synonyms: result.concepts
      .filter((concept) => concept.synonym !== undefined)
      .map((concept) => ({
        concept: concept.synonym,
        said: concept.text,
        searched: concept.alternatives.map((alternative) => alternative.text),
      })),
    ...(note ? { note } : {}),
  };
  const lines: string[] = [];
  if (note) lines.push(note);
  else {
    lines.push(
      `${result.similar_total} similar closed work orders (showing ${matches.length}); fixes that worked, best first:`,
    );
    resolutions.forEach((group, position) =>
      lines.push(
        `${position + 1}. ${group.other_kind ? '[another kind of machine] ' : ''}${group.resolution} — ` +
          `worked ${group.count}× (last ${group.last_closed_at ?? '?'}), orders ${group.order_ids
            .slice(0, 8)
            .map((id) => `#${id}`)
            .join(' ')}${group.order_ids.length > 8 ? ' …' : ''}` +
          (group.wordings
            ? ` (one fix, also written: ${Object.values(group.wordings)
                .filter((text) => text !== group.resolution)
                .join(' / ')})`
            : ''),
      ),
    );
    lines.push('Most similar orders:');
    for (const match of matches) {
      lines.push(
        `#${match.order_id} [${match.similarity}] ${match.title} ` +
          `(${match.equipment_id ?? `line ${match.line_id}`}, closed ${match.closed_at ?? '?'}) cause: ` +
          `${match.root_cause ?? '-'}; fix: ${match.resolution ?? '-'}`,
      );
    }
  }
  return toolOk(structured, lines.join('\n'));
}

function register(
  server: McpServer,
  config: Config,
  parts: { log: Logger; plant: PlantDb; index: WorkOrderIndex },
): void {
  const { log, plant, index } = parts;
  const timeZone = config.plant.timezone;
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  server.registerTool(
    'get_current_oncall',
    {
      title: 'Who is on call / 当前值班工程师',
      description:
        'Returns the maintenance engineer on call now (or at the given time): name, login, engineer_id, country_code, time zone, the rotation window, ' +
        "and the engineer's own local date and time (use that date to check a public holiday in their country). 查询当前值班工程师。",
      inputSchema: {
        at: z
          .string()
          .max(40)
          .optional()
          .describe(
            'optional moment to check, ISO date-time such as 2026-11-25T09:30:00 (plant time); leave out for now / 可选时间点，默认现在',
          ),
      },
      annotations: readOnly,
    },
    guarded(log, 'get_current_oncall', ({ at }) => getCurrentOncall(plant, timeZone, at)),
  );
  server.registerTool(
    'list_open_issues',
    {
      title: 'Open work orders / 未关闭工单',
      description:
        'Lists the OPEN maintenance work orders (order_id, title, priority, equipment, line, assignee, ' +
        'opened_at), most urgent first (P0 before P3, then oldest). ' +
        'Filter by priority and/or by assignee_id (the engineer_id from get_current_oncall). 查询未关闭工单，可按优先级和负责人筛选。',
      inputSchema: {
        priority: z
          .enum(['P0', 'P1', 'P2', 'P3'])
          .optional()
          .describe('only this priority: P0 (most urgent) … P3 / 优先级'),
        assignee_id: z.coerce
          .number()
          .int()
          .min(1)
          .optional()
          .describe('only orders assigned to this engineer_id / 负责人工程师编号'),
      },
      annotations: readOnly,
    },
    guarded(log, 'list_open_issues', (args) => listOpenIssues(plant, args)),
  );
  server.registerTool(
    'get_engineer',
    {
      title: 'One engineer / 工程师信息',
      description:
        'Returns one engineer by login: name, email, country_code, time zone, open work orders and local time now. 按登录名查询工程师。',
      inputSchema: { login: z.string().min(1).max(100).describe('the engineer login, e.g. "li.wei" / 登录名') },
      annotations: readOnly,
    },
    guarded(log, 'get_engineer', ({ login }) => getEngineer(plant, login)),
  );
  server.registerTool(
    'list_engineers',
    {
      title: 'All engineers / 全部工程师',
      description:
        'Lists every maintenance engineer with engineer_id, login, country_code and time zone. Not ' +
        'needed to find who is on call (use get_current_oncall). 列出全部工程师。',
      inputSchema: {},
      annotations: readOnly,
    },
    guarded(log, 'list_engineers', () => listEngineers(plant)),
  );
  server.registerTool(
    'search_work_orders',
    {
      title: 'Similar past work orders and fixes / 相似历史工单与处理办法',
      description:
        'Finds the CLOSED work orders most similar to a symptom (Chinese or English) and ranks the ' +
        'resolutions that fixed them by how often and how recently they worked, ' +
        'each citing its order ids. Use it to recommend a fix: quote the top resolutions and their order ids, do not invent fixes. ' +
        '根据故障现象查找相似的已关闭工单，并按次数和时间排序处理办法。',
      inputSchema: {
        symptom: z
          .string()
          .min(1)
          .max(500)
          .describe('what was observed, e.g. "异常振动" or "press vibrates and knocks" / 故障现象'),
        equipment_id: z
          .string()
          .max(64)
          .optional()
          .describe('only orders on this equipment, e.g. B-PRESS-03 / 设备编号（可选）'),
        line_id: z.string().max(16).optional().describe('only orders on this line, e.g. B / 产线（可选）'),
        equipment_type: z
          .string()
          .max(32)
          .optional()
          .describe(
            'the kind of machine asked about (equipment.type, e.g. ROBOT): its orders and fixes rank first; ' +
              "default the named machine's type, else the kind the symptom points at / 设备类型（可选）",
          ),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(50)
          .optional()
          .describe('how many similar orders to show, 1-50, default 10 / 返回工单数'),
      },
      annotations: readOnly,
    },
    guarded(log, 'search_work_orders', (args) => searchWorkOrders({ index, plant, timeZone }, args)),
  );
  server.registerTool(
    'get_equipment',
    {
      title: 'Equipment and maintenance / 设备状态与保养',
      description:
        'Lists equipment with status (running, idle, maintenance, fault), last and next maintenance date,' +
        ' days_until_due and maintenance_overdue (relative to today in the plant). ' +
        'Filter by equipment_id, line_id, status, or overdue_only. 查询设备状态和保养是否逾期。',
      inputSchema: {
        equipment_id: z.string().max(64).optional().describe('one item, e.g. B-PRESS-03 / 设备编号'),
        line_id: z.string().max(16).optional().describe('one line, e.g. B / 产线'),
        status: z.string().max(32).optional().describe('running | idle | maintenance | fault / 状态'),
        overdue_only: z.boolean().optional().describe('true = only items whose maintenance is overdue / 只看保养逾期'),
      },
      annotations: readOnly,
    },
    guarded(log, 'get_equipment', (args) => getEquipment(plant, timeZone, args)),
  );
}

export async function runServer(options: { config: Config; args: string[] }): Promise<void> {
  const plant = new PlantDb(options.config.plant.db);
  let index: WorkOrderIndex | undefined;
  await runStdioServer({
    config: options.config,
    name: 'plant',
    instructions:
      'The plant maintenance data: on-call engineers, open work orders, equipment, and fixes from past work orders. 工厂维修数据。',
    register: (server, log) => {
      warnUnusedArgs(log, options.args);
      index = new WorkOrderIndex(plant, options.config.state.fts_db, log);
      try {
        index.current(); // build at start; a failure here is reported again by the tool call
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'fts-index-build-failed');
      }
      register(server, options.config, { log, plant, index });
      return () => {
        index?.close();
        plant.close();
      };
    },
  });
}
