/**
 * Dimensions and qualifiers a question can ask for that the rule-routed
 * skills cannot honour: quality_metrics and weekly_report aggregate whole
 * lines over whole days, so "which inspector…", "night-shift batches…",
 * "per product", "between 8 and 12 o'clock" or "by recorded_at" would get a
 * confident answer to a different question (the line's totals). When a
 * question names one of these, the router hands it to the model (which can
 * query quality_data by inspector, shift, batch_no, product, recorded_at).
 *
 * Matched on the lower-cased question with equipment blanked (see
 * analysis.ts), not on the period-masked text: "tonight" is a period AND a
 * time of day.
 */
import type { SkillName } from '../engine-types.js';

export type Dimension = 'inspector' | 'shift' | 'batch' | 'product' | 'hour' | 'recorded_at' | 'records' | 'week_or_month' | 'cause';

export interface Qualifier {
  dimension: Dimension;
  /** the words that named it, as found in the lower-cased question */
  words: string;
}

const RULES: Array<{ dimension: Dimension; pattern: RegExp }> = [
  {
    dimension: 'inspector',
    pattern: /检验员|检查员|质检员|检验人员|质检人员|检验人|质检人|操作员|操作工|员工|工人|谁|\binspectors?\b|\binspected\s+by\b|\bqc\s+(?:staff|persons?|people)\b|\boperators?\b|\bworkers?\b|\bemployees?\b|\bpersonnel\b|\bwho\b/,
  },
  {
    dimension: 'shift',
    pattern: /夜班|白班|早班|中班|晚班|大夜班|小夜班|班次|班组|倒班|\bshifts?\b|\bgraveyard\b/,
  },
  {
    dimension: 'batch',
    pattern: /批次|批号|批量号|\bbatch(?:es)?\b|\blot\s*(?:numbers?|nos?\b\.?|ids?\b|#)|\blots?\s+[a-z]?\d/,
  },
  {
    dimension: 'product',
    pattern: /产品|型号|料号|零件号|物料号|品种|\bproducts?\b|\bpart\s*(?:numbers?|nos?\b\.?|#)|\bskus?\b/,
  },
  {
    dimension: 'hour',
    pattern: /小时|几点|点钟|时段|时间段|\d+\s*[点时]|上午|下午(?!好)|晚上(?!好)|夜里|夜间|凌晨|早上(?!好)|中午(?!好)|傍晚|今晚|昨晚|\bhours?\b|\bhourly\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\bo'?clock\b|(?<!\bgood\s)\b(?:morning|afternoon|evening|night)s?\b|\btonight\b|\bovernight\b|\bmidnight\b|\bnoon\b/,
  },
  {
    dimension: 'recorded_at',
    pattern: /录入时间|记录时间|检验时间|时间戳|recorded_at|\brecorded\s+at\b|\brecord(?:ing)?\s+times?\b|\btimestamps?\b|\bwhen\s+(?:were|was)\s+\S+(?:\s+\S+)?\s+recorded\b/,
  },
  {
    // per week / per month breakdowns: quality_metrics gives totals or days only
    dimension: 'week_or_month',
    pattern: /每周|每1?个?星期|每1?个?礼拜|按周|逐周|分周|周度|每个?月|按月|逐月|分月|月度|\bweekly\b|\b(?:per|each|every|by)\s+(?:calendar\s+)?(?:week|month)\b|\bweek[- ](?:by|over)[- ]week\b|\bmonth[- ](?:by|over)[- ]month\b|\bmonthly\b/,
  },
  {
    // why a figure is what it is: the figures alone do not say (the model can look at incidents and work orders)
    dimension: 'cause',
    pattern: /为什么|为何|怎么回事|什么导致|\bwhy\b|\bhow\s+come\b|\bwhat\s+caused\b|\broot\s+cause\b/,
  },
  {
    dimension: 'records',
    pattern: /明细|逐条|每条记录|每一条|\brecords\b|\brows\b|\bentries\b/,
  },
];

/** Every dimension the question names, in rule order. */
export function findQualifiers(lower: string): Qualifier[] {
  const found: Qualifier[] = [];
  for (const rule of RULES) {
    const match = rule.pattern.exec(lower);
    if (match) found.push({ dimension: rule.dimension, words: match[0].trim() });
  }
  return found;
}

/** Skills that answer whole lines over whole days; anything finer is the model's. */
const CANNOT_HONOUR: Partial<Record<SkillName, Dimension[]>> = {
  quality_metrics: ['inspector', 'shift', 'batch', 'product', 'hour', 'recorded_at', 'records', 'week_or_month', 'cause'],
  weekly_report: ['inspector', 'shift', 'batch', 'product', 'hour', 'recorded_at', 'records', 'cause'],
};

/** The qualifiers of a question that `skill` would silently drop. */
export function qualifiersBeyond(skill: SkillName, qualifiers: Qualifier[]): Qualifier[] {
  const cannot = CANNOT_HONOUR[skill] ?? [];
  return qualifiers.filter((qualifier) => cannot.includes(qualifier.dimension));
}
