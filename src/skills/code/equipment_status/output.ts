/** equipment_status's data: one machine with its open orders, a list (with what is due or overdue), or none found. */
import { z } from 'zod';
import { argumentsOut, isoDay, unknownLineOut, workOrderOut } from '../shared/output.js';

const viewOut = z.looseObject({
  equipment_id: z.string().min(1),
  line_id: z.string().min(1),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  last_maintenance: z.string().nullable(),
  next_maintenance: z.string().nullable(),
  days_until_due: z.number().int().nullable(),
  maintenance_overdue: z.boolean(),
});

const base = { arguments: argumentsOut, error: z.undefined().optional(), today: isoDay };
const answer = z.discriminatedUnion('resolved', [
  z.looseObject({
    ...base,
    resolved: z.literal('one'),
    equipment: z.array(viewOut).length(1),
    open_orders: z.array(workOrderOut),
  }),
  z.looseObject({
    ...base,
    resolved: z.literal('ambiguous'),
    candidates: z.array(z.string()).min(2),
    equipment: z.array(viewOut),
  }),
  // no machine matches: named as unknown_equipment (the honest reply), with the machines there are
  z.looseObject({
    ...base,
    error: z.literal('unknown_equipment').optional(),
    resolved: z.literal('none'),
    known_equipment: z.array(z.string()),
  }),
  z.looseObject({
    ...base,
    resolved: z.literal('list'),
    equipment: z.array(viewOut),
    overdue: z.array(z.string()),
    due: z.array(z.string()).optional(),
    due_by: isoDay.optional(),
  }),
]);

export const equipmentStatusOutput = z.union([answer, unknownLineOut]);
