/** work_orders' arguments: which work orders to count and list. */
import { z } from 'zod';
import { lineId, periodSchema } from '../../args.js';

export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;

export const workOrdersArgs = z.object({
  line: lineId.optional(),
  /** an equipment id (B-PRESS-03) or how the operator named it ('press 3', '3号冲压机', 'the presses') */
  equipment: z.string().min(1).max(80).optional(),
  /** what was observed ('vibration', '漏油'): matched through the bilingual symptom vocabulary */
  symptom: z.string().min(1).max(80).optional(),
  /** only these priorities; empty = every priority */
  priorities: z.array(z.enum(PRIORITIES)).default([]),
  /** only open or only closed orders; left out: both */
  status: z.enum(['open', 'closed']).optional(),
  /** the days the orders were opened in (or closed in, with dated_by: 'closed') */
  period: periodSchema.optional(),
  dated_by: z.enum(['opened', 'closed']).default('opened'),
  /** how many orders the table shows (the count is always of all of them) */
  limit: z.number().int().min(1).max(50).default(20),
  /** these orders by number ("WO 3012", "#2921") */
  order_ids: z.array(z.number().int().min(1)).max(20).default([]),
  /** the engineer the orders are assigned to, as the operator named them ("michael", 佐藤): matched to engineers */
  assignee: z.string().min(1).max(80).optional(),
  /** which orders the table shows first: the newest (default) or the oldest ("open the longest") */
  sort: z.enum(['newest', 'oldest']).default('newest'),
  /** counted per engineer ("which engineer closed the most") instead of listed */
  by: z.enum(['assignee']).optional(),
  /** the root cause and the fix of each order listed ("who fixed it", "root cause of the last crack ticket") */
  details: z.boolean().default(false),
});
export type WorkOrdersArgs = z.infer<typeof workOrdersArgs>;
