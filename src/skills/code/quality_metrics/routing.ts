/**
 * How the rules route a question to quality_metrics: a quality figure asked
 * for lines over a period, or a defect type counted.
 */
import { anchored, asksAdvice, hasMetric, singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { qualityMetricsArgs } from './args.js';

const OTHER_REPORT = /报告|报表|日报|月报|\breports?\b|\bsummary\b/;
/** a question that counts or measures: with a defect type, a quality figure */
const COUNTING =
  /多少|几[件个]|占比|比例|比率|百分比|\bhow\s+many\b|\bhow\s+much\b|\bcount\b|\bnumber\s+of\b|\bshare\b|\bpercent(?:age)?\b|\bproportion\b|\brate\b/;

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  defaults.lines = [];
  defaults.metrics = analysis.rank ? ['defect_rate', 'output', 'yield'] : ['output', 'defect_rate', 'yield'];
  defaults.by_day = false;
  if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
  else if (analysis.lines.all || analysis.rank) explicit.lines = [];
  if (period) explicit.period = period;
  if (periodUnsure) unsure.push('period');
  if (analysis.metrics.metrics.length > 0) explicit.metrics = analysis.metrics.metrics;
  if (analysis.rank) explicit.rank = analysis.rank;
  if (analysis.rank && analysis.rankBy) explicit.rank_by = analysis.rankBy;
  if (analysis.byDay) explicit.by_day = true;
  if (analysis.shifts.length === 1) explicit.shift = analysis.shifts[0]!.shift;
  if (analysis.defectTypes.length > 0 && new Set(analysis.defectTypes.map((mention) => mention.key)).size === 1)
    explicit.defect_type = analysis.defectTypes[0]!.words;
  return { explicit, defaults, unsure };
}

export const qualityMetricsRouting: SkillRouting = {
  skill: 'quality_metrics',
  args: qualityMetricsArgs,
  intents: [
    {
      // a defect type counted ("how many scratches on line C this week", "D线本周气孔占不良的比例"): a quality figure, not advice
      name: 'defect-type',
      match(analysis) {
        const lower = analysis.normalized.lower;
        if (
          analysis.defectTypes.length > 0 &&
          !asksAdvice(analysis) &&
          analysis.equipment === undefined &&
          (anchored(analysis) || hasMetric(analysis) || COUNTING.test(lower))
        ) {
          return {
            kind: 'skill',
            reason: `counts a defect type (${analysis.defectTypes.map((mention) => mention.words).join(', ')})`,
          };
        }
        return undefined;
      },
    },
    {
      name: 'figures',
      match(analysis) {
        const lower = analysis.normalized.lower;
        const { equipment, metrics, rank } = analysis;
        if (!(hasMetric(analysis) || (metrics.general && !equipment))) return undefined;
        // a symptom with a request for past fixes and no time ("cracks on stamped parts again, past fixes?"): advice
        if (analysis.symptoms.symptom !== undefined && analysis.periods.length === 0 && asksAdvice(analysis))
          return undefined;
        if (equipment !== undefined) return { kind: 'stop', reason: 'per-machine quality figures: not a rule call' };
        if (OTHER_REPORT.test(lower)) return { kind: 'stop', reason: 'daily / monthly reports: the model decides' };
        return {
          kind: 'skill',
          reason: `asks for ${metrics.metrics.join(', ') || 'quality figures'}${rank ? ` ranked ${rank} first` : ''}`,
        };
      },
    },
  ],
  slots,
  required: ['period'],
  // whole lines over whole days: anything finer is the model's
  cannotHonour: [
    'inspector',
    'shift',
    'batch',
    'product',
    'hour',
    'recorded_at',
    'records',
    'week_or_month',
    'cause',
    'comparison',
    'ppm',
    'work_orders',
  ],
  honours: { shift: true, defectType: 'one', notRecorded: 'report', words: true },
  followUp: {
    adjust(args, { slots, analysis }) {
      if (Array.isArray(slots.explicit.lines) && slots.explicit.lines.length > 0 && slots.explicit.rank === undefined) {
        delete args.rank; // "which line was worst?" → "and line B?" asks for B's figures
        delete args.rank_by;
      }
      if (args.rank !== undefined && slots.explicit.metrics !== undefined && slots.explicit.rank_by === undefined) {
        // "which line produced the most defects?" → "and the yield?" ranks by yield now
        if (analysis.rankBy) args.rank_by = analysis.rankBy;
        else delete args.rank_by;
      }
    },
  },
  examples: {
    zh: ['A线上周三的次品率是多少？', '本周各产线的产量和良率', '上周哪条线的不良率最高？', 'B线最近7天的主要缺陷类型'],
    en: [
      "What was line A's defect rate last Wednesday?",
      'Output and yield of every line this week',
      'Which line was worst last week?',
      'Top defect types on line B in the past 7 days',
    ],
  },
};
