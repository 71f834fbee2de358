/**
 * Command R / R+ (CohereForAI c4ai-command-r tool-use template; llama.cpp
 * Command R+, Ollama commandr): `Action: ```json\n[{"tool_name": "NAME", "parameters": {…}}]\n``` `.
 * The pseudo-tool `directly-answer` means "answer without a tool": it is
 * not a call. The JSON list ends the calls (a missing closing fence loses
 * nothing).
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  const pattern = /^[ \t]*Action:[ \t]*\n?[ \t]*```(?:json)?[ \t]*\n?([\s\S]*?)(?:```|(?![\s\S]))/gm;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const start = match.index + match[0].indexOf(match[1]!, match[0].indexOf('```') + 3);
    const end = start + match[1]!.length;
    // {"tool_name": "directly-answer"}: the model chose to answer
    const body = state.work.slice(start, end);
    const direct = /"tool_name"\s*:\s*"directly[-_]answer"/.test(body);
    if (direct)
      state.work =
        state.work.slice(0, start) +
        body.replace(/\{[^{}]*"tool_name"\s*:\s*"directly[-_]answer"[^{}]*(?:\{[^{}]*\}[^{}]*)?\}/g, (text) =>
          ' '.repeat(text.length),
        ) +
        state.work.slice(end);
    const remaining = state.work.slice(start, end);
    if (!direct || /"tool_name"/.test(remaining))
      state.region({ start, end, format: 'command_r', trust: 'explicit', label: 'Action: ```json' });
    state.blank(match.index, match.index + match[0].length);
    pattern.lastIndex = match.index + Math.max(match[0].length, 1);
  }
}

export const commandR: FormatParser = { ids: ['command_r'], marker: /^[ \t]*Action:[ \t]*\n?[ \t]*```/m, read };
