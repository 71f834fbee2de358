/**
 * Granite-20B-FunctionCalling (ibm-granite/granite-20b-functioncalling;
 * vLLM `granite-20b-fc`): `<function_call> {"name": "NAME", "arguments": {…}}`,
 * one per call, no closing token; each closes with its JSON.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<function_call>/,
    close: /<\/function_call>/,
    format: 'granite_20b_fc',
    label: '<function_call>',
  });
}

export const granite20bFc: FormatParser = { ids: ['granite_20b_fc'], marker: /<function_call>/, read };
