/**
 * work_orders — counts and lists the plant's work orders by machine (or a
 * group of machines, or a line), symptom, period (the days they were opened
 * in, or closed in), priority and state. The count is always of every
 * matching order (aggregated in the database); the table shows the newest
 * `limit` of them and says "showing N of M". A symptom is matched through the
 * bilingual symptom vocabulary (the same one search_work_orders uses), so
 * "vibration" finds 振动 orders too; a symptom outside it is said so, never
 * dropped.
 */
import { addDays, localDate } from '../../../clock.js';
import { SYMPTOM_SYNONYMS, type SynonymEntry } from '../../../../mcp-servers/plant/synonyms.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { rowsAsObjects } from '../../../skills/context.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { loadEquipment, loadLines, selectLines, type EquipmentItem } from '../shared/plant.js';
import { resolveEquipment } from '../shared/equipment.js';
import { futureAnswer, reversedAnswer, unknownLinesAnswer } from '../shared/answers.js';
import { num, sqlDate, sqlId, sqlIn, sqlText, str } from '../shared/sql.js';
import { dateOf, lineName, listJoin, markdownTable, periodLabel, t, type LineInfo } from '../shared/text.js';
import { workOrdersArgs, type WorkOrdersArgs } from './args.js';
import {
  ageText,
  assigneeAnswer,
  byAssigneeAnswer,
  countByAssignee,
  loadEngineers,
  resolveAssignee,
  type Engineer,
} from './assignees.js';
import { workOrdersOutput } from './output.js';

/** the vocabulary concepts a symptom names (NFKC, lower-case) */
export function symptomConcepts(symptom: string): SynonymEntry[] {
  const text = symptom.normalize('NFKC').toLowerCase();
  return SYMPTOM_SYNONYMS.filter((entry) => {
    entry.en.lastIndex = 0;
    entry.zh.lastIndex = 0;
    const found = entry.en.test(text) || entry.zh.test(text);
    entry.en.lastIndex = 0;
    entry.zh.lastIndex = 0;
    return found;
  });
}

/** the vocabulary's search strings are fixed words, checked before they are inlined */
const SAFE_WORD = /^[\p{L}\p{N} -]{1,40}$/u;

function symptomClause(concepts: SynonymEntry[]): string {
  const words = [...new Set(concepts.flatMap((entry) => [...entry.searchEn, ...entry.searchZh]))].filter((word) =>
    SAFE_WORD.test(word),
  );
  return `(${words.map((word) => `title LIKE ${sqlText(`%${word}%`)} OR symptom LIKE ${sqlText(`%${word}%`)}`).join(' OR ')})`;
}

interface OrderRow {
  order_id: number;
  equipment_id: string;
  line_id: string;
  priority: string;
  status: string;
  title: string;
  opened_at: string;
  closed_at: string;
  /** the engineer it is assigned to ('' when none) */
  assignee: string;
  root_cause: string;
  resolution: string;
}

function statusText(status: string, language: Language): string {
  if (language === 'en') return status;
  return status === 'open' ? '未关闭' : status === 'closed' ? '已关闭' : status;
}

/** what the orders were selected by, in words: 'B-PRESS-03, P1, open, opened last week (…)' */
function criteria(options: {
  args: WorkOrdersArgs;
  machine: string | undefined;
  line: LineInfo | undefined;
  concepts: SynonymEntry[];
  assignee: Engineer | undefined;
  language: Language;
}): string {
  const { args, machine, line, concepts, language } = options;
  const parts: string[] = [];
  if (args.order_ids.length > 0) parts.push(args.order_ids.map((id) => `#${id}`).join(t(language, '、', ', ')));
  if (options.assignee)
    parts.push(t(language, `负责人 ${options.assignee.name}`, `assigned to ${options.assignee.name}`));
  if (args.order_ids.length > 0 && !machine && !line) {
    // the orders named by number: nothing else to say of where
  } else if (machine) parts.push(machine);
  else if (line) parts.push(lineName(line, language));
  else parts.push(t(language, '全厂', 'the whole plant'));
  if (args.symptom)
    parts.push(
      t(
        language,
        `现象“${args.symptom}”（按${concepts.map((entry) => [...entry.searchZh, ...entry.searchEn].join('/')).join('、')}匹配标题和现象）`,
        `symptom "${args.symptom}" (title or symptom containing ${concepts.map((entry) => [...entry.searchEn, ...entry.searchZh].join('/')).join(', ')})`,
      ),
    );
  if (args.priorities.length > 0) parts.push(listJoin(args.priorities, language));
  if (args.status && !(args.status === 'closed' && args.period && args.dated_by === 'closed'))
    parts.push(statusText(args.status, language));
  if (args.period) {
    const when = periodLabel(args.period, language);
    parts.push(
      args.dated_by === 'closed'
        ? t(language, `关闭于${when}`, `closed ${when}`)
        : t(language, `开立于${when}`, `opened ${when}`),
    );
  }
  return parts.join(t(language, '，', ', '));
}

function machineLabel(items: EquipmentItem[], language: Language): string {
  if (items.length === 1) {
    const item = items[0]!;
    const name = language === 'zh' ? item.name : item.name_en || item.name;
    return language === 'zh' ? `${name}（${item.equipment_id}）` : `${name} (${item.equipment_id})`;
  }
  return items.map((item) => item.equipment_id).join(t(language, '、', ', '));
}

async function execute(ctx: SkillContext, args: WorkOrdersArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const base = { arguments: args, today };
  if (args.period) {
    const { from, to } = args.period;
    if (to < from) return reversedAnswer({ from, to, language, args });
    if (from > today) {
      return futureAnswer({ from, to, today, language, args, subject: t(language, '工单', 'work orders') });
    }
  }
  ctx.progress(t(language, '正在读取产线和设备…', 'reading the lines and the equipment…'));
  const [lines, items] = await Promise.all([loadLines(ctx), args.equipment ? loadEquipment(ctx) : Promise.resolve([])]);
  let line: LineInfo | undefined;
  if (args.line) {
    const { selected, unknown } = selectLines([args.line], lines);
    if (unknown.length > 0) return unknownLinesAnswer({ unknown, known: lines, language, args });
    line = selected[0]!;
  }
  let machines: EquipmentItem[] = [];
  if (args.equipment) {
    const resolution = resolveEquipment({ text: args.equipment, items, line: line?.line_id });
    if (resolution.kind === 'ambiguous') {
      const which = resolution.candidates.map((item) => `${item.equipment_id}（${item.line_id}）`).join('、');
      const whichEn = resolution.candidates.map((item) => `${item.equipment_id} (line ${item.line_id})`).join(', ');
      return {
        answer: t(
          language,
          `“${args.equipment}”对应 ${resolution.candidates.length} 台设备：${which}。请说明是哪一台（加上产线或用设备编号）。`,
          `"${args.equipment}" matches ${resolution.candidates.length} machines: ${whichEn}. Which one do you mean? (name the line, or use the equipment id)`,
        ),
        data: {
          ...base,
          error: 'ambiguous_equipment',
          candidates: resolution.candidates.map((item) => item.equipment_id),
        },
      };
    }
    if (resolution.kind === 'none') {
      const pool = items.filter((item) => !line || item.line_id === line.line_id).map((item) => item.equipment_id);
      return {
        answer: t(
          language,
          `设备表中没有与“${args.equipment}”匹配的设备。现有设备：${pool.join(', ') || '（无）'}。`,
          `No equipment matches "${args.equipment}". The equipment is: ${pool.join(', ') || '(none)'}.`,
        ),
        data: { ...base, error: 'unknown_equipment', known_equipment: pool },
      };
    }
    machines = resolution.kind === 'one' ? [resolution.item] : resolution.items;
  }
  const concepts = args.symptom ? symptomConcepts(args.symptom) : [];
  if (args.symptom && concepts.length === 0) {
    const known = SYMPTOM_SYNONYMS.map((entry) => entry.concept).join(', ');
    return {
      answer: t(
        language,
        `无法按现象“${args.symptom}”统计工单：它不在现象词表中（不按字面猜测）。可用的现象：${known}。`,
        `Cannot count work orders by the symptom "${args.symptom}": it is not in the symptom vocabulary ` +
          `(and no literal guess is made). Known symptoms: ${known}.`,
      ),
      data: { ...base, error: 'unknown_symptom', known_symptoms: SYMPTOM_SYNONYMS.map((entry) => entry.concept) },
    };
  }

  let assignee: Engineer | undefined;
  let engineers: Engineer[] = [];
  if (args.assignee) {
    engineers = await loadEngineers(ctx);
    const match = resolveAssignee(args.assignee, engineers);
    if (match.kind !== 'one') {
      const { answer, error, candidates } = assigneeAnswer({ words: args.assignee, match, engineers, language });
      return { answer, data: { ...base, error, candidates } };
    }
    assignee = match.engineer;
  }

  const where: string[] = [];
  if (args.order_ids.length > 0)
    where.push(`order_id IN (${args.order_ids.map((id) => String(Math.trunc(id))).join(', ')})`);
  if (machines.length > 0) where.push(`equipment_id ${sqlIn(machines.map((item) => item.equipment_id))}`);
  else if (line) where.push(`line_id = ${sqlId(line.line_id)}`);
  if (concepts.length > 0) where.push(symptomClause(concepts));
  if (args.priorities.length > 0) where.push(`priority ${sqlIn(args.priorities)}`);
  if (args.status) where.push(`status = ${sqlText(args.status)}`);
  if (assignee) where.push(`assignee_id = ${Math.trunc(assignee.engineer_id)}`);
  if (args.period) {
    const column = args.dated_by === 'closed' ? 'closed_at' : 'opened_at';
    where.push(`${column} >= ${sqlDate(args.period.from)} AND ${column} < ${sqlDate(addDays(args.period.to, 1))}`);
  }
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const machine = machines.length > 0 ? machineLabel(machines, language) : undefined;
  const what = criteria({ args, machine, line, concepts, assignee, language });

  if (args.by === 'assignee') {
    ctx.progress(t(language, '正在按负责人统计工单…', 'counting the work orders per engineer…'));
    const counts = await countByAssignee(ctx, filter);
    ctx.progress(t(language, '完成', 'done'));
    return {
      answer: byAssigneeAnswer({ counts, what, closedOnly: args.status === 'closed', language }),
      data: { ...base, by: 'assignee', assignees: counts, total: counts.reduce((sum, entry) => sum + entry.orders, 0) },
    };
  }

  ctx.progress(t(language, '正在统计工单…', 'counting the work orders…'));
  const order = args.sort === 'oldest' ? 'ASC' : 'DESC';
  const [counted, listed] = await Promise.all([
    ctx.query(
      `SELECT priority, status, COUNT(order_id) AS orders FROM work_orders${filter} GROUP BY priority, status ORDER BY priority, status LIMIT 100`,
      'count the matching work orders by priority and state',
    ),
    ctx.query(
      'SELECT order_id, equipment_id, line_id, priority, status, title, opened_at, closed_at, root_cause, ' +
        '(SELECT name FROM engineers WHERE engineer_id = assignee_id) AS assignee, resolution FROM work_orders' +
        // closed orders: the most recently (or first) closed; otherwise by when they were opened
        `${filter} ORDER BY ${args.status === 'closed' ? 'closed_at' : 'opened_at'} ${order}, order_id ${order} ` +
        `LIMIT ${args.limit}`,
      args.sort === 'oldest' ? 'list the oldest matching work orders' : 'list the newest matching work orders',
    ),
  ]);
  const groups = rowsAsObjects<Record<string, string | number | null>>(counted).map((row) => ({
    priority: str(row.priority),
    status: str(row.status),
    orders: num(row.orders),
  }));
  const orders: OrderRow[] = rowsAsObjects<Record<string, string | number | null>>(listed).map((row) => ({
    order_id: num(row.order_id),
    equipment_id: str(row.equipment_id),
    line_id: str(row.line_id),
    priority: str(row.priority),
    status: str(row.status),
    title: str(row.title),
    opened_at: str(row.opened_at),
    closed_at: str(row.closed_at),
    assignee: str(row.assignee),
    root_cause: str(row.root_cause),
    resolution: str(row.resolution),
  }));
  const total = groups.reduce((sum, group) => sum + group.orders, 0);
  const open = groups.filter((group) => group.status === 'open').reduce((sum, group) => sum + group.orders, 0);
  const closed = total - open;
  const byPriority = new Map<string, number>();
  for (const group of groups) byPriority.set(group.priority, (byPriority.get(group.priority) ?? 0) + group.orders);

  const missingIds = args.order_ids.filter((id) => !orders.some((entry) => entry.order_id === id));
  const data = {
    ...base,
    equipment: machines.map((item) => item.equipment_id),
    symptom_concepts: concepts.map((entry) => entry.concept),
    assignee: assignee?.name ?? null,
    total,
    open,
    closed,
    by_priority: Object.fromEntries(byPriority),
    shown: orders.length,
    orders,
    ...(missingIds.length > 0 ? { missing_orders: missingIds } : {}),
  };
  ctx.progress(t(language, '完成', 'done'));
  const missingText =
    missingIds.length > 0
      ? t(
          language,
          `没有编号为 ${missingIds.map((id) => `#${id}`).join('、')} 的工单（不拿别的工单代替）。`,
          `There is no work order ${missingIds.map((id) => `#${id}`).join(', ')} (no other order is given instead).`,
        )
      : '';
  if (total === 0) {
    return {
      answer: [missingText, t(language, `没有符合条件的工单（${what}）：0 张。`, `No work orders match (${what}): 0.`)]
        .filter(Boolean)
        .join('\n\n'),
      data: { ...data, ...(missingIds.length > 0 ? { error: 'unknown_order' } : {}) },
    };
  }
  const priorities = [...byPriority.entries()].map(([priority, count]) =>
    t(language, `${priority} ${count} 张`, `${priority} ${count}`),
  );
  const head = t(
    language,
    `符合条件的工单（${what}）共 **${total} 张**：未关闭 ${open} 张，已关闭 ${closed} 张；按优先级：${priorities.join('，')}。`,
    `Work orders matching ${what}: **${total}** — ${open} open, ${closed} closed; by priority: ${priorities.join(', ')}.`,
  );
  const parts = [missingText, head].filter(Boolean);
  // a few orders, or the details asked ("who fixed it", "root cause"): each order in words, with its people
  const detailed = args.details || args.order_ids.length > 0 || (args.sort === 'oldest' && orders.length > 0);
  if (detailed) {
    const few =
      args.sort === 'oldest' && !args.details && args.order_ids.length === 0 ? orders.slice(0, 1) : orders.slice(0, 5);
    if (args.sort === 'oldest' && few.length > 0 && args.order_ids.length === 0)
      parts.push(t(language, '开立最早的：', 'The oldest:'));
    parts.push(few.map((entry) => orderInWords(entry, { today, language })).join('\n'));
  }
  const shownText =
    orders.length < total
      ? t(
          language,
          `显示${args.sort === 'oldest' ? '最早' : '最新'}的 ${orders.length} 张（共 ${total} 张）：`,
          `Showing the ${args.sort === 'oldest' ? 'oldest' : 'newest'} ${orders.length} of ${total}:`,
        )
      : t(language, `全部 ${total} 张：`, `All ${total}:`);
  const tableText = markdownTable(
    t(
      language,
      '工单|设备|产线|优先级|状态|标题|开立|关闭|负责人|时长',
      'Order|Equipment|Line|Priority|State|Title|Opened|Closed|Assignee|Age',
    ).split('|'),
    orders.map((entry) => [
      `#${entry.order_id}`,
      entry.equipment_id || '—',
      entry.line_id,
      entry.priority,
      statusText(entry.status, language),
      entry.title,
      dateOf(entry.opened_at),
      entry.closed_at ? dateOf(entry.closed_at) : '—',
      entry.assignee || '—',
      ageText(entry, today, language),
    ]),
  );
  parts.push(shownText, tableText);
  return { answer: parts.join('\n\n'), data };
}

/** one order in words: what, where, who holds it, since when; for a closed one, when, the cause and the fix */
function orderInWords(entry: OrderRow, options: { today: string; language: Language }): string {
  const { today, language } = options;
  const who = entry.assignee || t(language, '未指派', 'unassigned');
  const opened = entry.opened_at.slice(0, 16).replace('T', ' ');
  if (!entry.closed_at)
    return t(
      language,
      `- #${entry.order_id} ${entry.title}（${entry.priority}，未关闭，${opened} 开立，${ageText(entry, today, 'zh')}），负责人 **${who}**`,
      `- #${entry.order_id} ${entry.title} (${entry.priority}, open since ${opened}, ${ageText(entry, today, 'en')}), assigned to **${who}**`,
    );
  const closed = entry.closed_at.slice(0, 16).replace('T', ' ');
  return t(
    language,
    `- #${entry.order_id} ${entry.title}（${entry.priority}，${opened} 开立，${closed} 关闭），负责人 **${who}**；` +
      `根因：${entry.root_cause || '—'}；处理：${entry.resolution || '—'}`,
    `- #${entry.order_id} ${entry.title} (${entry.priority}, opened ${opened}, closed ${closed}) by **${who}**; ` +
      `root cause: ${entry.root_cause || '—'}; fix: ${entry.resolution || '—'}`,
  );
}

export const workOrders: CodeSkill<WorkOrdersArgs> = {
  kind: 'code',
  name: 'work_orders',
  description:
    'Count and list work orders: by machine ("press 3 on line B"), line, symptom ("vibration", "漏油"), ' +
    'the days they were opened or closed in, priority (P0–P3) and state (open / closed). Gives the total with ' +
    'open/closed and per-priority counts, and a table of the newest orders ("showing N of M"). ' +
    'Not for repair advice (fault_advice) or machine status (equipment_status).',
  version: '1.0.0',
  parameters: workOrdersArgs,
  output: workOrdersOutput,
  timeoutMs: 10_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: ['工单', '几张工单', '未关闭工单', 'work orders', 'how many work orders', 'open work orders'],
  execute,
};
