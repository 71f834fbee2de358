/**
 * The on-call rota of a range of days (a week, "week 48", the next 7 days):
 * one row per day — date, weekday, the engineer on call at the day's noon
 * (plant time, as a named date is checked), their country, and whether that
 * date is a public holiday there (the shipped calendar). A week that two
 * engineers share shows both and says who holds which days. Every holiday
 * day is an escalation, with the open work orders of that engineer that need
 * cover (all of them, or the asked priority) or an explicit "No open issues";
 * a priority asked lists each engineer's open orders of it.
 */
import { addDays, daysBetween } from '../../../clock.js';
import { AppError } from '../../../errors.js';
import type { Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { callStructured } from '../shared/tools.js';
import { dayLabel, listJoin, markdownTable, periodLabel, t, weekdayName } from '../shared/text.js';
import type { OncallCheckArgs } from './args.js';

interface Engineer {
  engineer_id: number;
  name: string;
  login: string;
  country_code: string;
  timezone: string;
}

interface Oncall {
  engineer: Engineer;
  rotation: { starts_at: string; ends_at: string };
}

interface Holiday {
  is_holiday: boolean;
  holidays: Array<{ name: string; name_local?: string; name_zh?: string }>;
}

interface OpenIssues {
  issues: Array<{ order_id: number; title: string; priority: string }>;
}

export interface RotaDay {
  date: string;
  /** undefined: nobody on call that day (reason says why) */
  engineer: Engineer | undefined;
  /** the rotation starts inside this day, at this time (HH:MM), not at midnight */
  from: string | undefined;
  reason: string | undefined;
  holidays: Array<{ name: string; name_local?: string | undefined; name_zh?: string | undefined }>;
}

export interface RotaFacts {
  period: { from: string; to: string; label?: string | undefined };
  days: RotaDay[];
  priority: string | undefined;
  /** open work orders by engineer_id, for the engineers whose orders are listed */
  issues: Map<number, Array<{ order_id: number; title: string; priority: string }>>;
}

/** A holiday's name for a Chinese answer: its Chinese name, else a local name in Chinese script, else English. */
export function holidayNameForZh(holiday: {
  name: string;
  name_local?: string | undefined;
  name_zh?: string | undefined;
}): string {
  if (holiday.name_zh) return holiday.name_zh;
  if (holiday.name_local && /[\u4e00-\u9fff]/.test(holiday.name_local)) return holiday.name_local;
  return holiday.name;
}

function holidayName(
  holiday: { name: string; name_local?: string | undefined; name_zh?: string | undefined },
  language: Language,
): string {
  return language === 'zh' ? holidayNameForZh(holiday) : holiday.name;
}

function who(engineer: Engineer, language: Language): string {
  return t(language, `${engineer.name}（${engineer.login}）`, `${engineer.name} (${engineer.login})`);
}

/** each engineer once, in the order they first come on call */
function engineersOf(days: RotaDay[]): Engineer[] {
  const seen = new Map<number, Engineer>();
  for (const day of days)
    if (day.engineer && !seen.has(day.engineer.engineer_id)) seen.set(day.engineer.engineer_id, day.engineer);
  return [...seen.values()];
}

/** runs of consecutive days with the same engineer: 'Michael Johnson (mjohnson) 2026-11-26 – 2026-11-29' */
function spans(days: RotaDay[], language: Language): string[] {
  const out: string[] = [];
  let start = 0;
  for (let index = 1; index <= days.length; index++) {
    const first = days[start]!;
    const here = days[index];
    if (here && here.engineer?.engineer_id === first.engineer?.engineer_id) continue;
    const last = days[index - 1]!;
    if (first.engineer) {
      const range = first.date === last.date ? first.date : `${first.date} – ${last.date}`;
      out.push(`${who(first.engineer, language)} ${range}`);
    }
    start = index;
  }
  return out;
}

function orderLines(issues: Array<{ order_id: number; title: string; priority: string }>, priority?: string): string {
  return issues
    .map((issue) =>
      priority === undefined
        ? `#${issue.order_id} [${issue.priority}] ${issue.title}`
        : `#${issue.order_id} ${issue.title}`,
    )
    .join('\n');
}

function escalation(engineer: Engineer, facts: RotaFacts, language: Language): string {
  const holidayDays = facts.days.filter(
    (day) => day.engineer?.engineer_id === engineer.engineer_id && day.holidays.length > 0,
  );
  const dates = holidayDays.map((day) => dayLabel(day.date, language)).join(t(language, '、', ', '));
  const names = [
    ...new Set(holidayDays.flatMap((day) => day.holidays.map((holiday) => holidayName(holiday, language)))),
  ];
  const issues = facts.issues.get(engineer.engineer_id) ?? [];
  const { priority } = facts;
  const ordersZh = priority ? `${priority} 工单` : '工单';
  const ordersEn = priority ? `${priority} work orders` : 'work orders';
  const kind = holidayDays.length > 1 ? 'public holidays' : 'a public holiday';
  const country = engineer.country_code;
  const head = t(
    language,
    `需要升级：值班工程师 ${who(engineer, language)}在 ${dates}值班，` +
      `是其所在国家 ${country} 的法定节假日（${names.join(' / ')}）。`,
    `Escalation needed: ${who(engineer, language)} is on call on ${dates}, ${kind} in ${country} (${names.join(' / ')}).`,
  );
  const tail =
    issues.length > 0
      ? t(
          language,
          `需要有人接手的未关闭${ordersZh}（${issues.length}）：\n${orderLines(issues, priority)}`,
          ` Open ${ordersEn} that need cover (${issues.length}):\n${orderLines(issues, priority)}`,
        )
      : t(
          language,
          `没有未关闭工单：其名下没有需要接手的未关闭${ordersZh}。`,
          ` No open issues: they hold no open ${ordersEn} to cover.`,
        );
  return head + tail;
}

function heldOrders(engineer: Engineer, facts: RotaFacts, language: Language): string {
  const issues = facts.issues.get(engineer.engineer_id) ?? [];
  const priority = facts.priority!;
  return issues.length > 0
    ? t(
        language,
        `${who(engineer, language)}名下未关闭的${priority} 工单（${issues.length}）：\n${orderLines(issues, priority)}`,
        `${who(engineer, language)} holds open ${priority} work orders (${issues.length}):\n${orderLines(issues, priority)}`,
      )
    : t(
        language,
        `${who(engineer, language)}名下没有未关闭的${priority} 工单。`,
        `${who(engineer, language)} holds no open ${priority} work orders.`,
      );
}

/** The rota answer: the table, who holds which days, then the escalations (or "On-call normal"). */
export function rotaAnswer(facts: RotaFacts, language: Language): { answer: string; escalation: boolean } {
  const { days } = facts;
  const title = t(
    language,
    `${periodLabel(facts.period, 'zh')}值班表：`,
    `On-call rota, ${periodLabel(facts.period, 'en')}:`,
  );
  const header = t(language, '日期|星期|值班工程师|国家|法定节假日', 'Date|Day|On call|Country|Public holiday').split(
    '|',
  );
  const rows = days.map((day) => {
    if (!day.engineer)
      return [day.date, weekdayName(day.date, language), t(language, '无人值班', 'nobody on call'), '—', '—'];
    const name =
      who(day.engineer, language) + (day.from ? t(language, `（${day.from} 起）`, ` (from ${day.from})`) : '');
    const holiday =
      day.holidays.length > 0
        ? t(language, '是：', 'yes: ') + day.holidays.map((entry) => holidayName(entry, language)).join(' / ')
        : t(language, '否', 'no');
    return [day.date, weekdayName(day.date, language), name, day.engineer.country_code, holiday];
  });
  const parts = [title, markdownTable(header, rows)];
  const engineers = engineersOf(days);
  if (engineers.length > 1)
    parts.push(
      t(
        language,
        `值班分段：${spans(days, language).join('；')}。`,
        `On call in turn: ${spans(days, language).join('; ')}.`,
      ),
    );
  const nobody = days.filter((day) => !day.engineer);
  if (nobody.length > 0)
    parts.push(
      t(
        language,
        `${listJoin(
          nobody.map((day) => day.date),
          'zh',
        )} 无人值班（值班表在这些日期没有安排）。`,
        `Nobody is on call on ${listJoin(
          nobody.map((day) => day.date),
          'en',
        )}: ${nobody[0]!.reason}`,
      ),
    );
  const escalated = engineers.filter((engineer) =>
    days.some((day) => day.engineer?.engineer_id === engineer.engineer_id && day.holidays.length > 0),
  );
  for (const engineer of escalated) parts.push(escalation(engineer, facts, language));
  if (escalated.length === 0 && engineers.length > 0)
    parts.push(
      t(
        language,
        '值班正常：以上日期都不是值班工程师所在国家的法定节假日。',
        "On-call normal: none of these days is a public holiday in the on-call engineer's country.",
      ),
    );
  if (facts.priority)
    for (const engineer of engineers.filter((one) => !escalated.includes(one)))
      parts.push(heldOrders(engineer, facts, language));
  return { answer: parts.join('\n\n'), escalation: escalated.length > 0 };
}

/** HH:MM when a rotation starts inside `date` (not at midnight) */
function startsWithin(rotation: { starts_at: string }, date: string): string | undefined {
  const at = rotation.starts_at.replace(' ', 'T');
  return at.slice(0, 10) === date && at.slice(11, 16) !== '00:00' ? at.slice(11, 16) : undefined;
}

/**
 * Why nobody is on call, in the tool's words without its wrapping ("get_current_oncall failed: ", "Error (NOT_FOUND): ")
 * and its fix line: "no on-call rotation covers 2027-03-01T12:00:00 (plant time, Asia/Shanghai)".
 */
export function nobodyReason(error: AppError): string {
  return error.message
    .replace(/^get_current_oncall failed: /, '')
    .replace(/^Error \(\w+\): /, '')
    .split('\n')[0]!;
}

async function dayOf(ctx: SkillContext, date: string): Promise<RotaDay> {
  try {
    const { structured } = await callStructured<Oncall>(ctx, 'get_current_oncall', { at: `${date}T12:00:00` });
    const from = startsWithin(structured.rotation, date);
    return { date, engineer: structured.engineer, from, reason: undefined, holidays: [] };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    return { date, engineer: undefined, from: undefined, reason: nobodyReason(error), holidays: [] };
  }
}

export async function runRota(
  ctx: SkillContext,
  args: OncallCheckArgs & { period: NonNullable<OncallCheckArgs['period']> },
): Promise<SkillResult> {
  const { language } = ctx;
  const { period } = args;
  const dates = Array.from({ length: daysBetween(period.from, period.to) + 1 }, (_, index) =>
    addDays(period.from, index),
  );
  ctx.progress(
    t(
      language,
      `正在查询 ${period.from} – ${period.to} 每天的值班工程师…`,
      `looking up the engineer on call each day from ${period.from} to ${period.to}…`,
    ),
  );
  const days = await Promise.all(dates.map((date) => dayOf(ctx, date)));
  ctx.progress(t(language, '正在核对节假日…', 'checking public holidays…'));
  await Promise.all(
    days.map(async (day) => {
      if (!day.engineer) return;
      const { structured } = await callStructured<Holiday>(ctx, 'is_public_holiday', {
        country_code: day.engineer.country_code,
        on_date: day.date,
      });
      day.holidays = structured.is_holiday ? structured.holidays : [];
    }),
  );
  // open orders: of every engineer on a holiday (they need cover), and of all when a priority is asked
  const listed = engineersOf(days).filter(
    (engineer) =>
      args.priority !== undefined ||
      days.some((day) => day.engineer?.engineer_id === engineer.engineer_id && day.holidays.length > 0),
  );
  const issues = new Map<number, OpenIssues['issues']>();
  await Promise.all(
    listed.map(async (engineer) => {
      const { structured } = await callStructured<OpenIssues>(
        ctx,
        'list_open_issues',
        args.priority
          ? { priority: args.priority, assignee_id: engineer.engineer_id }
          : { assignee_id: engineer.engineer_id },
      );
      issues.set(
        engineer.engineer_id,
        structured.issues.map((issue) => ({ order_id: issue.order_id, title: issue.title, priority: issue.priority })),
      );
    }),
  );
  const { answer, escalation: escalated } = rotaAnswer({ period, days, priority: args.priority, issues }, language);
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer,
    data: {
      arguments: args,
      period: { from: period.from, to: period.to },
      escalation: escalated,
      priority: args.priority ?? 'all',
      days: days.map((day) => ({
        date: day.date,
        weekday: weekdayName(day.date, 'en'),
        engineer: day.engineer ?? null,
        country_code: day.engineer?.country_code ?? null,
        rotation_starts: day.from ?? null,
        is_holiday: day.holidays.length > 0,
        holidays: day.holidays,
        ...(day.reason ? { nobody: day.reason } : {}),
      })),
      issues: Object.fromEntries(issues),
    },
  };
}
