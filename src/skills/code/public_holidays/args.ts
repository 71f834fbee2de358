/** public_holidays' arguments: a country (else the plant's own), and a day or a range of days. */
import { z } from 'zod';
import { isoDate, periodSchema } from '../../args.js';
import { daysBetween } from '../../../clock.js';

/** the longest range one answer lists: two years of holidays */
export const MAX_HOLIDAY_DAYS = 731;

export const publicHolidaysArgs = z.object({
  /** ISO 3166-1 alpha-2; left out: the plant's own country (from its time zone) */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code, two capital letters, e.g. CN, IT, US')
    .optional()
    .describe("the country, ISO 3166-1 alpha-2 (CN, IT, US, JP, DE, IN); leave out for the plant's own"),
  /** one day to check; without date and period: today (the plant's date) */
  date: isoDate.optional().describe('one day to check, YYYY-MM-DD; leave out (and period too) for today'),
  /** a range of days: the public holidays that fall in it */
  period: periodSchema
    .refine((period) => period.from <= period.to, {
      message: 'the period ends before it starts; give from ≤ to (YYYY-MM-DD), e.g. 2026-12-01 to 2026-12-31',
    })
    .refine((period) => period.from > period.to || daysBetween(period.from, period.to) < MAX_HOLIDAY_DAYS, {
      message: `at most ${MAX_HOLIDAY_DAYS} days at once; ask for a month or a year, e.g. 2027-01-01 to 2027-12-31`,
    })
    .optional()
    .describe('a range of days (a week, a month, a year): the public holidays in it; overrides date'),
});
export type PublicHolidaysArgs = z.infer<typeof publicHolidaysArgs>;
