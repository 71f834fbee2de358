/**
 * Follow-ups: "and line B?", "那B线呢？", "B线呢", "what about last week?",
 * "上周呢", or a bare slot answering the model's question ("上周"). The
 * previous routed question's skill and arguments are reused, with the slots
 * this question names laid over them. Without a previous question there is
 * nothing to follow up: the router says 'none'.
 */
import type { SessionSlots, SkillName } from '../engine-types.js';
import type { Analysis } from './analysis.js';
import { type KnownEquipment, type EquipmentType, lookupEquipment } from './equipment.js';
import { type SkillSlots, skillSlots } from './intents.js';

const FOLLOW_UP_MARK = /^(?:and|what\s+about|how\s+about|same\s+(?:for|question\s+for|but)|now|also|then|ok(?:ay)?[,\s]+(?:and|what\s+about|now))\b|^(?:那么?|还有|再看看?|换成|改成|同样|那如果|如果是)|呢\s*[?？!！。.]*\s*$/;
const FILLERS = /\b(?:and|what|about|how|for|the|on|in|of|then|same|please|ok|okay|now|also|with|at|to|is|it|was|were|did|do|question|one|ones|again|instead|but|there|that)\b|那么?|呢|的|还有|再|看看?|换成|改成|同样|一下|吧|呀|啊|和|了|情况|如果是|如果|是/g;

/** Skills whose arguments can be carried over to a follow-up. */
const CARRIED: SkillName[] = ['quality_metrics', 'weekly_report', 'equipment_status', 'fault_advice', 'oncall_check'];

export function isFollowUp(analysis: Analysis): boolean {
  const lower = analysis.normalized.lower.trim();
  if (FOLLOW_UP_MARK.test(lower)) return true;
  // nothing but slots: "上周", "line B", "P0"
  const rest = analysis.rest.replace(FILLERS, ' ').replace(/[\s,.?!;:，。？！、；：'"“”]+/g, '');
  return rest.length === 0 && lower.length > 0;
}

export function carriedSkill(previous: SessionSlots | undefined): SkillName | undefined {
  const skill = previous?.skill;
  return CARRIED.find((name) => name === skill);
}

const ID_PARTS = /^([A-Z])-([A-Z]+)-(\d+)$/i;

/**
 * The previous arguments with this question's slots laid over them, or
 * undefined when the question names none of the skill's slots.
 */
export function mergeFollowUp(options: {
  skill: SkillName;
  previousArgs: Record<string, unknown>;
  analysis: Analysis;
  equipment: KnownEquipment[] | undefined;
}): { args: Record<string, unknown>; slots: SkillSlots; changed: string[] } | undefined {
  const { skill, previousArgs, analysis, equipment } = options;
  const slots = skillSlots(skill, analysis);
  const changed = [...Object.keys(slots.explicit), ...slots.unsure];
  if (changed.length === 0) return undefined;
  const args: Record<string, unknown> = { ...slots.defaults, ...previousArgs, ...slots.explicit };

  if (skill === 'quality_metrics' && Array.isArray(slots.explicit.lines) && slots.explicit.lines.length > 0 && slots.explicit.rank === undefined) {
    delete args.rank; // "which line was worst?" → "and line B?" asks for B's figures
    delete args.rank_by;
  }
  if (skill === 'quality_metrics' && args.rank !== undefined && slots.explicit.metrics !== undefined && slots.explicit.rank_by === undefined) {
    // "which line produced the most defects?" → "and the yield?" ranks by yield now
    if (analysis.rankBy) args.rank_by = analysis.rankBy;
    else delete args.rank_by;
  }
  if ((skill === 'equipment_status' || skill === 'fault_advice') && typeof slots.explicit.line === 'string' && slots.explicit.equipment === undefined) {
    const previousEquipment = typeof previousArgs.equipment === 'string' ? previousArgs.equipment : undefined;
    const id = previousEquipment ? ID_PARTS.exec(previousEquipment) : null;
    if (id && id[1]!.toUpperCase() !== slots.explicit.line) {
      // the same kind of machine on the other line, when the list knows it; otherwise the whole line
      const sameOnLine = lookupEquipment(equipment, id[2]!.toUpperCase() as EquipmentType, Number(id[3]), slots.explicit.line);
      if (sameOnLine) args.equipment = sameOnLine;
      else delete args.equipment;
    }
  }
  if (skill === 'oncall_check') {
    // one way of naming the day: "明天呢" after a dated question drops the date, and the reverse
    if (slots.explicit.day_offset !== undefined) delete args.date;
    if (slots.explicit.date !== undefined) delete args.day_offset;
  }
  for (const slot of slots.unsure) delete args[slot];
  return { args, slots, changed };
}
