/**
 * A CSV whose bytes are valid UTF-8 may still be GBK: 卢梅 in GBK is C2 AC C3 B7, which UTF-8 reads as
 * "¬÷" (issue 29, N12: imported as other characters with no warning). Every two-byte GBK character of
 * the common Chinese range whose second byte is A1–BF and first C2–DF is a valid UTF-8 sequence, so a short
 * name can pass the strict UTF-8 check. When it does, and the file has characters beyond ASCII, both
 * decodings of the first 64 KiB are scored:
 * - against the expected columns: the header names the import knows (the contract's, the mapping's
 *   sources) found among the cells of the first lines; more found wins;
 * - else by what the text looks like: UTF-8 is plausible when its non-ASCII characters are CJK (Han, kana,
 *   hangul, CJK punctuation, full-width forms), accented letters inside Latin words ("Müller") or letters of
 *   other scripts beside letters, not symbols and stray accented letters ("¬÷", "ĳĳ"); GBK is plausible when its two-byte characters lie in GB2312's rows
 *   (A1–F7, A1–FE: the common characters a Chinese export holds), which UTF-8 text read as GBK mostly
 *   does not.
 * UTF-8 stays when it is plausible (a real UTF-8 export, Chinese or European). Else GBK is taken when its
 * reading is common Chinese of two characters at least, and the report's encoding says so with the same
 * bytes both ways ("also valid UTF-8, but the same bytes read "¬÷" as UTF-8 and "卢梅" as GBK"). Else (one
 * character alone: csv-spectrum's utf8.csv holds "ʤ", which GBK reads as 胜) UTF-8 stays and the label
 * warns with both readings: a report an administrator reads before trusting the names in it.
 */
import iconv from 'iconv-lite';
import { normalizeText } from './values.js';

/** plausible: at least this share of the non-ASCII characters (UTF-8) or two-byte characters (GBK) */
const UTF8_PLAUSIBLE = 0.8;
const GBK_PLAUSIBLE = 0.9;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const ASCII_LETTER = /[A-Za-z]/;

/** the share of non-ASCII characters that look like text: CJK, or letters inside a Latin word */
export function utf8Plausibility(text: string): number {
  const chars = [...text];
  let nonAscii = 0;
  let good = 0;
  chars.forEach((char, index) => {
    if (char.charCodeAt(0) < 0x80) return;
    nonAscii += 1;
    const before = chars[index - 1] ?? '';
    const after = chars[index + 1] ?? '';
    if (CJK.test(char)) good += 1;
    // an accented Latin letter inside a Latin word ("Müller"); stray ones ("ĳĳ" from GBK 某某) are not text
    else if (/\p{Script=Latin}/u.test(char)) good += ASCII_LETTER.test(before) || ASCII_LETTER.test(after) ? 1 : 0;
    // Greek, Cyrillic, …: a letter beside a letter
    else if (/\p{L}/u.test(char)) good += /\p{L}/u.test(before) || /\p{L}/u.test(after) ? 1 : 0;
  });
  return nonAscii === 0 ? 1 : good / nonAscii;
}

/**
 * The share of GB18030's multi-byte characters in GB2312's rows, and their number; NaN when the bytes are
 * not GB18030.
 */
export function gbkPlausibility(bytes: Buffer): { share: number; count: number } {
  let twoByte = 0;
  let common = 0;
  for (let index = 0; index < bytes.length; index++) {
    const lead = bytes[index]!;
    if (lead < 0x80) continue;
    const trail = bytes[index + 1];
    if (lead === 0x80 || lead === 0xff || trail === undefined) return { share: Number.NaN, count: 0 };
    if (trail >= 0x30 && trail <= 0x39) {
      index += 3; // a four-byte sequence: rare characters
      twoByte += 1;
      continue;
    }
    if (trail < 0x40 || trail === 0x7f || trail === 0xff) return { share: Number.NaN, count: 0 };
    twoByte += 1;
    if (lead >= 0xa1 && lead <= 0xf7 && trail >= 0xa1) common += 1;
    index += 1;
  }
  return { share: twoByte === 0 ? 1 : common / twoByte, count: twoByte };
}

/** how many expected header names are cells of the first lines */
function headerHits(text: string, expected: Set<string>): number {
  if (expected.size === 0) return 0;
  let hits = 0;
  for (const line of text.split(/\r?\n/).slice(0, 10))
    for (const cell of line.split(/[,;\t|]/))
      if (expected.has(normalizeText(cell.replace(/^\s*"|"\s*$/g, '')).toLowerCase())) hits += 1;
  return hits;
}

/** the first run of non-ASCII bytes (at most 12), for the label */
function firstRun(bytes: Buffer): Buffer {
  const start = bytes.findIndex((byte) => byte >= 0x80);
  let end = start;
  while (end < bytes.length && bytes[end]! >= 0x80 && end - start < 12) end++;
  return bytes.subarray(start, end);
}

export interface EncodingVote {
  encoding: 'utf-8' | 'gb18030';
  label: string;
}

/**
 * The encoding of a sample that is valid UTF-8 and not ASCII only (the top of this file). `sample` ends on
 * a whole UTF-8 character; `expected` are the header names the import knows.
 */
export function voteEncoding(sample: Buffer, expected: readonly string[] = []): EncodingVote {
  const utf8 = sample.toString('utf8');
  const gbk = iconv.decode(sample, 'gb18030');
  const names = new Set(expected.map((name) => normalizeText(name).toLowerCase()));
  const utf8Hits = headerHits(utf8, names);
  const gbkHits = headerHits(gbk, names);
  const gbkScore = gbkPlausibility(sample);
  const valid = !Number.isNaN(gbkScore.share);
  const run = firstRun(sample);
  const both = `the same bytes read "${run.toString('utf8')}" as UTF-8 and "${iconv.decode(run, 'gb18030')}" as GBK`;
  if (valid && gbkHits > utf8Hits)
    return { encoding: 'gb18030', label: `gb18030 (GBK-compatible, detected by the header; ${both})` };
  if (utf8Hits > gbkHits || utf8Plausibility(utf8) >= UTF8_PLAUSIBLE)
    return { encoding: 'utf-8', label: 'utf-8 (detected)' };
  // UTF-8 reads symbols and stray letters: GBK when its reading is common Chinese (two characters at least:
  // one alone, csv-spectrum's "ʤ", is as likely UTF-8)
  if (valid && gbkScore.share >= GBK_PLAUSIBLE && gbkScore.count >= 2)
    return {
      encoding: 'gb18030',
      label: `gb18030 (GBK-compatible, detected; the file is also valid UTF-8, but ${both}: read as GBK)`,
    };
  return {
    encoding: 'utf-8',
    label: valid ? `utf-8 (detected; ${both}: check the text, or set encoding: in the mapping)` : 'utf-8 (detected)',
  };
}
