/**
 * The generic lenient cascade: what is left after the wire-format parsers
 * (formats/*.ts) have read the text. ``` fences, ReAct "Action: / Action
 * Input:", bare or embedded JSON, Python-call syntax — the shapes no
 * template prescribes but small models write anyway (and the JSON and
 * pythonic wire formats of xLAM, Llama 3.x JSON and vLLM's pythonic parser).
 */
import { preview, readArguments } from './arguments.js';
import { isPlainObject } from './arguments.js';
import { scanJson, takeCutOffs } from './json-lenient.js';
import { callsFromValue, resolveToolName } from './normalize.js';
import { insideCallArguments, type Extraction, type Trust } from './state.js';

export function fences(state: Extraction): void {
  const pattern = /```[ \t]*([\w+-]*)[^\n`]*\n?([\s\S]*?)(```|$)/g;
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
    if (language === 'tool' && /^\s*TOOL_NAME:/m.test(match[2]!))
      toolBlock(state, { position: match.index, body: match[2]!, closed: match[3] === '```' });
    else state.region({ start, end: start + match[2]!.length, format: 'fence', trust, label: '```' });
    state.blank(match.index, match.index + match[0].length);
    pattern.lastIndex = match.index + Math.max(match[0].length, 1);
  }
}

/**
 * Continue's system-message tool block (models without native tools):
 * ```tool\nTOOL_NAME: name\nBEGIN_ARG: key\nvalue\nEND_ARG\n```; a value that
 * is JSON is that.
 */
function toolBlock(state: Extraction, options: { position: number; body: string; closed: boolean }): void {
  const name = /^\s*TOOL_NAME:\s*(\S+)/m.exec(options.body)![1]!;
  const args: Record<string, unknown> = {};
  let open = false;
  for (const argument of options.body.matchAll(/^BEGIN_ARG:\s*(\S+)\s*\n([\s\S]*?)(?:^END_ARG\s*$|(?![\s\S]))/gm)) {
    const raw = argument[2]!.replace(/\n$/, '');
    if (!/END_ARG\s*$/.test(argument[0])) open = true;
    let value: unknown = raw;
    try {
      value = JSON.parse(raw.trim()) as unknown;
    } catch {
      // text as written
    }
    args[argument[1]!] = value;
  }
  state.add(
    options.position,
    {
      name: resolveToolName(name, state.knownTools),
      arguments: args,
      repaired: false,
      closed: options.closed && !open,
      openAt: 'END_ARG and the closing fence',
    },
    'fence',
  );
}

/** ReAct: "Action: query_database" then "Action Input: {…}". */
export function react(state: Extraction): void {
  const pattern = /^[ \t]*Action[ \t]*[:：][ \t]*`?([^\n`]+?)`?[ \t]*\r?\n[ \t]*Action[ \t]*Input[ \t]*[:：][ \t]*/gim;
  for (let match = pattern.exec(state.work); match; match = pattern.exec(state.work)) {
    const written = match[1]!.trim();
    // a tool whose name has spaces ("Other philosophy QA System") is only taken when it is offered
    const spaced = state.knownTools?.find((tool) => tool.toLowerCase() === written.toLowerCase());
    if (!spaced && !/^[A-Za-z_][\w.-]*$/.test(written)) continue;
    const name = spaced ?? resolveToolName(written, state.knownTools);
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
        {
          name,
          arguments: read.value.value,
          repaired: read.value.repaired,
          cutOff: read.value.cutOff,
          callValues: read.value.callValues,
        },
        'prose-json',
      );
    else state.errors.push(`Action "${name}": the Action Input ${read.error}`);
    state.blank(match.index, end);
  }
}

export function bareJson(state: Extraction): void {
  const text = state.work;
  const spans: Array<[number, number]> = [];
  const data: Array<[number, number]> = [];
  const nameOnly: boolean[] = [];
  const before = state.found.length;
  const failures = scanJson(text, (candidate) => {
    const normalized = callsFromValue(candidate.value, state.context, candidate.repaired);
    state.errors.push(...normalized.errors);
    if (normalized.calls.length === 0) {
      // GLM-4-0414 writes no delimiters: a line naming an offered tool, then its arguments
      const named = /(?:^|\n)[ \t]*([A-Za-z_][\w.-]*)[ \t]*\n[ \t]*$/.exec(text.slice(0, candidate.start));
      if (named && isPlainObject(candidate.value) && state.knownTools?.includes(named[1]!)) {
        const taken = takeCutOffs(candidate.value);
        const at = named.index + named[0].indexOf(named[1]!);
        state.add(
          at,
          {
            name: named[1]!,
            arguments: taken.value,
            repaired: candidate.repaired,
            cutOff: taken.cutOff,
            closed: !candidate.truncated,
            repairs: ['tool name on the line before its JSON arguments'],
          },
          'json',
        );
        nameOnly.push(false);
        spans.push([at, candidate.end]);
        return true;
      }
      if (!candidate.repaired && !insideCallArguments(text, candidate.start))
        data.push([candidate.start, candidate.end]);
      return normalized.errors.length > 0;
    }
    for (const call of normalized.calls)
      state.add(candidate.start, { ...call, closed: !candidate.truncated, callValues: candidate.callValues }, 'json');
    nameOnly.push(...normalized.calls.map((call) => call.nameOnly === true));
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
  // an object holding only a tool name is a call when it is the whole reply, not when prose quotes it
  const added = state.found.splice(before);
  added.forEach((found, index) => {
    if (!alone && nameOnly[index]) return;
    found.call.format = alone ? 'json' : 'prose-json';
    state.found.push(found);
  });
  for (const [start, end] of [...spans, ...data]) state.blank(start, end);
}

/** The generic cascade, in order: fences, ReAct, JSON, then Python-call syntax of known tools. */
export function readGeneric(state: Extraction): void {
  fences(state);
  react(state);
  bareJson(state);
  state.pythonCalls({ start: 0, end: state.work.length, format: 'python', trust: 'loose' });
}
