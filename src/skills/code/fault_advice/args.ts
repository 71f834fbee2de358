/** fault_advice's arguments. */
import { z } from 'zod';
import { lineId } from '../../args.js';

export const faultAdviceArgs = z.object({
  symptom: z.string().min(1).describe('what was observed, e.g. "abnormal vibration" / "异常振动"'),
  equipment: z.string().optional(),
  line: lineId.optional(),
  limit: z.number().int().min(1).max(20).default(5),
});
export type FaultAdviceArgs = z.infer<typeof faultAdviceArgs>;
