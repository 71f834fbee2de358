/**
 * Follow-ups: "and line B?", "那B线呢？", "B线呢", "what about last week?",
 * "上周呢", or a bare slot answering the model's question ("上周"). The
 * previous routed question's skill and arguments are reused, with the slots
 * this question names laid over them. Without a previous question there is
 * nothing to follow up: the router says 'none'.
 */
import type { SessionSlots } from '../engine-types.js';
import type { Analysis } from './analysis.js';
import { type KnownEquipment, type EquipmentType, lookupEquipment } from './equipment.js';
import type { FollowUpContext, RouterSkills, SkillRouting, SkillSlots } from './routing.js';

const FOLLOW_UP_MARK = new RegExp(
  [
    String.raw`^(?:and|what\s+about|how\s+about|same\s+(?:for|question\s+for|`,
    String.raw`but)|now|also|then|ok(?:ay)?[,\s]+(?:and|what\s+about|now))\b|`,
    String.raw`^(?:那么?|还有|再看看?|换成|改成|同样|那如果|如果是)|呢\s*[?？!！。.]*\s*$`,
  ].join(''),
);
const FILLERS = new RegExp(
  [
    String.raw`\b(?:and|what|about|how|for|the|on|in|of|then|same|please|ok|`,
    String.raw`okay|now|also|with|at|to|is|it|was|were|did|do|question|one|`,
    String.raw`ones|again|instead|but|there|that)\b|那么?|呢|的|还有|再|看看?|换成|改成|`,
    String.raw`同样|一下|吧|呀|啊|和|了|情况|如果是|如果|是`,
  ].join(''),
  'g',
);

export function isFollowUp(analysis: Analysis): boolean {
  const lower = analysis.normalized.lower.trim();
  if (FOLLOW_UP_MARK.test(lower)) return true;
  // nothing but slots: "上周", "line B", "P0"
  const rest = analysis.rest.replace(FILLERS, ' ').replace(/[\s,.?!;:，。？！、；：'"“”]+/g, '');
  return rest.length === 0 && lower.length > 0;
}

/** The routing of the previous question's skill, when its arguments carry over to a follow-up. */
export function carriedSkill(previous: SessionSlots | undefined, skills: RouterSkills): SkillRouting | undefined {
  const skill = previous?.skill;
  return skills.routings.find((routing) => routing.skill === skill && routing.followUp !== undefined);
}

const ID_PARTS = /^([A-Z])-([A-Z]+)-(\d+)$/i;

/**
 * A follow-up adjustment for skills about one machine: "and line C?" after
 * "press 3 on line B" asks for the same kind of machine on line C when the
 * equipment list knows it, otherwise for the whole line.
 */
export function sameMachineOnOtherLine(args: Record<string, unknown>, context: FollowUpContext): void {
  const { slots, previousArgs, equipment } = context;
  if (typeof slots.explicit.line !== 'string' || slots.explicit.equipment !== undefined) return;
  const previousEquipment = typeof previousArgs.equipment === 'string' ? previousArgs.equipment : undefined;
  const id = previousEquipment ? ID_PARTS.exec(previousEquipment) : null;
  if (id && id[1]!.toUpperCase() !== slots.explicit.line) {
    const sameOnLine = lookupEquipment(equipment, {
      type: id[2]!.toUpperCase() as EquipmentType,
      number: Number(id[3]),
      line: slots.explicit.line,
    });
    if (sameOnLine) args.equipment = sameOnLine;
    else delete args.equipment;
  }
}

/**
 * The previous arguments with this question's slots laid over them, or
 * undefined when the question names none of the skill's slots.
 */
export function mergeFollowUp(options: {
  routing: SkillRouting;
  previousArgs: Record<string, unknown>;
  analysis: Analysis;
  equipment: KnownEquipment[] | undefined;
}): { args: Record<string, unknown>; slots: SkillSlots; changed: string[] } | undefined {
  const { routing, previousArgs, analysis, equipment } = options;
  const slots = routing.slots(analysis);
  const changed = [...Object.keys(slots.explicit), ...slots.unsure];
  if (changed.length === 0) return undefined;
  const args: Record<string, unknown> = { ...slots.defaults, ...previousArgs, ...slots.explicit };
  routing.followUp?.adjust?.(args, { slots, previousArgs, analysis, equipment });
  for (const slot of slots.unsure) delete args[slot];
  return { args, slots, changed };
}
