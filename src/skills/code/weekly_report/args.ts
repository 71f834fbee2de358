/** weekly_report's arguments. */
import { z } from 'zod';
import { isoDate, lineId } from '../../args.js';

export const weeklyReportArgs = z.object({
  /** Monday of the reported week; default: this week */
  week_start: isoDate.optional(),
  lines: z.array(lineId).default([]),
});
export type WeeklyReportArgs = z.infer<typeof weeklyReportArgs>;
