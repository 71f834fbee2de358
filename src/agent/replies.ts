/**
 * The honest replies: when no model is reachable and the rules cannot answer,
 * and when the model loop could not complete. Each says what happened, what
 * was tried, and which questions the rules answer — in the operator's language.
 */
import type { Language } from '../skills/types.js';

function list(items: string[], limit = 6): string {
  return items
    .slice(0, limit)
    .map((item) => `- ${item}`)
    .join('\n');
}

export function noModelReply(options: {
  language: Language;
  reason: string;
  examples: string[];
  /** the rules recognised the question but need more: slot names */
  missing?: string[] | undefined;
  skill?: string | undefined;
  /** why the rules' own attempt failed */
  ruleError?: string | undefined;
}): string {
  const { language, examples } = options;
  if (language === 'zh') {
    const parts = [`目前无法使用模型（${options.reason}），只能回答规则能识别的问题。`];
    if (options.skill && options.missing && options.missing.length > 0) {
      parts.push(`这个问题像是「${options.skill}」，但还缺少：${options.missing.join('、')}。请把问题说得更具体一些。`);
    } else if (options.ruleError) {
      parts.push(`规则尝试回答时失败：${options.ruleError}`);
    }
    if (examples.length > 0) parts.push(`不需要模型就能回答的问题，例如：\n${list(examples)}`);
    return parts.join('\n\n');
  }
  const parts = [`No model is reachable right now (${options.reason}), so I can only answer questions the rules recognise.`];
  if (options.skill && options.missing && options.missing.length > 0) {
    parts.push(`This looks like a ${options.skill.replace(/_/g, ' ')} question, but I still need: ${options.missing.join(', ')}. Please ask again with that included.`);
  } else if (options.ruleError) {
    parts.push(`The rules tried and failed: ${options.ruleError}`);
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
  const tried = options.tried.length > 0 ? options.tried : [language === 'zh' ? '（没有成功的步骤）' : '(no step succeeded)'];
  if (language === 'zh') {
    const parts = [`抱歉，这个问题我没能完成：${options.why}。`, `尝试过的步骤：\n${list(tried, 12)}`];
    if (options.ruleError) parts.push(`规则也无法回答：${options.ruleError}`);
    if (options.examples.length > 0) parts.push(`可以换个说法，或者问规则能直接回答的问题，例如：\n${list(options.examples)}`);
    return parts.join('\n\n');
  }
  const parts = [`I could not complete this: ${options.why}.`, `What I tried:\n${list(tried, 12)}`];
  if (options.ruleError) parts.push(`The rules could not answer it either: ${options.ruleError}`);
  if (options.examples.length > 0) parts.push(`Try rephrasing it, or ask in a form the rules answer, for example:\n${list(options.examples)}`);
  return parts.join('\n\n');
}
