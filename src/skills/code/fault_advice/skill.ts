/**
 * fault_advice — from a symptom ("abnormal vibration", "异常振动"), the most
 * similar CLOSED work orders (the plant server's search_work_orders: FTS5
 * trigram + bigram index) and the resolutions that fixed them, ranked by how
 * often and how recently they worked, each citing its order ids (#1234);
 * plus the machine's open orders. No precedent → said plainly, with the SOP
 * search suggested. Never an invented fix.
 */
import { faultAdviceArgs, type FaultAdviceArgs } from './args.js';
import { AppError } from '../../../errors.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import {
  type FixFingerprint,
  fingerprint,
  sameFix,
  wordingLanguage,
} from '../../../../mcp-servers/plant/fix-equivalence.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { loadEquipment, loadLines, openWorkOrders, selectLines, type EquipmentItem } from '../shared/plant.js';
import { resolveEquipment } from '../shared/equipment.js';
import { isMissingSchema, num, queryAll, sqlId, str } from '../shared/sql.js';
import { callStructured } from '../shared/tools.js';
import { dateOf, t } from '../shared/text.js';
import { unknownLinesAnswer } from '../shared/answers.js';
import { faultAdviceOutput } from './output.js';

interface Match {
  order_id: number;
  similarity: number;
  equipment_id: string | null;
  line_id: string;
  priority: string;
  title: string;
  symptom: string;
  root_cause: string | null;
  resolution: string | null;
  opened_at: string;
  closed_at: string | null;
}

interface Resolution {
  resolution: string;
  /** from orders on another kind of machine than the one asked about (ranked after the asked kind's) */
  other_kind?: boolean;
  score: number;
  count: number;
  last_closed_at: string | null;
  order_ids: number[];
  root_causes?: string[];
  wordings?: { zh?: string; en?: string };
}

export interface SearchWorkOrdersResult {
  symptom: string;
  /** the kind of machine whose orders and fixes rank first */
  kind?: { type: string; source: 'asked' | 'words' | 'best_match' } | null;
  indexed_orders: number;
  similar_count: number;
  matches: Match[];
  resolutions: Resolution[];
  note?: string;
}

const MAX_RESOLUTIONS = 5;
const MAX_CITED = 6;

function cite(ids: number[]): string {
  return (
    ids
      .slice(0, MAX_CITED)
      .map((id) => `#${id}`)
      .join(' ') + (ids.length > MAX_CITED ? ' …' : '')
  );
}

function equipmentLabel(item: EquipmentItem, language: Language): string {
  return `**${item.equipment_id}** ${language === 'zh' ? item.name : item.name_en || item.name}`;
}

async function search(
  ctx: SkillContext,
  args: {
    symptom: string;
    equipment_id?: string | undefined;
    line_id?: string | undefined;
    equipment_type?: string | undefined;
    limit: number;
  },
): Promise<SearchWorkOrdersResult | { unusable: string }> {
  try {
    const request: Record<string, unknown> = { symptom: args.symptom, limit: args.limit };
    if (args.equipment_id) request.equipment_id = args.equipment_id;
    if (args.line_id) request.line_id = args.line_id;
    if (args.equipment_type) request.equipment_type = args.equipment_type;
    return (await callStructured<SearchWorkOrdersResult>(ctx, 'search_work_orders', request)).structured;
  } catch (error) {
    // "nothing to search for in …": an answer for the operator, not a failure
    if (error instanceof AppError && error.code === 'TOOL_ARGUMENTS_INVALID') return { unusable: error.message };
    throw error;
  }
}

/**
 * The precedents of several machines (a name that fits several: "press",
 * "1号冲压机"): one search per machine, merged — similar orders by
 * similarity, the fixes by their text (scores and counts added). Searching
 * the whole plant instead gave other machines' fixes (a press oil leak
 * answered with CNC coolant and welding fixes).
 */
async function searchSeveral(
  ctx: SkillContext,
  options: { symptom: string; equipmentIds: string[]; limit: number },
): Promise<SearchWorkOrdersResult | { unusable: string }> {
  const results = await Promise.all(
    options.equipmentIds.map((id) => search(ctx, { symptom: options.symptom, equipment_id: id, limit: options.limit })),
  );
  const unusable = results.find((result): result is { unusable: string } => 'unusable' in result);
  if (unusable) return unusable;
  const found = results as SearchWorkOrdersResult[];
  const matches = found
    .flatMap((result) => result.matches)
    .sort(
      (a, b) =>
        b.similarity - a.similarity || (b.closed_at ?? '').localeCompare(a.closed_at ?? '') || b.order_id - a.order_id,
    )
    .slice(0, options.limit);
  const fixes = new Map<string, Resolution>();
  const prints = new Map<string, FixFingerprint>();
  for (const group of found.flatMap((result) => result.resolutions)) {
    const print = fingerprint(group.resolution);
    // the same fix as written on another machine's orders, in either language
    const key = [...prints].find(([, other]) => sameFix(print, other))?.[0] ?? group.resolution.trim();
    const seen = fixes.get(key);
    if (seen && seen.other_kind && !group.other_kind) seen.other_kind = false;
    if (!seen) {
      fixes.set(key, { ...group, order_ids: [...group.order_ids] });
      prints.set(key, print);
      continue;
    }
    seen.wordings = {
      ...(seen.wordings ?? {}),
      ...(group.wordings ?? {}),
      ...(seen.wordings?.[wordingLanguage(group.resolution)]
        ? {}
        : { [wordingLanguage(group.resolution)]: group.resolution }),
    };
    seen.score = Math.round((seen.score + group.score) * 1000) / 1000;
    seen.count += group.count;
    seen.order_ids.push(...group.order_ids);
    if ((group.last_closed_at ?? '') > (seen.last_closed_at ?? '')) seen.last_closed_at = group.last_closed_at;
  }
  // cited newest first, as the server does for one machine: the merged lists need the orders' closing dates
  const ids = [...new Set([...fixes.values()].flatMap((group) => group.order_ids))];
  if (ids.length > 0) {
    const { rows } = await queryAll(ctx, {
      sql: `SELECT order_id, closed_at FROM work_orders WHERE order_id IN (${ids.map((id) => String(Math.trunc(id))).join(', ')}) ORDER BY order_id`,
      purpose: 'closing dates of the cited work orders (fault advice over several machines)',
      maxRows: 5000,
    });
    const closed = new Map(rows.map((row) => [num(row.order_id), str(row.closed_at)]));
    for (const group of fixes.values())
      group.order_ids.sort((a, b) => (closed.get(b) ?? '').localeCompare(closed.get(a) ?? '') || b - a);
  }
  // the asked kind's fixes first (the machines named are of one kind; another kind's fix never ranks first)
  const resolutions = [...fixes.values()].sort(
    (a, b) =>
      Number(a.other_kind === true) - Number(b.other_kind === true) ||
      b.score - a.score ||
      b.count - a.count ||
      (b.last_closed_at ?? '').localeCompare(a.last_closed_at ?? ''),
  );
  return {
    symptom: options.symptom,
    kind: found.find((result) => result.kind)?.kind ?? null,
    indexed_orders: found[0]?.indexed_orders ?? 0,
    similar_count: found.reduce((sum, result) => sum + result.similar_count, 0),
    matches,
    resolutions,
  };
}

async function execute(ctx: SkillContext, args: FaultAdviceArgs): Promise<SkillResult> {
  const language = ctx.language;
  const symptom = args.symptom.trim();
  const notes: string[] = [];
  let item: EquipmentItem | undefined;
  /** several machines fit the name ("press", "1号冲压机"): their own precedents, merged */
  let several: string[] = [];
  /** the kind of machine named (its equipment type): its fixes rank first when the search widens to every machine */
  let kind: string | undefined;
  let lineId: string | undefined;
  if (args.line) {
    const lines = await loadLines(ctx);
    const { selected, unknown } = selectLines([args.line], lines);
    if (unknown.length > 0) return unknownLinesAnswer({ unknown, known: lines, language, args });
    lineId = selected[0]!.line_id;
  }
  if (args.equipment && args.equipment.trim() !== '') {
    const resolution = resolveEquipment({ text: args.equipment, items: await loadEquipment(ctx), line: lineId });
    if (resolution.kind === 'one') {
      item = resolution.item;
      kind = item.type;
    } else if (resolution.kind === 'ambiguous' || resolution.kind === 'group') {
      const items = resolution.kind === 'ambiguous' ? resolution.candidates : resolution.items;
      several = items.map((entry) => entry.equipment_id);
      const types = new Set(items.map((entry) => entry.type));
      if (types.size === 1) kind = [...types][0];
      const ids = several.join(', ');
      notes.push(
        t(
          language,
          `“${args.equipment}”对应多台设备（${ids}），以下是所有设备上的相似工单。`,
          `"${args.equipment}" fits several machines (${ids}); the precedents below come from all of them.`,
        ),
      );
    } else {
      notes.push(
        t(
          language,
          `设备表中没有“${args.equipment}”，以下按故障现象在全部工单中查找。`,
          `No equipment matches "${args.equipment}"; searched the work orders of every machine.`,
        ),
      );
    }
  }

  ctx.progress(
    t(language, `正在查找与“${symptom}”相似的已关闭工单…`, `searching closed work orders similar to "${symptom}"…`),
  );
  const [first, open] = await Promise.all([
    several.length > 1
      ? searchSeveral(ctx, { symptom, equipmentIds: several, limit: args.limit })
      : search(ctx, {
          symptom,
          equipment_id: item?.equipment_id ?? several[0],
          line_id: item || several.length > 0 ? undefined : lineId,
          limit: args.limit,
        }),
    item
      ? openWorkOrders(ctx, {
          equipmentId: item.equipment_id,
          purpose: `open work orders on ${item.equipment_id} (fault advice)`,
        })
      : Promise.resolve([]),
  ]);
  if ('unusable' in first) {
    return {
      answer: t(
        language,
        `无法按“${symptom}”查找：请用更具体的词描述故障现象，例如“异常振动”“漏油”“alarm 401”。`,
        `Cannot search for "${symptom}": describe the symptom in more specific words, e.g. "abnormal vibration", "oil leak", "alarm 401".`,
      ),
      data: { arguments: args, error: 'unusable_symptom', reason: first.unusable },
    };
  }
  let result = first;
  let widened = false;
  if (result.matches.length === 0 && (item || lineId || several.length > 0)) {
    const wider = await search(ctx, { symptom, equipment_type: kind, limit: args.limit });
    if (!('unusable' in wider) && wider.matches.length > 0) {
      result = wider;
      widened = true;
      // "the precedents below come from all of them" no longer holds: they come from other machines
      if (several.length > 0)
        notes.splice(0, notes.length, ...notes.filter((note) => !note.includes(several.join(', '))));
      const where = item
        ? item.equipment_id
        : several.length > 0
          ? several.join(', ')
          : t(language, `产线${lineId}`, `line ${lineId}`);
      notes.push(
        t(
          language,
          `${where} 本身没有相似的已关闭工单；以下是其他设备上的先例。`,
          `No similar closed order on ${where} ${several.length > 1 && !item ? 'themselves' : 'itself'}; these precedents come from other equipment.`,
        ),
      );
    }
  }
  ctx.progress(
    t(language, `找到 ${result.similar_count} 张相似工单`, `found ${result.similar_count} similar work orders`),
    { similar: result.similar_count },
  );

  const subject = item
    ? t(language, `${equipmentLabel(item, 'zh')}“${symptom}”`, `"${symptom}" on ${equipmentLabel(item, 'en')}`)
    : t(language, `“${symptom}”`, `"${symptom}"`);
  const openText =
    open.length > 0
      ? `` +
        t(
          language,
          `${item!.equipment_id} 的未关闭工单（${open.length}）：`,
          `Open work orders on ${item!.equipment_id} (${open.length}):`,
        ) +
        `\n` +
        open
          .map((order) =>
            t(
              language,
              `- #${order.order_id} [${order.priority}] ${order.title}（${order.opened_at.slice(0, 10)} 开立）`,
              `- #${order.order_id} [${order.priority}] ${order.title} (opened ${order.opened_at.slice(0, 10)})`,
            ),
          )
          .join('\n')
      : undefined;
  const base = {
    arguments: args,
    equipment_id: item?.equipment_id ?? null,
    widened,
    indexed_orders: result.indexed_orders,
    similar_count: result.similar_count,
    open_orders: open,
    notes,
  };

  if (result.matches.length === 0) {
    const parts = [
      t(
        language,
        `在 ${result.indexed_orders} 张已关闭工单中没有与${subject}相似的记录，所以没有以往的处理办法可以推荐（不作猜测）。建议查阅作业指导书，例如问：“查找${symptom}的SOP”。`,
        `No closed work order among ${result.indexed_orders} resembles ${subject}, so there is no ` +
          `precedent to recommend (and no guess). Check the SOPs instead — e.g. ask "find the SOP for ` +
          `${symptom}".`,
      ),
      ...notes,
    ];
    if (openText) parts.push(openText);
    return { answer: parts.join('\n\n'), data: { ...base, precedent: false, resolutions: [], matches: [] } };
  }

  const resolutions = result.resolutions.slice(0, MAX_RESOLUTIONS);
  const fixLine = (group: Resolution, index: number): string =>
    t(
      language,
      `${index + 1}. ${group.wordings?.zh ?? group.resolution}——有效 ${group.count} 次（最近 ${dateOf(group.last_closed_at)}）；工单 ${cite(group.order_ids)}`,
      `${index + 1}. ${group.wordings?.en ?? group.resolution} — worked ${group.count}× (last ` +
        `${dateOf(group.last_closed_at)}); orders ${cite(group.order_ids)}`,
    );
  // the asked kind's fixes first; another kind's follow under their own heading, never first
  const sameKind = resolutions.filter((group) => !group.other_kind);
  const otherKind = resolutions.filter((group) => group.other_kind);
  const kindName = result.kind?.type ?? '';
  const fixes = [
    ...sameKind.map(fixLine),
    ...(otherKind.length > 0
      ? [
          sameKind.length > 0
            ? t(
                language,
                `其他类型设备上的处理办法（仅供参考，不是 ${kindName} 的先例）：`,
                `From other kinds of machine (for reference only, not ${kindName} precedents):`,
              )
            : t(
                language,
                `${kindName} 类设备没有相似的已关闭工单；以下处理办法来自其他类型的设备，仅供参考：`,
                `No similar closed order on a ${kindName} machine; these fixes come from other kinds of machine, for reference only:`,
              ),
          ...otherKind.map((group, index) => fixLine(group, sameKind.length + index)),
        ]
      : []),
  ];
  const similar = result.matches
    .slice(0, args.limit)
    .map((match) =>
      t(
        language,
        `- #${match.order_id} ${match.title}（${dateOf(match.closed_at)} 关闭）原因：${match.root_cause ?? '—'}；处理：${match.resolution ?? '—'}`,
        `- #${match.order_id} ${match.title} (closed ${dateOf(match.closed_at)}) cause: ${match.root_cause ?? '—'}; fix: ${match.resolution ?? '—'}`,
      ),
    );
  const parts = [
    t(
      language,
      `${subject}的维修建议：找到 ${result.similar_count} 张相似的已关闭工单。以往有效的处理办法（按次数和时间排序）：`,
      `Fault advice for ${subject}: ${result.similar_count} similar closed work orders. Fixes that worked, most often and most recently first:`,
    ),
    fixes.join('\n'),
    t(language, '最相似的工单：', 'Most similar orders:'),
    similar.join('\n'),
    ...notes,
  ];
  if (openText) parts.push(openText);
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: parts.join('\n\n'),
    data: {
      ...base,
      kind: result.kind ?? null,
      precedent: true,
      resolutions,
      matches: result.matches.slice(0, args.limit),
    },
  };
}

export const faultAdvice: CodeSkill<FaultAdviceArgs> = {
  kind: 'code',
  name: 'fault_advice',
  description:
    'Recommend a fix from the plant\'s own history: given a symptom (e.g. "abnormal vibration", ' +
    '"异常振动") and optionally the machine or line, finds the most similar closed work orders and ranks ' +
    'the resolutions that fixed them by how often and how recently they worked, citing order ids; ' +
    "lists the machine's open orders. Says so when there is no precedent.",
  version: '1.1.0',
  parameters: faultAdviceArgs,
  output: faultAdviceOutput,
  timeoutMs: 30_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['search_work_orders', 'query_database'] },
  triggers: [
    '怎么修',
    '维修建议',
    '以前怎么处理',
    '故障',
    '振动',
    '漏油',
    'how to fix',
    'what fixed this before',
    'recommend a fix',
    'fault advice',
    'vibrating',
  ],
  execute,
};
