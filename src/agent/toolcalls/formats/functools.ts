/**
 * functools[…] (Phi-4-mini and FireFunction v2 chat templates; vLLM
 * `phi4_mini_json`, llama.cpp FireFunction v2): `functools[{"name": "NAME", "arguments": {…}}, …]`.
 * The JSON list ends the calls.
 */
import { scanJson } from '../json-lenient.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  for (let match = /functools\s*(?=\[)/.exec(state.work); match; match = /functools\s*(?=\[)/.exec(state.work)) {
    const start = match.index + match[0].length;
    let end = state.work.length;
    scanJson(state.work.slice(start), (candidate) => {
      end = start + candidate.end;
      return true;
    });
    state.region({ start, end, format: 'functools', trust: 'explicit', label: 'functools[…]' });
    state.blank(match.index, end);
  }
}

export const functools: FormatParser = { ids: ['functools'], marker: /functools\s*\[/, read };
