/**
 * The embedded model's OpenAI-compatible HTTP service (node:http):
 *   POST /v1/chat/completions   (stream or not; tools + tool_choice)
 *   GET  /v1/models, /v1/models/{id}
 *   GET  /health
 * A bad request gets an OpenAI-style error and never takes the service down;
 * a client that disconnects cancels its generation (or leaves the queue).
 */
import http from 'node:http';
import { AppError, toAppError } from '../../errors.js';
import type { Logger } from '../../log/index.js';
import { ContentStreamDecoder } from './content-stream.js';
import type { EmbeddedModel } from './engine.js';
import { type ChatRequest } from './request-schema.js';
import { listen, parseRequest, readBody, sendJson } from './http-io.js';
import {
  argumentsText,
  chunk,
  completion,
  completionId,
  created,
  toolCallDeltas,
  toolCallId,
  usage,
  wireError,
  type FinishReason,
  type ToolCallOut,
} from './openai-format.js';
import { toChatHistory } from './prompt.js';
import { planTools, readReply } from './tool-grammar.js';

export interface LlmServerOptions {
  model: EmbeddedModel;
  host: string;
  /** 0 = any free port (see `port` on the result) */
  port: number;
  /** model names accepted besides the model's id and file name (e.g. the agent's llm.model) */
  aliases?: string[];
  log: Logger;
  /** largest request body (default 8 MiB) */
  bodyLimitBytes?: number;
}

export interface LlmServer {
  /** base URL for OpenAI clients, e.g. http://127.0.0.1:8081/v1 */
  url: string;
  host: string;
  port: number;
  /** stop accepting, cancel what is running, free the model */
  close(): Promise<void>;
}

export async function startLlmServer(options: LlmServerOptions): Promise<LlmServer> {
  const { model, log } = options;
  const limit = options.bodyLimitBytes ?? 8 * 1024 * 1024;
  const names = new Set([model.id, `${model.id}.gguf`, ...(options.aliases ?? [])]);
  const running = new Set<{ controller: AbortController; done: Promise<void> }>();
  // tool_format: the wire format the GGUF's chat template writes tool calls in, so the agent reads that first
  const modelCard = {
    id: model.id,
    object: 'model',
    created: 0,
    owned_by: 'airgap-agent',
    ...(model.toolFormat ? { tool_format: model.toolFormat } : {}),
  };

  async function chatCompletion(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    controller: AbortController,
  ): Promise<void> {
    const body = parseRequest(await readBody(request, limit));
    if (body.model !== undefined && !names.has(body.model)) {
      throw new AppError(
        'NOT_FOUND',
        `the model "${body.model}" does not exist here; this service serves "${model.id}" (also accepted:` +
          ` ${[...names].filter((name) => name !== model.id).join(', ')})`,
        {
          details: { param: 'model', code: 'model_not_found' },
        },
      );
    }
    const plan = planTools({
      tools: body.tools,
      toolChoice: body.tool_choice,
      parallelToolCalls: body.parallel_tool_calls,
    });
    if (typeof body.tool_choice === 'object' && plan.tools.length === 0) {
      throw new AppError(
        'BAD_REQUEST',
        `tool_choice names the function "${body.tool_choice.function.name}", which is not in tools`,
        { details: { param: 'tool_choice', code: 'invalid_value' } },
      );
    }
    if (body.tool_choice === 'required' && plan.tools.length === 0) {
      throw new AppError('BAD_REQUEST', 'tool_choice is "required" but no tools were given', {
        details: { param: 'tool_choice', code: 'invalid_value' },
      });
    }
    const history = toChatHistory(body.messages, plan);
    const base = { id: completionId(), created: created(), model: body.model ?? model.id };
    const stream = body.stream === true;
    const includeUsage = body.stream_options?.include_usage === true;
    const decoder = new ContentStreamDecoder();
    const requestLog = log.child({ trace: base.id });
    const send = (data: unknown): void => {
      if (!response.writableEnded && !response.destroyed) response.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    const started = performance.now();
    const result = await model.generate({
      history,
      schema: plan.schema,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
      temperature: body.temperature ?? undefined,
      topP: body.top_p ?? undefined,
      seed: body.seed ?? undefined,
      stop:
        body.stop === null || body.stop === undefined
          ? undefined
          : typeof body.stop === 'string'
            ? [body.stop]
            : body.stop,
      signal: controller.signal,
      onStart: () => {
        if (!stream) return;
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        send(chunk(base, { role: 'assistant', content: '', refusal: null }));
      },
      onText: (text) => {
        if (!stream) return;
        const content = plan.schema === undefined ? text : decoder.push(text);
        if (content) send(chunk(base, { content }));
      },
    });
    const reply =
      plan.schema === undefined
        ? { content: result.text, toolCalls: [] }
        : result.parsed !== undefined
          ? readReply(result.parsed, plan.tools)
          : undefined;
    // a grammar reply cut by max_tokens: the content decoded so far, no (half-written) tool calls
    const content = reply ? reply.content : new ContentStreamDecoder().push(result.text) || null;
    const toolCalls: ToolCallOut[] = (reply?.toolCalls ?? []).map((call) => ({
      id: toolCallId(),
      type: 'function',
      function: { name: call.name, arguments: argumentsText(call.arguments) },
    }));
    const finishReason: FinishReason =
      result.finishReason === 'length' ? 'length' : toolCalls.length > 0 ? 'tool_calls' : 'stop';
    const totals = usage(result.promptTokens, result.completionTokens);
    requestLog.info(
      {
        stream,
        tools: plan.tools.length,
        tool_calls: toolCalls.map((call) => call.function.name),
        finish: finishReason,
        prompt_tokens: result.promptTokens,
        completion_tokens: result.completionTokens,
        queued_ms: result.queuedMs,
        ttft_ms: result.timeToFirstTokenMs,
        duration_ms: Math.round(performance.now() - started),
      },
      'chat-completion-end',
    );
    if (!stream) {
      sendJson(response, {
        status: 200,
        body: completion({
          ...base,
          content: toolCalls.length > 0 ? null : (content ?? ''),
          toolCalls,
          finishReason,
          usage: totals,
        }),
      });
      return;
    }
    for (const delta of toolCallDeltas(toolCalls)) send(chunk(base, delta));
    send(chunk(base, {}, finishReason));
    if (includeUsage)
      send({
        id: base.id,
        object: 'chat.completion.chunk',
        created: base.created,
        model: base.model,
        system_fingerprint: null,
        choices: [],
        usage: totals,
      });
    if (!response.writableEnded) response.end('data: [DONE]\n\n');
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
    if (route === 'GET /health' || route === 'GET /v1/health') {
      sendJson(response, {
        status: 200,
        body: {
          status: 'ok',
          model: model.id,
          file: model.file,
          context_size: model.contextSize,
          threads: model.threads,
          chat_wrapper: model.chatWrapperName,
          tool_format: model.toolFormat ?? null,
          gpu: model.gpu,
          ...model.stats(),
        },
      });
      return;
    }
    if (route === 'GET /v1/models') {
      sendJson(response, { status: 200, body: { object: 'list', data: [modelCard] } });
      return;
    }
    if (request.method === 'GET' && url.pathname.startsWith('/v1/models/')) {
      const name = decodeURIComponent(url.pathname.slice('/v1/models/'.length));
      if (names.has(name)) sendJson(response, { status: 200, body: { ...modelCard, id: name } });
      else
        sendJson(response, {
          status: 404,
          body: {
            error: {
              message: `the model "${name}" does not exist; this service serves "${model.id}"`,
              type: 'invalid_request_error',
              param: 'model',
              code: 'model_not_found',
            },
          },
        });
      return;
    }
    if (url.pathname === '/v1/chat/completions' && request.method !== 'POST') {
      sendJson(response, {
        status: 405,
        body: {
          error: {
            message: `${request.method} is not allowed on /v1/chat/completions; use POST`,
            type: 'invalid_request_error',
            param: null,
            code: 'method_not_allowed',
          },
        },
        headers: { allow: 'POST' },
      });
      return;
    }
    if (route !== 'POST /v1/chat/completions') {
      sendJson(response, {
        status: 404,
        body: {
          error: {
            message: `unknown request URL: ${request.method} ${url.pathname} (this service answers /v1/chat/completions, /v1/models, /health)`,
            type: 'invalid_request_error',
            param: null,
            code: 'unknown_url',
          },
        },
      });
      return;
    }
    const controller = new AbortController();
    // the client went away before the answer was complete: cancel the generation
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    let settle!: () => void;
    const entry = { controller, done: new Promise<void>((resolve) => (settle = resolve)) };
    running.add(entry);
    try {
      await chatCompletion(request, response, controller);
    } catch (error) {
      const wire = wireError(error);
      if (controller.signal.aborted && toAppError(error).code === 'CANCELLED')
        log.info({ reason: toAppError(error).message }, 'chat-completion-cancelled');
      else if (wire.internal) log.error({ err: error }, 'chat-completion-failed');
      else
        log.warn(
          { status: wire.status, code: wire.body.error.code, message: wire.body.error.message },
          'chat-completion-refused',
        );
      if (!response.headersSent) sendJson(response, wire);
      else if (!response.writableEnded) {
        // the stream had started: OpenAI-style error event, then the end
        response.write(`data: ${JSON.stringify(wire.body)}\n\n`);
        response.end();
      }
    } finally {
      running.delete(entry);
      settle();
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'request-failed');
      if (!response.headersSent) sendJson(response, { status: 500, body: wireError(error).body });
      else response.destroy();
    });
  });
  server.on('clientError', (error, socket) => {
    log.debug({ err: error }, 'client-error');
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });
  const { address, urlHost: host } = await listen(server, options);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}/v1`,
    host: address.address,
    port: address.port,
    close: () => {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const entry of running) entry.controller.abort();
        await Promise.all([...running].map((entry) => entry.done));
        server.closeAllConnections();
        await stopped;
        await model.close();
      })();
      return closing;
    },
  };
}
