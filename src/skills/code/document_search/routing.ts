/** How the rules route a question to document_search: a document to find, or what the documents say. */
import { MAINTENANCE_WORDS, STATUS_WORDS } from '../../router/equipment.js';
import { hasMetric, nearestYearless, singlePeriod } from '../../router/signals.js';
import { addDays } from '../../../clock.js';
import type { Analysis } from '../../router/analysis.js';
import type { IntentMatch, SkillRouting, SkillSlots } from '../../router/routing.js';
import { documentSearchArgs } from './args.js';
import { documentFigure } from '../../router/doc-terms.js';

/** a list of alarm or error codes (the CNC alarm reference): a document, not the machines' alarms now */
const ALARM_LIST =
  String.raw`(?:报警|故障|错误)\s*(?:代码|码)?\s*(?:表|列表|清单|一览|对照表|手册)|` +
  String.raw`\b(?:alarms?|errors?|fault)\s+(?:codes?\s+)?(?:list|table|reference|sheet|lookup|chart)s?\b`;

const DOC_NOUN = new RegExp(
  [
    ALARM_LIST,
    String.raw`\bsops?\b|手册|说明书|操作规程|规程|作业指导书|指导书|交接班记录|交接班|交接记录|交接|文档|文件|资料|检查表|作业标准|\bmanuals?\b`,
    String.raw`\bhandbooks?\b|\bhand-?overs?\b|\bshift\s+(?:notes?|logs?)\b|\bdocuments?\b|\bdocs?\b`,
    String.raw`\bwork\s+instructions?\b|\bprocedures?\b|\bguides?\b|\bguidelines?\b|\bchecklists?\b`,
  ].join('|'),
);
const FIND_VERB =
  /\bfind\b|\bsearch\b|\blook\s*(?:up|for)\b|\bshow\b|\bopen\b|\bread\b|\bwhere\b|\bget\b|\bfetch\b|\bpull\s+up\b|查找|搜索|查询|找|查|打开|看看|看一下|在哪|调出|读/;

/**
 * A manual, SOP or guide as the question's head noun, said last ("冲床保养手册", "CNC alarm list manual?"): the
 * document is what is asked, whatever machine, maintenance or symptom words name it (not a figure: a metric).
 */
const HEAD_DOCUMENT = new RegExp(
  String.raw`(?:${ALARM_LIST}|手册|说明书|操作规程|保养规程|作业指导书|指导书|作业标准|点检表|检查表|\bsops?|\bmanuals?|\bhandbooks?` +
    String.raw`|\bwork\s+instructions?|\bchecklists?)\s*(?:呢|吗|吧|有吗|有没有|在哪|在哪里|给我看看|看看|\bpls|\bplease)?` +
    String.raw`\s*[?？!！。.]*\s*$`,
);

const ALARM_CODE = /(?:报警|故障|错误|alarm|error|fault)\s*(?:代码|码|号|code)?\s*[a-z]{0,3}-?\d{2,}/;
const DOC_FACT =
  /是什么意思|什么意思|啥意思|含义|代表什么|说的是什么|怎么规定|规定|要求是|设定值|\bwhat\s+does\b.*\b(?:mean|say)\b|\bmeaning\s+of\b|\bwhat\s+is\s+the\s+(?:limit|setting|torque|spec)\b/;

const DOC_FILLER_EN = new RegExp(
  [
    String.raw`\b(?:please|pls|can|could|would|you|i|me|we|us|find|search|for|`,
    String.raw`look|up|show|open|read|get|fetch|pull|where|is|are|the|a|an|`,
    String.raw`about|on|of|to|in|what|does|do|say|says|need|want|with|my|our|`,
    String.raw`help|there|any)\b`,
  ].join(''),
  'gi',
);
const DOC_FILLER_ZH =
  /^(?:请|麻烦)?(?:帮我|帮忙|给我)?(?:查找|搜索|查询|找一下|找找|找下|查一下|查下|查查|打开|看一下|看下|看看|搜下|找|查|搜|调出)|一下|在哪里|在哪儿|在哪|有没有|有关|关于|相关的?|的|吗|呢|吧|呀|我要|我想|需要/g;

/**
 * The search words and, when the question names a file, its path. The path is
 * taken out whole before the filler words are dropped ("open
 * manuals/does-not-exist.md" must not lose "does"); with nothing else said,
 * the path is the query.
 */
function documentQuery(analysis: Analysis): { query: string; path?: string } {
  const match = /(?:^|[\s"'“‘(（])([\w\u4e00-\u9fff][\w\u4e00-\u9fff\-./]*\.(?:md|txt|pdf|docx?|csv|log))\b/i.exec(
    analysis.normalized.text,
  );
  const path = match?.[1];
  const text = match && path ? analysis.normalized.text.replace(path, ' ') : analysis.normalized.text;
  const cleaned = text
    .replace(/[?？!！。,，:：;；"“”'‘’()（）—–]/g, ' ')
    // a full stop or a dash standing alone or ending a word is punctuation ("E-101" keeps its dash)
    .replace(/\.+(?=\s|$)|(?<=\s|^)-+(?=\s|$)/g, ' ')
    .trim()
    .replace(DOC_FILLER_ZH, ' ')
    .replace(DOC_FILLER_EN, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return path ? { query: cleaned || path, path } : { query: cleaned };
}

/** a shift handover ("交接班记录", "hand over", "shift log") */
const HANDOVER = new RegExp(
  String.raw`交接班|交接记录|交班记录|接班记录|交接|交班|接班|交的班|接的班|\bhand(?:ed|ing)?[- ]?overs?\b|\bhand-?offs?\b` +
    String.raw`|\bshift\s+(?:notes?|logs?|reports?)\b|\b(?:took|taking|take|takes)\s+over\b`,
);
/** who handed over or took over a shift: the note's names are the answer */
const HANDOVER_WHO = /谁交|谁接|是谁|交班人|接班人|\bwho\b|\bby\s+whom\b/;
/** last night / tonight: the night shift of yesterday / today */
const NIGHT_OF = [
  { pattern: /昨晚|昨夜|\blast\s+night(?:'s)?\b|\byesterday\s+night\b|\bovernight\b/, offset: -1 },
  { pattern: /今晚|今夜|\btonight(?:'s)?\b/, offset: 0 },
];

/**
 * this morning / 今早: the handover made this morning is the night shift's that started yesterday evening ("who took
 * over from the night shift this morning", asked on Sunday, is Saturday's night shift)
 */
const THIS_MORNING = /今早|今晨|今天早上|今日早上|今天早晨|\bthis\s+morning(?:'s)?\b/;

/** a shift said without the word "shift" (a handover is one shift's) */
const BARE_SHIFT = [
  { pattern: /\bnights?\b|晚上|夜里|夜间/, shift: 'night' },
  { pattern: /白天|\bdaytime\b/, shift: 'day' },
];

/**
 * A handover note asked by date and/or shift: the date (one day; a night
 * shift is dated by the evening it starts) and the shift. Several days, or
 * several periods, are unsure (the rules ask which day).
 */
function handoverSlots(analysis: Analysis): { date?: string; shift?: string; unsure: boolean } | undefined {
  const lower = analysis.normalized.lower;
  if (!HANDOVER.test(lower)) return undefined;
  const night = NIGHT_OF.find((entry) => entry.pattern.test(lower));
  // a handover is one shift's: "the 22nd night", "nov 19 night handover", 25号晚上的交接 name it without "shift"
  const bare = BARE_SHIFT.find((entry) => entry.pattern.test(lower))?.shift;
  let shift = analysis.shifts.length === 1 ? analysis.shifts[0]!.shift : night ? 'night' : bare;
  const { period, unsure } = singlePeriod(analysis);
  let date: string | undefined;
  const morning = THIS_MORNING.test(lower) && (shift === undefined || shift === 'night');
  if (morning && (!period || (period.from === analysis.today && period.to === analysis.today))) {
    date = addDays(analysis.today, -1);
    shift = 'night';
  } else if (period && period.from === period.to) date = nearestYearless(period, analysis.today);
  else if (!period && !unsure && night) date = addDays(analysis.today, night.offset);
  const several = unsure || (period !== undefined && period.from !== period.to);
  if (date === undefined && shift === undefined && !several) return undefined;
  return { ...(date ? { date } : {}), ...(shift ? { shift } : {}), unsure: several };
}

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { query, path } = documentQuery(analysis);
  if (query) explicit.query = query;
  if (path) explicit.path = path;
  const handover = path ? undefined : handoverSlots(analysis);
  if (handover?.date) explicit.handover_date = handover.date;
  if (handover?.shift) explicit.handover_shift = handover.shift;
  if (handover && HANDOVER_WHO.test(analysis.normalized.lower)) explicit.handover_who = true;
  if (handover?.unsure) unsure.push('handover_date');
  // a figure asked of a manual or SOP: the passage holding it is quoted (figure.ts)
  const fact = handover || path ? undefined : documentFigure(analysis);
  if (fact) {
    explicit.figure = fact.figure;
    explicit.terms = fact.terms;
  }
  return { explicit, defaults, unsure };
}

/** a document named, and nothing a figure or a symptom would answer */
function documentOnly(analysis: Analysis): boolean {
  return DOC_NOUN.test(analysis.normalized.lower) && !hasMetric(analysis) && analysis.symptoms.symptom === undefined;
}

const NAMES_A_DOCUMENT: IntentMatch = { kind: 'skill', reason: 'names a document' };

export const documentSearchRouting: SkillRouting = {
  skill: 'document_search',
  args: documentSearchArgs,
  intents: [
    {
      // a figure asked of a manual or SOP (a torque, an interval, a limit …): quoted from the documents, never advice
      name: 'figure',
      match: (analysis) =>
        documentFigure(analysis) && !handoverSlots(analysis)
          ? { kind: 'skill', reason: 'asks for a figure the manuals and SOPs give' }
          : undefined,
    },
    {
      // a document with a find verb, or named last (its head noun); or a shift handover note asked by its date or shift
      name: 'find',
      match: (analysis) =>
        DOC_NOUN.test(analysis.normalized.lower) &&
        (FIND_VERB.test(analysis.normalized.lower) ||
          (HEAD_DOCUMENT.test(analysis.normalized.lower) && !hasMetric(analysis)))
          ? { kind: 'skill', reason: 'asks to find a document' }
          : handoverSlots(analysis)
            ? { kind: 'skill', reason: 'asks for a shift handover note by date or shift' }
            : undefined,
    },
    {
      // what an alarm code means, what a manual says: a fact of the documents, not repair advice
      name: 'fact',
      match(analysis) {
        const lower = analysis.normalized.lower;
        return (DOC_NOUN.test(lower) || ALARM_CODE.test(lower)) && DOC_FACT.test(lower)
          ? { kind: 'skill', reason: 'asks what the documents say' }
          : undefined;
      },
    },
    {
      // a document named with no word of machine state or maintenance
      name: 'named',
      match(analysis) {
        const lower = analysis.normalized.lower;
        return documentOnly(analysis) && !STATUS_WORDS.test(lower) && !MAINTENANCE_WORDS.test(lower)
          ? NAMES_A_DOCUMENT
          : undefined;
      },
    },
    {
      // a document named with words of state or maintenance that no equipment rule took
      name: 'named-last',
      match: (analysis) => (documentOnly(analysis) ? NAMES_A_DOCUMENT : undefined),
    },
  ],
  slots,
  required: ['query'],
  cannotHonour: [],
  // documents hold anything ("the rework SOP", "夜班交接记录"): their words are the query
  honours: { shift: true, defectType: 'any', notRecorded: 'ignore', words: false, who: true },
  understood: [HANDOVER, HANDOVER_WHO],
  examples: { zh: ['查找冲压机换模SOP'], en: ['Find the SOP for die change'] },
};
