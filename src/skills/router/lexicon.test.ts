/**
 * The normaliser and the lexicon, tested by generation (issue 27): Chinese
 * numerals 1–9999 against an independent converter written here, every
 * full-width character, every synonym, typos generated from every lexicon
 * word (a letter left out, two swapped, one doubled) and every same-sound
 * character of every Chinese lexicon word — and the rules read every word
 * of the lexicon as its concept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse } from './analysis.js';
import { normalizeText, slice } from './normalize.js';
import { zhNumber } from './numerals.js';
import { COMMON_EN, LEXICON, SYNONYMS } from './lexicon.js';
import {
  CHINESE_TARGETS,
  LATIN_TARGETS,
  editDistance,
  inflectionOfKnown,
  knownLatin,
  latinCorrection,
  nearWindows,
  sameSound,
  syllablesOf,
} from './typos.js';
import { HOMOPHONES } from './pinyin-table.js';

const context = { now: new Date('2026-11-29T10:00:00+08:00'), timezone: 'Asia/Shanghai' };

// ---- Chinese numerals -------------------------------------------------------------------------

const DIGIT = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** an independent converter: 1–9999 as written (十五 not 一十五; 一百零五; 两千 for 2000 when `two`) */
function chinese(n: number, two = false): string {
  const places: Array<[number, string]> = [
    [1000, '千'],
    [100, '百'],
    [10, '十'],
  ];
  let out = '';
  let rest = n;
  let zero = false;
  for (const [value, unit] of places) {
    const digit = Math.floor(rest / value);
    rest %= value;
    if (digit === 0) {
      if (out !== '') zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += value === 10 && digit === 1 && out === '' ? '' : digit === 2 && two && value >= 100 ? '两' : DIGIT[digit];
    out += unit;
  }
  if (rest > 0) out += (zero ? '零' : '') + DIGIT[rest];
  return out;
}

test('Chinese numerals 1–9999 read as numbers, written both ways', () => {
  let checked = 0;
  for (let n = 1; n <= 9999; n++) {
    assert.equal(zhNumber(chinese(n)), n, chinese(n));
    checked++;
    if (Math.floor(n / 100) % 10 === 2 || Math.floor(n / 1000) === 2) {
      assert.equal(zhNumber(chinese(n, true)), n, chinese(n, true));
      checked++;
    }
  }
  assert.ok(checked >= 10_000, `${checked} numerals`);
  assert.equal(zhNumber('二〇二六'), 2026);
  assert.equal(zhNumber('两万'), 20000);
  assert.equal(zhNumber('三四'), undefined, 'three or four is no number');
});

test('Chinese numerals become digits in any position, with the operator’s words kept', () => {
  for (let n = 1; n <= 400; n++) {
    const zh = chinese(n);
    for (const [template, expected] of [
      [`最近${zh}天的产量`, `最近${n}天的产量`],
      [`前${zh}天`, `前${n}天`],
      [`第${zh}周`, `第${n}周`],
      [`${zh}条线`, `${n}条线`],
      [`放假${zh}天`, `放假${n}天`],
    ] as const) {
      const normalized = normalizeText(template);
      assert.equal(normalized.text, expected, template);
      const at = normalized.text.indexOf(String(n));
      assert.equal(slice(normalized, at, at + String(n).length), zh, `${template}: the operator's numeral`);
    }
  }
  for (const [text, expected] of [
    ['十一月二十号', '11月20号'],
    ['国庆第四天', '国庆第4天'],
    ['两个检验员', '2个检验员'],
    ['上一周', '上1周'],
    ['一个礼拜', '1个礼拜'],
    // kept: weekdays, idioms, articles, named days
    ['周三', '周三'],
    ['星期一', '星期一'],
    ['本周一共', '本周一共'],
    ['统计一下', '统计一下'],
    ['出一份周报', '出一份周报'],
    ['十一长假', '十一长假'],
    ['双十一', '双十一'],
    ['五一假期', '五一假期'],
    ['上一次怎么修的', '上一次怎么修的'],
    ['同一天', '同一天'],
  ] as const)
    assert.equal(normalizeText(text).text, expected, text);
});

// ---- full-width forms ---------------------------------------------------------------------------

test('every full-width character folds to its ASCII form', () => {
  for (let code = 0x21; code <= 0x7e; code++) {
    const ascii = String.fromCharCode(code);
    const wide = String.fromCharCode(code + 0xfee0);
    assert.equal(
      normalizeText(`x${wide}x`).text,
      normalizeText(`x${ascii}x`).text,
      `U+${(code + 0xfee0).toString(16)}`,
    );
  }
  for (const letter of 'ABCD') {
    const wide = String.fromCharCode(letter.charCodeAt(0) + 0xfee0);
    const question = `${wide}线２０２６－１１－２５的良率`;
    const analysis = analyse(question, context);
    assert.deepEqual(analysis.lines.lines, [letter], question);
    assert.deepEqual(analysis.periods[0]?.period && [analysis.periods[0].period.from], ['2026-11-25'], question);
    assert.equal(analysis.periods[0]?.period?.label, '２０２６－１１－２５');
  }
  assert.equal(normalizeText('line A\u3000yield').text, 'line A yield');
});

// ---- synonyms ------------------------------------------------------------------------------------

test('every literal synonym is rewritten to the word the rules read', () => {
  let checked = 0;
  for (const synonym of SYNONYMS) {
    for (const word of synonym.words ?? []) {
      const text = /^[\x00-\x7f]+$/.test(word) ? `see ${word} here` : `看${word}了`;
      const normalized = normalizeText(text);
      const rewrite = normalized.rewrites.find(
        (entry) => entry.kind === 'synonym' && entry.from.toLowerCase() === word.toLowerCase(),
      );
      assert.ok(rewrite, `"${word}" is rewritten (${normalized.text})`);
      assert.equal(rewrite.to, synonym.to, word);
      checked++;
    }
  }
  assert.ok(checked >= 150, `${checked} synonyms`);
});

// ---- typos: Latin words ----------------------------------------------------------------------------

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const NEIGHBOURS: Record<string, string> = Object.fromEntries(
  ROWS.flatMap((row) => [...row].map((key, index) => [key, `${row[index - 1] ?? ''}${row[index + 1] ?? ''}`])),
);

/** one-edit variants a hand makes: a letter left out, two swapped, one doubled, a neighbouring key (never the first) */
function variants(word: string): string[] {
  const out = new Set<string>();
  for (let k = 1; k < word.length; k++) out.add(word.slice(0, k) + word.slice(k + 1));
  for (let k = 1; k < word.length - 1; k++) out.add(word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2));
  for (let k = 1; k < word.length; k++) out.add(word.slice(0, k) + word[k] + word.slice(k));
  // from six letters on, a key next to the right one (QWERTY rows)
  if (word.length >= 6)
    for (let k = 1; k < word.length; k++)
      for (const near of NEIGHBOURS[word[k]!] ?? '') out.add(word.slice(0, k) + near + word.slice(k + 1));
  out.delete(word);
  return [...out];
}

test('a near-miss of a lexicon word becomes that word, never another one', () => {
  let corrected = 0;
  let left = 0;
  for (const target of LATIN_TARGETS.filter((word) => word.length >= 5 && /^[a-z]+$/.test(word))) {
    for (const typo of variants(target)) {
      if (knownLatin(typo) || typo.length < 4) continue;
      const result = latinCorrection(typo);
      if (result === undefined) {
        // left as typed only when another lexicon word is just as near, or it reads as a known word inflected
        if (inflectionOfKnown(typo)) {
          left++;
          continue;
        }
        const rivals = LATIN_TARGETS.filter(
          (other) => other !== target && other[0] === typo[0] && editDistance(typo, other, 1) === 1,
        );
        assert.ok(rivals.length > 0, `"${typo}" (from ${target}) is not corrected`);
        left++;
        continue;
      }
      assert.equal(result, target, `"${typo}"`);
      // and in a question, through the whole normaliser (one in four, to keep the test quick)
      if (corrected % 4 === 0)
        assert.equal(normalizeText(`line A ${typo} yesterday`).text, `line A ${target} yesterday`, typo);
      corrected++;
    }
  }
  assert.ok(corrected >= 2000, `${corrected} typos corrected (${left} left as typed: equally near two words)`);
});

test('a known word is never "corrected": common English, the lexicon, inflections', () => {
  for (const word of COMMON_EN) assert.equal(latinCorrection(word), undefined, word);
  for (const word of LATIN_TARGETS) {
    assert.equal(latinCorrection(word), undefined, word);
    if (!word.endsWith('s')) assert.equal(latinCorrection(`${word}s`), undefined, `${word}s`);
  }
  for (const word of ['inspection', 'shaft', 'weak', 'race', 'link', 'crank', 'burn', 'torn', 'case'])
    assert.equal(latinCorrection(word), undefined, word);
});

// ---- typos: Chinese characters of the same sound ----------------------------------------------------

test('every Chinese lexicon character has its pinyin in the table', () => {
  for (const word of [...LEXICON.flatMap((entry) => entry.zh), ...SYNONYMS.flatMap((entry) => entry.words ?? [])])
    for (const character of word.match(/[\u4e00-\u9fff]/g) ?? [])
      assert.ok(syllablesOf(character), `${character} (in ${word}): regenerate pinyin-table.ts (its header says how)`);
  assert.ok(Object.keys(HOMOPHONES).length >= 100);
});

test('a same-sound character in a lexicon word is that word typed by sound', () => {
  let corrected = 0;
  const words = new Set(CHINESE_TARGETS);
  for (const word of CHINESE_TARGETS) {
    for (let k = 0; k < word.length; k++) {
      for (const syllable of syllablesOf(word[k]!) ?? []) {
        // every third homophone of each syllable (the table's order), so the test stays quick
        for (const typed of [...(HOMOPHONES[syllable] ?? '')].filter((_, index) => index % 3 === k % 3)) {
          if (
            typed === word[k] ||
            /[几哪啥多少么那这的了吗呢吧是有在个把被给和跟与及或还也都就才又再很太更最不没未已将要会能可该得地着过之其此每各某零〇一二三四五六七八九十百千万]/.test(
              typed,
            )
          )
            continue;
          const variant = word.slice(0, k) + typed + word.slice(k + 1);
          // a variant that is itself a lexicon word, or holds one as long, is that word
          if ([...words].some((other) => other !== word && other.length >= word.length && variant.includes(other)))
            continue;
          const normalized = normalizeText(`看${variant}吧`);
          const expected = normalizeText(`看${word}吧`).text; // 一次合格率 reads 1次合格率 after the numerals
          // as near to another word of the same length (尾关闭: 未关闭 or 已关闭): left as typed
          const rival = CHINESE_TARGETS.some(
            (other) =>
              other !== word &&
              other.length === word.length &&
              [...other].filter((char, index) => char !== variant[index]).length === 1 &&
              [...other].every((char, index) => char === variant[index] || sameSound(char, variant[index]!)),
          );
          if (rival) {
            assert.ok(!normalized.rewrites.some((entry) => entry.kind === 'typo'), `${variant}: two words as near`);
            continue;
          }
          assert.equal(normalized.text, expected, `${variant} → ${word}`);
          corrected++;
        }
      }
    }
  }
  assert.ok(corrected >= 2000, `${corrected} same-sound typos`);
  // function words are no typos: 几台 is "how many machines", not 机台
  assert.equal(normalizeText('有几台设备故障').text, '有几台设备故障');
});

// ---- the rules read every word of the lexicon ---------------------------------------------------------

type Probe = (word: string) => boolean;
const metricProbe =
  (metric: string): Probe =>
  (word) =>
    analyse(
      /[\u4e00-\u9fff]/.test(word) ? `A线昨天的${word}` : `line A ${word} yesterday`,
      context,
    ).metrics.metrics.includes(metric as never);
const shiftProbe =
  (shift: string): Probe =>
  (word) =>
    analyse(
      /[\u4e00-\u9fff]/.test(word) ? `A线昨天${word}的良率` : `line A ${word} yield yesterday`,
      context,
    ).shifts.some((mention) => mention.shift === shift);
const periodProbe: Probe = (word) => analyse(`A线${word}的良率`, context).periods.some((mention) => mention.period);
const equipmentProbe =
  (type: string): Probe =>
  (word) =>
    analyse(/[\u4e00-\u9fff]/.test(word) ? `B线3号${word}的状态` : `status of ${word} 3 on line B`, context).equipment
      ?.type === type;
const defectProbe =
  (key: string): Probe =>
  (word) =>
    analyse(
      /[\u4e00-\u9fff]/.test(word) ? `B线本周${word}多少件` : `how many ${word} on line B this week`,
      context,
    ).defectTypes.some((mention) => mention.key === key);

const PROBES: Record<string, Probe> = {
  output: metricProbe('output'),
  defect_rate: metricProbe('defect_rate'),
  defects: metricProbe('defect_rate'),
  yield: metricProbe('yield'),
  defect_types: metricProbe('defect_types'),
  quality: (word) =>
    analyse(/[\u4e00-\u9fff]/.test(word) ? `A线昨天的${word}` : `line A ${word} yesterday`, context).metrics.general,
  day_shift: shiftProbe('day'),
  night_shift: shiftProbe('night'),
  today: periodProbe,
  yesterday: periodProbe,
  tomorrow: periodProbe,
  this_week: periodProbe,
  last_week: periodProbe,
  this_month: periodProbe,
  last_month: periodProbe,
  weekend: periodProbe,
  weekday: periodProbe,
  month_name: (word) => analyse(`line A yield in ${word}`, context).periods.some((mention) => mention.period),
  press: equipmentProbe('PRESS'),
  cnc: equipmentProbe('CNC'),
  welder: equipmentProbe('WELD'),
  camera: equipmentProbe('CAM'),
  conveyor: equipmentProbe('CONV'),
  robot: equipmentProbe('ROBOT'),
  scratch: defectProbe('scratch'),
  dent: defectProbe('dent'),
  burr: defectProbe('burr'),
  crack: defectProbe('crack'),
  porosity: defectProbe('porosity'),
  dimension: defectProbe('dimension'),
  cause: (word) =>
    analyse(`B线昨天${word}不良率高 ${word}`, context).qualifiers.some((item) => item.dimension === 'cause'),
};

test('the rules read every word of the lexicon as its concept, and its typos too', () => {
  let checked = 0;
  for (const entry of LEXICON) {
    const probe = PROBES[entry.concept];
    if (!probe) continue;
    for (const word of [...entry.zh, ...entry.en]) {
      assert.ok(probe(word), `${entry.concept}: "${word}"`);
      checked++;
      // a hand's slip on a single English word is read the same (when it is unambiguous)
      if (/^[a-z]{5,}$/.test(word) && LATIN_TARGETS.includes(word))
        for (const typo of variants(word).filter((variant) => latinCorrection(variant) === word)) {
          assert.ok(probe(typo), `${entry.concept}: the typo "${typo}" of "${word}"`);
          checked++;
        }
    }
  }
  assert.ok(Object.keys(PROBES).length >= 30);
  assert.ok(checked >= 400, `${checked} words and typos read as their concept`);
});

test('the typo scan tries every window one same-sound character from a lexicon word, in the order of a full scan', () => {
  // texts made of lexicon characters and their homophones: every window a full scan would find fitting is tried
  const pool = [...new Set(CHINESE_TARGETS.join(''))];
  const homophones = pool.flatMap((character) =>
    [...(syllablesOf(character) ?? [])].flatMap((syllable) => [...(HOMOPHONES[syllable] ?? '')].slice(0, 2)),
  );
  const characters = [...new Set([...pool, ...homophones])];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let fitting = 0;
  for (let round = 0; round < 6000; round++) {
    const length = 2 + Math.floor(next() * 14);
    let text = Array.from({ length }, () => characters[Math.floor(next() * characters.length)]!).join('');
    if (round % 2 === 0) {
      // a lexicon word typed by sound, somewhere in the noise
      const word = CHINESE_TARGETS[Math.floor(next() * CHINESE_TARGETS.length)]!;
      const k = Math.floor(next() * word.length);
      const sound = [...(syllablesOf(word[k]!) ?? [])][0];
      const typed = sound ? [...(HOMOPHONES[sound] ?? word[k]!)][Math.floor(next() * 3)] : undefined;
      const at = Math.floor(next() * text.length);
      text = text.slice(0, at) + word.slice(0, k) + (typed ?? word[k]) + word.slice(k + 1) + text.slice(at);
    }
    const tried = nearWindows(text);
    const keys = tried.map(([index, start]) => index * 1000 + start);
    assert.deepEqual(
      keys,
      [...keys].sort((a, b) => a - b),
      `${text}: by word, then by start`,
    );
    const triedSet = new Set(keys);
    CHINESE_TARGETS.forEach((word, index) => {
      for (let start = 0; start + word.length <= text.length; start++) {
        const differing = [...word].filter((character, k) => text[start + k] !== character);
        const fits =
          differing.length === 1 &&
          [...word].every((character, k) => text[start + k] === character || sameSound(text[start + k]!, character));
        if (!fits) continue;
        fitting++;
        assert.ok(triedSet.has(index * 1000 + start), `${text}: ${word} at ${start} is tried`);
      }
    });
  }
  assert.ok(fitting > 100, `${fitting} fitting windows generated`);
});
