/**
 * gpt-oss Harmony (openai/harmony, the gpt-oss chat template; vLLM
 * `openai`, SGLang gpt-oss detector, llama.cpp GPT-OSS, Ollama harmony):
 *
 *   <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>
 *
 * The recipient may sit in the role header (` to=functions.NAME<|channel|>…`)
 * or the channel header, on the commentary or the analysis channel; servers
 * that drop special tokens leave `commentary to=functions.NAMEjson{…}`. The
 * arguments are one JSON object, so the call closes with its JSON; <|call|>
 * is an end-of-turn token servers strip. The analysis channel is reasoning.
 */
import { blanked } from '../arguments.js';
import { findJsonEnd } from '../json-lenient.js';
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

const HARMONY_TOKEN = /<\|(?:start|channel|message|constrain|end|call|return)\|>/;

function read(state: Extraction): void {
  if (!state.work.includes('to=') && !state.work.includes('<|')) return;
  const recipient = /\bto=(?:functions\.)?([A-Za-z_][\w.-]*)/g;
  for (let match = recipient.exec(state.work); match; match = recipient.exec(state.work)) {
    const before = state.work.slice(Math.max(0, match.index - 60), match.index);
    const after = state.work.slice(match.index + match[0].length, match.index + match[0].length + 60);
    const harmonyContext =
      HARMONY_TOKEN.test(before) ||
      HARMONY_TOKEN.test(after) ||
      /(?:commentary|analysis)\s*$/.test(before) ||
      /^json/.test(after) ||
      /^\s*(?:<\|constrain\|>|json\b|code\b)/.test(after);
    if (!harmonyContext) continue;
    const repairs: string[] = [];
    let rawName = match[1]!;
    const header = /^(?:\s*(?:<\|constrain\|>|<\|channel\|>|<\|message\|>|commentary|analysis|json|code))*\s*/.exec(
      state.work.slice(match.index + match[0].length),
    )![0];
    const start = match.index + match[0].length + header.length;
    if (/json$/i.test(rawName) && rawName.length > 4) {
      const stripped = rawName.slice(0, -4);
      const known = state.knownTools;
      if (
        !known ||
        known.includes(resolveToolName(stripped, known)) ||
        !known.includes(resolveToolName(rawName, known))
      ) {
        rawName = stripped;
        repairs.push('"json" glued to the tool name');
      }
    }
    if (!HARMONY_TOKEN.test(state.work.slice(Math.max(0, match.index - 60), start)))
      repairs.push('Harmony special tokens missing');
    const name = resolveToolName(rawName, state.knownTools);
    const headStart = state.work.lastIndexOf('<|start|>', match.index);
    const from = headStart >= 0 && match.index - headStart < 60 ? headStart : match.index;
    const opener = state.work[start];
    let end: number;
    let raw: string;
    if (opener === '{' || opener === '[') {
      const close = findJsonEnd(state.work, start);
      end = close < 0 ? state.work.length : close;
      raw = state.work.slice(start, end);
    } else if (!/<\|message\|>/.test(header) && state.work.slice(start).trim() === '') {
      // the header and nothing more: the output stopped before the arguments
      state.add(from, { name, arguments: {}, repaired: false, closed: false, openAt: 'its arguments' }, 'harmony');
      state.blank(match.index, state.work.length);
      continue;
    } else {
      // no JSON after the header: read up to the next Harmony token
      const next = state.work.slice(start).search(/<\|(?:call|end|start|return)\|>|$/);
      end = start + next;
      raw = state.work.slice(start, end);
      if (raw.trim() !== '' && !/^[{["']/.test(raw.trim())) {
        state.errors.push(
          `Harmony call to ${name}: the message after the header is not a JSON object: ${JSON.stringify(raw.trim().slice(0, 80))}`,
        );
        state.blank(match.index, end);
        continue;
      }
    }
    const callToken = /^\s*<\|call\|>/.exec(state.work.slice(end));
    state.addJson({ position: from, name, raw, format: 'harmony', label: `Harmony call to ${name}`, repairs });
    state.blank(from, end + (callToken ? callToken[0].length : 0));
    recipient.lastIndex = end;
  }
  // the analysis channel is reasoning, not the reply; the remaining scaffolding is not content
  if (HARMONY_TOKEN.test(state.work)) {
    state.work = state.work.replace(
      /<\|channel\|>\s*analysis\s*<\|message\|>[\s\S]*?(?=<\|end\|>|<\|start\|>|$)/g,
      (body) => blanked(body),
    );
    state.work = state.work.replace(
      /<\|start\|>\s*assistant|<\|channel\|>\s*(?:final|commentary)?\s*(?:<\|message\|>)?|<\|(?:message|end|call|return|constrain)\|>/g,
      (token) => ' '.repeat(token.length),
    );
  }
}

export const harmony: FormatParser = { ids: ['harmony'], marker: /\bto=|<\|channel\|>/, read };
