/**
 * Arguments checked against the tool's JSON Schema before execution (ajv,
 * strict: false, allErrors), after the repairs in coerce.ts. A refusal names
 * each argument and what it must be, in words a model can act on:
 *   argument "limit" must be an integer between 1 and 100, got "many"
 *   missing required argument "purpose" (string: the business reason for the query)
 *   argument "period" was cut off (the reply ended before its value was complete)
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../mcp/types.js';
import { isPlainObject } from './arguments.js';
import { coerceObject, coerceValue } from './coerce.js';

export type ValidationOutcome =
  { ok: true; value: Record<string, unknown>; coerced: string[] } | { ok: false; message: string };

const ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: false });
const byObject = new WeakMap<object, ValidateFunction | Error>();
const byText = new Map<string, ValidateFunction | Error>();
const MAX_CACHED_TEXTS = 500;

/** The compiled validator of a schema, compiled once per schema (by identity, then by content). */
export function compiled(schema: JsonSchema): ValidateFunction | Error {
  const known = byObject.get(schema);
  if (known) return known;
  const text = JSON.stringify(schema);
  let validator = byText.get(text);
  if (validator === undefined) {
    // $schema (often draft 2020-12 from zod) and $id would make ajv refuse or collide; the keywords are the same
    const { $schema: _schema, $id: _id, ...rest } = schema;
    try {
      validator = ajv.compile(rest);
    } catch (error) {
      validator = error as Error;
    }
    if (byText.size >= MAX_CACHED_TEXTS) byText.delete(byText.keys().next().value as string);
    byText.set(text, validator);
  }
  byObject.set(schema, validator);
  return validator;
}

function quoteList(values: unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

function typeList(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

function number(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' ? value : undefined;
}

/** "an integer between 1 and 100", "one of \"A\", \"B\"", "a string of at most 200 characters". */
export function expectation(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${quoteList(schema.enum)}`;
  if (Object.hasOwn(schema, 'const')) return `exactly ${JSON.stringify(schema.const)}`;
  const types = typeList(schema).filter((type) => type !== 'null');
  const parts = types.map((type) => {
    switch (type) {
      case 'integer':
      case 'number': {
        const noun = type === 'integer' ? 'an integer' : 'a number';
        const minimum = number(schema, 'minimum');
        const maximum = number(schema, 'maximum');
        const exclusiveMinimum = number(schema, 'exclusiveMinimum');
        const exclusiveMaximum = number(schema, 'exclusiveMaximum');
        if (minimum !== undefined && maximum !== undefined) return `${noun} between ${minimum} and ${maximum}`;
        const bounds: string[] = [];
        if (minimum !== undefined) bounds.push(`at least ${minimum}`);
        if (exclusiveMinimum !== undefined) bounds.push(`greater than ${exclusiveMinimum}`);
        if (maximum !== undefined) bounds.push(`at most ${maximum}`);
        if (exclusiveMaximum !== undefined) bounds.push(`less than ${exclusiveMaximum}`);
        return bounds.length > 0 ? `${noun} ${bounds.join(' and ')}` : noun;
      }
      case 'string': {
        const details: string[] = [];
        const minLength = number(schema, 'minLength');
        const maxLength = number(schema, 'maxLength');
        if (minLength !== undefined && maxLength !== undefined)
          details.push(`of ${minLength} to ${maxLength} characters`);
        else if (minLength !== undefined)
          details.push(minLength === 1 ? 'that is not empty' : `of at least ${minLength} characters`);
        else if (maxLength !== undefined) details.push(`of at most ${maxLength} characters`);
        if (typeof schema.pattern === 'string') details.push(`matching /${schema.pattern}/`);
        if (typeof schema.format === 'string') details.push(`in ${schema.format} format`);
        return ['a string', ...details].join(' ');
      }
      case 'boolean':
        return 'true or false';
      case 'array': {
        const items = isPlainObject(schema.items) ? ` of ${expectation(schema.items as JsonSchema)}` : '';
        const minItems = number(schema, 'minItems');
        const maxItems = number(schema, 'maxItems');
        const count =
          minItems !== undefined && maxItems !== undefined
            ? ` (${minItems} to ${maxItems} items)`
            : minItems !== undefined
              ? ` (at least ${minItems} item${minItems === 1 ? '' : 's'})`
              : maxItems !== undefined
                ? ` (at most ${maxItems} items)`
                : '';
        return `an array${items}${count}`;
      }
      case 'object':
        return isPlainObject(schema.properties)
          ? `an object with ${quoteList(Object.keys(schema.properties))}`
          : 'an object';
      default:
        return `a ${type}`;
    }
  });
  if (parts.length === 0) return 'a valid value';
  return parts.join(' or ');
}

/** "(string: the business reason for the query)" */
function shortType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${quoteList(schema.enum)}`;
  const types = typeList(schema).filter((type) => type !== 'null');
  return types.length > 0 ? types.join(' or ') : 'value';
}

/** The schema of the value at an ajv instancePath ("/filters/0/line"). */
function schemaAt(root: JsonSchema, segments: string[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = root;
  for (const segment of segments) {
    if (current === undefined) return undefined;
    if (/^\d+$/.test(segment) && isPlainObject(current.items)) current = current.items as JsonSchema;
    else if (isPlainObject(current.properties) && isPlainObject(current.properties[segment]))
      current = current.properties[segment];
    else return undefined;
  }
  return current;
}

function valueAt(root: unknown, segments: string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isPlainObject(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

function segmentsOf(instancePath: string): string[] {
  return instancePath === ''
    ? []
    : instancePath
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function label(segments: string[]): string {
  return segments.reduce(
    (out, segment) => (/^\d+$/.test(segment) ? `${out}[${segment}]` : out === '' ? segment : `${out}.${segment}`),
    '',
  );
}

function describeErrors(errors: ErrorObject[], schema: JsonSchema, args: Record<string, unknown>): string[] {
  const messages: string[] = [];
  const seen = new Set<string>();
  const push = (key: string, message: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    messages.push(message);
  };
  for (const error of errors) {
    const segments = segmentsOf(error.instancePath);
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
      const full = [...segments, missing];
      const propertySchema = schemaAt(schema, full);
      const description =
        propertySchema && typeof propertySchema.description === 'string' ? `: ${propertySchema.description}` : '';
      push(
        `required:${full.join('/')}`,
        `missing required argument "${label(full)}" (${propertySchema ? shortType(propertySchema) : 'value'}${description})`,
      );
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      const parent = schemaAt(schema, segments);
      const allowed =
        parent && isPlainObject(parent.properties) ? ` (allowed: ${quoteList(Object.keys(parent.properties))})` : '';
      push(`extra:${[...segments, extra].join('/')}`, `unknown argument "${label([...segments, extra])}"${allowed}`);
      continue;
    }
    const name = label(segments);
    const propertySchema = schemaAt(schema, segments);
    const got = JSON.stringify(valueAt(args, segments)) ?? 'nothing';
    if (segments.length === 0) {
      push(`root:${error.keyword}`, `arguments ${error.message ?? 'are invalid'}`);
    } else if (
      propertySchema &&
      (typeList(propertySchema).length > 0 ||
        Array.isArray(propertySchema.enum) ||
        Object.hasOwn(propertySchema, 'const'))
    ) {
      push(`value:${error.instancePath}`, `argument "${name}" must be ${expectation(propertySchema)}, got ${got}`);
    } else {
      push(
        `value:${error.instancePath}:${error.keyword}`,
        `argument "${name}" ${error.message ?? 'is invalid'}, got ${got}`,
      );
    }
  }
  return messages;
}

export function validateArguments(options: {
  tool: string;
  schema: JsonSchema;
  args: Record<string, unknown>;
  /** arguments the reply was cut off in (ParsedCall.cutOff): refused whatever their repaired value */
  cutOff?: string[] | undefined;
}): ValidationOutcome {
  const { tool, schema } = options;
  if (options.cutOff && options.cutOff.length > 0) {
    const named = options.cutOff.map((path) => `argument "${path}" was cut off`).join('; ');
    return {
      ok: false,
      message:
        `invalid arguments for "${tool}": ${named} (the reply ended before ` +
        `${options.cutOff.length === 1 ? 'its value was' : 'their values were'} complete); send the ` +
        `whole call again, shorter if need be`,
    };
  }
  const context = { changes: [] as string[] };
  const args = isPlainObject(options.args) ? options.args : {};
  const hasShape = isPlainObject(schema.properties) || schema.additionalProperties === false;
  const value = hasShape
    ? coerceObject(args, schema, { path: '', context })
    : (coerceValue(args, schema, { path: '', context }) as Record<string, unknown>);
  const validator = compiled(schema);
  if (validator instanceof Error) {
    // the tool's schema is broken, not the model's call: pass the repaired arguments and say so
    return {
      ok: true,
      value,
      coerced: [
        ...context.changes,
        `schema of "${tool}" could not be compiled (${validator.message}); arguments not checked`,
      ],
    };
  }
  if (validator(value)) return { ok: true, value, coerced: context.changes };
  const messages = describeErrors(validator.errors ?? [], schema, value);
  return { ok: false, message: `invalid arguments for "${tool}": ${messages.join('; ')}` };
}
