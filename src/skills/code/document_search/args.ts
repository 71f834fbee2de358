/** document_search's arguments. */
import { z } from 'zod';
import { isoDate } from '../../args.js';

export const documentSearchArgs = z.object({
  query: z.string().min(1),
  /** read this document (relative to docs.root) instead of searching */
  path: z.string().optional(),
  /**
   * the shift handover note of this plant date (a night shift is dated by the
   * evening it starts): found by the notes' file names and headings, never by
   * free text
   */
  handover_date: isoDate
    .optional()
    .describe('the shift handover note of this plant date, YYYY-MM-DD (a night shift: the evening it starts)'),
  /** the shift of the handover note; alone: the latest note of that shift */
  handover_shift: z
    .enum(['day', 'night', 'middle'])
    .optional()
    .describe('the shift of the handover note: day, night or middle; alone: the latest note of that shift'),
});
export type DocumentSearchArgs = z.infer<typeof documentSearchArgs>;
