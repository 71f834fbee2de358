/** equipment_status' arguments. */
import { z } from 'zod';
import { isoDate, lineId } from '../../args.js';

export const equipmentStatusArgs = z.object({
  line: lineId.optional(),
  /** an equipment id (B-PRESS-03) or how the operator named it ('press 3', '3号冲压机') */
  equipment: z.string().optional(),
  overdue_only: z.boolean().default(false),
  /** only machines in this state ("which machines are in fault?") */
  status: z.enum(['running', 'idle', 'maintenance', 'fault']).optional(),
  /** maintenance falling due from today to this day ("due this week"), listed apart from what is overdue */
  due_by: isoDate.optional(),
});
export type EquipmentStatusArgs = z.infer<typeof equipmentStatusArgs>;
