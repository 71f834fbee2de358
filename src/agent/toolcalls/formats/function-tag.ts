/**
 * <function=NAME>{…}</function> (Llama 3.1 custom tool calling as in Meta's
 * llama-models prompt format, Functionary v3.1; llama.cpp Functionary v3.1
 * Llama 3.1, vLLM via `llama3_json` chat templates): a JSON object of
 * arguments after the tag; it closes with its braces.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  if (!state.work.includes('<function')) return;
  const open = /<function\s*=\s*["']?([^>\s"']+)["']?\s*>|<function\s+name\s*=\s*["']([^"']+)["']\s*>/;
  for (const region of markerRegions(state.work, open, /<\/function>|<\/tool_call>/)) {
    const name = resolveToolName((region.match[1] ?? region.match[2])!, state.knownTools);
    const body = state.work.slice(region.start, region.end);
    if (/<parameter\s*=/.test(body)) continue;
    state.addJson({
      position: region.outer,
      name,
      raw: body.trim(),
      format: 'function-tag',
      label: `<function=${name}>`,
    });
    state.blank(region.outer, region.outerEnd);
  }
}

export const functionTag: FormatParser = { ids: ['function_tag'], marker: /<function[\s=]/, read };
