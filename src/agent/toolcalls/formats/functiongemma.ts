/**
 * FunctionGemma (google/functiongemma-270m chat template; vLLM
 * `functiongemma`, Ollama functiongemma):
 *
 *   <start_function_call>call:NAME{key:<escape>text<escape>,n:<escape>42<escape>}<end_function_call>
 *
 * The Gemma call syntax (gemma4.ts reads it) with <escape> as the string
 * delimiter; a delimited value that is a number or boolean is that, and
 * the pairs may come without commas. The call closes with its `}`.
 */
import type { Extraction } from '../state.js';
import { readGemmaCalls } from './gemma4.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readGemmaCalls(state, {
    start: /<start_function_call>\s*(?:call:)?([A-Za-z_][\w.-]*)\s*(?=\{)/,
    closer: /^\s*<end_function_call>/,
    format: 'functiongemma',
    typedDelimited: true,
    repairs: () => [],
  });
}

export const functiongemma: FormatParser = { ids: ['functiongemma'], marker: /<start_function_call>/, read };
