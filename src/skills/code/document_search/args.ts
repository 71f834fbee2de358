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
  /**
   * a figure asked of a manual or SOP (a torque, an interval, a limit …): the passage that holds it is quoted with its
   * document and section, never fault advice; `terms` are the subject's words searched (both languages)
   */
  figure: z
    .array(
      z.enum([
        'torque',
        'interval',
        'amount',
        'clearance',
        'temperature',
        'pressure',
        'setting',
        'size',
        'limit',
        'meaning',
      ]),
    )
    .optional()
    .describe('the kinds of figure asked of a manual or SOP: the sentence holding it is quoted'),
  terms: z
    .array(z.string().min(1))
    .optional()
    .describe('the subject words to search for a figure, e.g. ["地脚螺栓", "anchor bolt"]'),
  /** who handed over or took over: the names the note gives lead the answer (or it says the note names nobody) */
  handover_who: z
    .boolean()
    .optional()
    .describe('true: the question asks who handed over or took over; the names the note gives lead the answer'),
});
export type DocumentSearchArgs = z.infer<typeof documentSearchArgs>;
