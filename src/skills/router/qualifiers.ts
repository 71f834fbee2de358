/**
 * Dimensions and qualifiers a question can ask for that a rule-routed
 * skill may not honour: a skill that aggregates whole lines over whole days
 * (each skill's routing says which dimensions it cannot honour), so "which inspector…", "night-shift batches…",
 * "per product", "between 8 and 12 o'clock" or "by recorded_at" would get a
 * confident answer to a different question (the line's totals). When a
 * question names one of these, the router hands it to the model (which can
 * query quality_data by inspector, shift, batch_no, product, recorded_at).
 *
 * Matched on the lower-cased question with equipment blanked (see
 * analysis.ts), not on the period-masked text: "tonight" is a period AND a
 * time of day.
 */
export type Dimension =
  | 'inspector'
  | 'shift'
  | 'batch'
  | 'product'
  | 'hour'
  | 'recorded_at'
  | 'records'
  | 'week_or_month'
  | 'cause'
  | 'comparison'
  | 'ppm'
  | 'work_orders'
  | 'order_grouping'
  | 'action'
  | 'negation'
  | 'machine'
  | 'reference';

export interface Qualifier {
  dimension: Dimension;
  /** the words that named it, as found in the lower-cased question */
  words: string;
}

/**
 * A quality figure asked per machine ("which robot made the most bad parts", "defect rate per press", 哪台设备出的次品最多):
 * quality_data is recorded per line, never per machine. Read on the question with its machines still in it (the
 * qualifiers of RULES read it with the machines blanked), so it is no rule of RULES but machineGrain's own.
 */
const PER_MACHINE = new RegExp(
  [
    String.raw`\b(?:which|what)\s+(?:machine|equipment|asset|robot|robot\s+arm|press|welder|camera|cnc|conveyor|station)s?\b[^?.;!]{0,40}?` +
      String.raw`\b(?:most|highest|worst|least|fewest|lowest|more|fewer|best)\b[^?.;!]{0,20}?` +
      String.raw`\b(?:defects?|defective|bad\s+(?:parts?|pieces|pcs)|rejects?|scrap|ng|nok|defect\s+rate|yield|output|parts|pieces|pcs)\b`,
    String.raw`\b(?:defects?|defect\s+rate|rejects?|reject\s+rate|scrap|yield|output|bad\s+parts)\b[^?.;!]{0,30}?` +
      String.raw`\b(?:per|by|each|for\s+each)\s+(?:machine|equipment|asset|robot|press|welder|camera|cnc|conveyor)s?\b`,
    // 台 counts machines: 哪台 alone is a machine; 哪个 only with the machine's noun (哪个检验员 is a person)
    String.raw`(?:哪一?台(?:设备|机器|机台|冲床|冲压机|压力机|焊机|焊接机|相机|机械臂|机器人|加工中心|数控)?|` +
      String.raw`哪个(?:设备|机器|机台|冲床|冲压机|压力机|焊机|焊接机|相机|机械臂|机器人|加工中心|数控))[^，。？?！!；;]{0,12}?` +
      String.raw`(?:不良|次品|废品|缺陷|坏件|良率|良品|合格率|产量|出的件)`,
    String.raw`(?:每台|各台|按设备|按机台|各设备|每台设备)[^，。？?！!；;]{0,8}?(?:不良|次品|废品|缺陷|良率|合格率|产量)`,
    // the parts traced to the machine that made them ("那些裂纹件是哪台冲床冲出来的", "which press made the cracked brackets")
    String.raw`(?:件|品|零件|工件|裂纹|毛刺|划痕|划伤|凹陷|压痕|气孔|砂眼|缺陷|不良)[^，。？?！!；;]{0,6}?(?:是|都是|出自)?哪一?(?:台|个)(?:设备|机器|机台|冲床|冲压机|压力机|焊机|机械臂|机器人|加工中心|数控)?` +
      String.raw`[^，。？?！!；;]{0,4}?(?:冲|做|加工|生产|焊|造|压|出)(?:出来|出)?的`,
    String.raw`\bwhich\s+(?:machine|equipment|asset|robot|press|welder|camera|cnc|station)\s+(?:made|produced|stamped|welded|machined|pressed|punched|ran)\b`,
  ].join('|'),
);

const RULES: Array<{ dimension: Dimension; pattern: RegExp }> = [
  {
    dimension: 'inspector',
    pattern: new RegExp(
      [
        String.raw`检验员|检查员|质检员|检验人员|质检人员|检验人|质检人|操作员|操作工|员工|工人|谁|\binspectors?\b|\binspected\s+by\b`,
        String.raw`\bqc\s+(?:staff|persons?|people)\b|\boperators?\b|\bworkers?\b|\bemployees?\b`,
        String.raw`\bpersonnel\b|\bwho\b`,
      ].join('|'),
    ),
  },
  {
    // a breakdown by shift or shifts set against each other ("各班次", "day vs night"); one named shift is a slot (shiftOf)
    dimension: 'shift',
    pattern: /夜班|白班|早班|中班|晚班|大夜班|小夜班|班次|班组|倒班|\bshifts?\b|\bgraveyard\b/,
  },
  {
    dimension: 'batch',
    pattern: /批次|批号|批量号|\bbatch(?:es)?\b|\blot\s*(?:numbers?|nos?\b\.?|ids?\b|#)|\blots?\s+[a-z]?\d/,
  },
  {
    dimension: 'product',
    pattern: /产品|型号|料号|零件号|物料号|品种|\bproducts?\b|\bpart\s*(?:numbers?|nos?\b\.?|#)|\bskus?\b/,
  },
  {
    dimension: 'hour',
    pattern: new RegExp(
      [
        String.raw`小时|几点|点钟|时段|时间段|\d+\s*[点时]|上午|下午(?!好)|晚上(?!好)|夜里|夜间|凌晨|早上(?!好)|中午(?!好)|傍晚|今晚|昨晚|\bhours?\b`,
        String.raw`\bhourly\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\bo'?clock\b`,
        String.raw`(?<!\bgood\s)\b(?:morning|afternoon|evening|night)s?\b|\btonight\b|\bovernight\b`,
        String.raw`\bmidnight\b|\bnoon\b`,
      ].join('|'),
    ),
  },
  {
    dimension: 'recorded_at',
    pattern:
      /录入时间|记录时间|检验时间|时间戳|recorded_at|\brecorded\s+at\b|\brecord(?:ing)?\s+times?\b|\btimestamps?\b|\bwhen\s+(?:were|was)\s+\S+(?:\s+\S+)?\s+recorded\b/,
  },
  {
    // per week / per month breakdowns: the quality figures are totals or days only
    dimension: 'week_or_month',
    pattern: new RegExp(
      [
        String.raw`每周|每1?个?星期|每1?个?礼拜|按周|逐周|分周|周度|每个?月|按月|逐月|分月|月度|\bweekly\b`,
        String.raw`\b(?:per|each|every|by)\s+(?:calendar\s+)?(?:week|month)\b|\bweek[- ](?:by|over)[- ]week\b`,
        String.raw`\bmonth[- ](?:by|over)[- ]month\b|\bmonthly\b`,
      ].join('|'),
    ),
  },
  {
    // why a figure is what it is: the figures alone do not say (a cause word is never filler: only a skill that
    // honours it — the comparison's "why", fault advice's root causes — may answer; accounting.ts)
    dimension: 'cause',
    pattern: new RegExp(
      [
        String.raw`为什么|为何|为啥|干嘛|怎么回事|咋回事|什么导致|啥导致|导致|什么原因|啥原因|原因|怎么(?:会|这么|那么)|咋(?:会|这么|那么)`,
        String.raw`出(?:了)?(?:啥|什么)(?:事|问题|状况)|\bwhy\b|\bhow\s+come\b|\bwhat\s+(?:caused|drove|happened|went\s+wrong)\b`,
        String.raw`\broot\s+causes?\b|\breasons?\b|\bcaused?\b|\bcauses\b`,
      ].join('|'),
    ),
  },
  {
    // this period against the one before, or a change: the skills give one period's figures
    dimension: 'comparison',
    pattern: new RegExp(
      [
        String.raw`环比|同比|相比|对比上|比上(?:周|月|个月|星期|一天|季度|年)|和上(?:周|月|个月|星期)(?:比|相比)|与上(?:周|月|个月)|变化|增长|上升了?多少`,
        // 和前一个月比, 跟再前一周比: the unit before the period asked (its words are all neutral on their own)
        String.raw`(?:和|跟|与|同)\s*(?:再|之)?前\s*(?:一|1)?\s*个?\s*(?:天|日|周|星期|礼拜|月|年)\s*(?:相)?比`,
        String.raw`下降了?多少|增加了?多少|减少了?多少|涨了|降了|升了|改善了|恶化`,
        String.raw`\bcompared?\s+(?:to|with)\s+(?:the\s+)?(?:previous|last|prior|week|month|day|yesterday)\b`,
        String.raw`\bvs\.?\s+(?:the\s+)?(?:previous|last|prior)\b`,
        String.raw`\bversus\s+(?:the\s+)?(?:previous|last|prior)\b|\bchanged?\b|\bincrease[ds]?\b`,
        String.raw`\bdecrease[ds]?\b|\bimprov(?:e|ed|ing|ement)\b|\bworsen(?:ed|ing)?\b|\bgrew\b`,
        String.raw`\bgrow(?:n|ing|th)?\b|\bwow\b|\bmom\b|\byoy\b|\byear[- ](?:over|on)[- ]year\b|\bover\s+the\s+previous\b`,
        // a change asked as a movement ("did the defect rate go down", "has yield got better"): two periods set side by side
        String.raw`\b(?:go|goes|going|gone|went|come|comes|coming|came)\s+(?:back\s+)?(?:down|up)\b`,
        String.raw`\b(?:get|gets|getting|got|gotten)\s+(?:any\s+)?(?:better|worse)\b|\bbetter\s+or\s+worse\b|\b(?:rose|risen|fallen)\b`,
      ].join('|'),
    ),
  },
  {
    dimension: 'ppm',
    pattern: /\bppm\b|\bdpmo\b|百万分之/,
  },
  {
    // work orders counted or listed ("how many work orders did press 3 have", "列出未关闭的P1工单"): no rule-routed skill counts them
    dimension: 'work_orders',
    // (past orders as the source of a fix — 历史工单, "ideas from past WOs" — are what fault advice reads: no count)
    pattern: new RegExp(
      String.raw`(?<!历史|以前的?|之前的?|过去的?|以往的?)(?:工单|维修单|报修单|派工单)|` +
        String.raw`(?<!\b(?:past|previous|old|earlier|prior)\s+)` +
        String.raw`(?:\bwork[- ]?orders?\b|\bwos\b|\bmaintenance\s+tickets?\b|\brepair\s+orders?\b)`,
    ),
  },
  {
    // work orders per machine ranked, or those with no assignee: work_orders counts per engineer only
    dimension: 'order_grouping',
    pattern: new RegExp(
      [
        // (a machine: 哪个工程师关单最多 is per engineer, work_orders' own grouping)
        String.raw`(?:哪台(?:设备|机器|机台)?|哪个(?:设备|机器|机台)).{0,8}(?:工单|单子?)最多|(?:工单|单子?).{0,6}最多的(?:设备|机器)|按设备|各设备|每台设备`,
        String.raw`没(?:有)?(?:人|负责人)(?:接|跟|管)?|无人(?:接|跟|认领)|未指派|未分配|没指派|没分配`,
        String.raw`\bwhich\s+(?:machine|equipment|asset)\b.{0,30}\bmost\b|\b(?:per|by|each)\s+(?:machine|equipment|asset)\b`,
        String.raw`\bno\s+(?:assignee|owner|one\s+assigned)\b|\bunassigned\b|\bnot\s+assigned\b|\bwithout\s+(?:an?\s+)?(?:assignee|owner)\b`,
      ].join('|'),
    ),
  },
  {
    // an action on the plant's records or a transform of a text: no skill changes work orders, summarises or translates
    dimension: 'action',
    pattern: new RegExp(
      [
        // 关单 (read 关工单) as a request, not asked of whom or how many ("这个月谁关单最多" is a count)
        String.raw`(?:^|帮我|替我|请|麻烦|给我|你|去|先|快|赶紧|把.{0,12})\s*关(?:工)?单(?!.{0,12}(?:最多|最少|几|多少|吗|没))|` +
          String.raw`把.{0,12}(?:工单|单子?)[\s#号]*(?:\d{3,6}[\s号]*)?(?:关了|关掉|关闭|关上|结掉|结了)|派单|派给|指派给|分配给|新建(?:一|1)?张?工单|创建(?:一|1)?张?工单`,
        String.raw`(?:开|建|提)(?:一|1)张工单|总结成|概括成|归纳成|提炼成|翻译|译成`,
        // stop, start or restart a line or a machine (把B线停了, 马上停掉B线, 把3号冲床重启一下): the skills only read
        String.raw`把[^，,。？?！!]{1,16}?(?:给)?(?:停了|停掉|停下来?|关停|重启|启动|开起来)|(?:停掉|关停|停下|重启)\s*(?:[a-d]\s*线|\d+\s*号)`,
        String.raw`\bclose\s+(?:out\s+)?(?:wo\b|work\s*order|ticket|order|#)|\bclose\s+\d{3,}`,
        String.raw`\b(?:open|create|raise|log|file|cut)\s+(?:a|an|new|a\s+new)\s+(?:(?:p[0-3]|urgent|new|maintenance|repair|high[- ]priority)\s+)*` +
          String.raw`(?:wo|work\s*order|ticket|order)\b`,
        String.raw`\bre-?assign\b|\bassign\s+(?:wo\b|work\s*order|ticket|order|it\b|#|\d{3,})|\bmark\s+.{0,24}\b(?:as\s+)?(?:closed|done|resolved)\b`,
        String.raw`\btranslat(?:e|ed|ion)\b|\bsummari[sz]e\s+(?:the\s+|last\s+night'?s\s+|this\s+|that\s+)?(?:handover|note|notes|manual|doc|document|sop)\b`,
        String.raw`\bsummari[sz]e\b.{0,40}\b(?:in|into)\s+(?:\d|three|five|a\s+few)\b`,
        // tell someone (page, notify, call): no skill reaches a person; a rule that says who is told stays a read
        String.raw`(?:^|帮我|替我|请|麻烦|给我|你)\s*(?:去)?(?:通知|呼叫|传呼|联系|呼(?=一?下))(?:一下|下)?(?!单|书|的|了吗)|打电话给|给.{1,10}打(?:个|一个|1个)?电话`,
        String.raw`发(?:个|一条|条)?(?:消息|短信|微信|邮件)给`,
        String.raw`(?:^|\b(?:please|pls|plz|can\s+you|could\s+you|go|and|then)\s+)(?:page|notify|ping|alert|text|message|phone|e-?mail)\s+(?!of\b|for\b|is\b)`,
        String.raw`(?:^|\b(?:please|pls|plz|can\s+you|could\s+you|go|and|then)\s+)call\s+(?:the\s+)?(?:on[-\s]?call|engineer|maintenance|him|her|them|me)\b`,
        // change a record or a document (改成 / set … to): no skill writes; "what changed", "改成了什么" stay reads
        String.raw`(?:改成|改为|改到|设为|设置为|设成|更新为|修改为|调成|调为|调整为)(?!了?(?:什么|啥|多少|几|哪))`,
        String.raw`(?:^|\b(?:please|pls|plz|can\s+you|could\s+you|go|and|then)\s+)(?:change|set|update|edit|modify|amend)` +
          String.raw`(?=\s+(?!of\b)\S.{0,50}?\b(?:to|as|into)\s+(?!what\b|when\b|which\b)\S)`,
        // a request to write, send, print or operate (acknowledge an alarm, stop a line, hold a batch): the skills
        // only read; the verb opens the request ("write up a handover note: press 3 vibrating" is no fault question)
        String.raw`(?:^|[:：;；,，.!?。！？]\s*|\b(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|go|and|then|also|now)\s+)` +
          String.raw`(?:(?:write|type|jot)\s+(?:up|down|out)?\s*(?:me\s+)?(?:a|an|the|my)?\s*` +
          String.raw`(?:handover|hand-?off|shift|note|report|summary|email|e-mail|message|memo|log|entry)` +
          String.raw`|draft\s|compose\s|acknowledge\s|ack\s+(?:the|that|this|alarm|fault)|` +
          String.raw`(?:clear|reset|silence|mute)\s+(?:the\s+|that\s+|this\s+)?(?:alarms?|faults?|errors?|alerts?)` +
          String.raw`|print\s|(?:send|forward|pass)\s.{0,40}?\bto\s+(?!me\b|us\b)|e-?mail\s+(?!address)|` +
          String.raw`(?:re)?schedule\s|book\s|approve\s|sign\s+off\s|remind\s+me\b|` +
          String.raw`(?:stop|halt|start|restart|shut\s+down|power\s+(?:off|on)|lock\s+out)\s+(?:the\s+)?(?:line` +
          String.raw`|press|machine|robot|welder|conveyor|camera|cnc|[a-d]\b|[a-d]-)` +
          String.raw`|(?:hold|freeze|quarantine|release|scrap)\s+(?:the\s+|that\s+|this\s+)?(?:batch|lot|parts?)\b)`,
        String.raw`(?:帮我|替我|请|麻烦|给我|你)\s*(?:把|给)?.{0,24}?(?:写(?:一份|一个|个|一下|下)?(?:交接|报告|总结|邮件|记录|说明)|起草|打印|复位|` +
          String.raw`消除报警|确认(?:一下)?报警|冻结|放行|登记|预约|订(?:购)?(?:两|几|一|\d)|采购)|` +
          String.raw`提醒我|(?:^|[，,。;；]\s*)(?:打印|复位|冻结|放行|派(?:个|一个)?人)|(?:换成|换为|替换成|改派给?)(?!了?(?:什么|啥|谁|哪))`,
        // a summary across several records (the week's handovers in one paragraph): no skill writes one
        String.raw`(?:汇总|总结|概括|归纳|合并)(?:成|为)(?:一|1|几)|(?<=把.{0,20}(?:记录|交接|日志|笔记|工单).{0,8})(?:汇总|总结|概括|归纳)`,
        String.raw`\bsummar(?:i[sz]e|y\s+of)\b(?=.{0,40}\b(?:handovers|handover\s+notes|notes|logs|records|shifts|days)\b)`,
      ].join('|'),
    ),
  },
  {
    // a selection by what did NOT happen ("which engineers have no open tickets", "which lines did not hit 98%",
    // 哪几条线没超过2%): no skill selects by absence, and dropping the "not" answers the opposite question; a
    // percent bar not reached ("did not hit 98%", 没超过2%) is a threshold, read below or at most (quality_metrics)
    dimension: 'negation',
    pattern: new RegExp(
      [
        String.raw`\b(?:which|what|who|whose|any)\b[^?.;!,]{0,60}?\b(?:don't|doesn't|didn't|haven't|hasn't|hadn't|aren't|weren't|isn't|wasn't|` +
          String.raw`won't|never|without|(?:do|does|did|have|has|had|are|were|is|was)\s+(?:not|no)|not|no)\b` +
          String.raw`(?!\s*(?:\.|\d|yet\s+(?:closed|finished|resolved|done|fixed|completed)|(?:closed|finished|resolved|done|fixed|completed|` +
          String.raw`assigned|one\s+assigned|assignee|owner)\b|(?:hit|reach|make|meet|achieve)\s+(?:the\s+|a\s+)?\d+(?:\.\d+)?\s*%))`,
        String.raw`哪[^，。？?！!；;]{0,16}?(?:没有|没|未|不)(?:(?:超过|超(?!过)|达到|到)(?!\s*\d+(?:\.\d+)?\s*%)|达标|过|满足|出现|有过|合格(?!率))`,
      ].join('|'),
    ),
  },
  {
    dimension: 'records',
    pattern: /明细|逐条|每条记录|每一条|\brecords\b|\brows\b|\bentries\b/,
  },
  {
    // a reference back to something said before ("who was on call then", 那时, 那台机器): never filler; only a
    // follow-up (the previous question's slots) or a part of the same message honours it (accounting.ts)
    dimension: 'reference',
    pattern: new RegExp(
      [
        String.raw`那时候?|当时|那天|那1天|那一天|那会儿?|那个时候|那次|那周(?![报末])|那个星期|那个礼拜|那1周|那一周|那班|那个班`,
        String.raw`那批(?!次)|那台|那张|那个单|那条线|那个批次|那个工单|那件事|同一周|同1周|同一个?(?:星期|礼拜|月)|它(?!们)`,
        // this line, said with no line named: which one is asked (这条线上周产量)
        String.raw`这条(?:产)?线|该(?:产)?线|\bthis\s+line\b`,
        String.raw`(?<!^\s*(?:and|ok|okay|so)?\s*)(?<!\b(?:and|so|ok|okay)\s+)\bthen\b|\bback\s+then\b|\bat\s+that\s+time\b`,
        String.raw`\bthat\s+(?:day|week|month|shift|time|batch|machine|press|ticket|order|line|night|one)\b`,
      ].join('|'),
    ),
  },
];

/** every word of a dimension (a cause word, a reference back) in a text, for the word accounting */
export function qualifierWords(dimension: Dimension): RegExp {
  const rule = RULES.find((entry) => entry.dimension === dimension)!;
  return new RegExp(rule.pattern.source, 'g');
}

/** A quality figure asked per machine (PER_MACHINE), on the question with its machines still in it */
export function machineGrain(lower: string): Qualifier | undefined {
  const match = PER_MACHINE.exec(lower);
  return match ? { dimension: 'machine', words: match[0].trim() } : undefined;
}

/** Every dimension the question names, in rule order. */
export function findQualifiers(lower: string): Qualifier[] {
  const found: Qualifier[] = [];
  for (const rule of RULES) {
    const match = rule.pattern.exec(lower);
    if (match) found.push({ dimension: rule.dimension, words: match[0].trim() });
  }
  return found;
}

/** Dimensions worth naming in the honest reply even when no rule matched the question at all. */
export const NAMED_WHEN_UNMATCHED: Dimension[] = [
  'reference',
  'inspector',
  'batch',
  'product',
  'hour',
  'records',
  'cause',
  'comparison',
  'work_orders',
  'shift',
  'week_or_month',
  'order_grouping',
  'action',
  'negation',
  'machine',
];

// ---- one named shift ----------------------------------------------------------------

export interface ShiftMention {
  /** 'day' | 'night' | 'middle' (what the quality figures resolve against quality_data.shift) */
  shift: 'day' | 'night' | 'middle';
  words: string;
  /**
   * said without a shift word: 昨晚 / "last night" (yesterday's night shift, dated by the evening it starts); a skill
   * that takes no shift reads it as the hour it names, as before
   */
  implied?: boolean;
  start: number;
  end: number;
}

const SHIFT_SLOT: Array<{ shift: ShiftMention['shift']; pattern: RegExp }> = [
  {
    shift: 'day',
    // a crew is its shift: day crew, 白班组
    pattern:
      /白班组|早班组|白班|白天班|日班|早班|\bday[- ]?(?:shifts?|crews?)\b|\bdaytime\s+(?:shifts?|crews?)\b|\bmorning\s+(?:shifts?|crews?)\b|\bfirst\s+shift\b/g,
  },
  {
    shift: 'night',
    pattern:
      /夜班组|晚班组|大夜班|夜班|晚班|\bnight[- ]?(?:shifts?|crews?)\b|\bgraveyard(?:\s+(?:shifts?|crews?))?\b|\bthird\s+shift\b/g,
  },
  {
    shift: 'middle',
    pattern: /中班组|中班|小夜班|\b(?:middle|mid|swing|afternoon|evening|second)[- ]?(?:shifts?|crews?)\b/g,
  },
];

/**
 * Named shifts. One shift is a slot a skill may honour (`honours.shift`); two or more (day
 * against night) stay a 'shift' qualifier, which no rule-routed skill breaks down.
 */
export function findShifts(lower: string): ShiftMention[] {
  const found: ShiftMention[] = [];
  for (const rule of SHIFT_SLOT) {
    rule.pattern.lastIndex = 0;
    for (const match of lower.matchAll(rule.pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
      found.push({ shift: rule.shift, words: match[0], ...span });
    }
  }
  found.sort((a, b) => a.start - b.start);
  // the same shift said again in other words ("middle shift (swing shift)", 中班（小夜班）): one mention
  const merged: ShiftMention[] = [];
  for (const mention of found) {
    const last = merged[merged.length - 1];
    if (last && last.shift === mention.shift && RESTATED.test(lower.slice(last.end, mention.start))) {
      merged[merged.length - 1] = { ...last, words: lower.slice(last.start, mention.end), end: mention.end };
      continue;
    }
    merged.push(mention);
  }
  // one of the plant's two shifts left out ("不算夜班", "excluding the night shift", "除了白班"): the other one
  if (merged.length === 1 && merged[0]!.shift !== 'middle') {
    const only = merged[0]!;
    const except = leftOutBefore(lower, only.start);
    if (except)
      return [
        {
          ...only,
          shift: only.shift === 'day' ? 'night' : 'day',
          words: lower.slice(only.start - except[0].length, only.end),
          start: only.start - except[0].length,
        },
      ];
  }
  return merged;
}

/**
 * the words that leave something out, just before it: "except C", "excluding the night shift", 除了C线, 不算夜班
 * (a shift here, lines in slots.ts)
 */
const EXCEPT_BEFORE = new RegExp(
  String.raw`(?:\b(?:except(?:\s+for)?|excluding|exclude|other\s+than|apart\s+from|but\s+not|not\s+counting|` +
    String.raw`minus|without)|除了|除去|除开|除|不算|不含|不包括|不包含|去掉|刨除|排除)\s*(?:the\s+)?$`,
);

/** the words just before `at` (within 24 characters) that leave out what stands there, or null */
export function leftOutBefore(lower: string, at: number): RegExpExecArray | null {
  return EXCEPT_BEFORE.exec(lower.slice(Math.max(0, at - 24), at));
}

/** 昨晚, 昨夜, last night, yesterday evening: the night shift that started yesterday evening */
const LAST_NIGHT = /昨晚|昨夜|\blast\s+night(?:'s|s)?\b|\byesterday\s+(?:evening|night)\b/;

/** the night shift a question names by its night alone ("黄敏 昨晚 检验数据", "line B defect rate last night") */
export function impliedNightShift(lower: string): ShiftMention | undefined {
  const match = LAST_NIGHT.exec(lower);
  if (!match) return undefined;
  return { shift: 'night', words: match[0], start: match.index, end: match.index + match[0].length, implied: true };
}

/** what joins a word to its restatement: brackets, a comma, "aka", "i.e.", 也就是 */
const RESTATED = /^[\s(（,，、:：/-]*(?:aka|a\.k\.a\.|i\.e\.?|or|也就是|就是|即|也叫)?[\s(（,，、:：/-]*$/;

// ---- what the data does not record ------------------------------------------------

/** Measures the plant's data does not hold at all: said not to be recorded, never answered with another figure. */
const NOT_RECORDED: Array<{ measure: string; zh: string; en: string; pattern: RegExp }> = [
  {
    measure: 'rework',
    zh: '返工/返修',
    en: 'rework',
    pattern: /返工|返修|重工|\bre-?work(?:ed|s)?\b|\brepaired\s+parts\b/,
  },
  {
    measure: 'oee',
    zh: 'OEE/稼动率',
    en: 'OEE / utilisation',
    pattern:
      /\boee\b|设备综合效率|综合效率|稼动率|开动率|利用率|\butili[sz]ation\b|\bavailability\b|\bcapacity\s+utili[sz]ation\b/,
  },
  {
    measure: 'energy',
    zh: '能耗',
    en: 'energy use',
    pattern: /能耗|电耗|耗电|用电|能源|电费|\benergy\b|\bpower\s+consumption\b|\belectricity\b|\bkwh\b/,
  },
  {
    // not 生成本周 (生成 then 本周: generate this week's)
    measure: 'cost',
    zh: '成本/金额',
    en: 'cost',
    pattern:
      /(?<!生)成本|费用|花费|金额|多少钱|损失了?多少钱|\bcosts?\b|\bmoney\b|\bexpenses?\b|\bspend(?:ing)?\b|\bprices?\b|\bdollars?\b|\bbudget\b/,
  },
  {
    measure: 'downtime',
    zh: '停机时长',
    en: 'downtime hours',
    pattern: new RegExp(
      [
        String.raw`停机时间|停机时长|停机多久|停机了?多长|停线时间|停线时长|停线多久|宕机时间|停机小时|\bdown-?time\b|\bmttr\b|\bmtbf\b|\buptime\b`,
        String.raw`\bhours?\s+(?:of\s+)?(?:stoppage|down)\b`,
        String.raw`\bhow\s+long\s+(?:was|were|is|are|did|has|have)\b.{0,40}\b(?:down|stopped|idle|offline)\b`,
      ].join('|'),
    ),
  },
  {
    measure: 'cycle_time',
    zh: '节拍/周期时间',
    en: 'cycle time',
    pattern: /节拍|周期时间|\bcycle\s+times?\b|\btakt\b/,
  },
  {
    measure: 'labour',
    zh: '工时/出勤',
    en: 'labour hours and attendance',
    pattern: /工时|加班|出勤|考勤|\bman-?hours?\b|\blabou?r\s+hours?\b|\bovertime\b|\battendance\b|\bheadcount\b/,
  },
  {
    measure: 'complaints',
    zh: '客诉/退货',
    en: 'customer complaints and returns',
    pattern:
      /客诉|客户投诉|投诉|退货|客退|\bcustomer\s+(?:complaints?|returns?)\b|\bcomplaints?\b|\brma\b|\breturned\s+parts\b/,
  },
  {
    measure: 'capability',
    zh: 'CPK/SPC 测量数据',
    en: 'Cpk / SPC measurements',
    pattern:
      /\bcpk\b|\bppk\b|\bcp\b|过程能力|\bspc\b|控制图|\bcontrol\s+charts?\b|\bprocess\s+capability\b|\bsigma\s+level\b/,
  },
  {
    measure: 'delivery',
    zh: '订单/出货',
    en: 'orders and shipments',
    pattern:
      /出货|发货|交付|交货|订单|库存|\bshipments?\b|\bshipped\b|\bdeliver(?:y|ies|ed)\b|\bon-?time\b|\binventory\b|\bstock\s+levels?\b|\bsales\b|\bcustomer\s+orders?\b/,
  },
  {
    measure: 'material',
    zh: '物料消耗',
    en: 'material usage',
    pattern: /物料消耗|原材料|材料消耗|材料利用率|\bmaterial\s+(?:usage|consumption)\b|\braw\s+materials?\b/,
  },
  {
    measure: 'sensor',
    zh: '传感器读数（温度、压力）',
    en: 'sensor readings (temperature, pressure)',
    pattern: new RegExp(
      [
        String.raw`温度(?:数据|记录|读数|曲线)|压力(?:数据|记录|读数|曲线)|振动值|振动多大|振幅|多少度|温湿度|湿度`,
        String.raw`\b(?:temperature|pressure)\s+(?:readings?|data|logs?|curves?)\b|\bsensor\s+(?:readings?|data)\b`,
        String.raw`\bhumidity\b|\bvibration\s+(?:levels?|values?|readings?)\b|\bhow\s+hot\b`,
      ].join('|'),
    ),
  },
  {
    measure: 'plan',
    zh: '生产计划/达成率',
    en: 'production plans and plan attainment',
    pattern: new RegExp(
      String.raw`计划达成|达成率|计划完成率|生产计划|目标产量|\bplan\s+attainment\b|\b(?:against|vs\.?|versus)\s+(?:the\s+)?plan\b` +
        String.raw`|\btarget\s+attainment\b|\bschedule\s+attainment\b|\bproduction\s+plan\b`,
    ),
  },
  {
    measure: 'weight',
    zh: '重量',
    en: 'weights',
    pattern: /重量|多少公斤|多少吨|\bweights?\b|\bkg\b|\bkilos?\b|\btonnes?\b|\btons\b/,
  },
  {
    measure: 'tool_life',
    zh: '刀具寿命',
    en: 'tool life',
    pattern: /刀具寿命|刀具还能用|刀片寿命|\btool\s+life\b|\binsert\s+life\b|\blife\s+(?:is\s+)?left\b/,
  },
  {
    measure: 'spare_parts',
    zh: '备件库存',
    en: 'spare parts stock',
    pattern: /备件|备品|库存|\bin\s+stock\b|\bspare\s+parts?\b|\bspares\b/,
  },
  {
    measure: 'operator',
    zh: '机台操作工',
    en: 'who operates a machine',
    pattern:
      /(?:哪个|哪位|谁)\s*(?:操作工|操作员|师傅)?\s*在开|开机的是谁|\bwho\s+(?:was\s+|is\s+)?(?:running|operating)\b/,
  },
];

export interface NotRecorded {
  measure: string;
  zh: string;
  en: string;
  words: string;
}

/** asking for the future: a forecast the plant's data cannot give (it holds what happened) */
const FORECAST = new RegExp(
  [
    String.raw`预测|预计|预估|估计|预期|能到|能达到|能出|能做|会有多少|会是多少|会不会|将会|将要`,
    String.raw`\bforecast(?:s|ed|ing)?\b|\bpredict(?:s|ed|ion|ions)?\b|\bprojected\b|\bprojections?\b|\bexpect(?:s|ed)?\b`,
    String.raw`\bestimate[ds]?\b|\bgoing\s+to\s+(?:be|get|have|make|produce|reach|hit)\b`,
    String.raw`\bwill\b(?=[^.?!]{0,40}\b(?:be|get|have|make|produce|reach|hit|come|see)\b)`,
  ].join('|'),
);

export const FORECAST_MEASURE = {
  measure: 'forecast',
  zh: '预测（还没发生的数字）',
  en: 'forecasts (figures for what has not happened yet)',
};

/** the words that ask for a forecast, or undefined */
export function findForecast(lower: string): NotRecorded | undefined {
  const match = FORECAST.exec(lower);
  return match ? { ...FORECAST_MEASURE, words: match[0].trim() } : undefined;
}

export function findNotRecorded(lower: string): NotRecorded[] {
  const found: NotRecorded[] = [];
  for (const rule of NOT_RECORDED) {
    const match = rule.pattern.exec(lower);
    if (match) found.push({ measure: rule.measure, zh: rule.zh, en: rule.en, words: match[0].trim() });
  }
  return found;
}

/** The qualifiers of a question that a skill which cannot honour `cannot` would silently drop. */
export function qualifiersBeyond(cannot: Dimension[], qualifiers: Qualifier[]): Qualifier[] {
  return qualifiers.filter((qualifier) => cannot.includes(qualifier.dimension));
}
