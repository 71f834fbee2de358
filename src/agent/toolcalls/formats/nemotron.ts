/**
 * NVIDIA Nemotron Nano v2 / Llama-Nemotron (NVIDIA chat templates; vLLM
 * `nemotron_json`, llama.cpp Nemotron V2):
 * `<TOOLCALL>[{"name": "NAME", "arguments": {…}}, …]</TOOLCALL>`.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<TOOLCALL>/,
    close: /<\/TOOLCALL>/,
    format: 'nemotron_toolcall',
    label: '<TOOLCALL>',
  });
}

export const nemotron: FormatParser = { ids: ['nemotron_toolcall'], marker: /<TOOLCALL>/, read };
