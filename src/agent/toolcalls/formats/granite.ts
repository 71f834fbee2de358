/**
 * Granite 3.x (ibm-granite chat templates; vLLM `granite`, llama.cpp
 * Granite): `<|tool_call|>[{"name": "NAME", "arguments": {…}}, …]` — the
 * token then a JSON list, no closing token; Granite 3.1 writes the plain
 * text `<tool_call>` instead (hermes.ts reads that). It closes with its JSON.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<\|tool_call\|>/,
    close: /<\|end_of_text\|>/,
    format: 'granite',
    label: '<|tool_call|>',
  });
}

export const granite: FormatParser = { ids: ['granite'], marker: /<\|tool_call\|>/, read };
