/**
 * Slot extractors for the rule router: lines, metrics, ranking, per-day
 * breakdown, priority and symptoms. Each works on the normalised question
 * (see normalize.ts) with spans already claimed by equipment and periods
 * blanked out, so "3号冲压机" is never read as "the 3rd" and "2026-11-25"
 * never as a line.
 */
import { type NormalizedText, type Span, slice } from './normalize.js';
import { OBSERVED_SYNONYMS } from '../../../mcp-servers/plant/synonyms.js';
import { leftOutBefore } from './qualifiers.js';

type Metric = 'output' | 'defect_rate' | 'yield' | 'defect_types';

export interface LineSlots {
  /** upper-case line ids in the order mentioned, unknown ones included ('Z') */
  lines: string[];
  /** "all lines" / 所有产线 was said */
  all: boolean;
  spans: Span[];
}

const ZH_LINE = '(?:生产线|产线|线(?![路束缆体圈程索头]))';
// "A、B两条线", "A和B线", "A B两条线" (letters with spaces between them, each a letter alone)
const LETTER_LIST_ZH = '[a-z](?:\\s*[、,，和与及跟/&+]\\s*[a-z]|\\s+[a-z](?![a-z]))*';

const LINE_RULES: Array<{ pattern: RegExp; caseSensitive?: boolean }> = [
  // A线, A 线, A产线, A号线, A、B两条线, A和B线
  { pattern: new RegExp(`(?<![a-z0-9])(${LETTER_LIST_ZH})\\s*(?:\\d+\\s*条|几条)?\\s*号?\\s*${ZH_LINE}`, 'g') },
  // 产线A, 生产线A, 产线A和B
  { pattern: new RegExp(`(?:生产线|产线)\\s*(${LETTER_LIST_ZH})(?![a-z0-9])`, 'g') },
  // line A, Line-A, line a, lines A and B, lines A, B and C, line A and line B
  {
    pattern:
      /\blines?\b\s*[-#]?\s*([a-z](?:\s*(?:,\s*(?:and\s+)?|&|\/|\+|\band\b|\bor\b|\bvs\.?|\bversus\b)\s*(?:line\s*)?[a-z])*)(?![a-z0-9])/g,
  },
  // B line, the A line, A and B lines (upper-case letter only: "a line" is English)
  {
    pattern:
      /(?<![A-Za-z0-9])((?:the\s+|on\s+|for\s+|of\s+|in\s+)?[A-Z](?:\s*(?:,|&|\/|and|or)\s*[A-Z])*)[\s-]*lines?\b/g,
    caseSensitive: true,
  },
];

const ALL_LINES = new RegExp(
  [
    String.raw`(?:所有|全部|各|每|整个)的?\s*(?:\d+\s*)?[条个]?\s*(?:生产线|产线|线)|全厂|全车间|整个车间|整个工厂|整个厂|全工厂`,
    String.raw`\d+\s*条(?:生产线|产线|线)都`,
    String.raw`\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?:\d+\s+|four\s+)?(?:production\s+)?lines?\b`,
    String.raw`\bacross\s+(?:all\s+)?(?:the\s+)?lines\b|\bplant[- ]wide\b|\bthe\s+whole\s+plant\b`,
  ].join('|'),
  'g',
);

/** words that may stand before a line's letter said alone ("for B", "on D", "A vs B") */
const LETTER_LEAD = new RegExp(
  String.raw`(?:\b(?:on|for|of|in|at|to|from|vs\.?|versus|and|or|than|between|with|about|line's|except|excluding|minus)|\bhow(?:'d|\s+(?:did|does|do|is|was))` +
    String.raw`|\b(?:what|how\s+many(?:\s+[a-z]+)?)\s+did|[,&+/(]|^)\s*$`,
  'i',
);
/** words that may follow a line's letter said alone ("C output", "D yield", "A today") */
const LETTER_FOLLOW = new RegExp(
  String.raw`^\s*(?:output|yield|defects?|defect\s+rate|rejects?|scrap|quality|production|pcs|pieces|today|yesterday` +
    String.raw`|tomorrow|this|last|since|from|on|in|for|over|vs\.?|versus|and|or|&|,|\?|$|[\u4e00-\u9fff])`,
  'i',
);

/** after "A" said alone: words that make it line A rather than the article */
const A_FOLLOW = new RegExp(
  String.raw`^\s*(?:output|yield|today|yesterday|vs\.?|versus|[\u4e00-\u9fff]|throughput|production(?!\s+lines?)|fpy` +
    String.raw`|(?:defect|defective|reject|rejection|scrap|failure|ng|pass)\s+rates?|first[- ]pass\s+yield)`,
  'i',
);
/** after "A line": a figure, a day or a shift makes it line A ("A line defect% last night"), not "a line of …" */
const A_LINE_FOLLOW = new RegExp(
  String.raw`^\s*(?:output|yield|defects?|defect\s*(?:rate|%)|rejects?|scrap|quality|production|today|yesterday` +
    String.raw`|tonight|last|this|night|day|shift|[\u4e00-\u9fff])(?![a-z])`,
  'i',
);
/** "A and C", "A & B", "A, D": line A named in a list with another known line's letter */
const A_IN_LIST = /^\s*(?:,|&|\/|\+|\band\b|\bor\b|\bvs\.?|\bversus\b)\s*([B-HJ-Z])(?![A-Za-z0-9'_\-#])/;

/**
 * Lines named: "A线", "产线B", "line C", "B line", "lines A and B"; a known line's letter said alone
 * ("C output", "for B", "D yield", "A today vs yesterday") when `known` lists the plant's lines
 * (from plant.db, entities.ts); "四条线" / "all 4 lines" = every line when the count is the plant's.
 */
export function findLines(lower: string, text: string, known?: string[]): LineSlots {
  const lines: string[] = [];
  const spans: Span[] = [];
  const add = (letter: string): void => {
    const id = letter.toUpperCase();
    if (!lines.includes(id)) lines.push(id);
  };
  for (const rule of LINE_RULES) {
    const source = rule.caseSensitive ? text : lower;
    for (const match of source.matchAll(rule.pattern)) {
      let group = match[1] ?? '';
      if (rule.caseSensitive) {
        const lead = /^(the|on|for|of|in)\s+/.exec(group);
        group = group.replace(/^(the|on|for|of|in)\s+/, '');
        // a lone "A line" / "I line" without an article is ordinary English, unless a figure or a day follows it
        // ("A line defect% last night", "A line output")
        if (!lead && /^[AI]$/.test(group) && !A_LINE_FOLLOW.test(source.slice(match.index + match[0].length))) continue;
      }
      const letters = group.replace(/\b(?:and|or|vs|versus|line|lines)\b/gi, ' ').match(/[a-z]/gi) ?? [];
      for (const letter of letters) add(letter);
      spans.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  const knownIds = (known ?? []).map((id) => id.toUpperCase());
  if (knownIds.length > 0) {
    const taken = (start: number, end: number): boolean => spans.some((span) => span.start < end && start < span.end);
    // "d line" in lower case: a known line other than a / i (English words)
    for (const match of lower.matchAll(/(?<![a-z0-9'-])([b-hj-z])[\s-]*lines?\b/g)) {
      if (!knownIds.includes(match[1]!.toUpperCase()) || taken(match.index, match.index + match[0].length)) continue;
      add(match[1]!);
      spans.push({ start: match.index, end: match.index + match[0].length });
    }
    // a known line's letter with a possessive: "B's defect rate", "what was D's output"
    for (const match of text.matchAll(/(?<![A-Za-z0-9'_\-.#])([A-HJ-Z])['’]s\b/g)) {
      const [start, end] = [match.index, match.index + match[0].length];
      if (!knownIds.includes(match[1]!) || taken(start, end)) continue;
      add(match[1]!);
      spans.push({ start, end });
    }
    // a known line's letter alone, upper case: "C output", "for B", "Ｂ and Ｃ yield"
    for (const match of text.matchAll(/(?<![A-Za-z0-9'_\-.#])([A-Z])(?![A-Za-z0-9'_\-#]|\.\d)/g)) {
      const letter = match[1]!;
      const [start, end] = [match.index, match.index + 1];
      if (!knownIds.includes(letter) || taken(start, end)) continue;
      const before = text.slice(0, start);
      const after = text.slice(end);
      // "A" and "I" are English words: only with a word that makes them a line
      const leadOk = LETTER_LEAD.test(before);
      const followOk = LETTER_FOLLOW.test(after);
      const listed = A_IN_LIST.exec(after);
      const inList = listed !== null && knownIds.includes(listed[1]!);
      if ((letter === 'A' || letter === 'I') && !(leadOk && before.trim() !== '') && !A_FOLLOW.test(after) && !inList)
        continue;
      if (!leadOk && !followOk) continue;
      add(letter);
      spans.push({ start, end });
    }
  }
  const excluded = exclusions(lower, spans, lines);
  if (excluded) {
    // "all lines except C", "除了C线 其他几条线": the plant's other lines; with no line list known the words stay
    // unread (the reply names them), never the line left out taken as the one asked
    for (const id of excluded.ids) lines.splice(lines.indexOf(id), 1);
    if (knownIds.length > 0) {
      for (const id of knownIds) if (!excluded.ids.includes(id) && !lines.includes(id)) lines.push(id);
      spans.push(...excluded.spans);
      return { lines, all: false, spans };
    }
  }
  let all = false;
  for (const match of lower.matchAll(ALL_LINES)) {
    all = true;
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  // 4条线, four lines: every line when it is the plant's count (or, with no count known, when no letter is named)
  for (const match of lower.matchAll(
    /(?<![a-z0-9])(\d+|four|three|two)\s*(?:条|个)?\s*(?:生产线|产线|线|(?:production\s+)?lines)(?![a-z])/g,
  )) {
    if (spans.some((span) => span.start < match.index + match[0].length && match.index < span.end)) continue;
    const count = { two: 2, three: 3, four: 4 }[match[1]!] ?? Number(match[1]);
    if (knownIds.length > 0 ? count !== knownIds.length : lines.length > 0 || count < 2) continue;
    all = true;
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return { lines, all, spans };
}

/** a list going on between two lines left out: "except C and D", 除了C线和D线 */
const LIST_ON = /^\s*(?:,|，|、|and|or|和|与|及|跟|\/)\s*(?:line\s+)?$/;
/** the words around a line left out that say "the others": 以外, 其他几条线, the other lines, the rest, all lines */
const OTHERS_AFTER = new RegExp(
  String.raw`^\s*(?:以外|之外)?\s*[，,]?\s*(?:的)?\s*(?:(?:其他|其它|其余|别的|剩下的?|另外)(?:的)?\s*(?:几|\d+)?\s*(?:条|个)?\s*` +
    String.raw`(?:生产线|产线|线)?|(?:all\s+)?the\s+(?:other|remaining)\s+(?:\w+\s+)?lines?|the\s+rest|the\s+others)?`,
);

/**
 * The lines left out ("all lines except C", 除了D线 其他线, "excluding line B"): their ids and the words that say so
 * (the exclusion word, 以外, "the other lines", "all lines"), or undefined when no line is left out.
 */
function exclusions(lower: string, spans: Span[], lines: string[]): { ids: string[]; spans: Span[] } | undefined {
  const ids: string[] = [];
  const words: Span[] = [];
  let previous: Span | undefined;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const except = leftOutBefore(lower, span.start);
    const listed = previous && ids.length > 0 && LIST_ON.test(lower.slice(previous.end, span.start));
    if (except || listed) {
      const letters = (lower.slice(span.start, span.end).match(/(?<![a-z])[a-z](?![a-z])/g) ?? []).map((letter) =>
        letter.toUpperCase(),
      );
      for (const id of letters) if (lines.includes(id) && !ids.includes(id)) ids.push(id);
      if (except) words.push({ start: span.start - except[0].length, end: span.start });
      const others = OTHERS_AFTER.exec(lower.slice(span.end));
      if (others && others[0].trim() !== '') words.push({ start: span.end, end: span.end + others[0].length });
    }
    previous = span;
  }
  if (ids.length === 0) return undefined;
  for (const match of lower.matchAll(ALL_LINES)) words.push({ start: match.index, end: match.index + match[0].length });
  return { ids, spans: words };
}

const METRIC_RULES: Array<{ metric: Metric; pattern: RegExp }> = [
  {
    metric: 'defect_types',
    pattern: new RegExp(
      [
        String.raw`(?:不良|缺陷|次品)的?主要原因|缺陷类型|缺陷种类|缺陷分布|缺陷构成|缺陷原因|主要缺陷|主要不良|主要问题|不良类型|不良原因|不良分布|次品类型|次品原因`,
        String.raw`(?:(?<![为干])什么|哪些|哪种|哪几种|哪类)(?:样的)?(?:缺陷|次品|不良)|最多的缺陷|\btop\s+(?:\d+\s+)?defects?(?:\s+types?)?\b`,
        String.raw`\bdefect\s+(?:types?|categories|breakdown|mix|reasons?|causes?)\b`,
        // a breakdown by type: "split line D defects by type", "rejects per category", 按缺陷类型, 分类型
        String.raw`\b(?:by|per)\s+(?:defect\s+|reject\s+)?(?:types?|kinds?|categor(?:y|ies))\b`,
        String.raw`按(?:缺陷|不良|次品)?的?(?:类型|种类|类别)|分(?:缺陷|不良)?(?:类型|种类|类别)|各(?:缺陷|不良)(?:类型|种类)`,
        String.raw`\btypes?\s+of\s+defects?\b|\b(?:what|which)\s+(?:kinds?\s+of\s+)?defects?\b`,
        String.raw`\b(?:main|common|most\s+common|biggest|major)\s+defects?\b`,
      ].join('|'),
      'g',
    ),
  },
  {
    metric: 'defect_rate',
    pattern: new RegExp(
      [
        String.raw`次品率|不良率|缺陷率|废品率|报废率|不合格率|不良品率|(?:不良品?|次品|废品|缺陷|不合格品?)(?:的)?(?:件数|数量|个数|总数|数)|不良品|次品|废品|不合格品`,
        String.raw`不良(?![^，,。?？]*(?:缺陷|类型|种类))|多少缺陷`,
        String.raw`\b(?:defect|defective|reject(?:ion)?|scrap|failure|fail|ng|nok)\s+rates?\b`,
        String.raw`\bhow\s+many\s+(?:defects|rejects|defective)\b`,
        String.raw`\b(?:number|count)\s+of\s+(?:defects|rejects)\b|\bdefects?\b|\bdefective\b|\brejects?\b`,
        String.raw`\bscrap\b`,
      ].join('|'),
      'g',
    ),
  },
  {
    metric: 'yield',
    pattern:
      /(?:一|1)次合格率|首次合格率|良率|合格率|良品率|直通率|\byields?\b|\bpass\s+rates?\b|\bfirst[- ]pass\s+yield\b|\bfpy\b|\bgood\s+rate\b/g,
  },
  {
    metric: 'output',
    pattern: new RegExp(
      [
        String.raw`产量|产出|产能|生产了?多少|产了多少|生产数量|多少件|件数|\boutput\b|\bproduction\b(?!\s+lines?)|\bproduced?\b`,
        // 检验得最多, inspected the most: the pieces inspected
        String.raw`检验(?:得|了)(?=\s*(?:最|多少|几))|\binspected\b(?=\s+(?:the\s+)?(?:most|least|fewest|more|fewer))`,
        String.raw`\bhow\s+many\s+(?:pieces|parts|pcs|units|items)\b|\bthroughput\b|\bpieces\b|\bpcs\b`,
      ].join('|'),
      'g',
    ),
  },
];

export interface MetricSlots {
  metrics: Metric[];
  /** 质量 / quality / 质量情况: the default set */
  general: boolean;
  /** only everyday words ("defects", "production", "pieces"): a metric only beside a line, a period or a ranking */
  weakOnly: boolean;
  spans: Array<Span & { metric: Metric }>;
}

const WEAK_METRIC = /^(?:defects?|defective|rejects?|scrap|production|produced?|pieces|pcs|不良)$/;
export const GENERAL_QUALITY =
  /质量|品质|\bquality\b|\bkpis?\b|\bperformance\b|\bhow\s+did(?=\s+(?:line\s+)?[a-z]?\s*do\b)|\bnumbers\b|\bfigures\b|\bstats\b/g;

export function findMetrics(lower: string): MetricSlots {
  const found: Array<Span & { metric: Metric }> = [];
  for (const rule of METRIC_RULES) {
    for (const match of lower.matchAll(rule.pattern))
      found.push({ metric: rule.metric, start: match.index, end: match.index + match[0].length });
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Array<Span & { metric: Metric }> = [];
  for (const candidate of found) {
    const last = kept[kept.length - 1];
    if (last && candidate.start < last.end) continue;
    kept.push(candidate);
  }
  const metrics: Metric[] = [];
  for (const mention of kept) if (!metrics.includes(mention.metric)) metrics.push(mention.metric);
  const general = GENERAL_QUALITY.test(lower);
  GENERAL_QUALITY.lastIndex = 0;
  const weakOnly =
    kept.length > 0 && kept.every((mention) => WEAK_METRIC.test(lower.slice(mention.start, mention.end)));
  return { metrics, general, weakOnly, spans: kept };
}

export const WHICH_LINE = new RegExp(
  [
    String.raw`哪(?:1|一)?[条个]?(?:生产线|产线|线)|是哪(?:1|一)?[条个]|哪(?:1|一)?条|哪(?=\s*的?\s*(?:最|更|比较))`,
    String.raw`(?:最差|最好|最佳|最糟|最高|最低|最多|最少|最大|最小)的?(?:生产线|产线|线)|排名|排行|排序`,
    String.raw`\bwhich\s+(?:of\s+the\s+|of\s+)?(?:production\s+)?lines?\b|\bwhat\s+line\b`,
    String.raw`\b(?:worst|best|weakest|strongest)\s+(?:production\s+)?lines?\b|\brank(?:ing|ed)?\b`,
  ].join('|'),
);
/** two lines set against each other: "A线比B线好吗", "A和C哪个高", "line A vs line B" */
export const COMPARED =
  /worse|better|更差|更好|较差|较好|higher|lower|更高|更低|compare|对比|比较|比[^，,。?？!！]{0,8}?(?:好|差|高|低|多|少)|哪(?:1|一)?个|\bvs\.?(?=\s|$)|\bversus\b/;
export const WORST = /最差|最糟|最烂|更差|较差|比[^，,。?？!！]{0,8}?差|worst|worse|weakest/;
export const BEST = /最好|最佳|最优|更好|较好|比[^，,。?？!！]{0,8}?好|best|better|strongest/;
export const HIGH =
  /最高|最多|最大|更高|更多|哪(?:1|一)?个(?:更|比较)?(?:高|多|大)|比[^，,。?？!！]{0,8}?(?:高|多)|highest|most|largest|biggest|higher|more/;
export const LOW =
  /最低|最少|最小|更低|更少|哪(?:1|一)?个(?:更|比较)?(?:低|少|小)|比[^，,。?？!！]{0,8}?(?:低|少)|lowest|least|fewest|smallest|lower|fewer|less/;

/** a ranking's direction said outright: "highest first", "from high to low", 由高到低排序 (and the reverse) */
const SORTED = String.raw`(?:(?:sorted|sort|ordered|order|ranked|rank)\s+(?:it\s+|them\s+)?(?:in\s+)?)?`;
const ZH_SORTED = String.raw`(?:排(?:序|列|名|个序|一下|下)?)?`;
export const HIGH_FIRST = new RegExp(
  [
    String.raw`\b(?:highest|most|biggest|largest|high|top)\s+(?:ones?\s+)?(?:first|on\s+top)\b`,
    String.raw`\b${SORTED}(?:from\s+)?high(?:est)?\s+to\s+low(?:est)?\b|\b${SORTED}descending(?:\s+order)?\b`,
    String.raw`(?:从|由)?(?:高到低|多到少|大到小)${ZH_SORTED}`,
  ].join('|'),
);
export const LOW_FIRST = new RegExp(
  [
    String.raw`\b(?:lowest|least|fewest|smallest|low)\s+(?:ones?\s+)?first\b`,
    String.raw`\b${SORTED}(?:from\s+)?low(?:est)?\s+to\s+high(?:est)?\b|\b${SORTED}ascending(?:\s+order)?\b`,
    String.raw`(?:从|由)?(?:低到高|少到多|小到大)${ZH_SORTED}`,
  ].join('|'),
);

/** the worst or the best put first, said outright whatever the measure: "worst first", 最好的在前, 差的排前面 */
export const WORST_FIRST = new RegExp(
  [
    String.raw`\b(?:worst|poorest|weakest|bad(?:dest)?)\s+(?:ones?\s+|lines?\s+)?(?:first|on\s+top|at\s+the\s+top)\b`,
    String.raw`(?:(?:最差|最烂)的?(?:在|排|放)?|差的?(?:在|排|放))(?:最)?(?:前(?:面|头|边)?|上(?:面|头|边))`,
  ].join('|'),
);
export const BEST_FIRST = new RegExp(
  [
    String.raw`\b(?:best|strongest|good)\s+(?:ones?\s+|lines?\s+)?(?:first|on\s+top|at\s+the\s+top)\b`,
    String.raw`(?:(?:最好|最佳)的?(?:在|排|放)?|好的?(?:在|排|放))(?:最)?(?:前(?:面|头|边)?|上(?:面|头|边))`,
  ].join('|'),
);

export type RankMeasure = 'defect_rate' | 'defects' | 'output' | 'yield';

/**
 * What a ranking would order by, read from the metric words: a defect word
 * with "rate" (次品率, defect rate) → defect_rate; a defect word without it
 * (次品最多, 不良品, most defects, defective pieces) → defects; else yield;
 * else output (产量, produced the most). A defect word wins over output
 * ("which line produced the most defects?" counts defects).
 */
export function findRankMeasure(lower: string, metrics: MetricSlots): RankMeasure | undefined {
  const mentions = metrics.spans.map((span) => ({ metric: span.metric, words: lower.slice(span.start, span.end) }));
  const defect = mentions.find((mention) => mention.metric === 'defect_rate');
  if (defect) return /率|\brates?\b/.test(defect.words) ? 'defect_rate' : 'defects';
  if (mentions.some((mention) => mention.metric === 'yield')) return 'yield';
  if (mentions.some((mention) => mention.metric === 'output')) return 'output';
  return undefined;
}

/** the line at one end of a measure: "top line by yield", "bottom line for output" ("the bottom line" of a sum is not) */
const TOP_OR_BOTTOM_LINE = /\b(top|bottom)(?:[- ]ranked)?\s+(?:lines?|shifts?)\s+(?:by|for|on|in)\b/;

/**
 * "which line was worst last week?" → 'worst'. Highest/lowest follow the
 * measure: the highest defect rate or the most defects is the worst, the
 * highest yield or output the best. Comparatives (worse/better, 比…好) rank
 * when two or more lines are named.
 */
export function findRank(
  lower: string,
  measure: RankMeasure | undefined,
  lineCount: number,
): 'worst' | 'best' | undefined {
  const badWhenHigh = measure === undefined || measure === 'defect_rate' || measure === 'defects';
  if (lineCount === 0 || lineCount >= 2) {
    if (WORST_FIRST.test(lower)) return 'worst';
    if (BEST_FIRST.test(lower)) return 'best';
  }
  // the order said outright: the highest first is the best for output and yield, the worst for defects
  const order = HIGH_FIRST.test(lower) ? 'high' : LOW_FIRST.test(lower) ? 'low' : undefined;
  if (order !== undefined && (lineCount === 0 || lineCount >= 2))
    return (order === 'high') === badWhenHigh ? 'worst' : 'best';
  // "top line by yield", "the bottom line for output": the one at the top (the highest) or the bottom of the measure
  if (lineCount === 0) {
    const end = TOP_OR_BOTTOM_LINE.exec(lower)?.[1];
    if (end !== undefined) return (end === 'top') === badWhenHigh ? 'worst' : 'best';
  }
  const asksWhich = WHICH_LINE.test(lower) || (lineCount >= 2 && COMPARED.test(lower));
  if (!asksWhich) return undefined;
  if (WORST.test(lower)) return 'worst';
  if (BEST.test(lower)) return 'best';
  if (HIGH.test(lower)) return badWhenHigh ? 'worst' : 'best';
  if (LOW.test(lower)) return badWhenHigh ? 'best' : 'worst';
  // a ranking without a direction is the full ranking best-first for output and yield (the highest first), and the
  // defect rate's natural order (the highest, the worst, first); 最差 / worst above asks for the worst first
  if (/排名|排行|排序|排一?下|\brank(?:ed|ing|s)?\b/.test(lower)) return badWhenHigh ? 'worst' : 'best';
  return /compare|对比|比较|\bvs\b|versus/.test(lower) ? 'worst' : undefined;
}

export const BY_DAY =
  /每天|每日|逐日|按天|按日|分天|每1天|哪1?天|哪一天|趋势|走势|\bdaily\b|\bper\s+day\b|\beach\s+day\b|\bby\s+day\b|\bday[- ]by[- ]day\b|\bwhich\s+day\b|\btrend\b/;

/** the priorities above one, said after it: "P1以上", "P1及以上", "P2 and above", "P1 or higher" (P0 is the highest) */
export const PRIORITY_ABOVE = String.raw`(?:\s*(?:及|和|或)?\s*以上|\s+(?:or\s+(?:higher|above)|and\s+(?:higher|above|up))\b)`;

export function findPriority(lower: string): 'P0' | 'P1' | 'P2' | 'P3' | undefined {
  const match = /(?<![a-z0-9])p\s*-?\s*([0-3])(?![0-9])|\bpriority\s*([0-3])\b/.exec(lower);
  const level = match?.[1] ?? match?.[2];
  return level === undefined ? undefined : (`P${level}` as 'P0' | 'P1' | 'P2' | 'P3');
}

const SYMPTOM_ZH = new RegExp(
  [
    String.raw`报警(?:代码|码)?\s*[a-z]*-?\d+|(?:异常|严重|剧烈|持续|频繁|明显|轻微|液压|主轴)?(?:振动|`,
    String.raw`震动|抖动|异响|噪音|噪声|过热|发热|(?:温度|油温|水温)(?:过高|偏高|高)|漏油|渗油|漏液|漏气|(?:冷却液|切削液|液压油|机油|润滑油)?泄漏|`,
    String.raw`卡料|卡模|卡住|卡死|堵料|毛刺|`,
    String.raw`尺寸超差|超差|报警|冒烟|跳闸|异味|松动|气孔|针孔|裂纹|开裂|飞溅|压痕|振纹|误判|误检|离线|掉线|通讯中断|`,
    String.raw`碰撞|跑偏|定位偏差|掉件|起弧困难|过载)(?:异常|严重|过大|很大|大|厉害)?`,
  ].join(''),
  'g',
);
const SYMPTOM_EN = new RegExp(
  [
    String.raw`(?:\b(?:abnormal|strange|unusual|excessive|loud|severe|heavy|`,
    String.raw`constant|intermittent|weird|high|hydraulic|oil|air|grinding|coolant|lubricant|lube|grease|water|fluid|`,
    String.raw`squealing|rattling|spindle|frequent)\s+)*\b(?:vibrat(?:ions?|`,
    String.raw`ing|es|e)|shak(?:ing|es)|nois(?:e|es|y)|rattl(?:e|es|ing)|squeal(?:s|`,
    String.raw`ing)?|overheat(?:ing|ed|s)?|over-heat(?:ing|ed)?|too\s+hot|running\s+hot|`,
    String.raw`leak(?:ing|s|age)?|jam(?:med|ming|s)?|stuck|alarm(?:s|ing|ed)`,
    String.raw`?(?:\s+(?:code\s+)?[a-z]?-?\d+)?|error\s+code\s+[a-z]?-?\d+|`,
    String.raw`burrs?|out[- ]of[- ]tolerance|dimensional\s+(?:error|deviation)`,
    String.raw`s?|smok(?:e|ing)|tripp(?:ed|ing)|misalign(?:ed|ment)|porosity|`,
    String.raw`pinholes?|cracks?|cracking|cracked|spatter|dents?|chatter(?:\s+marks?)`,
    String.raw`?|false\s+rejects?|offline|disconnected|collisions?|drift(?:ing|`,
    String.raw`s)?|overload(?:ed)?|drops?\s+parts|dropping\s+parts)\b(?:\s+(?:oil|coolant|lubricant|`,
    String.raw`grease|water|fluid|leaks?|alarms?)\b)?`,
  ].join(''),
  'g',
);

/**
 * the symptoms of the work-order search's own vocabulary (what was observed, before its parts and machines): a
 * symptom it can search for is one the rules read ("arc won't strike", "power dip", 来料), one list for both
 */
const LEXICON_SYMPTOMS: RegExp[] = OBSERVED_SYNONYMS.flatMap((entry) => [entry.zh, entry.en]);

/**
 * an alarm code of the machines' manuals (SP9031, EX1021; lower-cased here): the work orders write it in their
 * details, so it is a symptom the search finds ("SP9031又报了 上次咋处理的"); a work-order number (WO2961) is not one
 */
export const ALARM_CODE = /(?<![a-z0-9])(?!wo\d)[a-z]{2}\d{4}(?![a-z0-9])/g;

export interface SymptomSlots {
  /** the operator's own words, several joined */
  symptom: string | undefined;
  spans: Span[];
}

/**
 * Symptoms named, in the rules' words (a synonym or typo rewritten: 抖 → 振动, 撞机 → 碰撞, as the
 * work orders write them); symptoms side by side are one ("碰撞报警").
 */
export function findSymptoms(normalized: NormalizedText, lower: string): SymptomSlots {
  const spans: Span[] = [];
  const words: string[] = [];
  for (const pattern of [SYMPTOM_ZH, SYMPTOM_EN, ...LEXICON_SYMPTOMS, ALARM_CODE]) {
    for (const match of lower.matchAll(pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (spans.some((other) => span.start < other.end && other.start < span.end)) continue;
      spans.push(span);
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && /^[\u4e00-\u9fff]*$/.test(lower.slice(last.end, span.start)) && span.start - last.end === 0)
      last.end = span.end;
    else joined.push({ ...span });
  }
  for (const span of joined) {
    const rewritten = normalized.rewrites.some(
      (rewrite) => !['numeral', 'frame', 'chat', 'spoken'].includes(rewrite.kind),
    );
    const words0 = rewritten
      ? normalized.text.slice(span.start, span.end).trim()
      : slice(normalized, span.start, span.end);
    if (words0 && !words.includes(words0)) words.push(words0);
  }
  const joiner = /[\u4e00-\u9fff]/.test(words.join('')) ? '，' : ', ';
  return { symptom: words.length > 0 ? words.join(joiner) : undefined, spans };
}

/**
 * a person asked ("who's assigned the vibration order", "which engineer fixed it", "2983那个单子谁在跟"): the people of
 * the work orders or the rota, never what fixed a symptom or a machine's state
 */
export const PERSON_ASKED =
  /\bwho\b|\bwho's\b|\bwhom\b|\bwhose\b|\bwhich\s+(?:engineer|tech|technician|person|guy)\b|\bassign(?:ed|ee)\b|\bowner\b|谁|哪位|哪个(?:工程师|师傅|人)|负责人|跟进人|处理人/;

export const ADVICE = new RegExp(
  [
    String.raw`怎么处理|怎么办|如何处理|怎么修|怎样修|怎么维修|如何维修|怎么解决|如何解决|如何修|维修建议|处理建议|解决方案|`,
    String.raw`解决办法|处理方法|维修方法|维修记录|以前|之前|历史|上次|什么原因|原因是|\bwhat\s+fixed\b|\bfixed\s+(?:this|`,
    String.raw`it|that)\b|\bhow\s+(?:do|did|can|could|should|to)\s+(?:i\s+|`,
    String.raw`we\s+|you\s+)?(?:fix|repair|solve|resolve|handle|deal\s+with)`,
    String.raw`\b|\b(?:fix|repair|remedy|resolution|solution)s?\b|\brecommend(?:ation|`,
    String.raw`ations|ed)?\b|\badvi[cs]e\b|\bsuggest(?:ion|ions)?\b|\bwhat\s+(?:should|`,
    String.raw`can|do)\s+(?:i|we)\s+do\b|\broot\s+cause\b|\btroubleshoot(?:ing)`,
    String.raw`?\b|\bbefore\b|\bpreviously\b|\bin\s+the\s+past\b|\b(?:any\s+)?ideas?\b|`,
    String.raw`\b(?:past|previous|earlier|old)\s+(?:fix(?:es)?|repairs?|remed(?:y|ies)|wos?|work\s*orders?|tickets)\b|`,
    String.raw`\bhow\s+(?:was|were|is|has|have)\s+(?:it|this|that|they|these|those)\s+(?:been\s+)?(?:fixed|repaired|solved|resolved|sorted)\b|`,
    String.raw`\b(?:the\s+)?last\s+time\s+(?:it|this|that|we)\b|`,
    // experience of it (有啥经验, 以往经验): what was done before
    String.raw`(?:有|有没有|有什么|有啥|以往的?|过往的?)\s*经验|历史工单`,
  ].join(''),
);
