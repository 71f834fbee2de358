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
