/**
 * The lexicon of document facts (issue 27, item 5): the parts and settings the plant's manuals and SOPs give
 * figures for, in both languages (a question in English finds a Chinese manual's line, and the reverse), and the
 * kinds of figure a question asks for (a torque, an interval, a clearance …). A question that asks a kind of
 * figure of a subject here is a document fact: the passage holding it is quoted (document_search, figure.ts),
 * never fault advice. A reading asked "now" is a sensor value the data does not record, not a document's figure.
 */
import type { Analysis } from './analysis.js';
import { ALARM_CODE } from './slots.js';

export interface DocSubject {
  concept: string;
  zh: string[];
  en: string[];
}

export const DOC_SUBJECTS: DocSubject[] = [
  { concept: 'anchor_bolt', zh: ['地脚螺栓'], en: ['anchor bolts', 'anchor bolt', 'foundation bolts'] },
  { concept: 'die_clamp', zh: ['模具压板'], en: ['die clamps', 'die clamp'] },
  { concept: 'slide_lock', zh: ['滑块调节锁紧', '滑块锁紧'], en: ['slide adjust lock', 'slide lock'] },
  {
    concept: 'main_bearing',
    zh: ['主轴轴承', '轴承座'],
    en: ['main shaft bearing', 'main bearing', 'bearing housing'],
  },
  { concept: 'flywheel_bearing', zh: ['飞轮轴承'], en: ['flywheel bearing'] },
  { concept: 'gib', zh: ['导轨', '连杆球头'], en: ['gibs', 'gib', 'guide rails', 'guide rail'] },
  { concept: 'clutch', zh: ['离合器'], en: ['clutch'] },
  { concept: 'overload', zh: ['过载保护'], en: ['overload protection'] },
  { concept: 'vibration', zh: ['振动'], en: ['vibration'] },
  // the levels of planned maintenance (PM): each its own subject, "level-1 PM" as "一级保养"
  {
    concept: 'level1',
    zh: ['一级保养', '1级保养'],
    en: [
      'level 1 maintenance',
      'level 1 pm',
      'level 1 service',
      'first level maintenance',
      'first level pm',
      'level one maintenance',
      'level one pm',
      'l1 pm',
    ],
  },
  {
    concept: 'level2',
    zh: ['二级保养', '2级保养'],
    en: [
      'level 2 maintenance',
      'level 2 pm',
      'level 2 service',
      'second level maintenance',
      'second level pm',
      'level two maintenance',
      'level two pm',
      'l2 pm',
    ],
  },
  { concept: 'gas', zh: ['保护气', '气体流量'], en: ['shielding gas', 'gas flow'] },
  {
    concept: 'weld_parameters',
    zh: ['焊接电流', '焊接电压', '焊接速度', '标准参数'],
    en: [
      'welding current',
      'welding speed',
      'weld speed',
      'travel speed',
      'welding voltage',
      'arc voltage',
      'welding parameters',
      'weld parameters',
      'weld settings',
      'standard parameters',
      'standard current',
      'current and voltage',
      'amperage',
      'amps',
    ],
  },
  { concept: 'wire', zh: ['焊丝', '送丝轮'], en: ['welding wire', 'feed roll', 'wire'] },
  { concept: 'warm_up', zh: ['暖机'], en: ['warm-up', 'warm up', 'warmup'] },
  // a machine run unloaded after a repair ("换完主轴轴承要空转多久": 更换后空载试运行 2 小时)
  {
    concept: 'run_in',
    zh: ['空载试运行', '试运行', '空转', '空载运行', '空跑'],
    en: ['run-in', 'run in', 'test run', 'no-load run'],
  },
  { concept: 'ring_light', zh: ['环形光源', '环形灯'], en: ['ring light'] },
  { concept: 'false_reject', zh: ['误判率', '误剔率'], en: ['false reject', 'false rejects'] },
  { concept: 'welder', zh: ['焊机'], en: ['welder'] },
  // the manuals' models: a figure asked of "the NB-500" is that manual's
  { concept: 'model', zh: [], en: ['nb-500', 'jh21-250', 'jh21', 'vmc-850', 'vc-5000'] },
  { concept: 'shift_leader', zh: ['通知班长', '质量工单'], en: ['shift leader'] },
];

/** the words each kind of figure is asked with */
const KINDS: Array<{ kind: string; asked: RegExp }> = [
  { kind: 'torque', asked: /扭矩|扭力|(?:拧|上|打)多(?:大|少)(?:力|劲)|拧多紧|\btorque\b|\bhow\s+tight\b/ },
  {
    kind: 'interval',
    asked:
      /多久|多长时间|(?:多少|几)\s*(?:天|小时|周|个月|分钟)\s*(?:做|搞|进行|来|保养|换|检查)?\s*[一1]?\s*次|多少小时|\bhow\s+often\b|\bintervals?\b|\bevery\s+how\b|\bhow\s+long\b/,
  },
  { kind: 'amount', asked: /[补加打]多少|多少克|\bhow\s+much\b(?!\s+time)/ },
  { kind: 'clearance', asked: /间隙|\bclearances?\b|\bgaps?\b/ },
  { kind: 'temperature', asked: /多少度|温度|\btemp(?:erature)?s?\b/ },
  { kind: 'pressure', asked: /油压|气压|压力(?!机)|\bpressures?\b/ },
  {
    kind: 'setting',
    asked: /电流|电压|流量|速度|参数|设定|\bspeed\b|\bsettings?\b|\bflow\b|\bcurrent\b|\bvoltage\b/,
  },
  { kind: 'size', asked: /多粗|直径|\bdiameter\b|\bthick\b/ },
  {
    kind: 'limit',
    asked: new RegExp(
      [
        String.raw`超过多少|多少算|多少.{0,3}要|上限|下限|阈值|限值|标准|什么时候(?:更)?换|多久(?:更)?换|\b(?:above|below|over|at)\s+what\b|\blimits?\b`,
        String.raw`\bwhen\s+to\s+(?:replace|change|swap)\b`,
        String.raw`\bthresholds?\b|\bspec\b|\bwhen\s+(?:do|should|must)\s+(?:we|i|you)\s+(?:replace|change|swap)\b`,
        // a band or level that sets off a warning or an alarm: "the vibration warning band", 报警值, 预警线
        String.raw`\b(?:warning|alarm|alert|action|danger)\s+(?:bands?|levels?|values?|zones?|ranges?)\b`,
        String.raw`(?:报警|预警|警戒|告警)(?:值|线|范围|区间|等级)`,
      ].join('|'),
    ),
  },
];

/** an alarm code of the machines' manuals: SP9031, EX1021 (slots.ts ALARM_CODE) */
const ALARM = new RegExp(`(${ALARM_CODE.source})`);
/** a value now: a sensor reading the data does not record, not a document's figure */
const NOW = /现在|当前|实时|目前|\bright\s+now\b|\bnow\b|\bcurrently\b|\bat\s+the\s+moment\b/;
/**
 * how it was fixed before ("SP9031 again, how did we fix it last time", "SP9031又报了 上次咋处理的"): the work orders'
 * fixes (fault advice), not what the code means
 */
const FIXED_BEFORE = new RegExp(
  [
    String.raw`\bhow\s+(?:did|do|have)\s+(?:we|you|they|i)\s+(?:fix|repair|solve|resolve|clear|sort)`,
    String.raw`\bwhat\s+(?:fixed|cleared|solved)\b|\b(?:past|previous|earlier|last)\s+(?:fix|fixes|repairs?|work\s*orders?|wos?)\b`,
    String.raw`(?:上次|上回|以前|之前|历史上?)\s*(?:是)?\s*(?:怎么|咋|如何|怎样)\s*(?:修|处理|解决|弄|搞)`,
  ].join('|'),
);

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (word: string): RegExp =>
  /^[a-z]/i.test(word)
    ? new RegExp(`(?<![a-z])${escape(word).replace(/\s+/g, '[\\s-]+')}(?![a-z])`)
    : new RegExp(escape(word));

/** The figure a question asks of the documents: its kinds and the subject's words in both languages; undefined: none. */
export function documentFigure(analysis: Analysis): { figure: string[]; terms: string[] } | undefined {
  const lower = analysis.normalized.lower;
  if (NOW.test(lower) || FIXED_BEFORE.test(lower)) return undefined;
  const alarm = ALARM.exec(lower)?.[1];
  const subjects = DOC_SUBJECTS.filter((subject) =>
    [...subject.zh, ...subject.en].some((word) => wordPattern(word.toLowerCase()).test(lower)),
  );
  if (subjects.length === 0 && !alarm) return undefined;
  const figure = KINDS.filter((entry) => entry.asked.test(lower)).map((entry) => entry.kind);
  // an alarm code asked about: what it means, the manual's row
  if (alarm) figure.push('meaning');
  if (figure.length === 0) return undefined;
  const terms = [
    ...(alarm ? [alarm.toUpperCase()] : []),
    // a machine model names its own document only ("NB-500 wire diameter": the welder's, not every model's)
    ...subjects.flatMap((subject) =>
      subject.concept === 'model'
        ? subject.en.filter((word) => wordPattern(word).test(lower))
        : [...subject.zh, ...subject.en],
    ),
  ];
  return { figure, terms };
}
