/**
 * Seed-OSS (ByteDance-Seed/Seed-OSS-36B chat template; vLLM `seed_oss`,
 * llama.cpp Seed-OSS):
 *
 *   <seed:tool_call>
 *   <function=NAME>
 *   <parameter=KEY>value</parameter>
 *   </function>
 *   </seed:tool_call>
 *
 * The Qwen3-Coder body (qwen3-coder.ts reads it) in Seed's own envelope.
 * Reasoning is <seed:think>…</seed:think> (thinking.ts): a call drafted there
 * is not made.
 */
import { markerRegions, type Extraction } from '../state.js';
import { readFunctionTags } from './qwen3-coder.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<seed:tool_call>/, /<\/seed:tool_call>/)) {
    readFunctionTags(state, {
      from: region.start,
      to: region.end,
      format: 'seed_oss',
      closedAtEnd: region.closed,
      templateNewlines: false,
    });
    state.blank(region.outer, region.start);
    if (region.closed) state.blank(region.end, region.outerEnd);
  }
}

export const seedOss: FormatParser = { ids: ['seed_oss'], marker: /<seed:tool_call>/, read };
