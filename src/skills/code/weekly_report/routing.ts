/** How the rules route a question to weekly_report: "本周质量周报", "last week's quality report". */
import { mondayOf } from '../../router/calendar.js';
import { singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { weeklyReportArgs } from './args.js';

export const WEEKLY_REPORT = new RegExp(
  [
    String.raw`周报|(?:本|这|上|上个|这个|上1个?|这1个?)?(?:周|星期|礼拜)的?(?:质量)?(?:报告|报表|总结)`,
    String.raw`\bweekly\s+(?:quality\s+)?(?:report|summary)\b`,
    String.raw`\bweek(?:'s|s)?\s+(?:quality\s+)?(?:report|summary)\b`,
    String.raw`\b(?:quality\s+)?report\s+(?:for|of|on)\s+(?:this|last|the|that)\s+week\b`,
  ].join('|'),
);

/** a quality report of a period said as a week ("week before last's quality report", "上上周的质量报告") */
const QUALITY_REPORT = /\bquality\s+(?:report|summary)\b|质量(?:报告|报表|总结)/;
const WEEK_LABEL = /\bweek\b|周|星期|礼拜/i;
const weekReportAsked = (analysis: Analysis): boolean =>
  QUALITY_REPORT.test(analysis.normalized.lower) &&
  analysis.periods.length === 1 &&
  WEEK_LABEL.test(analysis.periods[0]!.period?.label ?? '');

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  defaults.week_start = mondayOf(analysis.today);
  defaults.lines = [];
  if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
  else if (analysis.lines.all) explicit.lines = [];
  if (period && mondayOf(period.from) === mondayOf(period.to)) explicit.week_start = mondayOf(period.from);
  else if (period || periodUnsure) unsure.push('week_start');
  return { explicit, defaults, unsure };
}

export const weeklyReportRouting: SkillRouting = {
  skill: 'weekly_report',
  args: weeklyReportArgs,
  intents: [
    {
      name: 'report',
      match: (analysis) =>
        WEEKLY_REPORT.test(analysis.normalized.lower) || weekReportAsked(analysis)
          ? { kind: 'skill', reason: 'asks for the weekly report' }
          : undefined,
    },
  ],
  slots,
  required: [],
  cannotHonour: [
    'inspector',
    'shift',
    'batch',
    'product',
    'hour',
    'recorded_at',
    'records',
    'cause',
    'ppm',
    'work_orders',
  ],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: true },
  understood: [WEEKLY_REPORT],
  followUp: {},
  examples: { zh: ['本周质量周报'], en: ["This week's quality report"] },
};
