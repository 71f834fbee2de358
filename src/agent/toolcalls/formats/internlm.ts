/**
 * InternLM 2 / 2.5 (internlm chat template; vLLM `internlm`, SGLang
 * internlm): `<|action_start|><|plugin|>{"name": "NAME", "parameters": {…}}<|action_end|>`.
 * One call per action; it closes with its JSON.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<\|action_start\|>\s*(?:<\|plugin\|>)?/,
    close: /<\|action_end\|>/,
    format: 'internlm',
    label: '<|action_start|><|plugin|>',
  });
}

export const internlm: FormatParser = { ids: ['internlm'], marker: /<\|action_start\|>/, read };
