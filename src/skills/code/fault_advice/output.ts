/** fault_advice's data: the precedents (closed orders like the symptom) and the fixes ranked, or why none. */
import { z } from 'zod';
import { answered, refused, unknownLineOut, workOrderOut } from '../shared/output.js';

const resolutionOut = z.looseObject({
  resolution: z.string().min(1),
  score: z.number(),
  count: z.number().int().min(1),
  last_closed_at: z.string().nullable(),
  order_ids: z.array(z.number().int().min(1)).min(1),
});

const matchOut = z.looseObject({
  order_id: z.number().int().min(1),
  similarity: z.number(),
  equipment_id: z.string().nullable(),
  line_id: z.string(),
  title: z.string(),
  symptom: z.string(),
});

const advice = answered({
  equipment_id: z.string().nullable(),
  widened: z.boolean(),
  indexed_orders: z.number().int().min(0),
  similar_count: z.number().int().min(0),
  open_orders: z.array(workOrderOut),
  notes: z.array(z.string()),
  precedent: z.boolean(),
  resolutions: z.array(resolutionOut),
  matches: z.array(matchOut),
}).refine((data) => data.precedent === data.matches.length > 0, {
  message: 'precedent must say whether any similar order was found',
  path: ['precedent'],
});

export const faultAdviceOutput = z.union([
  advice,
  z.discriminatedUnion('error', [unknownLineOut, refused('unusable_symptom', { reason: z.string() })]),
]);
