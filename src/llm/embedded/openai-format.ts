/**
 * The embedded service's answers in the OpenAI wire format, in one place:
 * chat completions, stream chunks (content and tool-call deltas, the finish
 * chunk, the usage chunk) and errors `{error: {message, type, param, code}}`
 * with their HTTP status.
 */
import { randomBytes } from 'node:crypto';
import { now } from '../../clock.js';
import { toAppError } from '../../errors.js';

export interface ToolCallOut {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export function completionId(): string {
  return `chatcmpl-${randomBytes(12).toString('hex')}`;
}

export function toolCallId(): string {
  return `call_${randomBytes(12).toString('hex')}`;
}

export function created(): number {
  return Math.floor(now().getTime() / 1000);
}

/** JSON text of tool arguments; a number the model wrote beyond a double's range stays a number (1e999), not null. */
export function argumentsText(value: unknown): string {
  const marker = '\u0000non-finite:';
  const text = JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'number' && !Number.isFinite(inner)
      ? `${marker}${Number.isNaN(inner) ? 'nan' : inner > 0 ? '+' : '-'}`
      : inner,
  );
  return text.replace(/"\\u0000non-finite:([+\-]|nan)"/g, (_match, sign: string) =>
    sign === '-' ? '-1e999' : '1e999',
  );
}

export function usage(promptTokens: number, completionTokens: number): Usage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

export function completion(options: {
  id: string;
  created: number;
  model: string;
  content: string | null;
  toolCalls: ToolCallOut[];
  finishReason: FinishReason;
  usage: Usage;
}): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: options.content, refusal: null };
  if (options.toolCalls.length > 0) message.tool_calls = options.toolCalls;
  return {
    id: options.id,
    object: 'chat.completion',
    created: options.created,
    model: options.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: options.finishReason }],
    usage: options.usage,
    system_fingerprint: null,
  };
}

export function chunk(
  base: { id: string; created: number; model: string },
  delta: Record<string, unknown>,
  finishReason: FinishReason | null = null,
): Record<string, unknown> {
  return {
    id: base.id,
    object: 'chat.completion.chunk',
    created: base.created,
    model: base.model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** The two deltas OpenAI sends per tool call: id + name with empty arguments, then the arguments. */
export function toolCallDeltas(calls: ToolCallOut[]): Array<Record<string, unknown>> {
  return calls.flatMap((call, index) => [
    { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] },
    { tool_calls: [{ index, function: { arguments: call.function.arguments } }] },
  ]);
}

export interface WireError {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
  headers: Record<string, string>;
  /** unexpected: log it with its stack */
  internal: boolean;
}

/** Any thrown value → status + OpenAI error body. */
export function wireError(error: unknown): WireError {
  const appError = toAppError(error);
  const details = appError.details ?? {};
  const param = typeof details.param === 'string' ? details.param : null;
  const code = typeof details.code === 'string' ? details.code : null;
  const message = appError.hint ? `${appError.message} (${appError.hint})` : appError.message;
  const make = (
    status: number,
    [type, fallbackCode]: [type: string, fallbackCode: string | null],
    { headers = {}, internal = false }: { headers?: Record<string, string>; internal?: boolean } = {},
  ): WireError => ({
    status,
    body: { error: { message, type, param, code: code ?? fallbackCode } },
    headers,
    internal,
  });
  switch (appError.code) {
    case 'BAD_REQUEST':
    case 'USAGE':
      return make(400, ['invalid_request_error', null]);
    case 'NOT_FOUND':
      return make(404, ['invalid_request_error', 'not_found']);
    case 'PAYLOAD_TOO_LARGE':
      return make(413, ['invalid_request_error', 'payload_too_large']);
    case 'QUEUE_FULL':
      return make(503, ['server_error', 'server_overloaded'], { headers: { 'retry-after': '2' } });
    case 'CANCELLED':
      return make(499, ['invalid_request_error', 'cancelled']);
    case 'LLM_UNAVAILABLE':
      return make(503, ['server_error', 'model_unavailable'], { headers: { 'retry-after': '5' } });
    default:
      return {
        ...make(500, ['server_error', 'internal_error'], { headers: {}, internal: true }),
        body: {
          error: {
            message: `the model service failed: ${appError.message}`,
            type: 'server_error',
            param: null,
            code: 'internal_error',
          },
        },
      };
  }
}
