/**
 * The embedded service end to end in-process: the tiny random-weight GGUF
 * (written by the test), the REAL node-llama-cpp, node:http, and the real
 * `openai` SDK as the client. The model's text is gibberish; what is checked
 * is the protocol: schema-valid tool calls (by the grammar), the SSE shape,
 * errors, concurrency, the queue and cancellation.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import OpenAI, { APIError } from 'openai';
import { startTinyService, type TinyService } from './test-fixture.js';

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', enum: ['Paris', 'Berlin', '上海'] },
        days: { type: 'integer' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    },
  },
};

const lineTool = {
  type: 'function' as const,
  function: {
    name: 'count_records',
    description: 'Count the inspection records of a line',
    parameters: {
      type: 'object',
      properties: { line: { type: 'string', enum: ['A', 'B', 'C', 'D'] }, urgent: { type: 'boolean' } },
      required: ['line', 'urgent'],
    },
  },
};

const ajv = new Ajv({ strict: false });

function assertValidCall(
  call: { function: { name: string; arguments: string } },
  tool: typeof weatherTool | typeof lineTool,
): void {
  assert.equal(call.function.name, tool.function.name);
  const args = JSON.parse(call.function.arguments) as unknown;
  const validate = ajv.compile(tool.function.parameters);
  assert.ok(
    validate(args),
    `arguments ${call.function.arguments} break the schema: ${ajv.errorsText(validate.errors)}`,
  );
}

async function health(
  service: TinyService,
): Promise<{ active: number; queued: number; cancelled: number; completed: number }> {
  const response = await fetch(`${service.server.url.replace(/\/v1$/, '')}/health`);
  return (await response.json()) as { active: number; queued: number; cancelled: number; completed: number };
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 20000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('llm serve (in-process, tiny model, real node-llama-cpp + openai SDK)', () => {
  let service: TinyService;
  let client: OpenAI;
  before(async () => {
    service = await startTinyService({ contextSize: 2048, parallel: 2, queueMax: 1 });
    client = new OpenAI({ baseURL: service.server.url, apiKey: 'unused', maxRetries: 0, timeout: 30000 });
  });
  after(async () => {
    await service?.close();
  });

  test('a forced tool call comes back schema-valid (non-streaming), optional nulls dropped', async () => {
    // fixed seeds: the random model is deterministic per seed. (Seed 3 makes it write an
    // exponent beyond a double, which the grammar allows: passed on as 1e999 for the
    // caller's validation to refuse — see the argumentsText test.)
    for (const seed of [1, 2, 4]) {
      const completion = await client.chat.completions.create({
        model: 'local',
        messages: [{ role: 'user', content: `What is the weather in Paris? (${seed})` }],
        tools: [weatherTool],
        tool_choice: 'required',
        temperature: 0.8,
        seed,
        max_tokens: 800,
      });
      const choice = completion.choices[0]!;
      assert.equal(choice.finish_reason, 'tool_calls');
      assert.equal(choice.message.content, null);
      assert.ok(choice.message.tool_calls && choice.message.tool_calls.length >= 1);
      for (const call of choice.message.tool_calls!) {
        assert.equal(call.type, 'function');
        assert.match(call.id, /^call_[0-9a-f]{24}$/);
        if (call.type === 'function') {
          assertValidCall(call, weatherTool);
          assert.ok(
            !Object.values(JSON.parse(call.function.arguments) as object).includes(null),
            'nulls for optional properties are dropped',
          );
        }
      }
      assert.ok(completion.usage!.prompt_tokens > 0 && completion.usage!.completion_tokens > 0);
    }
  });

  test('a streamed tool call: SDK deltas assemble into a schema-valid call, finish_reason tool_calls, usage chunk, [DONE]', async () => {
    const stream = await client.chat.completions.create({
      model: 'local',
      messages: [{ role: 'user', content: 'Count line B records' }],
      tools: [weatherTool, lineTool],
      tool_choice: { type: 'function', function: { name: 'count_records' } },
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 800,
    });
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let finish: string | null = null;
    let sawRole = false;
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta.role === 'assistant') sawRole = true;
      for (const delta of choice.delta.tool_calls ?? []) {
        const current = calls.get(delta.index) ?? { id: '', name: '', arguments: '' };
        if (delta.id) current.id = delta.id;
        if (delta.function?.name) current.name += delta.function.name;
        if (delta.function?.arguments) current.arguments += delta.function.arguments;
        calls.set(delta.index, current);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    assert.ok(sawRole);
    assert.equal(finish, 'tool_calls');
    assert.ok(calls.size >= 1);
    for (const call of calls.values()) assertValidCall({ function: call }, lineTool);
    assert.ok(usage && (usage as { total_tokens: number }).total_tokens > 0);

    // the raw wire: the stream ends with data: [DONE]
    const raw = await fetch(`${service.server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ role: 'user', content: 'x' }],
        tools: [lineTool],
        tool_choice: 'required',
        stream: true,
        max_tokens: 800,
      }),
    });
    assert.equal(raw.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const text = await raw.text();
    assert.ok(text.endsWith('data: [DONE]\n\n'));
    const events = text
      .trim()
      .split('\n\n')
      .map((line) => line.replace(/^data: /, ''));
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event) as {
          object: string;
          choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
        },
    );
    assert.ok(chunks.every((chunk) => chunk.object === 'chat.completion.chunk'));
    assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
    assert.deepEqual(chunks.at(-1)!.choices[0]!.delta, {});
  });

  test('text answers: free text without tools, streamed deltas equal the whole, and {"content"} decoded under tool_choice auto', async () => {
    const whole = await client.chat.completions.create({
      model: 'tiny-test',
      messages: [{ role: 'user', content: 'hello' }],
      max_tokens: 24,
      seed: 5,
      temperature: 0,
    });
    assert.equal(whole.choices[0]!.finish_reason, 'length');
    assert.ok((whole.choices[0]!.message.content ?? '').length > 0);
    assert.equal(whole.usage!.completion_tokens, 24);
    const stream = await client.chat.completions.create({
      model: 'tiny-test',
      messages: [{ role: 'user', content: 'hello' }],
      max_tokens: 24,
      seed: 5,
      temperature: 0,
      stream: true,
    });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(text, whole.choices[0]!.message.content);
    assert.equal(finish, 'length');
    // tool_choice none: tools are ignored, plain text
    const none = await client.chat.completions.create({
      model: 'local',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [weatherTool],
      tool_choice: 'none',
      max_tokens: 8,
    });
    assert.equal(none.choices[0]!.message.tool_calls, undefined);
    // auto: either a schema-valid call or an answer (never JSON in the content)
    for (const seed of [11, 12, 13, 14]) {
      const auto = await client.chat.completions.create({
        model: 'local',
        messages: [{ role: 'user', content: 'weather?' }],
        tools: [weatherTool],
        max_tokens: 200,
        seed,
        temperature: 1,
      });
      const choice = auto.choices[0]!;
      if (choice.finish_reason === 'tool_calls')
        for (const call of choice.message.tool_calls!)
          if (call.type === 'function') assertValidCall(call, weatherTool);
          else
            assert.ok(
              !String(choice.message.content ?? '').startsWith('{"content"'),
              'the content is decoded, not the JSON envelope',
            );
    }
  });

  test('GET /v1/models and /health', async () => {
    const models = await client.models.list();
    assert.deepEqual(
      models.data.map((model) => model.id),
      ['tiny-test'],
    );
    const retrieved = await client.models.retrieve('local');
    assert.equal(retrieved.id, 'local');
    const state = await health(service);
    assert.equal((state as unknown as { status: string }).status, 'ok');
    assert.equal((state as unknown as { context_size: number }).context_size, 2048);
  });

  test('errors: bad JSON, unknown model, bad messages, unknown tool_call_id, unknown tool_choice, context too long, unknown URL', async () => {
    const post = (body: string) =>
      fetch(`${service.server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const badJson = await post('{"messages": [');
    assert.equal(badJson.status, 400);
    const badJsonBody = (await badJson.json()) as {
      error: { type: string; code: string; message: string; param: unknown };
    };
    assert.equal(badJsonBody.error.type, 'invalid_request_error');
    assert.equal(badJsonBody.error.code, 'invalid_json');
    assert.equal(badJsonBody.error.param, null);

    await assert.rejects(
      client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
      (error: unknown) => {
        assert.ok(error instanceof APIError);
        assert.equal(error.status, 404);
        assert.equal(error.code, 'model_not_found');
        assert.match(error.message, /serves "tiny-test"/);
        return true;
      },
    );

    const badRole = await post(JSON.stringify({ messages: [{ role: 'robot', content: 'x' }] }));
    assert.equal(badRole.status, 400);
    assert.equal(((await badRole.json()) as { error: { param: string } }).error.param, 'messages[0].role');
    const empty = await post(JSON.stringify({ messages: [] }));
    assert.equal(empty.status, 400);
    const orphan = await post(
      JSON.stringify({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'tool', tool_call_id: 'call_nope', content: '1' },
        ],
      }),
    );
    assert.equal(orphan.status, 400);
    assert.match(((await orphan.json()) as { error: { message: string } }).error.message, /call_nope/);
    const wrongChoice = await post(
      JSON.stringify({
        messages: [{ role: 'user', content: 'x' }],
        tools: [weatherTool],
        tool_choice: { type: 'function', function: { name: 'nope' } },
      }),
    );
    assert.equal(wrongChoice.status, 400);

    await assert.rejects(
      client.chat.completions.create({ model: 'local', messages: [{ role: 'user', content: 'word '.repeat(800) }] }),
      (error: unknown) => {
        assert.ok(error instanceof APIError);
        assert.equal(error.status, 400);
        assert.equal(error.code, 'context_length_exceeded');
        assert.match(error.message, /context is 2048 tokens; the messages take \d+/);
        return true;
      },
    );
    await assert.rejects(
      client.chat.completions.create({
        model: 'local',
        messages: [{ role: 'user', content: 'short' }],
        max_tokens: 5000,
      }),
      (error: unknown) => {
        assert.ok(error instanceof APIError);
        assert.equal(error.code, 'context_length_exceeded');
        assert.equal((error.error as { param?: string }).param, 'max_tokens');
        return true;
      },
    );
    const unknownUrl = await fetch(`${service.server.url}/completions`, { method: 'POST', body: '{}' });
    assert.equal(unknownUrl.status, 404);
    // the service is still fine
    const after = await client.chat.completions.create({
      model: 'local',
      messages: [{ role: 'user', content: 'still there?' }],
      max_tokens: 4,
    });
    assert.equal(after.choices[0]!.finish_reason, 'length');
  });

  test('two requests decode at once; a third waits (FIFO), a fourth finds the queue full: 503 with Retry-After', async () => {
    const long = (content: string, signal?: AbortSignal) =>
      client.chat.completions.create(
        { model: 'local', messages: [{ role: 'user', content }], max_tokens: 600, temperature: 1 },
        signal ? { signal } : undefined,
      );
    const first = long('one');
    const second = long('two');
    await waitFor('two active generations', async () => (await health(service)).active === 2);
    const third = long('three');
    await waitFor('one queued request', async () => (await health(service)).queued === 1);
    const fourth = await fetch(`${service.server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [{ role: 'user', content: 'four' }], max_tokens: 5 }),
    });
    assert.equal(fourth.status, 503);
    assert.equal(fourth.headers.get('retry-after'), '2');
    assert.equal(((await fourth.json()) as { error: { code: string } }).error.code, 'server_overloaded');
    const results = await Promise.all([first, second, third]);
    for (const result of results) assert.equal(result.choices[0]!.finish_reason, 'length');
    const state = await health(service);
    assert.equal(state.active, 0);
    assert.equal(state.queued, 0);
  });

  test('a client that disconnects cancels its generation (and its place in the queue)', async () => {
    const before = await health(service);
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'local', messages: [{ role: 'user', content: 'go on forever' }], max_tokens: 1500, stream: true },
      { signal: controller.signal },
    );
    let chunks = 0;
    try {
      for await (const _chunk of stream) {
        chunks++;
        if (chunks === 3) controller.abort();
      }
    } catch (error) {
      assert.equal((error as Error).name, 'APIUserAbortError');
    }
    assert.equal(chunks, 3, 'the stream stopped when the client aborted');
    await waitFor('the generation to be cancelled', async () => {
      const state = await health(service);
      return state.active === 0 && state.cancelled === before.cancelled + 1;
    });
    assert.equal((await health(service)).completed, before.completed, 'it did not run to the end');
  });
});
