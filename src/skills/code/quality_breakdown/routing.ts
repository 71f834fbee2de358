/**
 * How the rules route a question to quality_breakdown: a quality figure
 * asked per inspector, product or batch ("本周各检验员的不良率", "defect rate
 * by product this month", "A线昨天哪些批次不良最多"), or for named ones
 * ("how many pieces did 王芳 inspect last week", "HG-220 defect rate this
 * month"). The inspectors and products are the plant's own (entities.ts,
 * loaded from plant.db); operators, workers and "who" alone are not
 * inspectors, so those questions stay with the honest reply.
 */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { hasMetric, singlePeriod } from '../../router/signals.js';
import { BEST, HIGH, LOW, WORST } from '../../router/slots.js';
import { qualityBreakdownArgs, type Breakdown } from './args.js';

const INSPECTOR_WORDS =
  /检验员|检查员|质检员|检验人员|质检人员|检验人|质检人|\binspectors?\b|\binspected\s+by\b|\bqc\s+(?:staff|persons?|people)\b/;
const PRODUCT_WORDS =
  /产品|型号|料号|零件号|物料号|品种|\bproducts?\b|\bmodels?\b|\bskus?\b|\bpart\s*(?:numbers?|nos?\b)/;
const BATCH_WORDS = /批次|批号|\bbatch(?:es)?\b|\blots\b|\blot\s*(?:numbers?|nos?\b)/;
/** the verb of inspecting: "how many pieces did 王芳 inspect", "谁检验的最多" */
const INSPECT_VERB = /检验了|检了|检验的|检验过|检查了|抽检了|\binspect(?:ed|s|ing)?\b|\bchecked\b/;
const WHO = /谁|\bwho\b/;
const COUNTING = /多少|几[件个批]|\bhow\s+many\b|\bhow\s+much\b|\bcount\b|\bnumber\s+of\b/;
/** one of them picked out: which inspector, 哪个产品, who, the top */
const PICK =
  /哪(?:1|一)?(?:个|位|名|些|种|款|批|类)|谁|\bwhich\b|\bwho\b|排名|排行|排序|\brank(?:ing|ed)?\b|\btop\b|最|\b(?:most|least|fewest|highest|lowest|worst|best)\b/;

/** "the 5 worst batches", "top 3", "前5个批次" */
const TOP_N = new RegExp(
  String.raw`\btop\s+(\d{1,2})\b|\b(\d{1,2})\s+(?:worst|best|highest|lowest)\b|前\s*(\d{1,2})\s*(?:个|名|批)|(\d{1,2})\s*个(?=批次)` +
    String.raw`|\b(?:worst|best|highest|lowest)\s+(\d{1,2})\b` +
    // 只看D线，前三: the first N said alone at the end of a clause
    String.raw`|(?<![\u4e00-\u9fff\d])前\s*(\d{1,2})(?=\s*(?:[，,。.？?！!；;]|$))`,
);

const WHO_HIGH = /(?:谁|哪(?:1|一)?(?:个|位|名))[^，,。?？!！]{0,12}?(?:高|多|大)/;
const WHO_LOW = /(?:谁|哪(?:1|一)?(?:个|位|名))[^，,。?？!！]{0,12}?(?:低|少|小)/;

function rankOf(analysis: Analysis): 'worst' | 'best' | undefined {
  const lower = analysis.normalized.lower;
  if (!PICK.test(lower)) return undefined;
  if (WORST.test(lower)) return 'worst';
  if (BEST.test(lower)) return 'best';
  const measure = analysis.rankBy;
  const badWhenHigh = measure === undefined || measure === 'defect_rate' || measure === 'defects';
  if (HIGH.test(lower)) return badWhenHigh ? 'worst' : 'best';
  if (LOW.test(lower)) return badWhenHigh ? 'best' : 'worst';
  // one of the named picked by a plain adjective: 杨静和黄敏谁的不良率高, 哪个检验员的良率低
  if (WHO_HIGH.test(lower)) return badWhenHigh ? 'worst' : 'best';
  if (WHO_LOW.test(lower)) return badWhenHigh ? 'best' : 'worst';
  return /排名|排行|排序|\brank/.test(lower) ? 'worst' : undefined;
}

/** what the rows are: the dimension asked for whose members are not named */
function breakdownOf(analysis: Analysis): { by?: Breakdown; unsure: boolean } {
  const lower = analysis.normalized.lower;
  const asked: Breakdown[] = [];
  const inspectorAsked =
    (INSPECTOR_WORDS.test(lower) || (WHO.test(lower) && INSPECT_VERB.test(lower))) && analysis.inspectors.length === 0;
  if (inspectorAsked) asked.push('inspector');
  if (PRODUCT_WORDS.test(lower) && analysis.products.length === 0) asked.push('product');
  if (BATCH_WORDS.test(lower) && analysis.batches.length === 0) asked.push('batch');
  if (asked.length > 1) return { unsure: true };
  return { by: asked[0], unsure: false };
}

/** batches counted ("how many night-shift batches", "几个批次"): a count, not the worst batches listed */
const BATCHES_COUNTED =
  /\bhow\s+many\s+(?:[a-z-]+\s+){0,3}(?:batch(?:es)?|lots)\b|\bnumber\s+of\s+(?:batch(?:es)?|lots)\b|(?<!最[\u4e00-\u9fff]{0,3}的?\s*)(?:多少|几)个?批/;

/** a breakdown asked in so many words: "inspector breakdown", "split by product", "按检验员分一下" */
const BREAKDOWN_ASKED =
  /\bbreak\s*downs?\b|\bbroken\s+down\b|\bsplit\b|\b(?:by|per|each)\s+(?:inspector|product|batch)s?\b|按(?:检验员|产品|批次)|分(?:检验员|产品|批次)|各(?:个)?(?:检验员|产品|批次)/;

/** the question is about inspectors, products or batches of the data, and asks a figure */
function claims(analysis: Analysis): boolean {
  if (analysis.equipment !== undefined || analysis.batches.length > 0) return false;
  const lower = analysis.normalized.lower;
  if (BATCHES_COUNTED.test(lower)) return false;
  // operators, workers, "who" without inspecting: not the inspectors the data records
  const person = analysis.qualifiers.some((qualifier) => qualifier.dimension === 'inspector');
  const inspectorMeant =
    INSPECTOR_WORDS.test(lower) || analysis.inspectors.length > 0 || (WHO.test(lower) && INSPECT_VERB.test(lower));
  if (person && !inspectorMeant) return false;
  const named = analysis.inspectors.length > 0 || analysis.products.length > 0;
  const { by, unsure } = breakdownOf(analysis);
  if (!named && by === undefined && !unsure) return false;
  return (
    hasMetric(analysis) ||
    analysis.metrics.general ||
    INSPECT_VERB.test(lower) ||
    COUNTING.test(lower) ||
    rankOf(analysis) !== undefined ||
    (by !== undefined && BREAKDOWN_ASKED.test(lower) && analysis.periods.length > 0)
  );
}

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = { lines: [], inspectors: [], products: [] };
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  if (period) explicit.period = period;
  if (periodUnsure) unsure.push('period');
  const { by, unsure: byUnsure } = breakdownOf(analysis);
  if (by) explicit.by = by;
  if (byUnsure) unsure.push('by');
  if (analysis.inspectors.length > 0)
    explicit.inspectors = [...new Set(analysis.inspectors.map((entry) => entry.value))];
  if (analysis.products.length > 0) explicit.products = [...new Set(analysis.products.map((entry) => entry.value))];
  if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
  else if (analysis.lines.all) explicit.lines = [];
  if (analysis.shifts.length === 1) explicit.shift = analysis.shifts[0]!.shift;
  const rank = rankOf(analysis);
  if (rank) explicit.rank = rank;
  if (rank && analysis.rankBy) explicit.rank_by = analysis.rankBy;
  const top = TOP_N.exec(analysis.normalized.lower);
  if (top && by === 'batch') explicit.top = Number(top[1] ?? top[2] ?? top[3] ?? top[4] ?? top[5] ?? top[6]);
  return { explicit, defaults, unsure };
}

export const qualityBreakdownRouting: SkillRouting = {
  skill: 'quality_breakdown',
  args: qualityBreakdownArgs,
  intents: [
    {
      name: 'breakdown',
      match(analysis) {
        if (!claims(analysis)) return undefined;
        if (
          analysis.metrics.metrics.length > 0 &&
          analysis.metrics.metrics.every((metric) => metric === 'defect_types')
        )
          return { kind: 'stop', reason: 'defect types per inspector or product: the model plans the query' };
        const named = [...analysis.inspectors, ...analysis.products].map((entry) => entry.value);
        const { by } = breakdownOf(analysis);
        return {
          kind: 'skill',
          reason: `quality figures ${by ? `by ${by}` : ''}${named.length > 0 ? ` for ${named.join(', ')}` : ''}`.trim(),
        };
      },
    },
  ],
  slots,
  required: ['period'],
  cannotHonour: ['hour', 'recorded_at', 'records', 'week_or_month', 'cause', 'comparison', 'ppm', 'work_orders'],
  honours: { shift: true, defectType: 'none', notRecorded: 'report', words: true, names: ['inspector', 'product'] },
  understood: [
    // the count before its batch word ("最差的3个批次"), before the batch word is blanked
    TOP_N,
    INSPECTOR_WORDS,
    PRODUCT_WORDS,
    BATCH_WORDS,
    INSPECT_VERB,
    /检验|检查|检出|发现|抽检|\binspect(?:ion|ions)?\b|\bfound\b|\bfind\b|\brecorded\b/,
    /谁|\bwho\b|哪位|哪名|哪款|哪种|哪类|每位|每个|各位|\bpeople\b/,
    BREAKDOWN_ASKED,
  ],
  followUp: {},
  examples: {
    zh: ['本周各检验员的不良率', '上周哪个检验员的不良率最高？', '本月各产品的不良率'],
    en: [
      'Defect rate by inspector on line A this week',
      'Which inspector had the highest defect rate last week?',
      'Defect rate of product HG-220 this month',
    ],
  },
};
