/**
 * Whether a regular expression an administrator wrote (a mapping's skip_rows) can run away. JavaScript's
 * engine backtracks, and a match cannot be interrupted: `^(a+)+$` on a cell of 30 a's and a b ran past 60 s
 * and held the import (issue 29, N13). A pattern is refused, with the reason, when it has one of the
 * shapes that backtrack without bound:
 * - a repeated group (`*`, `+`, `{n,}` or `{n,m}` with m > 1) that holds a quantifier: `(a+)+`, `(\w+\s?)*`,
 *   `(a?){20}` — exponential;
 * - a repeated group that holds an alternation: `(a|a)*`, `(\d|\w)+` — exponential when the branches
 *   overlap;
 * - a back-reference (`\1`, `\k<name>`): matching one is NP-hard;
 * - more than two unbounded quantifiers (`.*a.*b.*c`): polynomial of a high degree;
 * - more than LIMITS.patternChars characters.
 * What is left is at worst cubic in the text, and skip_rows tests only the first LIMITS.skipRowsTestChars
 * characters of a cell (not-data.ts): a few million steps, milliseconds.
 * Ordinary patterns pass: `^(制表|审核|打印)`, `^TEST-`, `^\s*(合计|小计)\s*$`, `.*备注.*`.
 */
import { LIMITS } from './limits.js';

interface Frame {
  /** a quantifier somewhere inside */
  quantified: boolean;
  /** an alternation directly or somewhere inside */
  alternation: boolean;
}

/** Why the pattern could run away, or undefined when it cannot. `source` must compile with the u flag. */
export function runawayReason(source: string): string | undefined {
  if (source.length > LIMITS.patternChars)
    return `it is longer than ${LIMITS.patternChars} characters (${source.length})`;
  const frames: Frame[] = [{ quantified: false, alternation: false }];
  /** the atom a quantifier would apply to: a group's frame, or a plain atom (undefined) */
  let previous: Frame | 'atom' | undefined;
  let unbounded = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    const current = frames[frames.length - 1]!;
    if (char === '\\') {
      const next = source[index + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && source[index + 2] === '<'))
        return `it uses a back-reference (\\${next === 'k' ? 'k<…>' : next}), which can take exponential time`;
      // \p{…}, \u{…}: skip the braces; any other escape is one character
      if ((next === 'p' || next === 'P' || next === 'u') && source[index + 2] === '{')
        index = Math.max(source.indexOf('}', index + 2), index + 1);
      else index += 1;
      previous = 'atom';
      continue;
    }
    if (char === '[') {
      // a class: to its closing bracket (escapes inside skipped)
      let end = index + 1;
      if (source[end] === '^') end += 1;
      if (source[end] === ']') end += 1;
      while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
      index = end;
      previous = 'atom';
      continue;
    }
    if (char === '(') {
      frames.push({ quantified: false, alternation: false });
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>: the group's own syntax is not an atom
      if (source[index + 1] === '?') {
        const name = /^\?<[A-Za-z_$][\w$]*>/.exec(source.slice(index + 1));
        index += name ? name[0].length : source[index + 2] === '<' ? 3 : 2;
      }
      previous = undefined;
      continue;
    }
    if (char === ')') {
      const closed = frames.length > 1 ? frames.pop()! : current;
      const parent = frames[frames.length - 1]!;
      if (closed.quantified) parent.quantified = true;
      if (closed.alternation) parent.alternation = true;
      previous = closed;
      continue;
    }
    if (char === '|') {
      current.alternation = true;
      previous = undefined;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(source.slice(index));
    if (quantifier && previous !== undefined) {
      const [text, , comma, maxText] = quantifier;
      const max = comma === undefined ? Number(quantifier[1]) : maxText === '' ? Infinity : Number(maxText);
      const repeats = text === '*' || text === '+' || (text !== '?' && max > 1);
      const isUnbounded = text === '*' || text === '+' || max > 100;
      if (repeats && previous !== 'atom') {
        if (previous.quantified)
          return `a repeated group holds a quantifier (…)${text}: that can take exponential time on a long cell`;
        if (previous.alternation)
          return `a repeated group holds an alternation (…|…)${text}: that can take exponential time on a long cell`;
      }
      if (isUnbounded) unbounded += 1;
      current.quantified = true;
      index += text.length - 1;
      if (source[index + 1] === '?') index += 1; // lazy
      previous = undefined;
      continue;
    }
    previous = 'atom';
  }
  if (unbounded > 2) return `it has ${unbounded} unbounded quantifiers (* + {n,}): at most 2`;
  return undefined;
}
