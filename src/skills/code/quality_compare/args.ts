/** quality_compare's arguments: what the router fills and the skill validates. */
import { z } from 'zod';
import { lineId, periodSchema } from '../../args.js';

export const COMPARE_MODES = ['previous', 'shifts', 'why'] as const;
/** the figures a comparison with the period before sets against each other */
export const COMPARED_METRICS = ['defect_rate', 'output', 'yield'] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

export const qualityCompareArgs = z.object({
  /**
   * previous: the period against the one before it (or `previous` when named);
   * shifts: the shifts ranked by defect rate; why: what carried a line's excess
   * defects against its baseline (the 28 days before the period)
   */
  mode: z.enum(COMPARE_MODES),
  lines: z.array(lineId).default([]).describe('line ids; empty = the whole plant'),
  period: periodSchema,
  /** previous mode: the earlier period the question names ("本周和上周比": last week); default the one before */
  previous: periodSchema.optional(),
  /**
   * previous mode: the figures asked ("产量环比": output; "yield this week vs last": yield), each set against the
   * earlier period; default the defect rate
   */
  metrics: z.array(z.enum(COMPARED_METRICS)).min(1).max(3).optional(),
  /** only this shift, as quality_data.shift stores it ('day', 'night') */
  shift: z.string().min(1).max(40).optional(),
});
export type QualityCompareArgs = z.infer<typeof qualityCompareArgs>;
