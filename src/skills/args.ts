/**
 * Arguments of the plant's shipped skills — shared by the rule router (which
 * fills them from a question) and the skills (which validate and run them).
 * Dates are plant-local 'YYYY-MM-DD'; periods are inclusive [from, to].
 */
import { z } from 'zod';

export const LINE_IDS = ['A', 'B', 'C', 'D'] as const;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const lineId = z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'a line id such as A');

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

export const weeklyReportArgs = z.object({
  /** Monday of the reported week; default: this week */
  week_start: isoDate.optional(),
  lines: z.array(lineId).default([]),
});
export type WeeklyReportArgs = z.infer<typeof weeklyReportArgs>;

export const equipmentStatusArgs = z.object({
  line: lineId.optional(),
  /** an equipment id (B-PRESS-03) or how the operator named it ('press 3', '3号冲压机') */
  equipment: z.string().optional(),
  overdue_only: z.boolean().default(false),
  /** only machines in this state ("which machines are in fault?") */
  status: z.enum(['running', 'idle', 'maintenance', 'fault']).optional(),
  /** maintenance falling due from today to this day ("due this week"), listed apart from what is overdue */
  due_by: isoDate.optional(),
});
export type EquipmentStatusArgs = z.infer<typeof equipmentStatusArgs>;

export const faultAdviceArgs = z.object({
  symptom: z.string().min(1).describe('what was observed, e.g. "abnormal vibration" / "异常振动"'),
  equipment: z.string().optional(),
  line: lineId.optional(),
  limit: z.number().int().min(1).max(20).default(5),
});
export type FaultAdviceArgs = z.infer<typeof faultAdviceArgs>;

export const oncallCheckArgs = z.object({
  /** only this priority; left out: all the engineer's open work orders */
  priority: z.enum(['P0', 'P1', 'P2', 'P3']).optional().describe('only open work orders of this priority; leave out for all of them'),
  /** an explicit day to check (2026-12-08, 12月25日), taken as it stands */
  date: isoDate.optional().describe('an explicit date the operator named, YYYY-MM-DD, checked as it stands'),
  /**
   * a day relative to the engineer's own today: 0 today, 1 tomorrow, -1
   * yesterday. Without date and day_offset: today = the engineer's local date
   * (which can differ from the plant's). Ignored when date is given.
   */
  day_offset: z.number().int().min(-7).max(7).optional().describe("relative day: 1 tomorrow, -1 yesterday, 0 today, counted from the engineer's own local date"),
});
export type OncallCheckArgs = z.infer<typeof oncallCheckArgs>;

export const documentSearchArgs = z.object({
  query: z.string().min(1),
  /** read this document (relative to docs.root) instead of searching */
  path: z.string().optional(),
});
export type DocumentSearchArgs = z.infer<typeof documentSearchArgs>;

export const currentDatetimeArgs = z.object({});
export const calculatorArgs = z.object({ expression: z.string().min(1).max(500) });

export const SKILL_ARGS = {
  quality_metrics: qualityMetricsArgs,
  weekly_report: weeklyReportArgs,
  equipment_status: equipmentStatusArgs,
  fault_advice: faultAdviceArgs,
  oncall_check: oncallCheckArgs,
  document_search: documentSearchArgs,
  current_datetime: currentDatetimeArgs,
  calculator: calculatorArgs,
} as const;
