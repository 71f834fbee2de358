/**
 * Rewriting a text while keeping where each character came from: the
 * normaliser's steps (normalize.ts, numerals.ts) rewrite the question and
 * still echo the operator's own words through the map.
 */

/** A text and where each of its characters came from in the original question. */
export interface Draft {
  text: string;
  map: number[];
}

export interface Edit {
  start: number;
  end: number;
  replacement: string;
}

/**
 * `draft` with non-overlapping edits applied. A replacement's characters map
 * to the start of what it replaced, its last one (of two or more) to the
 * replaced span's last character, so `slice` over a rewritten word gives the
 * operator's word.
 */
export function applyEdits(draft: Draft, edits: Edit[]): Draft {
  if (edits.length === 0) return draft;
  let text = '';
  const map: number[] = [];
  let last = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < last) continue;
    text += draft.text.slice(last, edit.start);
    for (let k = last; k < edit.start; k++) map.push(draft.map[k]!);
    const first = draft.map[edit.start]!;
    const lastChar = edit.end > edit.start ? draft.map[edit.end - 1]! : first;
    // one character standing for several words ("these couple of days" → "2"): it maps to their start, and `slice`
    // reaches their end through the character after it
    const n = edit.replacement.length;
    for (let k = 0; k < n; k++) map.push(k === n - 1 && n > 1 ? lastChar : first);
    text += edit.replacement;
    last = edit.end;
  }
  text += draft.text.slice(last);
  for (let k = last; k <= draft.text.length; k++) map.push(draft.map[k]!);
  return { text, map };
}

// ---- blanking steps (frames.ts, chat.ts): clause boundaries and the edits of a set of patterns ----

/** a clause boundary: the start or end of the question, or punctuation */
export const ZH_PUNCT = String.raw`，,。.；;：:！!？?、（）()~～…`;
export const ZH_START = String.raw`(?<=^|[${ZH_PUNCT}\s])`;
export const ZH_END = String.raw`(?=\s*(?:[${ZH_PUNCT}]|$))`;
export const EN_START = String.raw`(?<=^\s*|[,.;:!?()\-–—]\s*|\s[-–—]\s*)`;
export const EN_END = String.raw`(?=\s*(?:[,.;:!?()\-–—]|$))`;

/** every non-blank match of the patterns, as an edit that blanks it */
export function blankingEdits(patterns: RegExp[], text: string): Edit[] {
  const found: Edit[] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      if (match[0].trim().length === 0) continue;
      found.push({ start: match.index, end: match.index + match[0].length, replacement: ' ' });
    }
  }
  return found;
}

/** the edits in order, the earliest then the longest first; an overlap joins the one before it */
export function mergedEdits(found: Edit[]): Edit[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  for (const edit of found) {
    const previous = kept[kept.length - 1];
    if (previous && edit.start < previous.end) {
      if (edit.end > previous.end) previous.end = edit.end;
      continue;
    }
    kept.push({ ...edit });
  }
  return kept;
}

/** whether a letter or a digit is left once the edits are blanked */
export function leavesContent(text: string, edits: Edit[]): boolean {
  let rest = text;
  for (const edit of [...edits].reverse()) rest = rest.slice(0, edit.start) + ' ' + rest.slice(edit.end);
  return /[\p{L}\p{N}]/u.test(rest);
}
