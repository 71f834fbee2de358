/** calculator's arguments. */
import { z } from 'zod';

export const calculatorArgs = z.object({ expression: z.string().min(1).max(500) });
