/**
 * Argument values written between tags (<parameter=…>, <arg_value>,
 * <steptml:parameter>, <param>, DSML…): the templates write a string as it
 * is and anything else as JSON. A value that reads as a JSON number,
 * boolean, null, array or object (or the Python literals True/False/None)
 * is that; any other value is the string as written — its whitespace is
 * data (code, file bodies); only where the template puts a newline on each
 * side of the value (Qwen3-Coder: `templateNewlines: true`) are those two
 * not. With `templateNewlines: 'paired'` (Seed-OSS: the template writes the
 * value inline, the model often wraps it as Qwen3-Coder does) one newline is
 * dropped from each side only when the value has one on both sides, so a
 * code value that merely ends in a newline keeps it. With `scalars: 'text'`
 * (templates that write every scalar as text: MiniMax, dots) numbers and
 * booleans stay text; the tool's schema types them (validate.ts) before the
 * call runs.
 */
import { isPlainObject } from '../arguments.js';
import { parseJsonLenient } from '../json-lenient.js';

/** Which newlines around a value are the template's, not the value's (see tagValue). */
export type TemplateNewlines = boolean | 'paired';

const JSON_SCALAR = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

export function tagValue(
  raw: string,
  repairs: string[],
  options: { scalars?: 'typed' | 'text'; templateNewlines?: TemplateNewlines } = {},
): unknown {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1]!;
  const wrapped =
    options.templateNewlines === true ||
    (options.templateNewlines === 'paired' && /^\r?\n[\s\S]*\n$/.test(raw) && raw.trim() !== '');
  const body = wrapped ? raw.replace(/^\r?\n/, '').replace(/\r?\n$/, '') : raw;
  const trimmed = body.trim();
  if (options.scalars !== 'text' && JSON_SCALAR.test(trimmed)) return JSON.parse(trimmed) as unknown;
  if (options.scalars !== 'text' && /^(?:True|False|None)$/.test(trimmed)) {
    repairs.push('Python literal True/False/None as JSON');
    return trimmed === 'None' ? null : trimmed === 'True';
  }
  if (/^[[{][\s\S]*[\]}]$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      const read = parseJsonLenient(trimmed);
      if (read.ok && typeof read.value.value === 'object' && read.value.value !== null && !read.value.callValues) {
        repairs.push('Python literal list/dict as JSON');
        return read.value.value;
      }
    }
  }
  return body;
}

/**
 * A call whose only argument is a wrapper the model added around the real
 * ones (`arguments`, `parameters`, `properties` holding an object, or that
 * object as JSON text): the inner object.
 */
export function unwrapArguments(args: Record<string, unknown>, repairs: string[]): Record<string, unknown> {
  const keys = Object.keys(args);
  if (keys.length !== 1 || !['arguments', 'parameters', 'properties'].includes(keys[0]!)) return args;
  let inner = args[keys[0]!];
  if (typeof inner === 'string' && /^\s*\{/.test(inner)) {
    const read = parseJsonLenient(inner.trim());
    inner = read.ok ? read.value.value : inner;
  }
  if (!isPlainObject(inner)) return args;
  repairs.push(`arguments wrapped in a "${keys[0]}" parameter`);
  return inner;
}
