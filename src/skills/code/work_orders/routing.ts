/** How the rules route a question to work_orders: work orders counted or listed, not a fix asked for. */
import { ADVICE } from '../../router/slots.js';
import { singleLine, singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { workOrdersArgs } from './args.js';

export const WORK_ORDER_WORDS =
  /(?:维修|保修|设备|故障)?工单|维修单|报修单|派工单|\bwork[- ]?orders?\b|\bwos\b|\bmaintenance\s+tickets?\b|\brepair\s+orders?\b|\btickets?\b/;
/** counting or listing words: with them a question about past orders is not a request for a fix */
const COUNT_OR_LIST =
  /几张|几个|几单|多少|数量|列出|列一下|列表|清单|哪些|有哪几|统计|\bhow\s+many\b|\bcount\b|\bnumber\s+of\b|\blist\b|\bshow\b|\bwhich\b|\bwhat\b/;
// "open" is a state before the orders or after a copula ("open P0 work orders", "are still open"), not the
// verb of "did line B open …" (the days they were opened in)
const OPEN = new RegExp(
  [
    '未关闭|没关闭|未完成|未处理|待处理|处理中|未结|',
    String.raw`\bopen\s+(?:(?:p[0-3]|high[- ]priority|urgent|critical|maintenance|repair)\s+)*`,
    String.raw`(?:work[- ]?orders?|wos|tickets?|orders?|ones)\b`,
    String.raw`|\b(?:are|is|still|remain(?:s|ing)?|currently|left)\s+open\b|\bopen\s*[?？]?$`,
    String.raw`|\boutstanding\b|\bpending\b|\bunresolved\b`,
  ].join(''),
);
const CLOSED = /已关闭|已完成|已处理|已解决|关闭了|关掉|\bclosed\b|\bresolved\b|\bcompleted\b|\bfinished\b/;
const HIGH_PRIORITY = /高优先级|优先级高|紧急|\bhigh[- ]priority\b|\burgent\b|\bcritical\b/;
const PRIORITY_ALL = /(?<![a-z0-9])p\s*-?\s*([0-3])(?![0-9])|\bpriority\s*([0-3])\b/g;
/** the words the intent and the slots read on the whole question, for the word accounting */
const OWN_WORDS = new RegExp(
  [
    '(?<=几|多少|\\d\\s?)张|开立|新开|开了|新建|报修|提到|提及|涉及|关于|有关|现象|优先级|紧急',
    String.raw`\bopened\b|\bopen\b|\braised\b|\bcreated\b|\blogged\b|\bfiled\b|\bmention(?:s|ed|ing)?\b`,
    String.raw`\binvolving\b|\bregarding\b|\babout\b|\bfor\b|\bwith\b|\bpriority\b|\bhigh\b|\burgent\b`,
    String.raw`\bcritical\b|\bstill\b|\bhave\b|\bhad\b|\bget\b|\bgot\b`,
  ].join('|'),
);

function priorities(lower: string): string[] {
  const found = new Set<string>();
  for (const match of lower.matchAll(PRIORITY_ALL)) found.add(`P${match[1] ?? match[2]}`);
  if (HIGH_PRIORITY.test(lower)) {
    found.add('P0');
    found.add('P1');
  }
  return [...found].sort();
}

function slots(analysis: Analysis): SkillSlots {
  const lower = analysis.normalized.lower;
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { line, unsure: lineUnsure } = singleLine(analysis);
  if (line) explicit.line = line;
  if (lineUnsure) unsure.push('line');
  if (analysis.equipment) explicit.equipment = analysis.equipment.value;
  if (analysis.symptoms.symptom) explicit.symptom = analysis.symptoms.symptom;
  const wanted = priorities(lower);
  if (wanted.length > 0) explicit.priorities = wanted;
  const open = OPEN.test(lower);
  const closed = CLOSED.test(lower);
  if (open !== closed) explicit.status = open ? 'open' : 'closed';
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  if (period) {
    explicit.period = period;
    // "closed last week": the days they were closed in
    if (closed && !open) explicit.dated_by = 'closed';
  }
  if (periodUnsure) unsure.push('period');
  return { explicit, defaults, unsure };
}

export const workOrdersRouting: SkillRouting = {
  skill: 'work_orders',
  args: workOrdersArgs,
  intents: [
    {
      name: 'count-or-list',
      match(analysis) {
        const lower = analysis.normalized.lower;
        if (!WORK_ORDER_WORDS.test(lower)) return undefined;
        // "what fixed this before? check the work orders": a fix asked for, not a count
        if (ADVICE.test(lower) && !COUNT_OR_LIST.test(lower)) return undefined;
        return { kind: 'skill', reason: 'counts or lists work orders' };
      },
    },
  ],
  slots,
  required: [],
  cannotHonour: ['inspector', 'batch', 'product', 'hour', 'recorded_at', 'week_or_month', 'cause', 'comparison', 'ppm'],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: true },
  understood: [OWN_WORDS, WORK_ORDER_WORDS, COUNT_OR_LIST, OPEN, CLOSED, HIGH_PRIORITY, PRIORITY_ALL],
  examples: {
    zh: ['B线3号冲压机本月有几张工单？', '列出C线未关闭的高优先级工单'],
    en: ['How many work orders mentioned vibration last week?', 'List open high-priority work orders on line C'],
  },
};
