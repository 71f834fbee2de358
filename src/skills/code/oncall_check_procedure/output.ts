/** oncall_check_procedure's data: one day's check (holiday, open issues, escalation) or a rota over a period. */
import { z } from 'zod';
import { answered, isoDay, periodOut, refused } from '../shared/output.js';

const issueOut = z.looseObject({ order_id: z.number().int().min(1), title: z.string(), priority: z.string() });
const engineerOut = z.looseObject({
  engineer_id: z.number().int(),
  name: z.string().min(1),
  login: z.string(),
  country_code: z.string().length(2),
});
const holidayOut = z.looseObject({ name: z.string().min(1) });

const oneDay = answered({
  escalation: z.boolean(),
  engineer: engineerOut,
  rotation: z.looseObject({ starts_at: z.string(), ends_at: z.string() }),
  checked_date: isoDay,
  date_source: z.enum(['asked', 'engineer_local_date']),
  day_offset: z.number().int().nullable(),
  is_holiday: z.boolean(),
  holidays: z.array(holidayOut),
  priority: z.string(),
  issues: z.array(issueOut),
}).refine((data) => data.escalation === (data.is_holiday && data.holidays.length > 0), {
  message: 'an escalation is due exactly when the day is a named public holiday',
  path: ['escalation'],
});

const rota = answered({
  period: periodOut,
  escalation: z.boolean(),
  priority: z.string(),
  days: z.array(
    z.looseObject({
      date: isoDay,
      weekday: z.string(),
      engineer: engineerOut.nullable(),
      country_code: z.string().nullable(),
      is_holiday: z.boolean(),
      holidays: z.array(holidayOut),
      nobody: z.string().optional(),
    }),
  ),
  issues: z.record(z.string(), z.array(issueOut)),
});

export const oncallCheckProcedureOutput = z.union([oneDay, rota, refused('no_oncall', { reason: z.string() })]);
