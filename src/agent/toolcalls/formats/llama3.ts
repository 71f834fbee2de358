/**
 * Llama 3.1 / 3.2 / 3.3 (meta-llama chat templates; vLLM `llama3_json`,
 * SGLang llama3, llama.cpp Llama 3.x): built-in tools after <|python_tag|>
 * (`brave_search.call(query="…")`, or JSON) up to <|eom_id|>/<|eot_id|>;
 * custom tools as a bare JSON object {"name": …, "parameters": {…}} (the
 * generic cascade reads those).
 */
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<\|python_tag\|>/, /<\|eom_id\|>|<\|eot_id\|>/)) {
    state.region({
      start: region.start,
      end: region.end,
      format: 'llama-python-tag',
      trust: 'explicit',
      label: '<|python_tag|>',
    });
    state.blank(region.outer, region.outerEnd);
  }
}

export const llama3: FormatParser = { ids: ['llama3'], marker: /<\|python_tag\|>/, read };
