/**
 * The one normaliser in front of every rule (issue 27). In order:
 * 1. fold: NFKC per character (full-width digits, letters and punctuation:
 *    Ａ线, ２０２６－１１－２５, ？), the ideographic space, curly quotes,
 *    traditional characters as simplified ones (traditional.ts: 這週產線 →
 *    这周产线);
 *    then chat-app markup blanked (chat.ts): @机器人, "回复 张伟：…" before
 *    the operator's own question, 哈 / 呗 / lol / emoji, 导出一下 / 发群里;
 *    then the conversational frame blanked (frames.ts): "ok so the boss is
 *    asking again", "before the 9 o'clock meeting", 开早会要用, 谢谢;
 * 2. typos, mapped only onto lexicon words (typos.ts): "yeild" → yield,
 *    "次品律" → 次品率;
 * 3. synonyms: colloquial, regional and abbreviated words rewritten to the
 *    word the rules read (lexicon.ts): 拉胯 → 差, "wk" → week, 单子 → 工单;
 * 4. Chinese numerals in any position as digits (numerals.ts): 四条线,
 *    前三天, 十一月二十号, 第四天, 一百二十件 — weekdays (周三), idioms
 *    (一下, 一共) and named days (十一长假, 五一) stay as they are.
 * Every step keeps a map back to the question as asked, so the rules match
 * one canonical form and still echo the operator's own words (period
 * labels, names) through `slice`.
 */
import { type Draft, type Edit, applyEdits } from './text-edits.js';
import { SYNONYMS } from './lexicon.js';
import { convertNumerals } from './numerals.js';
import { chineseCorrections, latinCorrection } from './typos.js';
import { frameEdits } from './frames.js';
import { chatEdits } from './chat.js';
import { spokenEdits } from './spoken.js';
import { simplifyCharacter } from './traditional.js';

export { zhNumber } from './numerals.js';
export { type Draft, type Edit, applyEdits } from './text-edits.js';

export interface NormalizedText {
  /** the question exactly as asked */
  original: string;
  /** folded, typos and synonyms rewritten, Chinese numerals as digits, original case elsewhere */
  text: string;
  /** `text` with ASCII letters lower-cased (same length and indices) */
  lower: string;
  /** index in `text` → index in `original` (one extra entry for the end) */
  map: number[];
  /** what the normaliser rewrote, in the operator's words and in the rules' (for traces and tests) */
  rewrites: Array<{ from: string; to: string; kind: 'chat' | 'spoken' | 'frame' | 'typo' | 'synonym' | 'numeral' }>;
}

function fold(original: string): Draft {
  let text = '';
  const map: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = [
      ...(char === '\u3000' ? ' ' : /[‘’′]/.test(char) ? "'" : /[“”]/.test(char) ? '"' : char.normalize('NFKC')),
    ]
      .map(simplifyCharacter)
      .join('');
    for (let k = 0; k < folded.length; k++) map.push(index);
    text += folded;
    index += char.length;
  }
  map.push(original.length);
  return { text, map };
}

// ---- typos ---------------------------------------------------------------------------------

const LATIN_TOKEN = /(?<![a-z0-9'])[a-z][a-z']*(?![a-z0-9'])/gi;

/** typos outside the words a synonym already reads ("nights" before "than days" is the night shift, not a typo) */
function typoEdits(text: string): Edit[] {
  const synonyms = synonymEdits(text);
  // a synonym as long as the typo's word wins; a longer lexicon word typed by sound wins over a synonym inside it
  const free = (start: number, end: number): boolean =>
    !synonyms.some((edit) => edit.start < end && start < edit.end && edit.end - edit.start >= end - start);
  const edits: Edit[] = chineseCorrections(text)
    .filter((found) => free(found.start, found.end))
    .map((found) => ({ ...found, replacement: found.word }));
  for (const match of text.matchAll(LATIN_TOKEN)) {
    const word = match[0].toLowerCase();
    if (!free(match.index, match.index + word.length)) continue;
    const corrected = latinCorrection(word);
    if (corrected) edits.push({ start: match.index, end: match.index + word.length, replacement: corrected });
  }
  return edits.sort((a, b) => a.start - b.start);
}

// ---- synonyms ------------------------------------------------------------------------------

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** each synonym as one case-insensitive pattern, in the table's order (earlier wins a tie) */
const SYNONYM_PATTERNS: Array<{ to: string; pattern: RegExp; caseSensitive?: boolean }> = SYNONYMS.flatMap(
  (synonym) => {
    const out: Array<{ to: string; pattern: RegExp; caseSensitive?: boolean }> = [];
    const words = (synonym.words ?? []).slice().sort((a, b) => b.length - a.length);
    const latin = words.filter((word) => /^[\x00-\x7f]+$/.test(word));
    const other = words.filter((word) => !/^[\x00-\x7f]+$/.test(word));
    // single letters ("r", "u", "w") only in lower case: an upper-case letter is a line
    const letters = latin.filter((word) => /^[a-z]$/.test(word));
    const longer = latin.filter((word) => !/^[a-z]$/.test(word));
    if (longer.length > 0)
      out.push({
        to: synonym.to,
        pattern: new RegExp(
          `(?<![a-z0-9'])(?:${longer.map((word) => escape(word).replace(/\s+/g, '\\s+')).join('|')})(?![a-z0-9'])`,
          'gi',
        ),
      });
    if (letters.length > 0)
      out.push({
        to: synonym.to,
        pattern: new RegExp(`(?<![A-Za-z0-9'-])(?:${letters.join('|')})(?![A-Za-z0-9'-])`, 'g'),
        caseSensitive: true,
      });
    if (other.length > 0) out.push({ to: synonym.to, pattern: new RegExp(other.map(escape).join('|'), 'gi') });
    for (const source of synonym.patterns ?? []) out.push({ to: synonym.to, pattern: new RegExp(source, 'gi') });
    return out;
  },
);

function synonymEdits(text: string): Edit[] {
  const found: Array<Edit & { order: number }> = [];
  SYNONYM_PATTERNS.forEach((entry, order) => {
    entry.pattern.lastIndex = 0;
    for (const match of text.matchAll(entry.pattern)) {
      if (match[0].length === 0) continue;
      if (match[0].toLowerCase() === entry.to.toLowerCase()) continue;
      // $1 in the canonical word is the pattern's first group ("P0s" → "P0 tickets")
      const replacement = entry.to.replace(/\$(\d)/g, (_whole, group: string) => match[Number(group)] ?? '');
      if (replacement.toLowerCase() === match[0].toLowerCase()) continue;
      found.push({ start: match.index, end: match.index + match[0].length, replacement, order });
    }
  });
  // the earliest, then the longest, then the one listed first
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || a.order - b.order);
  const kept: Edit[] = [];
  for (const edit of found) {
    const previous = kept[kept.length - 1];
    if (previous && edit.start < previous.end) continue;
    kept.push(edit);
  }
  return kept;
}

function record(
  rewrites: NormalizedText['rewrites'],
  options: { draft: Draft; edits: Edit[]; kind: NormalizedText['rewrites'][number]['kind'] },
): void {
  for (const edit of options.edits)
    rewrites.push({
      from: options.draft.text.slice(edit.start, edit.end),
      to: edit.replacement,
      kind: options.kind,
    });
}

export function normalizeText(original: string): NormalizedText {
  const rewrites: NormalizedText['rewrites'] = [];
  let draft = fold(original);
  for (const [kind, edits] of [
    ['chat', chatEdits],
    ['spoken', spokenEdits],
    ['frame', frameEdits],
    ['typo', typoEdits],
    ['synonym', synonymEdits],
    ['numeral', convertNumerals],
  ] as const) {
    const found = edits(draft.text);
    record(rewrites, { draft, edits: found, kind });
    draft = applyEdits(draft, found);
  }
  const lower = draft.text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return { original, text: draft.text, lower, map: draft.map, rewrites };
}

/**
 * The operator's own words behind [start, end) of the normalised text, traditional characters written as
 * simplified ones (the reply is in simplified characters, and the rules that read a period's label read those).
 */
export function slice(normalized: NormalizedText, start: number, end: number): string {
  if (end <= start) return '';
  const from = normalized.map[start] ?? 0;
  const lastChar = normalized.map[end - 1] ?? from;
  const next = normalized.map[end] ?? normalized.original.length;
  return [...normalized.original.slice(from, next > lastChar ? next : lastChar + 1).trim()]
    .map(simplifyCharacter)
    .join('');
}

export interface Span {
  start: number;
  end: number;
}

/** `text` with the spans blanked out (same length), so later rules do not see them. */
export function mask(text: string, spans: Span[]): string {
  let out = text;
  for (const span of spans) out = out.slice(0, span.start) + ' '.repeat(span.end - span.start) + out.slice(span.end);
  return out;
}

/** CJK characters mean Chinese; anything else is answered in English. */
export function detectLanguage(text: string): 'zh' | 'en' {
  return /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/.test(text) ? 'zh' : 'en';
}
