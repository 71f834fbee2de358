/**
 * Text normalisation for the rule router. Operators type full-width forms
 * (Ａ线, ２０２６－１１－２５, ？), Chinese numerals (最近三天, 十一月二十五日,
 * 三号冲压机) and mixed case; the rules match one canonical form and still
 * echo the operator's own words (period labels, symptoms) through `slice`.
 */

export interface NormalizedText {
  /** the question exactly as asked */
  original: string;
  /** NFKC, Chinese numerals as digits, original case */
  text: string;
  /** `text` with ASCII letters lower-cased (same length and indices) */
  lower: string;
  /** index in `text` → index in `original` (one extra entry for the end) */
  map: number[];
}

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Value of a Chinese numeral up to 99 (三, 十, 十四, 二十五, 三十一); undefined otherwise. */
export function zhNumber(numeral: string): number | undefined {
  if (numeral.length === 0) return undefined;
  const tenAt = numeral.indexOf('十');
  if (tenAt === -1) {
    if (numeral.length !== 1) return undefined;
    return ZH_DIGITS[numeral];
  }
  if (numeral.indexOf('十', tenAt + 1) !== -1) return undefined;
  const tensPart = numeral.slice(0, tenAt);
  const unitsPart = numeral.slice(tenAt + 1);
  const tens = tensPart === '' ? 1 : tensPart.length === 1 ? ZH_DIGITS[tensPart] : undefined;
  const units = unitsPart === '' ? 0 : unitsPart.length === 1 ? ZH_DIGITS[unitsPart] : undefined;
  if (tens === undefined || units === undefined) return undefined;
  return tens * 10 + units;
}

/**
 * Chinese numerals become digits only before a counting unit (天 日 号 月 周
 * 个 年 条 台 次 件 星期 礼拜 #), and never right after 周/期/拜, so weekdays
 * (周三, 星期三, 礼拜三) stay as they are.
 */
const ZH_NUMERAL_RE = /(?<![周期拜])([零〇一二两三四五六七八九十]+)(?=[天日号月周个年条台次件星礼#])/g;

export function normalizeText(original: string): NormalizedText {
  // 1. NFKC per character (full-width → half-width), keeping an index map.
  let text = '';
  const map: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = char === '\u3000' ? ' ' : char.normalize('NFKC');
    for (let k = 0; k < folded.length; k++) map.push(index);
    text += folded;
    index += char.length;
  }
  map.push(original.length);

  // 2. Chinese numerals → digits.
  let converted = '';
  const convertedMap: number[] = [];
  let last = 0;
  for (const match of text.matchAll(ZH_NUMERAL_RE)) {
    const start = match.index;
    const numeral = match[1] ?? '';
    const value = zhNumber(numeral);
    if (value === undefined) continue;
    converted += text.slice(last, start);
    for (let k = last; k < start; k++) convertedMap.push(map[k] ?? 0);
    const digits = String(value);
    for (let k = 0; k < digits.length; k++) {
      // first digit → start of the numeral, the last one → its last character
      convertedMap.push(map[k === digits.length - 1 ? start + numeral.length - 1 : start] ?? 0);
    }
    converted += digits;
    last = start + numeral.length;
  }
  converted += text.slice(last);
  for (let k = last; k < text.length; k++) convertedMap.push(map[k] ?? 0);
  convertedMap.push(original.length);

  const lower = converted.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return { original, text: converted, lower, map: convertedMap };
}

/** The operator's own words behind [start, end) of the normalised text. */
export function slice(normalized: NormalizedText, start: number, end: number): string {
  if (end <= start) return '';
  const from = normalized.map[start] ?? 0;
  const lastChar = normalized.map[end - 1] ?? from;
  const next = normalized.map[end] ?? normalized.original.length;
  return normalized.original.slice(from, next > lastChar ? next : lastChar + 1).trim();
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
