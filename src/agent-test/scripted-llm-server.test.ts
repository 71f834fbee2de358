import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { lastUserText, startScriptedLlmServer, turn } from './scripted-llm-server.js';

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

test('streams SSE frames shaped like the OpenAI API, tool-call deltas included, ending in [DONE]', async () => {
  const server = await startScriptedLlmServer({
    turns: [{ content: 'Hi there', toolCalls: [{ id: 'call_1', name: 'lookup', arguments: { q: 'x' } }] }],
  });
  try {
    const response = await post(server.url, {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello' }],
    });
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const text = await response.text();
    const frames = text.split('\n\n').filter(Boolean);
    assert.ok(frames.every((frame) => frame.startsWith('data: ')));
    assert.equal(frames.at(-1), 'data: [DONE]');
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.slice(6)));
    assert.ok(
      chunks.every(
        (chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0].id && chunk.model === 'm',
      ),
    );
    assert.deepEqual(chunks[0].choices[0].delta, { role: 'assistant', content: '', refusal: null });
    const content = chunks.flatMap((chunk) => chunk.choices.map((choice: any) => choice.delta.content ?? '')).join('');
    assert.equal(content, 'Hi there');
    const toolDeltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice: any) => choice.delta.tool_calls ?? []));
    assert.deepEqual(toolDeltas[0], {
      index: 0,
      id: 'call_1',
      type: 'function',
      function: { name: 'lookup', arguments: '' },
    });
    assert.equal(toolDeltas.map((delta: any) => delta.function.arguments).join(''), '{"q":"x"}');
    const finish = chunks.find((chunk) => chunk.choices[0]?.finish_reason);
    assert.equal(finish.choices[0].finish_reason, 'tool_calls');
    const usage = chunks.at(-1);
    assert.deepEqual(usage.choices, []);
    assert.ok(usage.usage.total_tokens > 0);
  } finally {
    await server.close();
  }
});

test('plays turns in order, matched turns first, repeating turns stay; records every request', async () => {
  const server = await startScriptedLlmServer({
    turns: [
      turn.text('first'),
      turn.text('second'),
      turn.text('about line B', { match: (request) => /line B/.test(lastUserText(request)), repeat: true }),
    ],
  });
  const client = new OpenAI({ baseURL: server.url, apiKey: 'x', maxRetries: 0 });
  try {
    const ask = async (content: string, temperature?: number) =>
      (await client.chat.completions.create({ model: 'scripted', messages: [{ role: 'user', content }], temperature }))
        .choices[0]!.message.content;
    assert.equal(await ask('line B please'), 'about line B');
    assert.equal(await ask('anything', 0.7), 'first');
    assert.equal(await ask('line B again'), 'about line B');
    assert.equal(await ask('more'), 'second');
    assert.equal(server.remaining(), 1, 'the repeating turn stays');
    const requests = server.chatRequests();
    assert.equal(requests.length, 4);
    assert.equal(requests[1]!.temperature, 0.7);
    assert.equal(lastUserText(requests[3]!), 'more');
    assert.deepEqual(
      requests.map((request) => request.turn),
      [2, 0, 2, 1],
    );
  } finally {
    await server.close();
  }
});

test('no turn left → HTTP 500 that says so; a fallback turn answers instead when given', async () => {
  const server = await startScriptedLlmServer();
  try {
    const response = await post(server.url, { model: 'm', messages: [] });
    assert.equal(response.status, 500);
    assert.match(((await response.json()) as any).error.message, /no scripted turn left/);
  } finally {
    await server.close();
  }
  const withFallback = await startScriptedLlmServer({ fallback: turn.text('default') });
  try {
    const body = (await (await post(withFallback.url, { model: 'm', messages: [] })).json()) as any;
    assert.equal(body.choices[0].message.content, 'default');
    assert.equal(body.object, 'chat.completion');
  } finally {
    await withFallback.close();
  }
});

test('lists models, answers unknown routes with 404, and errors with an OpenAI error body', async () => {
  const server = await startScriptedLlmServer({
    models: ['qwen2.5-7b-instruct'],
    turns: [turn.status(503, 'loading model')],
  });
  try {
    const models = (await (await fetch(`${server.url}/models`)).json()) as any;
    assert.deepEqual(
      models.data.map((model: any) => model.id),
      ['qwen2.5-7b-instruct'],
    );
    assert.equal((await fetch(`${server.url}/nothing`)).status, 404);
    const failed = await post(server.url, { model: 'm', messages: [] });
    assert.equal(failed.status, 503);
    assert.deepEqual(((await failed.json()) as any).error.message, 'loading model');
  } finally {
    await server.close();
  }
});

test('setDown destroys connections without an answer; close frees the port', async () => {
  const server = await startScriptedLlmServer({ turns: [turn.text('x', { repeat: true })] });
  server.setDown(true);
  await assert.rejects(post(server.url, { model: 'm', messages: [] }));
  server.setDown(false);
  assert.equal((await post(server.url, { model: 'm', messages: [] })).status, 200);
  await server.close();
  await assert.rejects(post(server.url, { model: 'm', messages: [] }));
});
