/**
 * The honest answers shared by the quality skills: an unknown line (with the
 * real ones listed), a future period, a period that ends before it starts,
 * and the span of the inspection data (for "no records" answers).
 */
import type { Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { rowsAsObjects } from '../../../skills/context.js';
import { str } from './sql.js';
import { lineName, rangeLabel, t, type LineInfo } from './text.js';

/** 'Line A (A), Line B (B)' / '产线A（A）、产线B（B）' */
export function knownLinesText(known: LineInfo[], language: Language): string {
  return known
    .map((line) =>
      language === 'zh' ? `${lineName(line, 'zh')}（${line.line_id}）` : `${lineName(line, 'en')} (${line.line_id})`,
    )
    .join(language === 'zh' ? '、' : ', ');
}

export function unknownLinesAnswer(options: {
  unknown: string[];
  known: LineInfo[];
  language: Language;
  args: unknown;
}): SkillResult {
  const { unknown, known, language } = options;
  const asked = unknown.map((id) => `"${id}"`).join(', ');
  const list =
    known.length > 0
      ? knownLinesText(known, language)
      : t(language, '（production_lines 表为空）', '(the production_lines table is empty)');
  return {
    answer: t(
      language,
      `本厂没有产线 ${asked}。现有产线：${list}。`,
      `There is no line ${asked} in this plant. The lines are: ${list}.`,
    ),
    data: {
      arguments: options.args,
      error: 'unknown_line',
      unknown_lines: unknown,
      known_lines: known.map((line) => line.line_id),
    },
  };
}

export function futureAnswer(options: {
  from: string;
  to: string;
  today: string;
  language: Language;
  args: unknown;
  subject: string;
}): SkillResult {
  const { from, to, today, language } = options;
  const when = rangeLabel(from, to, language);
  return {
    answer: t(
      language,
      `${when}还没有到来（今天是 ${today}），所以还没有${options.subject}。`,
      `${when} is in the future (today is ${today}), so there is no ${options.subject} for it yet.`,
    ),
    data: { arguments: options.args, error: 'future_period', period: { from, to }, today },
  };
}

export function reversedAnswer(options: { from: string; to: string; language: Language; args: unknown }): SkillResult {
  const { from, to, language } = options;
  return {
    answer: t(
      language,
      `所问期间的结束日（${to}）早于开始日（${from}），请给出先早后晚的日期。`,
      `The period ends (${to}) before it starts (${from}); please give the earlier date first.`,
    ),
    data: { arguments: options.args, error: 'reversed_period', period: { from, to } },
  };
}

/** first and last record_date of quality_data, or undefined when empty */
export async function dataWindow(ctx: SkillContext): Promise<{ first: string; last: string } | undefined> {
  const result = await ctx.query(
    'SELECT MIN(record_date) AS first_date, MAX(record_date) AS last_date FROM quality_data LIMIT 1',
    'the span of the inspection data (for a "no records" answer)',
  );
  const row = rowsAsObjects(result)[0];
  if (!row || row.first_date === null || row.first_date === undefined) return undefined;
  return { first: str(row.first_date), last: str(row.last_date) };
}
