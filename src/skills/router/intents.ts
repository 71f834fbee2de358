/**
 * Which skill a question asks for, and its arguments. Each skill has a
 * `slots` builder that reads only what the question says (so follow-ups can
 * lay it over the previous question) plus the defaults that complete it.
 * Precedence, strongest signal first: calculator, date/time, weekly report,
 * on-call, documents (noun + find verb), fault advice, quality metrics,
 * equipment status, documents (noun alone).
 */
import type { SkillName } from '../engine-types.js';
import type { Analysis } from './analysis.js';
import { addDays, daysBetween, weekdayOf } from '../../clock.js';
import type { Period } from '../args.js';
import { mondayOf } from './calendar.js';
import { EQUIPMENT_GENERAL, MAINTENANCE_WORDS, OVERDUE_WORDS, STATUS_WORDS, statusFilter } from './equipment.js';
import { ADVICE } from './slots.js';

export interface SkillSlots {
  /** what the question itself says */
  explicit: Record<string, unknown>;
  /** what completes the arguments when nothing else says it */
  defaults: Record<string, unknown>;
  /** slots the question names but the rules cannot settle (several periods, a range out of order) */
  unsure: string[];
}

export interface Intent {
  skill: SkillName;
  reason: string;
  /** extra slots the rules could not fill for this question */
  missing?: string[];
}

// ---- signals ----------------------------------------------------------------

export const WEEKLY_REPORT = /周报|(?:本|这|上|上个|这个|上1个?|这1个?)?(?:周|星期|礼拜)的?(?:质量)?(?:报告|报表|总结)|\bweekly\s+(?:quality\s+)?(?:report|summary)\b|\bweek(?:'s|s)?\s+(?:quality\s+)?(?:report|summary)\b|\b(?:quality\s+)?report\s+(?:for|of|on)\s+(?:this|last|the|that)\s+week\b/;
const OTHER_REPORT = /报告|报表|日报|月报|\breports?\b|\bsummary\b/;
const ONCALL = /值班|\bon[- ]?call\b|\boncall\b|\bduty\s+engineer\b|\bengineer\s+on\s+duty\b/;
const DOC_NOUN = /\bsops?\b|手册|说明书|操作规程|规程|作业指导书|指导书|交接班记录|交接班|交接记录|交接|文档|文件|资料|检查表|作业标准|\bmanuals?\b|\bhandbooks?\b|\bhand-?overs?\b|\bshift\s+(?:notes?|logs?)\b|\bdocuments?\b|\bdocs?\b|\bwork\s+instructions?\b|\bprocedures?\b|\bguides?\b|\bguidelines?\b|\bchecklists?\b/;
const FIND_VERB = /\bfind\b|\bsearch\b|\blook\s*(?:up|for)\b|\bshow\b|\bopen\b|\bread\b|\bwhere\b|\bget\b|\bfetch\b|\bpull\s+up\b|查找|搜索|查询|找|查|打开|看看|看一下|在哪|调出|读/;
const FIX_REQUEST = /维修建议|处理建议|怎么修|怎么维修|如何维修|维修方法|\bhow\s+(?:do|to|can|should|did)\s+(?:i\s+|we\s+|you\s+)?(?:fix|repair)\b|\brecommend\s+a\s+fix\b|\bwhat\s+fixed\b/;

const ALARM_CODE = /(?:报警|故障|错误|alarm|error|fault)\s*(?:代码|码|号|code)?\s*[a-z]{0,3}-?\d{2,}/;
const DOC_FACT = /是什么意思|什么意思|啥意思|含义|代表什么|说的是什么|怎么规定|规定|要求是|设定值|\bwhat\s+does\b.*\b(?:mean|say)\b|\bmeaning\s+of\b|\bwhat\s+is\s+the\s+(?:limit|setting|torque|spec)\b/;

/** a question that counts or measures: with a defect type, a quality figure */
const COUNTING = /多少|几[件个]|占比|比例|比率|百分比|\bhow\s+many\b|\bhow\s+much\b|\bcount\b|\bnumber\s+of\b|\bshare\b|\bpercent(?:age)?\b|\bproportion\b|\brate\b/;

// ---- calculator ---------------------------------------------------------------

const CALC_PREFIX = /^(?:please\s+|pls\s+)?(?:what(?:'s|\s+is)|calculate|calc|compute|evaluate|how\s+much\s+is|请?(?:帮我|帮忙)?(?:计算|算一下|算算|算))\s*(?:一下)?\s*[:：]?\s*/i;
const CALC_SUFFIX = /(?:\s*(?:=\s*\??|等于多少|等于几|是多少|等于|多少|\?|？|。|!))+\s*$/;

/** The plain arithmetic expression a question asks to compute, or undefined. */
export function arithmeticOf(text: string): string | undefined {
  let body = text.trim();
  const prefixed = CALC_PREFIX.test(body);
  body = body.replace(CALC_PREFIX, '').replace(CALC_SUFFIX, '').trim();
  body = body
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d(?:\.\d+)?)\s*%\s*(?:of|的)\s*(\d+(?:\.\d+)?)/gi, '$1/100*$2')
    .replace(/(\d+(?:\.\d+)?)\s*的\s*(\d+(?:\.\d+)?)\s*%/g, '$1*$2/100')
    .replace(/(?<=[\d)\s])[x×✕](?=[\s\d(])/gi, '*')
    .replace(/÷/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/^[\d.\s+\-*/()^]+$/.test(body) || !/\d/.test(body)) return undefined;
  if (!/\d\s*\)?\s*[-+*/^]\s*\(?\s*[\d.]/.test(body)) return undefined;
  if (/^\d{4}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{1,2}$/.test(body)) return undefined; // a date
  if (!prefixed && !/[*+^()]/.test(body)) return undefined; // "12/7", "11-25" alone may be dates
  return body;
}

// ---- date and time -------------------------------------------------------------

const DATETIME_ZH = /^(?:请问|你好|嗨)?[,，\s]*(?:我想知道|告诉我|请告诉我)?(?:今天|现在|当前|今日|此刻)?(?:的)?(?:是)?(?:几号|几月几[号日]|星期几|周几|礼拜几|什么日子|什么日期|哪1?天|几点(?:了|钟)?|几点几分|什么时间|什么时候|日期|时间|日期和时间|日期时间)(?:了|呀|啊|呢|吗)?$/;
const DATETIME_EN = /^(?:hey|hi|hello|please|ok|okay)?[,\s]*(?:can\s+you\s+tell\s+me\s+|could\s+you\s+tell\s+me\s+|tell\s+me\s+|do\s+you\s+know\s+)?(?:what(?:'s|\s+is)\s+(?:the\s+)?(?:current\s+)?(?:date|time|day)(?:\s+(?:today|now|is\s+it|right\s+now|is\s+today))?(?:\s+and\s+(?:the\s+)?(?:date|time|day))?|what\s+day\s+(?:is\s+(?:it|today)|of\s+the\s+week\s+is\s+it)(?:\s+today)?|what\s+time\s+is\s+it(?:\s+now)?|what\s+date\s+is\s+(?:it|today)|(?:today's|the\s+current|current)\s+(?:date|time)|what(?:'s|\s+is)\s+today(?:'s\s+date)?|(?:the\s+)?date\s+and\s+time|the\s+time)\s*(?:please|now|right\s+now)?$/;

function isDateTimeQuestion(lower: string): boolean {
  const bare = lower.replace(/[?？!！。.\s]+$/g, '').trim();
  return DATETIME_ZH.test(bare.replace(/\s+/g, '')) || DATETIME_EN.test(bare);
}

// ---- documents -------------------------------------------------------------------

const DOC_FILLER_EN = /\b(?:please|pls|can|could|would|you|i|me|we|us|find|search|for|look|up|show|open|read|get|fetch|pull|where|is|are|the|a|an|about|on|of|to|in|what|does|do|say|says|need|want|with|my|our|help|there|any)\b/gi;
const DOC_FILLER_ZH = /^(?:请|麻烦)?(?:帮我|帮忙|给我)?(?:查找|搜索|查询|找一下|找找|查一下|查查|打开|看一下|看看|找|查|搜|调出)|一下|在哪里|在哪儿|在哪|有没有|有关|关于|相关的?|的|吗|呢|吧|呀|我要|我想|需要/g;

/**
 * The search words and, when the question names a file, its path. The path is
 * taken out whole before the filler words are dropped ("open
 * manuals/does-not-exist.md" must not lose "does"); with nothing else said,
 * the path is the query.
 */
function documentQuery(analysis: Analysis): { query: string; path?: string } {
  const match = /(?:^|[\s"'“‘(（])([\w\u4e00-\u9fff][\w\u4e00-\u9fff\-./]*\.(?:md|txt|pdf|docx?|csv|log))\b/i.exec(analysis.normalized.text);
  const path = match?.[1];
  const text = match && path ? analysis.normalized.text.replace(path, ' ') : analysis.normalized.text;
  const cleaned = text
    .replace(/[?？!！。,，:：;；"“”'‘’()（）]/g, ' ')
    .replace(DOC_FILLER_ZH, ' ')
    .replace(DOC_FILLER_EN, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return path ? { query: cleaned || path, path } : { query: cleaned };
}

/**
 * The last day of a maintenance window: a period cut at today ("this week" =
 * Monday..today, "this month" = 1st..today) still means the whole week or month
 * when asking what falls due.
 */
function dueBy(period: Period): string {
  const length = daysBetween(period.from, period.to);
  if (weekdayOf(period.from) === 1 && length < 6) return addDays(period.from, 6);
  if (period.from.endsWith('-01') && period.to.slice(0, 7) === period.from.slice(0, 7)) {
    const [year, month] = period.from.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${period.from.slice(0, 7)}-${String(last).padStart(2, '0')}`;
  }
  return period.to;
}

// ---- intent ---------------------------------------------------------------------------

export function detectIntent(analysis: Analysis): Intent | undefined {
  const lower = analysis.normalized.lower;
  const { equipment, symptoms, metrics, rank, lines } = analysis;
  const anchored = lines.lines.length > 0 || lines.all || analysis.periods.length > 0 || rank !== undefined;
  const hasMetric = (metrics.metrics.length > 0 && (!metrics.weakOnly || anchored)) || rank !== undefined;

  if (arithmeticOf(analysis.normalized.text) !== undefined) return { skill: 'calculator', reason: 'an arithmetic expression' };
  if (isDateTimeQuestion(lower)) return { skill: 'current_datetime', reason: 'asks for the date or time' };
  if (WEEKLY_REPORT.test(lower)) return { skill: 'weekly_report', reason: 'asks for the weekly report' };
  if (ONCALL.test(lower)) return { skill: 'oncall_check', reason: 'asks about the on-call engineer' };
  if (DOC_NOUN.test(lower) && FIND_VERB.test(lower)) return { skill: 'document_search', reason: 'asks to find a document' };
  // what an alarm code means, what a manual says: a fact of the documents, not repair advice
  if ((DOC_NOUN.test(lower) || ALARM_CODE.test(lower)) && DOC_FACT.test(lower)) return { skill: 'document_search', reason: 'asks what the documents say' };
  // a defect type counted ("how many scratches on line C this week", "D线本周气孔占不良的比例"): a quality figure, not advice
  if (analysis.defectTypes.length > 0 && !ADVICE.test(lower) && equipment === undefined && (anchored || hasMetric || COUNTING.test(lower))) {
    return { skill: 'quality_metrics', reason: `counts a defect type (${analysis.defectTypes.map((mention) => mention.words).join(', ')})` };
  }
  // one named shift with a quality figure ("night shift defect rate yesterday")
  // a line and a symptom alone ask for advice; with a period and no request for a fix they count defects ("how many cracks on line B last week"): not advice
  if (symptoms.symptom !== undefined && (ADVICE.test(lower) || equipment !== undefined || (lines.lines.length > 0 && !hasMetric && analysis.periods.length === 0))) {
    return { skill: 'fault_advice', reason: `a symptom (${symptoms.symptom})${ADVICE.test(lower) ? ' and a request for a fix' : ''}` };
  }
  if (equipment !== undefined && FIX_REQUEST.test(lower)) return { skill: 'fault_advice', reason: 'asks how to fix a machine', missing: ['symptom'] };
  if (hasMetric || (metrics.general && !equipment)) {
    if (equipment !== undefined) return undefined; // per-machine quality figures: not a rule's call
    if (OTHER_REPORT.test(lower)) return undefined; // daily / monthly reports: the model decides
    return { skill: 'quality_metrics', reason: `asks for ${metrics.metrics.join(', ') || 'quality figures'}${rank ? ` ranked ${rank} first` : ''}` };
  }
  const maintenance = MAINTENANCE_WORDS.test(lower);
  const status = STATUS_WORDS.test(lower);
  const documentOnly = DOC_NOUN.test(lower) && !hasMetric && symptoms.symptom === undefined;
  if (documentOnly && !status && !maintenance) return { skill: 'document_search', reason: 'names a document' };
  if (equipment !== undefined || ((status || maintenance) && (EQUIPMENT_GENERAL.test(lower) || lines.lines.length > 0 || lines.all)) || (maintenance && OVERDUE_WORDS.test(lower))) {
    if (analysis.periods.length > 0 && !maintenance) return undefined; // past states are not recorded
    return { skill: 'equipment_status', reason: equipment ? `names equipment (${equipment.value})` : maintenance ? 'asks about maintenance' : 'asks about equipment status' };
  }
  if (documentOnly) return { skill: 'document_search', reason: 'names a document' };
  return undefined;
}

// ---- slots per skill ------------------------------------------------------------

/** today / tomorrow / yesterday … — a day counted from today, not a date */
const RELATIVE_DAY = /^(?:大前天|前天|昨天|昨日|昨晚|昨夜|今天|今日|今晚|今早|明天|明日|后天|(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today|tonight|tomorrow)$/i;

/**
 * A date without a year is the most recent one for quality data; for the
 * on-call rota it is the nearest one: "12月25日值班" asked in late November
 * is the coming Christmas, not last year's.
 */
function nearestYearless(period: { from: string; label?: string | undefined }, today: string): string {
  if (/\d{4}/.test(period.label ?? '') || period.from >= today || daysBetween(period.from, today) <= 182) return period.from;
  const next = `${Number(period.from.slice(0, 4)) + 1}${period.from.slice(4)}`;
  return isCalendarDay(next) ? next : period.from;
}

function isCalendarDay(value: string): boolean {
  const probe = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === value;
}

function singlePeriod(analysis: Analysis): { period?: { from: string; to: string; label?: string }; unsure: boolean } {
  if (analysis.periods.length === 0) return { unsure: false };
  if (analysis.periods.length > 1) return { unsure: true };
  const period = analysis.periods[0]!.period;
  return period ? { period, unsure: false } : { unsure: true };
}

function singleLine(analysis: Analysis): { line?: string; unsure: boolean } {
  const { lines } = analysis.lines;
  if (lines.length === 1) return { line: lines[0]!, unsure: false };
  return { unsure: lines.length > 1 };
}

export function skillSlots(skill: SkillName, analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const { period, unsure: periodUnsure } = singlePeriod(analysis);
  switch (skill) {
    case 'quality_metrics': {
      defaults.lines = [];
      defaults.metrics = analysis.rank ? ['defect_rate', 'output', 'yield'] : ['output', 'defect_rate', 'yield'];
      defaults.by_day = false;
      if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
      else if (analysis.lines.all || analysis.rank) explicit.lines = [];
      if (period) explicit.period = period;
      if (periodUnsure) unsure.push('period');
      if (analysis.metrics.metrics.length > 0) explicit.metrics = analysis.metrics.metrics;
      if (analysis.rank) explicit.rank = analysis.rank;
      if (analysis.rank && analysis.rankBy) explicit.rank_by = analysis.rankBy;
      if (analysis.byDay) explicit.by_day = true;
      if (analysis.shifts.length === 1) explicit.shift = analysis.shifts[0]!.shift;
      if (analysis.defectTypes.length > 0 && new Set(analysis.defectTypes.map((mention) => mention.key)).size === 1) explicit.defect_type = analysis.defectTypes[0]!.words;
      break;
    }
    case 'weekly_report': {
      defaults.week_start = mondayOf(analysis.today);
      defaults.lines = [];
      if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
      else if (analysis.lines.all) explicit.lines = [];
      if (period && mondayOf(period.from) === mondayOf(period.to)) explicit.week_start = mondayOf(period.from);
      else if (period || periodUnsure) unsure.push('week_start');
      break;
    }
    case 'equipment_status': {
      defaults.overdue_only = false;
      const { line, unsure: lineUnsure } = singleLine(analysis);
      if (line) explicit.line = line;
      if (lineUnsure) unsure.push('line');
      if (analysis.equipment) explicit.equipment = analysis.equipment.value;
      if (OVERDUE_WORDS.test(analysis.normalized.lower) && (MAINTENANCE_WORDS.test(analysis.normalized.lower) || /逾期|超期|overdue/.test(analysis.normalized.lower))) explicit.overdue_only = true;
      if (!analysis.equipment) {
        const status = statusFilter(analysis.normalized.lower);
        if (status) explicit.status = status;
      }
      // "maintenance due this week / in the next 7 days / by Dec 10": the window's last day; the skill lists
      // what falls due in it apart from what is already overdue
      const due = analysis.periods.length === 1 ? analysis.periods[0]!.period : undefined;
      if (MAINTENANCE_WORDS.test(analysis.normalized.lower) && due) {
        // a date without a year is the nearest one (due dates lie ahead): "by Dec 10" in late November
        explicit.due_by = nearestYearless({ from: dueBy(due), label: due.label }, analysis.today);
        delete explicit.overdue_only;
      }
      break;
    }
    case 'fault_advice': {
      const { line, unsure: lineUnsure } = singleLine(analysis);
      if (analysis.symptoms.symptom) explicit.symptom = analysis.symptoms.symptom;
      if (analysis.equipment) explicit.equipment = analysis.equipment.value;
      if (line) explicit.line = line;
      if (lineUnsure) unsure.push('line');
      break;
    }
    case 'oncall_check': {
      // today is the engineer's own date, so no default date: today / tomorrow / yesterday are
      // offsets from it (day_offset); a date the operator names is taken as it stands (date)
      // no priority asked: all the engineer's open work orders (priority left out)
      if (analysis.priority) explicit.priority = analysis.priority;
      if (period && period.from === period.to) {
        if (RELATIVE_DAY.test(period.label ?? '')) explicit.day_offset = daysBetween(analysis.today, period.from);
        else explicit.date = nearestYearless(period, analysis.today);
      } else if (period || periodUnsure) unsure.push('date');
      break;
    }
    case 'document_search': {
      const { query, path } = documentQuery(analysis);
      if (query) explicit.query = query;
      if (path) explicit.path = path;
      break;
    }
    case 'calculator': {
      const expression = arithmeticOf(analysis.normalized.text);
      if (expression) explicit.expression = expression;
      break;
    }
    case 'current_datetime':
      break;
  }
  return { explicit, defaults, unsure };
}

/** Slots a skill cannot run without. */
export const REQUIRED: Record<SkillName, string[]> = {
  quality_metrics: ['period'],
  weekly_report: [],
  equipment_status: [],
  fault_advice: ['symptom'],
  oncall_check: [],
  document_search: ['query'],
  current_datetime: [],
  calculator: ['expression'],
};

