/**
 * current_datetime — "今天几号" / "what time is it": the plant's date, time,
 * weekday and ISO week from the utils server (the appliance clock, so --now
 * applies).
 */
import type { z } from 'zod';
import { currentDatetimeArgs } from './args.js';
import type { CodeSkill, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { callStructured } from '../shared/tools.js';
import { t } from '../shared/text.js';
import { currentDatetimeOutput } from './output.js';

interface Now {
  date: string;
  time: string;
  datetime: string;
  weekday_en: string;
  weekday_zh: string;
  iso_week: number;
  iso_week_year: number;
  timezone: string;
  utc_offset: string;
}

async function execute(ctx: SkillContext): Promise<SkillResult> {
  const { structured: now } = await callStructured<Now>(ctx, 'current_datetime', {});
  const week = `${now.iso_week_year}-W${String(now.iso_week).padStart(2, '0')}`;
  return {
    answer: t(
      ctx.language,
      `现在是 ${now.date} ${now.time}，${now.weekday_zh}（${now.timezone}，UTC${now.utc_offset}），ISO 周 ${week}。`,
      `It is ${now.date} ${now.time}, ${now.weekday_en} (${now.timezone}, UTC${now.utc_offset}), ISO week ${week}.`,
    ),
    data: now,
  };
}

export const currentDatetime: CodeSkill<z.infer<typeof currentDatetimeArgs>> = {
  kind: 'code',
  name: 'current_datetime',
  description:
    'The plant\'s current date, time, weekday and ISO week (plant time zone). Use for "what day is it", "今天几号", "现在几点".',
  version: '1.0.0',
  parameters: currentDatetimeArgs,
  output: currentDatetimeOutput,
  timeoutMs: 10_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['current_datetime'] },
  triggers: [
    '今天几号',
    '现在几点',
    '星期几',
    '日期',
    'what time is it',
    'what day is it',
    "today's date",
    'current date',
  ],
  execute,
};
