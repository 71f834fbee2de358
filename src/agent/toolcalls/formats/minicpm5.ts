/**
 * MiniCPM5 XML (openbmb MiniCPM chat template; vLLM `minicpm5`, llama.cpp
 * MiniCPM5 PEG parser):
 *
 *   <function name="NAME"><param name="KEY">value</param>…</function>
 *
 * Byte-level tokenizers may leave Ġ for the space (`<functionĠname=`) or
 * drop it (`<functionname=`); values may be CDATA. Every <param> must carry
 * a name and appear once; a call closes with </function>.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue, unwrapArguments } from './values.js';

const OPEN = /<function(?:\s|\u0120)*name\s*=\s*"([^"]+)"\s*>/;
const PARAM = /<param(?:(?:\s|\u0120)*name\s*=\s*"([^"]*)")?\s*>([\s\S]*?)(<\/param>|$)/g;

function read(state: Extraction): void {
  if (!/<function(?:\s|\u0120)*name\s*=/.test(state.work)) return;
  for (const region of markerRegions(state.work, OPEN, /<\/function>/)) {
    const name = resolveToolName(region.match[1]!, state.knownTools);
    const body = state.work.slice(region.start, region.end);
    if (/^\s*[{[]/.test(body)) continue; // a JSON body: function-tag.ts reads it
    const repairs: string[] = [];
    let args: Record<string, unknown> = {};
    let problem: string | undefined;
    let open = false;
    for (const parameter of body.matchAll(PARAM)) {
      if (parameter[3] === '') open = true;
      const key = parameter[1];
      if (key === undefined || key === '') problem = 'a <param> has no name';
      else if (key in args) problem = `the parameter "${key}" is given twice`;
      else args[key] = tagValue(parameter[2]!, repairs);
    }
    state.blank(region.outer, region.outerEnd);
    if (problem) {
      state.errors.push(
        `<function name="${name}">: ${problem}; write <param name="KEY">value</param> once per parameter`,
      );
      continue;
    }
    args = unwrapArguments(args, repairs);
    if (/\u0120/.test(region.match[0]) || /<param\u0120/.test(body)) repairs.push('tokenizer Ġ read as a space');
    state.add(
      region.outer,
      {
        name,
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed: region.closed && !open,
        openAt: '</function>',
      },
      'minicpm5_xml',
    );
  }
}

export const minicpm5: FormatParser = { ids: ['minicpm5_xml'], marker: /<function(?:\s|\u0120)*name\s*=/, read };
