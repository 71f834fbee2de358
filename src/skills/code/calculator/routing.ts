/** How the rules route a question to calculator: a plain arithmetic expression ("12*7+3", "计算 37/1520*100"). */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { calculatorArgs } from './args.js';

/** words of politeness before a request: "quick calc", "hey, can you work out …" */
const CALC_POLITE = String.raw`(?:(?:quick|hey|ok|please|pls|can\s+you|could\s+you)[\s,]+)*`;
const CALC_PREFIX = new RegExp(
  '^' +
    CALC_POLITE +
    String.raw`(?:what(?:'s|\s+is)|calculate|calc|compute|evaluate|work\s+out|how\s+much\s+is|` +
    String.raw`请?(?:你)?(?:帮我|帮忙|给我)?(?:计算|算一下|算算|算))\s*(?:一下|下)?\s*[:：]?\s*`,
  'i',
);
const CALC_SUFFIX = /(?:\s*(?:=\s*\??|等于多少|等于几|是多少|等于|多少|\?|？|。|!))+\s*$/;
/** a request to calculate that names no expression yet: "帮我算一下", "calculate something for me" */
const BARE_CALC_REQUEST = new RegExp(
  '^' +
    CALC_POLITE +
    String.raw`(?:(?:calculate|compute|calc)(?:\s+(?:something|this|a\s+number))?(?:\s+for\s+me)?` +
    String.raw`|请?(?:你)?(?:帮我|帮忙|给我)?(?:计算|算)(?:一下|下)|请?(?:你)?(?:帮我|帮忙|给我)(?:计算|算)` +
    String.raw`|(?:帮我|帮忙|给我)?(?:算一算|算算))\s*(?:please|pls|吧|呗)?\s*[?？。!]?$`,
  'i',
);

/** the functions and constants the utils server's evaluator knows (mcp-servers/utils/calculator.ts) */
const CALC_FUNCTION = /\b(?:round|min|max|abs|sqrt)\s*(?=\()/gi;
const CALC_CONSTANT = /\bpi\b/gi;

/** words for the operators between two operands: "480乘以0.012", "5 times 3", "100 divided by 8" */
const OPERATOR_WORDS: Array<[RegExp, string]> = [
  [/(?<=[\d)]\s*)(?:乘以|乘上|乘)(?=\s*[\d(])/g, '*'],
  [/(?<=[\d)]\s*)除以(?=\s*[\d(])/g, '/'],
  [/(?<=[\d)]\s*)(?:加上|加)(?=\s*[\d(])/g, '+'],
  [/(?<=[\d)]\s*)(?:减去|减)(?=\s*[\d(])/g, '-'],
  [/(?<=[\d)]\s*)\b(?:times|multiplied\s+by)\b(?=\s*[\d(])/gi, '*'],
  [/(?<=[\d)]\s*)\bdivided\s+by\b(?=\s*[\d(])/gi, '/'],
  [/(?<=[\d)]\s*)\bplus\b(?=\s*[\d(])/gi, '+'],
  [/(?<=[\d)]\s*)\bminus\b(?=\s*[\d(])/gi, '-'],
];

/**
 * a ratio asked as a percentage ("12/480 as a percent", "12除以480是百分之多少", "12 out of 480 as a %"): the
 * expression times 100
 */
const AS_PERCENT = new RegExp(
  String.raw`\s*(?:,\s*)?(?:(?:as|in|into)\s+(?:a\s+)?(?:percent(?:age)?|%|pct)|(?:是|占|等于)?(?:百|100)分之(?:多少|几)|(?:的)?(?:百|100)分比(?:是|为)?(?:多少)?)` +
    String.raw`(?:\s*(?:\?|？|。|!|please|pls))*\s*$`,
  'i',
);
/** "12 out of 480", "12占480的", "12是480的" before a percentage asked: the first over the second */
const RATIO_WORDS = /(\d(?:\.\d+)?)\s*(?:\bout\s+of\b|占|是)\s*(\d+(?:\.\d+)?)\s*的?(?=\s*$)/i;

/** The plain arithmetic expression a question asks to compute, or undefined. */
export function arithmeticOf(text: string): string | undefined {
  let body = text.trim();
  const prefixed = CALC_PREFIX.test(body);
  body = body.replace(CALC_PREFIX, '').trim();
  const percent = AS_PERCENT.test(body);
  if (percent) body = body.replace(AS_PERCENT, '').trim().replace(RATIO_WORDS, '$1/$2');
  body = body.replace(CALC_SUFFIX, '').trim();
  const functions = CALC_FUNCTION.test(body);
  CALC_FUNCTION.lastIndex = 0;
  let worded = false;
  for (const [word, operator] of OPERATOR_WORDS) {
    const replaced = body.replace(word, operator);
    if (replaced !== body) worded = true;
    body = replaced;
  }
  if (!functions) body = body.replace(/(\d),(?=\d{3}\b)/g, '$1');
  body = body
    .replace(/(\d(?:\.\d+)?)\s*%\s*(?:of|的)\s*(\d+(?:\.\d+)?)/gi, '$1/100*$2')
    .replace(/(\d+(?:\.\d+)?)\s*的\s*(\d+(?:\.\d+)?)\s*%/g, '$1*$2/100')
    .replace(/(?<=[\d)\s])[x×✕](?=[\s\d(])/gi, '*')
    .replace(/÷/g, '/')
    .replace(CALC_FUNCTION, (name) => name.toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();
  // what is left once the functions and constants are set aside must be digits and operators
  const bare = body.replace(CALC_FUNCTION, '').replace(CALC_CONSTANT, '1');
  if (!/^[\d.\s+\-*/()^,]+$/.test(bare) || !/\d/.test(body)) return undefined;
  if (bare.includes(',') && !functions) return undefined; // "3,5" outside a function's arguments
  if (!functions && !/\d\s*\)?\s*[-+*/^]\s*\(?\s*[\d.]/.test(bare)) return undefined;
  if (functions && !prefixed && !/[-+*/^]/.test(bare)) return undefined;
  if (/^\d{4}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{1,2}$/.test(body)) return undefined; // a date
  if (!prefixed && !worded && !functions && !percent && !/[*+^()]/.test(body)) return undefined; // "12/7", "11-25" alone may be dates
  return percent ? `(${body})*100` : body;
}

/** a request to calculate that names no expression: the rules ask for it */
export function bareCalculationRequest(text: string): boolean {
  return BARE_CALC_REQUEST.test(text.trim());
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
          : bareCalculationRequest(analysis.normalized.text)
            ? { kind: 'skill', reason: 'a request to calculate (the expression still to ask)' }
            : undefined,
    },
  ],
  slots,
  required: ['expression'],
  cannotHonour: [],
  honours: { shift: false, defectType: 'any', notRecorded: 'ignore', words: false },
  examples: { zh: ['计算 12*7+3'], en: ['What is 12*7+3?'] },
};
