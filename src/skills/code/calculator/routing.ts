/** How the rules route a question to calculator: a plain arithmetic expression ("12*7+3", "计算 37/1520*100"). */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { calculatorArgs } from './args.js';

const CALC_PREFIX =
  /^(?:please\s+|pls\s+)?(?:what(?:'s|\s+is)|calculate|calc|compute|evaluate|how\s+much\s+is|请?(?:帮我|帮忙)?(?:计算|算一下|算算|算))\s*(?:一下)?\s*[:：]?\s*/i;
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

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  const expression = arithmeticOf(analysis.normalized.text);
  if (expression) explicit.expression = expression;
  return { explicit, defaults, unsure };
}

export const calculatorRouting: SkillRouting = {
  skill: 'calculator',
  args: calculatorArgs,
  intents: [
    {
      name: 'arithmetic',
      match: (analysis) =>
        arithmeticOf(analysis.normalized.text) !== undefined
          ? { kind: 'skill', reason: 'an arithmetic expression' }
          : undefined,
    },
  ],
  slots,
  required: ['expression'],
  cannotHonour: [],
  honours: { shift: false, defectType: 'any', notRecorded: 'ignore', words: false },
  examples: { zh: ['计算 12*7+3'], en: ['What is 12*7+3?'] },
};
