/** document_search's arguments. */
import { z } from 'zod';

export const documentSearchArgs = z.object({
  query: z.string().min(1),
  /** read this document (relative to docs.root) instead of searching */
  path: z.string().optional(),
});
export type DocumentSearchArgs = z.infer<typeof documentSearchArgs>;
