/**
 * parseToolCalls: the calls a model wrote into its text reply.
 *
 *   1. tokenizer artefacts cleaned (artefacts.ts), reasoning blanked (thinking.ts);
 *   2. the detected family's parser first (the endpoint's model id, the GGUF's
 *      chat template or `llm.tool_format` name it; src/types/tool-formats.ts),
 *      then every wire-format parser whose tokens the reply carries
 *      (formats/index.ts, one parser per format, written from its template);
 *   3. the generic lenient cascade for what is left (generic.ts);
 *   4. the safety rules, once, over every call read (safety.ts): what did not
 *      close, what holds a call expression, what is shown as an example or
 *      said not to be run, what names no offered tool — refused, never run.
 *
 * Each parser blanks what it read, so nothing is read twice; two identical
 * calls written twice are two calls.
 */
import type { ToolFormatId } from '../../types/tool-formats.js';
import { cleanArtefacts } from './artefacts.js';
import { FORMAT_PARSERS, parserFor, type FormatParser } from './formats/index.js';
import { readGeneric } from './generic.js';
import { describesCallInProse } from './prose.js';
import { enforce } from './safety.js';
import { Extraction } from './state.js';
import { blankReasoning } from './thinking.js';
import { isPlainObject } from './arguments.js';
import type { ParsedCall, ParseOutcome } from './types.js';

export interface ParseOptions {
  /** the names of the offered tools, spelled as offered; a call to any other name is refused */
  knownTools?: string[];
  /** the family the endpoint's model belongs to: its parser reads first */
  format?: ToolFormatId | undefined;
}

function parsersFor(format: ToolFormatId | undefined): FormatParser[] {
  const first = format ? parserFor(format) : undefined;
  return first ? [first, ...FORMAT_PARSERS.filter((parser) => parser !== first)] : [...FORMAT_PARSERS];
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

/**
 * A call echoed in another shape (a <tool_call> then the same JSON bare, "I
 * called {…}") is one call; the same call written twice in the same format
 * is two calls, as the model wrote them.
 */
function withoutEchoes(calls: ParsedCall[]): ParsedCall[] {
  const seen = new Map<string, Set<string>>();
  return calls.filter((call) => {
    const key = `${call.name}\u0000${canonical(call.arguments)}`;
    const formats = seen.get(key);
    if (formats && !formats.has(call.format)) return false;
    seen.set(key, (formats ?? new Set()).add(call.format));
    return true;
  });
}

export function parseToolCalls(text: string, options: ParseOptions = {}): ParseOutcome {
  const knownTools = options.knownTools && options.knownTools.length > 0 ? options.knownTools : undefined;
  const cleaned = cleanArtefacts(text);
  const reply = blankReasoning(cleaned.text);
  const state = new Extraction(reply, { knownTools });
  const detected = options.format ? parserFor(options.format) : undefined;
  for (const parser of parsersFor(options.format)) {
    if (parser === detected || parser.marker.test(state.work)) parser.read(state);
  }
  readGeneric(state);

  const enforced = enforce(state.found, { text: reply, knownTools });
  enforced.calls = withoutEchoes(enforced.calls);
  if (cleaned.repairs.length > 0) {
    for (const call of enforced.calls) call.repairs = [...cleaned.repairs, ...(call.repairs ?? [])];
  }
  const errors = [...new Set(state.errors)];
  const proseOnly =
    enforced.calls.length === 0 &&
    enforced.refused.length === 0 &&
    (enforced.example || (errors.length === 0 && describesCallInProse(reply, knownTools ?? [])));
  return { calls: enforced.calls, refused: enforced.refused, proseOnly, errors };
}
