/** calculator's data: the expression and its exact result, or why it cannot be calculated. */
import { z } from 'zod';

export const calculatorOutput = z.union([
  z.looseObject({ expression: z.string().min(1), result: z.union([z.number(), z.string().min(1)]) }),
  z.looseObject({ expression: z.string(), error: z.string().min(1, 'the reason the expression cannot be calculated') }),
]);
