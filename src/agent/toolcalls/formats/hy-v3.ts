/**
 * Hunyuan 3 (tencent/Hy3 chat template; vLLM `hy_v3`):
 *
 *   <tool_calls>
 *   <tool_call>NAME<tool_sep>
 *   <arg_key>KEY</arg_key>
 *   <arg_value>VALUE</arg_value>
 *   </tool_call>
 *   </tool_calls>
 *
 * GLM's argument pairs (glm45.ts) after a <tool_sep>; a call closes with
 * </tool_call>.
 */
import { markerRegions, type Extraction } from '../state.js';
import { readGlmBody } from './glm45.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  if (!state.work.includes('<tool_sep>')) return;
  for (const region of markerRegions(state.work, /<tool_call>/, /<\/tool_call>/)) {
    const body = state.work.slice(region.start, region.end);
    if (!body.includes('<tool_sep>')) continue;
    if (
      readGlmBody(state, {
        position: region.outer,
        body,
        closed: region.closed,
        format: 'hy_v3',
        separator: '<tool_sep>',
      })
    )
      state.blank(region.outer, region.outerEnd);
  }
  state.work = state.work.replace(/<\/?tool_calls>/g, (tag) => ' '.repeat(tag.length));
}

export const hyV3: FormatParser = { ids: ['hy_v3'], marker: /<tool_sep>/, read };
