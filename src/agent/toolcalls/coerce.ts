/**
 * Schema-guided repair of arguments before validation, each change recorded
 * so it can be logged: "25"→25, "true"→true, a single value into a
 * one-element array, enum aliases ("line a"/"产线A"/"A线"→"A", "p1"→"P1",
 * "C"/"Celsius"→"celsius"), schema defaults, optional nulls dropped,
 * mis-cased argument names renamed, unknown arguments dropped when the schema
 * forbids them. What cannot be repaired is left as it is for ajv to refuse.
 */
import type { JsonSchema } from '../../mcp/types.js';
import { isPlainObject } from './arguments.js';

export interface CoerceContext {
  /** human-readable notes of every change, e.g. `limit: "25" → 25` */
  changes: string[];
}

/** Synonyms that case-folding cannot find: alias key → canonical key. */
const SYNONYMS: Record<string, string> = {
  c: 'celsius',
  '°c': 'celsius',
  '℃': 'celsius',
  centigrade: 'celsius',
  摄氏: 'celsius',
  摄氏度: 'celsius',
  f: 'fahrenheit',
  '°f': 'fahrenheit',
  '℉': 'fahrenheit',
  华氏: 'fahrenheit',
  华氏度: 'fahrenheit',
  白班: 'day',
  日班: 'day',
  早班: 'day',
  夜班: 'night',
  晚班: 'night',
  升序: 'asc',
  ascending: 'asc',
  降序: 'desc',
  descending: 'desc',
  未关闭: 'open',
  打开: 'open',
  进行中: 'open',
  已关闭: 'closed',
  关闭: 'closed',
  运行: 'running',
  运行中: 'running',
  空闲: 'idle',
  维护: 'maintenance',
  保养: 'maintenance',
  故障: 'fault',
};

/** "Line A", "产线A", "A线", "line-a", "Ａ" → "a"; "Priority P1", "优先级p1" → "p1". */
export function aliasKey(value: string): string {
  return value
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/^(?:production\s+)?line(?=[\s_:：-]|[a-z0-9]$)|^(?:生产线|产线|线体)|(?:号线|产线|生产线|线)$/g, '')
    .replace(/^(?:priority|优先级|级别)(?=[\s_:：-]|p?\d$)/g, '')
    .replace(/^(?:shift|班次)(?=[\s_:：-])|(?:\s+shift)$/g, '')
    .replace(/[\s_:：-]+/g, '')
    .trim();
}

function describe(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The enum value an alias stands for, or undefined when none (or more than one) fits. */
export function matchEnum(value: unknown, options: unknown[]): unknown {
  if (options.some((option) => Object.is(option, value))) return value;
  if (typeof value === 'number' || typeof value === 'boolean') {
    const asText = options.filter((option) => option === String(value));
    return asText.length === 1 ? asText[0] : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const unique = (predicate: (option: unknown) => boolean): unknown => {
    const hits = options.filter(predicate);
    return hits.length === 1 ? hits[0] : undefined;
  };
  const numeric = Number(value.trim());
  if (value.trim() !== '' && Number.isFinite(numeric)) {
    const hit = unique((option) => option === numeric);
    if (hit !== undefined) return hit;
  }
  const strings = options.filter((option): option is string => typeof option === 'string');
  const folded = value.normalize('NFKC').trim().toLowerCase();
  const key = aliasKey(value);
  const canonicalKey = SYNONYMS[key] ?? SYNONYMS[folded] ?? key;
  const steps: Array<(option: string) => boolean> = [
    (option) => option.normalize('NFKC').trim().toLowerCase() === folded,
    (option) => key !== '' && aliasKey(option) === key,
    (option) => aliasKey(option) === canonicalKey || (SYNONYMS[aliasKey(option)] ?? '') === canonicalKey,
    // "1" for P1 (a one-letter prefix plus the number)
    (option) => /^\d+$/.test(key) && new RegExp(`^[a-z]${key}$`).test(aliasKey(option)),
    // "cel" for celsius: a unique prefix
    (option) => key.length >= 1 && aliasKey(option).startsWith(key) && aliasKey(option) !== key,
  ];
  for (const step of steps) {
    const hits = strings.filter(step);
    if (hits.length === 1) return hits[0];
    if (hits.length > 1) return undefined;
  }
  return undefined;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(value: unknown, types: string[]): boolean {
  const kind = jsonType(value);
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

const NUMBER_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1', '是', '对', '真']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0', '否', '不', '假']);

function convert(value: unknown, type: string): { value: unknown } | undefined {
  const text = typeof value === 'string' ? value.normalize('NFKC').trim() : undefined;
  switch (type) {
    case 'integer':
    case 'number': {
      if (text !== undefined && NUMBER_TEXT.test(text)) {
        const number = Number(text);
        if (type === 'number' || Number.isInteger(number)) return { value: number };
      }
      return undefined;
    }
    case 'boolean':
      if (text !== undefined && TRUE_WORDS.has(text.toLowerCase())) return { value: true };
      if (text !== undefined && FALSE_WORDS.has(text.toLowerCase())) return { value: false };
      if (value === 1 || value === 0) return { value: value === 1 };
      return undefined;
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
      return undefined;
    case 'array':
      if (text !== undefined && text.startsWith('[')) {
        try {
          const parsed = JSON.parse(text) as unknown;
          if (Array.isArray(parsed)) return { value: parsed };
        } catch {
          // not a JSON array: wrapped below
        }
      }
      return value === null || value === undefined ? undefined : { value: [value] };
    case 'object':
      if (text !== undefined && text.startsWith('{')) {
        try {
          const parsed = JSON.parse(text) as unknown;
          if (isPlainObject(parsed)) return { value: parsed };
        } catch {
          return undefined;
        }
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Repairs one value against its schema; `path` names it in the notes ("limit", "filters.line"). */
export function coerceValue(value: unknown, schema: JsonSchema, at: { path: string; context: CoerceContext }): unknown {
  const { path, context } = at;
  let current = value;
  const types = typesOf(schema);
  if (types.length > 0 && !fits(current, types)) {
    for (const type of ['integer', 'number', 'boolean', 'array', 'object', 'string'].filter((candidate) =>
      types.includes(candidate),
    )) {
      const converted = convert(current, type);
      if (converted === undefined) continue;
      const wrapped =
        type === 'array' &&
        Array.isArray(converted.value) &&
        converted.value.length === 1 &&
        converted.value[0] === current;
      context.changes.push(
        wrapped
          ? `${path}: ${describe(current)} wrapped in an array`
          : `${path}: ${describe(current)} → ${describe(converted.value)}`,
      );
      current = converted.value;
      break;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => Object.is(option, current))) {
    const matched = matchEnum(current, schema.enum);
    if (matched !== undefined) {
      context.changes.push(`${path}: ${describe(current)} → ${describe(matched)}`);
      current = matched;
    }
  }
  if (Array.isArray(current) && schema.items && isPlainObject(schema.items)) {
    current = current.map((item, index) =>
      coerceValue(item, schema.items as JsonSchema, { path: `${path}[${index}]`, context }),
    );
  }
  if (isPlainObject(current) && (schema.properties || schema.additionalProperties === false)) {
    current = coerceObject(current, schema, { path, context });
  }
  return current;
}

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Properties of an object: renamed, coerced, defaulted, unknown ones dropped when forbidden. */
export function coerceObject(
  object: Record<string, unknown>,
  schema: JsonSchema,
  at: { path: string; context: CoerceContext },
): Record<string, unknown> {
  const { path, context } = at;
  const properties = schema.properties ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const prefix = path === '' ? '' : `${path}.`;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    let name = key;
    if (!Object.hasOwn(properties, key)) {
      // "Purpose" or "line-id" for "purpose" / "line_id"
      const matches = Object.keys(properties).filter(
        (property) => nameKey(property) === nameKey(key) && !Object.hasOwn(object, property),
      );
      if (matches.length === 1) {
        name = matches[0]!;
        context.changes.push(`renamed argument "${prefix}${key}" to "${prefix}${name}"`);
      }
    }
    const propertySchema = properties[name];
    if (propertySchema === undefined) {
      if (schema.additionalProperties === false) {
        context.changes.push(`dropped unknown argument "${prefix}${key}"`);
        continue;
      }
      out[name] = value;
      continue;
    }
    if (value === null && !required.has(name) && !typesOf(propertySchema).includes('null')) {
      context.changes.push(`dropped null for optional argument "${prefix}${name}"`);
      continue;
    }
    out[name] = coerceValue(value, propertySchema, { path: `${prefix}${name}`, context });
  }
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (Object.hasOwn(out, name) || !isPlainObject(propertySchema) || !Object.hasOwn(propertySchema, 'default'))
      continue;
    out[name] = structuredClone(propertySchema.default);
    context.changes.push(`${prefix}${name}: default ${describe(propertySchema.default)} applied`);
  }
  return out;
}
