/**
 * The bridge against the real `openai` SDK (and the agent's own LlmClient):
 * a request becomes a readable file, a response file becomes the reply,
 * streamed or not, with tool calls, raw text, a timeout, a malformed file
 * and a missing dir.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import pino from 'pino';
import { AppError } from '../../errors.js';
import { LlmClient } from '../client.js';
import { startBridgeServer, type BridgeServer } from './server.js';

const TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'query',
      description: 'run one read-only SELECT on the plant database',
      parameters: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] },
    },
  },
];

/** Wait for request <id> and answer it with `response` (a string is written verbatim). */
async function respond(server: BridgeServer, id: string, response: unknown): Promise<Record<string, any>> {
  const file = path.join(server.exchange.requests, `${id}.json`);
  for (let tries = 0; !existsSync(file); tries++) {
    if (tries > 6000) assert.fail(`no request ${id} appeared`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const request = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
  writeFileSync(
    path.join(server.exchange.responses, `${id}.json`),
    typeof response === 'string' ? response : JSON.stringify(response),
  );
  return request;
}

describe('llm bridge (openai SDK)', () => {
  let dir: string;
  let server: BridgeServer;
  let sdk: OpenAI;
  const log = pino({ level: 'silent' });

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bridge-'));
    server = await startBridgeServer({
      dir,
      host: '127.0.0.1',
      port: 0,
      timeoutMs: 60000,
      modelId: 'plant-model',
      log,
    });
    sdk = new OpenAI({ baseURL: server.url, apiKey: 'none', maxRetries: 0 });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('GET /v1/models lists the configured model and RESPONDER.md is written', async () => {
    const models = await sdk.models.list();
    assert.deepEqual(
      models.data.map((model) => model.id),
      ['plant-model'],
    );
    const guide = readFileSync(path.join(dir, 'RESPONDER.md'), 'utf8');
    assert.match(guide, /tool_calls/);
    assert.ok(guide.split('\n').length <= 21, 'RESPONDER.md stays about 20 lines');
  });

  test('a non-streamed tool call: the request file is readable, the call reaches the SDK', async () => {
    const call = sdk.chat.completions.create({
      model: 'plant-model',
      messages: [
        { role: 'system', content: 'You are the plant agent.' },
        { role: 'user', content: '上半年B线不良率是多少？' },
      ],
      tools: TOOLS,
      temperature: 0.2,
    });
    const request = await respond(server, '0001', {
      tool_calls: [{ function: { name: 'query', arguments: '{"sql": "SELECT 1"}' } }],
    });
    const completion = await call;
    assert.equal(request.id, '0001');
    assert.equal(request.respond_in, 'responses/0001.json');
    assert.deepEqual(request.new_messages, [{ role: 'user', content: '上半年B线不良率是多少？' }]);
    assert.deepEqual(request.tool_names, ['query']);
    assert.equal(request.params.temperature, 0.2);
    assert.equal(request.tools[0].parameters.required[0], 'sql');
    assert.match(readFileSync(path.join(server.exchange.requests, '0001.json'), 'utf8'), /^{\n {2}"id"/, 'pretty JSON');
    const choice = completion.choices[0]!;
    assert.equal(choice.finish_reason, 'tool_calls');
    assert.equal(choice.message.content, null);
    const toolCall = choice.message.tool_calls?.[0];
    assert.ok(toolCall?.type === 'function');
    assert.equal(toolCall.function.name, 'query');
    assert.equal(toolCall.function.arguments, '{"sql": "SELECT 1"}');
    assert.match(choice.message.tool_calls?.[0]?.id ?? '', /^call_/);
    assert.ok((completion.usage?.prompt_tokens ?? 0) > 10, 'the prompt tokens are estimated');
  });

  test('streamed: content in several deltas, then tool calls with object arguments, then usage', async () => {
    const streaming = (async () => {
      const stream = await sdk.chat.completions.create({
        model: 'plant-model',
        messages: [
          { role: 'user', content: 'line B defect rate' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'query', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'rows: 1' },
        ],
        tools: TOOLS,
        stream: true,
        stream_options: { include_usage: true },
      });
      const deltas: string[] = [];
      const calls: Array<{ name: string; arguments: string }> = [];
      let finish: string | null = null;
      let promptTokens = 0;
      for await (const part of stream) {
        if (part.usage) promptTokens = part.usage.prompt_tokens;
        const choice = part.choices[0];
        if (!choice) continue;
        if (choice.delta.content) deltas.push(choice.delta.content);
        for (const delta of choice.delta.tool_calls ?? []) {
          calls[delta.index] ??= { name: '', arguments: '' };
          calls[delta.index]!.name += delta.function?.name ?? '';
          calls[delta.index]!.arguments += delta.function?.arguments ?? '';
        }
        finish = choice.finish_reason ?? finish;
      }
      return { deltas, calls, finish, promptTokens };
    })();
    const text = 'Checking the second shift as well, because the first figure looks high.';
    const request = await respond(server, '0002', {
      content: text,
      tool_calls: [{ id: 'mine', type: 'function', function: { name: 'query', arguments: { sql: 'SELECT 2' } } }],
      usage: { prompt_tokens: 1234, completion_tokens: 56 },
    });
    const result = await streaming;
    assert.deepEqual(
      request.new_messages.map((message: { role: string }) => message.role),
      ['tool'],
      'only what came after the last assistant turn',
    );
    assert.equal(request.turn, 2);
    assert.ok(result.deltas.length > 1, 'the content arrives in several deltas');
    assert.equal(result.deltas.join(''), text);
    assert.deepEqual(result.calls, [{ name: 'query', arguments: '{"sql":"SELECT 2"}' }]);
    assert.equal(result.finish, 'tool_calls');
    assert.equal(result.promptTokens, 1234);
  });

  test('raw text comes back as the content, for the lenient parser to read', async () => {
    const raw = '<tool_call>\n{"name": "query", "arguments": {"sql": "SELECT 3"}}\n</tool_call>';
    const call = sdk.chat.completions.create({
      model: 'plant-model',
      messages: [{ role: 'user', content: 'q' }],
      tools: TOOLS,
    });
    await respond(server, '0003', { raw });
    const completion = await call;
    assert.equal(completion.choices[0]!.message.content, raw);
    assert.equal(completion.choices[0]!.message.tool_calls, undefined);
    assert.equal(completion.choices[0]!.finish_reason, 'stop');
  });

  test('a malformed response is refused with HTTP 502 naming the fix, and the request is marked refused', async () => {
    const call = sdk.chat.completions.create({ model: 'plant-model', messages: [{ role: 'user', content: 'q' }] });
    await respond(server, '0004', '{"tool_calls": [{"function": {"arguments": "{}"}}]}');
    await assert.rejects(call, (error: unknown) => {
      assert.ok(error instanceof OpenAI.APIError);
      assert.equal(error.status, 502);
      assert.match(error.message, /responses\/0004\.json is malformed: tool_calls\.0\.function\.name/);
      return true;
    });
    assert.ok(existsSync(path.join(server.exchange.requests, '0004.refused')));
    assert.match(readFileSync(path.join(server.exchange.requests, '0004.refused.txt'), 'utf8'), /malformed/);
    const notJson = sdk.chat.completions.create({ model: 'plant-model', messages: [{ role: 'user', content: 'q' }] });
    await respond(server, '0005', 'Sure! Here is the answer: 42');
    await assert.rejects(notJson, /502 .*not valid JSON/);
    const empty = sdk.chat.completions.create({ model: 'plant-model', messages: [{ role: 'user', content: 'q' }] });
    await respond(server, '0006', '{"content": ""}');
    await assert.rejects(empty, /neither "content" nor "tool_calls"/);
  });

  test('the agent client maps a responder timeout like any endpoint error (LLM_ERROR, HTTP 504)', async () => {
    const shortDir = mkdtempSync(path.join(os.tmpdir(), 'bridge-timeout-'));
    const short = await startBridgeServer({
      dir: shortDir,
      host: '127.0.0.1',
      port: 0,
      timeoutMs: 300,
      modelId: 'm',
      log,
    });
    try {
      const client = new LlmClient({
        baseUrl: short.url,
        model: 'm',
        timeoutMs: 30000,
        temperature: 0,
        maxTokens: 100,
      });
      await assert.rejects(client.chat({ messages: [{ role: 'user', content: 'q' }] }), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'LLM_ERROR');
        assert.match(error.message, /HTTP 504: llm bridge: no response to request 0001 within 300 ms/);
        return true;
      });
      assert.deepEqual(readdirSync(short.exchange.requests).sort(), ['0001.expired', '0001.expired.txt']);
    } finally {
      await short.close();
      rmSync(shortDir, { recursive: true, force: true });
    }
  });

  test('a missing dir refuses to start, naming the fix; a dir removed later is a 503', async () => {
    const missing = path.join(os.tmpdir(), `bridge-missing-${process.pid}`);
    await assert.rejects(
      startBridgeServer({ dir: missing, host: '127.0.0.1', port: 0, timeoutMs: 1000, modelId: 'm', log }),
      (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND' && /mkdir -p/.test(error.hint ?? ''),
    );
    const goneDir = mkdtempSync(path.join(os.tmpdir(), 'bridge-gone-'));
    const gone = await startBridgeServer({
      dir: goneDir,
      host: '127.0.0.1',
      port: 0,
      timeoutMs: 5000,
      modelId: 'm',
      log,
    });
    try {
      rmSync(goneDir, { recursive: true, force: true });
      const client = new OpenAI({ baseURL: gone.url, apiKey: 'none', maxRetries: 0 });
      await assert.rejects(
        client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'q' }] }),
        /503 .*cannot write to the exchange dir/,
      );
    } finally {
      await gone.close();
    }
    mkdirSync(goneDir, { recursive: true });
    rmSync(goneDir, { recursive: true, force: true });
  });
});
