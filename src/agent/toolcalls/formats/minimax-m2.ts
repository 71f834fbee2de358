/**
 * MiniMax-M2 / M2.1 / M2.5 (MiniMaxAI chat template; vLLM `minimax_m2`,
 * SGLang minimax_m2, llama.cpp MiniMax-M2):
 *
 *   <minimax:tool_call>
 *   <invoke name="NAME">
 *   <parameter name="KEY">value</parameter>
 *   </invoke>
 *   </minimax:tool_call>
 *
 * Several invokes share one block. Values are text (the schema types them)
 * or JSON objects and arrays. An invoke closes with </invoke>. dots.ts reads
 * the same invokes in its own envelope.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { CallFormat } from '../types.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

const INVOKE = /<invoke\s+name\s*=\s*["']([^"']+)["']\s*>/;

/** The <invoke name=…> calls in [from, to); returns how many were read. */
export function readInvokes(state: Extraction, options: { from: number; to: number; format: CallFormat }): number {
  const slice = state.work.slice(options.from, options.to);
  let count = 0;
  for (const region of markerRegions(slice, INVOKE, /<\/invoke>/)) {
    const body = slice.slice(region.start, region.end);
    const repairs: string[] = [];
    const args: Record<string, unknown> = {};
    let open = false;
    for (const parameter of body.matchAll(/<parameter\s+name\s*=\s*["']([^"']+)["']\s*>([\s\S]*?)(<\/parameter>|$)/g)) {
      if (parameter[3] === '') open = true;
      args[parameter[1]!] = tagValue(parameter[2]!, repairs, { scalars: 'text' });
    }
    state.add(
      options.from + region.outer,
      {
        name: resolveToolName(region.match[1]!, state.knownTools),
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed: region.closed && !open,
        openAt: '</invoke>',
      },
      options.format,
    );
    state.blank(options.from + region.outer, options.from + region.outerEnd);
    count++;
  }
  return count;
}

function read(state: Extraction): void {
  if (!state.work.includes('<invoke')) return;
  for (const region of markerRegions(state.work, /<minimax:tool_call>/, /<\/minimax:tool_call>/)) {
    readInvokes(state, { from: region.start, to: region.end, format: 'minimax_m2' });
    state.blank(region.outer, region.outerEnd);
  }
  // invokes whose <minimax:tool_call> envelope was stripped with the special tokens
  readInvokes(state, { from: 0, to: state.work.length, format: 'minimax_m2' });
}

export const minimaxM2: FormatParser = { ids: ['minimax_m2'], marker: /<invoke\s+name\s*=|<minimax:tool_call>/, read };
