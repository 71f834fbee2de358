/**
 * Step-3 (stepfun-ai/step3 chat template; vLLM `step3`):
 *
 *   <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME">
 *   <steptml:parameter name="KEY">value</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
 *
 * An invoke closes with </steptml:invoke>. String values keep their
 * whitespace; a value that is JSON is that.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

function read(state: Extraction): void {
  if (!state.work.includes('<steptml:invoke')) return;
  for (const region of markerRegions(
    state.work,
    /<steptml:invoke\s+name\s*=\s*["']([^"']+)["']\s*>/,
    /<\/steptml:invoke>/,
  )) {
    const body = state.work.slice(region.start, region.end);
    const repairs: string[] = [];
    const args: Record<string, unknown> = {};
    let open = false;
    for (const parameter of body.matchAll(
      /<steptml:parameter\s+name\s*=\s*["']([^"']+)["']\s*>([\s\S]*?)(<\/steptml:parameter>|$)/g,
    )) {
      if (parameter[3] === '') open = true;
      args[parameter[1]!] = tagValue(parameter[2]!, repairs);
    }
    state.add(
      region.outer,
      {
        name: resolveToolName(region.match[1]!, state.knownTools),
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed: region.closed && !open,
        openAt: '</steptml:invoke>',
      },
      'step3',
    );
    state.blank(region.outer, region.outerEnd);
  }
  // the DeepSeek-style scaffolding around the invokes ("function<｜tool_sep｜>NAME" included)
  state.work = state.work.replace(/(?:function)?<｜tool_sep｜>[\w.-]*|<｜tool_calls?_(?:begin|end)｜>/g, (token) =>
    ' '.repeat(token.length),
  );
}

export const step3: FormatParser = { ids: ['step3'], marker: /<steptml:invoke/, read };
