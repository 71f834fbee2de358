import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../mcp/types.js';
import { aliasKey, matchEnum } from './coerce.js';
import { validateArguments } from './index.js';
import { compiled } from './validate.js';

const QUERY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    sql: { type: 'string', description: 'one read-only SELECT with WHERE and LIMIT' },
    purpose: { type: 'string', description: 'the business reason for the query' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
    offset: { type: 'integer', minimum: 0 },
  },
  required: ['sql', 'purpose'],
  additionalProperties: false,
};

const REPORT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    line: { type: 'string', enum: ['A', 'B', 'C', 'D'], description: 'production line' },
    priority: { type: 'string', enum: ['P0', 'P1', 'P2', 'P3'] },
    shift: { type: 'string', enum: ['day', 'night'] },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    lines: { type: 'array', items: { type: 'string', enum: ['A', 'B', 'C', 'D'] } },
    days: { type: 'integer', minimum: 1, maximum: 31 },
    ratio: { type: 'number' },
    detailed: { type: 'boolean' },
    label: { type: 'string' },
    filters: {
      type: 'object',
      properties: { line: { type: 'string', enum: ['A', 'B', 'C', 'D'] }, top: { type: 'integer' } },
    },
  },
};

function valid(schema: JsonSchema, args: Record<string, unknown>, tool = 'tool') {
  const outcome = validateArguments({ tool, schema, args });
  if (!outcome.ok) assert.fail(`expected valid, got: ${outcome.message}`);
  return outcome;
}

function invalid(schema: JsonSchema, args: Record<string, unknown>, tool = 'tool'): string {
  const outcome = validateArguments({ tool, schema, args });
  if (outcome.ok) assert.fail(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  return outcome.message;
}

describe('validateArguments: coercion', () => {
  test('numeric and boolean strings become numbers and booleans', () => {
    const outcome = valid(REPORT_SCHEMA, { days: '25', ratio: ' 0.5 ', detailed: 'true' });
    assert.deepEqual(outcome.value, { days: 25, ratio: 0.5, detailed: true, unit: 'celsius' });
    assert.deepEqual(outcome.coerced, [
      'days: "25" → 25',
      'ratio: " 0.5 " → 0.5',
      'detailed: "true" → true',
      'unit: default "celsius" applied',
    ]);
  });

  test('yes/no/0/1 and full-width digits', () => {
    assert.deepEqual(valid(REPORT_SCHEMA, { detailed: 'no', days: '７' }).value.detailed, false);
    assert.equal(valid(REPORT_SCHEMA, { days: '７' }).value.days, 7);
    assert.equal(valid(REPORT_SCHEMA, { detailed: 1 }).value.detailed, true);
  });

  test('numbers become strings where a string is wanted', () => {
    assert.equal(valid(REPORT_SCHEMA, { label: 42 }).value.label, '42');
  });

  test('a single value becomes a one-element array, a JSON array string is read', () => {
    const single = valid(REPORT_SCHEMA, { lines: 'B' });
    assert.deepEqual(single.value.lines, ['B']);
    assert.deepEqual(single.coerced, ['lines: "B" wrapped in an array', 'unit: default "celsius" applied']);
    assert.deepEqual(valid(REPORT_SCHEMA, { lines: '["A", "c"]' }).value.lines, ['A', 'C']);
    assert.deepEqual(valid(REPORT_SCHEMA, { lines: ['line a', 'B线'] }).value.lines, ['A', 'B']);
  });

  test('nested objects are coerced too, and an object sent as a JSON string is read', () => {
    assert.deepEqual(valid(REPORT_SCHEMA, { filters: { line: 'line d', top: '3' } }).value.filters, {
      line: 'D',
      top: 3,
    });
    assert.deepEqual(valid(REPORT_SCHEMA, { filters: '{"line": "A"}' }).value.filters, { line: 'A' });
  });

  test('an integer written as 25.0 is accepted, 2.5 is not', () => {
    assert.equal(valid(REPORT_SCHEMA, { days: '25.0' }).value.days, 25);
    assert.match(
      invalid(REPORT_SCHEMA, { days: 2.5 }),
      /argument "days" must be an integer between 1 and 31, got 2\.5/,
    );
  });
});

describe('validateArguments: enum aliases', () => {
  const lineCases: Array<[string, string]> = [
    ['a', 'A'],
    [' A ', 'A'],
    ['line a', 'A'],
    ['Line B', 'B'],
    ['LINE-C', 'C'],
    ['产线A', 'A'],
    ['A线', 'A'],
    ['B产线', 'B'],
    ['生产线D', 'D'],
    ['C号线', 'C'],
    ['Ａ', 'A'],
  ];
  for (const [alias, expected] of lineCases) {
    test(`line ${JSON.stringify(alias)} → ${expected}`, () => {
      const outcome = valid(REPORT_SCHEMA, { line: alias });
      assert.equal(outcome.value.line, expected);
      assert.ok(
        outcome.coerced.includes(`line: ${JSON.stringify(alias)} → "${expected}"`),
        JSON.stringify(outcome.coerced),
      );
    });
  }

  test('priorities: p1, Priority P2, 优先级3, "0"', () => {
    assert.equal(valid(REPORT_SCHEMA, { priority: 'p1' }).value.priority, 'P1');
    assert.equal(valid(REPORT_SCHEMA, { priority: 'Priority P2' }).value.priority, 'P2');
    assert.equal(valid(REPORT_SCHEMA, { priority: '优先级3' }).value.priority, 'P3');
    assert.equal(valid(REPORT_SCHEMA, { priority: '0' }).value.priority, 'P0');
  });

  test('synonyms and unique prefixes: C/Celsius/℃/华氏, 白班/night shift', () => {
    assert.equal(valid(REPORT_SCHEMA, { unit: 'C' }).value.unit, 'celsius');
    assert.equal(valid(REPORT_SCHEMA, { unit: 'Celsius' }).value.unit, 'celsius');
    assert.equal(valid(REPORT_SCHEMA, { unit: '℃' }).value.unit, 'celsius');
    assert.equal(valid(REPORT_SCHEMA, { unit: '华氏' }).value.unit, 'fahrenheit');
    assert.equal(valid(REPORT_SCHEMA, { unit: 'fahr' }).value.unit, 'fahrenheit');
    assert.equal(valid(REPORT_SCHEMA, { shift: '白班' }).value.shift, 'day');
    assert.equal(valid(REPORT_SCHEMA, { shift: 'Night Shift' }).value.shift, 'night');
  });

  test('numeric enums accept numbers sent as strings', () => {
    const schema: JsonSchema = { type: 'object', properties: { level: { enum: [1, 2, 3] } } };
    assert.equal(valid(schema, { level: '2' }).value.level, 2);
  });

  test('an alias that fits no value, or more than one, is refused with the choices', () => {
    assert.equal(
      invalid(REPORT_SCHEMA, { line: 'line Z' }, 'line_report'),
      'invalid arguments for "line_report": argument "line" must be one of "A", "B", "C", "D", got "line Z"',
    );
    assert.match(
      invalid(REPORT_SCHEMA, { priority: 'p' }),
      /argument "priority" must be one of "P0", "P1", "P2", "P3", got "p"/,
    );
    assert.equal(matchEnum('p', ['P0', 'P1']), undefined);
  });

  test('aliasKey folds the ways a line is named', () => {
    assert.equal(aliasKey('Production Line A'), 'a');
    assert.equal(aliasKey('linear'), 'linear');
    assert.equal(aliasKey('产线A'), 'a');
  });
});

describe('validateArguments: defaults, unknown and null arguments', () => {
  test('schema defaults are applied and reported', () => {
    const outcome = valid(QUERY_SCHEMA, { sql: 'SELECT 1 WHERE 1 LIMIT 1', purpose: 'test' });
    assert.deepEqual(outcome.value, { sql: 'SELECT 1 WHERE 1 LIMIT 1', purpose: 'test', limit: 100 });
    assert.deepEqual(outcome.coerced, ['limit: default 100 applied']);
  });

  test('unknown arguments are dropped when additionalProperties is false, and reported', () => {
    const outcome = valid(QUERY_SCHEMA, { sql: 'x', purpose: 'y', limit: 5, verbose: true });
    assert.deepEqual(outcome.value, { sql: 'x', purpose: 'y', limit: 5 });
    assert.deepEqual(outcome.coerced, ['dropped unknown argument "verbose"']);
  });

  test('unknown arguments are kept when the schema allows them', () => {
    const outcome = valid(REPORT_SCHEMA, { line: 'A', extra: 'kept' });
    assert.equal(outcome.value.extra, 'kept');
    assert.ok(!outcome.coerced.some((note) => note.includes('extra')));
  });

  test('a mis-cased or hyphenated argument name is renamed', () => {
    const outcome = valid(QUERY_SCHEMA, { SQL: 'x', Purpose: 'y', limit: 1 });
    assert.deepEqual(outcome.value, { sql: 'x', purpose: 'y', limit: 1 });
    assert.deepEqual(outcome.coerced, ['renamed argument "SQL" to "sql"', 'renamed argument "Purpose" to "purpose"']);
  });

  test('null for an optional argument is dropped (and its default applies)', () => {
    const outcome = valid(QUERY_SCHEMA, { sql: 'x', purpose: 'y', limit: null, offset: null });
    assert.deepEqual(outcome.value, { sql: 'x', purpose: 'y', limit: 100 });
    assert.deepEqual(outcome.coerced, [
      'dropped null for optional argument "limit"',
      'dropped null for optional argument "offset"',
      'limit: default 100 applied',
    ]);
  });

  test('the caller\u2019s object is not modified', () => {
    const args = { sql: 'x', purpose: 'y', limit: '5' };
    valid(QUERY_SCHEMA, args);
    assert.deepEqual(args, { sql: 'x', purpose: 'y', limit: '5' });
  });
});

describe('validateArguments: refusals a model can act on', () => {
  test('a value that cannot be coerced names the argument and the expectation', () => {
    assert.equal(
      invalid(QUERY_SCHEMA, { sql: 'x', purpose: 'y', limit: 'many' }, 'query_database'),
      'invalid arguments for "query_database": argument "limit" must be an integer between 1 and 100, got "many"',
    );
  });

  test('out of range', () => {
    assert.match(
      invalid(QUERY_SCHEMA, { sql: 'x', purpose: 'y', limit: '500' }),
      /argument "limit" must be an integer between 1 and 100, got 500/,
    );
    assert.match(
      invalid(QUERY_SCHEMA, { sql: 'x', purpose: 'y', offset: -1 }),
      /argument "offset" must be an integer at least 0, got -1/,
    );
  });

  test('a missing required argument says what it is for', () => {
    assert.equal(
      invalid(QUERY_SCHEMA, { sql: 'SELECT 1' }, 'query_database'),
      'invalid arguments for "query_database": missing required argument "purpose" (string: the business reason for the query)',
    );
  });

  test('null for a required argument counts as missing', () => {
    assert.match(invalid(QUERY_SCHEMA, { sql: 'x', purpose: null }), /argument "purpose" must be a string, got null/);
  });

  test('an argument the reply was cut off in is refused as cut off, even where its repaired value would pass', () => {
    const outcome = validateArguments({
      tool: 'query_database',
      schema: QUERY_SCHEMA,
      args: { sql: 'SELECT 1', purpose: null },
      cutOff: ['purpose'],
    });
    assert.deepEqual(outcome, {
      ok: false,
      message:
        'invalid arguments for "query_database": argument "purpose" was cut off (the reply ended before ' +
        'its value was complete); send the whole call again, shorter if need be',
    });
    const shortened = validateArguments({
      tool: 'query_database',
      schema: QUERY_SCHEMA,
      args: { sql: 'SELECT line_id FROM', purpose: 'x' },
      cutOff: ['sql'],
    });
    assert.match(shortened.ok ? '' : shortened.message, /argument "sql" was cut off/);
    assert.equal(
      validateArguments({
        tool: 'query_database',
        schema: QUERY_SCHEMA,
        args: { sql: 'SELECT 1', purpose: 'x' },
        cutOff: [],
      }).ok,
      true,
    );
  });

  test('every problem is reported at once', () => {
    const message = invalid(QUERY_SCHEMA, { limit: 'lots' }, 'query_database');
    assert.match(message, /missing required argument "sql" \(string: one read-only SELECT with WHERE and LIMIT\)/);
    assert.match(message, /missing required argument "purpose"/);
    assert.match(message, /argument "limit" must be an integer between 1 and 100, got "lots"/);
  });

  test('nested paths, string lengths, patterns and arrays are described', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        filters: { type: 'object', properties: { line: { type: 'string', enum: ['A', 'B'] } }, required: ['line'] },
        code: { type: 'string', pattern: '^[A-Z]-PRESS-\\d{2}$' },
        name: { type: 'string', minLength: 1, maxLength: 5 },
        ids: { type: 'array', items: { type: 'integer' }, maxItems: 2 },
      },
    };
    const message = invalid(schema, { filters: {}, code: 'press', name: 'toolongname', ids: [1, 2, 3] });
    assert.match(message, /missing required argument "filters\.line" \(one of "A", "B"\)/);
    assert.match(message, /argument "code" must be a string matching \/\^\[A-Z\]-PRESS-\\d\{2\}\$\/, got "press"/);
    assert.match(message, /argument "name" must be a string of 1 to 5 characters, got "toolongname"/);
    assert.match(message, /argument "ids" must be an array of an integer \(at most 2 items\), got \[1,2,3\]/);
    assert.match(invalid(schema, { ids: [1, 'x'] }), /argument "ids\[1\]" must be an integer, got "x"/);
  });
});

describe('validateArguments: schemas', () => {
  test('a draft 2020-12 $schema and an $id are accepted', () => {
    const schema: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:tool:x',
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
    };
    assert.equal(valid(schema, { n: '3' }).value.n, 3);
    assert.match(invalid(schema, {}), /missing required argument "n" \(integer\)/);
  });

  test('validators are compiled once per schema and reused (same object or equal content)', () => {
    const schema: JsonSchema = { type: 'object', properties: { n: { type: 'integer' } } };
    const first = compiled(schema);
    assert.equal(compiled(schema), first);
    assert.equal(compiled(structuredClone(schema)), first);
    assert.notEqual(compiled({ type: 'object', properties: { n: { type: 'string' } } }), first);
    valid(schema, { n: 1 });
    assert.equal(compiled(schema), first);
  });

  test('a schema ajv cannot compile does not block the call, and says so', () => {
    const outcome = valid(
      { type: 'object', properties: { n: { type: 'integer' } }, $ref: '#/definitions/missing' },
      { n: '1' },
      'odd_tool',
    );
    assert.equal(outcome.value.n, 1);
    assert.match(outcome.coerced.at(-1)!, /schema of "odd_tool" could not be compiled/);
  });

  test('an empty schema accepts any object', () => {
    assert.deepEqual(valid({ type: 'object' }, { anything: [1] }).value, { anything: [1] });
  });
});
