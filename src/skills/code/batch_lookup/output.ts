/** batch_lookup's data: the batches found (with their defect types), and the nearest numbers to those not found. */
import { z } from 'zod';
import { argumentsOut, isoDay, percent, pieces, unitOut } from '../shared/output.js';

const batchOut = z
  .looseObject({
    batch_no: z.string().min(1),
    line_id: z.string().min(1),
    record_date: isoDay,
    shift: z.string(),
    product: z.string(),
    inspector: z.string(),
    inspected: pieces,
    defective: pieces,
    defect_rate: percent,
    records: z.number().int().min(1),
    recorded_at: z.string(),
    defect_types: z.array(z.looseObject({ defect_type: z.string(), name: z.string(), defective: pieces })),
  })
  .refine((batch) => batch.defective <= batch.inspected, {
    message: 'more defective pieces than inspected',
    path: ['defective'],
  });

export const batchLookupOutput = z.looseObject({
  arguments: argumentsOut,
  /** set when none of the batches asked for exists */
  error: z.literal('unknown_batch').optional(),
  batches: z.array(batchOut),
  not_found: z.array(z.string()),
  nearest: z.record(
    z.string(),
    z.array(z.looseObject({ batch_no: z.string(), line_id: z.string(), record_date: isoDay, shift: z.string() })),
  ),
  notes: z.array(z.string()),
  unit: unitOut,
});
