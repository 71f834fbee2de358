/**
 * What every parser of a reply shares: the text being read (each parser
 * blanks what it consumed, same length, newlines kept, so later parsers do
 * not read it twice and positions stay those of the reply), the calls found
 * with where they start and whether their structure closed, and the errors.
 * The wire-format parsers (formats/*.ts) and the generic cascade (generic.ts)
 * read into one Extraction; safety.ts then decides what may run.
 */
import { blanked, isPlainObject, preview, readArguments } from './arguments.js';
import { findJsonEnd, scanJson, takeCutOffs } from './json-lenient.js';
import { callsFromValue, isKnownTool, plausibleToolName, resolveToolName, type NormalizeContext } from './normalize.js';
import { pythonCallStarts, readPythonCall } from './python-call.js';
import type { CallFormat, ParsedCall, RawCall } from './types.js';

export interface FoundCall {
  position: number;
  call: ParsedCall;
  /** every bracket, tag and string of the call closed */
  closed: boolean;
  /** what never closed, for the corrective message */
  openAt?: string | undefined;
  /** argument values that were unevaluated call expressions */
  callValues?: string[] | undefined;
}

/** How strongly the surrounding text says "this is a call": gates Python syntax and bare names. */
export type Trust = 'explicit' | 'fenced' | 'loose';

export class Extraction {
  /** the text with consumed spans blanked (same length, newlines kept) */
  work: string;
  readonly found: FoundCall[] = [];
  readonly errors: string[] = [];

  constructor(
    readonly original: string,
    readonly context: NormalizeContext,
  ) {
    this.work = original;
  }

  get knownTools(): string[] | undefined {
    return this.context.knownTools;
  }

  blank(start: number, end: number): void {
    if (end <= start) return;
    this.work = this.work.slice(0, start) + blanked(this.work.slice(start, end)) + this.work.slice(end);
  }

  add(position: number, call: RawCall, format: CallFormat): void {
    const cutOff = call.cutOff && call.cutOff.length > 0 ? { cutOff: call.cutOff } : {};
    const repairs = [...(call.repairs ?? [])];
    if (call.repaired && repairs.length === 0) repairs.push('malformed JSON repaired');
    this.found.push({
      position,
      closed: call.closed ?? true,
      openAt: call.openAt,
      callValues: call.callValues && call.callValues.length > 0 ? call.callValues : undefined,
      call: {
        name: call.name,
        arguments: call.arguments,
        format,
        repaired: call.repaired,
        ...cutOff,
        ...(repairs.length > 0 ? { repairs: [...new Set(repairs)] } : {}),
      },
    });
  }

  /**
   * A call whose arguments are a JSON object written as text (`raw`): read
   * leniently; what cannot be read is an error naming the call.
   */
  addJson(options: {
    position: number;
    name: string;
    raw: string | null;
    format: CallFormat;
    label: string;
    closed?: boolean;
    openAt?: string;
    repairs?: string[];
  }): boolean {
    const raw = options.raw === null || options.raw.trim() === '' ? null : options.raw;
    const read = readArguments(raw);
    // the arguments' brackets must close: `{"city": "Paris"` then nothing (or the next call) never did
    const body = raw?.trim() ?? '';
    const bracketsOpen = /^[{[]/.test(body) && findJsonEnd(body, 0) < 0;
    if (!read.ok) {
      this.errors.push(`${options.label}: ${read.error}`);
      return false;
    }
    const repairs = [...(options.repairs ?? []), ...(read.value.repairs ?? [])];
    this.add(
      options.position,
      {
        name: resolveToolName(options.name, this.knownTools),
        arguments: read.value.value,
        repaired: read.value.repaired || (options.repairs ?? []).length > 0,
        cutOff: read.value.cutOff,
        repairs,
        closed: bracketsOpen ? false : options.closed,
        openAt: bracketsOpen ? `the closing bracket of its arguments` : options.openAt,
        callValues: read.value.callValues,
      },
      options.format,
    );
    return true;
  }

  /** Calls from JSON (then Python syntax) inside a region; returns how many were found. */
  region(options: {
    start: number;
    end: number;
    format: CallFormat;
    trust: Trust;
    label: string;
    closed?: boolean;
  }): number {
    const { start, end, format, trust, label } = options;
    const content = this.work.slice(start, end);
    let count = 0;
    const data: Array<[number, number]> = [];
    const failures = scanJson(content, (candidate) => {
      const normalized = callsFromValue(candidate.value, this.context, candidate.repaired);
      this.errors.push(...normalized.errors);
      const closed = (options.closed ?? true) && !candidate.truncated;
      const extra = { closed, callValues: candidate.callValues };
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
              ...extra,
            },
            format,
          );
          count++;
          return true;
        }
        return normalized.errors.length > 0;
      }
      for (const call of normalized.calls) this.add(start + candidate.start, { ...call, ...extra }, format);
      count += normalized.calls.length;
      return true;
    });
    // plain JSON data is not searched for Python-call syntax inside its strings
    for (const [from, to] of data) this.blank(from, to);
    if (count === 0) count += this.pythonCalls({ start, end, format, trust, closed: options.closed });
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

  pythonCalls(options: {
    start: number;
    end: number;
    format: CallFormat;
    trust: Trust;
    closed?: boolean | undefined;
  }): number {
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
      this.add(
        start + at,
        {
          name,
          arguments: argumentsObject,
          repaired: call.repairs.length > 0,
          repairs: call.repairs,
          closed: options.closed,
          callValues: call.callValues,
        },
        format,
      );
      this.blank(start + at, start + call.end);
      resume = call.end;
      count++;
    }
    return count;
  }
}

/** JSON right after "(", "=" or "," may be an argument of a Python-style call: left for that pass. */
export function insideCallArguments(text: string, start: number): boolean {
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

export interface MarkerRegion {
  /** where the opening marker starts */
  outer: number;
  /** where the content starts (after the marker) */
  start: number;
  /** where the content ends */
  end: number;
  /** where the closer ends (end when there is none) */
  outerEnd: number;
  match: RegExpExecArray;
  /** the closer was found (not the next opener or the end of the text) */
  closed: boolean;
}

/** Spans from each opening marker to its closer, the next opener, or the end (truncated output). */
export function markerRegions(text: string, open: RegExp, closers: RegExp): MarkerRegion[] {
  const regions: MarkerRegion[] = [];
  const global = new RegExp(open.source, open.flags.includes('g') ? open.flags : `${open.flags}g`);
  const closer = new RegExp(closers.source, closers.flags.replace('g', ''));
  const next = new RegExp(open.source, open.flags.replace('g', ''));
  for (let match = global.exec(text); match; match = global.exec(text)) {
    const start = match.index + match[0].length;
    const rest = text.slice(start);
    const closing = closer.exec(rest);
    let nextOpen = rest.search(next);
    // <function=other> written inside a <parameter=…> value is the value, not the next call
    if (nextOpen >= 0 && closing && closing.index > nextOpen) {
      const before = rest.slice(0, nextOpen);
      if ((before.match(/<parameter\s*=/g) ?? []).length > (before.match(/<\/parameter>/g) ?? []).length) nextOpen = -1;
    }
    let end = text.length;
    let outerEnd = text.length;
    let closed = false;
    if (closing && (nextOpen < 0 || closing.index <= nextOpen)) {
      end = start + closing.index;
      outerEnd = end + closing[0].length;
      closed = true;
    } else if (nextOpen >= 0) {
      end = start + nextOpen;
      outerEnd = end;
    }
    regions.push({ outer: match.index, start, end, outerEnd, match, closed });
    global.lastIndex = outerEnd > match.index ? outerEnd : match.index + 1;
  }
  return regions;
}

/**
 * The first `closer` (lower case) after `start` that is not inside a JSON
 * string; with `fallback`, the first one at all when none is outside.
 */
export function closerOutsideStrings(
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
