/** current_datetime's data: the plant clock as the utils server reads it. */
import { z } from 'zod';
import { isoDay } from '../shared/output.js';

export const currentDatetimeOutput = z.looseObject({
  date: isoDay,
  time: z.string().regex(/^\d{2}:\d{2}/, 'a time as HH:MM'),
  datetime: z.string().min(1),
  weekday_en: z.string().min(1),
  weekday_zh: z.string().min(1),
  iso_week: z.number().int().min(1).max(53),
  iso_week_year: z.number().int(),
  timezone: z.string().min(1),
  utc_offset: z.string().regex(/^[+-]\d{2}:\d{2}$/, 'an offset as +HH:MM'),
});
