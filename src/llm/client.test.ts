import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError, type AppError } from '../errors.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';
import { LlmClient } from './client.js';
import { ModelGate, meansModelDown } from './availability.js';

function clientFor(url: string, overrides: Partial<ConstructorParameters<typeof LlmClient>[0]> = {}): LlmClient {
  return new LlmClient({
    baseUrl: url,
    model: 'scripted',
    timeoutMs: 2000,
    temperature: 0.3,
    maxTokens: 256,
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isAppError(error), `an AppError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

const tools = [
  {
    name: 'count_records',
    description: 'Count records.',
    parameters: { type: 'object', properties: { line: { type: 'string' } }, required: ['line'] },
  },
];

describe('LlmClient against the scripted server', () => {
  let server: ScriptedLlmServer;
  before(async () => {
    server = await startScriptedLlmServer();
  });
  after(async () => {
    await server.close();
  });

  test('non-streaming: text, model, temperature, max_tokens and tools reach the endpoint; a dummy key is sent', async () => {
    server.push(turn.text('Line A made 1200 pcs.'));
    const response = await clientFor(server.url).chat({
      messages: [{ role: 'user', content: 'output?' }],
      tools,
      temperature: 0.15,
    });
    assert.equal(response.content, 'Line A made 1200 pcs.');
    assert.deepEqual(response.toolCalls, []);
    assert.equal(response.finishReason, 'stop');
    const request = server.chatRequests().at(-1)!;
    assert.equal(request.body.model, 'scripted');
    assert.equal(request.temperature, 0.15);
    assert.equal(request.body.max_tokens, 256);
    assert.equal(request.stream, false);
    assert.equal(request.tools[0]?.function.name, 'count_records');
    assert.equal(request.headers.authorization, 'Bearer sk-no-key-required');
  });

  test('a configured API key is sent as the bearer token', async () => {
    server.push(turn.text('ok'));
    await clientFor(server.url, { apiKey: 'secret-1' }).chat({ messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(server.chatRequests().at(-1)!.headers.authorization, 'Bearer secret-1');
  });

  test('streaming: tokens arrive in order and tool-call deltas are assembled', async () => {
    server.push({
      content: 'Let me count. ',
      toolCalls: [
        { name: 'count_records', arguments: { line: 'A', days: 7 } },
        { name: 'count_records', arguments: '{"line": "B"}' },
      ],
    });
    const tokens: string[] = [];
    const response = await clientFor(server.url).chat({
      messages: [{ role: 'user', content: 'count' }],
      tools,
      stream: true,
      onToken: (text) => tokens.push(text),
    });
    assert.equal(tokens.join(''), 'Let me count. ');
    assert.ok(tokens.length > 1, 'several chunks');
    assert.equal(response.toolCalls.length, 2);
    assert.equal(response.toolCalls[0]!.name, 'count_records');
    assert.deepEqual(JSON.parse(response.toolCalls[0]!.arguments), { line: 'A', days: 7 });
    assert.equal(response.toolCalls[1]!.arguments, '{"line": "B"}');
    assert.match(response.toolCalls[0]!.id, /^call_/);
    assert.equal(response.finishReason, 'tool_calls');
    assert.ok(response.usage && response.usage.promptTokens > 0);
    assert.equal(server.chatRequests().at(-1)!.stream, true);
  });

  test('malformed native arguments are passed on verbatim for the lenient parser', async () => {
    server.push(turn.call('count_records', "{'line': 'A',}"));
    const response = await clientFor(server.url).chat({ messages: [{ role: 'user', content: 'count' }], tools });
    assert.equal(response.toolCalls[0]!.arguments, "{'line': 'A',}");
  });

  test('HTTP 500 → LLM_ERROR with the status and message, and no SDK retry', async () => {
    server.push(turn.status(500, 'model crashed'));
    const before = server.chatRequests().length;
    const error = await rejection(clientFor(server.url).chat({ messages: [{ role: 'user', content: 'x' }] }));
    assert.equal(error.code, 'LLM_ERROR');
    assert.match(error.message, /HTTP 500: model crashed/);
    assert.equal(error.details?.status, 500);
    assert.equal(server.chatRequests().length, before + 1, 'exactly one request');
    assert.equal(meansModelDown(error), true);
  });

  test('HTTP 400 → LLM_ERROR that does not mean the model is down', async () => {
    server.push(turn.status(400, 'context length exceeded'));
    const error = await rejection(clientFor(server.url).chat({ messages: [{ role: 'user', content: 'x' }] }));
    assert.equal(error.code, 'LLM_ERROR');
    assert.equal(meansModelDown(error), false);
  });

  test('slow headers → LLM_TIMEOUT after timeout_ms', async () => {
    server.push(turn.text('late', { delayMs: 1500 }));
    const started = performance.now();
    const error = await rejection(
      clientFor(server.url, { timeoutMs: 200 }).chat({ messages: [{ role: 'user', content: 'x' }] }),
    );
    assert.equal(error.code, 'LLM_TIMEOUT');
    assert.match(error.message, /within 200 ms/);
    assert.ok(performance.now() - started < 1400);
  });

  test('a stream that stalls after the headers also times out (the timer covers the body)', async () => {
    server.push(turn.text('a b c d e f g h i j', { chunkDelayMs: 400, chunkSize: 2 }));
    const error = await rejection(
      clientFor(server.url, { timeoutMs: 300 }).chat({ messages: [{ role: 'user', content: 'x' }], stream: true }),
    );
    assert.equal(error.code, 'LLM_TIMEOUT');
  });

  test('a connection dropped before or during the answer → LLM_UNAVAILABLE', async () => {
    server.push({ content: 'never', drop: 'before-response' });
    assert.equal(
      (await rejection(clientFor(server.url).chat({ messages: [{ role: 'user', content: 'x' }] }))).code,
      'LLM_UNAVAILABLE',
    );
    server.push({ content: 'a long answer that is cut off midway', drop: 'mid-stream', chunkSize: 4 });
    const error = await rejection(
      clientFor(server.url).chat({ messages: [{ role: 'user', content: 'x' }], stream: true }),
    );
    assert.equal(error.code, 'LLM_UNAVAILABLE');
  });

  test('the caller’s AbortSignal cancels the call → CANCELLED', async () => {
    server.push(turn.text('slow', { delayMs: 2000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await rejection(
      clientFor(server.url).chat({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal }),
    );
    assert.equal(error.code, 'CANCELLED');
    assert.ok(performance.now() - started < 1500);
    assert.equal(
      (await rejection(clientFor(server.url).chat({ messages: [], signal: AbortSignal.abort() }))).code,
      'CANCELLED',
    );
  });

  test('concurrency: calls beyond the limit wait for a free slot', async () => {
    server.push(turn.text('one', { delayMs: 150 }), turn.text('two', { delayMs: 150 }));
    const client = clientFor(server.url, { concurrency: 1 });
    const started = performance.now();
    const answers = await Promise.all([
      client.chat({ messages: [{ role: 'user', content: '1' }] }),
      client.chat({ messages: [{ role: 'user', content: '2' }] }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.content).sort(), ['one', 'two']);
    assert.ok(performance.now() - started >= 290, 'one after the other');
  });

  test('an endpoint that refuses native tools is asked again without them, and later calls skip them', async () => {
    server.push(
      turn.status(400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'),
      turn.text('{"name": "count_records", "arguments": {"line": "A"}}'),
      turn.text('second'),
    );
    const client = clientFor(server.url);
    const before = server.chatRequests().length;
    const response = await client.chat({ messages: [{ role: 'user', content: 'count' }], tools });
    assert.equal(response.content, '{"name": "count_records", "arguments": {"line": "A"}}');
    assert.equal(client.usesNativeTools, false);
    await client.chat({ messages: [{ role: 'user', content: 'again' }], tools });
    const requests = server.chatRequests().slice(before);
    assert.deepEqual(
      requests.map((request) => [request.tools.length, request.body.tool_choice ?? null]),
      [
        [1, 'auto'],
        [0, null],
        [0, null],
      ],
    );
  });

  test('probe: a listed model is reachable', async () => {
    const probe = await clientFor(server.url).probe();
    assert.equal(probe.ok, true);
    assert.ok(probe.ok && probe.models.includes('scripted') && probe.modelListed);
    assert.equal(server.requests.at(-1)!.path, '/v1/models');
  });
});

describe('probe and the model gate when the endpoint is down', () => {
  test('connection refused → LLM_UNAVAILABLE, never a throw', async () => {
    const server = await startScriptedLlmServer();
    const url = server.url;
    await server.close();
    const client = clientFor(url);
    const probe = await client.probe();
    assert.equal(probe.ok, false);
    assert.equal(!probe.ok && probe.error.code, 'LLM_UNAVAILABLE');
    assert.match(
      !probe.ok ? probe.error.message : '',
      /cannot reach the model at http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)/,
    );
    assert.equal(
      (await rejection(client.chat({ messages: [{ role: 'user', content: 'x' }] }))).code,
      'LLM_UNAVAILABLE',
    );
  });

  test('the gate says so once, re-probes after the interval and announces the model is back', async () => {
    const server = await startScriptedLlmServer();
    server.setDown(true);
    let clock = 0;
    const gate = new ModelGate({ client: clientFor(server.url), reprobeMs: 60_000, clock: () => clock });
    try {
      const first = await gate.status();
      assert.equal(first.available, false);
      assert.match(first.notice ?? '', /no model is reachable/);
      clock = 30_000;
      const second = await gate.status();
      assert.equal(second.available, false);
      assert.equal(second.notice, undefined, 'said once');
      const probes = server.requests.filter((request) => request.path === '/v1/models').length;
      assert.equal(probes, 1, 'not probed again within the interval');
      server.setDown(false);
      clock = 61_000;
      const third = await gate.status();
      assert.equal(third.available, true);
      assert.match(third.notice ?? '', /reachable again/);
      assert.equal((await gate.status()).notice, undefined);
    } finally {
      await server.close();
    }
  });

  test('no endpoint configured: rules only, said once, never probed', async () => {
    const gate = new ModelGate({ client: null });
    const first = await gate.status();
    assert.equal(first.available, false);
    assert.match(first.notice ?? '', /llm\.base_url is null/);
    assert.equal((await gate.status()).notice, undefined);
    assert.equal(LlmClient.fromConfig({ llm: { base_url: null } as never }), null);
  });

  test('a 404 on /models (a server without the route) still counts as reachable', async () => {
    const server = await startScriptedLlmServer();
    try {
      const client = clientFor(`http://127.0.0.1:${server.port}/nothing-here`);
      const probe = await client.probe();
      assert.equal(probe.ok, true);
    } finally {
      await server.close();
    }
  });
});
