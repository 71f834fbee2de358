/**
 * A call's `arguments` as the model sent them: an object, a JSON string
 * (possibly malformed, possibly double- or triple-encoded, possibly fenced),
 * an empty string or null. Returns the object or says what was wrong.
 */
import { err, ok, type Result } from '../../errors.js';
import { findJsonEnd, parseJsonLenient, takeCutOffs } from './json-lenient.js';

export interface ArgumentsValue {
  value: Record<string, unknown>;
  repaired: boolean;
  /** arguments the output was cut off in (a truncated reply): their values are not what the model meant */
  cutOff: string[];
  /** hand repairs made (hand-repair.ts); absent when none */
  repairs?: string[];
  /** values written as unevaluated call expressions; absent when none */
  callValues?: string[];
}

const MAX_DECODE_DEPTH = 4;

/** The text with every character but newlines turned into a space (same length): what a pass read, taken out of the text. */
export function blanked(text: string): string {
  return text.includes('\n')
    ? text
        .split('\n')
        .map((line) => ' '.repeat(line.length))
        .join('\n')
    : ' '.repeat(text.length);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(preview(value))}`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${JSON.stringify(value)}`;
}

export function preview(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

const EXAMPLE = 'send the arguments as one JSON object, e.g. {"line": "A", "limit": 10}';

/** Like parseArgumentsString, but also says whether jsonrepair was needed and which arguments were cut off. */
export function readArguments(raw: unknown): Result<ArgumentsValue, string> {
  let current: unknown = raw;
  let repaired = false;
  const repairs: string[] = [];
  const callValues: string[] = [];
  const done = (value: { value: Record<string, unknown>; cutOff: string[] }): Result<ArgumentsValue, string> =>
    ok({
      value: value.value,
      repaired,
      cutOff: value.cutOff,
      ...(repairs.length > 0 ? { repairs: [...new Set(repairs)] } : {}),
      ...(callValues.length > 0 ? { callValues } : {}),
    });
  for (let depth = 0; depth <= MAX_DECODE_DEPTH; depth++) {
    if (current === null || current === undefined) return done({ value: {}, cutOff: [] });
    if (isPlainObject(current)) {
      if (depth > 1) repairs.push('arguments encoded as a string twice');
      return done(takeCutOffs(current));
    }
    if (typeof current !== 'string')
      return err(`arguments must be a JSON object, got ${describeKind(current)}; ${EXAMPLE}`);
    const text = stripFence(current.trim());
    if (text === '' || text === '""' || text === 'null') return done({ value: {}, cutOff: [] });
    if (!/^[{["']/.test(text)) {
      return err(`arguments must be a JSON object, got ${describeKind(current)}; ${EXAMPLE}`);
    }
    const twice = repeatedObject(text);
    if (twice !== undefined) repairs.push('the same arguments object sent twice');
    const parsed = parseJsonLenient(twice ?? text);
    if (!parsed.ok) {
      return err(
        `arguments are not valid JSON and could not be repaired (${parsed.error}): ${JSON.stringify(preview(text))}; ${EXAMPLE}`,
      );
    }
    repaired ||= parsed.value.repaired;
    if (parsed.value.fixes) repairs.push(...parsed.value.fixes);
    if (parsed.value.callValues) callValues.push(...parsed.value.callValues);
    current = parsed.value.value;
  }
  return err(`arguments are encoded as a string more than ${MAX_DECODE_DEPTH} times; ${EXAMPLE}`);
}

/** `{…}{…}` with both objects the same (a streaming parser that emitted the arguments twice): the object once. */
function repeatedObject(text: string): string | undefined {
  if (!text.startsWith('{')) return undefined;
  const end = findJsonEnd(text, 0);
  if (end < 0 || end >= text.length) return undefined;
  const first = text.slice(0, end);
  const rest = text.slice(end).trim();
  return rest === first ? first : undefined;
}

function stripFence(text: string): string {
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?\s*(?:```)?\s*$/.exec(text);
  return fenced ? fenced[1]!.trim() : text;
}

/**
 * For native tool_calls: the `arguments` string exactly as the model sent it.
 * Empty string and null mean no arguments ({}).
 */
export function parseArgumentsString(
  raw: string | Record<string, unknown> | null | undefined,
): Result<Record<string, unknown>, string> {
  const read = readArguments(raw);
  return read.ok ? ok(read.value.value) : read;
}
