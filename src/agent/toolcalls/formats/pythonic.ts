/**
 * Pythonic (Llama 3.2 / Llama 4 "pythonic" prompt format as in Meta's
 * llama-models, ToolACE; vLLM `pythonic` / `llama4_pythonic`, SGLang
 * pythonic): a Python list of calls with literal arguments,
 *
 *   [get_weather(city="San Francisco", metric="celsius"), get_time()]
 *
 * Llama 4 may wrap it (or a JSON call) in <|python_start|>…<|python_end|>.
 * The list closes with its `]`; a bare list in prose counts only when it
 * calls offered tools.
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

/** Where the list opened at `open` closes (index of its `]`), strings skipped; -1 when it never does. */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '(' || char === '{') depth++;
    else if (char === ']' || char === ')' || char === '}') {
      depth--;
      if (depth === 0) return char === ']' ? index : -1;
    }
  }
  return -1;
}

function read(state: Extraction): void {
  for (const wrapped of state.work.matchAll(/<\|python_start\|>([\s\S]*?)(<\|python_end\|>|$)/g)) {
    const start = wrapped.index! + '<|python_start|>'.length;
    const end = start + wrapped[1]!.length;
    state.region({ start, end, format: 'pythonic', trust: 'explicit', label: '<|python_start|>' });
    state.blank(wrapped.index!, end + wrapped[2]!.length);
  }
  for (const list of state.work.matchAll(/\[\s*[A-Za-z_][\w.]*\s*\(/g)) {
    const open = list.index!;
    if (state.work[open] !== '[') continue; // blanked by an earlier list
    const close = closingBracket(state.work, open);
    const end = close < 0 ? state.work.length : close + 1;
    state.pythonCalls({ start: open, end, format: 'pythonic', trust: 'loose', closed: close >= 0 });
  }
}

export const pythonic: FormatParser = {
  ids: ['pythonic'],
  marker: /<\|python_start\|>|\[\s*[A-Za-z_][\w.]*\s*\(/,
  read,
};
