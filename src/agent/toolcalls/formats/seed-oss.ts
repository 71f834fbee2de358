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
 * The template writes a value inline (`<parameter=K>value</parameter>`), but
 * the model often wraps it in newlines as Qwen3-Coder does
 * (`<parameter=K>\nvalue\n</parameter>`, llama.cpp test-seed-oss.cpp): a
 * value with a newline on both sides loses those two (vLLM and SGLang
 * seed_oss strip one leading and one trailing newline); a value that only
 * ends in one keeps it (code, llama.cpp test-chat.cpp inside_quotes).
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
      templateNewlines: 'paired',
    });
    state.blank(region.outer, region.start);
    if (region.closed) state.blank(region.end, region.outerEnd);
  }
}

export const seedOss: FormatParser = { ids: ['seed_oss'], marker: /<seed:tool_call>/, read };
