/** batch_lookup's arguments: what the router fills and the skill validates. */
import { z } from 'zod';
import { lineId, periodSchema } from '../../args.js';

export const batchLookupArgs = z.object({
  /** batch numbers as the operator typed them (quality_data.batch_no; case does not matter) */
  batches: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a batch number: letters, digits, "-" and "_"'))
    .min(1)
    .max(20)
    .describe('batch numbers, e.g. ["B20261119D007"]'),
  /** a line the question also names: a batch of another line is said to be so */
  lines: z.array(lineId).default([]),
  /** a period the question also names: a batch inspected outside it is said to be so */
  period: periodSchema.optional(),
});
export type BatchLookupArgs = z.infer<typeof batchLookupArgs>;
