/**
 * What the rule router knows of one skill (`SkillRouting`), and the ordered
 * intent list it routes by (`RouterSkills`). The router holds no skill names:
 * each code skill's folder (src/skills/code/<name>/routing.ts) says which
 * questions are its own, the slots it reads from an analysed question, what
 * it requires, what a follow-up carries and what it cannot honour; the skills
 * index (src/skills/code/index.ts) orders the intents, strongest first, and
 * the engine hands that to the router.
 */
import type { z } from 'zod';
import type { Analysis } from './analysis.js';
import type { KnownEquipment } from './equipment.js';
import type { Dimension } from './qualifiers.js';

export interface SkillSlots {
  /** what the question itself says */
  explicit: Record<string, unknown>;
  /** what completes the arguments when nothing else says it */
  defaults: Record<string, unknown>;
  /** slots the question names but the rules cannot settle (several periods, a range out of order) */
  unsure: string[];
}

/** What one intent rule says of a question. */
export type IntentMatch =
  /** the question asks for this skill */
  | { kind: 'skill'; reason: string; missing?: string[] | undefined }
  /** the question looks like this skill's, but no rule should answer it: routing stops, the model plans */
  | { kind: 'stop'; reason: string };

export interface IntentRule {
  /** the rule's name inside its skill ('find', 'figures'), for the index and for errors */
  name: string;
  /** undefined: not this rule's question, the next rule in the index is tried */
  match(analysis: Analysis): IntentMatch | undefined;
}

/** Which named things a skill honours; anything else the question names is reported, never dropped. */
export interface Honours {
  /** one named shift ("night shift") */
  shift: boolean;
  /** several named shifts set against each other ("白班和夜班"): the skill breaks them down */
  severalShifts?: boolean | undefined;
  /** named defect types: one of them, any number, or none */
  defectType: 'one' | 'any' | 'none';
  /** a measure the data does not record (rework, OEE): reported, or ignored (documents hold anything) */
  notRecorded: 'report' | 'ignore';
  /** content words left over once every slot rule blanked what it understood are reported */
  words: boolean;
  /**
   * named batches, inspectors and products (entities.ts, from the plant's own names) it filters by;
   * any other named one is reported as a breakdown it cannot give (absent: none), except by a skill
   * that reads free text (`notRecorded: 'ignore'`: documents, a calculation)
   */
  names?: Array<'batch' | 'inspector' | 'product'> | undefined;
  /** a cause word (为什么, why, what caused): answered by the skill (a comparison's "why", fault advice's causes) */
  cause?: boolean | undefined;
  /** a plan for days ahead (the rota, maintenance due dates): a forecast word ("who will be on call") is honoured */
  future?: boolean | undefined;
  /**
   * a reference back ("then", 那时, 那台) resolved by the skill itself (absent: only a follow-up honours it); a
   * pattern: only the references it matches ("那张单" is the order the question describes, for work orders)
   */
  reference?: boolean | RegExp | undefined;
  /**
   * the people it takes as a slot, by role (an engineer: a work order's assignee, the rota); a person of another
   * role, or one the plant's data does not have, is reported with the nearest names (people.ts), never dropped
   */
  people?: Array<'engineer' | 'inspector'> | undefined;
  /** "who" (谁, who) asks for the person the skill gives: the assignee, the engineer on call, who handed over */
  who?: boolean | undefined;
}

export interface FollowUpContext {
  slots: SkillSlots;
  previousArgs: Record<string, unknown>;
  analysis: Analysis;
  equipment: KnownEquipment[] | undefined;
}

export interface SkillRouting {
  /**
   * the skill the rules route to: the code skill itself, or the Markdown
   * skill whose `fallback` it is (the model follows the procedure; without
   * a model the engine runs this code skill with the same arguments)
   */
  skill: string;
  /** the arguments the route fills: the contract between these rules and the skill */
  args: z.ZodType;
  /** its intent rules; the index places them among the other skills' */
  intents: IntentRule[];
  /** the slots it reads from an analysed question (explicit ones only from what the question says) */
  slots(analysis: Analysis): SkillSlots;
  /** slots it cannot run without */
  required: string[];
  /** breakdowns finer than it answers ("which inspector…", "per batch"): the question goes to the model */
  cannotHonour: Dimension[];
  honours: Honours;
  /**
   * words its intents test on the whole question, so the word accounting
   * (accounting.ts) treats them as understood
   */
  understood?: RegExp[] | undefined;
  /** spans of the lower-cased question its own slots read (an order number after "WO"): understood for this skill only */
  claims?: ((analysis: Analysis) => Array<{ start: number; end: number }>) | undefined;
  /**
   * present: a follow-up ("and line B?") carries the previous arguments over,
   * with the slots the new question names laid over them; `adjust` fixes what
   * a plain overlay gets wrong for this skill
   */
  followUp?: { adjust?(args: Record<string, unknown>, context: FollowUpContext): void } | undefined;
  /**
   * a follow-up that turns the previous question into this skill's ("跟上上周比呢" after a defect rate: the
   * comparison of that rate): this skill's arguments from the previous question's and this one's, or undefined
   */
  adopt?(
    previous: { skill?: string | undefined; args?: Record<string, unknown> | undefined },
    analysis: Analysis,
  ): Record<string, unknown> | undefined;
  /** questions the rules answer with this skill alone (no model), shown in the honest "I can't" reply */
  examples: { zh: string[]; en: string[] };
}

/** One intent rule in its place in the index, with the skill it routes to. */
export interface PlacedIntent {
  routing: SkillRouting;
  rule: IntentRule;
}

/** What the router is given: every routed skill, and the intents in the order they win. */
export interface RouterSkills {
  routings: SkillRouting[];
  intents: PlacedIntent[];
}
