/**
 * Solar Open 2 (upstage chat template; vLLM `solar_open2`):
 *
 *   <|tool_call:start|>NAME
 *   <|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>
 *   <|tool_call:end|>
 *
 * Values are text (the schema types them); reasoning is
 * <|think:start|>…<|think:end|>. A call closes with <|tool_call:end|> (or
 * the next <|tool_call:start|>); a value left open then ends there too. A
 * repeated argument keeps its first value.
 */
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

const START = '<|tool_call:start|>';

function read(state: Extraction): void {
  state.work = state.work.replace(/<\|think:start\|>[\s\S]*?(?:<\|think:end\|>|$)/g, (block) =>
    ' '.repeat(block.length),
  );
  const starts = [...state.work.matchAll(/<\|tool_call:start\|>/g)].map((match) => match.index!);
  starts.forEach((at, index) => {
    const limit = starts[index + 1] ?? state.work.length;
    const segment = state.work.slice(at + START.length, limit);
    const endAt = segment.indexOf('<|tool_call:end|>');
    const body = endAt < 0 ? segment : segment.slice(0, endAt);
    const closed = endAt >= 0 || index + 1 < starts.length;
    const newline = body.indexOf('\n');
    const name = (newline < 0 ? body : body.slice(0, newline)).trim();
    if (name === '' || /<\|/.test(name)) {
      state.errors.push(`${START}: the call names no tool before its arguments`);
      state.blank(at, at + START.length + (endAt < 0 ? segment.length : endAt + '<|tool_call:end|>'.length));
      return;
    }
    const args: Record<string, unknown> = {};
    const repairs: string[] = [];
    let open = false;
    for (const argument of body.matchAll(
      /<\|tool_arg:start\|>([^<\n]*)<\|tool_arg:value\|>([\s\S]*?)(<\|tool_arg:end\|>|(?=<\|tool_arg:start\|>)|$)/g,
    )) {
      if (argument[3] === '') {
        open = endAt < 0 && index + 1 >= starts.length;
        if (!open) repairs.push('missing <|tool_arg:end|>');
      }
      const key = argument[1]!.trim();
      if (key !== '' && !(key in args)) args[key] = tagValue(argument[2]!, repairs, { scalars: 'text' });
    }
    state.add(
      at,
      {
        name: resolveToolName(name, state.knownTools),
        arguments: args,
        repaired: repairs.length > 0,
        repairs,
        closed: closed && !open,
        openAt: '<|tool_call:end|>',
      },
      'solar_open2',
    );
    state.blank(at, at + START.length + (endAt < 0 ? segment.length : endAt + '<|tool_call:end|>'.length));
  });
}

export const solarOpen2: FormatParser = { ids: ['solar_open2'], marker: /<\|tool_call:start\|>/, read };
