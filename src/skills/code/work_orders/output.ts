/** work_orders's data: the matching orders counted (open + closed = total, by priority) and the newest listed. */
import { z } from 'zod';
import { answered, futurePeriodOut, isoDay, refused, reversedPeriodOut, unknownLineOut } from '../shared/output.js';

const count = z.number().int().min(0);

const listed = answered({
  today: isoDay,
  equipment: z.array(z.string()),
  symptom_concepts: z.array(z.string()),
  total: count,
  open: count,
  closed: count,
  by_priority: z.record(z.string(), count),
  shown: count,
  orders: z.array(
    z.looseObject({
      order_id: z.number().int().min(1),
      equipment_id: z.string(),
      line_id: z.string(),
      priority: z.string(),
      status: z.string(),
      title: z.string(),
      opened_at: z.string(),
    }),
  ),
})
  .refine((data) => data.open + data.closed === data.total, {
    message: 'open + closed must equal total',
    path: ['total'],
  })
  .refine((data) => data.shown === data.orders.length && data.shown <= data.total, {
    message: 'shown must count the orders listed, at most the total',
    path: ['shown'],
  });

/** counted per engineer ("which engineer closed the most last month"): every matching order counted once */
const perAssignee = answered({
  today: isoDay,
  by: z.literal('assignee'),
  assignees: z.array(z.looseObject({ orders: count })),
  total: count,
}).refine((data) => data.assignees.reduce((sum, entry) => sum + entry.orders, 0) === data.total, {
  message: 'the per-engineer counts must add up to the total',
  path: ['total'],
});

export const workOrdersOutput = z.union([
  perAssignee,
  listed,
  z.discriminatedUnion('error', [
    unknownLineOut,
    futurePeriodOut,
    reversedPeriodOut,
    refused('ambiguous_equipment', { candidates: z.array(z.string()).min(2) }),
    refused('unknown_equipment', { known_equipment: z.array(z.string()) }),
    refused('unknown_symptom', { known_symptoms: z.array(z.string()) }),
    // an engineer the data does not have (the nearest names), or words that fit several
    refused('unknown_person', { candidates: z.array(z.string()) }),
    refused('ambiguous_person', { candidates: z.array(z.string()).min(2) }),
    // an order number the data does not have: said so, no other order given instead
    refused('unknown_order', { missing_orders: z.array(z.number().int()).min(1), total: z.literal(0) }),
  ]),
]);
