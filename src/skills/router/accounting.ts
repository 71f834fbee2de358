/**
 * The analysed question accounts for its words (issue 15). Every slot rule
 * blanks what it understood (equipment, periods, lines, metrics, symptoms,
 * priority, shift, defect type); what is left must be words that carry no
 * qualifier — question words, particles, courtesy, the skill's own nouns. A
 * content word left over ("line 5", "coating", "supplier X", "the pilot
 * batch") is a qualifier the rules did not understand: the skill would answer
 * without it, i.e. a different question. The router names it instead.
 *
 * Each skill's routing declares what it honours (`honours`, `cannotHonour`);
 * anything the question names beyond that is reported, never dropped.
 */
import type { Unhonoured } from '../engine-types.js';
import type { Analysis } from './analysis.js';
import { mask, slice } from './normalize.js';
import { qualifierWords, qualifiersBeyond } from './qualifiers.js';
import { findReferences } from './reference.js';
import {
  BEST,
  BEST_FIRST,
  BY_DAY,
  COMPARED,
  GENERAL_QUALITY,
  HIGH,
  HIGH_FIRST,
  LOW,
  LOW_FIRST,
  WHICH_LINE,
  WORST,
  WORST_FIRST,
} from './slots.js';
import { EQUIPMENT_GENERAL, MAINTENANCE_WORDS, OVERDUE_WORDS, STATUS_WORDS } from './equipment.js';
import type { RouterSkills, SkillRouting } from './routing.js';
import type { PersonRole } from './people.js';

const globally = (pattern: RegExp): RegExp =>
  new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);

/**
 * the detectors' own words: understood by the intent and slot rules that test
 * the whole question — the analysis' own, with the words each skill's intents
 * test (`understood`) after the by-day words
 */
function understoodWords(skills: RouterSkills): RegExp[] {
  const own = skills.routings.flatMap((routing) => routing.understood ?? []);
  return [
    BY_DAY,
    ...own,
    STATUS_WORDS,
    MAINTENANCE_WORDS,
    OVERDUE_WORDS,
    EQUIPMENT_GENERAL,
    WORST_FIRST,
    BEST_FIRST,
    HIGH_FIRST,
    LOW_FIRST,
    WHICH_LINE,
    COMPARED,
    WORST,
    BEST,
    HIGH,
    LOW,
    GENERAL_QUALITY,
    // cause words and references back: counted here only once a skill honoured them (unhonoured() reports them first)
    qualifierWords('cause'),
    qualifierWords('reference'),
  ].map(globally);
}
const UNDERSTOOD = new WeakMap<RouterSkills, RegExp[]>();
function understood(skills: RouterSkills): RegExp[] {
  let found = UNDERSTOOD.get(skills);
  if (!found) UNDERSTOOD.set(skills, (found = understoodWords(skills)));
  return found;
}
const GREETING =
  /(?:(?:周|星期|礼拜)[1-7一二三四五六日天])?(?:早上好|早安|上午好|下午好|晚上好|愉快|快乐)|上午好|下午好|晚上好|你好|您好|\bgood\s+(?:morning|afternoon|evening|day)\b|\bhi\b|\bhello\b|\bhey\b/g;

// Words that carry no qualifier. English: function words, question words,
// courtesy, the nouns and verbs the skills' own questions are made of.
const EN_NEUTRAL = new Set(
  (
    'make makes making under being a an the of for on in at to from by with and or but vs versus as ' +
    'about per than then so over during within since past last recent recently through throughout ' +
    'until till ' +
    "what whats what's which who how many much is are was were be been being do does did done has " +
    'have had having will would can could should shall may might must ' +
    'i me my we us our you your it its this that these those there here they them their he she his her ' +
    'please pls plz kindly tell show give get let know need want see check find look list display report reporting pull up quick quickly just also again now ' +
    'hi hello hey ok okay thanks thank yes no not any some all every each whole entire overall total ' +
    'totals sum count number numbers figure figures value values ' +
    'line lines production prod plant factory shop floor workshop station area ' +
    'quality stats statistics status kpi kpis performance result results summary data info information numbers metric metrics level levels score ' +
    'rate rates ratio percentage percent pct share proportion portion % ' +
    'piece pieces pcs parts part units unit items item products made built ' +
    'day days week weeks month months period time so-far far date dates date-range range ' +
    "where when what's there's it's line's lines' a's b's c's d's " +
    'did do went go going look looked looking like been get got getting doing had happen happened run ran ' +
    'compared compare comparison between among across break breakdown split by into out top highest lowest most least best worst ' +
    'good bad ok fine better worse high low higher lower big bigger small smaller many ' +
    'defect defects defective rejects reject rejected ng nok fail failed failure failures scrap scrapped ' +
    'type types kind kinds category categories main major common biggest most-common issue issues problem problems ' +
    'yield yields output outputs throughput inspected inspection inspections checked ' +
    'machine machines equipment status state states running idle fault faults faulty maintenance service servicing overdue due pm next coming upcoming soon ' +
    "currently current right today's so just only even still already yet ever " +
    'holiday holidays festival shift shifts day night instead same question one ones again also too either ' +
    'side by right anything everything something sitting new bottom ' +
    'please? ? ! . , ; : -'
  ).split(/\s+/),
);

/** Chinese fillers and the skills' own vocabulary, longest first where it matters. */
const ZH_NEUTRAL = new RegExp(
  [
    // among them (夜班检验员里面谁最多: before 里 and 中 alone); the whole of a report (整份周报); emphasis (到底, 究竟)
    String.raw`里面|当中|之中|整份|全份|到底|究竟`,
    String.raw`咋样|咋|啥样|没|实际|全年|全月|全周|全天|整天|分布|数量|件数|个数|生成|出一份|做一份|一份|正常|未|没有|有没有|是否|能否|可以|帮|假期|节日|节假日|长假`,
    String.raw`那么|那如果|如果是|如果|换成|改成|同样|那|请问|请|麻烦|帮我|帮忙|给我|我想知道|我想|我要|想知道|告诉我|看一下|看看|查一下|查查|查询|统计一下|统计|汇总`,
    String.raw`显示|列出|列一下|说一下|多少个|多少件|多少|几个|几件|几|是多少|是什么|是啥|什么|怎么样|怎样|如何|情况|状况|表现|数据|数字|指标|结果|水平|各|每条|分别`,
    String.raw`哪个|哪些|哪条|哪|一下|一共|总共|合计|总计|共|了|的|吗|呢|吧|呀|啊|嘛|是|有|在|和|与|跟|及|以及|还有|或者|还是|对比|比较|相比|排名|排行|排序|最高`,
    String.raw`最低|最多|最少|最差|最好|最大|最小|更高|更低|怎么|好|差|高|低|多|少|大|小|产线|生产线|线|全厂|车间|工厂|厂里|本厂|我们|咱们|你|我|他|她|们|这|那|个`,
    String.raw`条|件|次|台|号|份|占比|比例|比率|百分比|占|率|总体|整体|总的|全部|所有|总|质量|品质|良品|不良|缺陷|次品|不合格|类型|种类|问题|主要|产量|产出|检验`,
    String.raw`检测|抽检|出|做了|生产|做|设备|机器|机台|状态|运行|保养|维护|到期|逾期|过期|需要|要|待|快|即将|马上|下次|计划|班|当班|期间|时候|期|天|日|周|月|年`,
    String.raw`期内|以来|至今|到|至|从|起|止|前|后|内|里|中|上|下|目前|现在|当前|截至|截止|为止|一直|为|给|把|被|让|对|向|按|由|于|就|都|也|又|还|再|才|只`,
    String.raw`仅|共计|报表|报告|汇报|概况|概览|整体情况|一览|清单|列表|明细表|表|看|查|问|说|讲|知道|告诉|显示|呈现|列|出来|一|下|来|去|过|着|得|地|啥|么|嗯|哦`,
    String.raw`喂|您好|你好|谢谢|辛苦|加起来|加在一起|合起来|之内|以内|是不是|是否|该|偏|突然|一下子|又|在|还在|还|吗`,
  ].join('|'),
  'g',
);

/**
 * A yes-no question said as A-not-A (是不是, 在不在, 放没放, 多不多, Cantonese 多唔多, 有冇) or with 不 / 没 at its end (放假不, 停了没):
 * the question's form, claimed before the single characters (是 alone would leave 不是 behind)
 */
const A_NOT_A = /正不正常|([\u4e00-\u9fff])[不没唔]\1|有冇|[不没](?:有)?(?=\s*(?:[?？!！。，,]|$))/g;

const WHO = /^(?:谁|\bwho(?:'s|m)?\b)$/;

/**
 * The people named that the skill does not take: an engineer asked of a skill that does not take engineers
 * ("陈静上周检了多少件": 陈静 is an engineer, not an inspector), and every name the plant's data does not have.
 * Each with the nearest names the data does have.
 */
export function peopleUnhonoured(routing: SkillRouting | undefined, analysis: Analysis): Unhonoured[] {
  const out: Unhonoured[] = [];
  const takes = routing?.honours.people ?? [];
  const freeText = routing?.honours.notRecorded === 'ignore';
  const wanted = routing?.honours.names?.includes('inspector') ? 'inspector' : undefined;
  const skill = routing?.skill;
  for (const mention of analysis.engineers) {
    if (takes.includes('engineer') || freeText) continue;
    out.push({
      kind: 'unknown',
      dimension: 'person',
      words: slice(analysis.normalized, mention.start, mention.end) || mention.value,
      zh: wanted ? `${mention.value}是工程师，不是检验员` : `${mention.value}是工程师，这个问题不按人员回答`,
      en: wanted
        ? `${mention.value} is an engineer, not an inspector`
        : `${mention.value} is an engineer; this question is not answered by person`,
      nearest: [],
      ...(skill ? { skill } : {}),
    });
  }
  // none near: the people of the role the skill takes (the engineers for work orders and the rota), else everyone
  const role: PersonRole | undefined = takes[0] ?? wanted;
  const everyone = analysis.people.filter((person) => role === undefined || person.role === role);
  if (!freeText)
    for (const person of analysis.unknownPeople)
      out.push({
        kind: 'unknown',
        dimension: 'person',
        words: slice(analysis.normalized, person.start, person.end) || person.value,
        nearest: person.nearest.length > 0 ? person.nearest : everyone.slice(0, 8).map((known) => known.name),
        ...(skill ? { skill } : {}),
      });
  return out;
}

/** Content words left once every rule has blanked what it understood ("", none). */
export function unaccountedWords(analysis: Analysis, skills: RouterSkills, routing?: SkillRouting): string[] {
  const spans = [
    ...analysis.shifts,
    ...analysis.defectTypes,
    ...analysis.batches,
    ...(routing?.claims?.(analysis) ?? []),
  ];
  let rest = mask(analysis.rest, spans);
  for (const pattern of [...understood(skills), GREETING])
    rest = rest.replace(pattern, (words) => ' '.repeat(words.length));
  // the intent vocabulary the detectors test on the whole question
  rest = rest
    .replace(/(?:^|\s)(?:how|did|does|do)\s+(?=[a-z]\s+do\b)/g, ' ')
    .replace(
      /\b(?:so\s+far|to\s+date|up\s+to\s+now|until\s+now|right\s+now|as\s+of\s+now|at\s+the\s+moment|in\s+total|on\s+average)\b/g,
      ' ',
    );
  const out: string[] = [];
  // a date the period rules could not read ("11/12": Nov 12 or 11 Dec) is the missing period, asked for
  rest = rest.replace(/\b\d{1,4}(?:[/.-]\d{1,2}){1,2}\b/g, (words) => {
    if (analysis.periods.length > 0) out.push(words);
    return ' '.repeat(words.length);
  });
  rest = rest.replace(/'s\b/g, '  ').replace(/[?？!！。.,，、;；:："“”'‘’()（）[\]【】/\\|~～…+&]/g, ' ');
  for (const token of rest.match(/[a-z0-9][a-z0-9'+&.-]*/g) ?? []) {
    const word = token.replace(/^'+|'+$/g, '').replace(/'s$/, '');
    if (word.length === 0 || EN_NEUTRAL.has(word) || EN_NEUTRAL.has(token)) continue;
    if (/^\d+$/.test(word)) {
      out.push(word);
      continue;
    }
    // a letter alone is content ("for E", "on b"): a line the plant does not have, or a word cut short
    out.push(word);
  }
  const han = rest.replace(A_NOT_A, ' ').replace(ZH_NEUTRAL, ' ');
  for (const run of han.match(/[\u4e00-\u9fff]+/g) ?? []) out.push(run);
  // the operator's own words, for the reply
  return [...new Set(out)].map((word) => {
    const at = analysis.normalized.lower.indexOf(word);
    return at >= 0 ? slice(analysis.normalized, at, at + word.length) || word : word;
  });
}

/**
 * A reference back to a time ("12月8号值班的人那天是不是放假", "Thanksgiving was Thursday. was he off that day?")
 * whose time the same question named before it: every period it names lies before the reference and is one and
 * the same days — the reference is that period, which the skill is asked for anyway.
 */
function timeNamedBefore(analysis: Analysis, words: string): boolean {
  const lower = analysis.normalized.lower;
  const at = lower.indexOf(words);
  if (at < 0 || !findReferences(lower).some((reference) => reference.to === 'time' && reference.start === at))
    return false;
  const periods = analysis.periods.map((mention) => ({ end: mention.end, period: mention.period }));
  if (periods.length === 0 || periods.some((mention) => mention.period === undefined || mention.end > at)) return false;
  const first = periods[0]!.period!;
  return periods.every((mention) => mention.period!.from === first.from && mention.period!.to === first.to);
}

/**
 * Everything the question names that the skill would not honour, each with the operator's words.
 * `followUp`: the question follows the previous one, whose slots honour a reference back ("then", 那天).
 */
export function unhonoured(
  routing: SkillRouting,
  analysis: Analysis,
  options: { skills: RouterSkills; followUp?: boolean },
): Unhonoured[] {
  const { skills } = options;
  const { honours, skill } = routing;
  const out: Unhonoured[] = [];
  const freeText = honours.notRecorded === 'ignore';
  if (honours.notRecorded === 'report') {
    const measures = [...analysis.notRecorded, ...(analysis.forecast && !honours.future ? [analysis.forecast] : [])];
    for (const measure of measures)
      out.push({
        kind: 'not_recorded',
        dimension: measure.measure,
        words: measure.words,
        zh: measure.zh,
        en: measure.en,
        skill,
      });
  }
  // a range said the wrong way round: say so, never guess
  for (const mention of analysis.periods.filter((period) => period.reversed))
    out.push({ kind: 'beyond', dimension: 'reversed_period', words: mention.period?.label ?? '', skill });
  // "who" asks for the skill's own person (the assignee, the engineer on call), not an inspector breakdown
  const asksWho = (qualifier: { dimension: string; words: string }): boolean =>
    honours.who === true && qualifier.dimension === 'inspector' && WHO.test(qualifier.words);
  for (const qualifier of qualifiersBeyond(routing.cannotHonour, analysis.qualifiers))
    if (!asksWho(qualifier))
      out.push({ kind: 'beyond', dimension: qualifier.dimension, words: qualifier.words, skill });
  out.push(...peopleUnhonoured(routing, analysis));
  // a cause word and a reference back are never filler: only what honours them may answer
  for (const qualifier of analysis.qualifiers) {
    if (out.some((entry) => entry.dimension === qualifier.dimension)) continue;
    const dropped =
      // an action or a transform (close an order, translate, summarise into points): no skill does it
      qualifier.dimension === 'action' ||
      qualifier.dimension === 'negation' ||
      qualifier.dimension === 'machine' ||
      (qualifier.dimension === 'cause' && !honours.cause && !freeText) ||
      (qualifier.dimension === 'reference' &&
        !(honours.reference instanceof RegExp ? honours.reference.test(qualifier.words) : honours.reference) &&
        !options.followUp &&
        !timeNamedBefore(analysis, qualifier.words));
    if (dropped) out.push({ kind: 'beyond', dimension: qualifier.dimension, words: qualifier.words, skill });
  }
  // a named batch, inspector or product (the plant's own names) is that dimension too, even without its
  // word: a skill that does not honour it (`honours.names`) would drop it and answer a different question
  const named = [
    ['batch', analysis.batches],
    ['inspector', analysis.inspectors],
    ['product', analysis.products],
  ] as const;
  for (const [dimension, mentions] of named) {
    if (mentions.length === 0 || honours.names?.includes(dimension)) continue;
    // a skill that reads free text (documents, a calculation) takes the name as part of it
    if (honours.notRecorded === 'ignore') continue;
    if (out.some((entry) => entry.dimension === dimension)) continue;
    const words = mentions.map((mention) => slice(analysis.normalized, mention.start, mention.end)).join(', ');
    out.push({ kind: 'beyond', dimension, words, skill });
  }
  const impliedShift = analysis.shifts.length === 1 && analysis.shifts[0]!.implied === true;
  if (impliedShift && !honours.shift) {
    // 昨晚 / last night to a skill that takes no shift: the hour it names, as when it was no shift
    if (routing.cannotHonour.includes('hour') && !out.some((entry) => entry.dimension === 'hour'))
      out.push({ kind: 'beyond', dimension: 'hour', words: analysis.shifts[0]!.words, skill });
  } else if (
    (analysis.shifts.length > 1 && !honours.severalShifts) ||
    (analysis.shifts.length === 1 && !honours.shift)
  ) {
    if (!out.some((entry) => entry.dimension === 'shift'))
      out.push({
        kind: 'beyond',
        dimension: 'shift',
        words: analysis.shifts.map((shift) => shift.words).join(', '),
        skill,
      });
  }
  const types = new Set(analysis.defectTypes.map((mention) => mention.key));
  if ((honours.defectType === 'none' && types.size > 0) || (honours.defectType === 'one' && types.size > 1)) {
    out.push({
      kind: 'beyond',
      dimension: 'defect_type',
      words: analysis.defectTypes.map((mention) => mention.words).join(', '),
      skill,
    });
  }
  if (honours.words && out.length === 0) {
    const words = unaccountedWords(analysis, skills, routing);
    if (words.length > 0) out.push({ kind: 'not_understood', dimension: 'words', words: words.join(', '), skill });
  } else if (!honours.words && !freeText && out.length === 0) {
    // a skill that reads only its slots still never drops a name ("is Tom Baker on the on-call list"): a capitalised
    // word no rule claimed, inside the sentence, is a name it would answer without
    const original = analysis.normalized.original;
    const names = unaccountedWords(analysis, skills, routing).filter(
      (word) => /^[A-Z][a-z]+(?:[-'][A-Za-z]+)?$/.test(word) && original.indexOf(word) > 0,
    );
    if (names.length > 0) out.push({ kind: 'not_understood', dimension: 'words', words: names.join(', '), skill });
  }
  return out;
}
