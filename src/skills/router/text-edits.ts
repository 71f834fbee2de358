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
 * to the start of what it replaced, its last one to the replaced span's last
 * character, so `slice` over a rewritten word gives the operator's word.
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
    for (let k = 0; k < edit.replacement.length; k++) map.push(k === edit.replacement.length - 1 ? lastChar : first);
    text += edit.replacement;
    last = edit.end;
  }
  text += draft.text.slice(last);
  for (let k = last; k <= draft.text.length; k++) map.push(draft.map[k]!);
  return { text, map };
}
