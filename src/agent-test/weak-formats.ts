/**
 * The weak-model pass (issue 31 item 4): a recorded tool-call turn written
 * out as the raw text another family's model prints — no native `tool_calls`,
 * the calls in the family's wire format as its chat template renders them —
 * and the two faults such models make: one call malformed (a defect the
 * lenient parser repairs) and one call cut off mid-arguments (a reply that hit
 * max_tokens, which must never run).
 *
 * Each format follows its chat template (docs/tool-call-formats.md):
 *   hermes       Qwen2.5 / Qwen3 / Hermes template: content, then per call
 *                `<tool_call>\n{"name": …, "arguments": …}\n</tool_call>`
 *   glm45        zai-org/GLM-4.5 chat_template.jinja: `<tool_call>NAME\n`, per
 *                argument `<arg_key>k</arg_key>\n<arg_value>v</arg_value>\n`
 *                (a string as written, anything else `tojson`), `</tool_call>`
 *   mistral      mistral-common v11+ (Small 3.2, Magistral, Devstral):
 *                content, then per call `[TOOL_CALLS]NAME[ARGS]{json}`
 *   harmony      gpt-oss (openai/harmony): reasoning on the analysis channel,
 *                each call a commentary message
 *                `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>`;
 *                the answer on the final channel, `…<|channel|>final<|message|>TEXT<|return|>`
 *   qwen3_coder  Qwen/Qwen3-Coder chat_template.jinja (Qwen3.5, Qwen3-Next):
 *                `<tool_call>\n<function=NAME>\n<parameter=k>\nv\n</parameter>\n</function>\n</tool_call>`
 *
 * Defects (each one the parser documents repairing, from real outputs):
 *   trailing-comma   `{"a": 1, "b": "x",}`            (JSON formats)
 *   single-quotes    a Python dict: `{'a': 1, 'b': "it's"}`, True/None
 *   unquoted-keys    `{a: 1, b: "x"}`
 *   open-key         GLM-5: a key whose `</arg_key>` was left out
 *   open-parameter   Qwen3-Coder: a `</parameter>` left out (the next tag ends the value)
 */
import type { CassetteTurn } from './cassette.js';

export const WEAK_FORMATS = ['hermes', 'glm45', 'mistral', 'harmony', 'qwen3_coder'] as const;
export type WeakFormat = (typeof WEAK_FORMATS)[number];

export type Defect = 'trailing-comma' | 'single-quotes' | 'unquoted-keys' | 'open-key' | 'open-parameter';

/** The model id each replay's endpoint serves under (the family is recognised from it, as on a plant). */
export const WEAK_MODEL_IDS: Record<WeakFormat, string> = {
  hermes: 'Qwen3-8B-Q4_K_M',
  glm45: 'GLM-4.6-Q4_K_M',
  mistral: 'Mistral-Small-3.2-24B-Instruct-2506-Q4_K_M',
  harmony: 'gpt-oss-20b-MXFP4',
  qwen3_coder: 'Qwen3-Coder-30B-A3B-Instruct-Q4_K_M',
};

/** The defects a format's malformed call cycles through (by case), all repairable. */
export const WEAK_DEFECTS: Record<WeakFormat, Defect[]> = {
  hermes: ['trailing-comma', 'single-quotes', 'unquoted-keys'],
  glm45: ['open-key'],
  mistral: ['single-quotes', 'unquoted-keys', 'trailing-comma'],
  harmony: ['unquoted-keys', 'trailing-comma', 'single-quotes'],
  qwen3_coder: ['open-parameter'],
};

export interface WeakCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** A cassette call's arguments as an object (a string is JSON as the model sent it; unreadable → {}). */
export function callArguments(raw: string | Record<string, unknown>): Record<string, unknown> {
  if (typeof raw !== 'string') return raw;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function turnCalls(turn: CassetteTurn): WeakCall[] {
  return (turn.tool_calls ?? []).map((call) => ({ name: call.name, arguments: callArguments(call.arguments) }));
}

/** json.dumps(value, ensure_ascii=False): the `tojson` of the templates (", " and ": " separators). */
export function pyJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pyJson(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value ?? null);
}

/** Python's repr() of a JSON value: what a model writes when it prints a dict instead of JSON. */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const body = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(new RegExp(quote, 'g'), `\\${quote}`);
    return `${quote}${body}${quote}`;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`)
    .join(', ')}}`;
}

/** The arguments object as text, well-formed or with one JSON defect. */
export function argumentsText(args: Record<string, unknown>, defect?: Defect): string {
  const entries = Object.entries(args);
  switch (defect) {
    case 'trailing-comma':
      return entries.length === 0
        ? '{,}'
        : `{${entries.map(([key, value]) => `${JSON.stringify(key)}: ${pyJson(value)}`).join(', ')},}`;
    case 'single-quotes':
      return pyRepr(args);
    case 'unquoted-keys':
      return `{${entries.map(([key, value]) => `${/^[A-Za-z_]\w*$/.test(key) ? key : JSON.stringify(key)}: ${pyJson(value)}`).join(', ')}}`;
    default:
      return pyJson(args);
  }
}

/** A GLM / Qwen3-Coder argument value: a string as written, anything else as JSON. */
function templateValue(value: unknown): string {
  return typeof value === 'string' ? value : pyJson(value);
}

/** Where a call's arguments begin and end inside its rendered text (for the cut). */
interface RenderedCall {
  text: string;
  argsStart: number;
  argsEnd: number;
}

function renderCall(format: WeakFormat, call: WeakCall, defect?: Defect): RenderedCall {
  const wrap = (head: string, args: string, tail: string): RenderedCall => ({
    text: `${head}${args}${tail}`,
    argsStart: head.length,
    argsEnd: head.length + args.length,
  });
  const jsonDefect = defect === 'open-key' || defect === 'open-parameter' ? undefined : defect;
  switch (format) {
    case 'hermes':
      return wrap(
        `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": `,
        argumentsText(call.arguments, jsonDefect),
        '}\n</tool_call>',
      );
    case 'mistral':
      return wrap(`[TOOL_CALLS]${call.name}[ARGS]`, argumentsText(call.arguments, jsonDefect), '');
    case 'harmony':
      return wrap(
        `<|start|>assistant<|channel|>commentary to=functions.${call.name} <|constrain|>json<|message|>`,
        argumentsText(call.arguments, jsonDefect),
        '<|call|>',
      );
    case 'glm45': {
      const pairs = Object.entries(call.arguments).map(
        ([key, value], index) =>
          `<arg_key>${key}${defect === 'open-key' && index === 0 ? '' : '</arg_key>'}\n` +
          `<arg_value>${templateValue(value)}</arg_value>\n`,
      );
      return wrap(`<tool_call>${call.name}\n`, pairs.join(''), '</tool_call>');
    }
    case 'qwen3_coder': {
      const entries = Object.entries(call.arguments);
      const parameters = entries.map(
        ([key, value], index) =>
          `<parameter=${key}>\n${templateValue(value)}\n` +
          // the defect leaves out the first </parameter> (another <parameter= or </function> ends the value)
          `${defect === 'open-parameter' && index === 0 ? '' : '</parameter>\n'}`,
      );
      return wrap(`<tool_call>\n<function=${call.name}>\n`, parameters.join(''), '</function>\n</tool_call>');
    }
  }
}

/** What a format's model prints before its calls: the turn's prose (Harmony: on the analysis channel). */
function preamble(format: WeakFormat, content: string | null | undefined): string {
  const text = (content ?? '').trim();
  if (format === 'harmony') return `<|channel|>analysis<|message|>${text || 'I need to call a tool for this.'}<|end|>`;
  if (text === '') return '';
  return format === 'mistral' ? text : `${text}\n`;
}

export interface CallTurnOptions {
  /** the call (index) written with this defect */
  malformed?: { index: number; defect: Defect } | undefined;
  /** cut the reply off in the middle of this call's arguments: nothing after it is printed */
  truncate?: number | undefined;
  /** only these calls (indexes), e.g. the one call a retry sends again */
  only?: number[] | undefined;
}

/** A tool-call turn as raw text in a format; `cut` says whether it ends mid-arguments (finish_reason length). */
export function renderCallTurn(
  format: WeakFormat,
  turn: CassetteTurn,
  options: CallTurnOptions = {},
): { content: string; cut: boolean } {
  const calls = turnCalls(turn);
  let text = preamble(format, turn.content);
  const separator = format === 'hermes' || format === 'qwen3_coder' ? '\n' : '';
  const chosen = calls
    .map((call, index) => ({ call, index }))
    .filter(({ index }) => options.only?.includes(index) ?? true);
  for (const [position, { call, index }] of chosen.entries()) {
    const defect = options.malformed?.index === index ? options.malformed.defect : undefined;
    const rendered = renderCall(format, call, defect);
    if (position > 0) text += separator;
    if (options.truncate === index) {
      const length = rendered.argsEnd - rendered.argsStart;
      // strictly inside the arguments: at least one character of them, never all of them
      const cutAt = rendered.argsStart + Math.max(1, Math.min(length - 1, Math.floor(length / 2)));
      return { content: text + rendered.text.slice(0, cutAt), cut: true };
    }
    text += rendered.text;
  }
  return { content: text, cut: false };
}

/** A final answer as the format's model prints it raw (only Harmony wraps it: channels around the text). */
export function renderAnswer(format: WeakFormat, content: string): string {
  if (format !== 'harmony') return content;
  return (
    '<|channel|>analysis<|message|>I have what I need to answer.<|end|>' +
    `<|start|>assistant<|channel|>final<|message|>${content}<|return|>`
  );
}
