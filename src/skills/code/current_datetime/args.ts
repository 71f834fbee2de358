/** current_datetime takes no arguments. */
import { z } from 'zod';

export const currentDatetimeArgs = z.object({});
