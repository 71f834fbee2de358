/**
 * Every slot the rules can read from one question, before any intent is
 * chosen. Order matters: equipment first (so "3号冲压机" is not "the 3rd"),
 * then periods on the rest, then metrics and symptoms on what is left.
 */
import { localDate } from '../../clock.js';
import type { Language } from '../types.js';
import type { Period } from '../args.js';
import { type NormalizedText, type Span, detectLanguage, mask, normalizeText, slice } from './normalize.js';
import { type PeriodMention, findPeriods } from './period.js';
import { type EquipmentMention, type KnownEquipment, findEquipment } from './equipment.js';
import {
  type NotRecorded,
  type Qualifier,
  type ShiftMention,
  findForecast,
  findNotRecorded,
  findQualifiers,
  machineGrain,
  findShifts,
  impliedNightShift,
} from './qualifiers.js';
import { type DefectMention, findDefectTypes } from './defects.js';
import {
  type BatchMention,
  type NameMention,
  type PlantNames,
  findBatches,
  findInspectors,
  findProducts,
} from './entities.js';
import { type PersonMention, findKnownPeople, nearestPeople, unknownNames, type KnownPerson } from './people.js';
import { COMMON_EN } from './lexicon.js';
import {
  type LineSlots,
  type MetricSlots,
  type SymptomSlots,
  type RankMeasure,
  BY_DAY,
  findLines,
  findMetrics,
  findPriority,
  PRIORITY_ABOVE,
  findRank,
  findRankMeasure,
  findSymptoms,
} from './slots.js';

export interface Analysis {
  normalized: NormalizedText;
  language: Language;
  today: string;
  lines: LineSlots;
  equipment: EquipmentMention | undefined;
  /** the periods named, in order (period.ts: reversed ranges, future periods flagged) */
  periods: PeriodMention[];
  metrics: MetricSlots;
  rank: 'worst' | 'best' | undefined;
  /** what a ranking orders by, from the metric words (undefined: the skill's default) */
  rankBy: RankMeasure | undefined;
  byDay: boolean;
  priority: 'P0' | 'P1' | 'P2' | 'P3' | undefined;
  symptoms: SymptomSlots;
  /** dimensions and qualifiers finer than a line and a day (inspector, shift, batch…) */
  qualifiers: Qualifier[];
  /** named shifts (白班, night shift); one is a slot, several a comparison */
  shifts: ShiftMention[];
  /** defect types named (划痕, porosity) */
  defectTypes: DefectMention[];
  /** measures the data does not record (rework, OEE, energy, cost, downtime hours) */
  notRecorded: NotRecorded[];
  /** words that ask for a forecast ("will … be", 预计, 能到多少): the data holds what happened */
  forecast: NotRecorded | undefined;
  /** batch numbers named (B20261119D007), as typed */
  batches: BatchMention[];
  /** inspectors named: from the plant's own names, or said after 检验员 / inspector */
  inspectors: NameMention[];
  /** products named: by name or code as the plant's data has them, or a code after 型号 / product */
  products: NameMention[];
  /** engineers named (work-order assignees, the on-call rota), by the plant's own names (people.ts) */
  engineers: PersonMention[];
  /** people named whom the plant's data does not have, with the nearest names it does (never dropped) */
  unknownPeople: Array<Span & { value: string; nearest: string[] }>;
  /** every engineer and inspector the plant's data names (for the honest reply's "the engineers are …") */
  people: KnownPerson[];
  /** the lower-cased question with every slot blanked (what is left says the intent) */
  rest: string;
}

/** times the period rules do not resolve: week numbers, quarters, halves, named holidays */
const UNRESOLVED_TIME = new RegExp(
  [
    String.raw`第\s*[\d一二三四五六两]+\s*(?:周|个?星期|个?礼拜|季度?)|[上下]半年|季度|春节|国庆节?|元旦|劳动节|五一|中秋节?|端午节?|清明节?|圣诞节?`,
    String.raw`\b(?:the\s+)?(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+(?:week|quarter|half)\b`,
    String.raw`\bweek\s*(?:#|no\.?\s*)?\d{1,2}\b|\bcw\s*\d{1,2}\b|\bq[1-4]\b|\bquarter\b`,
    String.raw`\bchristmas(?:\s+(?:day|eve))?\b|\bnew\s+year'?s?(?:\s+(?:day|eve))?\b`,
    String.raw`\bthanksgiving(?:\s+day)?\b|\beaster\b|\bgolden\s+week\b|\bchinese\s+new\s+year\b`,
    String.raw`\bspring\s+festival\b`,
  ].join('|'),
  'g',
);

/**
 * Words that count or point at what the question names itself: "两个检验员 杨静和黄敏" (2 named), "这批" beside a
 * batch number, "两批对比" with two batch numbers: claimed, so they are not left over as unknown words.
 */
function countsOfNamed(
  lower: string,
  named: { inspectors: NameMention[]; products: NameMention[]; batches: BatchMention[] },
): Span[] {
  const spans: Span[] = [];
  const kinds: Array<[RegExp, number]> = [
    [
      /(\d+)\s*(?:个|位|名)\s*(?:检验员|质检员|检验|inspectors?)/g,
      new Set(named.inspectors.map((entry) => entry.value)).size,
    ],
    [/(\d+)\s*(?:个|款|种)?\s*(?:产品|型号|products?)/g, new Set(named.products.map((entry) => entry.value)).size],
    [/(\d+)\s*(?:个)?\s*(?:批次|批)|\b(\d+)\s+(?:batch(?:es)?|lots)\b/g, named.batches.length],
  ];
  for (const [pattern, count] of kinds) {
    if (count === 0) continue;
    for (const match of lower.matchAll(pattern))
      if (Number(match[1] ?? match[2]) === count)
        spans.push({ start: match.index, end: match.index + match[0].length });
  }
  if (named.batches.length > 0)
    for (const match of lower.matchAll(/(?:这|那)\s*(?:个|1)?\s*(?:批次|批)|\b(?:this|that|the)\s+(?:batch|lot)\b/g))
      spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

export function analyse(
  question: string,
  context: { now: Date; timezone: string; equipment?: KnownEquipment[] | undefined; names?: PlantNames | undefined },
): Analysis {
  const normalized = normalizeText(question);
  const today = localDate(context.now, context.timezone);
  // a batch number first: "A20261118D003" is neither line A nor the 18th of November
  const batches = findBatches(normalized.lower, normalized, context.names);
  const lower = mask(normalized.lower, batches);

  const lines = findLines(lower, mask(normalized.text, batches), context.names?.lines);
  const equipment = findEquipment({
    normalized,
    lower,
    line: lines.lines.length === 1 ? lines.lines[0] : undefined,
    known: context.equipment,
  });
  const withEquipment = mask(lower, equipment ? [equipment, ...(equipment.also ?? [])] : []);
  // inspectors and products by the plant's own names, before periods ("周杰" is no week)
  // a name the data lacks keeps the operator's spelling ("Miller", "XY-999") for the reply
  const asTyped = (mention: NameMention): NameMention =>
    mention.known ? mention : { ...mention, value: slice(normalized, mention.start, mention.end) || mention.value };
  const inspectors = findInspectors(mask(withEquipment, lines.spans), context.names).map(asTyped);
  const products = findProducts(mask(withEquipment, [...lines.spans, ...inspectors]), context.names).map(asTyped);
  const people = knownPeople(context.names);
  const engineers = findKnownPeople(
    mask(withEquipment, [...lines.spans, ...inspectors, ...products]),
    people.filter((person) => person.role === 'engineer'),
  );
  const withoutEquipment = mask(withEquipment, [...inspectors, ...products, ...engineers]);

  const periods = findPeriods(normalized, withoutEquipment, today);
  // a time the rules cannot resolve (第2周, Q3, 春节, New Year's Day) makes the period unsure, so
  // the router asks (or the model plans) instead of answering the month or today with confidence
  UNRESOLVED_TIME.lastIndex = 0;
  // (a time a period claims as one it holds, "the one spanning new year", is that period's)
  const claimedByPeriods = [...periods, ...periods.flatMap((mention) => mention.also ?? [])];
  for (const match of mask(withoutEquipment, claimedByPeriods).matchAll(UNRESOLVED_TIME)) {
    periods.push({ start: match.index, end: match.index + match[0].length, period: undefined });
  }
  periods.sort((a, b) => a.start - b.start);
  const withoutPeriods = mask(withoutEquipment, [...periods, ...periods.flatMap((mention) => mention.also ?? [])]);

  const metrics = findMetrics(withoutPeriods);
  const symptoms = findSymptoms(normalized, withoutPeriods);
  const rankBy = findRankMeasure(withoutPeriods, metrics);
  // 谁 among named lines ("四条线上周谁最差", "A和B谁好") asks which line, not who
  const whoAmongLines =
    /谁/.test(withoutPeriods) &&
    (lines.all || lines.lines.length >= 2) &&
    inspectors.length === 0 &&
    products.length === 0;
  const rank = findRank(
    whoAmongLines ? withoutPeriods.replace(/谁/g, '哪') : withoutPeriods,
    rankBy,
    lines.lines.length,
  );
  const priority = findPriority(withoutPeriods);
  // with the ones above it said after it ("P1以上", "P2 and above": work_orders reads them all)
  const priorityMatch = new RegExp(String.raw`(?<![a-z0-9])p\s*-?\s*[0-3](?![0-9])${PRIORITY_ABOVE}?`).exec(
    withoutPeriods,
  );

  // a name the data lacks, by its shape, where no slot rule claimed the words ("Tom Baker", "zhang jianguo", 李明是…)
  const unknownPeople = context.names
    ? unknownNames({
        text: normalized.text,
        lower: mask(withoutPeriods, [...lines.spans, ...metrics.spans, ...symptoms.spans]),
        taken: [...batches, ...inspectors, ...products, ...engineers],
        commonWords: COMMON_EN,
        context: mask(withoutEquipment, [...lines.spans, ...metrics.spans, ...symptoms.spans]),
      }).map((name) => ({
        ...name,
        nearest: nearestPeople(name.value, people).map((person) => person.name),
      }))
    : [];
  const rest = mask(withoutPeriods, [
    ...unknownPeople,
    ...lines.spans,
    ...metrics.spans,
    ...symptoms.spans,
    ...(priorityMatch ? [{ start: priorityMatch.index, end: priorityMatch.index + priorityMatch[0].length }] : []),
    ...countsOfNamed(withoutPeriods, { inspectors, products, batches }),
  ]);

  // one named shift is a slot: its words are no 'shift' or 'hour' qualifier ("night shift" is not "at night");
  // "last night's shift" / 昨晚夜班 name the night shift, not an hour
  const shifts = findShifts(withoutEquipment);
  // 昨晚 / last night, no shift named: yesterday's night shift
  const lastNight = shifts.length === 0 ? impliedNightShift(withoutEquipment) : undefined;
  if (lastNight) shifts.push(lastNight);
  let qualifiers = findQualifiers(mask(withoutEquipment, shifts.length === 1 ? shifts : []));
  const perMachine = machineGrain(normalized.lower);
  if (perMachine) qualifiers.push(perMachine);
  // words claimed by a period (国庆那几天, 那周) or a metric (不良原因: the defect types) are neither references nor causes
  const claimedText = mask(withoutPeriods, metrics.spans);
  const again = findQualifiers(claimedText);
  qualifiers = qualifiers.filter(
    (qualifier) =>
      !(qualifier.dimension === 'reference' || qualifier.dimension === 'cause') ||
      again.some((other) => other.dimension === qualifier.dimension),
  );
  if (whoAmongLines)
    qualifiers = qualifiers.filter((qualifier) => !(qualifier.dimension === 'inspector' && qualifier.words === '谁'));
  if (shifts.some((shift) => shift.shift === 'night')) {
    qualifiers = qualifiers.filter(
      (qualifier) =>
        !(
          qualifier.dimension === 'hour' &&
          /^(?:昨晚|今晚|昨夜|夜里|夜间|last\s+night|tonight|overnight|night|nights)$/.test(qualifier.words)
        ),
    );
  }

  return {
    normalized,
    language: detectLanguage(question),
    today,
    lines,
    equipment,
    periods,
    metrics,
    rank,
    rankBy,
    byDay: BY_DAY.test(withoutPeriods),
    priority,
    symptoms,
    qualifiers,
    shifts,
    defectTypes: findDefectTypes(withoutPeriods),
    notRecorded: findNotRecorded(withoutEquipment),
    forecast: findForecast(withoutEquipment),
    batches,
    inspectors,
    products,
    engineers,
    unknownPeople,
    people,
    rest,
  };
}

/** the engineers and inspectors the plant's data names, as people (people.ts) */
export function knownPeople(names: PlantNames | undefined): KnownPerson[] {
  return [
    ...(names?.engineers ?? []).map((engineer) => ({
      name: engineer.name,
      login: engineer.login,
      role: 'engineer' as const,
    })),
    ...(names?.inspectors ?? []).map((inspector) => ({ name: inspector.name, role: 'inspector' as const })),
  ];
}
