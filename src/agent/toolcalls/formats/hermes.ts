/**
 * Hermes / Qwen (NousResearch Hermes 2 Pro / 3 / 4 and Qwen 2.5 / 3 chat
 * templates, also Granite 4, ERNIE 4.5, MiMo-VL; vLLM `hermes` /
 * `granite4` / `ernie45`, SGLang qwen25, llama.cpp Hermes 2 Pro, Ollama
 * qwen3 / qwen3vl):
 *
 *   <tool_call>
 *   {"name": "NAME", "arguments": {…}}
 *   </tool_call>
 *
 * The JSON object is the call, so it closes with its braces (a missing
 * </tool_call> at the end of a reply loses nothing). Also read: Qwen2.5-Coder's
 * <tools>…</tools> (one JSON object per line), `<tool_call name="NAME">{…}`,
 * LM Studio's [TOOL_REQUEST]…[END_TOOL_REQUEST] and [TOOL_CALL]…[/TOOL_CALL].
 */
import { closerOutsideStrings, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';

const ATTRIBUTES = String.raw`(\s+[\w-]+\s*=\s*(?:"[^"<>\n]*"|'[^'<>\n]*'))*`;
const OPEN = new RegExp(
  String.raw`<tool_call(${ATTRIBUTES})\s*>|<tools?>(?=\s*[{[])|\[TOOL_REQUEST\]|\[TOOL_CALL\]`,
  'gi',
);

function closerFor(tag: string): string {
  if (tag.startsWith('<tool_call')) return '</tool_call>';
  if (tag === '<tool>') return '</tool>';
  if (tag === '<tools>') return '</tools>';
  if (tag === '[tool_call]') return '[/tool_call]';
  return '[end_tool_request]';
}

function read(state: Extraction): void {
  OPEN.lastIndex = 0;
  for (let match = OPEN.exec(state.work); match; match = OPEN.exec(state.work)) {
    const tag = match[0].toLowerCase();
    const closer = closerFor(tag);
    const opener = tag.startsWith('<tool_call') ? '<tool_call' : tag;
    const start = match.index + match[0].length;
    const lower = state.work.toLowerCase();
    let closing = closer;
    let end = closerOutsideStrings(state.work, closer, { start, fallback: true, lower });
    if (end < 0 && closer === '[end_tool_request]') {
      closing = '[tool_request_end]';
      end = closerOutsideStrings(state.work, closing, { start, lower });
    }
    const nextTag = closerOutsideStrings(state.work, opener, { start, fallback: false, lower });
    let outerEnd: number;
    if (end >= 0 && (nextTag < 0 || end <= nextTag)) outerEnd = end + closing.length;
    else {
      end = nextTag >= 0 ? nextTag : state.work.length;
      outerEnd = end;
    }
    const attributeName = match[1] ? /\bname\s*=\s*["']([^"']+)["']/.exec(match[1]) : null;
    if (attributeName) {
      state.addJson({
        position: match.index,
        name: attributeName[1]!,
        raw: state.work.slice(start, end).trim(),
        format: 'hermes',
        label: `<tool_call name="${attributeName[1]!}">`,
        repairs: ['tool name written as a <tool_call> attribute'],
      });
    } else state.region({ start, end, format: 'hermes', trust: 'explicit', label: match[0] });
    state.blank(match.index, outerEnd);
    OPEN.lastIndex = outerEnd;
  }
  // a stray closing tag left by a model that forgot (or doubled) the opening one
  state.work = state.work.replace(/<\/tool_call>|<\/tools>/gi, (tag) => ' '.repeat(tag.length));
}

export const hermes: FormatParser = {
  ids: ['hermes'],
  marker: /<\/?tool_call|<\/?tools?>|\[TOOL_REQUEST\]|\[TOOL_CALL\]/i,
  read,
};
