/**
 * Every slot the rules can read from one question, before any intent is
 * chosen. Order matters: equipment first (so "3号冲压机" is not "the 3rd"),
 * then periods on the rest, then metrics and symptoms on what is left.
 */
import { localDate } from '../../clock.js';
import type { Language } from '../types.js';
import type { Period } from '../args.js';
import { type NormalizedText, type Span, detectLanguage, mask, normalizeText } from './normalize.js';
import { findPeriods } from './period.js';
import { type EquipmentMention, type KnownEquipment, findEquipment } from './equipment.js';
import { type Qualifier, findQualifiers } from './qualifiers.js';
import { type LineSlots, type MetricSlots, type SymptomSlots, type RankMeasure, BY_DAY, findLines, findMetrics, findPriority, findRank, findRankMeasure, findSymptoms } from './slots.js';

export interface Analysis {
  normalized: NormalizedText;
  language: Language;
  today: string;
  lines: LineSlots;
  equipment: EquipmentMention | undefined;
  periods: Array<Span & { period: Period | undefined }>;
  metrics: MetricSlots;
  rank: 'worst' | 'best' | undefined;
  /** what a ranking orders by, from the metric words (undefined: the skill's default) */
  rankBy: RankMeasure | undefined;
  byDay: boolean;
  priority: 'P0' | 'P1' | 'P2' | 'P3' | undefined;
  symptoms: SymptomSlots;
  /** dimensions and qualifiers finer than a line and a day (inspector, shift, batch…) */
  qualifiers: Qualifier[];
  /** the lower-cased question with every slot blanked (what is left says the intent) */
  rest: string;
}

export function analyse(question: string, context: { now: Date; timezone: string; equipment?: KnownEquipment[] | undefined }): Analysis {
  const normalized = normalizeText(question);
  const today = localDate(context.now, context.timezone);
  const { lower } = normalized;

  const lines = findLines(lower, normalized.text);
  const equipment = findEquipment({ normalized, lower, line: lines.lines.length === 1 ? lines.lines[0] : undefined, known: context.equipment });
  const withoutEquipment = mask(lower, equipment ? [equipment] : []);

  const periods = findPeriods(normalized, withoutEquipment, today);
  const withoutPeriods = mask(withoutEquipment, periods);

  const metrics = findMetrics(withoutPeriods);
  const symptoms = findSymptoms(normalized, withoutPeriods);
  const rankBy = findRankMeasure(withoutPeriods, metrics);
  const rank = findRank(withoutPeriods, rankBy, lines.lines.length);
  const priority = findPriority(withoutPeriods);
  const priorityMatch = /(?<![a-z0-9])p\s*-?\s*[0-3](?![0-9])/.exec(withoutPeriods);

  const rest = mask(withoutPeriods, [
    ...lines.spans,
    ...metrics.spans,
    ...symptoms.spans,
    ...(priorityMatch ? [{ start: priorityMatch.index, end: priorityMatch.index + priorityMatch[0].length }] : []),
  ]);

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
    qualifiers: findQualifiers(withoutEquipment),
    rest,
  };
}
