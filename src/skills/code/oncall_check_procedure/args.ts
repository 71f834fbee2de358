/** The on-call check's arguments (the Markdown skill oncall_check and its fallback take the same). */
import { z } from 'zod';
import { isoDate } from '../../args.js';

export const oncallCheckArgs = z.object({
  /** only this priority; left out: all the engineer's open work orders */
  priority: z
    .enum(['P0', 'P1', 'P2', 'P3'])
    .optional()
    .describe('only open work orders of this priority; leave out for all of them'),
  /** an explicit day to check (2026-12-08, 12月25日), taken as it stands */
  date: isoDate.optional().describe('an explicit date the operator named, YYYY-MM-DD, checked as it stands'),
  /**
   * a day relative to the engineer's own today: 0 today, 1 tomorrow, -1
   * yesterday. Without date and day_offset: today = the engineer's local date
   * (which can differ from the plant's). Ignored when date is given.
   */
  day_offset: z
    .number()
    .int()
    .min(-7)
    .max(7)
    .optional()
    .describe("relative day: 1 tomorrow, -1 yesterday, 0 today, counted from the engineer's own local date"),
});
export type OncallCheckArgs = z.infer<typeof oncallCheckArgs>;
