/** How the rules route a question to current_datetime: "现在几点？", "what day is it today?". */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { currentDatetimeArgs } from './args.js';

const DATETIME_ZH = new RegExp(
  [
    String.raw`^(?:请问|你好|嗨)?[,，\s]*(?:我想知道|告诉我|请告诉我)?(?:今天|现在|当前|今日|此刻)?(?:的)`,
    String.raw`?(?:是)?(?:几号|几月几[号日]|星期几|周几|礼拜几|什么日子|什么日期|哪1?天|几点(?:了|钟)?|几点几分|`,
    String.raw`什么时间|什么时候|日期|时间|日期和时间|日期时间)(?:了|呀|啊|呢|吗)?$`,
  ].join(''),
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

function isDateTimeQuestion(lower: string): boolean {
  const bare = lower.replace(/[?？!！。.\s]+$/g, '').trim();
  return DATETIME_ZH.test(bare.replace(/\s+/g, '')) || DATETIME_EN.test(bare);
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
