/** How the rules route a question to fault_advice: a symptom with a request for a fix, or a machine to fix. */
import { ADVICE } from '../../router/slots.js';
import { sameMachineOnOtherLine } from '../../router/follow-up.js';
import { hasMetric, singleLine } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { faultAdviceArgs } from './args.js';

const FIX_REQUEST =
  /维修建议|处理建议|怎么修|怎么维修|如何维修|维修方法|\bhow\s+(?:do|to|can|should|did)\s+(?:i\s+|we\s+|you\s+)?(?:fix|repair)\b|\brecommend\s+a\s+fix\b|\bwhat\s+fixed\b/;

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { line, unsure: lineUnsure } = singleLine(analysis);
  if (analysis.symptoms.symptom) explicit.symptom = analysis.symptoms.symptom;
  if (analysis.equipment) explicit.equipment = analysis.equipment.value;
  if (line) explicit.line = line;
  if (lineUnsure) unsure.push('line');
  return { explicit, defaults, unsure };
}

export const faultAdviceRouting: SkillRouting = {
  skill: 'fault_advice',
  args: faultAdviceArgs,
  intents: [
    {
      // a line and a symptom alone ask for advice; with a period and no request for a fix they count defects
      // ("how many cracks on line B last week"): not advice
      name: 'symptom',
      match(analysis) {
        const lower = analysis.normalized.lower;
        const { symptoms, equipment, lines } = analysis;
        if (
          symptoms.symptom !== undefined &&
          (ADVICE.test(lower) ||
            equipment !== undefined ||
            (lines.lines.length > 0 && !hasMetric(analysis) && analysis.periods.length === 0))
        ) {
          return {
            kind: 'skill',
            reason: `a symptom (${symptoms.symptom})${ADVICE.test(lower) ? ' and a request for a fix' : ''}`,
          };
        }
        return undefined;
      },
    },
    {
      name: 'fix-request',
      match: (analysis) =>
        analysis.equipment !== undefined && FIX_REQUEST.test(analysis.normalized.lower)
          ? { kind: 'skill', reason: 'asks how to fix a machine', missing: ['symptom'] }
          : undefined,
    },
  ],
  slots,
  required: ['symptom'],
  cannotHonour: ['work_orders'],
  honours: { shift: false, defectType: 'any', notRecorded: 'report', words: false },
  followUp: { adjust: sameMachineOnOtherLine },
  examples: {
    zh: ['B线3号冲压机振动，以前怎么修的？'],
    en: ['Press 3 on line B is vibrating, what fixed this before?'],
  },
};
