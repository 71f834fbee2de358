/**
 * Tool calls by construction: when tools are offered, the model generates
 * under a JSON-schema grammar whose only sentences are
 *   {"tool_calls": [{"name": <one offered tool>, "arguments": <its parameters>}, …]}
 * or (tool_choice auto)
 *   {"content": "<the answer>"}
 * so every call names an offered tool and its arguments match that tool's
 * schema. node-llama-cpp's grammar supports a subset of JSON Schema and always
 * emits every property, so the tools' schemas are converted:
 * - an optional property becomes "its schema or null", and nulls of optional
 *   properties are dropped after generation (the arguments stay valid);
 * - keywords the grammar cannot enforce (minimum, pattern, …) are left to the
 *   caller's validation; $ref to #/$defs or #/definitions is inlined;
 * - anything it cannot express becomes "any JSON value".
 */
import type { ChatTool, ToolChoice } from './request-schema.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type GrammarSchema = Record<string, unknown>;

const PRIMITIVE_TYPES = ['string', 'number', 'integer', 'boolean', 'null'] as const;
const ANY: GrammarSchema = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
};
const MAX_DEPTH = 12;

interface Scope {
  root: Record<string, unknown>;
  depth: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrimitive(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function resolveRef(ref: string, scope: Scope): unknown {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = scope.root[match[1]!];
  return isRecord(defs) ? defs[match[2]!.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

function convertTyped(schema: Record<string, unknown>, type: string, scope: Scope): GrammarSchema {
  const child = { ...scope, depth: scope.depth + 1 };
  switch (type) {
    case 'string': {
      const result: Record<string, unknown> = { type: 'string' };
      if (typeof schema.format === 'string' && ['date', 'time', 'date-time'].includes(schema.format))
        result.format = schema.format;
      else {
        if (typeof schema.minLength === 'number') result.minLength = schema.minLength;
        if (typeof schema.maxLength === 'number') result.maxLength = schema.maxLength;
      }
      return result;
    }
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type };
    case 'array': {
      const result: Record<string, unknown> = { type: 'array' };
      if (isRecord(schema.items) || schema.items === true) result.items = convertSchema(schema.items, child);
      if (typeof schema.minItems === 'number') result.minItems = schema.minItems;
      if (typeof schema.maxItems === 'number') result.maxItems = schema.maxItems;
      return result;
    }
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = new Set(
        Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [],
      );
      const converted: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(properties)) {
        const inner = convertSchema(value, child);
        converted[key] = required.has(key) ? inner : { oneOf: [inner, { type: 'null' }] };
      }
      const result: Record<string, unknown> = { type: 'object', properties: converted };
      const additional = schema.additionalProperties;
      if (Object.keys(converted).length === 0 && additional !== false) {
        result.additionalProperties = isRecord(additional) ? convertSchema(additional, child) : true;
      }
      return result;
    }
    default:
      return ANY;
  }
}

/** One JSON Schema (as a client sends it) → the subset node-llama-cpp's grammar accepts. */
export function convertSchema(schema: unknown, scope?: Scope): GrammarSchema {
  const current: Scope = scope ?? { root: isRecord(schema) ? schema : {}, depth: 0 };
  if (!isRecord(schema) || current.depth > MAX_DEPTH) return ANY;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, current);
    return target === undefined ? ANY : convertSchema(target, { ...current, depth: current.depth + 1 });
  }
  if ('const' in schema && isPrimitive(schema.const)) return { const: schema.const };
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter(isPrimitive);
    if (values.length > 0) return { enum: values };
  }
  const alternatives = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (alternatives && alternatives.length > 0) {
    return {
      oneOf: alternatives.map((alternative) => convertSchema(alternative, { ...current, depth: current.depth + 1 })),
    };
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return convertSchema(schema.allOf[0], { ...current, depth: current.depth + 1 });
  let types: string[] = Array.isArray(schema.type)
    ? schema.type.filter((type): type is string => typeof type === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (types.length === 0) {
    if (isRecord(schema.properties)) types = ['object'];
    else if ('items' in schema) types = ['array'];
    else return ANY;
  }
  if (types.length === 1) return convertTyped(schema, types[0]!, current);
  if (types.every((type) => (PRIMITIVE_TYPES as readonly string[]).includes(type))) return { type: types };
  return { oneOf: types.map((type) => convertTyped(schema, type, current)) };
}

/** The tool's parameters: an object schema (no parameters = an empty object). */
function parametersOf(tool: ChatTool): GrammarSchema {
  const parameters = tool.function.parameters;
  if (!parameters || Object.keys(parameters).length === 0) return { type: 'object', properties: {} };
  return convertSchema({ type: 'object', ...parameters });
}

export interface ToolPlan {
  /** the grammar's schema; undefined = free text (no tools, or tool_choice none) */
  schema: GrammarSchema | undefined;
  /** tools the model may call (by name) */
  tools: ChatTool[];
  /** whether the model must call a tool */
  mustCall: boolean;
}

/** Which tools the grammar offers and whether a call is forced, from tools + tool_choice. */
export function planTools(options: {
  tools: ChatTool[] | undefined;
  toolChoice: ToolChoice | undefined;
  parallelToolCalls: boolean | undefined;
}): ToolPlan {
  const all = options.tools ?? [];
  const choice = options.toolChoice ?? 'auto';
  if (all.length === 0 || choice === 'none') return { schema: undefined, tools: [], mustCall: false };
  const tools = typeof choice === 'object' ? all.filter((tool) => tool.function.name === choice.function.name) : all;
  const mustCall = choice !== 'auto';
  const calls: GrammarSchema = {
    type: 'array',
    minItems: 1,
    maxItems: options.parallelToolCalls === false ? 1 : 8,
    items: {
      oneOf: tools.map((tool) => ({
        type: 'object',
        properties: { name: { const: tool.function.name }, arguments: parametersOf(tool) },
      })),
    },
  };
  const callEnvelope: GrammarSchema = { type: 'object', properties: { tool_calls: calls } };
  const schema = mustCall
    ? callEnvelope
    : { oneOf: [callEnvelope, { type: 'object', properties: { content: { type: 'string' } } }] };
  return { schema, tools, mustCall };
}

/** Drop the nulls the grammar had to emit for optional properties the model left out. */
export function dropOptionalNulls(value: Json, schema: unknown): Json {
  if (Array.isArray(value) && isRecord(schema) && isRecord(schema.items))
    return value.map((item) => dropOptionalNulls(item, schema.items));
  if (!isRecord(value as unknown) || !isRecord(schema)) return value;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const result: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value as Record<string, Json>)) {
    if (inner === null && !required.has(key) && key in properties) continue;
    result[key] = isRecord(properties[key]) ? dropOptionalNulls(inner, properties[key]) : inner;
  }
  return result;
}

export interface ParsedReply {
  content: string | null;
  toolCalls: Array<{ name: string; arguments: Record<string, unknown> }>;
}

/** The grammar's output (already parsed JSON) → content or tool calls, optional nulls dropped. */
export function readReply(parsed: unknown, tools: ChatTool[]): ParsedReply {
  if (isRecord(parsed) && Array.isArray(parsed.tool_calls)) {
    const toolCalls = parsed.tool_calls.filter(isRecord).map((call) => {
      const name = String(call.name);
      const tool = tools.find((candidate) => candidate.function.name === name);
      const args = dropOptionalNulls(
        (isRecord(call.arguments) ? call.arguments : {}) as Json,
        tool?.function.parameters,
      );
      return { name, arguments: args as Record<string, unknown> };
    });
    return { content: null, toolCalls };
  }
  if (isRecord(parsed) && typeof parsed.content === 'string') return { content: parsed.content, toolCalls: [] };
  return { content: typeof parsed === 'string' ? parsed : JSON.stringify(parsed), toolCalls: [] };
}

/** What the model is told about the tools and the reply format (a system message). */
export function toolInstructions(plan: ToolPlan): string {
  const lines = ['# Tools', 'You can call these tools:'];
  for (const tool of plan.tools) {
    lines.push(`- ${tool.function.name}: ${tool.function.description ?? '(no description)'}`);
    lines.push(
      `  parameters (JSON Schema): ${JSON.stringify(tool.function.parameters ?? { type: 'object', properties: {} })}`,
    );
  }
  lines.push('', 'Reply with exactly one JSON object and nothing else:');
  lines.push('- to call tools: {"tool_calls": [{"name": "<tool name>", "arguments": {<arguments>}}]}');
  if (!plan.mustCall) lines.push('- to answer the user directly: {"content": "<your answer>"}');
  else lines.push('You must call a tool now.');
  lines.push(
    'Optional arguments you do not need are given as null. Tool results come back in a user message starting with "Tool result".',
  );
  return lines.join('\n');
}
