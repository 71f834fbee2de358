/**
 * The deterministic rule router (issue 4, "rules first, model second"): it
 * recognises the frequent operator questions in Chinese and English and fills
 * their slots, so the skill runs directly with no model. When a rule matches
 * but a slot is missing, `missing` names it (the model, or the honest reply,
 * asks); when no rule matches, `kind: 'none'` — a wrong deterministic answer
 * is worse than handing over to the model. The same holds when a rule would
 * match but the question asks for something finer than the skill answers
 * (by inspector, shift, batch, product, hour, recorded_at — qualifiers.ts).
 *
 * Dates are plant-local, from `context.now` in `context.timezone`; see
 * period-rules.ts for the week, weekday and year-less date semantics.
 */
import type { RouteDecision, SessionSlots, Unhonoured } from '../engine-types.js';
import type { Language } from '../types.js';
import type { Period } from '../args.js';
import { type Analysis, analyse } from './analysis.js';
import {
  type Anchor,
  type Fill,
  anchorOf,
  anchorOfAnalysis,
  findReferences,
  mergeAnchors,
  withAnchor,
} from './reference.js';
import { COUNTED_OUT, leansOnBefore, partQuestion, splitQuestions } from './several.js';
import { withoutQuoteAndMentions } from './chat.js';
import type { KnownEquipment } from './equipment.js';
import type { PlantNames } from './entities.js';
import { carriedSkill, isFollowUp, mergeFollowUp } from './follow-up.js';
import { detectIntent } from './intents.js';
import { shiftMonth, wholeMonth } from './calendar.js';
import { addDays, localDate } from '../../clock.js';
import { peopleUnhonoured, unhonoured } from './accounting.js';
import { NAMED_WHEN_UNMATCHED } from './qualifiers.js';
import type { RouterSkills, SkillRouting, SkillSlots } from './routing.js';

export { resolvePeriod } from './period.js';
export { detectLanguage } from './normalize.js';
export { routerExamples } from './examples.js';
export type { Period };
export type { RouterSkills, SkillRouting } from './routing.js';
export type { PlantNames } from './entities.js';

export interface RouterContext {
  /** the routed skills and their intents in the order they win (the skills index) */
  skills: RouterSkills;
  /** from now() — honours --now */
  now: Date;
  /** plant.timezone */
  timezone: string;
  /** the session's last routed question, for follow-ups */
  previous?: SessionSlots;
  /** known equipment, when the engine has loaded it */
  equipment?: KnownEquipment[];
  /** the plant's inspectors, products and batch-number shape, when the engine has loaded them */
  names?: PlantNames | undefined;
}

function missingOf(
  routing: SkillRouting,
  filled: { args: Record<string, unknown>; slots: SkillSlots },
  extra: string[] = [],
): string[] {
  const { args, slots } = filled;
  const missing = routing.required.filter((slot) => args[slot] === undefined);
  for (const slot of [...slots.unsure, ...extra]) if (!missing.includes(slot)) missing.push(slot);
  return missing;
}

/**
 * 'none' when the question names something `skill` cannot honour — a finer
 * breakdown ("which inspector…", "per batch"), a measure the data does not
 * record (rework, OEE, downtime hours), words the rules did not understand:
 * the skill would drop it and answer a different question with confidence.
 * Each is named in `unhonoured`, so the honest reply can say it.
 */
function declined(
  routing: SkillRouting,
  analysis: ReturnType<typeof analyse>,
  context: RouterContext & { followUp?: boolean },
): RouteDecision | undefined {
  const { language } = analysis;
  const beyond = unhonoured(routing, analysis, { skills: context.skills, followUp: context.followUp === true });
  if (beyond.length === 0) return undefined;
  const named = beyond.map((entry) => describeUnhonoured(entry, routing.skill)).join('; ');
  return { kind: 'none', language, reason: `${named}; the model plans the query`, unhonoured: beyond };
}

/**
 * One thing the rules did not honour, as the model's hint reads it. What the rules only failed to read is said
 * as that ("could not read", "could not match … to anyone"), never as a fact about the plant: a pinyin name the
 * rules did not match was reported as a person the data lacks, "who" as an inspector breakdown.
 */
export function describeUnhonoured(entry: Unhonoured, skill?: string): string {
  switch (entry.kind) {
    case 'not_recorded':
      return `asks for ${entry.en ?? entry.dimension} ("${entry.words}"), which the plant data does not record`;
    case 'not_understood':
      return `the rules could not read "${entry.words}"`;
    case 'unknown':
      // an engineer asked of as an inspector is known from the data; any other name was only not matched
      return entry.en
        ? `${entry.en} ("${entry.words}")`
        : `the rules could not match the name "${entry.words}" to anyone in the plant's lists` +
            (entry.nearest && entry.nearest.length > 0 && entry.nearest.length <= 3
              ? ` (nearest: ${entry.nearest.join(', ')})`
              : '') +
            '; look the name up in the data (inspectors: quality_data.inspector, engineers: engineers.name)';
    default:
      return skill
        ? `asks by ${entry.dimension} ("${entry.words}"), which ${skill} cannot break down`
        : `the rules could not read "${entry.words}"`;
  }
}

/**
 * The parts of a question that asks several ("line A's defect rate yesterday,
 * and is the on-call engineer on a holiday today?"), when two or more parts
 * each ask for a skill; undefined for one question (several.ts).
 */
export function severalQuestions(
  question: string,
  context: RouterContext,
  follows: (words: string) => boolean = followsOnlyIn(context),
): string[] | undefined {
  return splitQuestions(question, (words) => asksOwn(analyse(words, context), context), follows);
}

/** followsOnly for one question's parts, each read once (the split, the routing and the verdict all ask) */
function followsOnlyIn(context: RouterContext): (words: string) => boolean {
  const known = new Map<string, boolean>();
  return (words) => {
    let follows = known.get(words);
    if (follows === undefined) known.set(words, (follows = followsOnly(words, context)));
    return follows;
  };
}

/** "how did it go" words: a question of its own about the line or time it names, read by a rule or not */
const HOW_DID = /咋样|怎么样|怎样|如何|\bhow\s+(?:did|does|is|was|are|were)\b/i;

/**
 * words that ask a question of their own: a skill's intent, or how a line or period went ("昨晚B线夜班咋样", which no
 * rule reads: a part of its own, never dropped for the other part's answer)
 */
function asksOwn(analysis: Analysis, context: RouterContext): boolean {
  if (detectIntent(analysis, context.skills) !== undefined) return true;
  return HOW_DID.test(analysis.normalized.lower) && (analysis.lines.lines.length > 0 || analysis.periods.length > 0);
}

/**
 * words that are a follow-up naming only slots — another shift, line, period or machine ("那夜班呢", "and the week
 * before?", "C线呢"): after a question they ask it again with those slots, a question of their own
 */
function followsOnly(words: string, context: RouterContext): boolean {
  if (leansOnBefore(words)) return false;
  const analysis = analyse(words, context);
  // what the words ask without their joining word ("also what's today's date" asks the date)
  const bare = partQuestion(words);
  if (detectIntent(bare === words ? analysis : analyse(bare, context), context.skills) !== undefined) return false;
  const names =
    analysis.lines.lines.length > 0 ||
    analysis.periods.length > 0 ||
    analysis.shifts.length > 0 ||
    analysis.equipment !== undefined;
  return names && isFollowUp(analysis);
}

/** the period before the one asked, by the unit a relative period names ("the week before" of last week) */
function periodBefore(asked: Period, label: string): Period | undefined {
  const unit = /天|日|day/i.test(label)
    ? 'day'
    : /周|星期|礼拜|week/i.test(label)
      ? 'week'
      : /月|month/i.test(label)
        ? 'month'
        : undefined;
  if (unit === 'day') return { from: addDays(asked.from, -1), to: addDays(asked.from, -1), label };
  if (unit === 'week') return { from: addDays(asked.from, -7), to: addDays(asked.from, -1), label };
  if (unit !== 'month') return undefined;
  const { year, month } = shiftMonth(asked.from, -1);
  return { ...wholeMonth(year, month), label };
}

/** a period said as the one before another ("前一天", "the previous week"): counted back from what was asked */
const RELATIVE_TO_BEFORE =
  /^(?:再|之)?前\s*(?:一|1)\s*个?\s*(?:天|日|周|星期|礼拜|月)$|^the\s+(?:previous|preceding|prior)\s+\w+$|^the\s+(?:day|week|month)\s+before$/i;

/** a holiday asked of a person ("for them", "is he off", 他放假吗, 她那天休息吗) */
const THEIR_HOLIDAY = /\b(?:them|him|her|they|he|she|the\s+(?:on[-\s]?call\s+)?(?:engineer|guy|person))\b|他|她/;

/** the day an on-call check asks about (its date, or today moved by its day offset), as public_holidays gets it */
function oncallDate(args: Record<string, unknown>, context: RouterContext): string {
  if (typeof args.date === 'string') return args.date;
  const today = localDate(context.now, context.timezone);
  return addDays(today, typeof args.day_offset === 'number' ? args.day_offset : 0);
}

/**
 * Each part routed in turn: a part reads the earlier parts' slots — a reference back ("then", 那天, that shift)
 * points at them, and what it leaves unsaid that its skill takes (the line, the period, the machine) is theirs.
 */
function routeParts(
  parts: string[],
  context: RouterContext,
  question: { language: Language; follows: (words: string) => boolean; countedOut: boolean },
): RouteDecision {
  const { language, follows: followsOnlyPart, countedOut } = question;
  const routed: RouteDecision[] = [];
  let previous = context.previous;
  let topic: Anchor = {};
  for (const [index, part] of parts.entries()) {
    const follows = index > 0 && followsOnlyPart(part);
    // a follow-up part keeps its joining word ("and that line last month?"): it is read as a follow-up
    const analysis = analyse(follows ? part : partQuestion(part), context);
    // questions counted out ("一是… 二是…") are separate: a part takes nothing the others said unless it refers back
    let decision = routeAnalysis(analysis, { ...context, previous }, countedOut ? undefined : topic);
    const before = routed[index - 1];
    // a time counted back from the part before ("11月26日C线产量，跟前一天相比": the 25th, not yesterday)
    const countedBack = analysis.periods.some((span) => RELATIVE_TO_BEFORE.test(span.period?.label ?? ''));
    // "the week before" alone is not settled: the words say which unit to count back
    const relative = analysis.periods
      .map((span) => span.period?.label ?? analysis.normalized.lower.slice(span.start, span.end).trim())
      .find((label) => RELATIVE_TO_BEFORE.test(label));
    // a follow-up naming only a period before the one asked ("and the week before?"): counted back from it
    const asked = routed.findLast((earlier) => earlier.kind === 'skill');
    if (
      relative &&
      asked?.kind === 'skill' &&
      isPeriodArg(asked.args.period) &&
      decision.kind === 'skill' &&
      decision.skill === asked.skill &&
      follows
    ) {
      const period = periodBefore(asked.args.period, relative);
      if (period)
        decision = {
          ...decision,
          args: { ...decision.args, period },
          missing: decision.missing.filter((slot) => slot !== 'period'),
        };
    }
    if ((!confident(decision) || countedBack) && before?.kind === 'skill' && leansOnBefore(part)) {
      // "who closed the most of those": a question about the part before's things is read with that part's words
      const together = routeAnalysis(analyse(`${parts[index - 1]} ${part}`, context), context);
      if (
        confident(together) &&
        (together.skill === before.skill ||
          (countedBack && decision.kind === 'skill' && together.skill === decision.skill))
      )
        decision = together;
    }
    routed.push(decision);
    if (decision.kind === 'skill') {
      previous = { skill: decision.skill, args: decision.args };
      topic = mergeAnchors(topic, anchorOf(decision.args));
    } else topic = mergeAnchors(topic, anchorOfAnalysis(analysis));
  }
  // "12月8号谁值班，那天他放假不", "who's on call today? is it a holiday for them?": the holiday asked of the on-call
  // engineer is theirs — the on-call check says whether the day is a public holiday in the engineer's own country;
  // the plant's calendar (public_holidays, China unless a country is named) would answer for the wrong country
  const [first, second] = routed;
  if (
    routed.length === 2 &&
    first?.kind === 'skill' &&
    first.skill === 'oncall_check' &&
    first.args.period === undefined &&
    second?.kind === 'skill' &&
    second.skill === 'public_holidays' &&
    second.args.country === undefined &&
    second.args.period === undefined &&
    (second.args.date === undefined || second.args.date === oncallDate(first.args, context)) &&
    THEIR_HOLIDAY.test(parts[1]!.toLowerCase())
  )
    return first;
  const answered = routed.filter((decision) => decision.kind === 'skill' && decision.missing.length === 0).length;
  // each part as the operator asked it, without the joining words before it ("and …", 还有…): the answer's headings
  const asked = parts.map(partQuestion);
  return {
    kind: 'none',
    language,
    reason:
      `several questions in one (${asked.join(' / ')}); each is answered on its own ` +
      `(${answered} of ${parts.length} by the rules)`,
    unhonoured: [{ kind: 'beyond', dimension: 'several_questions', words: asked.join(' / ') }],
    parts: asked,
    routed,
  };
}

export function routeQuestion(question: string, context: RouterContext): RouteDecision {
  const analysis = analyse(question, context);
  const language: Language = analysis.language;
  if (analysis.normalized.lower.trim() === '') return { kind: 'none', language, reason: 'an empty question' };
  // cut as the operator asked it: without the quote a reply drops and the mentions (chat.ts)
  const follows = followsOnlyIn(context);
  const several = severalQuestions(withoutQuoteAndMentions(question), context, follows);
  if (several) {
    const parts = routeParts(several, context, { language, follows, countedOut: COUNTED_OUT.test(question) });
    const routed = parts.kind === 'none' ? (parts.routed ?? []) : [];
    // one answer for the whole message only where it answers every part: parts of one skill that it reads
    // together ("这个是上周的批吗 谁检的"), a figure and its comparison ("B线上周产量多少，跟上上周比呢"); never one
    // part's answer with the others dropped ("哪条线昨天最差" is not A's and B's rates, "who closed the most of
    // those" not the count)
    const whole = routeAnalysis(analysis, context);
    // a later part that names only another shift, line or period ("那夜班呢") asks the question again: two answers
    if (several.slice(1).some(follows)) return parts;
    const skills = new Set(routed.map((decision) => (decision.kind === 'skill' ? decision.skill : '')));
    if (skills.has('')) return parts;
    if (!confident(whole)) return parts;
    return routed.every((part) => answersPart(whole, part)) ? whole : parts;
  }
  return routeAnalysis(analysis, context);
}

/** a decision that answers: a skill with every slot it needs */
function confident(decision: RouteDecision): decision is Extract<RouteDecision, { kind: 'skill' }> {
  return decision.kind === 'skill' && decision.missing.length === 0;
}

/** the arguments a skill's answer is shaped by (a ranking, a breakdown, a comparison's mode, a filter) */
const SHAPING = ['rank', 'rank_by', 'by', 'mode', 'status', 'dated_by', 'by_day'];

/** the whole message's answer holds what a part asks: the same skill on its slots (its lines among more) */
function answersPart(whole: Extract<RouteDecision, { kind: 'skill' }>, part: RouteDecision): boolean {
  if (part.kind !== 'skill') return false;
  const sameValue = (key: string, ours: unknown, theirs: unknown): boolean => {
    if (isPeriodArg(ours) || isPeriodArg(theirs))
      return isPeriodArg(ours) && isPeriodArg(theirs) && ours.from === theirs.from && ours.to === theirs.to;
    // the part's lines among the whole's; a figure of the part's among the whole's ("how did C do? defect rate")
    if (key === 'lines' && Array.isArray(ours) && Array.isArray(theirs))
      return theirs.length === 0 ? ours.length === 0 : theirs.every((value) => ours.includes(value));
    // the part's batches or orders among the whole's: "C20261130N003 + C20261130N004 defects?" is one list
    if ((key === 'batches' || key === 'order_ids') && Array.isArray(ours) && Array.isArray(theirs))
      return theirs.length > 0 && theirs.every((value) => ours.includes(value));
    if (key === 'metrics' && Array.isArray(ours) && Array.isArray(theirs))
      return theirs.some((value) => ours.includes(value));
    // words the whole's hold: "480*12" of "480*12 + 320*8"
    if (typeof ours === 'string' && typeof theirs === 'string') return ours.includes(theirs);
    return JSON.stringify(ours) === JSON.stringify(theirs);
  };
  // a figure compared with another time: the comparison gives the figure of its own period too
  if (whole.skill === 'quality_compare' && part.skill === 'quality_metrics' && whole.args.mode === 'previous')
    return (
      part.args.rank === undefined &&
      sameValue('period', whole.args.period, part.args.period) &&
      sameValue('lines', whole.args.lines, part.args.lines)
    );
  if (whole.skill !== part.skill) return false;
  // a piece that leaves a slot to the rest of the message ("谁检的" of "这个是上周的批吗 谁检的")
  if (part.missing.length > 0) return true;
  const keys = new Set([...Object.keys(whole.args), ...Object.keys(part.args)]);
  return [...keys].every((key) =>
    key in part.args ? key in whole.args && sameValue(key, whole.args[key], part.args[key]) : !SHAPING.includes(key),
  );
}

function isPeriodArg(value: unknown): value is { from: string; to: string } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** the slots a skill's arguments have, by name (its zod object's keys) */
function argumentKeys(routing: SkillRouting): string[] {
  const shape = (routing.args as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * One question routed. `topic`: the slots of the earlier parts of the same message — what this part leaves
 * unsaid and its skill takes is theirs.
 */
function routeAnalysis(question: Analysis, context: RouterContext, topic?: Anchor): RouteDecision {
  let analysis = question;
  const language: Language = analysis.language;
  // a reference back ("who was on call then", 那天, that shift) points at the previous question's slots
  let referred = false;
  if (findReferences(analysis.normalized.lower).length > 0) {
    const anchor = mergeAnchors(topic ?? {}, anchorOf(context.previous?.args));
    const anchored = withAnchor(analysis, anchor);
    if (anchored.resolved && anchored.used.length + (anchored.analysis.batches !== analysis.batches ? 1 : 0) > 0) {
      analysis = anchored.analysis;
      referred = true;
    }
  }
  const decision = routeResolved(analysis, context, referred);
  if (!topic) return decision;
  if (decision.kind !== 'skill') {
    // "what fixed it before": no rule answers it alone; with the earlier parts' machine and symptom one may
    const filled = withAnchor(analysis, topic, ['equipment', 'lines', 'symptom', 'period']);
    // a reference to what the earlier parts never named (它 after a line's figures: no machine) stays unread
    if (filled.used.length === 0 || !filled.resolved) return decision;
    const again = routeResolved(filled.analysis, context, true);
    return again.kind === 'skill' && again.missing.length === 0 ? again : decision;
  }
  // a later part of a message: the line, machine, period and symptom it leaves unsaid are the earlier parts'
  const routing = context.skills.routings.find((entry) => entry.skill === decision.skill);
  if (!routing) return decision;
  const keys = argumentKeys(routing);
  const fill: Fill[] = [];
  // open orders are a state now, not the orders opened in the earlier part's period ("本周产量 … 开着的P0工单")
  const openNow = decision.skill === 'work_orders' && decision.args.status === 'open';
  if (keys.includes('period') && !openNow) fill.push('period');
  // lines ranked ("还有哪条线最好"): every line, not the earlier parts'
  const { rank, by, lines } = decision.args;
  const ranksLines = rank !== undefined && by === undefined && Array.isArray(lines) && lines.length === 0;
  if ((keys.includes('lines') || keys.includes('line')) && !ranksLines) fill.push('lines');
  if (keys.includes('equipment')) fill.push('equipment');
  if (keys.includes('shift')) fill.push('shift');
  if (decision.missing.includes('symptom')) fill.push('symptom');
  const filled = withAnchor(analysis, topic, fill);
  if (filled.used.length === 0) return decision;
  const again = routeResolved(filled.analysis, context, true);
  // what the part leaves unsaid is filled in; what it says itself stays ("which machines are in fault" after a
  // part about B-PRESS-03 is still every machine in fault, not that machine's status)
  const filledKeys = ['period', 'lines', 'line', 'equipment', 'shift', 'symptom', 'date', 'day_offset'];
  const keeps =
    again.kind === 'skill' &&
    Object.entries(decision.args).every(
      ([key, value]) => filledKeys.includes(key) || JSON.stringify(again.args[key]) === JSON.stringify(value),
    );
  return again.kind === 'skill' && again.skill === decision.skill && keeps ? again : decision;
}

function routeResolved(analysis: Analysis, context: RouterContext, referred: boolean): RouteDecision {
  const language: Language = analysis.language;
  const intent = detectIntent(analysis, context.skills);
  const previous = carriedSkill(context.previous, context.skills);
  const followUp = isFollowUp(analysis);

  // a follow-up that turns the previous question into another skill's: "跟上上周比呢" after a rate compares it
  if (followUp && context.previous?.skill) {
    for (const routing of context.skills.routings) {
      if (!routing.adopt || routing.skill === context.previous.skill || (intent && intent.skill !== routing.skill))
        continue;
      const args = routing.adopt(context.previous, analysis);
      if (!args) continue;
      const refused = declined(routing, analysis, { ...context, followUp: true });
      if (refused) return refused;
      const missing = routing.required.filter((slot) => args[slot] === undefined);
      return {
        kind: 'skill',
        skill: routing.skill,
        args,
        language,
        missing,
        reason: `follow-up of ${context.previous.skill} turned into ${routing.skill}`,
      };
    }
  }

  if (followUp && previous && (!intent || intent.skill === previous.skill)) {
    const merged = mergeFollowUp({
      routing: previous,
      previousArgs: context.previous?.args ?? {},
      analysis,
      equipment: context.equipment,
    });
    if (merged) {
      const refused = declined(previous, analysis, { ...context, followUp: true });
      if (refused) return refused;
      return {
        kind: 'skill',
        skill: previous.skill,
        args: merged.args,
        language,
        missing: missingOf(previous, { args: merged.args, slots: merged.slots }),
        reason: `follow-up of ${previous.skill}: ${merged.changed.join(', ')} from this question, the rest from the previous one`,
      };
    }
  }

  if (!intent) {
    const reason =
      followUp && !previous ? 'a follow-up with no previous question to follow' : 'no rule matches this question';
    // a measure the data does not record, a breakdown no rule gives: said so even when no rule matches
    const named: Unhonoured[] = [
      ...[...analysis.notRecorded, ...(analysis.forecast ? [analysis.forecast] : [])].map((measure) => ({
        kind: 'not_recorded' as const,
        dimension: measure.measure,
        words: measure.words,
        zh: measure.zh,
        en: measure.en,
      })),
      ...analysis.periods
        .filter((mention) => mention.reversed)
        .map((mention) => ({
          kind: 'beyond' as const,
          dimension: 'reversed_period',
          words: mention.period?.label ?? '',
        })),
      // a person the data lacks is named first: "who is 李明" is about 李明, not an inspector breakdown
      ...peopleUnhonoured(undefined, { ...analysis, engineers: [] }),
      ...analysis.qualifiers
        .filter((qualifier) => NAMED_WHEN_UNMATCHED.includes(qualifier.dimension))
        .map((qualifier) => ({ kind: 'beyond' as const, dimension: qualifier.dimension, words: qualifier.words })),
    ];
    return named.length > 0
      ? {
          kind: 'none',
          language,
          reason: `${reason}; ${named.map((entry) => describeUnhonoured(entry)).join('; ')}`,
          unhonoured: named,
        }
      : { kind: 'none', language, reason };
  }

  const refused = declined(intent.routing, analysis, { ...context, followUp: referred });
  if (refused) return refused;
  const slots = intent.routing.slots(analysis);
  const args: Record<string, unknown> = { ...slots.defaults, ...slots.explicit };
  for (const slot of slots.unsure) delete args[slot];
  const missing = missingOf(intent.routing, { args, slots }, intent.missing);
  const why = slots.unsure.length > 0 ? `; unsure of ${slots.unsure.join(', ')} (several or out of order)` : '';
  return { kind: 'skill', skill: intent.skill, args, language, missing, reason: `${intent.reason}${why}` };
}
