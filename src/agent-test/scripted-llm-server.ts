/**
 * A scripted OpenAI-compatible HTTP server for tests and benchmarks: the real
 * `openai` SDK (HTTP, SSE parsing) talks to it exactly as it would to
 * llama-server, vLLM or Ollama, while every model turn is scripted.
 *
 * - `POST /v1/chat/completions`, streaming (SSE chunks shaped like the OpenAI
 *   API's, tool-call deltas included, `data: [DONE]`) and not;
 * - `GET /v1/models`;
 * - turns are played in order, or chosen by a `match` on the request (e.g. the
 *   last user message); a turn with `repeat: true` stays in the script;
 * - every request is recorded (`requests`) so tests assert on the prompt, the
 *   tools offered and the temperature;
 * - failure shapes: `status` (HTTP error with an OpenAI error body),
 *   `delayMs` (slow headers → client timeouts), `chunkDelayMs`,
 *   `drop: 'before-response' | 'mid-stream'` (connection drops), and
 *   `setDown(true)` (every request's socket is destroyed).
 *
 * Listens on 127.0.0.1, port 0 (a free port) unless told otherwise.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedToolCall {
  id?: string | undefined;
  name: string;
  /** a string is sent verbatim (malformed JSON allowed); an object is JSON-encoded */
  arguments: string | Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the parsed JSON body (undefined for GET) */
  body: any;
  messages: Array<{
    role: string;
    content?: unknown;
    tool_calls?: unknown;
    tool_call_id?: string;
    [key: string]: unknown;
  }>;
  tools: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  temperature: number | undefined;
  stream: boolean;
  /** the turn that answered it (its index in the original script, or -1 for none) */
  turn: number;
  receivedAt: number;
}

export interface ScriptedTurn {
  /** choose this turn only for requests it matches; turns without a matcher play in order */
  match?: ((request: RecordedRequest) => boolean) | undefined;
  /** keep the turn in the script after it is played */
  repeat?: boolean | undefined;
  /** assistant text (may hold a text-form tool call, prose, anything) */
  content?: string | null | undefined;
  /** native tool calls */
  toolCalls?: ScriptedToolCall[] | undefined;
  finishReason?: string | undefined;
  /** wait this long before answering (headers included) */
  delayMs?: number | undefined;
  /** streaming: wait this long between chunks */
  chunkDelayMs?: number | undefined;
  /** streaming: characters of content per chunk (default 8) */
  chunkSize?: number | undefined;
  /** answer with this HTTP status and an OpenAI-style error body */
  status?: number | undefined;
  errorMessage?: string | undefined;
  /** destroy the connection: before any response, or after a few stream chunks */
  drop?: 'before-response' | 'mid-stream' | undefined;
  usage?: { prompt_tokens: number; completion_tokens: number } | undefined;
}

export interface ScriptedLlmServerOptions {
  turns?: ScriptedTurn[] | undefined;
  /** ids listed by GET /v1/models (default ['scripted']) */
  models?: string[] | undefined;
  /** answer for a request when no turn is left (default: HTTP 500 naming the problem) */
  fallback?: ScriptedTurn | undefined;
  /** a script that decides per request (e.g. the weak-model replay): consulted before the turns; undefined → the turns */
  respond?: ((request: RecordedRequest) => ScriptedTurn | undefined) | undefined;
  port?: number | undefined;
}

export interface ScriptedLlmServer {
  /** base URL for the SDK / llm.base_url, ending in /v1 */
  readonly url: string;
  readonly port: number;
  /** every request received, in order (chat completions and model lists) */
  readonly requests: RecordedRequest[];
  /** only the chat completion requests */
  chatRequests(): RecordedRequest[];
  /** append turns to the script */
  push(...turns: ScriptedTurn[]): void;
  /** turns not yet played (repeating turns included) */
  remaining(): number;
  /** while down, every request's connection is destroyed without an answer */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

let idCounter = 0;
function nextId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter.toString(36)}`;
}

function sleep(ms: number, socket: Socket): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!socket.destroyed);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve(!socket.destroyed);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    socket.once('close', onClose);
  });
}

function argumentsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

function chunkText(text: string, size: number): string[] {
  const pieces: string[] = [];
  const characters = Array.from(text);
  for (let index = 0; index < characters.length; index += size)
    pieces.push(characters.slice(index, index + size).join(''));
  return pieces;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startScriptedLlmServer(options: ScriptedLlmServerOptions = {}): Promise<ScriptedLlmServer> {
  const script: Array<{ turn: ScriptedTurn; index: number }> = (options.turns ?? []).map((turn, index) => ({
    turn,
    index,
  }));
  let added = script.length;
  const requests: RecordedRequest[] = [];
  const models = options.models ?? ['scripted'];
  let down = false;
  const sockets = new Set<Socket>();

  function pick(recorded: RecordedRequest): { turn: ScriptedTurn; index: number } | undefined {
    let position = script.findIndex((entry) => entry.turn.match !== undefined && entry.turn.match(recorded));
    if (position < 0) position = script.findIndex((entry) => entry.turn.match === undefined);
    if (position < 0) return undefined;
    const entry = script[position]!;
    if (!entry.turn.repeat) script.splice(position, 1);
    return entry;
  }

  function sendError(response: http.ServerResponse, status: number, message: string): void {
    const body = JSON.stringify({
      error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null },
    });
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  }

  async function answerChat(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    recorded: RecordedRequest,
  ): Promise<void> {
    const socket = request.socket;
    const responded = options.respond?.(recorded);
    const entry =
      (responded ? { turn: responded, index: -1 } : pick(recorded)) ??
      (options.fallback ? { turn: options.fallback, index: -1 } : undefined);
    recorded.turn = entry?.index ?? -1;
    if (!entry) {
      sendError(response, 500, `scripted server: no scripted turn left for this request (request #${requests.length})`);
      return;
    }
    const turn = entry.turn;
    if (turn.delayMs && !(await sleep(turn.delayMs, socket))) return;
    if (turn.drop === 'before-response') {
      socket.destroy();
      return;
    }
    if (turn.status !== undefined && turn.status >= 400) {
      sendError(response, turn.status, turn.errorMessage ?? `scripted failure (HTTP ${turn.status})`);
      return;
    }
    const id = nextId('chatcmpl-');
    const created = Math.floor(Date.now() / 1000);
    const model = typeof recorded.body?.model === 'string' ? recorded.body.model : (models[0] ?? 'scripted');
    const toolCalls = (turn.toolCalls ?? []).map((call) => ({
      id: call.id ?? nextId('call_'),
      name: call.name,
      arguments: argumentsText(call),
    }));
    const content = turn.content === undefined ? (toolCalls.length > 0 ? null : '') : turn.content;
    const finishReason = turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
    const usage = turn.usage ?? {
      prompt_tokens: 10,
      completion_tokens: Math.max(1, Math.ceil((content ?? '').length / 4)),
    };

    if (!recorded.stream) {
      const body = JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        system_fingerprint: 'scripted',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content,
              refusal: null,
              ...(toolCalls.length > 0
                ? {
                    tool_calls: toolCalls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: call.arguments },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
      return;
    }

    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (
      delta: Record<string, unknown>,
      finish: string | null,
      extra: Record<string, unknown> = {},
    ): string =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: 'scripted',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        ...extra,
      })}\n\n`;
    const frames: string[] = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
    for (const piece of chunkText(content ?? '', turn.chunkSize ?? 8)) frames.push(chunk({ content: piece }, null));
    toolCalls.forEach((call, index) => {
      frames.push(
        chunk(
          { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] },
          null,
        ),
      );
      for (const piece of chunkText(call.arguments, 12))
        frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
    });
    frames.push(chunk({}, finishReason));
    if (recorded.body?.stream_options?.include_usage) {
      frames.push(
        `data: ` +
          JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }) +
          `\n\n`,
      );
    }
    frames.push('data: [DONE]\n\n');
    const dropAt = turn.drop === 'mid-stream' ? Math.min(3, frames.length - 1) : -1;
    for (let index = 0; index < frames.length; index++) {
      if (index === dropAt) {
        socket.destroy();
        return;
      }
      if (index > 0 && turn.chunkDelayMs && !(await sleep(turn.chunkDelayMs, socket))) return;
      if (socket.destroyed) return;
      response.write(frames[index]);
    }
    response.end();
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const raw = request.method === 'POST' ? await readBody(request) : '';
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        headers: request.headers,
        body,
        messages: Array.isArray(body?.messages) ? body.messages : [],
        tools: Array.isArray(body?.tools) ? body.tools : [],
        temperature: typeof body?.temperature === 'number' ? body.temperature : undefined,
        stream: body?.stream === true,
        turn: -1,
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      if (down) {
        request.socket.destroy();
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/models') {
        const payload = JSON.stringify({
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'scripted' })),
        });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
        response.end(payload);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/chat/completions') {
        await answerChat(request, response, recorded);
        return;
      }
      sendError(response, 404, `scripted server: no route ${request.method} ${url.pathname}`);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, `scripted server: ${(error as Error).message}`);
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    chatRequests: () => requests.filter((request) => request.path === '/v1/chat/completions'),
    push: (...turns) => {
      for (const turn of turns) script.push({ turn, index: added++ });
    },
    remaining: () => script.length,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The text of the last user message of a recorded request (for matchers). */
export function lastUserText(request: RecordedRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index]!;
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    if (Array.isArray(message.content)) {
      return message.content
        .map((part: { text?: string }) => (typeof part?.text === 'string' ? part.text : ''))
        .join('');
    }
    return '';
  }
  return '';
}

/** Shorthands for scripts. */
export const turn = {
  text: (content: string, extra: Partial<ScriptedTurn> = {}): ScriptedTurn => ({ content, ...extra }),
  call: (name: string, args: string | Record<string, unknown>, extra: Partial<ScriptedTurn> = {}): ScriptedTurn => ({
    toolCalls: [{ name, arguments: args }],
    ...extra,
  }),
  status: (status: number, errorMessage?: string): ScriptedTurn => ({ status, errorMessage }),
};
