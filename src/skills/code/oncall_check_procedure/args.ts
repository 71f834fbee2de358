/** The on-call check's arguments (the Markdown skill oncall_check and its fallback take the same). */
import { z } from 'zod';
import { isoDate, periodSchema } from '../../args.js';
import { daysBetween } from '../../../clock.js';

/** the longest rota one answer lists: a month */
export const MAX_ROTA_DAYS = 31;

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
  /**
   * a range of days (a week, "week 48", the next 7 days): the rota table, one
   * row per day (who is on call at its noon, plant time, and whether that
   * date is a public holiday in their country). Overrides date and day_offset.
   */
  period: periodSchema
    .refine((period) => period.from <= period.to, {
      message: 'the period ends before it starts; give from ≤ to (YYYY-MM-DD), e.g. 2026-11-30 to 2026-12-06',
    })
    .refine((period) => period.from > period.to || daysBetween(period.from, period.to) < MAX_ROTA_DAYS, {
      message: `a rota lists at most ${MAX_ROTA_DAYS} days; ask for a week or a month, e.g. 2026-11-30 to 2026-12-06`,
    })
    .optional()
    .describe(
      'a range of days (a week): the rota table, each day with the engineer on call and whether it is a public ' +
        `holiday in their country; at most ${MAX_ROTA_DAYS} days`,
    ),
});
export type OncallCheckArgs = z.infer<typeof oncallCheckArgs>;
