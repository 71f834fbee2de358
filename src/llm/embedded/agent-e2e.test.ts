/**
 * The agent's real loop against the embedded service end to end: createAgent
 * (real McpManager over stdio, real openai SDK) → `llm serve` in-process on
 * the tiny random-weight model (real node-llama-cpp). A random model cannot
 * decide when to call a tool, so a small proxy in front of the service plays
 * that part only: it turns the agent's tool_choice "auto" into "call
 * line_status" on the first model call and "none" afterwards (one call per
 * turn). Everything the
 * model writes — the call's name and arguments, the final text — is
 * generated; the call must be well-formed, validated and executed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFixedNow } from '../../clock.js';
import { configFromObject } from '../../config/load.js';
import { createAgent, type AgentRuntime } from '../../agent/create.js';
import { FakeSkillEngine } from '../../agent/fixtures/fake-skill-engine.js';
import { tsxLoader } from '../../agent/fixtures/harness.js';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { startTinyService, type TinyService } from './test-fixture.js';

const fixtureServer = fileURLToPath(new URL('./fixtures/status-mcp-server.ts', import.meta.url));

interface Proxy {
  url: string;
  seen: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

async function startChoiceProxy(target: string): Promise<Proxy> {
  const seen: Array<Record<string, unknown>> = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks).toString('utf8');
    if (request.method === 'POST' && request.url?.endsWith('/chat/completions')) {
      const json = JSON.parse(body) as Record<string, unknown>;
      seen.push(json);
      if (json.tools)
        json.tool_choice = seen.length === 1 ? { type: 'function', function: { name: 'line_status' } } : 'none';
      // one call per turn: a random model repeats a call until the array's limit
      json.parallel_tool_calls = false;
      body = JSON.stringify(json);
    }
    const upstream = await fetch(`${target}${request.url!.replace(/^\/v1/, '')}`, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      body: request.method === 'GET' ? undefined : body,
    });
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    if (upstream.body) Readable.fromWeb(upstream.body as WebReadableStream).pipe(response);
    else response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the agent against the embedded model service', () => {
  let service: TinyService;
  let proxy: Proxy;
  let runtime: AgentRuntime;
  let dir: string;
  before(async () => {
    setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
    service = await startTinyService({ contextSize: 16384, parallel: 1 });
    proxy = await startChoiceProxy(service.server.url);
    dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-agent-'));
    const config = configFromObject(
      {
        plant: { name: 'Test plant', timezone: 'Asia/Shanghai' },
        state: { db: path.join(dir, 'agent.db') },
        llm: { base_url: null, model: 'local', timeout_ms: 60000, temperature: 0.2, max_tokens: 400 },
        agent: { max_steps: 3, max_retries: 0 },
        mcp: {
          shipped_servers: false,
          servers: {
            status: { command: process.execPath, args: ['--import', tsxLoader, fixtureServer], timeout_ms: 10000 },
          },
        },
        log: { level: 'silent', dir: path.join(dir, 'log') },
        audit: { flush_ms: 10 },
      },
      dir,
    );
    // llm.base_url is null: the embedded endpoint comes in as llmBaseUrl, as `serve` will pass it
    runtime = await createAgent({ config, llmBaseUrl: proxy.url, createSkills: async () => new FakeSkillEngine() });
  });
  after(async () => {
    await runtime?.close();
    await proxy?.close();
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    setFixedNow(undefined, 'UTC');
  });

  test('a full question: the model calls line_status (well-formed, executed), then writes the final answer', async () => {
    const answer = await runtime.agent.ask({ question: 'Is line B running? Use the status tool.' });
    assert.equal(answer.mode, 'model', JSON.stringify(answer));
    assert.equal(answer.tool_calls.length, 1, JSON.stringify(answer.tool_calls));
    const call = answer.tool_calls[0]!;
    assert.equal(call.name, 'line_status');
    assert.ok(['A', 'B', 'C', 'D'].includes(String(call.arguments.line)), JSON.stringify(call.arguments));
    assert.equal(call.ok, true);
    // two model calls: tools offered both times; the second carries the tool's result
    assert.equal(proxy.seen.length, 2);
    assert.ok(Array.isArray(proxy.seen[0]!.tools) && (proxy.seen[0]!.tools as unknown[]).length >= 1);
    assert.match(JSON.stringify(proxy.seen[1]!.messages), /running, 2 stops today/);
    assert.equal(answer.error, undefined);
    assert.ok(answer.answer.length > 0);
    runtime.audit.flush();
    const rows = runtime.db
      .prepare('SELECT tool_name, success FROM tool_call_log WHERE trace_id = ?')
      .all(answer.trace_id) as Array<{ tool_name: string; success: number }>;
    assert.deepEqual(rows, [{ tool_name: 'line_status', success: 1 }]);
  });
});
