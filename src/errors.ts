/**
 * One error class for the whole appliance, with a string code.
 * Internal errors carry a code; the HTTP edge and the MCP servers map codes to
 * their wire formats in one place each. Expected failures (parsing model output,
 * SQL checks, YAML loading) are returned as `Result` values instead of thrown.
 */
export const ERROR_CODES = [
  'CONFIG_INVALID',
  'CONFIG_NOT_FOUND',
  'USAGE',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'QUERY_REJECTED',
  'QUERY_TIMEOUT',
  'QUERY_FAILED',
  'MCP_SERVER_EXITED',
  'MCP_START_FAILED',
  'MCP_DUPLICATE_TOOL',
  'TOOL_NOT_FOUND',
  'TOOL_TIMEOUT',
  'TOOL_FAILED',
  'TOOL_ARGUMENTS_INVALID',
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
  'LLM_ERROR',
  'PARSE_FAILED',
  'SKILL_NOT_FOUND',
  'SKILL_INVALID',
  'SKILL_VERSION',
  'SKILL_TIMEOUT',
  'SKILL_FAILED',
  'SKILL_OUTPUT_INVALID',
  'SKILL_UNAVAILABLE',
  'SKILL_ARGUMENT_REQUIRED',
  'MCP_SERVER_BUSY',
  'DEPENDENCY_UNAVAILABLE',
  'QUESTION_BUDGET',
  'CANCELLED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_REQUEST',
  'QUEUE_FULL',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'DB_ERROR',
  'PORT_IN_USE',
  'STATE_NOT_WRITABLE',
  'INTERNAL',
  // an import: stopped at import.max_seconds; its file changed while it was read (src/import)
  'IMPORT_TIMEOUT',
  'FILE_CHANGED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  /** What the user (operator, admin or model) can do about it. */
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
  }

  /** "message — hint" for people; used by the CLI and the HTTP edge. */
  describe(): string {
    return this.hint ? `${this.message}\n  fix: ${this.hint}` : this.message;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Turn anything thrown into an AppError, keeping AppErrors as they are. */
export function toAppError(value: unknown, fallback: ErrorCode = 'INTERNAL'): AppError {
  if (value instanceof AppError) return value;
  if (value instanceof Error) {
    if (value.name === 'AbortError') return new AppError('CANCELLED', 'the request was cancelled', { cause: value });
    return new AppError(fallback, value.message, { cause: value });
  }
  return new AppError(fallback, String(value));
}

export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/**
 * The reason given when a signal is aborted only to let go of its listeners (a question or a skill's attempt is
 * over): what `abort()` without one would make — an AbortError, "This operation was aborted" — made once. A new
 * DOMException each time captured a stack trace, twice a question on the rules path.
 */
export const FINISHED = new DOMException('This operation was aborted', 'AbortError');
