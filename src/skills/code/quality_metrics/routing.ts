/**
 * How the rules route a question to quality_metrics: a quality figure asked
 * for lines over a period, or a defect type counted.
 */
import { anchored, asksAdvice, hasMetric, singlePeriod } from '../../router/signals.js';
import { BEST, HIGH, LOW, WORST } from '../../router/slots.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { qualityMetricsArgs } from './args.js';

const OTHER_REPORT = /报告|报表|日报|月报|\breports?\b|\bsummary\b/;
/** a question that counts or measures: with a defect type, a quality figure */
const COUNTING =
  /多少|几[件个]|占比|比例|比率|百分比|\bhow\s+many\b|\bhow\s+much\b|\bcount\b|\bnumber\s+of\b|\bshare\b|\bpercent(?:age)?\b|\bproportion\b|\brate\b/;

/**
 * a percent threshold on a rate ("above 2%", "超过3%", "under 99%", "did NOT hit 98%", "98%以上"): the lines that
 * pass it are named (the skill's threshold), never dropped to every line's figures unsaid
 */
const OP_WORDS: Array<[RegExp, 'above' | 'below' | 'at_least' | 'at_most']> = [
  [
    new RegExp(
      String.raw`\b(?:did\s*n[o']?t|didn't|does\s*n[o']?t|doesn't|not|never|fail(?:ed|s)?\s+to)\s+(?:hit|reach|make|meet|achieve)\b` +
        String.raw`|\bmissed\b|未达到?|(?<!有)没(?:有)?(?:达到|到)|不到|不足|低于|小于|少于|\bunder\b|\bbelow\b|\b(?:less|lower)\s+than\b|<`,
    ),
    'below',
  ],
  [/不超过|(?<!有)没(?:有)?超过|未超过|\bat\s+most\b|\bno\s+more\s+than\b|<=|≤/, 'at_most'],
  [/\bat\s+least\b|\b(?:hit|reach(?:ed)?|made|met|achieved)\b|达到了?|>=|≥/, 'at_least'],
  [
    /超过了?|超出了?|超了|高于|大于|多于|\babove\b|\bover\b|\bexceed(?:s|ed|ing)?\b|\b(?:more|higher|greater)\s+than\b|>/,
    'above',
  ],
];
const THRESHOLD = new RegExp(
  String.raw`(${OP_WORDS.map(([words]) => words.source).join('|')})\s*(?:the\s+|a\s+)?(\d+(?:\.\d+)?)\s*%` +
    String.raw`|(\d+(?:\.\d+)?)\s*%\s*(?:及|或)?(以上|以下)`,
);

function thresholdOf(
  analysis: Analysis,
): { measure: 'defect_rate' | 'yield'; op: string; value: number; start: number; end: number } | undefined {
  const match = THRESHOLD.exec(analysis.normalized.lower);
  if (!match) return undefined;
  const rates = analysis.metrics.metrics.filter((metric) => metric === 'defect_rate' || metric === 'yield');
  if (rates.length !== 1 || analysis.metrics.metrics.length !== 1) return undefined;
  const value = Number(match[2] ?? match[3]);
  if (!(value >= 0 && value <= 100)) return undefined;
  const op = match[1]
    ? OP_WORDS.find(([words]) => new RegExp(`^(?:${words.source})$`).test(match[1]!))?.[1]
    : match[4] === '以上'
      ? 'at_least'
      : 'at_most';
  if (!op) return undefined;
  return { measure: rates[0]!, op, value, start: match.index, end: match.index + match[0].length };
}

/** which day ("上周哪天最差", "which day last week was the worst for line D"): the days ranked, not the lines */
const WHICH_DAY = /哪1?天|哪一天|\b(?:which|what)\s+day\b/;

/** the day asked worst or best first: the highest defect rate or the lowest yield is the worst, as for lines */
function dayRank(analysis: Analysis): 'worst' | 'best' | undefined {
  const lower = analysis.rest;
  if (!analysis.byDay || !WHICH_DAY.test(lower)) return undefined;
  const badWhenHigh =
    analysis.rankBy === undefined || analysis.rankBy === 'defect_rate' || analysis.rankBy === 'defects';
  if (WORST.test(lower)) return 'worst';
  if (BEST.test(lower)) return 'best';
  if (HIGH.test(lower)) return badWhenHigh ? 'worst' : 'best';
  if (LOW.test(lower)) return badWhenHigh ? 'best' : 'worst';
  return undefined;
}

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
  const days = dayRank(analysis);
  if (days) {
    explicit.day_rank = days;
    if (analysis.rankBy) explicit.rank_by = analysis.rankBy;
    // the worst day said without a measure: the defect rate, as the worst line is
    if (analysis.metrics.metrics.length === 0) explicit.metrics = ['defect_rate'];
    if (analysis.lines.lines.length === 0) explicit.lines = [];
  }
  const threshold = thresholdOf(analysis);
  if (threshold) {
    const { measure, op, value } = threshold;
    explicit.threshold = { measure, op, value };
    if (analysis.lines.lines.length === 0) explicit.lines = [];
  }
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
        if (!(hasMetric(analysis) || (metrics.general && !equipment) || dayRank(analysis))) return undefined;
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
  claims: (analysis) => {
    const threshold = thresholdOf(analysis);
    return threshold ? [{ start: threshold.start, end: threshold.end }] : [];
  },
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
