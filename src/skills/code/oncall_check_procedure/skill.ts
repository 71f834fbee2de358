/**
 * oncall_check_procedure — the deterministic twin of the Markdown skill
 * skills/oncall_check/SKILL.md (SOURCES.md part B), run by the engine when no
 * model is reachable: get_current_oncall → is_public_holiday(country, the
 * engineer's LOCAL date) → list_open_issues(priority, assignee) → the same
 * two templates, so both paths give the same text for the same data.
 * No priority asked: all the engineer's open work orders. A holiday is an
 * escalation even with nothing to cover (then an explicit "No open issues").
 * Days: today is the engineer's local date; tomorrow / yesterday (day_offset)
 * are that ± 1; a date the operator named (date) is checked as it stands.
 * A range of days (period: a week, "week 48") is the rota table (rota.ts).
 */
import { addDays, localDate } from '../../../clock.js';
import { AppError } from '../../../errors.js';
import { oncallCheckArgs, type OncallCheckArgs } from './args.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { callStructured } from '../shared/tools.js';
import { t } from '../shared/text.js';
import { holidayNameForZh, nobodyReason, runRota } from './rota.js';
import { oncallCheckProcedureOutput } from './output.js';

interface Oncall {
  at: string;
  engineer: { engineer_id: number; name: string; login: string; country_code: string; timezone: string };
  engineer_local: { local_date: string | null };
  rotation: { starts_at: string; ends_at: string };
}

interface Holiday {
  is_holiday: boolean;
  holidays: Array<{ name: string; name_local?: string; name_zh?: string }>;
}

interface OpenIssues {
  count: number;
  issues: Array<{ order_id: number; title: string; priority: string }>;
}

export interface OncallFacts {
  name: string;
  login: string;
  country: string;
  date: string;
  /** the priority asked; undefined: all the engineer's open work orders */
  priority: string | undefined;
  holidays: Array<{ name: string; name_local?: string | undefined; name_zh?: string | undefined }> | undefined;
  issues: Array<{ order_id: number; title: string; priority?: string | undefined }>;
}

/**
 * The SKILL.md's two templates, filled: "Escalation needed" whenever the day
 * is a public holiday where the engineer is (with the work orders that need
 * cover, or an explicit "No open issues"), "On-call normal" otherwise.
 * {orders} is "P1 work orders" when a priority was asked, else "work orders"
 * (all of them, each line then naming its priority).
 */
export function oncallAnswer(facts: OncallFacts, language: Language): { answer: string; escalation: boolean } {
  const { name, login, country, date, priority, issues } = facts;
  const holidayNames = facts.holidays
    ?.map((holiday) => (language === 'zh' ? holidayNameForZh(holiday) : holiday.name))
    .join(' / ');
  const list = issues
    .map((issue) =>
      priority === undefined && issue.priority
        ? `#${issue.order_id} [${issue.priority}] ${issue.title}`
        : `#${issue.order_id} ${issue.title}`,
    )
    .join('\n');
  const n = issues.length;
  const ordersZh = priority ? `${priority} 工单` : '工单';
  const ordersEn = priority ? `${priority} work orders` : 'work orders';
  if (facts.holidays && facts.holidays.length > 0) {
    const head = t(
      language,
      `需要升级：值班工程师 ${name}（${login}）所在国家 ${country} 的 ${date} 是法定节假日（${holidayNames}）。`,
      `Escalation needed: ${name} (${login}) is on call and ${date} is a public holiday in ${country} (${holidayNames}).`,
    );
    const tail =
      n > 0
        ? t(
            language,
            `需要有人接手的未关闭${ordersZh}（${n}）：\n${list}`,
            ` Open ${ordersEn} that need cover (${n}):\n${list}`,
          )
        : t(
            language,
            `没有未关闭工单：其名下没有需要接手的未关闭${ordersZh}。`,
            ` No open issues: they hold no open ${ordersEn} to cover.`,
          );
    return { escalation: true, answer: head + tail };
  }
  const head = t(
    language,
    `值班正常：值班工程师 ${name}（${login}）所在国家 ${country} 的 ${date} 不是法定节假日。`,
    `On-call normal: ${name} (${login}) is on call; ${date} is not a public holiday in ${country}.`,
  );
  const tail =
    n > 0
      ? t(language, `未关闭${ordersZh}（${n}）：\n${list}`, ` Open ${ordersEn} (${n}):\n${list}`)
      : t(language, `没有未关闭的${ordersZh}。`, ` No open ${ordersEn}.`);
  return { escalation: false, answer: head + tail };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which instant asks get_current_oncall, and which day is checked:
 * - a date the operator named: that date, as it stands (on call at its noon);
 * - otherwise the engineer's own today, moved by day_offset: on call at this
 *   time tomorrow / yesterday, on their local date then — so "tomorrow" is
 *   their today + 1 (not the plant's), as "today" is their today.
 */
function dayAsked(args: OncallCheckArgs, now: Date): { at?: string; date?: string; offset: number } {
  if (args.date !== undefined) return { at: `${args.date}T12:00:00`, date: args.date, offset: 0 };
  const offset = args.day_offset ?? 0;
  return offset === 0 ? { offset } : { at: new Date(now.getTime() + offset * DAY_MS).toISOString(), offset };
}

async function execute(ctx: SkillContext, args: OncallCheckArgs): Promise<SkillResult> {
  if (args.period) return runRota(ctx, { ...args, period: args.period });
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const asked = dayAsked(args, ctx.now);
  ctx.progress(t(language, '正在查询值班工程师…', 'looking up the engineer on call…'));
  let oncall: Oncall;
  try {
    oncall = (await callStructured<Oncall>(ctx, 'get_current_oncall', asked.at ? { at: asked.at } : {})).structured;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      const reason = nobodyReason(error);
      return {
        // the operator's words: the rota's gap in plain Chinese; the tool's reason stays in the data (and the log)
        answer: t(language, '当前没有工程师在值班（值班表在这个时间没有安排）。', `Nobody is on call: ${reason}`),
        data: { arguments: args, error: 'no_oncall', reason },
      };
    }
    throw error;
  }
  const engineer = oncall.engineer;
  const date = asked.date ?? oncall.engineer_local?.local_date ?? addDays(today, asked.offset);
  ctx.progress(
    t(
      language,
      `值班：${engineer.name}（${engineer.country_code}），核对 ${date} 是否节假日及未关闭工单…`,
      `on call: ${engineer.name} (${engineer.country_code}); checking ${date} for a public holiday and the open work orders…`,
    ),
  );
  const [holiday, open] = await Promise.all([
    callStructured<Holiday>(ctx, 'is_public_holiday', { country_code: engineer.country_code, on_date: date }),
    callStructured<OpenIssues>(
      ctx,
      'list_open_issues',
      args.priority
        ? { priority: args.priority, assignee_id: engineer.engineer_id }
        : { assignee_id: engineer.engineer_id },
    ),
  ]);
  const holidays = holiday.structured.is_holiday ? holiday.structured.holidays : undefined;
  const issues = open.structured.issues.map((issue) => ({
    order_id: issue.order_id,
    title: issue.title,
    priority: issue.priority,
  }));
  const { answer, escalation } = oncallAnswer(
    {
      name: engineer.name,
      login: engineer.login,
      country: engineer.country_code,
      date,
      priority: args.priority,
      holidays,
      issues,
    },
    language,
  );
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer,
    data: {
      arguments: args,
      escalation,
      engineer,
      rotation: oncall.rotation,
      checked_date: date,
      date_source: asked.date !== undefined ? 'asked' : 'engineer_local_date',
      day_offset: asked.date !== undefined ? null : asked.offset,
      is_holiday: holiday.structured.is_holiday,
      holidays: holiday.structured.holidays,
      priority: args.priority ?? 'all',
      issues,
    },
  };
}

export const oncallCheckProcedure: CodeSkill<OncallCheckArgs> = {
  kind: 'code',
  name: 'oncall_check_procedure',
  description:
    'The on-call holiday check without a model (the fallback of the Markdown skill oncall_check): ' +
    'who is on call, whether their local date is a public holiday in their country, and their open ' +
    'work orders of a priority, in the "Escalation needed" / "On-call normal" templates.',
  version: '1.2.0',
  parameters: oncallCheckArgs,
  output: oncallCheckProcedureOutput,
  timeoutMs: 20_000,
  errorCodes: [...COMMON_ERROR_CODES, 'NOT_FOUND'],
  retry: RETRY_POLICY,
  dependencies: { tools: ['get_current_oncall', 'is_public_holiday', 'list_open_issues'] },
  triggers: ['值班工程师', '值班', '节假日', 'on-call', 'on call engineer', 'public holiday'],
  execute,
};
