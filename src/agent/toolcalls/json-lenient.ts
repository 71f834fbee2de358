/**
 * JSON as models write it: parsed strictly first, then repaired with
 * jsonrepair (trailing commas, single quotes, Python literals, unquoted keys,
 * missing brackets, truncated output). Never repaired by hand.
 * Also finds JSON values embedded in prose.
 */
import { jsonrepair } from 'jsonrepair';
import { err, ok, type Result } from '../../errors.js';

export interface LenientJson {
  value: unknown;
  repaired: boolean;
}

export function parseJsonLenient(text: string): Result<LenientJson, string> {
  try {
    return ok({ value: JSON.parse(text) as unknown, repaired: false });
  } catch {
    // fall through to the repair
  }
  try {
    return ok({ value: JSON.parse(jsonrepair(text)) as unknown, repaired: true });
  } catch (error) {
    return err((error as Error).message);
  }
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
      // a mismatched closer still closes the innermost level; jsonrepair sorts out the rest
      stack.pop();
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
export function scanJson(text: string, visit: CandidateVisitor): Array<{ start: number; snippet: string; error: string }> {
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
    const used = visit({ start: begin, end, value: parsed.value.value, repaired: parsed.value.repaired || truncated, truncated });
    if (used) index = end;
    else if (!parsed.value.repaired && !truncated) index = end;
    else index = begin + 1;
  }
  return failures;
}
