/** How the rules route a question to fault_advice: a symptom with a request for a fix, or a machine to fix. */
import { ADVICE, PERSON_ASKED } from '../../router/slots.js';
import { sameMachineOnOtherLine } from '../../router/follow-up.js';
import { asksAdvice, hasMetric, singleLine } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { PART_SYNONYMS, matchesOf } from '../../../../mcp-servers/plant/synonyms.js';
import { faultAdviceArgs } from './args.js';

/**
 * The machine or part words of a question that names no machine ("the gripper keeps dropping parts"): kept with
 * the symptom, so the search ranks the fixes of that kind of machine first (never a camera fix for a gripper).
 */
function partWords(analysis: Analysis, symptom: string): string[] {
  if (analysis.equipment) return [];
  const lower = analysis.normalized.lower;
  const have = symptom.toLowerCase();
  const words: string[] = [];
  for (const entry of PART_SYNONYMS)
    for (const word of [...matchesOf(entry.en, lower), ...matchesOf(entry.zh, lower)]) {
      // 冲压件, 焊接件: the workpiece, not the machine; 焊缝气孔: one phrase with the symptom, searched as it is
      if (new RegExp(`${word}[件品]`).test(lower)) continue;
      if (analysis.symptoms.spans.some((span) => lower.slice(span.start - word.length, span.start) === word)) continue;
      if (!have.includes(word) && !words.includes(word)) words.push(word);
    }
  return words;
}

/** a document named ("the CNC alarm list manual", "冲床振动的SOP", "VMC-850 alarm list doc"): a document to find, not advice */
const DOCUMENT = new RegExp(
  [
    String.raw`\bsops?\b|手册|说明书|规程|作业指导书|指导书|文档|资料|\bmanuals?\b|\bhandbooks?\b|\bprocedures?\b|\bdocs?\b`,
    String.raw`\bdocuments?\b|\bdocumentation\b|\b(?:alarm|error|fault)\s+(?:code\s+)?(?:list|table|reference)s?\b`,
    String.raw`(?:报警|故障|错误)(?:代码|代码表|码表|表|列表|清单|一览)`,
  ].join('|'),
);

/**
 * the cause of one day's defects ("line A burrs on 4/26 - root cause?", "9月9号B线压痕为啥那么多"): an analysis of that
 * day's records, not what fixed a symptom before — fault advice drops the day and the line's figures
 */
const CAUSE_ASKED =
  /\broot\s+cause\b|\bcaus(?:e|ed|es)\b|\bwhy\b|\bwhat\s+drove\b|原因|为什么|为啥|咋回事|怎么回事|什么导致/;
const FIX_ASKED = new RegExp(
  [
    String.raw`怎么修|怎样修|咋修|怎么维修|如何维修|如何修|怎么处理|如何处理|怎么解决|如何解决|维修建议|处理建议|解决办法|处理方法|维修方法`,
    String.raw`修好|\bfix(?:ed|es)?\b|\brepair(?:ed|s)?\b|\bremed(?:y|ies)\b|\bsolv(?:e|ed)\b|\bresol(?:ve|ved|ution)\b|\bsort(?:ed)?\b`,
    String.raw`\brecommend|\badvi[cs]e\b|\bsuggest`,
  ].join('|'),
);

/**
 * a figure asked of a symptom ("at what vibration do we have to stop", "轴承座温度超过多少度", "the SOP limit"): a fact of
 * a manual or SOP, not what fixed it before — fault advice answers only "what fixed it" questions
 */
const FIGURE_ASKED =
  /\bat\s+what\b|\blimits?\b|\bthresholds?\b|\bhow\s+often\b|\bintervals?\b|超过多少|多少度|标准是?多少|上限|下限|阈值|限值/;

/** counting words: "how many", 几张, 多少次 — a count of records, never a request for a fix */
const COUNTED = /几张|几次|几单|多少张|多少次|多少单|\bhow\s+many\b|\bcount\b|\bnumber\s+of\b/;

const FIX_REQUEST =
  /维修建议|处理建议|怎么修|怎么维修|如何维修|维修方法|\bhow\s+(?:do|to|can|should|did)\s+(?:i\s+|we\s+|you\s+)?(?:fix|repair)\b|\brecommend\s+a\s+fix\b|\bwhat\s+fixed\b/;

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { line, unsure: lineUnsure } = singleLine(analysis);
  const symptom = analysis.symptoms.symptom;
  if (symptom) {
    const parts = partWords(analysis, symptom);
    explicit.symptom = parts.length > 0 ? `${parts.join(' ')} ${symptom}` : symptom;
  }
  if (analysis.equipment) explicit.equipment = analysis.equipment.value;
  if (line) explicit.line = line;
  else if (!lineUnsure) {
    // a product named ("chatter marks on the bushings"): the line it is made on, so the fixes are that line's machines'
    const made = [...new Set(analysis.products.flatMap((product) => (product.known ? (product.lines ?? []) : [])))];
    if (made.length === 1 && analysis.products.every((product) => product.known)) explicit.line = made[0];
    else if (analysis.products.length > 0) unsure.push('line');
  }
  if (lineUnsure) unsure.push('line');
  // how many fixes: "top 3 fixes", "the 2 likeliest causes", 前三个办法 (numerals are digits by now)
  const count = TOP_N.exec(analysis.normalized.lower);
  const limit = Number(count?.slice(1).find((group) => group !== undefined));
  if (limit >= 1 && limit <= 20) explicit.limit = limit;
  return { explicit, defaults, unsure };
}

const TOP_N = new RegExp(
  [
    String.raw`\btop\s+(\d{1,2})\b`,
    String.raw`\b(\d{1,2})\s+(?:best|likeliest|most\s+likely|most\s+common|main)\s+(?:fix|fixes|causes?|solutions?|things|remed)`,
    String.raw`前\s*(\d{1,2})\s*(?:个(?!月|星期|礼拜|小时|工作日|班)|条|种|项)|最(?:常见|有效|可能)的\s*(\d{1,2})\s*(?:个|条|种|项)`,
  ].join('|'),
);

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
        if (DOCUMENT.test(lower) && !asksAdvice(analysis)) return undefined;
        if (PERSON_ASKED.test(lower)) return undefined;
        if (analysis.periods.length > 0 && CAUSE_ASKED.test(lower) && !FIX_ASKED.test(lower)) return undefined;
        if (FIGURE_ASKED.test(lower) && !FIX_REQUEST.test(lower)) return undefined;
        // fault advice answers only "what fixed it / how to fix": without that request, a question that also names a
        // day or counts something ("9月9号压痕那么多 是哪台冲床的问题", "how many jam orders this year") asks for records
        if (!asksAdvice(analysis) && (analysis.periods.length > 0 || COUNTED.test(lower))) return undefined;
        if (
          symptoms.symptom !== undefined &&
          (asksAdvice(analysis) ||
            equipment !== undefined ||
            (lines.lines.length > 0 && !hasMetric(analysis) && analysis.periods.length === 0))
        ) {
          return {
            kind: 'skill',
            reason: `a symptom (${symptoms.symptom})${asksAdvice(analysis) ? ' and a request for a fix' : ''}`,
          };
        }
        return undefined;
      },
    },
    {
      name: 'fix-request',
      match: (analysis) =>
        analysis.equipment !== undefined &&
        FIX_REQUEST.test(analysis.normalized.lower) &&
        !PERSON_ASKED.test(analysis.normalized.lower)
          ? { kind: 'skill', reason: 'asks how to fix a machine', missing: ['symptom'] }
          : undefined,
    },
  ],
  slots,
  required: ['symptom'],
  cannotHonour: ['work_orders'],
  // a product named is honoured by the line it is made on (slots)
  honours: { shift: false, defectType: 'any', notRecorded: 'report', words: false, cause: true, names: ['product'] },
  followUp: { adjust: sameMachineOnOtherLine },
  examples: {
    zh: ['B线3号冲压机振动，以前怎么修的？'],
    en: ['Press 3 on line B is vibrating, what fixed this before?'],
  },
};
