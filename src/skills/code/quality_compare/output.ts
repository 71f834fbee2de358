/** quality_compare's data, by mode: against the previous period, the shifts ranked, or why a period was worse. */
import { z } from 'zod';
import {
  argumentsOut,
  figuresOut,
  futurePeriodOut,
  periodOut,
  refused,
  reversedPeriodOut,
  unknownLineOut,
  unknownShiftOut,
} from '../shared/output.js';

const base = { arguments: argumentsOut, error: z.undefined().optional(), period: periodOut };

const previous = z.looseObject({
  ...base,
  mode: z.literal('previous'),
  previous: periodOut,
  shift: z.string().nullable(),
  comparison: z.array(
    z.looseObject({
      line_id: z.string(),
      now: figuresOut,
      before: figuresOut,
      change_points: z.number().nullable(),
      change_percent: z.number().nullable(),
    }),
  ),
});

const shifts = z.looseObject({
  ...base,
  mode: z.literal('shifts'),
  empty: z.boolean(),
  shifts: z.array(z.looseObject({ shift: z.string() })),
  ranking: z.array(z.string()).optional(),
});

const why = z.looseObject({
  ...base,
  mode: z.literal('why'),
  baseline_period: periodOut,
  asked: figuresOut,
  baseline: figuresOut,
  empty: z.boolean(),
  no_baseline: z.boolean().optional(),
  expected_defective: z.number().optional(),
  excess_defective: z.number().optional(),
});

export const qualityCompareOutput = z.union([
  z.discriminatedUnion('mode', [previous, shifts, why]),
  z.discriminatedUnion('error', [
    unknownLineOut,
    futurePeriodOut,
    reversedPeriodOut,
    unknownShiftOut,
    refused('one_line_needed', {}),
  ]),
]);
