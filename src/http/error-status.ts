/**
 * The ONE place where errors become HTTP responses (ARCHITECTURE practice 2):
 * an AppError code maps to a status through an exhaustive table; anything
 * else is a plain 500 whose details go to the log under the trace id, never
 * to the client (no stack traces, no internal messages).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../errors.js';

export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  CONFIG_INVALID: 500,
  CONFIG_NOT_FOUND: 500,
  USAGE: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  QUERY_REJECTED: 422,
  QUERY_TIMEOUT: 504,
  QUERY_FAILED: 502,
  MCP_SERVER_EXITED: 503,
  MCP_START_FAILED: 503,
  MCP_DUPLICATE_TOOL: 500,
  TOOL_NOT_FOUND: 404,
  TOOL_TIMEOUT: 504,
  TOOL_FAILED: 502,
  TOOL_ARGUMENTS_INVALID: 422,
  LLM_UNAVAILABLE: 503,
  LLM_TIMEOUT: 504,
  LLM_ERROR: 502,
  PARSE_FAILED: 422,
  SKILL_NOT_FOUND: 404,
  SKILL_INVALID: 422,
  SKILL_VERSION: 409,
  SKILL_TIMEOUT: 504,
  SKILL_FAILED: 502,
  SKILL_OUTPUT_INVALID: 502,
  SKILL_UNAVAILABLE: 503,
  SKILL_ARGUMENT_REQUIRED: 422,
  MCP_SERVER_BUSY: 503,
  DEPENDENCY_UNAVAILABLE: 503,
  QUESTION_BUDGET: 504,
  CANCELLED: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_REQUEST: 400,
  QUEUE_FULL: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  DB_ERROR: 500,
  PORT_IN_USE: 500,
  STATE_NOT_WRITABLE: 500,
  INTERNAL: 500,
  IMPORT_TIMEOUT: 504,
  FILE_CHANGED: 409,
};

/** Codes whose message is safe and useful to show; the 5xx internals are not. */
const PLAIN_500: ReadonlySet<ErrorCode> = new Set([
  'INTERNAL',
  'DB_ERROR',
  'CONFIG_INVALID',
  'CONFIG_NOT_FOUND',
  'MCP_DUPLICATE_TOOL',
]);

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    hint?: string | undefined;
    trace_id: string;
    details?: Record<string, unknown> | undefined;
  };
}

/** The status and JSON body for anything thrown at the edge; logs unknown errors. */
export function errorResponse(options: { error: unknown; traceId: string; log: Logger }): {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  const { error, traceId, log } = options;
  const headers: Record<string, string> = {};
  if (error instanceof AppError && !PLAIN_500.has(error.code)) {
    const status = STATUS_OF[error.code];
    if (status >= 500) log.warn({ code: error.code, err: error.message }, 'request-failed');
    const retryAfter = error.details?.retry_after_s;
    if (status === 429 && typeof retryAfter === 'number')
      headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfter)));
    const details = error.details && Object.keys(error.details).length > 0 ? error.details : undefined;
    return {
      status,
      body: { error: { code: error.code, message: error.message, hint: error.hint, trace_id: traceId, details } },
      headers,
    };
  }
  log.error({ err: error }, 'request-error-unexpected');
  return {
    status: 500,
    body: {
      error: {
        code: 'INTERNAL',
        message: `internal error; the log has the details under trace id ${traceId}`,
        trace_id: traceId,
      },
    },
    headers,
  };
}

export function sendError(context: Context, options: { error: unknown; traceId: string; log: Logger }): Response {
  const { status, body, headers } = errorResponse(options);
  for (const [name, value] of Object.entries(headers)) context.header(name, value);
  return context.json(body, status);
}
