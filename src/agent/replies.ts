/**
 * The honest replies: when no model is reachable and the rules cannot answer,
 * and when the model loop could not complete. Each says what happened, what
 * was tried, and which questions the rules answer — in the operator's language
 * and in plain words: no config keys, endpoints or error codes. The cause, for
 * the administrator, goes to the log, /readyz and `doctor`.
 */
import type { Language } from '../skills/types.js';
import type { Unhonoured } from '../skills/engine-types.js';

/** What the plant's data holds, for "X is not recorded" replies. */
const RECORDED = {
  zh: '检验数据（按产线、日期、班次、批次、产品、缺陷类型、检验员的检验数和不良数）、设备状态与保养日期、维修工单、值班表和工厂文档',
  en:
    'inspection data (inspected and defective pieces by line, date, shift, batch, product, defect ' +
    'type and inspector), equipment states and maintenance dates, work orders, the on-call rota and ' +
    'the plant documents',
};

const DIMENSION_NAMES: Record<string, { zh: string; en: string }> = {
  inspector: { zh: '检验员/人员', en: 'inspector or person' },
  shift: { zh: '班次对比或按班次细分', en: 'shifts compared or broken down' },
  batch: { zh: '批次', en: 'batch' },
  product: { zh: '产品/型号', en: 'product' },
  hour: { zh: '小时/时段', en: 'hour of the day' },
  recorded_at: { zh: '录入时间', en: 'recording time' },
  records: { zh: '逐条记录', en: 'individual records' },
  week_or_month: { zh: '按周/按月细分', en: 'a per-week or per-month breakdown' },
  cause: { zh: '原因分析', en: 'why (causes)' },
  comparison: { zh: '与上一期对比/变化', en: 'a change against an earlier period' },
  ppm: { zh: 'PPM 单位', en: 'PPM' },
  defect_type: {
    zh: '缺陷类型（此类问题不按缺陷类型细分，或同时问了几种）',
    en: 'defect types (not broken down here, or several at once)',
  },
  work_orders: { zh: '工单计数或列表', en: 'counting or listing work orders' },
  order_grouping: {
    zh: '工单按设备排名或筛选无人负责的工单',
    en: 'work orders ranked per machine or filtered by no assignee',
  },
  action: {
    zh: '操作或改写（关单、派单、建单、翻译、总结成几条）',
    en: 'an action or a rewrite (closing, assigning or creating orders, translating, summarising)',
  },
  several_questions: {
    zh: '一次问了几个问题，请分开来问',
    en: 'several questions in one — please ask them one at a time',
  },
  reference: { zh: '指代前面说过的时间或对象', en: 'a reference back to something said before' },
};

/**
 * One line per thing the question asked that the rules did not honour: a
 * measure the data does not record is said so (with what is recorded), a
 * breakdown the rules cannot give and words they did not understand are
 * named — so nothing asked is silently dropped.
 */
export function unhonouredText(language: Language, unhonoured: Unhonoured[] | undefined): string | undefined {
  if (!unhonoured || unhonoured.length === 0) return undefined;
  const lines: string[] = [];
  const notRecorded = unhonoured.filter((entry) => entry.kind === 'not_recorded');
  if (notRecorded.length > 0) {
    lines.push(
      language === 'zh'
        ? `本厂数据没有记录${notRecorded.map((entry) => `${entry.zh}（「${entry.words}」）`).join('、')}，所以无法给出这个数字。记录的数据有：${RECORDED.zh}。`
        : `The plant's data does not record ` +
            `${notRecorded.map((entry) => `${entry.en} ("${entry.words}")`).join(', ')}, so there is no such ` +
            `figure to give. What is recorded: ${RECORDED.en}.`,
    );
  }
  for (const entry of unhonoured.filter((item) => item.kind === 'beyond' && item.dimension === 'reversed_period')) {
    lines.push(
      language === 'zh'
        ? `「${entry.words}」的结束日早于开始日，日期前后颠倒了；请先写早的日期再写晚的日期。`
        : `In "${entry.words}" the end comes before the start: the dates are reversed. Please give the earlier date first.`,
    );
  }
  for (const entry of unhonoured.filter((item) => item.kind === 'beyond' && item.dimension !== 'reversed_period')) {
    const name = DIMENSION_NAMES[entry.dimension] ?? { zh: entry.dimension, en: entry.dimension };
    lines.push(
      language === 'zh'
        ? `问题要求按「${entry.words}」（${name.zh}）回答，规则无法做到；不按它回答就是在回答另一个问题。`
        : `The question asks by "${entry.words}" (${name.en}), which the rules cannot do; answering without it would answer a different question.`,
    );
  }
  for (const entry of unhonoured.filter((item) => item.kind === 'unknown')) {
    const nearest = entry.nearest ?? [];
    // a person known in another role says which; one the data lacks is said not to be there
    const what =
      language === 'zh'
        ? entry.zh
          ? `「${entry.words}」：${entry.zh}`
          : `本厂数据里没有「${entry.words}」这个人`
        : entry.en
          ? `"${entry.words}": ${entry.en}`
          : `The plant's data has no person "${entry.words}"`;
    lines.push(
      language === 'zh'
        ? `${what}，所以不作答，也不拿别人代替。${nearest.length > 0 ? `最接近的名字：${nearest.join('、')}。` : ''}`
        : `${what}, so I do not answer for someone else instead.` +
            (nearest.length > 0 ? ` The nearest names it has: ${nearest.join(', ')}.` : ''),
    );
  }
  for (const entry of unhonoured.filter((item) => item.kind === 'not_understood')) {
    lines.push(
      language === 'zh'
        ? `规则没有理解问题中的「${entry.words}」，所以不作答，以免答非所问。`
        : `The rules did not understand "${entry.words}" in the question, so they do not answer rather than answer a different question.`,
    );
  }
  return lines.join('\n');
}

/** What the rules' failed attempt was, as the agent knows it (from the skill's AppError). */
export interface RuleFailure {
  code: string;
  skill?: string | undefined;
  /** a maintenance script that ran and failed */
  script?: { name: string; runId?: number | string | undefined; state?: string | undefined } | undefined;
  /** the plant's database is missing (the cause of most failures when it is) */
  plantDataMissing?: boolean | undefined;
}

/** The operator's sentence for a rules attempt that failed: what happened, what to do; never the internals. */
export function ruleFailureText(language: Language, failure: RuleFailure): string {
  const zh = language === 'zh';
  if (failure.plantDataMissing) {
    return zh
      ? '工厂数据目前无法读取（数据库不在原处），所以现在无法回答。请告诉管理员，原因已记录在服务日志中。'
      : "The plant's data cannot be read right now (its database is not where it should be), so I cannot answer. " +
          'Please tell your administrator; the cause is in the service log.';
  }
  if (failure.script) {
    // the run's id as `scripts runs` shows it: its first 8 characters find it
    const id = failure.script.runId === undefined ? undefined : String(failure.script.runId).slice(0, 8);
    const run = id === undefined ? '' : zh ? `（运行记录 ${id}）` : ` (run ${id})`;
    const how =
      failure.script.state === 'timeout'
        ? zh
          ? '没有在限定时间内完成'
          : 'did not finish in time'
        : zh
          ? '运行失败'
          : 'failed';
    return zh
      ? `维护脚本「${failure.script.name}」${how}${run}。请告诉管理员，他们可以查看这次运行的输出。`
      : `The maintenance script "${failure.script.name}" ${how}${run}. Please tell your administrator; they can read the run's output.`;
  }
  switch (failure.code) {
    case 'QUERY_TIMEOUT':
    case 'TOOL_TIMEOUT':
    case 'SKILL_TIMEOUT':
      return zh
        ? '查询数据用的时间太长，没有完成。请稍后再试，或把时间范围缩小一些。'
        : 'Reading the data took too long and did not finish. Please try again in a moment, or ask about a shorter period.';
    case 'QUEUE_FULL':
    case 'RATE_LIMITED':
      return zh ? '现在问题太多，请稍后再试。' : 'Too many questions at once right now; please try again in a moment.';
    default:
      return zh
        ? '读取数据时出错，这次没能回答。请稍后再试；如果一直出错，请告诉管理员（原因已记录在服务日志中）。'
        : 'Something went wrong while reading the data, so I could not answer this time. Please try again; ' +
            'if it keeps happening, tell your administrator (the cause is in the service log).';
  }
}

/** The notice when the model goes down or comes back, in the operator's words (the cause is logged beside it). */
export function modelNoticeText(language: Language, state: 'down' | 'back'): string {
  if (state === 'back')
    return language === 'zh'
      ? 'AI 模型已恢复，问题将由模型回答。'
      : 'The AI model is back: questions are answered with it again.';
  return language === 'zh'
    ? 'AI 模型暂时不可用：现在只回答常见问题（按规则回答）。'
    : 'The AI model is not available right now: only the common questions are answered (by the rules).';
}

function list(items: string[], limit = 6): string {
  return items
    .slice(0, limit)
    .map((item) => `- ${item}`)
    .join('\n');
}

export function noModelReply(options: {
  language: Language;
  /** why there is no model: for the log, never shown to the operator */
  reason: string;
  examples: string[];
  /** the rules recognised the question but need more: slot names */
  missing?: string[] | undefined;
  skill?: string | undefined;
  /** why the rules' own attempt failed, already in the operator's words (ruleFailureText) */
  ruleError?: string | undefined;
  /** what the question asked that the rules could not honour */
  unhonoured?: Unhonoured[] | undefined;
}): string {
  const { language, examples } = options;
  const named = unhonouredText(language, options.unhonoured);
  if (language === 'zh') {
    const parts = ['这个问题需要 AI 模型来回答，而模型现在不可用，所以只能回答常见的问题。'];
    if (named) parts.push(named);
    if (options.skill && options.missing && options.missing.length > 0) {
      parts.push(`这个问题像是「${options.skill}」，但还缺少：${options.missing.join('、')}。请把问题说得更具体一些。`);
    } else if (options.ruleError) {
      parts.push(options.ruleError);
    }
    if (examples.length > 0) parts.push(`不需要模型就能回答的问题，例如：\n${list(examples)}`);
    return parts.join('\n\n');
  }
  const parts = [
    'This question needs the AI model, which is not available right now, so only the common questions can be answered.',
  ];
  if (named) parts.push(named);
  if (options.skill && options.missing && options.missing.length > 0) {
    parts.push(
      `This looks like a ${options.skill.replace(/_/g, ' ')} question, but I still need: ${options.missing.join(', ')}. Please ask again with that included.`,
    );
  } else if (options.ruleError) {
    parts.push(options.ruleError);
  }
  if (examples.length > 0) parts.push(`Questions I can answer without a model, for example:\n${list(examples)}`);
  return parts.join('\n\n');
}

export function couldNotCompleteReply(options: {
  language: Language;
  /** why the model loop stopped */
  why: string;
  tried: string[];
  examples: string[];
  ruleError?: string | undefined;
}): string {
  const { language } = options;
  const tried =
    options.tried.length > 0 ? options.tried : [language === 'zh' ? '（没有成功的步骤）' : '(no step succeeded)'];
  if (language === 'zh') {
    const parts = [`抱歉，这个问题我没能完成：${options.why}。`, `尝试过的步骤：\n${list(tried, 12)}`];
    if (options.ruleError) parts.push(options.ruleError);
    if (options.examples.length > 0)
      parts.push(`可以换个说法，或者问规则能直接回答的问题，例如：\n${list(options.examples)}`);
    return parts.join('\n\n');
  }
  const parts = [`I could not complete this: ${options.why}.`, `What I tried:\n${list(tried, 12)}`];
  if (options.ruleError) parts.push(options.ruleError);
  if (options.examples.length > 0)
    parts.push(`Try rephrasing it, or ask in a form the rules answer, for example:\n${list(options.examples)}`);
  return parts.join('\n\n');
}
