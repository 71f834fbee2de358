/** How the rules route a question to work_orders: work orders counted or listed, not a fix asked for. */
import { ADVICE, PRIORITY_ABOVE } from '../../router/slots.js';
import { singleLine, singlePeriod } from '../../router/signals.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { workOrdersArgs } from './args.js';

/** something open on a machine ("anything open on the welders", "what's still open for press 3"): its open orders */
export const OPEN_ON = new RegExp(
  String.raw`\b(?:anything|something|what(?:'s|\s+is|\s+(?:has|have)\s+been)?|any)\s+(?:still\s+)?` +
    String.raw`(?:open|outstanding|pending)(?:\s+(?:the\s+)?longest)?\s+(?:on|for|against)\b`,
);
/**
 * the words for work orders; "orders" alone is the plant's work orders too (the only orders its data holds:
 * customer, sales and purchase orders are not recorded, qualifiers.ts)
 */
export const WORK_ORDER_WORDS = new RegExp(
  [
    String.raw`(?:维修|保修|设备|故障)?工单|维修单|报修单|派工单|单子|(?<=[张的个些几])单(?![位价据号元])`,
    String.raw`\bwork[- ]?orders?\b|\bwos?\b|\bmaintenance\s+tickets?\b|\brepair\s+orders?\b|\btickets?\b|\btix\b`,
    String.raw`(?<!\b(?:customer|sales|purchase|production|in|by)\s+)\borders\b`,
    // the open orders waiting ("P3 backlog", "the maintenance backlog")
    String.raw`\bbacklog\b`,
    // "anything open on the welders", "what's still open for press 3": an order is what is open on a machine
    OPEN_ON.source,
  ].join('|'),
);
/** an order by its number: "WO 3012", "#2921", "工单3012", "3012号单", "那张3012" */
const ORDER_ID = new RegExp(
  [
    // and the numbers listed after it: "WO 2999 and 3001", "工单3012、3015"
    String.raw`(?:\bwo|\bwork\s*order|\bticket|\border|工单|单号|单子|那张|这张|#)\s*(?:no\.?|number|#|号)?\s*(\d{3,6})(?!\d|\s*(?:年|[-/.]\d))` +
      String.raw`((?:\s*(?:[,，、&+]|\band\b|和|及|与)\s*#?\d{3,6}(?!\d|\s*(?:年|[-/.]\d)))*)`,
    String.raw`(?<![\d-])(\d{3,6})\s*号?(?:工单|单子|单)(?![位价据元])`,
  ].join('|'),
  'g',
);
/** who holds or held an order: the assignee is the answer */
const WHO = /谁|负责人|\bwho(?:'s|m)?\b|\bassignee\b|\bassigned\b/;
/** the orders per engineer: "which engineer closed the most", "按负责人", "per engineer" */
const PER_ENGINEER = new RegExp(
  String.raw`哪个工程师|哪位工程师|哪个师傅|谁.{0,8}最多|最多的?(?:是|为)?谁|按负责人|按工程师|各工程师|每个工程师|\bwhich\s+(?:engineer|tech(?:nician)?|person)\b` +
    String.raw`|\bwho\b.{0,30}\bmost\b|\b(?:per|each|every)\s+(?:engineer|tech(?:nician)?|assignee|person)\b|\bby\s+(?:engineer|assignee)\b`,
);
/** the oldest first: "open the longest", "开得最久", "oldest open ticket" */
const OLDEST = /最久|最早|最老|最长时间|拖得最久|\boldest\b|\blongest\b|\bearliest\b/;
/**
 * orders "overdue" (超期, 逾期, past due): work orders carry no due date, so the ones open longest — open, the
 * oldest first — never every order in the default newest-first order, which would hide exactly the ones asked for
 */
const OVERDUE = /超期|逾期|过期|拖了?很久|\boverdue\b|\bpast\s+due\b/;
/** the order asked for a list by its age: 按最老的排, 按时间排序 (which end first is read by OLDEST and the default) */
const SORTED = /按(?:最老|最早|最新|最久|最近|时间|日期|先后|开单)[^，,。？?！!]{0,3}?(?:排序|排列|排名|排)/;
/** one order, the latest: "the last closed crack ticket", "最近一张", "上一张" */
const LAST_ONE =
  /最近一张|最后一张|上一张|最近的那张|最近那张|\b(?:the\s+)?(?:last|latest|most\s+recent)\s+(?:\w+\s+){0,3}(?:ticket|order|wo|work\s+order)\b(?!s)/;
/** what the order's record says of its cause and fix: its root cause and resolution are shown */
const DETAILS =
  /根因|原因|怎么修|修的|修好|谁修|处理结果|怎么处理的|\broot\s+causes?\b|\bcaus(?:e|ed)\b|\bfix(?:ed)?\b|\bresolution\b|\bwhat\s+(?:was|were)\s+(?:done|wrong)\b/;
/** the order the question describes ("那张单", "that ticket"): itself, not a reference back */
const THE_ORDER = /^(?:那张|那个单|那个工单|that\s+(?:ticket|order))$/;

/** where the order numbers are in the question */
function orderIdSpans(analysis: Analysis): Array<{ start: number; end: number }> {
  ORDER_ID.lastIndex = 0;
  return [...analysis.normalized.lower.matchAll(ORDER_ID)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** the order numbers a question names */
export function orderIds(lower: string): number[] {
  const ids = new Set<number>();
  ORDER_ID.lastIndex = 0;
  for (const match of lower.matchAll(ORDER_ID)) {
    ids.add(Number(match[1] ?? match[3]));
    for (const listed of (match[2] ?? '').matchAll(/\d{3,6}/g)) ids.add(Number(listed[0]));
  }
  return [...ids];
}
/** an open or closed priority said alone ("any open P0?", "P1s still open", "未关的P0"): the work orders' priorities */
/** "P0 P1 一共还有几个开着" (开着 read as 未关闭 beside a priority, lexicon.ts): the priorities' open orders */
const PRIORITIES_OPEN =
  /p[0-3](?:\s*(?:和|与|跟|及|、|,|，|\/|\+)?\s*p[0-3])*[^，,。?？!！]{0,10}?(?:未关闭|没关|未完成|待处理|还开着|开着|未结)/;
const OPEN_PRIORITY = new RegExp(
  String.raw`\b(?:open|closed|outstanding|pending)\s+p[0-3]s?\b|\bp[0-3]s?\s+(?:still\s+)?(?:open|outstanding|pending)\b` +
    String.raw`|(?:未关闭?|没关|未完成|待处理|开着|未结)的?p[0-3]|${PRIORITIES_OPEN.source}`,
);
/** the number of orders asked for (a list's length, not a period) */
const COUNT_ASKED = new RegExp(
  [
    // (前1个星期, 前3个月 are periods)
    String.raw`(?:前|最久的?|最早的?|最老的?|最新的?)\s*(\d{1,2})\s*` +
      String.raw`(?:张|条|单|个(?!\s*(?:星期|礼拜|周|月|天|工作日|小时|钟头|季度|年|班)))`,
    String.raw`\btop\s*(\d{1,2})\b(?!\s*(?:days?|weeks?|months?|%))`,
    String.raw`\b(?:first|oldest|newest|latest)\s+(\d{1,2})\b(?!\s*(?:days?|weeks?|months?|hours?|%))`,
    String.raw`\b(\d{1,2})\s+(?:oldest|newest|latest|most\s+recent)\b`,
  ].join('|'),
);
/** counting or listing words: with them a question about past orders is not a request for a fix */
const COUNT_OR_LIST =
  /几张|几个|几单|多少|数量|列出|列一下|列表|清单|哪些|有哪几|统计|\bhow\s+many\b|\bcount\b|\bnumber\s+of\b|\blist\b|\bshow\b|\bwhich\b|\bwhat\b/;
// "open" is a state before the orders or after a copula ("open P0 work orders", "are still open"), not the
// verb of "did line B open …" (the days they were opened in)
const OPEN = new RegExp(
  [
    '未关闭|没关闭|还没关|没关|未关(?!闭)|未完成|未处理|待处理|处理中|未结|',
    String.raw`\bopen\s+(?:(?:p[0-3](?:\s*(?:and|or|,|&|/)\s*p[0-3])*|high[- ]priority|urgent|critical|maintenance|repair)\s+)*`,
    String.raw`(?:work[- ]?orders?|wos|tickets?|orders?|ones)\b`,
    String.raw`|\b(?:are|is|still|remain(?:s|ing)?|currently|left|been|stayed|sat|sitting)\s+open\b|\bopen\s*[?？]?$`,
    String.raw`|\boutstanding\b|\bpending\b|\bunresolved\b|\bbacklog\b`,
    String.raw`|${OPEN_ON.source}`,
  ].join(''),
);
/** closed, said as a state or as what someone did ("how many did Lukas close", 王工关了几张; 开关 is a switch) */
const CLOSED = new RegExp(
  String.raw`已关闭|已完成|已处理|已解决|关闭了|(?<![开未没否])关闭(?=的)|(?<!开)关(?:掉|了|的|单)|\bclosed\b|\bresolved\b|\bcompleted\b|\bfinished\b` +
    // 关单 (read 关工单) asked of whom or how many ("这个月谁关单最多"): the orders closed; said as a request
    // ("帮我关单") it is an action, declined (qualifiers.ts)
    String.raw`|(?<![开未没])关(?=工单)` +
    // what someone handled ("Priya 上个月处理了多少工单", "how many did Lukas handle"): the orders they closed
    String.raw`|(?<![未待已])处理(?:了|过|掉)|\bhandled\b` +
    String.raw`|\b(?:did|does|do|will|would|can|could|to|has|have)\b(?:\s+\S+){0,4}?\s+(?:close|resolve|complete|finish|handle)\b`,
);
/**
 * the orders an engineer holds now ("佐藤现在手上有几个单", "what's on Priya's plate", "还有几张"): the open ones,
 * never every order ever assigned (a count with the closed ones in would be confidently wrong)
 */
const HOLDING = new RegExp(
  String.raw`手上|手里|手头|在手|身上|还(?:有|剩|挂着)|(?:现在|目前|当前|眼下)(?:手上|手里)?(?:还)?(?:有|剩)` +
    String.raw`|\bon\s+(?:(?:his|her|their|my|your|\w+'s)\s+)?plate\b|\bon\s+hand\b|\bin\s+(?:his|her|their|\w+'s)\s+queue\b` +
    String.raw`|\b(?:is|are)\s+\S+\s+(?:still\s+)?holding\b|\b(?:still|currently|now)\s+(?:has|have|holds?|carr(?:y|ies))\b` +
    String.raw`|\b(?:has|have|holds?)\b.{0,30}\b(?:right\s+now|currently|at\s+the\s+moment)\b`,
);
/** 最近的工单 ("3号冲床最近的工单拉一下"): the newest orders first, which the table shows by default */
const RECENT = /(?:最近|最新)的?(?=(?:维修|报修|设备|故障)?(?:工单|维修单|报修单))/;
/** 关 before the order word it closes (关单, read 关工单), read before the order words are blanked */
const CLOSE_ORDER = /(?<![开未没])关(?=工单)/;
const FIXED = /修的|修了|修好|修完|搞定|\bfixed\b|\brepaired\b|\bclosed\s+out\b/;
const HIGH_PRIORITY = /高优先级|优先级高|紧急|\bhigh[- ]priority\b|\burgent\b|\bcritical\b/;
const PRIORITY_ALL = /(?<![a-z0-9])p\s*-?\s*([0-3])(?![0-9])|\bpriority\s*([0-3])\b/g;
/** words around the people of the orders: "手上", "在跟", "following up", "engineer" */
const PEOPLE_WORDS = new RegExp(
  '关了没|关了吗|关没关|是否关闭|手上|手里|名下|在跟|跟进|跟的|还有|开得|开了|开着|开的|哪张|张|工程师|师傅|修的|交的|' +
    String.raw`\bfollow(?:ing|s|ed)?\s+up\b|\bengineers?\b|\bholds?\b|\bhas\b|\bhave\b|\bstill\b|\bagain\b` +
    String.raw`|\bclos(?:e|ed|ing)\b|\bopen(?:ed)?\b|\bmost\b`,
);
/** the words the intent and the slots read on the whole question, for the word accounting */
const OWN_WORDS = new RegExp(
  [
    '(?<=几|多少|\\d\\s?)张|开立|新开|开了|新建|报修|提到|提及|涉及|关于|有关|现象|优先级|紧急',
    String.raw`\bopened\b|\bopen\b|\braised\b|\bcreated\b|\blogged\b|\bfiled\b|\bmention(?:s|ed|ing)?\b`,
    String.raw`\binvolving\b|\bregarding\b|\babout\b|\bfor\b|\bwith\b|\bpriority\b|\bhigh\b|\burgent\b`,
    String.raw`\bcritical\b|\bstill\b|\bhave\b|\bhad\b|\bget\b|\bgot\b|\b(?:stay(?:s|ed)?|remain(?:s|ed)?)(?=\s+open\b)`,
  ].join('|'),
);

/** a priority and the ones above it: "P1以上", "P2 and above" (P0 is the highest) */
const PRIORITY_AND_ABOVE = new RegExp(String.raw`(?<![a-z0-9])p\s*-?\s*([0-3])${PRIORITY_ABOVE}`, 'g');
/** the order a list is asked in, said after it: 最老的在前面, "oldest open tickets first" */
const ORDER_SAID = /(?:在|排|放)(?:最)?(?:前面|前头|前边|上面)|\b(?:oldest|newest|latest)\b.{0,40}?\bfirst\b/;

function priorities(lower: string): string[] {
  const found = new Set<string>();
  for (const match of lower.matchAll(PRIORITY_ALL)) found.add(`P${match[1] ?? match[2]}`);
  for (const match of lower.matchAll(PRIORITY_AND_ABOVE))
    for (let level = 0; level <= Number(match[1]); level++) found.add(`P${level}`);
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
  // a defect type named of the orders ("裂纹那张单") is what was observed
  else if (analysis.defectTypes.length === 1) explicit.symptom = analysis.defectTypes[0]!.words;
  const ids = orderIds(lower);
  if (ids.length > 0) explicit.order_ids = ids;
  // one engineer named: the assignee (several, or a short form that fits several: the skill asks which)
  const engineers = [...new Set(analysis.engineers.map((mention) => mention.value))];
  if (engineers.length === 1) explicit.assignee = engineers[0];
  else if (engineers.length > 1) unsure.push('assignee');
  if (PER_ENGINEER.test(lower)) explicit.by = 'assignee';
  if (OLDEST.test(lower) || OVERDUE.test(lower)) explicit.sort = 'oldest';
  if (LAST_ONE.test(lower)) explicit.limit = 1;
  else {
    // how many orders asked for: 前五个, 最久的3张, "top 5", "the 10 oldest", "first 5" (never "the last 5 days")
    const count = COUNT_ASKED.exec(lower);
    const n = Number(count?.slice(1).find((group) => group !== undefined));
    if (n >= 1 && n <= 50) explicit.limit = n;
  }
  if (DETAILS.test(lower) || (WHO.test(lower) && explicit.by === undefined) || LAST_ONE.test(lower))
    explicit.details = true;
  const wanted = priorities(lower);
  if (wanted.length > 0) explicit.priorities = wanted;
  // "谁修的单最多", "who fixed the most tickets": the orders finished, counted on the days they were closed
  const closed = CLOSED.test(lower) || FIXED.test(lower);
  const open =
    OPEN.test(lower) ||
    PRIORITIES_OPEN.test(lower) ||
    /\bopen\s+p[0-3]|p[0-3]s?\s+(?:still\s+)?open|(?:未关闭?|没关)的?p[0-3]/.test(lower) ||
    (HOLDING.test(lower) && !closed) ||
    (OVERDUE.test(lower) && !closed);
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
        // an open priority alone is the plant's orders, not a person's ("do they have any open P0": the on-call
        // engineer's, oncall_check's priority)
        const openPriority = OPEN_PRIORITY.test(lower) && !/\b(?:they|he|she|them|him|her)\b|他|她/.test(lower);
        if (!WORK_ORDER_WORDS.test(lower) && orderIds(lower).length === 0 && !openPriority) return undefined;
        // one order asked about (its number, "the last … ticket", who holds it): that order, even with "root cause"
        const oneOrder = orderIds(lower).length > 0 || LAST_ONE.test(lower) || (WHO.test(lower) && !ADVICE.test(lower));
        // "what fixed this before? check the work orders": a fix asked for, not a count
        if (ADVICE.test(lower) && !COUNT_OR_LIST.test(lower) && !oneOrder) return undefined;
        return { kind: 'skill', reason: oneOrder ? 'asks about a work order' : 'counts or lists work orders' };
      },
    },
  ],
  slots,
  claims: orderIdSpans,
  required: [],
  // work orders have no shift: a breakdown by shift is declined, never answered without it
  cannotHonour: [
    'inspector',
    'batch',
    'product',
    'hour',
    'recorded_at',
    'week_or_month',
    'comparison',
    'ppm',
    'shift',
    'order_grouping',
  ],
  // a cause word asks for the orders' recorded root causes (shown with details); "who" for their assignees
  honours: {
    shift: false,
    defectType: 'one',
    notRecorded: 'report',
    words: true,
    cause: true,
    who: true,
    people: ['engineer'],
    reference: THE_ORDER,
  },
  // the words read with the order word after them (关工单, 最近的工单) before the order words are blanked
  understood: [
    COUNT_ASKED,
    CLOSE_ORDER,
    RECENT,
    OWN_WORDS,
    WORK_ORDER_WORDS,
    COUNT_OR_LIST,
    OPEN,
    OPEN_PRIORITY,
    CLOSED,
    HIGH_PRIORITY,
    PRIORITY_AND_ABOVE,
    PRIORITY_ALL,
    ORDER_ID,
    WHO,
    PER_ENGINEER,
    // before OLDEST: 按最老的排, 最老的在前面 are read whole
    SORTED,
    ORDER_SAID,
    OLDEST,
    OVERDUE,
    LAST_ONE,
    DETAILS,
    PEOPLE_WORDS,
    HOLDING,
  ],
  examples: {
    zh: ['B线3号冲压机本月有几张工单？', '列出C线未关闭的高优先级工单'],
    en: ['How many work orders mentioned vibration last week?', 'List open high-priority work orders on line C'],
  },
};
