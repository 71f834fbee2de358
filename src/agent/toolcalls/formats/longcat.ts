/**
 * LongCat (meituan-longcat chat template; vLLM `longcat`):
 * `<longcat_tool_call>{"name": "NAME", "arguments": {…}}</longcat_tool_call>`.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<longcat_tool_call>/,
    close: /<\/longcat_tool_call>/,
    format: 'longcat',
    label: '<longcat_tool_call>',
  });
}

export const longcat: FormatParser = { ids: ['longcat'], marker: /<longcat_tool_call>/, read };
