/** public_holidays' data: the country asked, the days checked, the public holidays found. */
import { z } from 'zod';
import { isoDay } from '../shared/output.js';

const holiday = z.looseObject({
  date: isoDay,
  end_date: isoDay,
  name: z.string().min(1),
});

export const publicHolidaysOutput = z.looseObject({
  /** absent: no country named and none for the plant's time zone (the reply asks for one) */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  country_source: z.enum(['asked', 'plant_timezone']),
  from: isoDay,
  to: isoDay,
  is_holiday: z.boolean().optional(),
  holidays: z.array(holiday),
});
