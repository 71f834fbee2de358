/**
 * `ask`, `chat` and `agent-test` through the running service: the HTTP API on
 * the console socket (server.socket, see src/http/local-socket.ts), as this
 * user's own account (root and the service user: the local admin "console"),
 * proven by a file only this user can make (src/http/peer-proof.ts). A question then costs the service's few
 * milliseconds plus one connection, instead of starting an agent and its MCP
 * servers in this process.
 *
 * `connectService` answers undefined (and the command answers on its own)
 * when no socket is configured, the service is not running (no file, or a
 * file nobody listens on) or this user may not open it; the reason is kept
 * for the trace. The runtime it returns has the shape `ask`/`chat` use
 * (`agent.ask`, `signal`, `close`): events arrive as the service's SSE stream
 * and are handed on as the agent's own events, so the trace looks the same.
 */
import http, { type IncomingMessage } from 'node:http';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { AppError, ERROR_CODES, type ErrorCode } from '../errors.js';
import type { AgentAnswer, AgentEvent, AskOptions } from '../agent/types.js';
import type { WireEvent } from '../types/wire.js';
import { createProof, PEER_HEADER } from '../http/peer-proof.js';
import { readSse, wireEventOf } from './sse-read.js';

/** What ask and chat need of a runtime: in process (createAgent) or the service's. */
export interface CliRuntime {
  agent: { ask(options: AskOptions): Promise<AgentAnswer> };
  readonly signal: AbortSignal;
  close(): Promise<void>;
  /** set when questions go to the running service: how it is reached */
  via?: string | undefined;
}

interface Reply {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

/** One HTTP request over the unix socket. */
export function socketRequest(
  socketPath: string,
  options: {
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    // who this is: one proof file per request (the service reads and removes it)
    let proof: ReturnType<typeof createProof>;
    try {
      proof = createProof(socketPath);
    } catch (error) {
      reject(error as Error);
      return;
    }
    const request = http.request(
      {
        socketPath,
        method: options.method,
        path: options.path,
        headers: {
          host: 'console',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...options.headers,
          ...(proof ? { [PEER_HEADER]: proof.name } : {}),
        },
        signal: options.signal,
      },
      (response) => {
        proof?.remove();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
      },
    );
    if (options.timeoutMs !== undefined)
      request.setTimeout(options.timeoutMs, () =>
        request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      );
    request.once('error', (error) => {
      proof?.remove();
      reject(error);
    });
    request.end(payload);
  });
}

export async function readJson(reply: Reply): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of reply.body) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { error: { code: 'BAD_RESPONSE', message: `the service answered ${reply.status}: ${text.slice(0, 200)}` } };
  }
}

function codeOf(code: unknown): ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(String(code)) ? (code as ErrorCode) : 'INTERNAL';
}

function replyError(status: number, body: Record<string, unknown>): AppError {
  const error = (body.error ?? {}) as { code?: string; message?: string; hint?: string };
  return new AppError(codeOf(error.code), `the service: ${error.message ?? `HTTP ${status}`}`, { hint: error.hint });
}

export type ServiceProbe = { runtime: CliRuntime; reason?: undefined } | { runtime?: undefined; reason: string };

/**
 * The running service's runtime over the console socket, or why there is none.
 * Throws the service's refusal (401/403: this local user has no account there).
 */
export async function connectService(
  socketPath: string | null,
  options: { timeoutMs?: number } = {},
): Promise<ServiceProbe> {
  if (socketPath === null) return { reason: 'no console socket configured (server.socket)' };
  if (!existsSync(socketPath)) return { reason: `the service is not running (no ${socketPath})` };
  let probe: Reply;
  try {
    probe = await socketRequest(socketPath, { method: 'GET', path: '/api/me', timeoutMs: options.timeoutMs ?? 2000 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM')
      return {
        reason:
          `this user may not use ${socketPath} (run as root, or join the service's group: usermod -aG airgap-agent $USER; ` +
          'the service then knows you by your own account: airgap-agent users add $USER)',
      };
    return {
      reason:
        code === 'ECONNREFUSED'
          ? `the service is not running (nobody listens on ${socketPath})`
          : `the service does not answer on ${socketPath} (${code ?? (error as Error).message})`,
    };
  }
  const me = await readJson(probe);
  // the service knows who this is and says no: that is the answer (running in process instead would hide it)
  if (probe.status === 401 || probe.status === 403) throw replyError(probe.status, me);
  if (probe.status !== 200)
    return { reason: `the service refused the console (${replyError(probe.status, me).message})` };
  const controller = new AbortController();
  const runtime: CliRuntime = {
    via: `the service (${socketPath}, as ${String(me.username)})`,
    signal: controller.signal,
    close: async () => controller.abort(),
    agent: { ask: (askOptions) => askThroughService(socketPath, askOptions) },
  };
  return { runtime };
}

/** One question as a task of the service; its events handed on as the agent's. */
export async function askThroughService(socketPath: string, options: AskOptions): Promise<AgentAnswer> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let taskId: string | undefined;
  try {
    const reply = await socketRequest(socketPath, {
      method: 'POST',
      path: '/api/tasks',
      headers: { accept: 'text/event-stream', ...(options.traceId ? { 'x-trace-id': options.traceId } : {}) },
      body: {
        question: options.question,
        ...(options.sessionId !== undefined ? { session_id: options.sessionId } : {}),
        ...(options.versions !== undefined ? { skill_versions: options.versions } : {}),
      },
      signal: controller.signal,
    });
    if (reply.status !== 200) throw replyError(reply.status, await readJson(reply));
    taskId = typeof reply.headers['x-task-id'] === 'string' ? reply.headers['x-task-id'] : undefined;
    let answer: AgentAnswer | undefined;
    let failure: { code: string; message: string; hint?: string | null } | undefined;
    const emit = (event: AgentEvent): void => options.onEvent?.(event);
    for await (const raw of readSse(Readable.toWeb(reply.body) as ReadableStream<Uint8Array>)) {
      // typed by its name (src/types/wire.ts); a name or data the wire does not have is skipped, never thrown
      const wire = wireEventOf(raw);
      if (!wire) continue;
      if (wire.event === 'done') break;
      if (wire.event === 'answer') answer = wire.data;
      else if (wire.event === 'task-error') {
        failure = { code: wire.data.code, message: wire.data.message, hint: wire.data.hint };
        emit({ type: 'error', code: failure.code, message: failure.message });
      } else {
        const event = agentEventOf(wire);
        if (event) emit(event);
      }
    }
    if (answer) return answer;
    if (options.signal?.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
    if (failure)
      throw new AppError(codeOf(failure.code), `the service: ${failure.message}`, { hint: failure.hint ?? undefined });
    throw new AppError('INTERNAL', 'the service ended the question without an answer', {
      hint: taskId
        ? `see GET /api/tasks/${taskId} or the service log`
        : 'see the service log (journalctl -u airgap-agent)',
    });
  } catch (error) {
    if (options.signal?.aborted) {
      // cancel the task in the service too, then report the cancellation
      if (taskId)
        await socketRequest(socketPath, { method: 'POST', path: `/api/tasks/${taskId}/cancel`, timeoutMs: 2000 }).then(
          (reply) => reply.body.resume(),
          () => undefined,
        );
      throw new AppError('CANCELLED', 'the question was cancelled');
    }
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The stream's progress as the agent's own events (what `ask --trace` and `chat` print). */
function agentEventOf(wire: WireEvent): AgentEvent | undefined {
  switch (wire.event) {
    case 'token':
      return { type: 'token', text: wire.data.text };
    case 'step-start':
      return { type: 'step-start', step: wire.data.step };
    case 'tool-call-start':
      return { type: 'tool-call-start', id: wire.data.id, name: wire.data.tool, arguments: wire.data.arguments ?? {} };
    case 'tool-call-end':
      return {
        type: 'tool-call-end',
        id: wire.data.id,
        name: wire.data.tool,
        ok: wire.data.ok === true,
        ms: wire.data.ms,
        cached: wire.data.cached === true,
        result: wire.data.result ?? undefined,
        error: wire.data.error ?? undefined,
      };
    case 'approval-required':
      return {
        type: 'notice',
        message:
          `waiting for an admin to approve ${wire.data.skill} (approval ${String(wire.data.approval_id)}): ` +
          `on the chat page, or POST /api/approvals/${String(wire.data.approval_id)}`,
      };
    default:
      return undefined;
  }
}
