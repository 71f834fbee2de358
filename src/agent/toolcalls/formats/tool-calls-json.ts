/**
 * `<tool_calls>` + JSON (AI21 Jamba, Hunyuan-A13B, MiniMax-M1, ServiceNow
 * Apriel; vLLM `jamba` / `hunyuan_a13b` / `minimax`, llama.cpp Apriel):
 *
 *   <tool_calls>[{"name": "NAME", "arguments": {…}}, …]</tool_calls>
 *   <tool_calls>\n{"name": …}\n{"name": …}\n</tool_calls>     (MiniMax-M1: one object per line)
 *
 * The JSON ends each call; </tool_calls> may be missing.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<tool_calls>/,
    close: /<\/tool_calls>/,
    format: 'tool_calls_json',
    label: '<tool_calls>',
  });
}

export const toolCallsJson: FormatParser = { ids: ['tool_calls_json'], marker: /<tool_calls>/, read };
