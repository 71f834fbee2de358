/**
 * JSON as models write it: parsed strictly first, then repaired with
 * jsonrepair (trailing commas, single quotes, Python literals, unquoted keys,
 * missing brackets, truncated output); what jsonrepair cannot mend (unescaped
 * inner quotes, a literal \n between tokens, raw backslashes, triple-quoted
 * strings) is mended first by hand-repair.ts, each fix named.
 * Also finds JSON values embedded in prose.
 *
 * Output cut off mid-value (a reply that hit max_tokens) is repaired too, but
 * what the repair invented must not pass for what the model meant: jsonrepair
 * turns `"period": ` into `"period": null` and `"query": "press vib` into
 * "press vib". Before repairing text that never closes, the value the text
 * ends in is tagged with CUT_OFF_MARK; `takeCutOffs` then removes the tags and
 * names those arguments, so the validator can tell the model "argument
 * period was cut off" and the rules fallback ignores them. A complete value
 * that only lacks its closing brackets (`{"city": "Paris"`) is not tagged.
 */
import { jsonrepair } from 'jsonrepair';
import { err, ok, type Result } from '../../errors.js';
import { repairByHand } from './hand-repair.js';

export interface LenientJson {
  value: unknown;
  repaired: boolean;
  /** the hand repairs made (hand-repair.ts), when any */
  fixes?: string[];
  /** values written as unevaluated call expressions (`"date": get_date()`), when any: such arguments never run */
  callValues?: string[];
}

const LITERAL_WORDS = new Set(['true', 'false', 'null', 'True', 'False', 'None', 'NaN', 'Infinity', 'undefined']);

/**
 * Call expressions written where a JSON value belongs (`"date": get_current_date ()`,
 * `[now(), 1]`), outside strings: the value is a call the model meant to be
 * evaluated first, not data. Returns them as written (`get_current_date()`).
 */
export function callExpressions(text: string): string[] {
  const found: string[] = [];
  let quote: string | undefined;
  let valuePosition = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || (char === "'" && /[\s{[,:]/.test(text[index - 1] ?? ' '))) {
      quote = char;
      valuePosition = false;
      continue;
    }
    if (char === ':' || char === '[' || char === ',') {
      valuePosition = true;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (valuePosition && /[A-Za-z_]/.test(char)) {
      const match = /^([A-Za-z_][\w.]*)\s*\(/.exec(text.slice(index, index + 120));
      if (match && !LITERAL_WORDS.has(match[1]!)) found.push(`${match[1]}()`);
    }
    valuePosition = false;
  }
  return found;
}

/** Tags a value cut off by truncation; never leaves this module's callers (see takeCutOffs). */
export const CUT_OFF_MARK = '\u2063cut-off\u2063';

type Frame =
  { kind: 'object'; expect: 'key' | 'colon' | 'value' | 'comma' } | { kind: 'array'; expect: 'value' | 'comma' };

/**
 * Where text that never closes ends: inside a key or a value string, or
 * waiting for a value (after `:`, `[` or `,` in an array) or for an object's
 * next key (after `{` or `,`) — the cases where
 * jsonrepair has to invent or shorten a value. undefined when the text ends
 * between complete values (or in a bare literal, which may well be whole).
 */
function truncationTail(
  text: string,
): { in: 'key' | 'string'; quote: string } | { in: 'colon' | 'value' | 'next-key' } | undefined {
  const stack: Frame[] = [];
  let string: { quote: string; key: boolean } | undefined;
  let literal = false;
  const valueDone = () => {
    const top = stack[stack.length - 1];
    if (top) top.expect = 'comma';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (string) {
      if (char === '\\') index++;
      else if (char === string.quote) {
        const top = stack[stack.length - 1];
        if (string.key && top?.kind === 'object') top.expect = 'colon';
        else valueDone();
        string = undefined;
      }
      continue;
    }
    if (literal) {
      if (!/[\s,:}\]]/.test(char)) continue;
      literal = false;
      valueDone();
    }
    const top = stack[stack.length - 1];
    if (char === '"' || (char === "'" && /[\s{[,:]/.test(text[index - 1] ?? ' '))) {
      string = { quote: char, key: top?.kind === 'object' && top.expect === 'key' };
    } else if (char === '{' || char === '[') {
      stack.push(char === '{' ? { kind: 'object', expect: 'key' } : { kind: 'array', expect: 'value' });
    } else if (char === '}' || char === ']') {
      stack.pop();
      valueDone();
    } else if (char === ':') {
      if (top?.kind === 'object') top.expect = 'value';
    } else if (char === ',') {
      if (top) top.expect = top.kind === 'object' ? 'key' : 'value';
    } else if (!/\s/.test(char)) {
      // a bare literal or number (or an unquoted key: jsonrepair copes)
      if (top?.kind === 'object' && top.expect === 'key') continue;
      literal = true;
    }
    if (stack.length === 0 && index > 0) return undefined;
  }
  if (string) return { in: string.key ? 'key' : 'string', quote: string.quote };
  if (literal) return undefined;
  const top = stack[stack.length - 1];
  if (!top) return undefined;
  if (top.kind === 'object' && top.expect === 'colon') return { in: 'colon' };
  // ends just after "{" or "," in an object: the next key never came ({"arguments": {)
  if (top.kind === 'object' && top.expect === 'key') return { in: 'next-key' };
  if (top.expect === 'value') return { in: 'value' };
  return undefined;
}

/** `text` (never closing) with the value it was cut off in tagged, or undefined when none was. */
export function markTruncation(text: string): string | undefined {
  const start = text.search(/\S/);
  if (start < 0 || !'{['.includes(text[start]!) || findJsonEnd(text, start) >= 0) return undefined;
  const tail = truncationTail(text.slice(start));
  if (!tail) return undefined;
  const body = text.replace(/\\$/, '');
  const mark = JSON.stringify(CUT_OFF_MARK);
  switch (tail.in) {
    case 'string':
      return `${body}${CUT_OFF_MARK}${tail.quote}`;
    case 'key':
      return `${body}${CUT_OFF_MARK}${tail.quote}: ${mark}`;
    case 'colon':
      return `${body}: ${mark}`;
    case 'value':
      return `${body}${mark}`;
    case 'next-key':
      return `${body}${mark}: ${mark}`;
  }
}

export function parseJsonLenient(text: string): Result<LenientJson, string> {
  try {
    return ok({ value: JSON.parse(text) as unknown, repaired: false });
  } catch {
    // fall through to the repair
  }
  const calls = callExpressions(text);
  if (calls.length > 0) {
    const repaired = repairJson(text);
    return repaired.ok ? ok({ ...repaired.value, callValues: calls }) : repaired;
  }
  return repairJson(text);
}

function repairJson(text: string): Result<LenientJson, string> {
  const byHand = repairByHand(text);
  if (byHand.fixes.length > 0) {
    try {
      return ok({ value: JSON.parse(byHand.text) as unknown, repaired: true, fixes: byHand.fixes });
    } catch {
      // not enough: jsonrepair below
    }
  }
  const marked = markTruncation(text);
  if (marked !== undefined) {
    try {
      return ok({ value: JSON.parse(jsonrepair(marked)) as unknown, repaired: true });
    } catch {
      // the tagged text did not repair: repair the text as it came
    }
  }
  if (byHand.fixes.length > 0) {
    try {
      return ok({ value: JSON.parse(jsonrepair(byHand.text)) as unknown, repaired: true, fixes: byHand.fixes });
    } catch {
      // the hand repairs were not the problem: repair the text as it came
    }
  }
  try {
    return ok({ value: JSON.parse(jsonrepair(text)) as unknown, repaired: true });
  } catch (error) {
    return err((error as Error).message);
  }
}

/**
 * The value with the truncation tags taken out, and the paths of what was cut
 * off ("period", "period.to", "lines"): a value that was missing altogether
 * becomes null (as jsonrepair would make it), a shortened string keeps what
 * arrived, a cut-off key is dropped, an array that was waiting for its next
 * element keeps the elements that arrived.
 */
export function takeCutOffs<T>(value: T): { value: T; cutOff: string[] } {
  const cutOff: string[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string') {
      if (!node.includes(CUT_OFF_MARK)) return node;
      cutOff.push(path);
      return node === CUT_OFF_MARK ? null : node.split(CUT_OFF_MARK).join('');
    }
    if (Array.isArray(node)) {
      const kept = node.filter((item) => item !== CUT_OFF_MARK);
      if (kept.length !== node.length) cutOff.push(path);
      return kept.map((item, index) => walk(item, `${path}[${index}]`));
    }
    if (typeof node === 'object' && node !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const child = path === '' ? key.split(CUT_OFF_MARK).join('') : `${path}.${key.split(CUT_OFF_MARK).join('')}`;
        // an empty cut-off key: the reply ended where the next key should have begun
        if (key.includes(CUT_OFF_MARK))
          cutOff.push(key === CUT_OFF_MARK ? (path === '' ? '(next argument)' : `${path}.(next key)`) : `${child}…`);
        else out[key] = walk(item, child);
      }
      return out;
    }
    return node;
  };
  const cleaned = walk(value, '') as T;
  return { value: cleaned, cutOff: [...new Set(cutOff)] };
}

const CLOSERS: Record<string, string> = { '{': '}', '[': ']' };

/**
 * The end (exclusive) of the JSON object or array starting at `start`, aware
 * of double- and single-quoted strings; -1 when it never closes (truncated).
 */
export function findJsonEnd(text: string, start: number): number {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let index = start; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"') quote = char;
    else if (char === "'" && /[\s{[,:]/.test(text[index - 1] ?? ' ')) quote = char;
    else if (char === '{' || char === '[') stack.push(CLOSERS[char]!);
    else if (char === '}' || char === ']') {
      // a closer of an outer level closes the levels inside it whose closers were left out
      // (`[{"a": {"b": 1}]`: complete, one brace missing); a closer no level wants is dropped
      const level = stack.lastIndexOf(char);
      if (level < 0) continue;
      stack.length = level;
      if (stack.length === 0) return index + 1;
    }
  }
  return -1;
}

export interface JsonCandidate {
  start: number;
  /** exclusive; text.length when the value never closes */
  end: number;
  value: unknown;
  repaired: boolean;
  /** the value never closed: the rest of the text was taken and repaired */
  truncated: boolean;
  /** values written as unevaluated call expressions, when any */
  callValues?: string[] | undefined;
}

export interface CandidateVisitor {
  /** return true when the candidate was used (the scan continues after it) */
  (candidate: JsonCandidate): boolean;
}

/** At most this many opening brackets are tried per text (bounds the work on pathological input). */
const MAX_ATTEMPTS = 400;
/** Characters of never-closing text handed to jsonrepair per scan, at most. */
const TRUNCATED_REPAIR_BUDGET = 1_000_000;
/** A long never-closing value is only worth repairing when it looks like a call. */
const CALL_KEY = /["']?(?:name|tool|tool_name|function|action|arguments|parameters)["']?\s*:/;

/**
 * Walks the JSON objects and arrays embedded in `text` from left to right.
 * A value that parses (strictly or repaired) is offered to `visit`; a value
 * that parses cleanly is skipped over whole either way, so data objects are not
 * searched for calls inside them. Returns the values that could not be read.
 */
export function scanJson(
  text: string,
  visit: CandidateVisitor,
): Array<{ start: number; snippet: string; error: string }> {
  const failures: Array<{ start: number; snippet: string; error: string }> = [];
  let attempts = 0;
  let index = 0;
  let budget = TRUNCATED_REPAIR_BUDGET;
  const opener = /[{[]/g;
  while (index < text.length && attempts < MAX_ATTEMPTS) {
    opener.lastIndex = index;
    const found = opener.exec(text);
    if (!found) break;
    const begin = found.index;
    attempts++;
    const closing = findJsonEnd(text, begin);
    const truncated = closing < 0;
    const end = truncated ? text.length : closing;
    const slice = text.slice(begin, end);
    if (truncated && (slice.length > budget || (slice.length > 4096 && !CALL_KEY.test(slice)))) {
      index = begin + 1;
      continue;
    }
    if (truncated) budget -= slice.length;
    const parsed = parseJsonLenient(slice);
    if (!parsed.ok) {
      failures.push({ start: begin, snippet: slice, error: parsed.error });
      index = begin + 1;
      continue;
    }
    const used = visit({
      start: begin,
      end,
      value: parsed.value.value,
      repaired: parsed.value.repaired || truncated,
      truncated,
      callValues: parsed.value.callValues,
    });
    if (used) index = end;
    else if (!parsed.value.repaired && !truncated) index = end;
    else index = begin + 1;
  }
  return failures;
}
