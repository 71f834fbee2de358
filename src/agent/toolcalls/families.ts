/**
 * Model-family call shapes read before the generic passes of extract.ts
 * (issue 14), each from the formats those families really emit:
 *
 *   gpt-oss Harmony   <|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}
 *                     (tokens present, stripped, or the "json" glued to the name)
 *   Gemma 4           <|tool_call>call:NAME{key:<|"|>value<|"|>,n:3}<tool_call|>  (also without
 *                     the markers, FunctionGemma's <escape>, JSON-quoted values)
 *   DeepSeek V3/R1    <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json…```
 *                     and V3.1 NAME<｜tool▁sep｜>{…}, ASCII-token variants
 *   Mistral           NAME[ARGS]{…} with or without [TOOL_CALLS], several in a row, prose after
 *
 * plus the tokenizer artefacts every family can leave (SentencePiece ▁ for
 * spaces, stray <|im_end|>/<|eot_id|>/<end_of_turn>). Each pass blanks what it
 * read (same length) so the generic passes do not read it again.
 */
import { blanked, readArguments } from './arguments.js';
import { findJsonEnd } from './json-lenient.js';
import { resolveToolName } from './normalize.js';

export interface FamilyCall {
  position: number;
  name: string;
  arguments: Record<string, unknown>;
  repaired: boolean;
  cutOff?: string[] | undefined;
  format: 'harmony' | 'gemma' | 'deepseek' | 'mistral';
  repairs: string[];
}

export interface FamilyState {
  work: string;
  knownTools: string[] | undefined;
  calls: FamilyCall[];
  errors: string[];
  /** what was repaired in the text as a whole (applies to every call read from it) */
  repairs: string[];
}

function blank(state: FamilyState, start: number, end: number): void {
  state.work = state.work.slice(0, start) + blanked(state.work.slice(start, end)) + state.work.slice(end);
}

function argumentsFrom(
  raw: string,
  label: string,
  state: FamilyState,
): { value: Record<string, unknown>; repaired: boolean; cutOff: string[]; repairs: string[] } | undefined {
  const read = readArguments(raw.trim() === '' ? null : raw);
  if (!read.ok) {
    state.errors.push(`${label}: ${read.error}`);
    return undefined;
  }
  const repairs = [...(read.value.repairs ?? [])];
  if (read.value.repaired && repairs.length === 0) repairs.push('malformed JSON repaired');
  return { value: read.value.value, repaired: read.value.repaired, cutOff: read.value.cutOff, repairs };
}

// ── tokenizer artefacts ─────────────────────────────────────────────────
const STRAY_TOKENS = new RegExp(
  [
    String.raw`<\|im_end\|>|<\|im_start\|>(?:assistant\n?)?|<\|eot_id\|>|<\|endoftext\|>`,
    String.raw`<\|end_of_text\|>|<end_of_turn>|<start_of_turn>(?:model\n?)?|<｜end▁of▁sentence｜>`,
    String.raw`<\|end▁of▁sentence\|>|<\|return\|>`,
  ].join('|'),
  'g',
);

/** SentencePiece ▁ as spaces (outside DeepSeek's own ｜…▁…｜ tokens) and stray end-of-turn tokens removed. */
export function cleanArtefacts(text: string): { text: string; repairs: string[] } {
  const repairs: string[] = [];
  let out = text;
  if (out.includes('▁')) {
    const replaced = out.replace(/<[｜|][^<>\n]{0,40}?[｜|]>|▁/g, (match) => (match === '▁' ? ' ' : match));
    if (replaced !== out) repairs.push('SentencePiece ▁ read as spaces');
    out = replaced;
  }
  const stray = out.includes('<') ? out.match(STRAY_TOKENS) : null;
  if (stray) {
    repairs.push(`stray ${[...new Set(stray.map((token) => token.trim()))].join(' ')} removed`);
    out = out.replace(STRAY_TOKENS, (token) => ' '.repeat(token.length));
  }
  return { text: out, repairs };
}

// ── gpt-oss Harmony ─────────────────────────────────────────────────────
const HARMONY_TOKEN = /<\|(?:start|channel|message|constrain|end|call|return)\|>/;

export function harmony(state: FamilyState): void {
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
    let start = match.index + match[0].length + header.length;
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
    const opener = state.work[start];
    let end: number;
    let raw: string;
    if (opener === '{' || opener === '[') {
      const close = findJsonEnd(state.work, start);
      end = close < 0 ? state.work.length : close;
      raw = state.work.slice(start, end);
    } else if (!/<\|message\|>/.test(header) && state.work.slice(start).trim() === '') {
      // the header and nothing more: the output stopped before the arguments
      state.errors.push(`Harmony call to ${name} was cut off before its arguments; send the whole call again`);
      blank(state, match.index, state.work.length);
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
        blank(state, match.index, end);
        continue;
      }
    }
    const args = argumentsFrom(raw, `Harmony call to ${name}`, state);
    const callToken = /^\s*<\|call\|>/.exec(state.work.slice(end));
    const headStart = state.work.lastIndexOf('<|start|>', match.index);
    const from = headStart >= 0 && match.index - headStart < 60 ? headStart : match.index;
    blank(state, from, end + (callToken ? callToken[0].length : 0));
    recipient.lastIndex = end;
    if (!args) continue;
    state.calls.push({
      position: from,
      name,
      arguments: args.value,
      repaired: args.repaired || repairs.length > 0,
      cutOff: args.cutOff,
      format: 'harmony',
      repairs: [...repairs, ...args.repairs],
    });
    start = end;
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

// ── Gemma 4 / FunctionGemma call:NAME{…} ────────────────────────────────
const DELIMITERS = ['<|"|>', '<escape>'];

class Truncated extends Error {}

function gemmaValue(text: string, at: number): { value: unknown; end: number } {
  let index = at;
  while (/\s/.test(text[index] ?? '')) index++;
  if (index >= text.length) throw new Truncated('cut off');
  for (const delimiter of DELIMITERS) {
    if (text.startsWith(delimiter, index)) {
      const close = text.indexOf(delimiter, index + delimiter.length);
      if (close < 0) throw new Truncated('cut off inside a string');
      return { value: text.slice(index + delimiter.length, close), end: close + delimiter.length };
    }
  }
  const char = text[index]!;
  if (char === '{') return gemmaObject(text, index);
  if (char === '[') {
    const items: unknown[] = [];
    index++;
    for (;;) {
      while (/[\s,]/.test(text[index] ?? '')) index++;
      if (index >= text.length) throw new Truncated('cut off inside a list');
      if (text[index] === ']') return { value: items, end: index + 1 };
      const item = gemmaValue(text, index);
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
  for (const delimiter of DELIMITERS) raw = raw.split(delimiter).join('');
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

function gemmaObject(text: string, at: number): { value: Record<string, unknown>; end: number } {
  const out: Record<string, unknown> = {};
  let index = at + 1;
  for (;;) {
    while (/[\s,]/.test(text[index] ?? '')) index++;
    if (index >= text.length) throw new Truncated('cut off inside the arguments');
    if (text[index] === '}') return { value: out, end: index + 1 };
    let key: string;
    const delimiter = DELIMITERS.find((candidate) => text.startsWith(candidate, index));
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
      const colon = /^[^:{}\[\],]*/.exec(text.slice(index))![0];
      key = colon.trim();
      index += colon.length;
    }
    while (/\s/.test(text[index] ?? '')) index++;
    if (index >= text.length) throw new Truncated('cut off after a key');
    if (text[index] !== ':') throw new Error(`expected ":" after the key "${key}"`);
    const value = gemmaValue(text, index + 1);
    out[key] = value.value;
    index = value.end;
  }
}

export function gemma(state: FamilyState): void {
  if (!state.work.includes('call:') && !state.work.includes('<call>')) return;
  // <call>NAME{…}: the <|tool_call>call: pair fragmented (vLLM gemma4 tests, multimodal inputs)
  const start = /(?:(?:<\|tool_call>\s*|<start_function_call>\s*)?\bcall:|<call>\s*)([A-Za-z_][\w.-]*)\s*(?=\{)/g;
  for (let match = start.exec(state.work); match; match = start.exec(state.work)) {
    const name = resolveToolName(match[1]!, state.knownTools);
    const bodyAt = match.index + match[0].length;
    const repairs: string[] = [];
    if (match[0].startsWith('<call>')) repairs.push('Gemma <|tool_call>call: marker fragmented to <call>');
    else if (!/^(?:<\|tool_call>|<start_function_call>)/.test(match[0]))
      repairs.push('Gemma <|tool_call> marker missing');
    try {
      const body = gemmaObject(state.work, bodyAt);
      const closer = /^\s*(?:<tool_call\|>|<end_function_call>)/.exec(state.work.slice(body.end));
      blank(state, match.index, body.end + (closer ? closer[0].length : 0));
      start.lastIndex = body.end;
      state.calls.push({
        position: match.index,
        name,
        arguments: body.value,
        repaired: repairs.length > 0,
        format: 'gemma',
        repairs,
      });
    } catch (error) {
      const truncated = error instanceof Truncated;
      state.errors.push(
        truncated
          ? `call:${name}{…} was cut off before its closing "}" (${(error as Error).message}); send the whole call again`
          : `call:${name}{…} could not be read (${(error as Error).message}); write call:${name}{key:` +
              `<|"|>value<|"|>} or JSON {"name": "${name}", "arguments": {…}}`,
      );
      blank(state, match.index, truncated ? state.work.length : bodyAt + 1);
    }
  }
}

// ── DeepSeek V3 / R1 / V3.1 ─────────────────────────────────────────────
const DS = (word: string) => `<[｜|]\\s*${word.split(' ').join('[▁_ ]')}\\s*[｜|]>`;
const DS_ANY = new RegExp(
  `${DS('tool calls begin')}|${DS('tool call begin')}|${DS('tool sep')}|${DS('tool call end')}|${DS('tool calls end')}`,
  'g',
);
const DS_SEP = new RegExp(`^${DS('tool sep')}$`);
const DS_CALL_BEGIN = new RegExp(`^${DS('tool call begin')}$`);

function stripArgumentsFence(raw: string): string {
  const fenced = /^\s*```[ \t]*(?:json)?[ \t]*\n?(?:json[ \t]*\n)?([\s\S]*?)(?:```\s*)?$/.exec(raw);
  return fenced ? fenced[1]! : raw;
}

export function deepseek(state: FamilyState): void {
  const tokens = [...state.work.matchAll(DS_ANY)];
  if (tokens.length === 0) return;
  let previousEnd = -1;
  let previousIsToken = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!DS_SEP.test(token[0])) continue;
    const prior = index > 0 ? tokens[index - 1]! : undefined;
    const segmentStart = prior
      ? prior.index! + prior[0].length
      : Math.max(0, state.work.lastIndexOf('\n', token.index!) + 1);
    const next = tokens[index + 1];
    const afterStart = token.index! + token[0].length;
    const afterEnd = next ? next.index! : state.work.length;
    const head = state.work.slice(segmentStart, token.index!).trim();
    const tail = state.work.slice(afterStart, afterEnd);
    let rawName: string;
    let rawArguments: string;
    if (head === '' || head === 'function') {
      const line = /^\s*([^\n`{]*)/.exec(tail)![1]!;
      rawName = line.trim();
      rawArguments = tail.slice(tail.indexOf(line) + line.length);
    } else {
      rawName = head.split(/\s+/).pop()!;
      rawArguments = tail;
    }
    void previousEnd;
    void previousIsToken;
    const name = resolveToolName(rawName, state.knownTools);
    if (rawArguments.trim() === '' && next && DS_CALL_BEGIN.test(next[0])) {
      // "function<｜tool▁sep｜>bad<｜tool▁call▁begin｜>…": a call with no arguments that never ended
      state.errors.push(`DeepSeek call to ${name} has no arguments and no <｜tool▁call▁end｜>; it was skipped`);
      blank(state, segmentStart, afterEnd);
      continue;
    }
    const repairs: string[] = [];
    if (/<\|/.test(token[0])) repairs.push('DeepSeek tokens in ASCII form');
    const body = stripArgumentsFence(rawArguments);
    if (/^\s*```[ \t]*\n\s*json/.test(rawArguments)) repairs.push('"json" split from its fence');
    if (name === '') {
      state.errors.push('<｜tool▁sep｜>: no tool name before the arguments');
      continue;
    }
    const args = argumentsFrom(body, `DeepSeek call to ${name}`, state);
    if (args)
      state.calls.push({
        position: segmentStart,
        name,
        arguments: args.value,
        repaired: args.repaired || repairs.length > 0,
        cutOff: args.cutOff,
        format: 'deepseek',
        repairs: [...repairs, ...args.repairs],
      });
    blank(state, segmentStart, afterEnd);
  }
  for (const token of tokens) blank(state, token.index!, token.index! + token[0].length);
}

// ── Mistral NAME[ARGS]{…} ───────────────────────────────────────────────
export function mistralArgs(state: FamilyState): void {
  if (!state.work.includes('[ARGS]')) return;
  const pattern = /(\[TOOL_CALLS\]\s*)?([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\]\s*[\w-]*\s*)?\[ARGS\]\s*/g;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const name = resolveToolName(match[2]!, state.knownTools);
    const start = match.index + match[0].length;
    const close = /[{[]/.test(state.work[start] ?? '') ? findJsonEnd(state.work, start) : -1;
    const end = close < 0 ? state.work.slice(start).search(/\[TOOL_CALLS\]|$/) + start : close;
    const repairs = match[1] ? [] : ['[TOOL_CALLS] marker missing'];
    const args = argumentsFrom(state.work.slice(start, end), `${name}[ARGS]`, state);
    blank(state, match.index, end);
    pattern.lastIndex = end;
    if (args)
      state.calls.push({
        position: match.index,
        name,
        arguments: args.value,
        repaired: args.repaired,
        cutOff: args.cutOff,
        format: 'mistral',
        repairs: [...repairs, ...args.repairs],
      });
  }
}

// ── DeepSeek V3.2 / V4 DSML ─────────────────────────────────────────────
export function dsml(state: FamilyState): void {
  if (!/<[｜|]DSML[｜|]/.test(state.work)) return;
  const invoke =
    /<[｜|]DSML[｜|]invoke\s+name\s*=\s*"([^"]+)"\s*>([\s\S]*?)(?:<\/[｜|]DSML[｜|]invoke>|(?=<[｜|]DSML[｜|]invoke\b)|$)/g;
  for (const match of state.work.matchAll(invoke)) {
    const name = resolveToolName(match[1]!, state.knownTools);
    const args: Record<string, unknown> = {};
    let complete = match[0].includes('</');
    for (const parameter of match[2]!.matchAll(
      /<[｜|]DSML[｜|]parameter\s+name\s*=\s*"([^"]+)"(?:\s+string\s*=\s*"(true|false)")?\s*>([\s\S]*?)(<\/[｜|]DSML[｜|]parameter>|$)/g,
    )) {
      if (parameter[4] === '') complete = false;
      const raw = parameter[3]!;
      if (parameter[2] === 'true') args[parameter[1]!] = raw;
      else {
        try {
          args[parameter[1]!] = JSON.parse(raw.trim()) as unknown;
        } catch {
          args[parameter[1]!] = raw;
        }
      }
    }
    if (!complete)
      state.errors.push(`DSML call to ${name} was cut off before </｜DSML｜invoke>; send the whole call again`);
    else
      state.calls.push({
        position: match.index!,
        name,
        arguments: args,
        repaired: false,
        format: 'deepseek',
        repairs: [],
      });
  }
  state.work = state.work.replace(
    /<[｜|]DSML[｜|](?:function_calls|tool_calls)>[\s\S]*?(?:<\/[｜|]DSML[｜|](?:function_calls|tool_calls)>|$)/g,
    (block) => blanked(block),
  );
}
