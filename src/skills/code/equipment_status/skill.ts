/**
 * equipment_status — the status and maintenance dates of one machine, a
 * group ('the presses on line B'), a line or the whole plant; overdue
 * maintenance (relative to today in the plant). Resolves 'press 3',
 * '3号冲压机' or 'B-PRESS-03' against the equipment table; when the name
 * fits several machines, lists them and asks which.
 */
import { daysBetween, localDate } from '../../../clock.js';
import { equipmentStatusArgs, type EquipmentStatusArgs } from './args.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { loadEquipment, loadLines, openWorkOrders, selectLines, type EquipmentItem } from '../shared/plant.js';
import { resolveEquipment } from '../shared/equipment.js';
import { isCalendarDate, isMissingSchema, num, queryAll, sqlId, str } from '../shared/sql.js';
import { lineName, markdownTable, statusLabel, t, type LineInfo } from '../shared/text.js';
import { unknownLinesAnswer } from '../shared/answers.js';
import { equipmentStatusOutput } from './output.js';

export interface EquipmentView extends EquipmentItem {
  /** days from today to next_maintenance (negative = overdue); null without a date */
  days_until_due: number | null;
  maintenance_overdue: boolean;
}

export function withDue(item: EquipmentItem, today: string): EquipmentView {
  const due = item.next_maintenance?.slice(0, 10);
  const days = due && isCalendarDate(due) ? daysBetween(today, due) : null;
  return { ...item, days_until_due: days, maintenance_overdue: days !== null && days < 0 };
}

export function displayName(item: EquipmentItem, language: Language): string {
  return language === 'zh' ? item.name : item.name_en || item.name;
}

function typeName(item: EquipmentItem, language: Language): string {
  return (language === 'zh' ? item.type_zh : item.type_en) || item.type;
}

function dueText(view: EquipmentView, language: Language): string {
  const days = view.days_until_due;
  if (days === null) return t(language, '无保养日期', 'no date');
  if (days < 0) return t(language, `**逾期 ${-days} 天**`, `**overdue ${-days} d**`);
  if (days === 0) return t(language, '今天到期', 'due today');
  if (days <= 7) return t(language, `${days} 天后到期`, `due in ${days} d`);
  return t(language, `正常（${days} 天后）`, `ok (in ${days} d)`);
}

function dueSentence(view: EquipmentView, language: Language): string {
  const days = view.days_until_due;
  const last = view.last_maintenance ?? '—';
  const next = view.next_maintenance ?? '—';
  const state =
    days === null
      ? ''
      : days < 0
        ? t(language, `——**已逾期 ${-days} 天**`, ` — **overdue by ${-days} days**`)
        : days === 0
          ? t(language, '——今天到期', ' — due today')
          : t(language, `——还有 ${days} 天`, ` — due in ${days} days`);
  return t(
    language,
    `上次保养 ${last}；下次保养 ${next}${state}。`,
    `Last maintenance ${last}; next maintenance ${next}${state}.`,
  );
}

function lineOf(item: EquipmentItem, lines: LineInfo[], language: Language): string {
  const line = lines.find((entry) => entry.line_id === item.line_id);
  return line ? lineName(line, language) : item.line_id;
}

function table(views: EquipmentView[], lines: LineInfo[], language: Language): string {
  return markdownTable(
    t(
      language,
      '设备|名称|产线|状态|上次保养|下次保养|保养情况',
      'Equipment|Name|Line|Status|Last maintenance|Next maintenance|Maintenance',
    ).split('|'),
    views.map((view) => [
      view.equipment_id,
      displayName(view, language),
      lineOf(view, lines, language),
      statusLabel(view.status, language),
      view.last_maintenance ?? '—',
      view.next_maintenance ?? '—',
      dueText(view, language),
    ]),
  );
}

function statusCounts(views: EquipmentView[], language: Language): string {
  const counts = new Map<string, number>();
  for (const view of views) counts.set(view.status, (counts.get(view.status) ?? 0) + 1);
  return [...counts.entries()]
    .map(([status, count]) => (language === 'zh' ? `${statusLabel(status, 'zh')} ${count} 台` : `${count} ${status}`))
    .join(t(language, '，', ', '));
}

async function execute(ctx: SkillContext, args: EquipmentStatusArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  ctx.progress(t(language, '正在读取设备表…', 'reading the equipment table…'));
  const [items, lines] = await Promise.all([loadEquipment(ctx), loadLines(ctx)]);
  let line: string | undefined;
  if (args.line) {
    const { selected, unknown } = selectLines([args.line], lines);
    if (unknown.length > 0) return unknownLinesAnswer({ unknown, known: lines, language, args });
    line = selected[0]!.line_id;
  }
  const base = { arguments: args, today };
  const onLine = line
    ? t(
        language,
        `（${lineName(
          lines.find((entry) => entry.line_id === line)!,
          'zh',
        )}）`,
        ` on ${lineName(
          lines.find((entry) => entry.line_id === line)!,
          'en',
        )}`,
      )
    : '';

  if (args.equipment && args.equipment.trim() !== '') {
    const resolution = resolveEquipment({ text: args.equipment, items, line });
    if (resolution.kind === 'one') {
      const view = withDue(resolution.item, today);
      const orders = await openWorkOrders(ctx, {
        equipmentId: view.equipment_id,
        purpose: `open work orders on ${view.equipment_id}`,
      });
      const head = t(
        language,
        `**${view.equipment_id}** ${displayName(view, 'zh')}（${lineOf(view, lines, 'zh')}，${typeName(view, 'zh')}）：状态 **${statusLabel(view.status, 'zh')}**。`,
        `**${view.equipment_id}** ${displayName(view, 'en')} (${lineOf(view, lines, 'en')}, ${typeName(view, 'en')}): status **${view.status}**.`,
      );
      const orderLines = orders.map((order) =>
        t(
          language,
          `- #${order.order_id} [${order.priority}] ${order.title}（${order.opened_at.slice(0, 10)} 开立）`,
          `- #${order.order_id} [${order.priority}] ${order.title} (opened ${order.opened_at.slice(0, 10)})`,
        ),
      );
      const ordersText =
        orders.length > 0
          ? `${t(language, `未关闭工单（${orders.length}）：`, `Open work orders (${orders.length}):`)}\n${orderLines.join('\n')}`
          : t(language, '该设备没有未关闭的工单。', 'No open work orders on it.');
      ctx.progress(t(language, '完成', 'done'));
      return {
        answer: `${head}${language === 'en' ? ' ' : ''}${dueSentence(view, language)}\n\n${ordersText}`,
        data: { ...base, resolved: 'one', equipment: [view], open_orders: orders },
      };
    }
    if (resolution.kind === 'ambiguous') {
      const views = resolution.candidates.map((item) => withDue(item, today));
      const which = views.map((view) => `${view.equipment_id}（${lineOf(view, lines, 'zh')}）`).join('、');
      const whichEn = views.map((view) => `${view.equipment_id} (${lineOf(view, lines, 'en')})`).join(', ');
      return {
        answer: t(
          language,
          `“${args.equipment}”对应 ${views.length} 台设备：${which}。请说明是哪一台（例如加上产线，或用设备编号）。\n\n${table(views, lines, 'zh')}`,
          `"${args.equipment}" matches ${views.length} machines: ${whichEn}. Which one do you mean? (name ` +
            `the line, or use the equipment id)\n\n${table(views, lines, 'en')}`,
        ),
        data: { ...base, resolved: 'ambiguous', candidates: views.map((view) => view.equipment_id), equipment: views },
      };
    }
    if (resolution.kind === 'none') {
      const pool = items.filter((item) => line === undefined || item.line_id === line);
      const ids = pool.map((item) => item.equipment_id).join(', ');
      return {
        answer: t(
          language,
          `设备表中没有与“${args.equipment}”匹配的设备${onLine}。现有设备：${ids || '（无）'}。`,
          `No equipment matches "${args.equipment}"${onLine}. The equipment is: ${ids || '(none)'}.`,
        ),
        data: {
          ...base,
          error: 'unknown_equipment',
          resolved: 'none',
          known_equipment: pool.map((item) => item.equipment_id),
        },
      };
    }
    // a group: every machine of that type (on the line)
    const lineLabel = line
      ? lineName(
          lines.find((entry) => entry.line_id === line)!,
          language,
        )
      : t(language, '全厂', 'the plant');
    const groupScope = t(
      language,
      `${lineLabel}的${typeName(resolution.items[0]!, 'zh')}`,
      `${lineLabel} (type ${typeName(resolution.items[0]!, 'en')})`,
    );
    return listAnswer({
      views: resolution.items.map((item) => withDue(item, today)),
      lines,
      language,
      args,
      base,
      scope: groupScope,
    });
  }

  const pool = items.filter((item) => line === undefined || item.line_id === line).map((item) => withDue(item, today));
  const scope = line
    ? lineName(
        lines.find((entry) => entry.line_id === line)!,
        language,
      )
    : t(language, '全厂', 'the plant');
  return listAnswer({ views: pool, lines, language, args, base, scope });
}

const STATUS_ZH: Record<NonNullable<EquipmentStatusArgs['status']>, string> = {
  running: '运行中',
  idle: '空闲',
  maintenance: '维修保养中',
  fault: '故障',
};

function listAnswer(options: {
  views: EquipmentView[];
  lines: LineInfo[];
  language: Language;
  args: EquipmentStatusArgs;
  base: Record<string, unknown>;
  scope: string;
}): SkillResult {
  const { lines, language, args, base, scope } = options;
  const today = String(base.today);
  if (args.status !== undefined) {
    const status = args.status;
    const matching = options.views.filter((view) => view.status === status);
    // "2 machines are in fault", "no equipment is in maintenance"; running and idle as they are
    const label = t(
      language,
      STATUS_ZH[status],
      status === 'fault' || status === 'maintenance' ? `in ${status}` : status,
    );
    if (matching.length === 0) {
      return {
        answer: t(
          language,
          `${scope}没有处于“${label}”状态的设备（共 ${options.views.length} 台，今天 ${today}）。`,
          `No equipment in ${scope} is ${label} (${options.views.length} machines, today ${today}).`,
        ),
        data: { ...base, resolved: 'list', equipment: [], overdue: [] },
      };
    }
    const ids = matching.map((view) => view.equipment_id).join(t(language, '、', ', '));
    return {
      answer: t(
        language,
        `${scope}有 ${matching.length} 台设备处于“${label}”状态：${ids}（共 ${options.views.length} 台，今天 ${today}）。\n\n${table(matching, lines, 'zh')}`,
        `${matching.length} machine${matching.length === 1 ? '' : 's'} in ${scope} ` +
          `${matching.length === 1 ? 'is' : 'are'} ${label}: ${ids} (of ${options.views.length}, today ` +
          `${today}).\n\n${table(matching, lines, 'en')}`,
      ),
      data: {
        ...base,
        resolved: 'list',
        equipment: matching,
        overdue: matching.filter((view) => view.maintenance_overdue).map((view) => view.equipment_id),
      },
    };
  }
  if (args.due_by !== undefined) return dueAnswer({ ...options, dueBy: args.due_by, today });
  const { views } = options;
  const overdue = views
    .filter((view) => view.maintenance_overdue)
    .sort((a, b) => (a.days_until_due ?? 0) - (b.days_until_due ?? 0));
  const overdueText = overdue
    .map((view) =>
      t(
        language,
        `${view.equipment_id}（逾期 ${-(view.days_until_due ?? 0)} 天）`,
        `${view.equipment_id} (${-(view.days_until_due ?? 0)} d)`,
      ),
    )
    .join(t(language, '、', ', '));
  if (args.overdue_only) {
    if (overdue.length === 0) {
      return {
        answer: t(
          language,
          `${scope}没有保养逾期的设备（今天 ${today}）。`,
          `No equipment in ${scope} is overdue for maintenance (today ${today}).`,
        ),
        data: { ...base, resolved: 'list', equipment: [], overdue: [] },
      };
    }
    return {
      answer: t(
        language,
        `${scope}有 ${overdue.length} 台设备保养逾期（今天 ${today}）：${overdueText}。\n\n${table(overdue, lines, 'zh')}`,
        `${overdue.length} machine${overdue.length === 1 ? '' : 's'} in ${scope} overdue for maintenance ` +
          `(today ${today}): ${overdueText}.\n\n${table(overdue, lines, 'en')}`,
      ),
      data: { ...base, resolved: 'list', equipment: overdue, overdue: overdue.map((view) => view.equipment_id) },
    };
  }
  if (views.length === 0)
    return {
      answer: t(language, `${scope}没有登记的设备。`, `No equipment is registered in ${scope}.`),
      data: { ...base, resolved: 'list', equipment: [], overdue: [] },
    };
  const summary = t(
    language,
    `${scope}共 ${views.length} 台设备：${statusCounts(views, 'zh')}。${overdue.length > 0 ? `保养逾期 ${overdue.length} 台：${overdueText}。` : '没有保养逾期的设备。'}（今天 ${today}）`,
    `${views.length} machines in ${scope}: ${statusCounts(views, 'en')}. ` +
      `${overdue.length > 0 ? `Maintenance overdue on ${overdue.length}: ${overdueText}.` : 'No maintenance overdue.'} (today ${today})`,
  );
  return {
    answer: `${summary}\n\n${table(views, lines, language)}`,
    data: { ...base, resolved: 'list', equipment: views, overdue: overdue.map((view) => view.equipment_id) },
  };
}

/**
 * "Maintenance due in the next N days / by <date> / this week": two named
 * groups — what falls due within the window (today … due_by) and, apart,
 * what is already overdue (due before today) — never one mixed count.
 */
function dueAnswer(options: {
  views: EquipmentView[];
  lines: LineInfo[];
  language: Language;
  base: Record<string, unknown>;
  scope: string;
  dueBy: string;
  today: string;
}): SkillResult {
  const { lines, language, base, scope, dueBy, today } = options;
  const dated = options.views
    .filter((view) => view.days_until_due !== null)
    .sort((a, b) => (a.days_until_due ?? 0) - (b.days_until_due ?? 0));
  const overdue = dated.filter((view) => view.maintenance_overdue);
  const within = dated.filter((view) => !view.maintenance_overdue && view.next_maintenance!.slice(0, 10) <= dueBy);
  const sep = t(language, '、', ', ');
  const withinList = within.map((view) => `${view.equipment_id} (${view.next_maintenance!.slice(0, 10)})`).join(sep);
  const withinListZh = within.map((view) => `${view.equipment_id}（${view.next_maintenance!.slice(0, 10)}）`).join(sep);
  const overdueList = overdue
    .map((view) =>
      t(
        language,
        `${view.equipment_id}（逾期 ${-(view.days_until_due ?? 0)} 天）`,
        `${view.equipment_id} (overdue ${-(view.days_until_due ?? 0)} d)`,
      ),
    )
    .join(sep);
  const machines = (n: number) => `${n} machine${n === 1 ? '' : 's'}`;
  const dueLine = t(
    language,
    within.length > 0
      ? `${scope}在 ${today} 至 ${dueBy} 期间到期的保养：${within.length} 台：${withinListZh}。`
      : `${scope}在 ${today} 至 ${dueBy} 期间没有到期的保养。`,
    within.length > 0
      ? `Maintenance falling due in ${scope} from ${today} to ${dueBy}: ${machines(within.length)}: ${withinList}.`
      : `No maintenance falls due in ${scope} from ${today} to ${dueBy}.`,
  );
  const overdueLine = t(
    language,
    overdue.length > 0
      ? `另外已逾期（今天之前到期）：${overdue.length} 台：${overdueList}。`
      : '另外没有已逾期的保养。',
    overdue.length > 0
      ? `Already overdue (due before today), listed apart: ${machines(overdue.length)}: ${overdueList}.`
      : 'Nothing is already overdue.',
  );
  const sections: string[] = [];
  if (within.length > 0)
    sections.push(`${t(language, `**${dueBy} 前到期**`, `**Due by ${dueBy}**`)}\n\n${table(within, lines, language)}`);
  if (overdue.length > 0)
    sections.push(`${t(language, '**已逾期**', '**Already overdue**')}\n\n${table(overdue, lines, language)}`);
  return {
    answer: [`${dueLine}\n${overdueLine}`, ...sections].join('\n\n'),
    data: {
      ...base,
      resolved: 'list',
      due_by: dueBy,
      equipment: [...within, ...overdue],
      due: within.map((view) => view.equipment_id),
      overdue: overdue.map((view) => view.equipment_id),
    },
  };
}

export const equipmentStatus: CodeSkill<EquipmentStatusArgs> = {
  kind: 'code',
  name: 'equipment_status',
  description:
    'Status (running, idle, maintenance, fault) and maintenance dates of one machine (by id such as ' +
    'B-PRESS-03 or by name such as "press 3" / "3号冲压机"), of a line, or of the whole plant; which ' +
    'machines are overdue for maintenance. Lists the candidates when a name is ambiguous.',
  version: '1.1.0',
  parameters: equipmentStatusArgs,
  output: equipmentStatusOutput,
  timeoutMs: 20_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: [
    '设备状态',
    '冲压机状态',
    '保养逾期',
    '哪些设备',
    '停机',
    'equipment status',
    'machine status',
    'overdue maintenance',
    'which machines are down',
    'status of press',
  ],
  execute,
};
