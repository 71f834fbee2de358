/**
 * LFM2 / LFM2.5 (LiquidAI chat templates; vLLM `lfm2`, llama.cpp LFM2,
 * Ollama lfm2) and openPangu v2 (vLLM `openpangu_v2`), which share the tokens:
 *
 *   LFM2        <|tool_call_start|>[get_weather(city="Paris"), get_time()]<|tool_call_end|>
 *   openPangu   <|tool_call_start|>[{"name": "NAME", "arguments": {…}}]<|tool_call_end|>
 *
 * A Python list of calls or a JSON list; the list's closing bracket (or
 * <|tool_call_end|>) ends it.
 */
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { closingBracket } from './pythonic.js';

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<\|tool_call_start\|>/, /<\|tool_call_end\|>/)) {
    const body = state.work.slice(region.start, region.end);
    if (/^\s*\[\s*\]\s*$/.test(body)) {
      state.blank(region.outer, region.outerEnd);
      continue;
    }
    if (/^\s*\[?\s*[A-Za-z_][\w.]*\s*\(/.test(body)) {
      const open = body.indexOf('[');
      const closed = region.closed || (open >= 0 && closingBracket(body, open) >= 0);
      state.pythonCalls({ start: region.start, end: region.end, format: 'lfm2', trust: 'explicit', closed });
    } else {
      state.region({
        start: region.start,
        end: region.end,
        format: 'openpangu_v2',
        trust: 'explicit',
        label: '<|tool_call_start|>',
      });
    }
    state.blank(region.outer, region.outerEnd);
  }
}

export const lfm2: FormatParser = { ids: ['lfm2', 'openpangu_v2'], marker: /<\|tool_call_start\|>/, read };
