/** How the rules route a question to current_datetime: "现在几点？", "what day is it today?". */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { currentDatetimeArgs } from './args.js';

/** one thing of the date or time asked: 几号, 星期几, 几点 */
const ASK_ZH = String.raw`(?:几号|几月几[号日]|星期几|周几|礼拜几|什么日子|什么日期|哪1?天|几点(?:了|钟)?|几点几分|什么时间|什么时候|日期|时间|日期和时间|日期时间)`;
// several asked together ("今天几号 星期几", "几号了，周几"): the date and the weekday, one answer
const DATETIME_ZH = new RegExp(
  String.raw`^(?:请问|你好|嗨)?[,，\s]*(?:我想知道|告诉我|请告诉我)?(?:今天|现在|当前|今日|此刻)?(?:的)?(?:是)?${ASK_ZH}` +
    String.raw`(?:了|呀|啊|呢|吗)?(?:(?:[,，、]|和|跟|还有)*(?:今天|现在|当前|今日)?(?:是)?${ASK_ZH}(?:了|呀|啊|呢|吗)?)*$`,
);
const DATETIME_EN = new RegExp(
  [
    String.raw`^(?:hey|hi|hello|please|ok|okay)?[,\s]*(?:can\s+you\s+tell\s+me\s+|`,
    String.raw`could\s+you\s+tell\s+me\s+|tell\s+me\s+|do\s+you\s+know\s+)?(?:what(?:'s|`,
    String.raw`\s+is)\s+(?:the\s+)?(?:current\s+)?(?:date|time|day)(?:\s+(?:today|`,
    String.raw`now|is\s+it|right\s+now|is\s+today))?(?:\s+and\s+(?:the\s+)?(?:date|`,
    String.raw`time|day))?|what\s+day\s+(?:is\s+(?:it|today)|of\s+the\s+week\s+is\s+it)`,
    String.raw`(?:\s+today)?|what\s+time\s+is\s+it(?:\s+now)?|what\s+date\s+is\s+(?:it|`,
    String.raw`today)|(?:today's|the\s+current|current)\s+(?:date|time)|what(?:'s|`,
    String.raw`\s+is)\s+today(?:'s\s+date)?|(?:the\s+)?date\s+and\s+time|the\s+time)`,
    String.raw`\s*(?:please|now|right\s+now)?$`,
  ].join(''),
);

/** the week number the skill answers with the date: "现在是第几周", "which ISO week are we in" */
const WEEK_NUMBER_ZH =
  /^(?:请问)?(?:现在|今天|这周|本周|这个星期|当前)(?:是)?(?:今年(?:的)?)?第几(?:周|个?星期)(?:了|呀|啊|呢)?$/;
const WEEK_NUMBER_EN = new RegExp(
  String.raw`^(?:(?:hey|hi|ok|so)?[,\s]*(?:which|what)\s+(?:iso\s+|calendar\s+)?week(?:\s+(?:number|no\.?))?\s+` +
    String.raw`(?:are\s+we\s+in|is\s+(?:it|this|today)|is\s+this\s+week|we(?:'re|\s+are)\s+in)(?:\s+(?:now|today|right\s+now))?` +
    String.raw`|(?:what(?:'s|\s+is)\s+)?(?:the\s+)?(?:current\s+)?(?:iso\s+)?week\s+(?:number|no\.?)(?:\s+(?:now|today))?)$`,
);
/** the date and time asked in short: "date & time pls", "time and date?" */
const DATE_TIME_SHORT =
  /^(?:the\s+)?(?:date\s*(?:&|and|\/|\+)\s*time|time\s*(?:&|and|\/|\+)\s*date)(?:\s+(?:pls|please|plz|now))?$/;
/** an aside after the question that asks nothing more: ", lost track after new year", "，过糊涂了" */
// why one asks ("phone died lol", "手机没电了") is an aside too, after any stop
const ASIDE_TAIL = new RegExp(
  String.raw`\s*[,，;；?？!！.。-]+\s*(?:(?:i\s+)?(?:lost\s+track|forgot|can'?t\s+remember|just\s+checking|sorry|thanks|thx|ty)\b[^?]*` +
    String.raw`|(?:my\s+)?(?:phone|watch|laptop|pc|screen|clock|battery)(?:'s|\s+is|\s+has)?\s+(?:died|dead|off|broke|broken|stopped|flat)\b[^?]*` +
    String.raw`|(?:lol|haha+|lmao)\b[^?]*` +
    String.raw`|(?:我)?(?:都|也)?(?:忘了|过糊涂了|睡懵了|记不清了|谢谢|谢了)[^?？]*|(?:我的?)?(?:手机|手表)(?:没电了?|关机了?|坏了|死机了?)[^?？]*)$`,
);

function isDateTimeQuestion(lower: string): boolean {
  const bare = lower
    .replace(/[?？!！。.\s]+$/g, '')
    .replace(ASIDE_TAIL, '')
    .replace(/[?？!！。.\s]+$/g, '')
    .trim();
  const compact = bare.replace(/\s+/g, '');
  return (
    DATETIME_ZH.test(compact) ||
    DATETIME_EN.test(bare) ||
    WEEK_NUMBER_ZH.test(compact) ||
    WEEK_NUMBER_EN.test(bare) ||
    DATE_TIME_SHORT.test(bare)
  );
}

function slots(): SkillSlots {
  return { explicit: {}, defaults: {}, unsure: [] };
}

export const currentDatetimeRouting: SkillRouting = {
  skill: 'current_datetime',
  args: currentDatetimeArgs,
  intents: [
    {
      name: 'asks-time',
      match: (analysis: Analysis) =>
        isDateTimeQuestion(analysis.normalized.lower)
          ? { kind: 'skill', reason: 'asks for the date or time' }
          : undefined,
    },
  ],
  slots,
  required: [],
  cannotHonour: [],
  honours: { shift: false, defectType: 'any', notRecorded: 'ignore', words: false },
  examples: { zh: ['现在几点？'], en: ['What time is it?'] },
};
