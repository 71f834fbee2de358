/**
 * The argument vocabulary the router and the code skills share: periods,
 * line ids, dates, metric names. Each skill's own arguments schema lives in
 * its folder (src/skills/code/<name>/args.ts). Dates are plant-local
 * 'YYYY-MM-DD'; periods are inclusive [from, to].
 */
import { z } from 'zod';

export const LINE_IDS = ['A', 'B', 'C', 'D'] as const;
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
export const lineId = z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'a line id such as A');

export const periodSchema = z.object({
  from: isoDate.describe('first day, inclusive'),
  to: isoDate.describe('last day, inclusive'),
  /** how the operator said it, e.g. '上周三', 'last week' — echoed in the answer */
  label: z.string().optional(),
});
export type Period = z.infer<typeof periodSchema>;

export const METRICS = ['output', 'defect_rate', 'yield', 'defect_types'] as const;

/** what a ranking orders the lines by */
export const RANK_MEASURES = ['defect_rate', 'defects', 'output', 'yield'] as const;
export type RankMeasure = (typeof RANK_MEASURES)[number];
