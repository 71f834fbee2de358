/**
 * Qwen3-Coder XML (Qwen3-Coder / Qwen3.5 / Qwen3-Next chat templates, also
 * Step-3.5 and MiMo; vLLM `qwen3_coder` / `qwen3_xml` / `step3p5` /
 * `mimov2_flash`, SGLang qwen3_coder, llama.cpp Qwen3-Coder, Ollama
 * qwen3coder / qwen35):
 *
 *   <tool_call>
 *   <function=NAME>
 *   <parameter=KEY>
 *   value
 *   </parameter>
 *   </function>
 *   </tool_call>
 *
 * A value is text (its one newline on each side is the template's) or JSON.
 * Parameters may come without </parameter> (the next <parameter= or
 * </function> ends them) and before the <function=…> line; <tool_call> may be
 * missing. A call closes with </function> (or </tool_call>, or the next
 * call's opening tag); a body of parameters that runs to the end of the reply
 * was cut off. Seed-OSS (seed-oss.ts) wraps the same body in <seed:tool_call>
 * and writes values inline (a newline on both sides is the wrapping above).
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { CallFormat } from '../types.js';
import type { FormatParser } from './types.js';
import { tagValue, unwrapArguments, type TemplateNewlines } from './values.js';

const OPEN = /<function\s*=\s*["']?([^>\s"']+)["']?\s*>|<function\s+name\s*=\s*["']([^"']+)["']\s*>/;
const CLOSE = /<\/function>|<\/tool_call>|<\/seed:tool_call>/;
/** `<parameter=KEY>`, or Seed's `<parameter name="KEY" string="true">` (string="true": the value is text) */
const PARAMETER = new RegExp(
  String.raw`<parameter(?:\s*=\s*["']?([^>\s"']+)["']?|\s+name\s*=\s*["']([^"']+)["']((?:\s+[\w-]+\s*=\s*["'][^"']*["'])*))\s*>` +
    String.raw`([\s\S]*?)(?:<\/parameter>|(?=<parameter[\s=])|$)`,
  'g',
);

function parameters(body: string, repairs: string[], templateNewlines: TemplateNewlines): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const parameter of body.matchAll(PARAMETER)) {
    const raw = parameter[4]!.replace(/<\/parameter>/g, '');
    if (!parameter[0].endsWith('</parameter>')) repairs.push('missing </parameter>');
    const text = /\bstring\s*=\s*["']true["']/.test(parameter[3] ?? '');
    args[(parameter[1] ?? parameter[2])!] = tagValue(raw, repairs, {
      templateNewlines,
      ...(text ? { scalars: 'text' } : {}),
    });
  }
  return args;
}

/** The <function=…> calls whose opening tag lies in [from, to). */
export function readFunctionTags(
  state: Extraction,
  options: {
    from: number;
    to: number;
    format: CallFormat;
    closedAtEnd?: boolean;
    templateNewlines?: TemplateNewlines;
  },
): number {
  let count = 0;
  const slice = state.work.slice(options.from, options.to);
  for (const region of markerRegions(slice, OPEN, CLOSE)) {
    const outer = options.from + region.outer;
    const name = resolveToolName((region.match[1] ?? region.match[2])!, state.knownTools);
    const body = slice.slice(region.start, region.end);
    if (!/<parameter[\s=]/.test(body) && body.trim() !== '' && !/^\s*<\/?(?:tool_call|function)/.test(body)) {
      continue; // a JSON body: function-tag.ts reads it
    }
    // parameters written between <tool_call> and <function=…> belong to this call
    const opener = state.work.lastIndexOf('<tool_call>', outer);
    const lead = opener >= 0 ? state.work.slice(opener + '<tool_call>'.length, outer) : '';
    const leading = opener >= 0 && /^\s*(?:<parameter\s*=[\s\S]*)?$/.test(lead) && /<parameter\s*=/.test(lead);
    const repairs: string[] = [];
    const newlines = options.templateNewlines ?? true;
    let args = { ...(leading ? parameters(lead, repairs, newlines) : {}), ...parameters(body, repairs, newlines) };
    args = unwrapArguments(args, repairs);
    // ended by its closer, or by the next call's opening tag; not by the end of the reply
    const closed = region.closed || region.end < slice.length || options.closedAtEnd === true;
    state.add(
      outer,
      {
        name,
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed,
        openAt: '</function>',
      },
      options.format,
    );
    if (leading) state.blank(opener + '<tool_call>'.length, outer);
    state.blank(outer, options.from + region.outerEnd);
    count++;
  }
  return count;
}

function read(state: Extraction): void {
  if (!state.work.includes('<function')) return;
  readFunctionTags(state, { from: 0, to: state.work.length, format: 'function-tag' });
}

export const qwen3Coder: FormatParser = { ids: ['qwen3_coder'], marker: /<function[\s=]/, read };
