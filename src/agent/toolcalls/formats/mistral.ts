/**
 * Mistral (mistral-common tokenizers v3–v13: Mistral 7B v0.3, Nemo, Small,
 * Ministral, Devstral, Magistral; vLLM `mistral`, SGLang mistral, llama.cpp
 * Mistral Nemo / Magistral, Ollama ministral):
 *
 *   before v11  [TOOL_CALLS][{"name": "NAME", "arguments": {…}, "id": "…"}, …]
 *   v11+        [TOOL_CALLS]NAME[ARGS]{…}   (v13 adds [CALL_ID]id before [ARGS]; several in a row)
 *
 * [TOOL_CALLS] is a special token that servers may strip: NAME[ARGS]{…}
 * alone is read too. The arguments are JSON, so a call closes with them.
 */
import { findJsonEnd } from '../json-lenient.js';
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

/** NAME[ARGS]{…} with or without [TOOL_CALLS] before it. */
function namedArgs(state: Extraction): void {
  if (!state.work.includes('[ARGS]')) return;
  const pattern = /(\[TOOL_CALLS\]\s*)?([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\]\s*[\w-]*\s*)?\[ARGS\]\s*/g;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const start = match.index + match[0].length;
    const close = /[{[]/.test(state.work[start] ?? '') ? findJsonEnd(state.work, start) : -1;
    const end = close < 0 ? state.work.slice(start).search(/\[TOOL_CALLS\]|$/) + start : close;
    state.addJson({
      position: match.index,
      name: match[2]!,
      raw: state.work.slice(start, end),
      format: 'mistral',
      label: `${match[2]!}[ARGS]`,
      repairs: match[1] ? [] : ['[TOOL_CALLS] marker missing'],
    });
    state.blank(match.index, end);
    pattern.lastIndex = end;
  }
}

function read(state: Extraction): void {
  namedArgs(state);
  for (const region of markerRegions(state.work, /\[TOOL_CALLS\]/, /<\/s>/)) {
    state.region({ start: region.start, end: region.end, format: 'mistral', trust: 'explicit', label: '[TOOL_CALLS]' });
    state.blank(region.outer, region.outerEnd);
  }
}

export const mistral: FormatParser = { ids: ['mistral'], marker: /\[TOOL_CALLS\]|\[ARGS\]/, read };
