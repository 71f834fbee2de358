/**
 * Named things of the plant's own data that a question can mention: batch
 * numbers, inspectors and products (quality_data.batch_no, inspector,
 * product). The names come from the plant database (`PlantNames`, loaded by
 * the engine at start like the equipment list), never from a list in the
 * code: a plant whose inspectors are "Li Na" and "J. Smith" and whose
 * products are "VX-9 valve body" is read the same way as the demo plant.
 *
 * A name the data does not have is still found when the question says what
 * it is ("检验员李明", "inspector Miller", "product XY-999", "批次X123"), so the
 * skill can say it does not exist (with what does) instead of the words
 * being dropped. Bare batch numbers are recognised by the shape of the
 * plant's own batch numbers (letters and digit runs: B20261119D007).
 */
import { hanNameShape, pinyinForms } from './people.js';
import type { Span } from './normalize.js';

export interface PlantNames {
  /** every inspector with the lines they inspect on */
  inspectors: Array<{ name: string; lines: string[] }>;
  /** every product as quality_data stores it, its English name when the plant has one, and its lines */
  products: Array<{ product: string; name_en?: string | undefined; lines: string[] }>;
  /** a few batch numbers as stored, for their shape */
  batchSamples: string[];
  /** the plant's line ids (production_lines, else the lines quality_data names): a line's letter said alone */
  lines?: string[] | undefined;
  /** the engineers (work-order assignees, the on-call rota): name and login */
  engineers?: Array<{ name: string; login: string }> | undefined;
}

export interface BatchMention extends Span {
  /** as typed (NFKC, case kept) */
  value: string;
}

export interface NameMention extends Span {
  /** the stored name (known) or the operator's words (not in the data) */
  value: string;
  known: boolean;
  /** a product's lines, as the plant's data has them (the line it is made on) */
  lines?: string[] | undefined;
}

/** 'B20261119D007' → 'L D L D' (letter and digit runs; '-' and '_' kept) */
function shapeOf(token: string): string {
  return token
    .toUpperCase()
    .replace(/[A-Z]+/g, 'L')
    .replace(/\d+/g, 'D');
}

const BATCH_WORD = String.raw`(?:批次号|批次|批号|批量号|\bbatch(?:es)?(?:\s+(?:no\.?|number|#|id))?|\blot(?:\s+(?:no\.?|number|#|id))?)`;
/** a code: letters, digits, '-' and '_', with at least one digit */
const CODE = String.raw`[a-z0-9][a-z0-9_-]*\d[a-z0-9_-]*|[a-z0-9]*\d[a-z0-9_-]*`;
const NAMED_BATCH = new RegExp(`${BATCH_WORD}\\s*(?:号|[:：#])?\\s*(${CODE})(?![a-z0-9])`, 'g');
const TOKEN = /(?<![a-z0-9_-])[a-z0-9][a-z0-9_-]{4,40}(?![a-z0-9_-])/g;

/**
 * Batch numbers: a code after 批次 / batch / lot, or a bare token with the
 * shape of the plant's batch numbers (at least one letter and one digit).
 */
export function findBatches(
  lower: string,
  text: string | { text: string; original: string; map: number[] },
  names: PlantNames | undefined,
): BatchMention[] {
  const asked = typeof text === 'string' ? undefined : text;
  const said = typeof text === 'string' ? text : text.text;
  const found: BatchMention[] = [];
  /** the character the operator wrote at an index of `lower` */
  const saidAt = (index: number): string => (asked ? (asked.original[asked.map[index] ?? -1] ?? '') : lower[index]!);
  const add = (start: number, end: number): void => {
    if (found.some((other) => start < other.end && other.start < end)) return;
    found.push({ start, end, value: said.slice(start, end) });
  };
  NAMED_BATCH.lastIndex = 0;
  for (const match of lower.matchAll(NAMED_BATCH)) {
    const code = match[1]!;
    const start = match.index + match[0].length - code.length;
    add(start, start + code.length);
  }
  const shapes = new Set((names?.batchSamples ?? []).map(shapeOf));
  const lengths = (names?.batchSamples ?? []).map((sample) => sample.length);
  if (shapes.size > 0) {
    const shortest = Math.min(...lengths) - 3;
    const longest = Math.max(...lengths) + 3;
    TOKEN.lastIndex = 0;
    for (const match of lower.matchAll(TOKEN)) {
      // a Chinese numeral read as digits (not a full-width one) is not part of the code before it ("D20261130D003两批" → "…d0032批")
      let length = 0;
      while (length < match[0].length && /^[A-Za-z0-9_-]$/.test(saidAt(match.index + length).normalize('NFKC')))
        length++;
      const token = match[0].slice(0, length);
      if (!/[a-z]/.test(token) || !/\d/.test(token)) continue;
      if (token.length < shortest || token.length > longest || !shapes.has(shapeOf(token))) continue;
      add(match.index, match.index + token.length);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** a name in the lower-cased question: Chinese as it is, Latin letters on word boundaries */
function namePattern(name: string): RegExp {
  const lower = name.toLowerCase().trim();
  const body = escape(lower).replace(/\s+/g, '\\s+');
  return /^[a-z0-9]/.test(lower) ? new RegExp(`(?<![a-z0-9])${body}(?![a-z0-9])`, 'g') : new RegExp(body, 'g');
}

function collect(lower: string, candidates: Array<{ value: string; pattern: RegExp }>): NameMention[] {
  const found: NameMention[] = [];
  // longest first, so "王小芳" wins over "王小"
  const ordered = [...candidates].sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  for (const candidate of ordered) {
    candidate.pattern.lastIndex = 0;
    for (const match of lower.matchAll(candidate.pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
      found.push({ ...span, value: candidate.value, known: true });
    }
  }
  return found;
}

const INSPECTOR_WORD = String.raw`(?:检验员|检查员|质检员|检验人员|质检人员|检验人|质检人)`;
/** a name said after the inspector word that the data may not have: "检验员李明", "inspector Miller" */
const ASKED_INSPECTOR = [
  new RegExp(
    `${INSPECTOR_WORD}\\s*[:：]?\\s*([\\u4e00-\\u9fff]{2,3}?)(?=的|在|上|本|这|那|今|昨|前|近|过|和|与|跟|检|验|查|做|共|一|是|有|[，,。?？!！\\s]|$)`,
    'g',
  ),
  new RegExp(
    [
      String.raw`\binspectors?\s+(?!(?:on|in|for|of|the|with|by|last|this|at|was|is|had|and|who|which|did|does|has|have|`,
      String.raw`ranking|rankings|ranked|rank|list|breakdown|report|league|table|performance|stats|`,
      String.raw`were|are|from|to|during|per|rate|rates|figures?)\b)([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)??)(?=\s+(?:on|in|`,
      String.raw`for|last|this|inspect|inspected|check|checked|did|do|had|has|yesterday|today)\b|\s*[?,.!]|\s*$)`,
    ].join(''),
    'g',
  ),
  /\binspected\s+by\s+([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)??)(?=\s+(?:on|in|for|last|this|yesterday|today)\b|\s*[?,.!]|\s*$)/g,
];
const NOT_A_NAME =
  /^(?:的|各|每|所有|全部|们|不良|产量|合格|良率|次品|谁|哪|哪个|哪位|哪些|最|更|比较|排名|排行|都|也|们)|(?:不良|次品|产量|合格|良率|检验|检查|本周|上周|今天|昨天|多少)/;

/** Inspectors named: the data's names, or a name said after "检验员" / "inspector" that the data lacks. */
export function findInspectors(lower: string, names: PlantNames | undefined): NameMention[] {
  // a Chinese name is also said in pinyin ("wang fang" is 王芳)
  const known = (names?.inspectors ?? [])
    .filter((inspector) => inspector.name.trim().length >= 2)
    .flatMap((inspector) =>
      [inspector.name, ...pinyinForms(inspector.name)].map((form) => ({
        value: inspector.name,
        pattern: namePattern(form),
      })),
    );
  const found = collect(lower, known);
  for (const pattern of ASKED_INSPECTOR) {
    pattern.lastIndex = 0;
    for (const match of lower.matchAll(pattern)) {
      const words = match[1]!;
      const start = match.index + match[0].length - words.length;
      const span = { start, end: start + words.length };
      if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
      if (NOT_A_NAME.test(words)) continue;
      // an inspector is a person: Chinese words after 检验员 without a name's shape ("检出", "里谁") name nobody
      if (/^\p{Script=Han}/u.test(words) && !hanNameShape(words)) continue;
      // "按检验员 / 各检验员 / 分检验员" asks by inspector: "按检验员汇总" names no inspector called 汇总
      if (/^\p{Script=Han}/u.test(words) && /[按分各每逐]\s*$/.test(lower.slice(0, match.index))) continue;
      found.push({ ...span, value: words, known: false });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The head noun of a product's words: the last English word ("Precision bushing" → bushing), the last two Chinese
 * characters ("精密轴套" → 轴套). Operators name the part by it ("chatter marks on the bushings").
 */
function headNoun(words: string): string | undefined {
  if (/^[a-z]+(?:\s+[a-z]+)+$/i.test(words)) {
    const last = words.split(/\s+/).pop()!;
    return last.length >= 4 ? last : undefined;
  }
  return /^[\u4e00-\u9fff]{3,}$/.test(words) ? words.slice(-2) : undefined;
}

/** the words of a product's names without their codes */
function productWords(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.filter((part) => !(/\d/.test(part) && part.length >= 3)).join(' ');
}

/**
 * The ways a stored product can be said: its name, its English name, its codes, the words without the code, and
 * their head noun when no other product shares it (`heads`: each head noun's count over the plant's products).
 */
function productAliases(product: PlantNames['products'][number], heads: Map<string, number>): string[] {
  const aliases = new Set<string>();
  for (const name of [product.product, product.name_en]) {
    if (!name || name.trim().length < 2) continue;
    aliases.add(name.trim());
    const parts = name.trim().split(/\s+/);
    const codes = parts.filter((part) => /\d/.test(part) && part.length >= 3);
    for (const code of codes) aliases.add(code);
    const words = productWords(name);
    if (words.length >= 2 && words !== name.trim()) aliases.add(words);
    const head = headNoun(words);
    if (head && heads.get(head.toLowerCase()) === 1) aliases.add(head);
  }
  return [...aliases];
}

function headNouns(names: PlantNames | undefined): Map<string, number> {
  const heads = new Map<string, number>();
  for (const product of names?.products ?? []) {
    const own = new Set(
      [product.product, product.name_en]
        .filter((name): name is string => !!name)
        .map((name) => headNoun(productWords(name))?.toLowerCase())
        .filter((head): head is string => !!head),
    );
    for (const head of own) heads.set(head, (heads.get(head) ?? 0) + 1);
  }
  return heads;
}

const PRODUCT_WORD = String.raw`(?:产品|型号|料号|零件号|物料号|品种|\bproducts?\b|\bmodel\b|\bpart\s*(?:numbers?|nos?\.?|#))`;
const ASKED_PRODUCT = new RegExp(`${PRODUCT_WORD}\\s*(?:号|[:：#])?\\s*(${CODE})(?![a-z0-9])`, 'g');

/** Products named: by name, English name or code as the data has them; a code after "product" / 型号 that it lacks. */
export function findProducts(lower: string, names: PlantNames | undefined): NameMention[] {
  const candidates: Array<{ value: string; pattern: RegExp }> = [];
  const heads = headNouns(names);
  for (const product of names?.products ?? []) {
    for (const alias of productAliases(product, heads)) {
      const pattern = /\d/.test(alias)
        ? // a code: "HG-220", "hg220", "HG 220"
          new RegExp(
            `(?<![a-z0-9])${alias
              .toLowerCase()
              .split(/[\s_-]+/)
              .map((part) =>
                part
                  .split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/)
                  .map(escape)
                  .join('[\\s_-]?'),
              )
              .join('[\\s_-]?')}(?![a-z0-9])`,
            'g',
          )
        : /^[a-z]/i.test(alias)
          ? new RegExp(`(?<![a-z0-9])${escape(alias.toLowerCase()).replace(/\s+/g, '\\s+')}(?:e?s)?(?![a-z0-9])`, 'g')
          : namePattern(alias);
      candidates.push({ value: product.product, pattern });
    }
  }
  const found: NameMention[] = collect(lower, candidates).map((mention) => ({
    ...mention,
    lines: names?.products.find((product) => product.product === mention.value)?.lines,
  }));
  ASKED_PRODUCT.lastIndex = 0;
  for (const match of lower.matchAll(ASKED_PRODUCT)) {
    const code = match[1]!;
    const start = match.index + match[0].length - code.length;
    const span = { start, end: start + code.length };
    if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
    found.push({ ...span, value: code, known: false });
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---- loading the names from the plant database --------------------------------------------

/** The queries the engine runs at start (each paged by the caller, LIMIT/OFFSET appended). */
export const PLANT_NAMES_QUERIES = {
  // the inspectors (with their products and lines, from the per-inspector rollup, src/plant/rollups.ts: thousands of
  // rows, not every batch of the plant) and the engineers, in one paged list: an engineer's row has no inspector,
  // product or line, and names the engineer and login
  people:
    'SELECT inspector, product, line_id, SUM(batches) AS batches, NULL AS engineer, NULL AS login ' +
    'FROM quality_daily_inspectors GROUP BY inspector, product, line_id ' +
    'UNION ALL SELECT NULL, NULL, NULL, 0, name, login FROM engineers ORDER BY inspector, product, line_id, engineer',
  /** the same on a plant database without rollups */
  peopleRaw:
    'SELECT inspector, product, line_id, COUNT(*) AS batches, NULL AS engineer, NULL AS login FROM quality_data ' +
    'GROUP BY inspector, product, line_id UNION ALL SELECT NULL, NULL, NULL, 0, name, login FROM engineers ' +
    'ORDER BY inspector, product, line_id, engineer',
  productNames: 'SELECT line_id, product, product_en FROM production_lines ORDER BY line_id',
  batches: 'SELECT batch_no FROM quality_data ORDER BY record_id DESC',
} as const;

type NameRow = Record<string, string | number | null | undefined>;

/** PlantNames from the rows of PLANT_NAMES_QUERIES (productNames may be absent: a plant without product_en). */
export function plantNamesFrom(rows: { people: NameRow[]; productNames?: NameRow[]; batches: NameRow[] }): PlantNames {
  const inspectors = new Map<string, Set<string>>();
  const products = new Map<string, Set<string>>();
  for (const row of rows.people) {
    const inspector = String(row.inspector ?? '').trim();
    const product = String(row.product ?? '').trim();
    const line = String(row.line_id ?? '');
    if (inspector) (inspectors.get(inspector) ?? inspectors.set(inspector, new Set()).get(inspector)!).add(line);
    if (product) (products.get(product) ?? products.set(product, new Set()).get(product)!).add(line);
  }
  const english = new Map<string, string>();
  const lines = new Set<string>();
  for (const row of rows.people) if (row.line_id) lines.add(String(row.line_id));
  const engineers = new Map<string, string>();
  for (const row of rows.people) {
    const engineer = String(row.engineer ?? '').trim();
    if (engineer) engineers.set(engineer, String(row.login ?? '').trim());
  }
  for (const row of rows.productNames ?? []) {
    const product = String(row.product ?? '').trim();
    const en = String(row.product_en ?? '').trim();
    if (product && en) english.set(product, en);
    if (row.line_id) lines.add(String(row.line_id));
  }
  return {
    inspectors: [...inspectors].map(([name, lines]) => ({ name, lines: [...lines].sort() })),
    products: [...products].map(([product, lines]) => ({
      product,
      name_en: english.get(product),
      lines: [...lines].sort(),
    })),
    batchSamples: rows.batches.map((row) => String(row.batch_no ?? '')).filter((value) => value.length > 0),
    lines: [...lines].sort(),
    engineers: [...engineers].map(([name, login]) => ({ name, login })),
  };
}
