/**
 * Apertus (swiss-ai/Apertus chat template; vLLM `apertus`, llama.cpp
 * Apertus, Ollama apertus): `<|tools_prefix|>[{"NAME": {…arguments…}}, …]<|tools_suffix|>`
 * — the tool's name is the key. It closes with its JSON.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<\|tools_prefix\|>/,
    close: /<\|tools_suffix\|>/,
    format: 'apertus',
    label: '<|tools_prefix|>',
  });
}

export const apertus: FormatParser = { ids: ['apertus'], marker: /<\|tools_prefix\|>/, read };
