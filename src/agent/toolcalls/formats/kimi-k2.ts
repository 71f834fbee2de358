/**
 * Kimi K2 (moonshotai/Kimi-K2 chat templates; vLLM `kimi_k2`, SGLang
 * kimik2, llama.cpp Kimi K2):
 *
 *   <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>
 *
 * The id is `functions.NAME:INDEX` (also `NAME:INDEX`; a bare counter `0`
 * names the only offered tool). The arguments are JSON (sometimes encoded as
 * a JSON string), so a call closes with its braces; the end tokens may be
 * missing. Kimi K2 Thinking makes its calls inside the reasoning block
 * (thinking.ts keeps them).
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

const BEGIN = /<\|tool_call_begin\|>/g;
const ARGUMENT = '<|tool_call_argument_begin|>';
const STOP = /<\|tool_call_end\|>|<\|tool_call_begin\|>|<\|tool_calls_section_end\|>|<\|tool_calls_section_begin\|>/g;

/**
 * The first end token of a JSON body that is not inside one of its strings:
 * `{"text": "inside <|tool_calls_section_end|> marker"}` quotes the token, it
 * does not end the call (lmdeploy test_kimi_k2_tool_parser.py).
 */
function stopOf(body: string): RegExpExecArray | null {
  const json = /^\s*[{[]/.test(body);
  let inString = false;
  let scanned = 0;
  STOP.lastIndex = 0;
  for (let stop = STOP.exec(body); stop; stop = STOP.exec(body)) {
    if (!json) return stop;
    for (; scanned < stop.index; scanned++) {
      const char = body[scanned];
      if (char === '\\' && inString) scanned++;
      else if (char === '"') inString = !inString;
    }
    if (!inString) return stop;
  }
  return null;
}

function read(state: Extraction): void {
  if (!state.work.includes('<|tool_call_begin|>')) return;
  BEGIN.lastIndex = 0;
  for (let match = BEGIN.exec(state.work); match; match = BEGIN.exec(state.work)) {
    const headStart = match.index + match[0].length;
    const argumentAt = state.work.indexOf(ARGUMENT, headStart);
    const nextBegin = state.work.indexOf('<|tool_call_begin|>', headStart);
    if (argumentAt < 0 || (nextBegin >= 0 && argumentAt > nextBegin)) {
      const id = state.work.slice(headStart, nextBegin < 0 ? state.work.length : nextBegin).trim();
      if (nextBegin < 0 && id !== '') {
        const name = /^(?:functions\.)?([^:\s]+)/.exec(id)?.[1] ?? id;
        state.add(
          match.index,
          { name, arguments: {}, repaired: false, closed: false, openAt: '<|tool_call_argument_begin|>' },
          'kimi_k2',
        );
      }
      continue;
    }
    const id = state.work.slice(headStart, argumentAt).trim();
    const bodyStart = argumentAt + ARGUMENT.length;
    const stop = stopOf(state.work.slice(bodyStart));
    const bodyEnd = stop ? bodyStart + stop.index : state.work.length;
    const endToken = stop && stop[0] === '<|tool_call_end|>' ? stop[0].length : 0;
    const parsed = /^(?:functions\.)?([^\s:]+):(\d+)$/.exec(id);
    let name: string | undefined = parsed?.[1];
    const repairs: string[] = [];
    if (!parsed && /^\d+$/.test(id) && state.knownTools?.length === 1) {
      name = state.knownTools[0];
      repairs.push('a bare call counter named the only offered tool');
    }
    if (name === undefined) {
      state.errors.push(
        `Kimi call id ${JSON.stringify(id)} names no tool; write <|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}`,
      );
    } else {
      if (parsed && !id.startsWith('functions.')) repairs.push('"functions." prefix missing from the call id');
      state.addJson({
        position: match.index,
        name,
        raw: state.work.slice(bodyStart, bodyEnd).trim(),
        format: 'kimi_k2',
        label: `Kimi call ${id}`,
        repairs,
      });
    }
    state.blank(match.index, bodyEnd + endToken);
    BEGIN.lastIndex = bodyEnd;
  }
  state.work = state.work.replace(/<\|tool_calls_section_(?:begin|end)\|>/g, (token) => ' '.repeat(token.length));
}

export const kimiK2: FormatParser = { ids: ['kimi_k2'], marker: /<\|tool_call_begin\|>/, read };
