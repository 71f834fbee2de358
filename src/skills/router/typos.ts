/**
 * Typo tolerance that maps a near-miss ONLY onto a lexicon word (issue 27):
 * - a Latin word no rule and no common-word list knows, within one edit of a
 *   lexicon word (two from eight letters on), same first letter, one best
 *   candidate: "yeild" → yield, "defct" → defect, "linee" → line;
 * - a Chinese run that differs from a lexicon word in one character of the
 *   same sound (toneless pinyin, pinyin-table.ts): "次品律" → 次品率,
 *   "产两" → 产量. Question and function characters (几 哪 多 的 …) and
 *   numerals are never replaced: "几台" is "how many", not 机台.
 * Anything further is left as typed, and the word accounting names it.
 */
import { COMMON_EN, COMMON_ZH, LEXICON, SYNONYMS } from './lexicon.js';
import { HOMOPHONES } from './pinyin-table.js';

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped at `max` + 1. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

const LATIN_WORD = /^[a-z][a-z']*$/;

function latinTokens(words: string[]): string[] {
  return words.flatMap((word) => word.toLowerCase().split(/[\s-]+/)).filter((token) => LATIN_WORD.test(token));
}

/** words of the lexicon too common to be a typo's target ("time" is no typo of "tame") */
const NOT_TARGETS = new Set([
  'first',
  'pass',
  'time',
  'this',
  'last',
  'call',
  'every',
  'system',
  'center',
  'types',
  'work',
  'order',
  'what',
]);

/** the English words a typo may become: every single word of the lexicon (four letters or more) */
export const LATIN_TARGETS: string[] = [...new Set(latinTokens(LEXICON.flatMap((entry) => entry.en)))].filter(
  (token) => token.length >= 4 && !NOT_TARGETS.has(token),
);

const KNOWN_LATIN = new Set([
  ...COMMON_EN,
  ...latinTokens(LEXICON.flatMap((entry) => entry.en)),
  ...latinTokens(SYNONYMS.flatMap((synonym) => synonym.words ?? [])),
]);

/** Whether the word is one the router or everyday English knows (so it is never "corrected"). */
export function knownLatin(word: string): boolean {
  return KNOWN_LATIN.has(word);
}

/**
 * The kind of the one edit between a typed word and a target: a letter left out ("defct"), one
 * too many ("linee"), two swapped ("yeild"), or one replaced; undefined when more than one.
 */
function oneEdit(
  typed: string,
  target: string,
): 'deletion' | 'insertion' | 'transposition' | 'substitution' | undefined {
  if (editDistance(typed, target, 1) !== 1) return undefined;
  if (typed.length < target.length) return 'deletion';
  if (typed.length > target.length) return 'insertion';
  const differing = [...typed].filter((char, k) => char !== target[k]).length;
  return differing === 2 ? 'transposition' : 'substitution';
}

/** the word is a known word with an inflection (shifts, lined, checking, batches) */
export function inflectionOfKnown(word: string): boolean {
  const stems: string[] = [];
  if (word.endsWith("'s")) stems.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) stems.push(word.slice(0, -1));
  if (/(?:s|x|z|ch|sh)es$/.test(word)) stems.push(word.slice(0, -2));
  if (word.endsWith('ed')) stems.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) stems.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (/(?:ly|er)$/.test(word)) stems.push(word.slice(0, -2));
  return stems.some((stem) => stem.length >= 4 && KNOWN_LATIN.has(stem));
}

/**
 * The lexicon word an unknown Latin word is a typo of, or undefined (known, too short, too far, or
 * two candidates equally near). One edit, the same first letter; a replaced letter only from six
 * letters on — a short word one letter away from a lexicon word is usually another word (race, weak).
 */
export function latinCorrection(word: string): string | undefined {
  if (word.length < 4 || !LATIN_WORD.test(word) || KNOWN_LATIN.has(word)) return undefined;
  // an inflection of a known word is no typo: nights, shifts, lined, checking, batches (but "defectss" is a slip)
  if (inflectionOfKnown(word)) return undefined;
  const candidates = LATIN_TARGETS.filter((target) => {
    if (target[0] !== word[0]) return false;
    const edit = oneEdit(word, target);
    return edit !== undefined && (edit !== 'substitution' || word.length >= 6);
  });
  // two letters swapped is a slip of the fingers even onto a common word ("wrok orders", "waht"): the few real
  // words two swapped letters away from these ("centre") mean the same, and known words are never corrected above
  for (const target of NOT_TARGETS) {
    if (target.length >= 4 && target[0] === word[0] && oneEdit(word, target) === 'transposition')
      candidates.push(target);
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

// ---- Chinese: same sound -------------------------------------------------------------------

const SYLLABLES = new Map<string, Set<string>>();
for (const [syllable, characters] of Object.entries(HOMOPHONES)) {
  for (const character of characters) {
    let found = SYLLABLES.get(character);
    if (!found) SYLLABLES.set(character, (found = new Set()));
    found.add(syllable);
  }
}

/** toneless syllables of a character, as far as the table knows it (lexicon characters and their homophones) */
export function syllablesOf(character: string): ReadonlySet<string> | undefined {
  return SYLLABLES.get(character);
}

export function sameSound(a: string, b: string): boolean {
  const left = SYLLABLES.get(a);
  const right = SYLLABLES.get(b);
  if (!left || !right) return false;
  for (const syllable of left) if (right.has(syllable)) return true;
  return false;
}

/** characters that carry the question, not its content: never taken for a typo */
const FUNCTION_CHARACTERS = new Set(
  // numerals too, except 两 (liǎng): "产两" is 产量 typed by sound
  [
    ...'几哪啥多少么那这的了吗呢吧是有在个把被给和跟与及或还也都就才又再很太更最不没未已将要会能可该得地着过之其此每各某',
  ].concat([...'零〇一二三四五六七八九十百千万']),
);

/** Chinese words of the lexicon, longest first (two characters at least) */
export const CHINESE_TARGETS: string[] = [
  ...new Set([
    ...LEXICON.flatMap((entry) => entry.zh),
    ...SYNONYMS.flatMap((synonym) => (synonym.words ?? []).filter((word) => /^[\u4e00-\u9fff]+$/.test(word))),
  ]),
]
  .filter((word) => word.length >= 2 && /^[\u4e00-\u9fff]+$/.test(word))
  .sort((a, b) => b.length - a.length);

/** each character of a lexicon word → the words holding it, and where */
const TARGETS_BY_CHARACTER = new Map<string, Array<[number, number]>>();
CHINESE_TARGETS.forEach((word, index) => {
  [...word].forEach((character, at) => {
    const places = TARGETS_BY_CHARACTER.get(character) ?? [];
    places.push([index, at]);
    TARGETS_BY_CHARACTER.set(character, places);
  });
});

/**
 * The windows of `text` that may be a lexicon word with one character typed by
 * sound: a word of two characters or more keeps one as written, so only the
 * words sharing a character with the text are tried, where they share it.
 * In the order of a scan by word (longest first), then by start.
 */
export function nearWindows(text: string): Array<[number, number]> {
  const windows = new Set<number>();
  const stride = text.length + 1;
  for (let at = 0; at < text.length; at++) {
    for (const [index, offset] of TARGETS_BY_CHARACTER.get(text[at]!) ?? []) {
      const start = at - offset;
      if (start >= 0 && start + CHINESE_TARGETS[index]!.length <= text.length) windows.add(index * stride + start);
    }
  }
  return [...windows].sort((a, b) => a - b).map((key) => [Math.floor(key / stride), key % stride]);
}

export interface Correction {
  start: number;
  end: number;
  word: string;
}

/**
 * Chinese runs one same-sound character away from a lexicon word. An exact
 * lexicon word claims its place first; a typo candidate wins only over
 * shorter exact words ("次品律": 次品 is exact, 次品率 is longer).
 */
export function chineseCorrections(text: string): Correction[] {
  const exact: Array<{ start: number; end: number }> = [];
  for (const word of CHINESE_TARGETS) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1))
      exact.push({ start: at, end: at + word.length });
  }
  const found: Correction[] = [];
  for (const [index, start] of nearWindows(text)) {
    const word = CHINESE_TARGETS[index]!;
    const end = start + word.length;
    let differing = -1;
    let fits = true;
    for (let k = 0; k < word.length && fits; k++) {
      const typed = text[start + k]!;
      if (typed === word[k]) continue;
      if (differing !== -1 || FUNCTION_CHARACTERS.has(typed) || !sameSound(typed, word[k]!)) fits = false;
      else differing = k;
    }
    if (!fits || differing === -1) continue;
    // the typed character is part of a common word with its neighbour (通知): not a typo
    const at = start + differing;
    if (COMMON_ZH.has(text.slice(at - 1, at + 1)) || COMMON_ZH.has(text.slice(at, at + 2))) continue;
    if (exact.some((span) => span.start < end && start < span.end && span.end - span.start >= word.length)) continue;
    // two lexicon words as near (尾关闭: 未关闭 or 已关闭?): left as typed
    const rival = found.findIndex((other) => other.start === start && other.end === end && other.word !== word);
    if (rival !== -1) {
      found[rival] = { ...found[rival]!, word: '' };
      continue;
    }
    if (found.some((other) => other.start < end && start < other.end)) continue;
    found.push({ start, end, word });
  }
  return found.filter((entry) => entry.word !== '').sort((a, b) => a.start - b.start);
}
