/**
 * How the rules route a question to quality_compare: a quality figure asked
 * against the period before ("本周和上周比", "compared with last week", 环比),
 * the shifts ranked ("哪个班次次品率最高", "which shift was worst"), or why a
 * line was bad on a day ("为什么B线周三不良率高"). A question that mixes these
 * (the shifts against last week, why against last month) is left to the model.
 */
import type { Period } from '../../args.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { hasMetric } from '../../router/signals.js';
import { COMPARED_METRICS, type ComparedMetric, qualityCompareArgs } from './args.js';
import { nextPeriod, previousPeriod, yearBefore } from './periods.js';
import { addDays } from '../../../clock.js';

const has = (analysis: Analysis, dimension: string): boolean =>
  analysis.qualifiers.some((qualifier) => qualifier.dimension === dimension);

/** a quality figure is asked: a metric, a ranking, quality in general, or "bad / high / low" */
const BADNESS =
  /不好|很差|差|高|低|多|异常|糟|\bbad\b|\bpoor\b|\bhigh\b|\blow\b|\bworse\b|\bworst\b|\bterrible\b|\bspike[ds]?\b|\bdrop(?:ped)?\b|\bjump(?:ed)?\b/;
function asksQuality(analysis: Analysis): boolean {
  if (hasMetric(analysis) || analysis.metrics.general) return true;
  // a line (or every line) set against itself in another period is its quality compared: "A today vs yesterday",
  // "12月和11月比 B线", "C线环比上个月"
  const lineNamed = analysis.lines.lines.length > 0 || analysis.lines.all;
  const setAgainst =
    has(analysis, 'comparison') ||
    (analysis.periods.length === 2 &&
      analysis.periods.every((span) => span.period) &&
      SET_AGAINST.test(analysis.normalized.lower));
  return lineNamed && setAgainst;
}

/** the words that lead into the earlier period: "compared with yesterday", "比上周", "和上月相比" */
const LEAD_IN = /(?:compared?\s+(?:to|with)|vs\.?|versus|against|than|比|和|跟|与|同)\s*(?:the\s+)?$/;

/** set against the same dates a year before: 同比, YoY, "year over year", "the same period last year" */
const YEAR_AGO =
  /同比|去年同期|\byoy\b|\byear[- ](?:over|on)[- ]year\b|\bsame\s+(?:period|time|days?|week|month)\s+(?:of\s+)?last\s+year\b/;
/** the period a comparison sets one against: the one before, or a year before when so said */
const setAgainst = (period: Period, lower: string): Period =>
  YEAR_AGO.test(lower) ? yearBefore(period) : previousPeriod(period);

/** the later-named period is "the one before" the first */
const PRECEDING = /\b(?:previous|prior|preceding)\b|前一|上一/;

type Mode = 'previous' | 'shifts' | 'why';

/** two periods set against each other: "今天的次品率和昨天比", "this week against last week" */
const SET_AGAINST = /比|相比|对比|比较|\bcompared?\b|\bvs\.?|\bversus\b|\bagainst\b|\bthan\b/;
const RANKED =
  /最高|最低|最差|最好|最多|最少|更差|更好|较差|较好|差多少|好多少|哪(?:1|一)?个(?:班次?)?(?:差|好|高|低)|\bworst\b|\bbest\b|\bhighest\b|\blowest\b|\bworse\b|\bbetter\b/;

/** records other than the quality figures a shift has: its handover notes, its on-call engineer, its orders */
const OTHER_RECORDS =
  /交接|值班|工单|保养|维修|\bhandovers?\b|\bon[- ]?call\b|\bnotes?\b|\blogs?\b|\border|\btickets?\b|\bwos?\b|\bmaintenance\b/;

function modeOf(analysis: Analysis): Mode | 'mixed' | undefined {
  if (analysis.equipment !== undefined || analysis.defectTypes.length > 0) return undefined;
  const lower = analysis.normalized.lower;
  // two shifts set against each other with nothing else asked ("night vs day shift last week"): their quality
  const shiftsSetAgainst =
    analysis.shifts.length > 1 &&
    SET_AGAINST.test(lower) &&
    analysis.metrics.metrics.length === 0 &&
    !OTHER_RECORDS.test(lower);
  const quality = asksQuality(analysis) || shiftsSetAgainst;
  if (!quality && !BADNESS.test(lower)) return undefined;
  const why = has(analysis, 'cause');
  // by shift ("which shift"), unless one shift is named ("B's rate on that shift", "night shift defect rate")
  const shifts = (has(analysis, 'shift') && analysis.shifts.length !== 1) || analysis.shifts.length > 1;
  const previous =
    has(analysis, 'comparison') ||
    (analysis.periods.length === 2 && analysis.periods.every((span) => span.period) && SET_AGAINST.test(lower));
  if (why) return shifts && !quality ? undefined : 'why';
  if (shifts && previous) return 'mixed';
  // a breakdown by defect type asked with the comparison ("跟昨天比，再按缺陷类型分一下"): the comparison gives
  // rates, never the types — not a rule call, rather than an answer without the breakdown
  if ((shifts || previous) && analysis.metrics.metrics.includes('defect_types')) return 'mixed';
  if (shifts && (quality || RANKED.test(lower))) return 'shifts';
  if (previous && quality) return 'previous';
  return undefined;
}

/** the figures asked that a comparison sets against the period before ("产量环比", "yield vs last week"), in order */
function comparedMetrics(metrics: readonly string[]): ComparedMetric[] {
  return metrics.filter((metric): metric is ComparedMetric => (COMPARED_METRICS as readonly string[]).includes(metric));
}

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = { lines: [] };
  const unsure: string[] = [];
  const mode = modeOf(analysis);
  if (mode && mode !== 'mixed') explicit.mode = mode;
  // the metric asked is the one compared: output against output, yield against yield — never the defect rate for both
  const asked = comparedMetrics(analysis.metrics.metrics);
  if (mode === 'previous' && asked.length > 0) explicit.metrics = asked;
  if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
  if (analysis.shifts.length === 1 && mode !== 'shifts') explicit.shift = analysis.shifts[0]!.shift;
  const periods = analysis.periods;
  if (periods.some((span) => span.period === undefined) || periods.length > 2) unsure.push('period');
  else if (periods.length === 2 && mode === 'previous') {
    const [a, b] = [periods[0]!.period!, periods[1]!.period!].sort((x, y) => x.from.localeCompare(y.from)) as [
      Period,
      Period,
    ];
    const second = periods[1]!.period!;
    const beforeSecond = analysis.normalized.lower.slice(0, periods[1]!.start);
    if (PRECEDING.test(second.label ?? '') && (LEAD_IN.test(beforeSecond) || (a.from === b.from && a.to === b.to))) {
      // "last week vs the previous week", "11月15号…和前一天比": the second is the one before the first, never
      // counted back from today (the period rules read 前一天 alone as yesterday)
      explicit.period = periods[0]!.period!;
      explicit.previous = previousPeriod(periods[0]!.period!);
    } else if (a.to >= b.from) unsure.push('period');
    else {
      explicit.period = b;
      explicit.previous = a;
    }
  } else if (periods.length === 2) unsure.push('period');
  else if (periods.length === 1) {
    const span = periods[0]!;
    const before = analysis.normalized.lower.slice(0, span.start);
    if (mode === 'previous' && LEAD_IN.test(before)) {
      // "compared with yesterday": yesterday is the earlier period, the current one follows it (none after today:
      // "than last month, month to date" read as one span up to today leaves no period after it — asked)
      const after = nextPeriod(span.period!, analysis.today);
      if (after.from > after.to) unsure.push('period');
      else {
        explicit.previous = span.period!;
        explicit.period = after;
      }
    } else {
      explicit.period = span.period!;
      if (mode === 'previous') explicit.previous = setAgainst(span.period!, analysis.normalized.lower);
    }
  }
  return { explicit, defaults, unsure };
}

const isPeriod = (value: unknown): value is Period =>
  typeof value === 'object' && value !== null && typeof (value as Period).from === 'string';

/**
 * "跟上上周比呢", "环比呢", "compared with last month?", "再跟上上周比一下D线良率" after a quality figure or a
 * weekly report: that figure's line(s) and period against the period named (or the one before).
 */
function adopt(
  previous: { skill?: string | undefined; args?: Record<string, unknown> | undefined },
  analysis: Analysis,
): Record<string, unknown> | undefined {
  const args = previous.args ?? {};
  let period: Period | undefined;
  if (previous.skill === 'quality_metrics' && isPeriod(args.period)) period = args.period;
  else if (previous.skill === 'weekly_report' && typeof args.week_start === 'string')
    period = { from: args.week_start, to: addDays(args.week_start, 6) };
  if (!period) return undefined;
  const lower = analysis.normalized.lower;
  if (!(has(analysis, 'comparison') || SET_AGAINST.test(lower))) return undefined;
  if (analysis.periods.length > 1 || analysis.periods.some((span) => span.period === undefined)) return undefined;
  if (has(analysis, 'cause') || has(analysis, 'shift') || analysis.shifts.length > 0) return undefined;
  const lines =
    analysis.lines.lines.length > 0 ? analysis.lines.lines : Array.isArray(args.lines) ? (args.lines as string[]) : [];
  const named = analysis.periods[0]?.period;
  const [now, before] =
    named === undefined
      ? [period, previousPeriod(period)]
      : named.from < period.from
        ? [period, named]
        : [named, period];
  if (now.to >= before.from && now.from <= before.to) return undefined;
  // the figure asked now, else the one the earlier answer gave ("D线本月良率" then "跟上个月比呢": yield)
  const namedMetrics = comparedMetrics(analysis.metrics.metrics);
  const earlier = Array.isArray(args.metrics) ? comparedMetrics(args.metrics as string[]) : [];
  const metrics = namedMetrics.length > 0 ? namedMetrics : earlier;
  return {
    mode: 'previous',
    lines,
    ...(metrics.length > 0 ? { metrics } : {}),
    period: { from: now.from, to: now.to, ...(now.label ? { label: now.label } : {}) },
    previous: { from: before.from, to: before.to, ...(before.label ? { label: before.label } : {}) },
    ...(typeof args.shift === 'string' ? { shift: args.shift } : {}),
  };
}

export const qualityCompareRouting: SkillRouting = {
  skill: 'quality_compare',
  args: qualityCompareArgs,
  intents: [
    {
      name: 'compare',
      match(analysis) {
        const mode = modeOf(analysis);
        if (mode === undefined) return undefined;
        if (mode === 'mixed')
          return {
            kind: 'stop',
            reason:
              'the shifts against an earlier period, or a comparison by defect type: not a rule call, the model plans',
          };
        if (mode === 'why' && analysis.lines.lines.length !== 1)
          return { kind: 'skill', reason: 'why a line was bad: one line needed', missing: ['lines'] };
        return { kind: 'skill', reason: `quality compared (${mode})` };
      },
    },
  ],
  slots,
  adopt,
  // "and line B?", "上周呢？" after a comparison: the same comparison for line B, or for last week against the one before
  followUp: {
    adjust(args, context) {
      const named = context.slots.explicit.period as Period | undefined;
      if (named && context.slots.explicit.previous === undefined && args.mode === 'previous')
        args.previous = previousPeriod(named);
    },
  },
  required: ['period', 'mode'],
  cannotHonour: [
    'inspector',
    'batch',
    'product',
    'hour',
    'recorded_at',
    'records',
    'week_or_month',
    'ppm',
    'work_orders',
  ],
  honours: { shift: true, severalShifts: true, defectType: 'none', notRecorded: 'report', words: true, cause: true },
  understood: [
    // 和前一周比, 跟再前一个月比: the unit before the period asked (the comparison qualifier's own words)
    /(?:和|跟|与|同)\s*(?:再|之)?前\s*1?\s*个?\s*(?:天|日|周|星期|礼拜|月|年)(?=\s*(?:相)?比)/,
    /环比|同比|相比|对比|比较|变化|增长|上升|下降|增加|减少|涨|降|升|改善|恶化|好转|变差|变好|幅度|比(?!例|率)/,
    new RegExp(
      [
        String.raw`\bcompared?\b|\bagainst\b|\bvs\.?|\bversus\b|\bchanged?\b|\bincrease[ds]?\b`,
        String.raw`\bdecrease[ds]?\b|\bimprov(?:e|ed|ing|ement)\b|\bworsen(?:ed|ing)?\b|\bgrew\b`,
        String.raw`\bgrow(?:n|ing|th)?\b|\bwow\b|\bmom\b|\byoy\b|\byear[- ](?:over|on)[- ]year\b|\bprevious\b|\bprior\b|\bbefore\b`,
        String.raw`\b(?:go|goes|going|gone|went|come|comes|coming|came)\s+(?:back\s+)?(?:down|up)\b`,
        String.raw`\b(?:get|gets|getting|got|gotten)\s+(?:any\s+)?(?:better|worse)\b|\bbetter\s+or\s+worse\b|\b(?:rose|risen|fallen)\b`,
      ].join('|'),
    ),
    /班次|班组|各班|\bshifts?\b/,
    /为什么|为何|怎么回事|什么导致|原因|这么|那么|\bwhy\b|\bhow\s+come\b|\b(?:what\s+)?caus(?:e|es|ed)\b|\broot\s+cause\b|\bso\b/,
    /不好|很差|异常|糟糕?|\bpoor\b|\bterrible\b|\bspike[ds]?\b|\bdrop(?:ped)?\b|\bjump(?:ed)?\b/,
  ],
  examples: {
    zh: ['A线本周和上周比次品率', '本周哪个班次次品率最高？', '为什么B线上周三不良率高？'],
    en: [
      'Line A defect rate this week compared with last week',
      'Which shift was worst this week?',
      'Why was line B bad last Wednesday?',
    ],
  },
};
