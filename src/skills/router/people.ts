/**
 * People named in a question (issue 27, item 4): the engineers (work-order
 * assignees, the on-call rota) and the inspectors, by the plant's own names
 * (entities.ts loads them from plant.db), and names the data does not have.
 * A name is never dropped: a known person is a slot of the skill that takes
 * that role, a person of another role or an unknown one makes the honest
 * reply say so, with the nearest names the plant does have.
 *
 * How a known person can be said: the whole name ("Michael Johnson",
 * 佐藤健), one word of a Latin name of 3+ letters ("michael", "johnson"),
 * the login ("mjohnson") and the login without its initial ("johnson",
 * "sato": the common initial-plus-surname convention), the first two
 * characters of a Chinese or Japanese name of three (佐藤). A short form that
 * fits several people is said to fit several, never one of them at random.
 *
 * A name the data lacks is found by its shape, where a name stands: two
 * capitalised Latin words ("Tom Baker"), a pinyin surname and given name
 * ("zhang jianguo"), a Chinese surname and one or two characters before a
 * word that says what a person did (李明是…检验员, 刘洋手上有几张单).
 */
import type { Span } from './normalize.js';
import { NAME_PINYIN } from './name-pinyin.js';

export type PersonRole = 'engineer' | 'inspector';

export interface KnownPerson {
  name: string;
  role: PersonRole;
  /** engineers: their login */
  login?: string | undefined;
}

export interface PersonMention extends Span {
  /** the stored name (one match), or the operator's words */
  value: string;
  /** the people the words fit: one (known), several (ambiguous), none (not in the data) */
  matches: KnownPerson[];
}

/** Latin letters without their accents, lower case ("Müller" → "muller") */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').trim();
}

const HAN = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;

let readings: Map<string, string[]> | undefined;
/** a character's toneless readings (name-pinyin.ts) */
function readingsOf(char: string): string[] {
  if (!readings) {
    readings = new Map();
    for (const [syllable, chars] of Object.entries(NAME_PINYIN))
      for (const one of chars) readings.set(one, [...(readings.get(one) ?? []), syllable]);
  }
  return readings.get(char) ?? [];
}

/**
 * A Chinese name of two to four characters as it is said in pinyin: the surname and the given name as two words
 * ("wang fang", "zhang jianguo") and as one ("wangfang"), each reading of a character with several (at most 8
 * spellings). None when a character has no reading (not a common character) — the name is then matched as written.
 */
export function pinyinForms(name: string): string[] {
  const chars = Array.from(name.trim());
  if (chars.length < 2 || chars.length > 4 || !/^\p{Script=Han}+$/u.test(name.trim())) return [];
  let spellings: string[][] = [[]];
  for (const char of chars) {
    const options = readingsOf(char);
    if (options.length === 0) return [];
    spellings = spellings.flatMap((spelling) => options.map((option) => [...spelling, option])).slice(0, 8);
  }
  const forms = new Set<string>();
  for (const [surname, ...given] of spellings) {
    forms.add(`${surname} ${given.join('')}`);
    forms.add(`${surname}${given.join('')}`);
  }
  return [...forms];
}

/** the ways a known person can be said, folded */
export function personAliases(person: KnownPerson): string[] {
  const aliases = new Set<string>();
  // "佐藤健 (Ken Sato)": each part is a way to say the name
  const parts = foldName(person.name)
    .split(/[()（）]/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (const name of parts) {
    if (name.length >= 2) aliases.add(name);
    if (HAN.test(name)) {
      if (Array.from(name).length >= 3) aliases.add(Array.from(name).slice(0, 2).join(''));
      for (const form of pinyinForms(name)) aliases.add(form);
    } else for (const word of name.split(/[\s.'-]+/)) if (word.length >= 3) aliases.add(word);
  }
  const login = person.login ? foldName(person.login) : '';
  if (/^[a-z][a-z.]{2,}$/.test(login)) {
    aliases.add(login);
    for (const part of login.split('.')) if (part.length >= 3) aliases.add(part);
    // a pinyin login ("wanglei") is also the name said in pinyin ("wang lei")
    const surname = [...PINYIN_SURNAMES].find(
      (entry) => login.startsWith(entry) && PINYIN_GIVEN.test(login.slice(entry.length)),
    );
    if (surname) aliases.add(`${surname} ${login.slice(surname.length)}`);
  }
  return [...aliases];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function aliasPattern(alias: string): RegExp {
  const body = escape(alias).replace(/\s+/g, '\\s+');
  return /^[a-z0-9]/.test(alias) ? new RegExp(`(?<![a-z0-9])${body}(?![a-z0-9])`, 'g') : new RegExp(body, 'g');
}

/** every known person the words could name (the whole name first, then the shorter forms) */
export function peopleFitting(words: string, people: KnownPerson[]): KnownPerson[] {
  const folded = foldName(words).replace(/\s+/g, ' ');
  const whole = people.filter((person) => foldName(person.name) === folded);
  if (whole.length > 0) return whole;
  return people.filter((person) => personAliases(person).includes(folded));
}

// ---- names the data lacks, by their shape -----------------------------------------------------

const PINYIN_SURNAMES = new Set(
  (
    'zhang wang li liu chen yang zhao huang zhou wu xu sun hu zhu gao lin he guo ma luo liang song zheng xie han ' +
    'tang feng yu dong xiao cheng cao yuan deng fu shen zeng peng lu su jiang cai jia ding wei xue ye yan pan du ' +
    'dai xia zhong tian ren fan fang shi yao tan liao zou xiong jin hao kong bai cui kang mao qiu qin gu hou shao ' +
    'meng long wan duan lei qian yin yi chang qiao lai gong wen'
  ).split(' '),
);
const SYLLABLE =
  '(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|o|e|i|u|v)';
const PINYIN_GIVEN = new RegExp(`^(?:${SYLLABLE}){1,3}$`);

const HAN_SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文';
/** what a person did or holds, right after a name: 李明是…, 刘洋手上…, 孙丽检了…, 王强值班 */
const AFTER_NAME =
  '(?=是(?:哪|谁|不是|否)|手上|手里|名下|负责|在跟|跟进|检了|检验了|查了|值班|修的|修了|关了|交的班|接的班|交班|接班|有几|还有|上周|这周|本周|下周|今天|昨天|明天|后天|这个?月|本月|上个?月|下个?月|在不在|休假|请假|的单|的工单)';
// not a measure word after a number or a demonstrative (那张单, 几张, 一张): 张 and 条 are names and counters
const HAN_NAME = new RegExp(`(?<![那这几一两哪每多少个\\d])[${HAN_SURNAMES}][\\u4e00-\\u9fff]{1,2}?${AFTER_NAME}`, 'g');
/** words after which a Chinese name is said as a person: 检验员李明, 工程师张强 */
const ROLE_BEFORE = /(?:检验员|质检员|工程师|师傅|负责人|同事)\s*$/;
/** Chinese words that start with a surname character but are not names */
const NOT_A_HAN_NAME =
  /^(?:程师|张单|张工单|张票|高温|高于|高的|黄色|白班|白天|周一|周二|周三|周四|周五|周六|周日|周末|方面|方向|金额|马上|万一|文件|石头|于是|任何|常常|龙门|田里|平时|这周|上周|本周|全厂|钟头)/;

/**
 * Chinese words that have a name's shape: a surname (one of the common ones, or a two-character one) and one or two
 * characters, not a word that starts with a surname's character ("检出", "里谁" after 检验员 are no names)
 */
export function hanNameShape(words: string): boolean {
  return (
    new RegExp(`^(?:[${HAN_SURNAMES}]|欧阳|司马|上官|诸葛|东方|皇甫|令狐|慕容)[\\u4e00-\\u9fff]{1,2}$`).test(words) &&
    !NOT_A_HAN_NAME.test(words) &&
    !/[谁哪里的了吗呢么啥]/.test(words.slice(1))
  );
}

/** how an engineer or inspector is asked about without a name: no person named */
const NOT_A_LATIN_NAME = new Set(
  (
    'line lines press presses shift shifts day night week month today yesterday tomorrow monday tuesday wednesday ' +
    'thursday friday saturday sunday january february march april may june july august september october ' +
    'november december oee wo wos sop sops cnc vmc fpy ng mtd ytd qc pm ok the a an and or of on in for is are ' +
    'was were who what which how when where why is it its this that these those any all every each new open ' +
    'closed p0 p1 p2 p3 i we you he she they line-a christmas thanksgiving easter golden chinese spring national ' +
    'labor labour new year eve q1 q2 q3 q4'
  ).split(' '),
);

/**
 * Names of people the plant's data does not have, found by their shape in the question (`text`, case kept, for the
 * capitals; `lower`, the same length). `taken`: spans already claimed (known people, machines, lines, periods).
 */
export function unknownNames(options: {
  text: string;
  lower: string;
  taken: Span[];
  commonWords?: ReadonlySet<string>;
  /** `lower` with the periods still in it: what may follow a name (张建国这周值班吗) */
  context?: string;
}): Array<Span & { value: string }> {
  const { text, lower, taken } = options;
  const found: Array<Span & { value: string }> = [];
  const free = (start: number, end: number): boolean =>
    !taken.some((span) => start < span.end && span.start < end) &&
    !found.some((span) => start < span.end && span.start < end);
  const common = (word: string): boolean =>
    NOT_A_LATIN_NAME.has(word.toLowerCase()) || (options.commonWords?.has(word.toLowerCase()) ?? false);
  // two capitalised Latin words, not the sentence's first word alone ("Tom Baker", "Anna Schmidt")
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}])/gu)) {
    const [first, second] = [match[1]!, match[2]!];
    if (common(first) || common(second)) continue;
    // words another rule claimed ("Mid-Autumn Festival", "Black Friday": a period) are no name
    if (lower.slice(match.index, match.index + match[0].length) !== match[0].toLowerCase()) continue;
    if (free(match.index, match.index + match[0].length))
      found.push({ start: match.index, end: match.index + match[0].length, value: match[0] });
  }
  // a pinyin surname and given name ("zhang jianguo", "Li Ming"): each pair of neighbouring words
  const words = [...lower.matchAll(/(?<![a-z0-9])[a-z]+(?![a-z0-9])/g)];
  for (let index = 0; index + 1 < words.length; index++) {
    const [first, second] = [words[index]!, words[index + 1]!];
    const [surname, given] = [first[0], second[0]];
    if (!/^\s+$/.test(lower.slice(first.index + surname.length, second.index))) continue;
    if (!PINYIN_SURNAMES.has(surname) || !PINYIN_GIVEN.test(given) || common(given) || given.length < 2) continue;
    const [start, end] = [first.index, second.index + given.length];
    if (free(start, end)) found.push({ start, end, value: text.slice(start, end) });
  }
  // a Chinese surname and one or two characters, where a name stands
  for (const match of (options.context ?? lower).matchAll(HAN_NAME)) {
    const words = match[0];
    // the name itself claimed by no other rule (a period's words are no name)
    if (NOT_A_HAN_NAME.test(words) || lower.slice(match.index, match.index + words.length) !== words) continue;
    if (free(match.index, match.index + words.length))
      found.push({ start: match.index, end: match.index + words.length, value: words });
  }
  for (const match of lower.matchAll(
    new RegExp(`(?:检验员|质检员|工程师|师傅|负责人)\\s*([${HAN_SURNAMES}][\\u4e00-\\u9fff]{1,2})`, 'g'),
  )) {
    const words = match[1]!;
    const start = match.index + match[0].length - words.length;
    if (NOT_A_HAN_NAME.test(words) || !ROLE_BEFORE.test(lower.slice(0, start))) continue;
    if (free(start, start + words.length)) found.push({ start, end: start + words.length, value: words });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Known people named in the lower-cased question, longest form first. */
export function findKnownPeople(lower: string, people: KnownPerson[]): PersonMention[] {
  const candidates: Array<{ alias: string; pattern: RegExp }> = [];
  const seen = new Set<string>();
  for (const person of people)
    for (const alias of personAliases(person)) {
      if (seen.has(alias)) continue;
      seen.add(alias);
      candidates.push({ alias, pattern: aliasPattern(alias) });
    }
  candidates.sort((a, b) => b.alias.length - a.alias.length);
  const folded = foldName(lower);
  // folding keeps the length only for text without decomposed letters; else match the lower-cased text as it is
  const text = folded.length === lower.length ? folded : lower;
  const found: PersonMention[] = [];
  for (const candidate of candidates) {
    candidate.pattern.lastIndex = 0;
    for (const match of text.matchAll(candidate.pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
      const matches = peopleFitting(candidate.alias, people);
      found.push({ ...span, value: matches.length === 1 ? matches[0]!.name : match[0], matches });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Levenshtein distance (names are short) */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

/**
 * The known people nearest to words the data does not have, nearest first: shared characters for Chinese,
 * edit distance over each word for Latin names. At most `limit`.
 */
export function nearestPeople(words: string, people: KnownPerson[], limit = 3): KnownPerson[] {
  const asked = foldName(words);
  const score = (person: KnownPerson): number => {
    const name = foldName(person.name);
    if (HAN.test(asked.replace(/\s+/g, ''))) {
      const shared = Array.from(asked).filter((char) => name.includes(char)).length;
      return shared === 0 ? Infinity : Array.from(name).length - shared + (name[0] === asked[0] ? 0 : 0.5);
    }
    const forms = personAliases(person);
    const tokens = asked.split(/\s+/).filter(Boolean);
    return Math.min(
      ...forms.map((form) => distance(asked, form) / Math.max(asked.length, form.length)),
      ...tokens.flatMap((token) => forms.map((form) => distance(token, form) / Math.max(token.length, form.length))),
    );
  };
  return people
    .map((person) => ({ person, score: score(person) }))
    .filter((entry) => Number.isFinite(entry.score) && entry.score <= 0.4)
    .sort((a, b) => a.score - b.score || a.person.name.localeCompare(b.person.name))
    .slice(0, limit)
    .map((entry) => entry.person);
}
