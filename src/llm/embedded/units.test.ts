/**
 * The pure parts of the embedded service: JSON Schema → grammar schema,
 * optional nulls, the streamed content decoder, arguments text, history
 * building, the tiny GGUF writer and the manifest check.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContentStreamDecoder } from './content-stream.js';
import { checkEmbeddedModel, requireUsableModel, resolveModelFile, verifyModelFile } from './model-file.js';
import { argumentsText, toolCallDeltas } from './openai-format.js';
import { toChatHistory } from './prompt.js';
import { writeTinyModel } from './test-fixture.js';
import { writeTinyGguf } from './tiny-gguf.js';
import { convertSchema, dropOptionalNulls, planTools, readReply } from './tool-grammar.js';
import { configFromObject } from '../../config/load.js';

describe('tool grammar', () => {
  test('optional properties become "schema or null"; required stay; unsupported keywords dropped; $ref inlined', () => {
    const schema = {
      type: 'object',
      properties: {
        line: { type: 'string', enum: ['A', 'B'] },
        days: { type: 'integer', minimum: 1, maximum: 90 },
        note: { type: 'string', pattern: '^x', maxLength: 20 },
        when: { $ref: '#/$defs/day' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        either: { type: ['string', 'null'] },
        free: {},
      },
      required: ['line', 'days'],
      $defs: { day: { type: 'string', format: 'date' } },
    };
    assert.deepEqual(convertSchema(schema), {
      type: 'object',
      properties: {
        line: { enum: ['A', 'B'] },
        days: { type: 'integer' },
        note: { oneOf: [{ type: 'string', maxLength: 20 }, { type: 'null' }] },
        when: { oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
        tags: { oneOf: [{ type: 'array', items: { type: 'string' }, maxItems: 3 }, { type: 'null' }] },
        either: { oneOf: [{ type: ['string', 'null'] }, { type: 'null' }] },
        free: {
          oneOf: [
            {
              oneOf: [
                { type: ['string', 'number', 'boolean', 'null'] },
                { type: 'object', additionalProperties: true },
                { type: 'array' },
              ],
            },
            { type: 'null' },
          ],
        },
      },
    });
    // a self-referencing schema ends in "any value" instead of recursing forever
    const loop = { type: 'object', properties: { next: { $ref: '#' } }, required: ['next'] };
    assert.ok(JSON.stringify(convertSchema({ ...loop, $defs: {} })).length < 20000);
  });

  test('tool_choice: auto offers calls or content, required and named force a call, none or no tools = free text', () => {
    const tools = [
      { type: 'function' as const, function: { name: 'a', parameters: { type: 'object', properties: {} } } },
      { type: 'function' as const, function: { name: 'b' } },
    ];
    const auto = planTools({ tools, toolChoice: undefined, parallelToolCalls: undefined });
    assert.equal(auto.mustCall, false);
    assert.equal((auto.schema as { oneOf: unknown[] }).oneOf.length, 2);
    const named = planTools({
      tools,
      toolChoice: { type: 'function', function: { name: 'b' } },
      parallelToolCalls: false,
    });
    assert.deepEqual(
      named.tools.map((tool) => tool.function.name),
      ['b'],
    );
    assert.equal(
      (named.schema as { properties: { tool_calls: { maxItems: number } } }).properties.tool_calls.maxItems,
      1,
    );
    assert.equal(planTools({ tools, toolChoice: 'none', parallelToolCalls: undefined }).schema, undefined);
    assert.equal(planTools({ tools: [], toolChoice: 'auto', parallelToolCalls: undefined }).schema, undefined);
    assert.equal(planTools({ tools, toolChoice: 'required', parallelToolCalls: undefined }).mustCall, true);
  });

  test('nulls of optional properties are dropped, nested and in arrays; required nulls stay', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        inner: { type: 'object', properties: { x: { type: 'number' } } },
        list: { type: 'array', items: { type: 'object', properties: { y: { type: 'number' } } } },
      },
      required: ['b'],
    };
    assert.deepEqual(
      dropOptionalNulls({ a: null, b: null, inner: { x: null }, list: [{ y: null }, { y: 1 }] }, schema),
      { b: null, inner: {}, list: [{}, { y: 1 }] },
    );
    const reply = readReply({ tool_calls: [{ name: 't', arguments: { a: null, b: 'x' } }] }, [
      { type: 'function', function: { name: 't', parameters: schema } },
    ]);
    assert.deepEqual(reply, { content: null, toolCalls: [{ name: 't', arguments: { b: 'x' } }] });
    assert.deepEqual(readReply({ content: 'hi' }, []), { content: 'hi', toolCalls: [] });
  });
});

describe('wire format', () => {
  test('a number beyond a double stays a number in the arguments text (1e999), not null', () => {
    const text = argumentsText({ days: Number.POSITIVE_INFINITY, list: [Number.NEGATIVE_INFINITY, 2], name: 'x' });
    assert.equal(text, '{"days":1e999,"list":[-1e999,2],"name":"x"}');
    assert.equal(JSON.parse(text).days, Number.POSITIVE_INFINITY);
  });

  test('each tool call is two deltas: id, type and name with empty arguments, then the arguments', () => {
    const deltas = toolCallDeltas([{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }]);
    assert.deepEqual(deltas, [
      { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] },
    ]);
  });
});

describe('content stream decoder', () => {
  test('decodes {"content": "…"} across any chunking: escapes, \\u sequences and surrogate pairs cut between chunks', () => {
    const raw = '{ "content" : "Line A: 3\\n\\"ok\\" \\u00e9 \\ud83d\\ude00 上海\\\\end" }';
    const expected = 'Line A: 3\n"ok" é 😀 上海\\end';
    for (let size = 1; size <= 7; size++) {
      const decoder = new ContentStreamDecoder();
      let out = '';
      for (let index = 0; index < raw.length; index += size) {
        const piece = decoder.push(raw.slice(index, index + size));
        assert.ok(!/[\ud800-\udbff]$/.test(piece), 'never ends a delta with half a surrogate pair');
        out += piece;
      }
      assert.equal(out, expected, `chunk size ${size}`);
    }
  });

  test('a tool-call reply yields no content', () => {
    const decoder = new ContentStreamDecoder();
    assert.equal(decoder.push('{ "tool'), '');
    assert.equal(decoder.push('_calls": [{"name": "x", "arguments": {"content": "no"}}]}'), '');
    assert.ok(decoder.isOther);
  });
});

describe('chat history', () => {
  const plan = planTools({
    tools: [
      {
        type: 'function',
        function: { name: 'count', description: 'count rows', parameters: { type: 'object', properties: {} } },
      },
    ],
    toolChoice: 'auto',
    parallelToolCalls: undefined,
  });

  test('system texts merge (with the tool instructions), earlier calls are shown in the grammar shape, tool results become a user turn', () => {
    const history = toChatHistory(
      [
        { role: 'system', content: 'You are the plant assistant.' },
        { role: 'user', content: [{ type: 'text', text: 'How many?' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'count', arguments: '{"line":"A"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '42' },
      ],
      plan,
    );
    assert.equal(history.length, 5);
    assert.equal(history[0]!.type, 'system');
    assert.match(
      String((history[0] as { text: string }).text),
      /^You are the plant assistant\.\n\n# Tools\n.*count: count rows/s,
    );
    assert.deepEqual(history[2], {
      type: 'model',
      response: ['{"tool_calls":[{"name":"count","arguments":{"line":"A"}}]}'],
    });
    assert.deepEqual(history[3], { type: 'user', text: 'Tool result (count, call call_1):\n42' });
    assert.deepEqual(history[4], { type: 'model', response: [] });
  });

  test('a conversation ending with the assistant, or a tool result for no call, is refused', () => {
    assert.throws(
      () =>
        toChatHistory(
          [
            { role: 'user', content: 'x' },
            { role: 'assistant', content: 'y' },
          ],
          plan,
        ),
      /last message is from the assistant/,
    );
    assert.throws(
      () =>
        toChatHistory(
          [
            { role: 'user', content: 'x' },
            { role: 'tool', tool_call_id: 'c9', content: '1' },
          ],
          plan,
        ),
      /"c9" does not answer/,
    );
  });
});

describe('tiny GGUF and the model manifest', () => {
  test('the writer is deterministic per seed and writes a GGUF v3 header', () => {
    const one = writeTinyModel(3);
    const two = writeTinyModel(3);
    const other = writeTinyModel(4);
    try {
      assert.equal(one.entry.sha256, two.entry.sha256);
      assert.notEqual(one.entry.sha256, other.entry.sha256);
      const bytes = readFileSync(one.file);
      assert.equal(bytes.subarray(0, 4).toString('ascii'), 'GGUF');
      assert.equal(bytes.readUInt32LE(4), 3);
      assert.ok(one.entry.size > 300_000 && one.entry.size < 1_000_000);
      const manifest = JSON.parse(readFileSync(path.join(one.dir, 'manifest.json'), 'utf8')) as { models: unknown[] };
      assert.deepEqual(manifest.models, [one.entry]);
    } finally {
      for (const dir of [one.dir, two.dir, other.dir]) rmSync(dir, { recursive: true, force: true });
    }
  });

  test('checksum: ok, mismatch (names the file and both hashes), missing entry and missing manifest warn, missing file fails', async () => {
    const { dir, file, entry } = writeTinyModel();
    try {
      assert.equal((await verifyModelFile(file)).status, 'ok');
      const config = configFromObject({ llm: { embedded: { model: file } } }, dir);
      assert.equal(resolveModelFile(config), file);
      assert.equal((await checkEmbeddedModel(config)).status, 'ok');
      // first *.gguf in <root>/vendor/models when llm.embedded.model is null
      assert.equal(resolveModelFile(configFromObject({}, dir), { root: path.join(dir, 'nowhere') }), undefined);

      const wrong = 'f'.repeat(64);
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify([{ ...entry, sha256: wrong }]));
      const mismatch = await verifyModelFile(file);
      assert.equal(mismatch.status, 'fail');
      assert.ok(
        mismatch.detail.includes(file) && mismatch.detail.includes(wrong) && mismatch.detail.includes(entry.sha256),
      );
      assert.throws(
        () => requireUsableModel(mismatch),
        (error: Error & { code?: string }) => error.code === 'LLM_UNAVAILABLE' && error.message.includes(wrong),
      );

      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ models: [{ ...entry, name: 'other.gguf' }] }));
      const unlisted = await verifyModelFile(file);
      assert.equal(unlisted.status, 'warn');
      assert.match(requireUsableModel(unlisted) ?? '', /not listed/);

      rmSync(path.join(dir, 'manifest.json'));
      assert.equal((await verifyModelFile(file)).status, 'warn');
      assert.equal((await verifyModelFile(path.join(dir, 'absent.gguf'))).status, 'fail');
      const noTemplate = writeTinyGguf({ file: path.join(dir, 'plain.gguf'), chatTemplate: null });
      assert.ok(noTemplate.size < entry.size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
