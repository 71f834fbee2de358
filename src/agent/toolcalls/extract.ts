/**
 * parseToolCalls: every shape of call a model writes into its text, read in
 * passes from the most explicit marker to the least (function tags, Hermes
 * <tool_call>, Mistral [TOOL_CALLS], Llama <|python_tag|>, functools[…],
 * ``` fences, ReAct "Action:/Action Input:", bare or embedded JSON,
 * Python-call syntax). Each pass blanks out what it consumed so later passes
 * do not read it twice; identical calls are kept once, in text order.
 */
import { blanked, isPlainObject, preview, readArguments } from './arguments.js';
import { cleanArtefacts, deepseek, dsml, gemma, harmony, mistralArgs, type FamilyState } from './families.js';
import { parseJsonLenient, scanJson, takeCutOffs } from './json-lenient.js';
import { callsFromValue, isKnownTool, plausibleToolName, resolveToolName, type NormalizeContext } from './normalize.js';
import { describesCallInProse, stripThinking } from './prose.js';
import { pythonCallStarts, readPythonCall } from './python-call.js';
import type { CallFormat, ParseOutcome, ParsedCall, RawCall } from './types.js';

interface Found {
  position: number;
  call: ParsedCall;
}

/** How strongly the surrounding text says "this is a call": gates Python syntax and bare names. */
type Trust = 'explicit' | 'fenced' | 'loose';

class Extraction {
  /** the text with consumed spans blanked (same length, newlines kept) */
  work: string;
  readonly found: Found[] = [];
  readonly errors: string[] = [];

  constructor(
    readonly original: string,
    readonly context: NormalizeContext,
  ) {
    this.work = original;
  }

  blank(start: number, end: number): void {
    this.work = this.work.slice(0, start) + blanked(this.work.slice(start, end)) + this.work.slice(end);
  }

  add(position: number, call: RawCall, format: CallFormat): void {
    const cutOff = call.cutOff && call.cutOff.length > 0 ? { cutOff: call.cutOff } : {};
    const repairs = [...(call.repairs ?? [])];
    if (call.repaired && repairs.length === 0) repairs.push('malformed JSON repaired');
    this.found.push({
      position,
      call: {
        name: call.name,
        arguments: call.arguments,
        format,
        repaired: call.repaired,
        ...cutOff,
        ...(repairs.length > 0 ? { repairs } : {}),
      },
    });
  }

  /** Calls from JSON (then Python syntax) inside a region; returns how many were found. */
  region(options: { start: number; end: number; format: CallFormat; trust: Trust; label: string }): number {
    const { start, end, format, trust, label } = options;
    const content = this.work.slice(start, end);
    let count = 0;
    const data: Array<[number, number]> = [];
    const failures = scanJson(content, (candidate) => {
      const normalized = callsFromValue(candidate.value, this.context, candidate.repaired);
      this.errors.push(...normalized.errors);
      if (normalized.calls.length === 0) {
        if (!candidate.repaired && !insideCallArguments(content, candidate.start))
          data.push([start + candidate.start, start + candidate.end]);
        // "<tool_call>get_weather {"city": "Paris"}" or "[ARGS]"-style: the name just before the object
        const before = /([A-Za-z_][\w.-]*)\s*(?:\[ARGS\])?\s*$/.exec(content.slice(0, candidate.start));
        if (
          trust === 'explicit' &&
          before &&
          isPlainObject(candidate.value) &&
          content.slice(0, before.index).trim() === ''
        ) {
          const taken = takeCutOffs(candidate.value);
          this.add(
            start + candidate.start,
            {
              name: resolveToolName(before[1]!, this.context.knownTools),
              arguments: taken.value,
              repaired: candidate.repaired,
              cutOff: taken.cutOff,
            },
            format,
          );
          count++;
          return true;
        }
        return normalized.errors.length > 0;
      }
      for (const call of normalized.calls) this.add(start + candidate.start, call, format);
      count += normalized.calls.length;
      return true;
    });
    // plain JSON data is not searched for Python-call syntax inside its strings
    for (const [from, to] of data) this.blank(from, to);
    if (count === 0) count += this.pythonCalls({ start, end, format, trust });
    // a region whose content an earlier pass already read (<tool_call><function=…>) is not an error
    const consumed = content.trim() === '' && this.original.slice(start, end).trim() !== '';
    if (count === 0 && trust === 'explicit' && !consumed) {
      const failure = failures[0];
      this.errors.push(
        failure
          ? `${label}: the call's JSON could not be repaired (${failure.error}): ${JSON.stringify(preview(failure.snippet))}`
          : `${label}: no call could be read from ${JSON.stringify(preview(content))}; write {"name": "<tool>", "arguments": {…}}`,
      );
    }
    this.blank(start, end);
    return count;
  }

  pythonCalls(options: { start: number; end: number; format: CallFormat; trust: Trust }): number {
    const { start, end, format, trust } = options;
    const content = this.work.slice(start, end);
    let count = 0;
    let resume = 0;
    for (const at of pythonCallStarts(content)) {
      if (at < resume) continue;
      const call = readPythonCall(content, at);
      if (!call) continue;
      const name = resolveToolName(call.name, this.context.knownTools);
      const known = isKnownTool(call.name, this.context);
      let argumentsObject: Record<string, unknown> | undefined = call.keywords;
      if (call.positional.length > 0) {
        // get_weather({"city": "Paris"}): one dict as the only argument
        const only = call.positional[0];
        argumentsObject =
          call.positional.length === 1 && Object.keys(call.keywords).length === 0 && isPlainObject(only)
            ? only
            : undefined;
      }
      const accepted =
        trust === 'explicit' ||
        (this.context.knownTools !== undefined
          ? known
          : plausibleToolName(call.name) &&
            !/^(?:os|sys|np|pd|math|json|re|self|console|document|window)\./.test(call.name));
      if (!accepted) continue;
      if (argumentsObject === undefined) {
        if (known || trust === 'explicit') {
          this.errors.push(
            `call to "${name}": positional arguments cannot be matched to parameter names; write ${name}(parameter=value, …) or a JSON object`,
          );
        }
        continue;
      }
      this.add(start + at, { name, arguments: argumentsObject, repaired: false }, format);
      this.blank(start + at, start + call.end);
      resume = call.end;
      count++;
    }
    return count;
  }
}

/** Spans from each opening marker to its closer, the next opener, or the end (truncated output). */
function markerRegions(
  text: string,
  open: RegExp,
  closers: RegExp,
): Array<{ outer: number; start: number; end: number; outerEnd: number; match: RegExpExecArray }> {
  const regions: Array<{ outer: number; start: number; end: number; outerEnd: number; match: RegExpExecArray }> = [];
  const global = new RegExp(open.source, open.flags.includes('g') ? open.flags : `${open.flags}g`);
  for (let match = global.exec(text); match; match = global.exec(text)) {
    const start = match.index + match[0].length;
    const rest = text.slice(start);
    const closer = new RegExp(closers.source, closers.flags.replace('g', '')).exec(rest);
    let nextOpen = rest.search(new RegExp(open.source, open.flags.replace('g', '')));
    // <function=other> written inside a <parameter=…> value is the value, not the next call
    if (nextOpen >= 0 && closer && closer.index > nextOpen) {
      const before = rest.slice(0, nextOpen);
      if ((before.match(/<parameter\s*=/g) ?? []).length > (before.match(/<\/parameter>/g) ?? []).length) nextOpen = -1;
    }
    let end = text.length;
    let outerEnd = text.length;
    if (closer && (nextOpen < 0 || closer.index <= nextOpen)) {
      end = start + closer.index;
      outerEnd = end + closer[0].length;
    } else if (nextOpen >= 0) {
      end = start + nextOpen;
      outerEnd = end;
    }
    regions.push({ outer: match.index, start, end, outerEnd, match });
    global.lastIndex = outerEnd > match.index ? outerEnd : match.index + 1;
  }
  return regions;
}

function functionTags(state: Extraction): void {
  const open = /<function\s*=\s*["']?([^>\s"']+)["']?\s*>|<function\s+name\s*=\s*["']([^"']+)["']\s*>/;
  for (const region of markerRegions(state.work, open, /<\/function>|<\/tool_call>/)) {
    const name = resolveToolName((region.match[1] ?? region.match[2])!, state.context.knownTools);
    const body = state.work.slice(region.start, region.end);
    state.blank(region.outer, region.outerEnd);
    if (/<parameter\s*=/.test(body)) {
      if (
        region.outerEnd === state.original.length &&
        region.end === state.original.length &&
        !/<\/parameter>\s*$/.test(body)
      ) {
        // no </function>, and the last value never closed: the output stopped mid-call
        state.errors.push(`<function=${name}> was cut off before </function>; send the whole call again`);
        continue;
      }
      // Qwen3-Coder: <parameter=city>Paris</parameter>
      const argumentsObject: Record<string, unknown> = {};
      const repairs: string[] = [];
      for (const parameter of body.matchAll(
        /<parameter\s*=\s*["']?([^>\s"']+)["']?\s*>([\s\S]*?)(?:<\/parameter>|(?=<parameter\s*=)|$)/g,
      )) {
        const raw = parameter[2]!.replace(/<\/parameter>/g, '').replace(/^\n|\n$/g, '');
        if (!parameter[0].endsWith('</parameter>')) repairs.push('missing </parameter>');
        argumentsObject[parameter[1]!] = parameterValue(raw, repairs);
      }
      state.add(
        region.outer,
        { name, arguments: argumentsObject, repaired: repairs.length > 0, repairs: [...new Set(repairs)] },
        'function-tag',
      );
      continue;
    }
    const read = readArguments(body.trim());
    if (read.ok)
      state.add(
        region.outer,
        { name, arguments: read.value.value, repaired: read.value.repaired, cutOff: read.value.cutOff },
        'function-tag',
      );
    else state.errors.push(`<function=${name}>: ${read.error}`);
  }
}

/** A <parameter=…> value: JSON, or the Python literals Qwen3-Coder writes (True, None, ['a'], {'k': 1}). */
function parameterValue(raw: string, repairs: string[]): unknown {
  const trimmed = raw.trim();
  if (/^(?:True|False)$/.test(trimmed)) {
    repairs.push('Python literal True/False/None as JSON');
    return trimmed === 'True';
  }
  if (trimmed === 'None') {
    repairs.push('Python literal True/False/None as JSON');
    return null;
  }
  if (/^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|\[[\s\S]*\]|\{[\s\S]*\})$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      if (/^[[{]/.test(trimmed)) {
        const read = parseJsonLenient(trimmed);
        if (read.ok && typeof read.value.value === 'object' && read.value.value !== null) {
          repairs.push('Python literal list/dict as JSON');
          return read.value.value;
        }
      }
      return trimmed;
    }
  }
  return trimmed;
}

/** The first `tag` (lower case) after `start` that is not inside a JSON string; with `fallback`, the first one at all when none is outside. */
function closerOutsideStrings(
  text: string,
  closer: string,
  options: { start: number; fallback?: boolean; lower?: string },
): number {
  const { start, fallback = true, lower = text.toLowerCase() } = options;
  let index = start;
  for (;;) {
    const quote = text.indexOf('"', index);
    const tag = lower.indexOf(closer, index);
    if (tag >= 0 && (quote < 0 || tag < quote)) return tag;
    if (quote < 0) break;
    // skip the string: the next quote not escaped by an odd run of backslashes
    let close = quote;
    for (;;) {
      close = text.indexOf('"', close + 1);
      if (close < 0) break;
      let slashes = 0;
      while (text[close - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 0) break;
    }
    if (close < 0) break;
    index = close + 1;
  }
  return fallback ? lower.indexOf(closer, start) : -1;
}

function hermes(state: Extraction): void {
  const open = /<tool_call>|<tool>(?=\s*[{\[])|\[TOOL_REQUEST\]/gi;
  for (let match = open.exec(state.work); match; match = open.exec(state.work)) {
    const tag = match[0].toLowerCase();
    const closer = tag === '<tool_call>' ? '</tool_call>' : tag === '<tool>' ? '</tool>' : '[tool_request_end]';
    const start = match.index + match[0].length;
    const lower = state.work.toLowerCase();
    let end = closerOutsideStrings(state.work, closer, { start, fallback: true, lower });
    const nextTag = closerOutsideStrings(state.work, tag, { start, fallback: false, lower });
    const nextOpen = nextTag < 0 ? -1 : nextTag - start;
    let outerEnd: number;
    if (end >= 0 && (nextOpen < 0 || end <= start + nextOpen)) outerEnd = end + closer.length;
    else {
      end = nextOpen >= 0 ? start + nextOpen : state.work.length;
      outerEnd = end;
    }
    state.region({ start, end, format: 'hermes', trust: 'explicit', label: match[0] });
    state.blank(match.index, outerEnd);
    open.lastIndex = outerEnd;
  }
  // a stray closing tag left by a model that forgot the opening one
  state.work = state.work.replace(/<\/tool_call>/gi, (tag) => ' '.repeat(tag.length));
}

function mistral(state: Extraction): void {
  for (const region of markerRegions(state.work, /\[TOOL_CALLS\]/, /<\/s>/)) {
    const content = state.work.slice(region.start, region.end);
    // newer form: [TOOL_CALLS]name[CALL_ID]id[ARGS]{…}
    const named = /^\s*([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\]\s*[\w-]*\s*)?\[ARGS\]\s*/.exec(content);
    if (named) {
      const name = resolveToolName(named[1]!, state.context.knownTools);
      const read = readArguments(content.slice(named[0].length).trim());
      if (read.ok)
        state.add(
          region.outer,
          { name, arguments: read.value.value, repaired: read.value.repaired, cutOff: read.value.cutOff },
          'mistral',
        );
      else state.errors.push(`[TOOL_CALLS]${name}[ARGS]: ${read.error}`);
      state.blank(region.outer, region.outerEnd);
      continue;
    }
    state.region({ start: region.start, end: region.end, format: 'mistral', trust: 'explicit', label: '[TOOL_CALLS]' });
    state.blank(region.outer, region.outerEnd);
  }
}

function pythonTag(state: Extraction): void {
  for (const region of markerRegions(state.work, /<\|python_tag\|>/, /<\|eom_id\|>|<\|eot_id\|>/)) {
    state.region({
      start: region.start,
      end: region.end,
      format: 'llama-python-tag',
      trust: 'explicit',
      label: '<|python_tag|>',
    });
    state.blank(region.outer, region.outerEnd);
  }
}

function functools(state: Extraction): void {
  for (let match = /functools\s*(?=\[)/.exec(state.work); match; match = /functools\s*(?=\[)/.exec(state.work)) {
    const start = match.index + match[0].length;
    let end = state.work.length;
    scanJson(state.work.slice(start), (candidate) => {
      end = start + candidate.end;
      return true;
    });
    state.region({ start, end, format: 'functools', trust: 'explicit', label: 'functools[…]' });
    state.blank(match.index, end);
  }
}

function fences(state: Extraction): void {
  const pattern = /```[ \t]*([\w+-]*)[^\n`]*\n?([\s\S]*?)(?:```|$)/g;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const language = match[1]!.toLowerCase();
    const start = match.index + match[0].indexOf(match[2]!, 3 + match[1]!.length);
    const trust: Trust = /^(?:tool_code|tool_call|tool_calls|function_call|functioncall)$/.test(language)
      ? 'explicit'
      : 'fenced';
    // Gemma 3 writes ```tool_code\nprint(get_weather(city="Paris"))\n```: the print() is not the call
    if (language === 'tool_code') {
      const body = match[2]!;
      const printed = /^(\s*)print\(([\s\S]*)\)(\s*)$/.exec(body);
      if (printed) {
        const at = match.index + match[0].indexOf(body);
        state.work =
          state.work.slice(0, at) +
          `${printed[1]}      ${printed[2]} ${printed[3]}` +
          state.work.slice(at + body.length);
      }
    }
    state.region({
      start,
      end: start + match[2]!.length,
      format: 'fence',
      trust: trust === 'explicit' ? 'explicit' : 'fenced',
      label: '```',
    });
    state.blank(match.index, match.index + match[0].length);
    pattern.lastIndex = match.index + Math.max(match[0].length, 1);
  }
}

/** ReAct: "Action: query_database" then "Action Input: {…}". */
function react(state: Extraction): void {
  const pattern = /^[ \t]*Action[ \t]*[:：][ \t]*`?([^\n`]+?)`?[ \t]*\r?\n[ \t]*Action[ \t]*Input[ \t]*[:：][ \t]*/gim;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const written = match[1]!.trim();
    // a tool whose name has spaces ("Other philosophy QA System") is only taken when it is offered
    const spaced = state.context.knownTools?.find((tool) => tool.toLowerCase() === written.toLowerCase());
    if (!spaced && !/^[A-Za-z_][\w.-]*$/.test(written)) continue;
    const name = spaced ?? resolveToolName(written, state.context.knownTools);
    const start = match.index + match[0].length;
    const nextSection = state.work
      .slice(start)
      .search(/\n[ \t]*(?:Observation|Thought|Action|Final Answer)[ \t]*[:：]/i);
    const end = nextSection < 0 ? state.work.length : start + nextSection;
    const raw = state.work.slice(start, end).trim();
    const read = readArguments(raw === '' ? null : raw);
    if (read.ok)
      state.add(
        match.index,
        { name, arguments: read.value.value, repaired: read.value.repaired, cutOff: read.value.cutOff },
        'prose-json',
      );
    else state.errors.push(`Action "${name}": the Action Input ${read.error}`);
    state.blank(match.index, end);
  }
}

function bareJson(state: Extraction): void {
  const text = state.work;
  const spans: Array<[number, number]> = [];
  const data: Array<[number, number]> = [];
  const before = state.found.length;
  const failures = scanJson(text, (candidate) => {
    const normalized = callsFromValue(candidate.value, state.context, candidate.repaired);
    state.errors.push(...normalized.errors);
    if (normalized.calls.length === 0) {
      if (!candidate.repaired && !insideCallArguments(text, candidate.start))
        data.push([candidate.start, candidate.end]);
      return normalized.errors.length > 0;
    }
    for (const call of normalized.calls) state.add(candidate.start, call, 'json');
    spans.push([candidate.start, candidate.end]);
    return true;
  });
  for (const failure of failures) {
    if (
      /["']?(?:name|tool|function)["']?\s*:/.test(failure.snippet) &&
      /["']?(?:arguments|parameters|args|input|params)["']?\s*:/.test(failure.snippet)
    ) {
      state.errors.push(
        `a tool call's JSON could not be repaired (${failure.error}): ${JSON.stringify(preview(failure.snippet))}`,
      );
    }
  }
  let residue = text;
  for (const [start, end] of spans) residue = residue.slice(0, start) + ' '.repeat(end - start) + residue.slice(end);
  const alone = /^[\s,;[\]]*$/.test(residue);
  for (const found of state.found.slice(before)) found.call.format = alone ? 'json' : 'prose-json';
  for (const [start, end] of [...spans, ...data]) state.blank(start, end);
}

/** JSON right after "(", "=" or "," may be an argument of a Python-style call: left for that pass. */
function insideCallArguments(text: string, start: number): boolean {
  if (/[(=,]\s*$/.test(text.slice(Math.max(0, start - 40), start))) return true;
  // nested inside the arguments of name(…): an unclosed "(" after an identifier
  let depth = 0;
  for (let index = start - 1; index >= Math.max(0, start - 400); index--) {
    const char = text[index]!;
    if (char === ')') depth++;
    else if (char === '(') {
      if (depth === 0) return /[\w]\s*$/.test(text.slice(Math.max(0, index - 2), index));
      depth--;
    } else if (char === '\n' && depth === 0 && text[index - 1] === '\n') return false;
  }
  return false;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** "For example, you could call …", "e.g. `get_weather(…)`", "calls like <tool_call>…</tool_call>, for example": shown, not made. */
const EXAMPLE_BEFORE = new RegExp(
  [
    String.raw`(?:\bfor (?:example|instance)\b|\be\.g\.|\bsuch as\b|\blike this\b|`,
    String.raw`\bsomething like\b|\b(?:could|would|might|can) (?:use|call|write|`,
    String.raw`run|invoke)\b|\bwould look like\b|\b(?:a|the|an) (?:tool |function )`,
    String.raw`?call like\b|\bcalls? (?:look )?like\b|\bwraps? calls? like\b|`,
    String.raw`\ban example\b|\bexample call\b|例如|比如|举例|示例|譬如)[^.!?。！？\n]*$`,
  ].join(''),
  'i',
);
const EXAMPLE_AFTER = /^[^.!?。！？\n]{0,160}?(?:,|，)?\s*(?:for example|for instance|e\.g\.)/i;

function shownAsExample(text: string, position: number): boolean {
  const before = text.slice(Math.max(0, position - 200), position);
  if (EXAMPLE_BEFORE.test(before)) return true;
  // the call's own sentence ends in ", for example."
  const sentenceEnd = text.slice(position).search(/[.!?。！？](?:\s|$)|\n\n/);
  const sentence = text.slice(position, sentenceEnd < 0 ? text.length : position + sentenceEnd + 1);
  const tail = sentence.slice(Math.max(0, sentence.length - 40));
  return (
    /(?:for example|for instance|e\.g\.)\s*[.!?]?$/i.test(tail) ||
    (EXAMPLE_AFTER.test(sentence.slice(-60)) && /example|instance/i.test(sentence.slice(-20)))
  );
}

export function parseToolCalls(text: string, options: { knownTools?: string[] } = {}): ParseOutcome {
  const knownTools = options.knownTools && options.knownTools.length > 0 ? options.knownTools : undefined;
  const cleaned = cleanArtefacts(text);
  const reply = stripThinking(cleaned.text);
  const state = new Extraction(reply, { knownTools });
  const family: FamilyState = { work: reply, knownTools, calls: [], errors: [], repairs: cleaned.repairs };
  harmony(family);
  deepseek(family);
  dsml(family);
  gemma(family);
  mistralArgs(family);
  state.work = family.work;
  state.errors.push(...family.errors);
  for (const call of family.calls)
    state.add(
      call.position,
      {
        name: call.name,
        arguments: call.arguments,
        repaired: call.repaired,
        cutOff: call.cutOff,
        repairs: call.repairs,
      },
      call.format,
    );
  functionTags(state);
  hermes(state);
  mistral(state);
  pythonTag(state);
  functools(state);
  fences(state);
  react(state);
  bareJson(state);
  state.pythonCalls({ start: 0, end: state.work.length, format: 'python', trust: 'loose' });

  const seen = new Set<string>();
  const calls: ParsedCall[] = [];
  let example = false;
  for (const found of [...state.found].sort((a, b) => a.position - b.position)) {
    if (shownAsExample(reply, found.position)) {
      example = true;
      continue;
    }
    const key = `${found.call.name}\u0000${canonical(found.call.arguments)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (cleaned.repairs.length > 0) {
      found.call.repairs = [...cleaned.repairs, ...(found.call.repairs ?? [])];
    }
    calls.push(found.call);
  }
  const errors = [...new Set(state.errors)];
  const proseOnly =
    calls.length === 0 && (example || (errors.length === 0 && describesCallInProse(reply, knownTools ?? [])));
  return { calls, proseOnly, errors };
}
