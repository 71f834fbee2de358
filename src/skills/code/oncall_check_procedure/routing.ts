/**
 * How the rules route an on-call question. The route names the Markdown
 * skill oncall_check (skills/oncall_check/SKILL.md): the model follows its
 * Steps; without a model the engine runs this code skill, its fallback, with
 * the same arguments.
 */
import { daysBetween } from '../../../clock.js';
import { nearestYearless, singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { oncallCheckArgs } from './args.js';

const ONCALL = /值班|\bon[- ]?call\b|\boncall\b|\bduty\s+engineer\b|\bengineer\s+on\s+duty\b/;

/** today / tomorrow / yesterday … — a day counted from today, not a date */
const RELATIVE_DAY =
  /^(?:大前天|前天|昨天|昨日|昨晚|昨夜|今天|今日|今晚|今早|明天|明日|后天|(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today|tonight|tomorrow)$/i;

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  // today is the engineer's own date, so no default date: today / tomorrow / yesterday are
  // offsets from it (day_offset); a date the operator names is taken as it stands (date)
  // no priority asked: all the engineer's open work orders (priority left out)
  if (analysis.priority) explicit.priority = analysis.priority;
  if (period && period.from === period.to) {
    if (RELATIVE_DAY.test(period.label ?? '')) explicit.day_offset = daysBetween(analysis.today, period.from);
    else explicit.date = nearestYearless(period, analysis.today);
  } else if (period || periodUnsure) unsure.push('date');
  return { explicit, defaults, unsure };
}

export const oncallRouting: SkillRouting = {
  skill: 'oncall_check',
  args: oncallCheckArgs,
  intents: [
    {
      name: 'oncall',
      match: (analysis) =>
        ONCALL.test(analysis.normalized.lower)
          ? { kind: 'skill', reason: 'asks about the on-call engineer' }
          : undefined,
    },
  ],
  slots,
  required: [],
  cannotHonour: [],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: false },
  followUp: {
    adjust(args, { slots }) {
      // one way of naming the day: "明天呢" after a dated question drops the date, and the reverse
      if (slots.explicit.day_offset !== undefined) delete args.date;
      if (slots.explicit.date !== undefined) delete args.day_offset;
    },
  },
  examples: {
    zh: ['值班工程师今天是节假日吗？有哪些P1问题？'],
    en: ['Is the on-call engineer on a public holiday today? Any P1 issues?'],
  },
};
