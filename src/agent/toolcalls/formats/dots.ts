/**
 * dots.llm (rednote-hilab chat template; vLLM `dots`):
 *
 *   <dots_function_call><invoke name="NAME"><parameter name="KEY">value</parameter></invoke></dots_function_call>
 *   <dots_function_call>{"name": "NAME", "arguments": {…}}</dots_function_call>
 *
 * MiniMax-style invokes (minimax-m2.ts reads them) or one JSON call per
 * block.
 */
import { markerRegions, type Extraction } from '../state.js';
import { readInvokes } from './minimax-m2.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  for (const region of markerRegions(state.work, /<dots_function_call>/, /<\/dots_function_call>/)) {
    const body = state.work.slice(region.start, region.end);
    if (/<invoke\s/.test(body)) readInvokes(state, { from: region.start, to: region.end, format: 'dots' });
    else if (body.trim() !== '' && /^\s*[{[]/.test(body))
      state.region({
        start: region.start,
        end: region.end,
        format: 'dots',
        trust: 'explicit',
        label: '<dots_function_call>',
      });
    state.blank(region.outer, region.outerEnd);
  }
  state.work = state.work.replace(/<\/dots_function_call>/g, (tag) => ' '.repeat(tag.length));
}

export const dots: FormatParser = { ids: ['dots'], marker: /<\/?dots_function_call>/, read };
