/** weekly_report's data: each line's week against the week before, its worst day and top defect types. */
import { z } from 'zod';
import { answered, futurePeriodOut, isoDay, percent, pieces, unitOut, unknownLineOut } from '../shared/output.js';

const weekOut = z
  .looseObject({
    from: isoDay,
    to: isoDay,
    inspected: pieces,
    defective: pieces,
    batches: pieces,
    defect_rate: percent.nullable(),
  })
  .refine((week) => week.defective <= week.inspected, {
    message: 'more defective pieces than inspected',
    path: ['defective'],
  });
const dayOut = z.looseObject({ date: isoDay, inspected: pieces, defective: pieces, defect_rate: percent });

const lineReportOut = z.looseObject({
  line_id: z.string().min(1),
  name: z.string(),
  this_week: weekOut,
  last_week: weekOut,
  defect_rate_change: z.number().nullable(),
  top_defect_types: z.array(
    z.looseObject({ defect_type: z.string(), name: z.string(), defective: pieces, share: percent }),
  ),
  worst_day: dayOut.nullable(),
  days: z.array(dayOut),
});

export const weeklyReportOutput = z.discriminatedUnion('error', [
  answered({
    today: isoDay,
    this_week: z.looseObject({ from: isoDay, to: isoDay, days: z.number().int().min(1).max(7) }),
    last_week: z.looseObject({ from: isoDay, to: isoDay, days: z.literal(7) }),
    unit: unitOut,
    empty: z.boolean(),
    lines: z.array(lineReportOut).optional(),
    notes: z.array(z.string()).optional(),
    data_window: z.looseObject({ first: isoDay, last: isoDay }).nullable().optional(),
  }),
  unknownLineOut,
  futurePeriodOut,
]);
