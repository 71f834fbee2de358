/**
 * The people of the work orders (issue 27, item 4): the engineer an order is
 * assigned to, said as the operator says it ("michael", 佐藤, "Ken Sato"),
 * matched against the plant's engineers (router/people.ts: the same forms
 * the rules read); an engineer the data does not have is said not to exist,
 * with the nearest names. And the orders counted per engineer ("which
 * engineer closed the most tickets last month"), and how long orders stay
 * open (opened_at to closed_at, or to now).
 */
import { daysBetween } from '../../../clock.js';
import type { Language, SkillContext } from '../../../skills/types.js';
import { rowsAsObjects } from '../../../skills/context.js';
import { nearestPeople, peopleFitting, type KnownPerson } from '../../router/people.js';
import { num, queryAll, str } from '../shared/sql.js';
import { markdownTable, t } from '../shared/text.js';

export interface Engineer {
  engineer_id: number;
  name: string;
  login: string;
}

export async function loadEngineers(ctx: SkillContext): Promise<Engineer[]> {
  // paged (query_database takes at most 100 rows a call): every engineer, however many
  const result = await queryAll(ctx, {
    sql: 'SELECT engineer_id, name, login FROM engineers ORDER BY engineer_id',
    purpose: 'the engineers: resolve the assignee the operator named',
    maxRows: 1000,
  });
  return result.rows.map((row) => ({
    engineer_id: num(row.engineer_id),
    name: str(row.name),
    login: str(row.login),
  }));
}

export type AssigneeMatch =
  | { kind: 'one'; engineer: Engineer }
  | { kind: 'several'; engineers: Engineer[] }
  | { kind: 'none'; nearest: string[] };

export function resolveAssignee(words: string, engineers: Engineer[]): AssigneeMatch {
  const people: KnownPerson[] = engineers.map((engineer) => ({ ...engineer, role: 'engineer' }));
  const fitting = peopleFitting(words, people);
  const found = engineers.filter((engineer) => fitting.some((person) => person.name === engineer.name));
  if (found.length === 1) return { kind: 'one', engineer: found[0]! };
  if (found.length > 1) return { kind: 'several', engineers: found };
  return { kind: 'none', nearest: nearestPeople(words, people).map((person) => person.name) };
}

/** the honest answer for an assignee that is not one engineer: not known (nearest names), or several */
export function assigneeAnswer(options: {
  words: string;
  match: Exclude<AssigneeMatch, { kind: 'one' }>;
  engineers: Engineer[];
  language: Language;
}): { answer: string; error: string; candidates: string[] } {
  const { words, match, engineers, language } = options;
  const all = engineers.map((engineer) => engineer.name);
  if (match.kind === 'several') {
    const names = match.engineers.map((engineer) => engineer.name);
    return {
      answer: t(
        language,
        `“${words}”对应 ${names.length} 位工程师：${names.join('、')}。请说全名。`,
        `"${words}" fits ${names.length} engineers: ${names.join(', ')}. Which one do you mean? Give the full name.`,
      ),
      error: 'ambiguous_person',
      candidates: names,
    };
  }
  const near = match.nearest;
  return {
    answer: t(
      language,
      `工程师名单里没有“${words}”，所以不按别人作答。${near.length > 0 ? `最接近的名字：${near.join('、')}。` : ''}工程师有：${all.join('、')}。`,
      `No engineer "${words}" in the plant's data, so I do not answer for someone else. ` +
        `${near.length > 0 ? `The nearest names: ${near.join(', ')}. ` : ''}The engineers are: ${all.join(', ')}.`,
    ),
    error: 'unknown_person',
    candidates: near.length > 0 ? near : all,
  };
}

/** hours between two plant-local timestamps ('YYYY-MM-DDTHH:MM[:SS]') */
export function hoursBetween(from: string, to: string): number {
  const instant = (text: string): number => Date.parse(`${text.length === 16 ? `${text}:00` : text.slice(0, 19)}Z`);
  return Math.round(((instant(to) - instant(from)) / 3_600_000) * 10) / 10;
}

/** how long an order has been open (days, to today) or took to close (hours) */
export function ageText(order: { opened_at: string; closed_at: string }, today: string, language: Language): string {
  if (order.closed_at) {
    const hours = hoursBetween(order.opened_at, order.closed_at);
    return t(language, `${hours} 小时关闭`, `closed in ${hours} h`);
  }
  const days = daysBetween(order.opened_at.slice(0, 10), today);
  return t(language, `已开 ${days} 天`, `open ${days} d`);
}

export interface AssigneeCount {
  assignee: string;
  orders: number;
  open: number;
  closed: number;
}

/** the matching orders counted per engineer, most first */
export async function countByAssignee(ctx: SkillContext, filter: string): Promise<AssigneeCount[]> {
  const result = await ctx.query(
    'SELECT (SELECT name FROM engineers WHERE engineer_id = assignee_id) AS assignee, COUNT(order_id) AS orders, ' +
      `SUM(status = 'open') AS open_orders FROM work_orders${filter} GROUP BY assignee_id ` +
      'ORDER BY orders DESC, assignee LIMIT 100',
    'count the matching work orders per engineer',
  );
  return rowsAsObjects<Record<string, string | number | null>>(result).map((row) => ({
    assignee: row.assignee === null ? '' : str(row.assignee),
    orders: num(row.orders),
    open: num(row.open_orders),
    closed: num(row.orders) - num(row.open_orders),
  }));
}

export function byAssigneeAnswer(options: {
  counts: AssigneeCount[];
  what: string;
  closedOnly: boolean;
  language: Language;
}): string {
  const { counts, what, closedOnly, language } = options;
  const name = (entry: AssigneeCount): string => entry.assignee || t(language, '（未指派）', '(unassigned)');
  const total = counts.reduce((sum, entry) => sum + entry.orders, 0);
  if (total === 0) return t(language, `没有符合条件的工单（${what}）：0 张。`, `No work orders match (${what}): 0.`);
  const top = counts[0]!;
  const tie = counts.filter((entry) => entry.orders === top.orders).map(name);
  const head = t(
    language,
    `按负责人统计（${what}），共 ${total} 张：最多的是 **${tie.join('、')}**，${top.orders} 张。`,
    `Per engineer (${what}), ${total} in all: the most, **${tie.join(', ')}**, with ${top.orders}.`,
  );
  const table = markdownTable(
    closedOnly
      ? t(language, '排名|负责人|工单（张）', 'Rank|Engineer|Orders').split('|')
      : t(language, '排名|负责人|工单（张）|未关闭|已关闭', 'Rank|Engineer|Orders|Open|Closed').split('|'),
    counts.map((entry, index) => [
      String(index + 1),
      name(entry),
      String(entry.orders),
      ...(closedOnly ? [] : [String(entry.open), String(entry.closed)]),
    ]),
  );
  return `${head}\n\n${table}`;
}
