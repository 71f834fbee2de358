/**
 * Gemma 4 (google/gemma-4 chat template; vLLM `gemma4`, Ollama gemma4):
 *
 *   <|tool_call>call:NAME{key:<|"|>text<|"|>,n:3,flag:true,list:[…]}<tool_call|>
 *
 * Keys are bare, strings sit between <|"|> delimiters (raw quotes and
 * backslashes inside are text), everything else is a literal. The call's
 * structure is its braces: it closes with its `}`; <tool_call|> may be
 * missing. Also read: the markers dropped (`call:NAME{…}`), `<|tool_call>:NAME`
 * with the word `call` lost, `<call>NAME{…}` (the marker fragmented),
 * JSON-quoted values. FunctionGemma (functiongemma.ts) shares the reader.
 */
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { CallFormat } from '../types.js';
import type { FormatParser } from './types.js';

class Truncated extends Error {}

interface Reading {
  text: string;
  delimiters: string[];
  /** FunctionGemma: a delimited value that is a JSON number or boolean is that */
  typedDelimited: boolean;
}

function gemmaValue(reading: Reading, at: number): { value: unknown; end: number } {
  const { text, delimiters } = reading;
  let index = at;
  while (/\s/.test(text[index] ?? '')) index++;
  if (index >= text.length) throw new Truncated('cut off');
  for (const delimiter of delimiters) {
    if (text.startsWith(delimiter, index)) {
      const close = text.indexOf(delimiter, index + delimiter.length);
      if (close < 0) throw new Truncated('cut off inside a string');
      const inner = text.slice(index + delimiter.length, close);
      const typed =
        reading.typedDelimited && /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?|true|false)$/.test(inner.trim())
          ? (JSON.parse(inner.trim()) as unknown)
          : inner;
      return { value: typed, end: close + delimiter.length };
    }
  }
  const char = text[index]!;
  if (char === '{') return gemmaObject(reading, index);
  if (char === '[') {
    const items: unknown[] = [];
    index++;
    for (;;) {
      while (/[\s,]/.test(text[index] ?? '')) index++;
      if (index >= text.length) throw new Truncated('cut off inside a list');
      if (text[index] === ']') return { value: items, end: index + 1 };
      const item = gemmaValue(reading, index);
      items.push(item.value);
      index = item.end;
    }
  }
  if (char === '"') {
    let cursor = index + 1;
    while (cursor < text.length && text[cursor] !== '"') cursor += text[cursor] === '\\' ? 2 : 1;
    if (cursor >= text.length) throw new Truncated('cut off inside a string');
    const literal = text.slice(index, cursor + 1);
    try {
      return { value: JSON.parse(literal) as unknown, end: cursor + 1 };
    } catch {
      return { value: literal.slice(1, -1), end: cursor + 1 };
    }
  }
  // a bare value: up to the next , } ] at this level
  let cursor = index;
  while (cursor < text.length && !/[,}\]]/.test(text[cursor]!)) cursor++;
  if (cursor >= text.length) throw new Truncated('cut off');
  let raw = text.slice(index, cursor).trim();
  for (const delimiter of delimiters) raw = raw.split(delimiter).join('');
  return { value: bareValue(raw), end: cursor };
}

function bareValue(raw: string): unknown {
  if (/^-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?$/.test(raw)) return Number(raw);
  if (/^(?:true|True)$/.test(raw)) return true;
  if (/^(?:false|False)$/.test(raw)) return false;
  if (/^(?:null|None)$/.test(raw)) return null;
  const quoted = /^(['"])([\s\S]*)\1$/.exec(raw);
  return quoted ? quoted[2] : raw;
}

function gemmaObject(reading: Reading, at: number): { value: Record<string, unknown>; end: number } {
  const { text, delimiters } = reading;
  const out: Record<string, unknown> = {};
  let index = at + 1;
  for (;;) {
    while (/[\s,]/.test(text[index] ?? '')) index++;
    if (index >= text.length) throw new Truncated('cut off inside the arguments');
    if (text[index] === '}') return { value: out, end: index + 1 };
    let key: string;
    const delimiter = delimiters.find((candidate) => text.startsWith(candidate, index));
    if (delimiter) {
      const close = text.indexOf(delimiter, index + delimiter.length);
      if (close < 0) throw new Truncated('cut off inside a key');
      key = text.slice(index + delimiter.length, close);
      index = close + delimiter.length;
    } else if (text[index] === '"' || text[index] === "'") {
      const quote = text[index]!;
      const close = text.indexOf(quote, index + 1);
      if (close < 0) throw new Truncated('cut off inside a key');
      key = text.slice(index + 1, close);
      index = close + 1;
    } else {
      const colon = /^[^:{}[\],]*/.exec(text.slice(index))![0];
      key = colon.trim();
      index += colon.length;
    }
    while (/\s/.test(text[index] ?? '')) index++;
    if (index >= text.length) throw new Truncated('cut off after a key');
    if (text[index] !== ':') throw new Error(`expected ":" after the key "${key}"`);
    const value = gemmaValue(reading, index + 1);
    out[key] = value.value;
    index = value.end;
  }
}

/** Every call:NAME{…} the pattern finds (group 1: the name; the match ends before "{"). */
export function readGemmaCalls(
  state: Extraction,
  options: {
    start: RegExp;
    closer: RegExp;
    format: CallFormat;
    typedDelimited: boolean;
    repairs: (marker: string) => string[];
  },
): void {
  const reading: Reading = {
    text: state.work,
    delimiters: ['<|"|>', '<escape>'],
    typedDelimited: options.typedDelimited,
  };
  const start = new RegExp(options.start.source, 'g');
  for (let match = start.exec(state.work); match; match = start.exec(state.work)) {
    const name = resolveToolName(match[1]!, state.knownTools);
    const bodyAt = match.index + match[0].length;
    const repairs = options.repairs(match[0]);
    reading.text = state.work;
    try {
      const body = gemmaObject(reading, bodyAt);
      const closer = options.closer.exec(state.work.slice(body.end));
      state.add(match.index, { name, arguments: body.value, repaired: repairs.length > 0, repairs }, options.format);
      state.blank(match.index, body.end + (closer ? closer[0].length : 0));
      start.lastIndex = body.end;
    } catch (error) {
      if (error instanceof Truncated) {
        state.add(
          match.index,
          { name, arguments: {}, repaired: false, closed: false, openAt: `its closing "}" (${error.message})` },
          options.format,
        );
        state.blank(match.index, state.work.length);
      } else {
        state.errors.push(
          `call:${name}{…} could not be read (${(error as Error).message}); write call:${name}{key:` +
            `<|"|>value<|"|>} or JSON {"name": "${name}", "arguments": {…}}`,
        );
        state.blank(match.index, bodyAt + 1);
      }
    }
  }
}

function read(state: Extraction): void {
  if (!state.work.includes('call:') && !state.work.includes('<call>') && !state.work.includes('<|tool_call>')) return;
  readGemmaCalls(state, {
    start: /(?:<\|tool_call>\s*:?\s*(?:call:)?|\bcall:|<call>\s*)([A-Za-z_][\w.-]*)\s*(?=\{)/,
    closer: /^\s*<tool_call\|>/,
    format: 'gemma',
    typedDelimited: false,
    repairs: (marker) =>
      marker.startsWith('<call>')
        ? ['Gemma <|tool_call>call: marker fragmented to <call>']
        : !marker.startsWith('<|tool_call>')
          ? ['Gemma <|tool_call> marker missing']
          : /<\|tool_call>\s*:?\s*(?!call:)/.test(marker) && !/call:/.test(marker)
            ? ['Gemma "call:" missing after <|tool_call>']
            : [],
  });
}

export const gemma4: FormatParser = { ids: ['gemma4'], marker: /call:|<call>|<\|tool_call>/, read };
