/**
 * Turns a parsed JSON value into calls, whatever the model called its keys:
 * `name`/`tool`/`tool_name`/`function`, `arguments`/`parameters`/`args`/
 * `input`/`params`, OpenAI's `{"type":"function","function":{…}}`, Granite
 * 3.0's `{"tool":{…}}`, a whole
 * `{"tool_calls":[…]}` message. Data that names no tool is not a call.
 */
import { isPlainObject, preview, readArguments } from './arguments.js';
import { CUT_OFF_MARK } from './json-lenient.js';
import type { RawCall } from './types.js';

export interface NormalizeContext {
  /** undefined when the caller did not say which tools exist */
  knownTools: string[] | undefined;
}

export interface Normalized {
  calls: RawCall[];
  errors: string[];
}

const NAME_KEYS = [
  'name',
  'tool',
  'tool_name',
  'toolName',
  'function',
  'function_name',
  'functionName',
  'action',
  'tool_call',
  'recipient_name',
];
const ARGUMENT_KEYS = [
  'arguments',
  'parameters',
  'args',
  'input',
  'params',
  'action_input',
  'tool_input',
  'kwargs',
  'argument',
  'arguments_json',
];
/** keys that travel with a call without being arguments */
const ENVELOPE_KEYS = new Set(['id', 'type', 'index', 'call_id', 'tool_call_id']);

/** A name a tool could have: snake_case, dotted, kebab or camelCase — not a word of prose like "Alice". */
export function plausibleToolName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+$/.test(name) || /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(name);
}

/**
 * Map a slightly-off name onto a known tool, spelled as the tool was
 * offered: a `functions.` prefix, letter case, spaces, dots or hyphens for
 * underscores and back. Unknown names are kept (safety.ts refuses them and
 * the model hears which tools exist).
 */
export function resolveToolName(name: string, knownTools: string[] | undefined): string {
  const trimmed = name.trim();
  if (!knownTools || knownTools.includes(trimmed)) return trimmed;
  const stripped = trimmed.replace(/^(?:functions|function|tools|tool)[.:]/i, '');
  // the offered spelling wins: "get weather", "get-weather", "Get_Weather" name the offered "get_weather";
  // "files_read" names "files.read", "Other_philosophy_QA_System" names "Other philosophy QA System"
  const key = (value: string) => value.toLowerCase().replace(/[\s.-]+/g, '_');
  const matches = knownTools.filter((tool) => key(tool) === key(stripped));
  return matches.length === 1 ? matches[0]! : stripped;
}

export function isKnownTool(name: string, context: NormalizeContext): boolean {
  return context.knownTools !== undefined && context.knownTools.includes(resolveToolName(name, context.knownTools));
}

function firstKey(object: Record<string, unknown>, keys: string[]): string | undefined {
  return keys.find((key) => Object.hasOwn(object, key));
}

/** Calls in any JSON value; `repaired` is carried from the JSON the value came from. */
export function callsFromValue(value: unknown, context: NormalizeContext, repaired: boolean): Normalized {
  const out: Normalized = { calls: [], errors: [] };
  collect(value, { context, repaired, out }, 0);
  return out;
}

function collect(
  value: unknown,
  walk: { context: NormalizeContext; repaired: boolean; out: Normalized },
  depth: number,
): void {
  const { context, repaired, out } = walk;
  if (depth > 4) return;
  if (Array.isArray(value)) {
    for (const item of value)
      if (isPlainObject(item) || Array.isArray(item)) collect(item, { context, repaired, out }, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  if (Array.isArray(value.tool_calls)) return collect(value.tool_calls, { context, repaired, out }, depth + 1);
  // MCP JSON-RPC: {"jsonrpc": "2.0", "method": "tools/call", "params": {"name": …, "arguments": {…}}}
  if (value.method === 'tools/call' && isPlainObject(value.params) && typeof value.params.name === 'string') {
    return collect(
      { name: value.params.name, arguments: value.params.arguments ?? {} },
      { context, repaired, out },
      depth + 1,
    );
  }
  if (isPlainObject(value.function_call)) return collect(value.function_call, { context, repaired, out }, depth + 1);
  if (isPlainObject(value.function) && typeof value.function.name === 'string') {
    return collect(value.function, { context, repaired, out }, depth + 1);
  }
  // Granite 3.0 without its <|tool_call|> token: {"tool": {"name": …, "arguments": {…}}}
  if (isPlainObject(value.tool) && typeof value.tool.name === 'string' && Object.keys(value).length === 1) {
    return collect(value.tool, { context, repaired, out }, depth + 1);
  }
  const call = callFromObject(value, context, repaired);
  if (call === undefined) return;
  if ('error' in call) out.errors.push(call.error);
  else out.calls.push(call);
}

function callFromObject(
  object: Record<string, unknown>,
  context: NormalizeContext,
  repaired: boolean,
): RawCall | { error: string } | undefined {
  const nameKey = NAME_KEYS.find((key) => typeof object[key] === 'string' && (object[key] as string).trim() !== '');
  const argumentsKey = firstKey(object, ARGUMENT_KEYS);
  if (nameKey === undefined) {
    // {"get_weather": {"city": "Paris"}}: a known tool as the only key
    const keys = Object.keys(object);
    if (
      keys.length === 1 &&
      isKnownTool(keys[0]!, context) &&
      (isPlainObject(object[keys[0]!]) || object[keys[0]!] === null)
    ) {
      return finish(keys[0]!, object[keys[0]!], { context, repaired });
    }
    return undefined;
  }
  const written = (object[nameKey] as string).trim();
  const name = written.split(CUT_OFF_MARK).join('');
  if (written !== name) {
    // the reply ended inside the tool's name: no call can be made of it, but the model must hear why
    const callLike =
      argumentsKey !== undefined ||
      plausibleToolName(name) ||
      (context.knownTools ?? []).some((tool) => tool.startsWith(name));
    return callLike
      ? { error: `the reply was cut off inside the tool name ("${name}…"); send the whole call again` }
      : undefined;
  }
  if (argumentsKey !== undefined) {
    // "name" + "arguments" is a call even when the tool is unknown (the loop says so to the model)
    if (!plausibleToolName(name) && !/^[A-Za-z_]\w*$/.test(name) && !isKnownTool(name, context)) return undefined;
    return finish(name, object[argumentsKey], { context, repaired });
  }
  const rest = Object.keys(object).filter((key) => key !== nameKey && !ENVELOPE_KEYS.has(key));
  if (isKnownTool(name, context)) {
    // {"name": "get_weather", "city": "Paris"}: arguments flattened beside the name
    const call = finish(name, Object.fromEntries(rest.map((key) => [key, object[key]])), { context, repaired });
    return rest.length === 0 && !('error' in call) ? { ...call, nameOnly: true } : call;
  }
  if (context.knownTools === undefined && rest.length === 0 && plausibleToolName(name)) {
    const call = finish(name, {}, { context, repaired });
    return 'error' in call ? call : { ...call, nameOnly: true };
  }
  return undefined;
}

function finish(
  name: string,
  rawArguments: unknown,
  call: { context: NormalizeContext; repaired: boolean },
): RawCall | { error: string } {
  const { context, repaired } = call;
  const resolved = resolveToolName(name, context.knownTools);
  const read = readArguments(rawArguments);
  if (!read.ok) return { error: `call to "${resolved}": ${read.error}` };
  return {
    name: resolved,
    arguments: read.value.value,
    repaired: repaired || read.value.repaired,
    ...(read.value.cutOff.length > 0 ? { cutOff: read.value.cutOff } : {}),
  };
}

export { preview };
