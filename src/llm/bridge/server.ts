/**
 * `llm bridge`: an OpenAI-compatible endpoint whose model is whoever answers
 * the files in the exchange dir (exchange.ts). The agent talks to it through
 * the real `openai` SDK exactly as to vLLM or the embedded service:
 *   POST /v1/chat/completions   (stream or not; tools), GET /v1/models, GET /health.
 * The reply is built by the embedded service's wire-format helpers
 * (../embedded/openai-format.ts), so content, tool-call deltas, finish reasons
 * and usage have the same shape. Errors are OpenAI error bodies:
 *   400 bad request · 502 malformed response file · 503 exchange dir gone ·
 *   504 no response within the timeout · 499 the client went away.
 * Usage is the responder's if it wrote one, else estimated (about 4 characters
 * per token, one per CJK character: no tokenizer here).
 */
import http from 'node:http';
import { AppError, toAppError } from '../../errors.js';
import { now } from '../../clock.js';
import type { Logger } from '../../log/index.js';
import {
  chunk,
  completion,
  completionId,
  created,
  toolCallDeltas,
  toolCallId,
  usage,
  wireError,
  type ToolCallOut,
  type WireError,
} from '../embedded/openai-format.js';
import { type ChatRequest } from '../embedded/request-schema.js';
import { listen, parseRequest, readBody, sendJson } from '../embedded/http-io.js';
import {
  awaitResponse,
  lastRequestNumber,
  markRequest,
  openExchangeDir,
  requestId,
  writeRequest,
  type BridgeReply,
  type ExchangeDir,
} from './exchange.js';

export interface BridgeServerOptions {
  dir: string;
  host: string;
  /** 0 = any free port */
  port: number;
  /** how long to wait for a response file */
  timeoutMs: number;
  /** the id GET /v1/models lists (the agent's llm.model) */
  modelId: string;
  log: Logger;
  bodyLimitBytes?: number;
}

export interface BridgeServer {
  url: string;
  port: number;
  exchange: ExchangeDir;
  close(): Promise<void>;
}

/** Rough token count without a tokenizer: CJK characters count one each, the rest one per 4 characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** The bridge's own statuses on top of the embedded service's mapping. */
function bridgeWireError(error: unknown): WireError {
  const appError = toAppError(error);
  const message = appError.hint ? `${appError.message} (${appError.hint})` : appError.message;
  const own = (status: number, code: string): WireError => ({
    status,
    body: { error: { message, type: 'server_error', param: null, code } },
    headers: {},
    internal: false,
  });
  if (appError.code === 'LLM_TIMEOUT') return own(504, 'responder_timeout');
  if (appError.code === 'LLM_ERROR' && appError.details?.code === 'malformed_response')
    return own(502, 'malformed_response');
  if (appError.code === 'LLM_UNAVAILABLE') return own(503, 'exchange_dir_unavailable');
  return wireError(appError);
}

/** The request file: what a responder needs first comes first; the tools (long) come last. */
function requestFile(id: string, body: ChatRequest): Record<string, unknown> {
  const messages = body.messages;
  let lastAssistant = -1;
  messages.forEach((message, index) => {
    if (message.role === 'assistant') lastAssistant = index;
  });
  const fresh = messages.slice(lastAssistant + 1).filter((message) => message.role !== 'system');
  return {
    id,
    received_at: now().toISOString(),
    respond_in: `responses/${id}.json`,
    turn: messages.filter((message) => message.role === 'assistant').length + 1,
    new_messages: fresh,
    params: {
      model: body.model,
      stream: body.stream === true,
      temperature: body.temperature,
      max_tokens: body.max_completion_tokens ?? body.max_tokens,
      tool_choice: body.tool_choice,
    },
    tool_names: (body.tools ?? []).map((tool) => tool.function.name),
    messages,
    tools: (body.tools ?? []).map((tool) => ({
      name: tool.function.name,
      description: tool.function.description,
      parameters: tool.function.parameters,
    })),
  };
}

export async function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const { log } = options;
  const exchange = openExchangeDir(options.dir);
  const limit = options.bodyLimitBytes ?? 8 * 1024 * 1024;
  let counter = lastRequestNumber(exchange);
  const running = new Set<AbortController>();
  const modelCard = { id: options.modelId, object: 'model', created: 0, owned_by: 'airgap-agent-bridge' };

  async function chatCompletion(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    controller: AbortController,
  ): Promise<void> {
    const body = parseRequest(await readBody(request, limit));
    counter += 1;
    const id = requestId(counter);
    const requestLog = log.child({ request: id });
    const started = performance.now();
    writeRequest(exchange, id, requestFile(id, body));
    requestLog.info({ messages: body.messages.length, tools: body.tools?.length ?? 0 }, 'bridge-request-written');
    let reply: BridgeReply;
    try {
      ({ reply } = await awaitResponse(exchange, { id, timeoutMs: options.timeoutMs, signal: controller.signal }));
    } catch (error) {
      const appError = toAppError(error);
      const state =
        appError.code === 'CANCELLED' ? 'cancelled' : appError.code === 'LLM_TIMEOUT' ? 'expired' : 'refused';
      markRequest(exchange, {
        id,
        state,
        reason: appError.hint ? `${appError.message} (${appError.hint})` : appError.message,
      });
      throw error;
    }
    const base = { id: completionId(), created: created(), model: body.model ?? options.modelId };
    const toolCalls: ToolCallOut[] = reply.toolCalls.map((call) => ({
      id: call.id ?? toolCallId(),
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    const totals = reply.usage
      ? usage(reply.usage.prompt_tokens, reply.usage.completion_tokens)
      : usage(
          estimateTokens(JSON.stringify(body.messages)) + estimateTokens(JSON.stringify(body.tools ?? [])),
          estimateTokens(reply.content) + estimateTokens(toolCalls.map((call) => call.function.arguments).join('')),
        );
    requestLog.info(
      {
        tool_calls: toolCalls.map((call) => call.function.name),
        finish: reply.finishReason,
        prompt_tokens: totals.prompt_tokens,
        completion_tokens: totals.completion_tokens,
        wait_ms: Math.round(performance.now() - started),
      },
      'bridge-response-sent',
    );
    if (body.stream !== true) {
      sendJson(response, {
        status: 200,
        body: completion({
          ...base,
          content: reply.content === '' && toolCalls.length > 0 ? null : reply.content,
          toolCalls,
          finishReason: reply.finishReason,
          usage: totals,
        }),
      });
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (data: unknown): void => {
      if (!response.writableEnded && !response.destroyed) response.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    send(chunk(base, { role: 'assistant', content: '', refusal: null }));
    // the content in pieces, as a model streams it (the agent's token gate sees several deltas)
    for (let at = 0; at < reply.content.length; at += 24)
      send(chunk(base, { content: reply.content.slice(at, at + 24) }));
    for (const delta of toolCallDeltas(toolCalls)) send(chunk(base, delta));
    send(chunk(base, {}, reply.finishReason));
    if (body.stream_options?.include_usage === true) {
      send({ ...chunk(base, {}), choices: [], usage: totals });
    }
    if (!response.writableEnded) response.end('data: [DONE]\n\n');
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
    if (route === 'GET /health' || route === 'GET /v1/health') {
      sendJson(response, {
        status: 200,
        body: { status: 'ok', bridge: exchange.dir, model: options.modelId, requests: counter },
      });
      return;
    }
    if (route === 'GET /v1/models') {
      sendJson(response, { status: 200, body: { object: 'list', data: [modelCard] } });
      return;
    }
    if (route !== 'POST /v1/chat/completions') {
      sendJson(response, {
        status: 404,
        body: {
          error: {
            message:
              `unknown request URL: ${request.method} ${url.pathname}` +
              ' (the bridge answers POST /v1/chat/completions, GET /v1/models, GET /health)',
            type: 'invalid_request_error',
            param: null,
            code: 'unknown_url',
          },
        },
      });
      return;
    }
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    running.add(controller);
    try {
      await chatCompletion(request, response, controller);
    } catch (error) {
      const wire = bridgeWireError(error);
      if (wire.internal) log.error({ err: error }, 'bridge-request-failed');
      else
        log.warn(
          { status: wire.status, code: wire.body.error.code, message: wire.body.error.message },
          'bridge-refused',
        );
      sendJson(response, { status: wire.status, body: wire.body, headers: wire.headers });
    } finally {
      running.delete(controller);
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'bridge-request-failed');
      if (!response.headersSent) sendJson(response, { status: 500, body: wireError(error).body });
      else response.destroy();
    });
  });
  const { address, urlHost: host } = await listen(server, options);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}/v1`,
    port: address.port,
    exchange,
    close: () => {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const controller of running) controller.abort();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}
