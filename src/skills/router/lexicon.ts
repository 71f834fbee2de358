/**
 * The lexicon of the rule router (issue 27): every concept of the data
 * contract (docs/plant-data.md) with the words operators use for it, in
 * Chinese and English.
 *
 * - `LEXICON` lists the words the rules read as they are (the first one of
 *   each language is the canonical word). They are also what typo tolerance
 *   maps a near-miss onto (typos.ts): a misspelt word becomes one of these,
 *   never anything else.
 * - `SYNONYMS` lists colloquial, regional and abbreviated forms the
 *   normaliser rewrites to a canonical word before any rule reads the
 *   question ("产两" is a typo, "拉胯" a synonym of 最差, "wk" of week); the
 *   operator's own words are still what answers echo (normalize.ts keeps the
 *   map back). A synonym whose meaning depends on its neighbours is a
 *   pattern with its context ("开着" is an open work order beside 工单, a
 *   running machine elsewhere).
 *
 * The data's own names — lines, machines, inspectors, products, defect types
 * as stored — come from plant.db at run time (entities.ts, equipment.ts,
 * defects.ts); this file holds the vocabulary around them. Tests generate
 * questions, typos and homophones from these tables (lexicon.test.ts), so a
 * word added here is exercised at once.
 */

export interface LexiconEntry {
  /** the concept of the data contract (a metric, a state, a period word …) */
  concept: string;
  /** words the rules read as they are; the first is the canonical one */
  zh: string[];
  en: string[];
}

export const LEXICON: LexiconEntry[] = [
  // ---- quality figures ----------------------------------------------------------------
  {
    concept: 'output',
    zh: ['产量', '产出', '生产数量', '件数'],
    en: ['output', 'production', 'throughput', 'produced'],
  },
  {
    concept: 'defect_rate',
    zh: ['不良率', '次品率', '缺陷率', '不合格率', '废品率', '报废率', '不良品率'],
    en: ['defect rate', 'defective rate', 'reject rate', 'rejection rate', 'scrap rate', 'failure rate', 'NG rate'],
  },
  { concept: 'defects', zh: ['不良品', '次品', '废品', '不合格品'], en: ['defects', 'rejects', 'defective'] },
  {
    concept: 'yield',
    zh: ['良率', '合格率', '良品率', '直通率', '一次合格率', '首次合格率'],
    en: ['yield', 'first pass yield', 'pass rate', 'FPY'],
  },
  { concept: 'defect_types', zh: ['缺陷类型', '不良类型', '主要缺陷'], en: ['defect types', 'types of defects'] },
  { concept: 'quality', zh: ['质量', '品质'], en: ['quality', 'performance'] },
  // ---- lines, shifts ------------------------------------------------------------------
  { concept: 'line', zh: ['线', '产线', '生产线'], en: ['line', 'lines', 'production line'] },
  { concept: 'all_lines', zh: ['所有产线', '全部产线', '各条线', '全厂', '各线'], en: ['all lines', 'every line'] },
  { concept: 'day_shift', zh: ['白班', '早班', '日班'], en: ['day shift', 'morning shift'] },
  { concept: 'night_shift', zh: ['夜班', '晚班', '大夜班'], en: ['night shift', 'graveyard shift'] },
  // ---- periods ------------------------------------------------------------------------
  { concept: 'today', zh: ['今天', '今日'], en: ['today'] },
  { concept: 'yesterday', zh: ['昨天', '昨日'], en: ['yesterday'] },
  { concept: 'tomorrow', zh: ['明天', '明日'], en: ['tomorrow'] },
  { concept: 'this_week', zh: ['本周', '这周', '这个星期', '这礼拜'], en: ['this week'] },
  { concept: 'last_week', zh: ['上周', '上个星期', '上礼拜'], en: ['last week', 'previous week'] },
  { concept: 'this_month', zh: ['本月', '这个月'], en: ['this month'] },
  { concept: 'last_month', zh: ['上个月', '上月'], en: ['last month', 'previous month'] },
  { concept: 'weekend', zh: ['周末'], en: ['weekend'] },
  {
    concept: 'weekday',
    zh: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
    en: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  },
  {
    concept: 'month_name',
    zh: [],
    en: [
      'january',
      'february',
      'march',
      'april',
      'june',
      'july',
      'august',
      'september',
      'october',
      'november',
      'december',
    ],
  },
  // ---- machines -----------------------------------------------------------------------
  { concept: 'equipment', zh: ['设备', '机器', '机台'], en: ['machine', 'machines', 'equipment'] },
  { concept: 'press', zh: ['冲压机', '冲床'], en: ['press', 'presses'] },
  { concept: 'cnc', zh: ['数控', '加工中心'], en: ['cnc', 'machining center'] },
  { concept: 'welder', zh: ['焊机'], en: ['welder', 'welding robot'] },
  { concept: 'camera', zh: ['相机', '视觉系统'], en: ['camera', 'vision system'] },
  { concept: 'conveyor', zh: ['输送带', '传送带'], en: ['conveyor'] },
  { concept: 'robot', zh: ['机器人', '机械臂', '机械手'], en: ['robot', 'robot arm'] },
  // ---- equipment states and maintenance --------------------------------------------------
  { concept: 'status', zh: ['状态'], en: ['status'] },
  { concept: 'running', zh: ['运行', '运转'], en: ['running'] },
  { concept: 'idle', zh: ['空闲', '闲置'], en: ['idle'] },
  { concept: 'fault', zh: ['故障', '停机'], en: ['fault', 'faulty', 'broken'] },
  { concept: 'maintenance', zh: ['保养', '维护', '维保', '检修'], en: ['maintenance', 'servicing'] },
  { concept: 'overdue', zh: ['逾期', '超期', '过期'], en: ['overdue'] },
  // ---- work orders --------------------------------------------------------------------
  {
    concept: 'work_order',
    zh: ['工单', '维修单', '报修单', '派工单'],
    en: ['work order', 'work orders', 'tickets', 'ticket', 'maintenance tickets'],
  },
  { concept: 'open', zh: ['未关闭', '未完成', '待处理', '处理中'], en: ['outstanding', 'pending', 'unresolved'] },
  { concept: 'closed', zh: ['已关闭', '已完成', '关闭了'], en: ['closed', 'resolved', 'completed'] },
  // ---- people, documents, on call -----------------------------------------------------
  { concept: 'inspector', zh: ['检验员', '质检员'], en: ['inspector', 'inspectors'] },
  { concept: 'batch', zh: ['批次', '批号'], en: ['batch', 'batches'] },
  { concept: 'product', zh: ['产品', '型号'], en: ['product', 'products'] },
  { concept: 'on_call', zh: ['值班'], en: ['on call', 'on-call', 'rota'] },
  { concept: 'handover', zh: ['交接班', '交班', '接班'], en: ['handover'] },
  // ---- defect kinds (the groups of defects.ts; the plant's own names come from defect_types) ------
  { concept: 'scratch', zh: ['划痕', '划伤'], en: ['scratch', 'scratches'] },
  { concept: 'dent', zh: ['凹陷', '压痕'], en: ['dent', 'dents'] },
  { concept: 'burr', zh: ['毛刺', '飞边'], en: ['burr', 'burrs'] },
  { concept: 'crack', zh: ['裂纹', '开裂'], en: ['crack', 'cracks'] },
  { concept: 'porosity', zh: ['气孔', '砂眼'], en: ['porosity', 'pinholes'] },
  { concept: 'dimension', zh: ['尺寸超差'], en: ['out of tolerance'] },
  // ---- question words (typos of them are common: "wats", "wich") ----------------------------
  { concept: 'question', zh: [], en: ["what's", 'what', 'which', 'where', 'when'] },
  // ---- why, and references back (never filler: accounting.ts) ------------------------------
  { concept: 'cause', zh: ['为什么', '原因'], en: ['why', 'cause', 'caused', 'reason'] },
];

/** words that set two things against each other */
const CONTRAST = String.raw`(?:than|vs\.?|versus|against|or|and|compared\s+(?:to|with))`;

export interface Synonym {
  /** the canonical word it becomes (a word of LEXICON or one the rules read); $1 is a pattern's first group */
  to: string;
  /** literal words (Chinese as they are, English on word boundaries, case-insensitive) */
  words?: string[];
  /** patterns with their context (a regular expression source over the folded question, case-insensitive) */
  patterns?: string[];
}

/**
 * Colloquial, regional and abbreviated words, each rewritten to the word the
 * rules read. Longest match first; a pattern's context is read on the
 * question as typed (after full-width folding), before any rewrite.
 */
export const SYNONYMS: Synonym[] = [
  // ---- quality figures ----------------------------------------------------------------
  { to: '不良率', words: ['NG率', '坏品率', '不良比例', '次品比例', '不良比率'] },
  { to: '良率', words: ['通过率', '良品比例'] },
  { to: '一次合格率', words: ['一次通过率', '一次良率'] },
  // a count of bad pieces: 坏了几件, 坏件, NG品
  { to: '不良品', words: ['坏件', '坏品', 'NG品', 'NG件', '不良件', '残次品'] },
  {
    to: '不良',
    patterns: [
      String.raw`坏了(?=\s*(?:几|多少|\d))`,
      String.raw`(?<=[\u4e00-\u9fff])坏(?=\s*(?:了)?\s*(?:几|多少|\d+)\s*[件个片])`,
      String.raw`报废了?(?=\s*(?:几|多少|\d))`,
    ],
  },
  // a line's letter said by voice or typed by sound (地线 for D线, "line bee"): the letter, where the question asks a
  // figure or a state of it (接地线, 东西 stay what they are)
  ...(
    [
      ['A', '诶|欸|艾', 'ay|aye|eh'],
      ['B', '必|逼|碧|哔', 'bee'],
      ['C', '西|希|稀|吸', 'see|sea|cee'],
      ['D', '地|滴|迪|弟|帝', 'dee|di'],
    ] as const
  ).flatMap(([letter, zh, en]) => [
    {
      to: `${letter}线`,
      patterns: [
        String.raw`(?<![接东落底])(?:${zh})(?=线(?![路缆圈束头]))(?=.*(?:产|不良|良率|良品|次品|合格|缺陷|报废|废品|检|设备|机|保养|工单|状态|怎么样|咋样|情况|多少|几))线`,
      ],
    },
    {
      to: `line ${letter}`,
      patterns: [String.raw`\bline\s+(?:${en})\b(?!\s+(?:able|sure|careful|done|ready|a|an|the)\b)`],
    },
  ]),
  { to: 'defect rate', words: ['defect %', 'defect pct', 'defect percentage', 'ng %', 'reject %', 'bad rate'] },
  {
    to: 'defective pieces',
    words: ['ng pcs', 'ng parts', 'ng pieces', 'bad ones', 'bad parts', 'bad pieces', 'bad pcs', 'nok parts'],
  },
  { to: 'produced', words: ['threw', 'churned out', 'turned out', 'pumped out', 'spat out'] },
  { to: 'produce', words: ['throw', 'churn out', 'turn out', 'pump out'] },
  // pieces put through a line: produced
  { to: 'produce', patterns: [String.raw`\bput\s+through\b(?!\s+(?:a|an|the|my|this|that)\b)`] },
  { to: 'yield', words: ['yld', 'first time yield', 'first-time yield'] },
  { to: 'output', words: ['outpt', 'o/p'] },
  // which line topped output: had the highest
  {
    to: 'had the highest',
    patterns: [String.raw`(?<=\bwhich\s+(?:line|shift|inspector|batch|product)s?\s+)topped\b(?!\s+(?:up|off)\b)`],
  },
  // how does KW48 stack up against KW46: compare
  { to: 'compare with', patterns: [String.raw`\bstacks?\s+up\s+(?:against|to|with)\b`] },
  // what drove the defects up, what's driving it: the cause asked
  { to: 'what caused', patterns: [String.raw`\bwhat(?:\s+drove|(?:\s+is|'s|\s+was)\s+driving)\b`] },
  // 挑出来的次品: the rejects an inspector found
  { to: '检出', patterns: [String.raw`挑出(?:来)?(?=的?\s*(?:次品|不良|废品|坏件|坏品|ng))`] },
  { to: '排名', words: ['排个名', '排一下名', '排排名', '排个序', '排一下序', '排一下', '排一排', '排下序'] },
  // a breakdown verb after the dimension it breaks down by (按班次拆一下, 白班夜班分开看): the breakdown, said as the
  // rules read it; 拆 / 分 alone stay unread (拆主轴 is a repair, not a breakdown)
  {
    to: '统计',
    patterns: [
      String.raw`(?<=按\s*[^\s，,。？?！!、]{1,6}\s*)(?:拆分|拆开|分开|拆|分)(?:成|开)?(?:1|一)?下?(?:来)?(?:看|统计|算)?`,
    ],
  },
  {
    to: '分别',
    patterns: [
      String.raw`(?<=(?:白班|夜班|早班|晚班|中班|班次|各线|各条线|各产线)\s*)(?:拆分|拆开|分开)(?:来)?(?:看|统计|算)?`,
    ],
  },
  // "the last couple of days", 这两天: two (the past 2 days); "a couple of weeks"
  { to: '2', patterns: [String.raw`\b(?:a\s+)?couple(?:\s+of)?(?=\s+(?:days?|weeks?|months?|shifts?)\b)`] },
  { to: '最近两天', patterns: [String.raw`这两天|这俩天`] },
  // "day/night split": the two shifts set against each other
  { to: 'day shift vs night shift', patterns: [String.raw`\bdays?\s*/\s*nights?\b(?!\s+shifts?)`] },
  { to: '最差', words: ['最拉胯', '最拉垮', '最烂', '最菜', '最糟糕', '最拖后腿'] },
  { to: '差', words: ['拉胯', '拉垮', '拖后腿'] },
  // "defect wise", "output-wise": the figure the question is about
  { to: 'defect rate', patterns: [String.raw`\b(?:defects?|rejects?|scrap|ng)[- ]?wise\b`] },
  { to: '$1', patterns: [String.raw`\b(output|yield|quality|production|throughput)[- ]?wise\b`] },
  // "this week v last week", "A v. B": versus (not "24 v", a voltage)
  { to: 'vs', patterns: [String.raw`(?<=[a-z]\s+)v\.?(?=\s+(?:the\s+)?[a-z])`] },
  // 四条线各自的产量: each one's, as 分别 says
  { to: '分别', words: ['各自'] },
  // ---- lines (Cantonese and southern factories say 拉 for a line: "A拉") ----------------------
  {
    to: '线',
    patterns: [String.raw`(?<=(?:^|[^a-z0-9])[a-z]\s?)拉(?![\u4e00-\u9fff]{0,1}(?:胯|垮|动|开|下|上|出|回))`],
  },
  { to: 'line', words: ['ln'] },
  // ---- shifts -------------------------------------------------------------------------
  { to: 'night', words: ['nite', 'nites'] },
  { to: 'tonight', words: ['tonite', 'tonght'] },
  // "did nights get worse than days", "day vs night": the shifts set against each other
  {
    to: 'night shift',
    patterns: [
      String.raw`\bnights?\b(?!\s+shifts?)(?=\s*${CONTRAST}\s*days?\b)`,
      String.raw`(?<=\bdays?\s*${CONTRAST}\s*)\bnights?\b(?!\s+shifts?)`,
      String.raw`\bnights\b(?=[^.?!]{0,30}\b${CONTRAST}\s+days\b)`,
    ],
  },
  {
    to: 'day shift',
    patterns: [
      String.raw`\bdays?\b(?!\s+shifts?)(?=\s*${CONTRAST}\s*nights?\b)`,
      String.raw`(?<=\bnights?\s*${CONTRAST}\s*)\bdays?\b(?!\s+shifts?)`,
      String.raw`(?<=\bnights\b[^.?!]{0,30}\b${CONTRAST}\s+)\bdays\b`,
    ],
  },
  { to: '夜班', words: ['夜里那班', '晚上那班', '夜里的班'] },
  // the night shift that handed over this morning is last night's
  { to: '昨晚夜班', patterns: [String.raw`(?:今早|今天早上|早上)\s*刚?\s*交(?:了)?班的?\s*(?:那个|那)?\s*夜班`] },
  { to: '白班', words: ['白天那班', '白天的班'] },
  // ---- periods ------------------------------------------------------------------------
  { to: 'week', words: ['wk', 'wek'] },
  { to: 'weeks', words: ['wks'] },
  { to: 'month', words: ['mth', 'mnth'] },
  // a fortnight: two weeks, where a period word says which ("the past fortnight", "fortnight ending yesterday")
  {
    to: '2 weeks',
    patterns: [
      String.raw`(?<=\b(?:past|last|previous|recent)\s+)fortnight\b`,
      String.raw`\bfortnight(?=\s+(?:ending|up\s+to|through|thru)\b)`,
    ],
  },
  // "the week so far", "the month to date": this one (the week asked so far can only be the running one)
  {
    to: 'this $1',
    patterns: [
      String.raw`\bthe\s+(week|month|year|quarter)(?=\s+(?:so\s+far|to\s+date|till\s+date|until\s+now|up\s+to\s+now)\b)`,
    ],
  },
  { to: 'yesterday', words: ['yday', 'yest', 'ystd', 'yesterdy', 'ysterday'] },
  { to: 'tomorrow', words: ['tmrw', 'tmr', 'tmrow', 'tomoz', '2moro', '2morrow'] },
  { to: 'today', words: ['tdy', '2day'] },
  { to: 'right now', words: ['rn', 'atm', 'rite now'] },
  { to: 'through', words: ['thru', 'thro'] },
  // texting shorthand: "the day b4 yesterday", "so far this yr", "hw many"
  { to: 'before', words: ['b4', 'bfore', 'befor'] },
  {
    to: 'year',
    patterns: [
      String.raw`(?<=\b(?:this|last|next|previous|past|current|per|a|the|each|that|of)\s+)yr\b`,
      String.raw`\byr(?=\s*(?:-|\s)\s*to\s*(?:-|\s)\s*date\b)`,
    ],
  },
  { to: 'years', patterns: [String.raw`(?<=\b(?:\d{1,2}|two|three|few|past|last)\s+)yrs\b`] },
  { to: 'how', patterns: [String.raw`\bhw(?=\s+(?:many|much|long|often|is|was|are|were|did|does|do|about|to)\b)`] },
  // last weeks report, yesterdays output: the possessive without its apostrophe
  { to: "week's", patterns: [String.raw`(?<=\b(?:last|this|next|previous)\s+)weeks\b(?!\s+ago)`] },
  { to: "month's", patterns: [String.raw`(?<=\b(?:last|this|next|previous)\s+)months\b(?!\s+ago)`] },
  { to: "yesterday's", words: ['yesterdays'] },
  { to: "today's", words: ['todays'] },
  { to: '今天', words: ['今儿个', '今儿'] },
  { to: '昨天', words: ['昨儿个', '昨儿'] },
  { to: '前天', words: ['前儿个'] },
  { to: '明天', words: ['明儿个', '明儿'] },
  // a figure that fell, asked how far (产量掉了多少, 良率掉了几个点): how much it went down
  { to: '下降了', patterns: [String.raw`掉(?:了|下来了?)(?=\s*(?:多少|几|百分之))`] },
  // 好点没, 好点了吗: better than before (a comparison asked), 差点了吗 the reverse
  { to: '更好了吗', patterns: [String.raw`(?<![差快慢多少早晚])好(?:一)?点(?:了)?(?:没(?:有)?|吗|不)`] },
  // 白夜班: the day and the night shift
  { to: '白班和夜班', patterns: [String.raw`白夜班|白/夜班`] },
  // a share asked as a percentage (裂纹占不良的百分之几): the share
  // (a defect's share only: 37占1520的百分之几 stays the calculator's)
  {
    to: '比例',
    patterns: [
      String.raw`(?<=(?:裂纹|毛刺|划痕|划伤|凹陷|压痕|气孔|砂眼|尺寸超差|缺陷|不良|次品)\s*占[^，,。？?\d]{0,8})(?:百分之\s*(?:多少|几)|几个点)`,
    ],
  },
  { to: '法定节假日', patterns: [String.raw`法定假(?![日期])`] },
  // 周报 typed by sound (周抱, 周宝), after the words a report is asked with: never 周报 as a lexicon word, whose
  // same-sound correction would read 主轴报警 as 主周报警
  {
    to: '周报',
    patterns: [
      String.raw`(?<=(?:质量|的|本周|这周|上周|一份|出|发我?|要)\s*)周(?:抱|宝|暴|包)(?![^\s，,。？?]{0,2}(?:警|歉))`,
    ],
  },
  { to: '上上周', words: ['大上周', '大上个星期', '大上个礼拜'] },
  // 12月下旬跟上旬比: the second part of the month is of the month named first (12月上旬), never this month's
  {
    to: '$1$2',
    patterns: [
      String.raw`(?<=(\d{1,2}\s*月份?)\s*(?:上旬|中旬|下旬|月初|月中|月底|月末|初|中|底)\s*(?:跟|和|与|同|对比|比)\s*)(上旬|中旬|下旬|月初|月中|月底|月末)`,
    ],
  },
  { to: '周末', words: ['双休日', '双休'] },
  // a rate asked as a percentage: 不良率百分之多少 / 百分之几, 良率几个点 (the answer is a percentage either way; a
  // ratio asked so, 12除以480是百分之多少, stays the calculator's)
  { to: '多少', patterns: [String.raw`(?<=率\s*(?:是|有)?\s*)(?:百分之\s*(?:多少|几)|几个点)`] },
  { to: '截至目前', words: ['到目前为止', '目前为止', '迄今为止', '到现在为止', '截止到目前', '截止目前', '截至现在'] },
  // ---- Cantonese (Hong Kong, Guangdong; traditional characters are already simplified here) -------------
  // patterns, not literal words: Cantonese is not typed by Mandarin sound (typos.ts corrects onto literal words only)
  // its period words: 琴日 / 寻日 yesterday, 听日 tomorrow, 前日 the day before yesterday, 而家 now, 呢排 lately
  { to: '昨天', patterns: [String.raw`琴日|寻日|噚日`] },
  { to: '明天', patterns: [String.raw`听日`] },
  { to: '大前天', patterns: [String.raw`大前日`] },
  // not inside a word: 提前日期, 以后日常保养, 之后日程
  { to: '前天', patterns: [String.raw`(?<![大提之以此目当从日])前日(?![期常程子])`] },
  { to: '后天', patterns: [String.raw`(?<![大之以然最往此今日])后日(?![期常程子])`] },
  { to: '现在', patterns: [String.raw`而家|宜家|而今`] },
  { to: '最近', patterns: [String.raw`呢段时间|呢排|呢轮`] },
  // its function words: 呢个 this, 嗰个 that, 嘅 / 啲 of (好啲, 多啲: a bit more), 几多 how many, 冇 none,
  // 边个 who, 边度 where, 边条 which, 咩 / 乜嘢 what, 点样 how, 点算 what to do, 睇 look, 咗 done, 仲 still
  { to: '这$1', patterns: [String.raw`呢(个|啲|几|条|台|部|张|批|位|周|星期|礼拜|月)`] },
  { to: '那$1', patterns: [String.raw`嗰(个|啲|几|条|台|部|张|批|位|日|周|星期|礼拜|月|阵)`] },
  { to: '的', patterns: [String.raw`嘅`] },
  { to: '一点', patterns: [String.raw`(?<=[好差多少高低快慢大小])啲`] },
  { to: '的', patterns: [String.raw`啲`] },
  { to: '多少', patterns: [String.raw`几多(?!天|日|周|个月|年)`] },
  { to: '没有', patterns: [String.raw`(?<!有)冇`] },
  { to: '谁', patterns: [String.raw`边个|边位`] },
  { to: '哪里', patterns: [String.raw`边度|边处`] },
  { to: '哪$1', patterns: [String.raw`边(条|台|部|张|批|款|种|日|天)`] },
  { to: '什么', patterns: [String.raw`乜嘢|咩嘢|咩|乜`] },
  { to: '怎么样', patterns: [String.raw`点样`] },
  { to: '怎么办', patterns: [String.raw`点算好|点算|点搞|点整`] },
  { to: '看一下', patterns: [String.raw`睇一睇|睇一下|睇下|睇吓|睇睇`] },
  { to: '看', patterns: [String.raw`睇`] },
  { to: '了', patterns: [String.raw`咗`] },
  // 係 (folded to 系) is 是 before a question word: 係幾多, 係唔係, 係咪, 係邊個 (关系, 系统 stay)
  { to: '是', patterns: [String.raw`系(?=\s*(?:几多|多少|唔系|咪|边|谁|咩|乜|什么|点))`] },
  { to: '是不是', patterns: [String.raw`系唔系|系咪`] },
  { to: '还', patterns: [String.raw`仲`] },
  { to: '冲床', patterns: [String.raw`啤机`] },
  // ---- machines and their states ------------------------------------------------------
  { to: 'camera', patterns: [String.raw`\bcam\b(?!\s*\d)`, String.raw`\bcams\b`] },
  { to: 'CNC machining centre', words: ['vmc'] },
  { to: '故障', words: ['趴窝', '罢工', '歇菜', '坏掉', '出故障', '抛锚'] },
  { to: '碰撞', words: ['撞机', '撞车', '撞了'] },
  { to: '振动', patterns: [String.raw`(?<![振颤])抖(?!动|音|了一下)`, String.raw`晃得?厉害`] },
  { to: '起弧困难', words: ['起弧难', '起不了弧', '不起弧'] },
  // 漏冷却液 / 冷却液漏了: as the work orders write it, 冷却液泄漏
  {
    to: '$1泄漏',
    patterns: [
      String.raw`漏(冷却液|切削液|液压油|机油|润滑油|压缩空气)`,
      String.raw`(冷却液|切削液|液压油|机油|润滑油)漏了?`,
    ],
  },
  // 焊缝有气孔: the symptom is the seam's (焊缝气孔)
  { to: '焊缝$1', patterns: [String.raw`焊缝(?:上|里)?(?:有|出现了?|出了?|冒)(气孔|裂纹|夹渣|咬边)`] },
  // 突然飙上去: the rate went up
  // 涨了还是跌了: the figure went down
  // 再上周 / 再上个月: the one before the last (上上周), as 再前一周 is
  { to: '上上', patterns: [String.raw`再上(?=个?(?:周|月|星期|礼拜|季度))`] },
  { to: '下降', patterns: [String.raw`下跌`] },
  { to: '降', patterns: [String.raw`(?<!下)跌(?=了|幅|得|回|下来|下去)`] },
  { to: '上升', words: ['飙上去', '飙上来', '飙升', '蹿上去', '窜上去', '猛涨', '暴涨', '激增', '冲上去'] },
  // send me the SOP: a document to show
  { to: '给我看看', words: ['发我', '发给我', '发一下', '发过来', '传给我', '传我'] },
  // 咋整, 咋办: how to deal with it (a fix asked for)
  { to: '怎么办', words: ['咋整', '咋办', '怎么整', '咋搞', '怎么搞', '咋弄'] },
  { to: '怎么处理', words: ['咋处理', '咋弄好的', '咋修', '咋修好的'] },
  { to: '处理建议', words: ['给个建议', '给点建议', '出个主意', '支个招', '有啥建议', '有什么建议'] },
  { to: 'show me', words: ['send me', 'send over', 'shoot me', 'gimme'] },
  // lookup batch …: look up
  { to: 'look up', patterns: [String.raw`\blook-?up\b`] },
  // generate / prepare / put together a report: the report asked for (its verb adds nothing the skill does not do)
  {
    to: 'show',
    patterns: [
      String.raw`\b(?:generate|create|prepare|compile|draft|put\s+together|pull\s+together|run|do)\b(?=[^.?!;]{0,40}\breport\b)`,
    ],
  },
  // 瞅一眼, 看一眼: a look (the status, the overview); a pattern, not typo targets (刊一眼 is no typo of 看一眼)
  { to: '看一下', patterns: [String.raw`(?:瞅|瞄|瞧|看)(?:1|一)眼|瞅瞅|瞧瞧|(?:瞅|瞄|瞧)(?:1|一)?下`] },
  // what's wrong with it (a batch): its defects
  { to: 'defects of', patterns: [String.raw`\bwhat'?s\s+wrong\s+(?:with|w)\b`] },
  // the rota, the roster: the on-call rota
  { to: 'on-call rota', patterns: [String.raw`(?<!on[- ]call\s)\b(?:rota|roster)\b`] },
  // wk 46 report: the weekly report of week 46
  { to: '$1 weekly report', patterns: [String.raw`\b((?:week|wk|cw)\s*#?\s*\d{1,2})\s+report\b`] },
  // one unit said for two periods: "this week and next" → "this week and next week", "this month vs last"
  {
    to: '$2 $1',
    patterns: [
      String.raw`(?<=\b(?:this|last|next|previous|coming|current)\s+(week|month|quarter|year)\s+(?:and|&|or` +
        String.raw`|vs\.?|versus|against|to|through)\s+(?:the\s+)?)(last|next|previous)\b(?!\s+(?:weeks?|mont` +
        String.raw`hs?|quarters?|years?|wks?|\d))`,
      // "last week and this": this one, the sentence ending or going on to something else
      String.raw`(?<=\b(?:last|previous|next)\s+(week|month|quarter|year)\s+(?:and|&|vs\.?|versus|against|t` +
        String.raw`o|through)\s+)(this)(?=\s*(?:$|[?.!,;]|\b(?:please|pls|plz|too|for|on|of|at|in)\b))`,
    ],
  },
  // "next week and the week after": the week after next
  {
    to: 'after next',
    patterns: [String.raw`(?<=\bnext\s+(?:week|month)\s+and\s+the\s+(?:week|month)\s+)after\b(?!\s+next)`],
  },
  { to: '故障', patterns: [String.raw`(?<=(?:设备|机器|机台|机|床|臂|手|相机|线|带|人)\s*)(?:坏了|挂了)`] },
  // 开着: an open work order beside an order word, a running machine elsewhere
  {
    to: '未关闭',
    patterns: [
      // or beside a priority ("P0 P1 一共还有几个开着"): only orders have one
      String.raw`(?<=(?:单|工单|单子|票|ticket|(?<![a-z0-9])p[0-3])[^，,。?？!！]{0,12})(?:还)?开着`,
      // before the order word or a priority: "还开着的P0工单", "现在开着的P0"
      String.raw`(?:还)?开着(?=的?[^，,。?？!！]{0,8}(?:单|票|ticket)|的?\s*p[0-3](?![0-9]))`,
    ],
  },
  { to: '运行', patterns: [String.raw`开着`, String.raw`在跑`, String.raw`在转`] },
  { to: 'idle', words: ['sitting idle', 'sat idle', 'standing idle'] },
  // 在维修, 在保养 (哪几台在维修): the state, as the status rules read it; not an order (在维修的单)
  { to: '维修中', patterns: [String.raw`(?:正)?在(?:维修|检修|保养|修)(?![\u4e00-\u9fff]{0,3}(?:单|票))`] },
  { to: 'in fault', words: ['faulted', 'faulted out', 'in a fault state'] },
  // a machine serviced: its maintenance
  { to: 'servicing', words: ['serviced'] },
  // the machines' rundown: their status
  { to: 'status', patterns: [String.raw`(?<=\b(?:machines?|equipment|machinery)\s+)run-?down\b`] },
  { to: 'down', words: ['out of order', 'out of action', 'conked out'] },
  // ---- work orders --------------------------------------------------------------------
  { to: '工单', words: ['单子', '维修工单', '报修单子'] },
  {
    to: '工单',
    patterns: [
      String.raw`(?<=[张几少个\d]\s?)单(?![独位价据纯一元号据])`,
      String.raw`(?<=[关开]了?)单(?![独位价据纯一元号])`,
    ],
  },
  { to: '未关闭的', words: ['没关的', '没关闭的', '还没关的', '没结的', '未结的', '挂着的'] },
  { to: '未关闭', words: ['没关闭', '还没关', '没关', '没结', '挂着'] },
  {
    to: '关闭了',
    patterns: [String.raw`关了(?=\s*(?:几|多少|\d)\s*(?:张|个)?\s*(?:单|工单))`, String.raw`结了(?=\s*(?:几|多少))`],
  },
  { to: 'tickets', words: ['tix', 'tkts', 'tickts'] },
  // open P0s: P0 tickets
  { to: '$1 tickets', patterns: [String.raw`\b(p[0-3])s\b`] },
  { to: '开了', patterns: [String.raw`开过(?=\s*(?:几|多少|\d))`] },
  { to: 'ticket', words: ['tkt'] },
  // the state, wherever it stands ("tickets still open on the welders"): the lexicon's own word for it
  { to: 'outstanding', words: ['not closed', 'not yet closed', 'unclosed', 'still open'] },
  // ---- on call -------------------------------------------------------------------------
  // 是谁值的班, who covered Thanksgiving: the rota's question
  { to: '值班', words: ['值的班', '值过班'] },
  { to: 'was on call', patterns: [String.raw`(?<=\bwho\s+)covered\b`] },
  // ---- people -------------------------------------------------------------------------
  { to: '检验', patterns: [String.raw`(?<![检质抽点巡送复初终])检(?=得|了|的|过)`] },
  // ---- contractions and spoken spellings ---------------------------------------------
  { to: "what's", words: ['whats', 'wats', 'wat is', 'wuts'] },
  { to: "that's", words: ['thats'] },
  { to: "who's", words: ['whos'] },
  { to: "how's", words: ['hows'] },
  { to: "where's", words: ['wheres'] },
  { to: "isn't", words: ['isnt'] },
  { to: "didn't", words: ['didnt'] },
  { to: "don't", words: ['dont'] },
  { to: 'please', words: ['pls', 'plz', 'plse', 'pleas'] },
  { to: 'are', words: ['r'] },
  { to: 'you', words: ['u'] },
  { to: 'with', words: ['w/', 'w'] },
];

/** Common English words no typo correction touches (with the lexicon's own): "fine" is never "line". */
export const COMMON_EN = new Set(
  (
    'a about above after again against all also am an and any anything are around as at away back bad be because ' +
    'been before being below best better between big both bring but by call came can check come could day days ' +
    'did do does doing done down during each early end even every everything fine first for found from full get ' +
    'give go going good got great had has have having he her here high him his how i if in into is it its just ' +
    'keep kind know last late least left less let like line little long look low made make many may me might ' +
    'more most much must my need never new next no not now number of off old on once one only or other our out ' +
    'over own part past per put quick rain rate right run said same saw say see set shall she should show side ' +
    'since small so some soon still stop such take tell than thank thanks that the their them then there these ' +
    'they thing things think this those time times to too took top two under until up upon us use used very ' +
    'want was way we well went were what when where which while who why will with within without work would ' +
    'year years yes yet you your date data time wrong sitting umbrella lunch weather hello okay ok rate fate ' +
    'hate late mate state stats states plate shape sheet shelf short show shown shows slow spot stock store ' +
    'tool tools life left insert humidity shop casting forecast plan attainment headcount stock bearings ' +
    'weight kg long usual usually recommend drifting keeps keep dropping parts gripper belt lube lubed gibs ' +
    'warm program stop swap ring light flow gas shielding interval grease engineer engineers list lists ' +
    // real words one edit from a lexicon word (found against the CMU Pronouncing Dictionary's word list)
    'bath bathes broke broker case clause close closer closes closet complete completes competed cranks ' +
    'defeat defeats deflect deflects deject dens detect detects detective faculty hangover lien liens lies ' +
    'linen linens liners mach moaning mourning moth nigh penning precious producer qualify resolve resolves ' +
    'revolved root ruining scrape scratchy shifty sift statue statues thicket thickets ticked ticker ' +
    'throughout wedding weeding welded wielding wilder wilding inspection inspections article articles ' +
    'weak shaft shirt race lime lane lone link lost cell crank burn burns torn dept mouth fist'
  ).split(/\s+/),
);

/**
 * Common Chinese words whose characters no same-sound correction touches: "通知班长" is "notify the shift leader",
 * not 通值班长 (知 and 值 sound alike, and 值班 is a lexicon word).
 */
export const COMMON_ZH = new Set(
  '通知 知道 知识 直接 只要 只有 执行 支持 指导 指示 制作 制度 职责 之后 之前 时候 事情 实际 视频 适合 以上 以下 要求'.split(
    ' ',
  ),
);
