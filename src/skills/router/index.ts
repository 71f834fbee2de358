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
import { analyse } from './analysis.js';
import type { KnownEquipment } from './equipment.js';
import type { PlantNames } from './entities.js';
import { carriedSkill, isFollowUp, mergeFollowUp } from './follow-up.js';
import { detectIntent } from './intents.js';
import { unhonoured } from './accounting.js';
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
  context: RouterContext,
): RouteDecision | undefined {
  const { language } = analysis;
  const beyond = unhonoured(routing, analysis, context.skills);
  if (beyond.length === 0) return undefined;
  const named = beyond
    .map((entry) =>
      entry.kind === 'not_recorded'
        ? `${entry.en} ("${entry.words}"), which the plant data does not record`
        : entry.kind === 'not_understood'
          ? `words the rules do not understand ("${entry.words}")`
          : `${entry.dimension} ("${entry.words}"), which ${routing.skill} cannot break down`,
    )
    .join('; ');
  return { kind: 'none', language, reason: `asks by ${named}; the model plans the query`, unhonoured: beyond };
}

/** where one question ends and another begins: "，还有…", "; ", "? ", ", and is …" */
const QUESTION_BREAK = new RegExp(
  [
    String.raw`[，,；;。]\s*(?:还有|另外|以及|并且|同时|顺便|再问一下|再查一下)|[；;]|[?？]\s*(?=\S)`,
    String.raw`|[,，]?\s+and\s+(?=(?:is|are|was|were|who|who's|which|what|what's|`,
    String.raw`how|when|where|did|does|do|can|could|show|list|tell|give)\b)`,
    String.raw`|[,，]\s*(?:also|plus)\s+`,
  ].join(''),
  'gi',
);

/**
 * The parts of a question that asks several ("line A's defect rate yesterday,
 * and is the on-call engineer on a holiday today?"), when two or more parts
 * each ask for a skill; undefined for one question.
 */
export function severalQuestions(question: string, context: RouterContext): string[] | undefined {
  const parts = question
    .split(QUESTION_BREAK)
    .map((part) => part.trim())
    .filter((part) => part.replace(/[?？!！。.,，\s]/g, '') !== '');
  if (parts.length < 2) return undefined;
  const asking = parts.filter((part) => detectIntent(analyse(part, context), context.skills) !== undefined);
  return asking.length >= 2 ? parts : undefined;
}

export function routeQuestion(question: string, context: RouterContext): RouteDecision {
  const analysis = analyse(question, context);
  const language: Language = analysis.language;
  if (analysis.normalized.lower.trim() === '') return { kind: 'none', language, reason: 'an empty question' };

  const several = severalQuestions(question, context);
  if (several) {
    return {
      kind: 'none',
      language,
      reason: `several questions in one (${several.join(' / ')}); each is asked on its own`,
      unhonoured: [{ kind: 'beyond', dimension: 'several_questions', words: several.join(' / ') }],
      parts: several,
    };
  }

  const intent = detectIntent(analysis, context.skills);
  const previous = carriedSkill(context.previous, context.skills);
  const followUp = isFollowUp(analysis);

  if (followUp && previous && (!intent || intent.skill === previous.skill)) {
    const merged = mergeFollowUp({
      routing: previous,
      previousArgs: context.previous?.args ?? {},
      analysis,
      equipment: context.equipment,
    });
    if (merged) {
      const refused = declined(previous, analysis, context);
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
      ...analysis.notRecorded.map((measure) => ({
        kind: 'not_recorded' as const,
        dimension: measure.measure,
        words: measure.words,
        zh: measure.zh,
        en: measure.en,
      })),
      ...analysis.qualifiers
        .filter((qualifier) => NAMED_WHEN_UNMATCHED.includes(qualifier.dimension))
        .map((qualifier) => ({ kind: 'beyond' as const, dimension: qualifier.dimension, words: qualifier.words })),
    ];
    return named.length > 0
      ? {
          kind: 'none',
          language,
          reason: `${reason}; asks for ${named.map((entry) => entry.en ?? entry.dimension).join(', ')}`,
          unhonoured: named,
        }
      : { kind: 'none', language, reason };
  }

  const refused = declined(intent.routing, analysis, context);
  if (refused) return refused;
  const slots = intent.routing.slots(analysis);
  const args: Record<string, unknown> = { ...slots.defaults, ...slots.explicit };
  for (const slot of slots.unsure) delete args[slot];
  const missing = missingOf(intent.routing, { args, slots }, intent.missing);
  const why = slots.unsure.length > 0 ? `; unsure of ${slots.unsure.join(', ')} (several or out of order)` : '';
  return { kind: 'skill', skill: intent.skill, args, language, missing, reason: `${intent.reason}${why}` };
}
