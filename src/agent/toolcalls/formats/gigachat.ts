/**
 * GigaChat 3 / 3.1 (ai-sage chat templates; vLLM `gigachat3`):
 *
 *   <|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "NAME", "arguments": {…}}
 *   <|function_call|>{"name": "NAME", "arguments": {…}}          (3.1)
 *
 * One call, its JSON ends it (</s> may follow).
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /(?:<\|message_sep\|>\s*)?function call\s*<\|role_sep\|>\s*|<\|function_call\|>/,
    close: /<\/s>|<\|message_sep\|>/,
    format: 'gigachat3',
    label: 'function call<|role_sep|>',
  });
}

export const gigachat: FormatParser = { ids: ['gigachat3'], marker: /<\|role_sep\|>|<\|function_call\|>/, read };
