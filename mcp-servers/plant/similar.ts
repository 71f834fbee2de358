/**
 * Similar closed work orders and the resolutions that worked.
 *
 * Terms of the symptom (NFKC, lower-case):
 * - Chinese runs → their character bigrams (振动, 异常振动 → 异常 常振 振动),
 *   plus the whole run as a phrase when it is 3–12 characters long;
 *   a lone Chinese character is used only when nothing else is there;
 * - English/other words → the word (stop words dropped), long words cut to a
 *   stem (vibration → vibrat) so that vibrating/vibration meet.
 * Retrieval per term: trigram FTS5 for terms of 3+ characters, the bigram FTS5
 * table for 2-character Chinese terms, LIKE for a single character.
 *
 * Synonyms across languages (synonyms.ts): a symptom word the vocabulary
 * knows (jammed, 卡料, porosity, 振动 …) becomes one concept whose
 * alternatives are looked up together — the words of the symptom's own
 * language count 1, the other language's TRANSLATION_WEIGHT — so "conveyor
 * jam" finds 输送线卡料停线 and 振动 finds "Abnormal vibration", the
 * operator's own wording still ranking first. A concept counts once in the
 * score, with its idf over the orders any alternative hits.
 *
 * Similarity of an order, 0..1: Σ idf(concept)·w(concept, order) / Σ idf(concept), with
 * idf = ln((N + 1) / (df + 0.5)) over the N indexed orders and w = 1 when the
 * term is in the title or symptom, 0.6 in the root cause, 0.3 only in the
 * resolution; a whole Chinese phrase counts half (a bonus for the same wording,
 * so 振动异常 still finds 异常振动). Orders below 0.15 or below 25% of the best
 * are dropped.
 *
 * Resolutions: the kept orders grouped by normalised resolution text; a
 * group's score = Σ similarity × 0.5^(age in days / 180) — how often it
 * worked, weighted by how alike the case was and by recency (half-life 180
 * days, age from closed_at to today).
 *
 * The kind of machine asked about (issue 27, item 6): a fix from another kind
 * of machine never ranks first. The kind is the equipment type asked for
 * (`equipmentType`: the machine named), else the type the symptom's machine
 * and part words point at in the plant's own orders (gripper → the type whose
 * orders say "gripper"), else the type of the best-matching orders. The
 * orders of that kind are ranked (similar orders and fixes) before every
 * other order; the fixes from other kinds follow, marked `other_kind`.
 */
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { daysBetween } from '../../src/clock.js';
import { cjkBigrams, normaliseText, type IndexedOrder } from './fts-index.js';
import { fingerprint, sameFix, wordingLanguage } from './fix-equivalence.js';
import { SYMPTOM_SYNONYMS, matchesOf } from './synonyms.js';

export const MIN_SIMILARITY = 0.15;
export const RELATIVE_CUTOFF = 0.25;
/** whole Chinese phrases count half: a bonus for the same wording, not a must */
const PHRASE_WEIGHT = 0.5;
export const HALF_LIFE_DAYS = 180;
/** a word of the other language, from the synonym table: evidence, but less than the operator's own words */
export const TRANSLATION_WEIGHT = 0.5;
const MAX_TERMS = 40;
const MAX_CANDIDATES = 200;

export const RANKING_NOTE =
  `similarity = share of the symptom's terms (Chinese bigrams, whole Chinese phrases at half ` +
  `weight, English word stems; known symptom words also in the other language at ` +
  `${TRANSLATION_WEIGHT}; weighted by rarity, idf) found in an order ` +
  `(title/symptom 1, root cause 0.6, resolution 0.3); resolution score = sum over its orders of similarity × 0.5^(age_days/${HALF_LIFE_DAYS}); ` +
  `the orders and fixes of the kind of machine asked about (kind) rank before those of other kinds (other_kind)`;

const STOP_WORDS = new Set(
  (
    'the and for with was were are has have had not but all any can from into its this that then ' +
    'than there when what which who will after before about on in at of to is it a an be by or as no ' +
    'yes'
  ).split(' '),
);
const CJK_STOP = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '在',
  '是',
  '有',
  '时',
  '后',
  '前',
  '中',
  '上',
  '下',
  '也',
  '很',
  '不',
]);
const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export interface Term {
  text: string;
  /** how it is looked up */
  via: 'trigram' | 'bigram' | 'like';
  /** a whole Chinese phrase (counts PHRASE_WEIGHT) */
  phrase?: boolean;
}

/** long words cut to a stem (vibration → vibrat) so that vibrating/vibration meet */
function stem(word: string): string {
  return word.length >= 6 ? word.slice(0, Math.max(5, word.length - 3)) : word;
}

function termOf(text: string): Term {
  const length = Array.from(text).length;
  if (length >= 3) return { text, via: 'trigram' };
  return /[\p{Script=Han}]/u.test(text) && length === 2 ? { text, via: 'bigram' } : { text, via: 'like' };
}

/** One thing looked for: a term, or a known symptom word with its synonyms in both languages. */
export interface Concept {
  /** the symptom's own word(s), for the report */
  text: string;
  /** the synonym table's concept, when expanded */
  synonym?: string;
  alternatives: Array<Term & { weight: number }>;
  /** a whole Chinese phrase (counts PHRASE_WEIGHT) */
  phrase?: boolean;
}

/**
 * The symptom's terms grouped into concepts: each word the synonym table
 * knows becomes one concept with its alternatives in both languages (those of
 * the language it was said in at weight 1, the others at
 * TRANSLATION_WEIGHT); the terms it covers (the word's stem, the Chinese
 * bigrams inside it) join that concept; every other term is a concept alone.
 */
export function symptomConcepts(symptom: string): Concept[] {
  const text = normaliseText(symptom);
  const terms = symptomTerms(symptom);
  const used = new Set<string>();
  const concepts: Concept[] = [];
  for (const entry of SYMPTOM_SYNONYMS) {
    const english = matchesOf(entry.en, text);
    const chinese = matchesOf(entry.zh, text);
    if (english.length === 0 && chinese.length === 0) continue;
    const covered = terms.filter(
      (term) =>
        !used.has(term.text) &&
        !term.phrase &&
        (chinese.some((words) => words.includes(term.text)) ||
          english.some((words) => (words.match(WORD) ?? []).some((word) => stem(word) === term.text))),
    );
    const alternatives = new Map<string, Term & { weight: number }>();
    const put = (term: Term, weight: number): void => {
      const existing = alternatives.get(term.text);
      if (!existing || existing.weight < weight) alternatives.set(term.text, { ...term, weight });
    };
    // the operator's own words stay (Chinese bigrams inside the known word; English stems of 5+ letters, not "out" of "out of tolerance")
    for (const term of covered) if (term.via !== 'trigram' || term.text.length >= 5) put(term, 1);
    for (const word of entry.searchEn) put(termOf(word), english.length > 0 ? 1 : TRANSLATION_WEIGHT);
    for (const word of entry.searchZh) put(termOf(word), chinese.length > 0 ? 1 : TRANSLATION_WEIGHT);
    for (const term of covered) used.add(term.text);
    concepts.push({
      text: [...english, ...chinese].join(' / '),
      synonym: entry.concept,
      alternatives: [...alternatives.values()],
    });
  }
  for (const term of terms) {
    if (used.has(term.text)) continue;
    concepts.push({
      text: term.text,
      alternatives: [{ ...term, weight: 1 }],
      ...(term.phrase ? { phrase: true } : {}),
    });
  }
  return concepts;
}

export function symptomTerms(symptom: string): Term[] {
  const text = normaliseText(symptom);
  const terms = new Map<string, Term>();
  const add = (value: string, via: Term['via'], phrase = false): void => {
    if (!terms.has(value) && terms.size < MAX_TERMS)
      terms.set(value, phrase ? { text: value, via, phrase } : { text: value, via });
  };
  const singles: string[] = [];
  for (const run of text.match(HAN) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) {
      if (!CJK_STOP.has(run)) singles.push(run);
      continue;
    }
    for (const gram of cjkBigrams(run).split(' ')) add(gram, 'bigram');
    if (chars.length >= 3 && chars.length <= 12) add(run, 'trigram', true);
  }
  for (const word of text.replace(HAN, ' ').match(WORD) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    add(stem(word), 'trigram');
  }
  if (terms.size === 0) for (const single of singles) add(single, 'like');
  return [...terms.values()];
}

function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Order ids containing a term, through the index that suits it. */
function lookup(index: SqliteDatabase, term: Term): number[] {
  const rows =
    term.via === 'trigram'
      ? index.prepare('SELECT rowid AS id FROM orders_fts WHERE orders_fts MATCH ?').all(ftsPhrase(term.text))
      : term.via === 'bigram'
        ? index.prepare('SELECT rowid AS id FROM orders_grams WHERE orders_grams MATCH ?').all(ftsPhrase(term.text))
        : index
            .prepare(
              `SELECT rowid AS id FROM orders_fts WHERE title LIKE @p ESCAPE '\\' OR symptom LIKE @p ESCAPE '\\'
                 OR root_cause LIKE @p ESCAPE '\\' OR resolution LIKE @p ESCAPE '\\'`,
            )
            .all({ p: likePattern(term.text) });
  return (rows as Array<{ id: number }>).map((row) => row.id);
}

export interface SimilarOrder extends IndexedOrder {
  similarity: number;
}

export interface ResolutionGroup {
  resolution: string;
  /** the fix comes from orders on another kind of machine than the one asked about */
  other_kind?: boolean;
  score: number;
  count: number;
  last_closed_at: string | null;
  order_ids: number[];
  root_causes: string[];
  /** the most recent wording in each language, when the fix was written in both (fix-equivalence.ts) */
  wordings?: { zh?: string; en?: string };
}

/** the kind of machine the ranking put first, and how it was told */
export interface AskedKind {
  type: string;
  /** asked: the machine named; words: the symptom's machine or part words; best_match: the best-matching orders */
  source: 'asked' | 'words' | 'best_match';
}

export interface SimilarResult {
  terms: Term[];
  /** the kind of machine ranked first (undefined: the orders gave no single kind) */
  kind?: AskedKind | undefined;
  /** what was looked for: the terms grouped, with the synonyms added */
  concepts: Concept[];
  indexed_orders: number;
  /** the orders kept (above the cut-offs, after the filters), best first, at most MAX_CANDIDATES; callers show the top few */
  similar: SimilarOrder[];
  /** how many orders were kept in all (similar may list fewer) */
  similar_total: number;
  /** orders the equipment/line filters removed */
  filtered_out: number;
  resolutions: ResolutionGroup[];
}

/** a share of the orders at least this large makes a type the kind the words or the best matches point at */
export const KIND_MAJORITY = 0.6;
/** the best matches: orders within this share of the best similarity */
const BEST_BAND = 0.9;
/** the vocabulary's concepts that name a machine or one of its parts (synonyms.ts, "where") */
const WHERE_CONCEPTS = new Set(['coolant', 'spindle', 'weld', 'conveyor', 'camera', 'robot', 'gripper', 'press']);

function majorityType(types: Array<string | undefined>): string | undefined {
  const counts = new Map<string, number>();
  for (const type of types) if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top && top[1] >= KIND_MAJORITY * types.length ? top[0] : undefined;
}

/**
 * The kind of machine asked about: the type named, else the type most orders mentioning the symptom's machine
 * or part words are on, else the type of most of the best-matching orders.
 */
export function askedKind(options: {
  index: SqliteDatabase;
  concepts: Concept[];
  scored: SimilarOrder[];
  equipmentType?: string | undefined;
  typeOf: (equipmentId: string | null) => string | undefined;
}): AskedKind | undefined {
  const { index, concepts, scored, typeOf } = options;
  const asked = options.equipmentType?.trim().toUpperCase();
  if (asked) return { type: asked, source: 'asked' };
  const where = concepts.filter((concept) => concept.synonym !== undefined && WHERE_CONCEPTS.has(concept.synonym));
  if (where.length > 0) {
    const ids = new Set<number>();
    for (const concept of where)
      for (const alternative of concept.alternatives) for (const id of lookup(index, alternative)) ids.add(id);
    const getEquipment = index.prepare('SELECT equipment_id FROM orders WHERE order_id = ?');
    const types = [...ids].map((id) => typeOf((getEquipment.get(id) as { equipment_id: string | null }).equipment_id));
    const type = majorityType(types);
    if (type) return { type, source: 'words' };
  }
  const best = scored[0]?.similarity ?? 0;
  if (best <= 0) return undefined;
  const type = majorityType(
    scored.filter((order) => order.similarity >= best * BEST_BAND).map((order) => typeOf(order.equipment_id)),
  );
  return type ? { type, source: 'best_match' } : undefined;
}

const LATIN_START = /^[a-z0-9]/;
const matchers = new Map<string, (text: string) => boolean>();

/**
 * How a term is found in a text: Chinese anywhere; a Latin term at the start
 * of a word ("oil" is not in "coil", "out" not in "about", "jam" is in
 * "jammed").
 */
function matcher(term: string): (text: string) => boolean {
  let found = matchers.get(term);
  if (!found) {
    if (LATIN_START.test(term)) {
      const pattern = new RegExp(`(?<![a-z0-9])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
      found = (text) => pattern.test(text);
    } else found = (text) => text.includes(term);
    matchers.set(term, found);
  }
  return found;
}

function weightIn(order: IndexedOrder, term: string): number {
  const has = matcher(term);
  if (has(normaliseText(order.title)) || has(normaliseText(order.symptom))) return 1;
  if (has(normaliseText(order.root_cause))) return 0.6;
  if (has(normaliseText(order.resolution))) return 0.3;
  return 0;
}

export function resolutionKey(text: string): string {
  return normaliseText(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s。.!！;；,，、]+$/u, '');
}

export function findSimilar(options: {
  index: SqliteDatabase;
  symptom: string;
  equipmentId?: string | undefined;
  lineId?: string | undefined;
  /** the type of the machine asked about (equipment.type), when one was named */
  equipmentType?: string | undefined;
  /** an order's equipment type (from plant.db's equipment table); absent: no ranking by kind */
  typeOf?: ((equipmentId: string | null) => string | undefined) | undefined;
  today: string;
}): SimilarResult {
  const { index } = options;
  const terms = symptomTerms(options.symptom);
  const concepts = symptomConcepts(options.symptom);
  const total = (index.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
  if (concepts.length === 0 || total === 0)
    return { terms, concepts, indexed_orders: total, similar: [], similar_total: 0, filtered_out: 0, resolutions: [] };
  const idf: number[] = [];
  const candidates = new Set<number>();
  for (const concept of concepts) {
    const hits = new Set<number>();
    for (const alternative of concept.alternatives) for (const id of lookup(index, alternative)) hits.add(id);
    idf.push(Math.max(0.05, Math.log((total + 1) / (hits.size + 0.5))) * (concept.phrase ? PHRASE_WEIGHT : 1));
    for (const id of hits) candidates.add(id);
  }
  const idfSum = idf.reduce((sum, value) => sum + value, 0);
  const getOrder = index.prepare('SELECT * FROM orders WHERE order_id = ?');
  const scored: SimilarOrder[] = [];
  for (const id of candidates) {
    const order = getOrder.get(id) as IndexedOrder | undefined;
    if (!order) continue;
    let sum = 0;
    concepts.forEach((concept, position) => {
      const weight = Math.max(
        0,
        ...concept.alternatives.map((alternative) => alternative.weight * weightIn(order, alternative.text)),
      );
      sum += idf[position]! * weight;
    });
    scored.push({ ...order, similarity: Math.round((sum / idfSum) * 1000) / 1000 });
  }
  scored.sort(
    (a, b) =>
      b.similarity - a.similarity || (b.closed_at ?? '').localeCompare(a.closed_at ?? '') || b.order_id - a.order_id,
  );
  const best = scored[0]?.similarity ?? 0;
  const kept = scored.filter(
    (order) => order.similarity >= MIN_SIMILARITY && order.similarity >= best * RELATIVE_CUTOFF,
  );
  const equipment = options.equipmentId?.trim().toUpperCase();
  const line = options.lineId?.trim().toUpperCase();
  let matching = kept
    .filter((order) => (equipment ? (order.equipment_id ?? '').toUpperCase() === equipment : true))
    .filter((order) => (line ? order.line_id.toUpperCase() === line : true));
  const typeOf = options.typeOf;
  const kind = typeOf
    ? askedKind({ index, concepts, scored: matching, equipmentType: options.equipmentType, typeOf })
    : undefined;
  // every similar order counts for the fixes, not only the listed ones; the asked kind's first
  let resolutions = rankResolutions(matching, options.today);
  if (kind && typeOf) {
    const same = matching.filter((order) => typeOf(order.equipment_id) === kind.type);
    const others = matching.filter((order) => typeOf(order.equipment_id) !== kind.type);
    matching = [...same, ...others];
    resolutions = [
      ...rankResolutions(same, options.today),
      ...rankResolutions(others, options.today).map((group) => ({ ...group, other_kind: true })),
    ];
  }
  return {
    terms,
    kind,
    concepts,
    indexed_orders: total,
    similar: matching.slice(0, MAX_CANDIDATES),
    similar_total: matching.length,
    filtered_out: kept.length - matching.length,
    resolutions,
  };
}

export function rankResolutions(orders: SimilarOrder[], today: string): ResolutionGroup[] {
  const groups = new Map<string, { group: ResolutionGroup; latest: string; causes: Map<string, number> }>();
  for (const order of orders) {
    if (!order.resolution || order.resolution.trim() === '') continue;
    const key = resolutionKey(order.resolution);
    const closed = order.closed_at?.slice(0, 10);
    const age =
      closed && /^\d{4}-\d{2}-\d{2}$/.test(closed) ? Math.max(0, daysBetween(closed, today)) : HALF_LIFE_DAYS * 4;
    const weight = order.similarity * 0.5 ** (age / HALF_LIFE_DAYS);
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        group: {
          resolution: order.resolution.trim(),
          score: 0,
          count: 0,
          last_closed_at: null,
          order_ids: [],
          root_causes: [],
        },
        latest: '',
        causes: new Map(),
      };
      groups.set(key, entry);
    }
    const { group } = entry;
    group.score += weight;
    group.count += 1;
    group.order_ids.push(order.order_id);
    if ((order.closed_at ?? '') > entry.latest) {
      entry.latest = order.closed_at ?? '';
      group.last_closed_at = order.closed_at;
      group.resolution = order.resolution.trim(); // the most recent wording
    }
    if (order.root_cause)
      entry.causes.set(order.root_cause.trim(), (entry.causes.get(order.root_cause.trim()) ?? 0) + 1);
  }
  // one fix written in several wordings or languages counts once (same figures and words: fix-equivalence.ts)
  const entries = [...groups.values()];
  const prints = entries.map((entry) => fingerprint(entry.group.resolution));
  const parent = entries.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index]!)));
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++)
      if (root(i) !== root(j) && sameFix(prints[i]!, prints[j]!)) parent[root(j)] = root(i);
  }
  const merged = new Map<
    number,
    {
      group: ResolutionGroup;
      latest: string;
      causes: Map<string, number>;
      wordings: Map<'zh' | 'en', { text: string; at: string }>;
    }
  >();
  for (const [index, entry] of entries.entries()) {
    const language = wordingLanguage(entry.group.resolution);
    const target = merged.get(root(index));
    if (!target) {
      merged.set(root(index), {
        ...entry,
        group: { ...entry.group, order_ids: [...entry.group.order_ids] },
        wordings: new Map([[language, { text: entry.group.resolution, at: entry.latest }]]),
      });
      continue;
    }
    target.group.score += entry.group.score;
    target.group.count += entry.group.count;
    target.group.order_ids.push(...entry.group.order_ids);
    for (const [cause, count] of entry.causes) target.causes.set(cause, (target.causes.get(cause) ?? 0) + count);
    const wording = target.wordings.get(language);
    if (!wording || entry.latest > wording.at)
      target.wordings.set(language, { text: entry.group.resolution, at: entry.latest });
    if (entry.latest > target.latest) {
      target.latest = entry.latest;
      target.group.last_closed_at = entry.group.last_closed_at;
      target.group.resolution = entry.group.resolution;
    }
  }
  const ordersById = new Map(orders.map((order) => [order.order_id, order]));
  return [...merged.values()]
    .map(({ group, causes, wordings }) => ({
      ...group,
      ...(wordings.size > 1
        ? { wordings: Object.fromEntries([...wordings].map(([language, wording]) => [language, wording.text])) }
        : {}),
      score: Math.round(group.score * 1000) / 1000,
      // newest first
      order_ids: [...group.order_ids].sort(
        (a, b) => (ordersById.get(b)?.closed_at ?? '').localeCompare(ordersById.get(a)?.closed_at ?? '') || b - a,
      ),
      root_causes: [...causes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([cause]) => cause),
    }))
    .sort(
      (a, b) =>
        b.score - a.score || b.count - a.count || (b.last_closed_at ?? '').localeCompare(a.last_closed_at ?? ''),
    );
}
