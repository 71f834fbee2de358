/**
 * GLM-4.5 / 4.6 / 4.7 / 5 (zai-org chat templates; vLLM `glm45` / `glm47` /
 * `poolside_v1`, SGLang glm4_moe / glm47, llama.cpp GLM 4.5, Ollama glm46 /
 * glm47 / laguna):
 *
 *   <tool_call>NAME
 *   <arg_key>KEY</arg_key>
 *   <arg_value>VALUE</arg_value>
 *   </tool_call>
 *
 * GLM-4.7 drops the newlines (`<tool_call>NAME<arg_key>…`); a call without
 * arguments is `<tool_call>NAME</tool_call>`. A value is text as written
 * (raw <, &, quotes, CJK) or JSON. The pairs are not self-delimiting, so a
 * call closes only with </tool_call>.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction, type MarkerRegion } from '../state.js';
import type { CallFormat } from '../types.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

/** <arg_key>k</arg_key><arg_value>v</arg_value> pairs; undefined when a key or value never closes. */
export function argPairs(body: string, repairs: string[]): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  // a key whose </arg_key> was left out ends at its <arg_value> (GLM-5 corpus, minpeter/ai-sdk-tool-call-middleware)
  const pair = /<arg_key>([\s\S]*?)(<\/arg_key>|(?=<arg_value>))\s*<arg_value>([\s\S]*?)<\/arg_value>/g;
  let rest = body;
  for (const match of body.matchAll(pair)) {
    const key = match[1]!.trim();
    if (key === '' || /[<>]/.test(key)) return undefined;
    if (match[2] === '') repairs.push('missing </arg_key>');
    args[key] = tagValue(match[3]!, repairs);
    rest = rest.replace(match[0], '');
  }
  return /<\/?arg_(?:key|value)>/.test(rest) ? undefined : args;
}

const NAME = /^\s*([^<>\n{[]*?[^\s<>{[])\s*(?=<arg_key>|<tool_sep>|\n|$)/u;

/** One GLM-style call body ("NAME<arg_key>…" or "NAME"); false when the body is not one. */
export function readGlmBody(
  state: Extraction,
  options: { position: number; body: string; closed: boolean; format: CallFormat; separator?: string },
): boolean {
  const body = options.separator ? options.body.replace(options.separator, '\n') : options.body;
  const name = NAME.exec(body);
  if (!name) return false;
  const rest = body.slice(name[0].length);
  const hasPairs = /<arg_key>/.test(rest);
  if (!hasPairs && rest.trim() !== '') return false;
  if (!hasPairs && !/^[\p{L}_][\p{L}\p{N}_.-]*(?: [\p{L}\p{N}_.-]+)*$/u.test(name[1]!)) return false;
  // a name with spaces is a sentence unless an offered tool is spelled so
  if (/\s/.test(name[1]!) && !state.knownTools?.includes(resolveToolName(name[1]!, state.knownTools))) return false;
  const repairs: string[] = [];
  const args = argPairs(rest, repairs);
  const tool = resolveToolName(name[1]!, state.knownTools);
  if (!args && !options.closed) {
    // the reply ended inside a pair (cut off mid-argument): a call that never closed, refused as cut off (safety rule 1)
    state.add(
      options.position,
      { name: tool, arguments: {}, repaired: false, closed: false, openAt: 'an <arg_value> and </tool_call>' },
      options.format,
    );
    return true;
  }
  if (!args) {
    state.errors.push(
      `<tool_call>${tool}: an <arg_key>/<arg_value> pair is not closed; write <arg_key>KEY</arg_key><arg_value>VALUE</arg_value>`,
    );
    return true;
  }
  state.add(
    options.position,
    {
      name: tool,
      arguments: args,
      repaired: repairs.length > 0,
      repairs,
      closed: options.closed,
      openAt: '</tool_call>',
    },
    options.format,
  );
  return true;
}

/**
 * A value is raw text, so it may quote `</tool_call>` (GLM-5 reference
 * corpus, minpeter/ai-sdk-tool-call-middleware): when the region ends inside
 * an <arg_value> that a later </arg_value> closes, and </tool_call> follows
 * it before any other <tool_call>, the call runs to that closer.
 */
function throughOpenValue(text: string, region: MarkerRegion): MarkerRegion {
  const body = text.slice(region.start, region.end);
  if (!region.closed || body.lastIndexOf('<arg_value>') <= body.lastIndexOf('</arg_value>')) return region;
  const valueEnd = text.indexOf('</arg_value>', region.end);
  if (valueEnd < 0) return region;
  const close = /^(?:\s*<arg_key>[^<]*<\/arg_key>\s*<arg_value>[\s\S]*?<\/arg_value>)*\s*<\/tool_call>/.exec(
    text.slice(valueEnd + '</arg_value>'.length),
  );
  if (!close || text.slice(region.end, valueEnd).includes('<tool_call>')) return region;
  const end = valueEnd + '</arg_value>'.length + close[0].length - '</tool_call>'.length;
  return { ...region, end, outerEnd: end + '</tool_call>'.length };
}

function read(state: Extraction): void {
  if (!state.work.includes('<tool_call>')) return;
  let blankedTo = 0;
  for (const found of markerRegions(state.work, /<tool_call>/, /<\/tool_call>/)) {
    const region = throughOpenValue(state.work, found);
    if (region.outer < blankedTo) continue;
    const body = state.work.slice(region.start, region.end);
    if (/^\s*(?:[{[]|<function|<parameter|$)/.test(body)) continue;
    if (readGlmBody(state, { position: region.outer, body, closed: region.closed, format: 'glm45' })) {
      state.blank(region.outer, region.outerEnd);
      blankedTo = region.outerEnd;
    }
  }
}

export const glm45: FormatParser = { ids: ['glm45'], marker: /<tool_call>\s*[^\s{[<]/, read };
