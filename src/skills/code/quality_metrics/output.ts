/** quality_metrics's data: every line's figures for the period asked (per day, by defect type when asked). */
import { z } from 'zod';
import {
  answered,
  askedPeriodOut,
  futurePeriodOut,
  isoDay,
  lineFiguresOut,
  percent,
  pieces,
  refused,
  reversedPeriodOut,
  unitOut,
  unknownLineOut,
  unknownShiftOut,
} from '../shared/output.js';

export const qualityMetricsOutput = z.discriminatedUnion('error', [
  answered({
    shift: z.string().nullable(),
    defect_type: z.string().nullable(),
    period: askedPeriodOut,
    today: isoDay,
    unit: unitOut,
    empty: z.boolean(),
    lines: z.array(lineFiguresOut).min(1),
    total: lineFiguresOut.optional(),
    by_day: z
      .array(
        z.looseObject({
          date: isoDay,
          line_id: z.string(),
          inspected: pieces,
          defective: pieces,
          defect_rate: percent,
        }),
      )
      .optional(),
    defect_types: z
      .array(
        z.looseObject({
          line_id: z.string(),
          defect_type: z.string(),
          name: z.string(),
          defective: pieces,
          share: percent,
        }),
      )
      .optional(),
    notes: z.array(z.string()).optional(),
    data_window: z.looseObject({ first: isoDay, last: isoDay }).nullable().optional(),
  }),
  unknownLineOut,
  futurePeriodOut,
  reversedPeriodOut,
  unknownShiftOut,
  refused('unknown_defect_type', { asked: z.string(), defect_types: z.array(z.string()) }),
]);
