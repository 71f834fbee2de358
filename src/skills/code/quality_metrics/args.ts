/** quality_metrics' arguments: what the router fills and the skill validates. */
import { z } from 'zod';
import { RANK_MEASURES, METRICS, lineId, periodSchema } from '../../args.js';

export const qualityMetricsArgs = z.object({
  lines: z.array(lineId).default([]).describe('line ids; empty = every line'),
  period: periodSchema,
  metrics: z.array(z.enum(METRICS)).min(1).default(['output', 'defect_rate', 'yield']),
  /** rank the lines: "which line was worst last week?" */
  rank: z.enum(['worst', 'best']).optional(),
  /**
   * what the ranking orders by: defect_rate (percent), defects (defective
   * pieces: "which line produced the most defects?"), output (inspected
   * pieces), yield. Worst = most defects / highest rate / lowest output or
   * yield. Default: output when output is the only metric, else defect_rate.
   */
  rank_by: z.enum(RANK_MEASURES).optional(),
  /**
   * which lines pass a threshold ("lines above 2% defect rate", "any line under 99% yield", "did NOT hit 98%
   * yield"): every line's figures are shown, and the lines that meet the condition are named first
   */
  threshold: z
    .object({
      measure: z.enum(['defect_rate', 'yield']),
      op: z.enum(['above', 'below', 'at_least', 'at_most']),
      value: z.number().min(0).max(100),
    })
    .optional()
    .describe('a percent threshold on defect_rate or yield: the lines above / below it are named'),
  /**
   * which day was worst or best ("上周哪天最差", "which day last week was the worst for line D"): with by_day,
   * the days ranked by the measure (rank_by, as for lines), the lines asked summed per day
   */
  day_rank: z.enum(['worst', 'best']).optional(),
  /** per-day breakdown inside the period */
  by_day: z.boolean().default(false),
  /** only this shift, as quality_data.shift stores it ('day', 'night'); a shift the data lacks is said not to exist */
  shift: z.string().min(1).max(40).optional(),
  /**
   * only this defect type: a defect_types code ('scratch') or how the operator
   * said it ('划痕', 'scratches'); the answer gives its pieces, its rate of the
   * output and its share of all defective pieces
   */
  defect_type: z.string().min(1).max(60).optional(),
});
export type QualityMetricsArgs = z.infer<typeof qualityMetricsArgs>;
