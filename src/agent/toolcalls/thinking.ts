/**
 * Reasoning is not the reply: a call drafted while thinking is not made.
 * The reasoning blocks of every family (<think>, <seed:think>,
 * <|START_THINKING|>, [THINK], Gemma 4's <|channel>…<channel|>, Apertus'
 * <|inner_prefix|>…, text before an orphan </think> or [BEGIN FINAL RESPONSE]
 * when the template opened the block in the prompt) are blanked, same
 * length. Two exceptions, both from the templates: Kimi K2 Thinking makes
 * its calls inside the block, and a block that never closed ends where the
 * model started calling (the text from the first call token on is kept).
 * Harmony's analysis channel is handled by formats/harmony.ts.
 */
import { blanked } from './arguments.js';

const PAIRS: Array<[RegExp, RegExp]> = [
  [/<think(?:ing)?>/g, /<\/think(?:ing)?>/],
  [/<seed:think>/g, /<\/seed:think>/],
  [/<\|START_THINKING\|>/g, /<\|END_THINKING\|>/],
  [/\[THINK\]/g, /\[\/THINK\]/],
  [/<\|channel>/g, /<channel\|>/],
  [/<\|inner_prefix\|>/g, /<\|inner_suffix\|>/],
];
const OPENERS = /<think(?:ing)?>|<seed:think>|<\|START_THINKING\|>|\[THINK\]|<\|channel>|<\|inner_prefix\|>/;
const ORPHAN_CLOSER = /<\/think(?:ing)?>|<\/seed:think>|<\|END_THINKING\|>|\[\/THINK\]|\[BEGIN FINAL RESPONSE\]/;
/** Where a model starts calling in the formats' own tokens. */
const CALL_START = new RegExp(
  [
    String.raw`<tool_call[\s>]|<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>|<\|tools_prefix\|>|<minimax:tool_call>`,
    String.raw`<function[=\s]|\[TOOL_CALLS\]|<\|tool_call>|<[｜|]DSML[｜|]|<｜tool▁calls▁begin｜>|<seed:tool_call>`,
    String.raw`<\|START_ACTION\|>|<\|action_start\|>|<\|tool_call_start\|>|<TOOLCALL>|<tool_calls>|<longcat_tool_call>`,
    String.raw`<\|python_tag\|>|<start_function_call>|<\|tool_call\|>|<function_calls>`,
  ].join('|'),
);
const KIMI = /<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>/;

function blankRange(text: string, start: number, end: number): string {
  return end <= start ? text : text.slice(0, start) + blanked(text.slice(start, end)) + text.slice(end);
}

export function blankReasoning(text: string): string {
  let out = text;
  // the template opened the block in the prompt: everything before the first closer is reasoning
  const orphan = ORPHAN_CLOSER.exec(out);
  if (orphan) {
    const opener = OPENERS.exec(out);
    if (!opener || opener.index > orphan.index) out = blankRange(out, 0, orphan.index + orphan[0].length);
  }
  for (const [open, close] of PAIRS) {
    open.lastIndex = 0;
    for (let match = open.exec(out); match; match = open.exec(out)) {
      const from = match.index;
      const bodyStart = from + match[0].length;
      const closing = close.exec(out.slice(bodyStart));
      const closeAt = closing ? bodyStart + closing.index : -1;
      const end = closing ? closeAt + closing[0].length : out.length;
      const block = out.slice(bodyStart, closing ? closeAt : out.length);
      const kimi = KIMI.exec(block);
      const call = closing ? undefined : CALL_START.exec(block);
      if (kimi) {
        out = blankRange(out, from, bodyStart + kimi.index);
        if (closing) out = blankRange(out, closeAt, end);
      } else if (call) out = blankRange(out, from, bodyStart + call.index);
      else out = blankRange(out, from, end);
      open.lastIndex = Math.max(bodyStart, Math.min(end, out.length));
    }
  }
  return out;
}
