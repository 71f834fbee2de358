/** document_search's data: the matching files and lines, or the document read, or why it could not be read. */
import { z } from 'zod';
import { answered, isoDay, refused } from '../shared/output.js';

const searched = answered({
  keywords: z.array(z.string()),
  files_searched: z.number().int().min(0),
  files: z.array(
    z.looseObject({
      path: z.string().min(1),
      filename_match: z.boolean(),
      terms: z.array(z.string()),
      matches: z.array(z.looseObject({ line: z.number().int().min(1), text: z.string() })),
    }),
  ),
});

const read = answered({
  path: z.string().min(1),
  encoding: z.string().min(1),
  total_chars: z.number().int().min(0),
  offset: z.number().int().min(0),
  returned_chars: z.number().int().min(0),
  truncated: z.boolean(),
  next_offset: z.number().int().min(0).nullable(),
});

/** a shift handover note asked by date and/or shift */
const handover = answered({
  handover: z.looseObject({ date: z.string().nullable(), shift: z.string().nullable() }),
  notes_found: z.number().int().min(0),
  listing_truncated: z.boolean(),
  matches: z.array(
    z.looseObject({
      path: z.string().min(1),
      date: isoDay,
      shift: z.string().nullable(),
      from: z.enum(['name', 'heading']),
    }),
  ),
});

/** a figure from a manual or SOP: the passages quoted, or why none holds it */
const passagesOut = {
  figure: z.array(z.string()),
  terms: z.array(z.string()),
  files_searched: z.number().int().min(0),
  files_matched: z.array(z.string()),
  passages: z.array(
    z.looseObject({
      path: z.string().min(1),
      title: z.string(),
      section: z.string(),
      line: z.number().int().min(1),
      text: z.string().min(1),
    }),
  ),
};
const figure = answered(passagesOut);

const unreadable = (code: 'missing' | 'unreadable') => refused(code, { reason: z.string().min(1), search: z.string() });

export const documentSearchOutput = z.union([
  searched,
  read,
  handover,
  figure,
  z.discriminatedUnion('error', [unreadable('missing'), unreadable('unreadable'), refused('no_figure', passagesOut)]),
]);
