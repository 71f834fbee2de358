/** quality_breakdown's data: the groups (inspectors, products or batches) with their figures, or an honest refusal. */
import { z } from 'zod';
import {
  answered,
  askedPeriodOut,
  futurePeriodOut,
  isoDay,
  percent,
  pieces,
  refused,
  reversedPeriodOut,
  unitOut,
  unknownLineOut,
  unknownShiftOut,
} from '../shared/output.js';

const groupOut = z
  .looseObject({
    key: z.string(),
    lines: z.array(z.string()),
    batches: z.number().int().min(1),
    inspected: pieces,
    defective: pieces,
    defect_rate: percent,
    yield: percent,
  })
  .refine((group) => group.defective <= group.inspected, {
    message: 'more defective pieces than inspected',
    path: ['defective'],
  });

const unknownNames = (code: 'unknown_inspector' | 'unknown_product') =>
  refused(code, {
    unknown_inspectors: z.array(z.string()),
    unknown_products: z.array(z.string()),
    inspectors: z.array(z.string()),
    products: z.array(z.string()),
  });

export const qualityBreakdownOutput = z.discriminatedUnion('error', [
  answered({
    by: z.enum(['inspector', 'product', 'batch']),
    shift: z.string().nullable(),
    inspectors: z.array(z.string()),
    products: z.array(z.string()),
    period: askedPeriodOut,
    today: isoDay,
    unit: unitOut,
    empty: z.boolean(),
    groups: z.array(groupOut),
  }),
  unknownLineOut,
  futurePeriodOut,
  reversedPeriodOut,
  unknownShiftOut,
  unknownNames('unknown_inspector'),
  unknownNames('unknown_product'),
]);
