/** quality_breakdown's arguments: what the router fills and the skill validates. */
import { z } from 'zod';
import { RANK_MEASURES, lineId, periodSchema } from '../../args.js';

export const BREAKDOWNS = ['inspector', 'product', 'batch'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export const qualityBreakdownArgs = z.object({
  /**
   * one row per inspector, product or batch (the worst batches first, ten at most); absent: the named
   * inspectors or products, one row each
   */
  by: z.enum(BREAKDOWNS).optional(),
  /** only these inspectors (quality_data.inspector, as the data or the operator writes them) */
  inspectors: z.array(z.string().min(1).max(60)).max(20).default([]),
  /** only these products: the stored name, the English name or the code ('HG-220') */
  products: z.array(z.string().min(1).max(80)).max(20).default([]),
  lines: z.array(lineId).default([]).describe('line ids; empty = every line'),
  period: periodSchema,
  /** only this shift, as quality_data.shift stores it ('day', 'night'); a shift the data lacks is said not to exist */
  shift: z.string().min(1).max(40).optional(),
  /** who or what ranks first: the worst (highest defect rate, most defects, lowest output or yield) or the best */
  rank: z.enum(['worst', 'best']).optional(),
  rank_by: z.enum(RANK_MEASURES).optional(),
  /** how many batches a breakdown by batch lists ("the 5 worst batches"); default 10 */
  top: z.number().int().min(1).max(50).optional(),
});
export type QualityBreakdownArgs = z.infer<typeof qualityBreakdownArgs>;
