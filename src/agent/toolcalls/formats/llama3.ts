/**
 * Llama 3.1 / 3.2 / 3.3 (meta-llama chat templates; vLLM `llama3_json`,
 * SGLang llama3, llama.cpp Llama 3.x): built-in tools after <|python_tag|>
 * (`brave_search.call(query="…")`, or JSON) up to <|eom_id|>/<|eot_id|>;
 * custom tools as a bare JSON object {"name": …, "parameters": {…}} (the
 * generic cascade reads those). The built-in code interpreter writes raw
 * Python after <|python_tag|> and ends it with <|eom_id|> (llama-models
 * models/llama3_2/text_prompt_format.md): read as code_interpreter({code}),
 * only when that tool is offered and the body is neither JSON nor a call.
 */
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

/** a body that is JSON, or starts with a call such as brave_search.call(…) */
const CALL_OR_JSON = /^\s*(?:[{[]|[\w.]+\s*\()/;

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<\|python_tag\|>/, /<\|eom_id\|>|<\|eot_id\|>/)) {
    const body = state.work.slice(region.start, region.end);
    if (
      region.closed &&
      state.knownTools?.includes('code_interpreter') === true &&
      !CALL_OR_JSON.test(body) &&
      body.trim()
    ) {
      state.add(
        region.outer,
        { name: 'code_interpreter', arguments: { code: body.trim() }, repaired: false },
        'llama-python-tag',
      );
      state.blank(region.outer, region.outerEnd);
      continue;
    }
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
