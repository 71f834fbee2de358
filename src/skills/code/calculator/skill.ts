/**
 * calculator — "12*7+3", "计算 37/1520*100": exact arithmetic through the
 * utils server's safe evaluator (no eval). A bad expression is answered
 * with what was wrong and how to write it.
 */
import type { z } from 'zod';
import { AppError } from '../../../errors.js';
import { calculatorArgs } from './args.js';
import type { CodeSkill, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { callStructured } from '../shared/tools.js';
import { t } from '../shared/text.js';
import { calculatorOutput } from './output.js';

type CalculatorArgs = z.infer<typeof calculatorArgs>;

async function execute(ctx: SkillContext, args: CalculatorArgs): Promise<SkillResult> {
  try {
    const { structured } = await callStructured<{ expression: string; result: string | number }>(ctx, 'calculator', {
      expression: args.expression,
    });
    return {
      answer: `${args.expression} = **${structured.result}**`,
      data: { expression: args.expression, result: structured.result },
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOOL_ARGUMENTS_INVALID') throw error;
    const reason = error.message.replace(/^calculator failed: /, '');
    return {
      answer: t(
        ctx.language,
        `无法计算“${args.expression}”：${reason}`,
        `Cannot calculate "${args.expression}": ${reason}`,
      ),
      data: { expression: args.expression, error: reason },
    };
  }
}

export const calculator: CodeSkill<CalculatorArgs> = {
  kind: 'code',
  name: 'calculator',
  description:
    'Exact arithmetic on an expression (+ − × ÷, ^, %, parentheses, round/min/max/abs/sqrt) with a safe evaluator. Use for "12*7+3", "计算 37/1520*100".',
  version: '1.0.0',
  parameters: calculatorArgs,
  output: calculatorOutput,
  timeoutMs: 10_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['calculator'] },
  triggers: ['计算', '等于多少', '算一下', 'calculate', 'what is', 'compute'],
  execute,
};
