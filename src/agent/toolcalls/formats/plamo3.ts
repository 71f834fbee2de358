/**
 * PLaMo 3 (pfnet plamo-3 chat template; vLLM `plamo3`):
 *
 *   <|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>
 *   <|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|>
 *   <|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{…}<|plamo:end_tool_arguments:plamo|>
 *   <|plamo:end_tool_request:plamo|>…<|plamo:end_tool_requests:plamo|>
 *
 * The requests count only when their envelope closed: a reply that ends
 * inside <|plamo:begin_tool_requests:plamo|> runs nothing.
 */
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

const REQUEST = new RegExp(
  [
    String.raw`<\|plamo:begin_tool_request:plamo\|>\s*<\|plamo:begin_tool_name:plamo\|>([\s\S]*?)<\|plamo:end_tool_name:plamo\|>\s*`,
    String.raw`<\|plamo:begin_tool_arguments:plamo\|>(?:<\|plamo:constrain\|>json)?(?:<\|plamo:msg\|>)?([\s\S]*?)`,
    String.raw`(<\|plamo:end_tool_arguments:plamo\|>\s*<\|plamo:end_tool_request:plamo\|>|$)`,
  ].join(''),
  'g',
);

function read(state: Extraction): void {
  for (const region of markerRegions(
    state.work,
    /<\|plamo:begin_tool_requests:plamo\|>/,
    /<\|plamo:end_tool_requests:plamo\|>/,
  )) {
    const body = state.work.slice(region.start, region.end);
    let count = 0;
    for (const request of body.matchAll(REQUEST)) {
      state.addJson({
        position: region.start + request.index!,
        name: request[1]!.trim(),
        raw: request[2]!,
        format: 'plamo3',
        label: `PLaMo tool request ${request[1]!.trim()}`,
        closed: region.closed && request[3] !== '',
        openAt: '<|plamo:end_tool_requests:plamo|>',
      });
      count++;
    }
    if (count === 0 && body.trim() !== '')
      state.add(
        region.outer,
        { name: '(unnamed)', arguments: {}, repaired: false, closed: false, openAt: 'its tool request' },
        'plamo3',
      );
    state.blank(region.outer, region.outerEnd);
  }
  state.work = state.work.replace(/<\|plamo:(?:tag|begin_|end_)[^|]*\|>|<\|plamo:tag\|>/g, (token) =>
    ' '.repeat(token.length),
  );
}

export const plamo3: FormatParser = { ids: ['plamo3'], marker: /<\|plamo:/, read };
