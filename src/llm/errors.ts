/**
 * Errors from the model endpoint mapped to AppError codes, in one place:
 * - CANCELLED: the caller's AbortSignal fired;
 * - LLM_TIMEOUT: our per-call timer (llm.timeout_ms) fired;
 * - LLM_UNAVAILABLE: nothing answered (connection refused, DNS, reset, a
 *   connection dropped mid-answer);
 * - LLM_ERROR: the endpoint answered with an HTTP error (status + its message)
 *   or with something that is not a chat completion.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError } from '../errors.js';

export interface CallState {
  baseUrl: string;
  timeoutMs: number;
  /** our timer fired */
  timedOut: boolean;
  /** the caller's signal fired */
  cancelled: boolean;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function httpMessage(error: APIError): string {
  const body = error.error as { message?: unknown; error?: unknown } | undefined;
  if (body && typeof body.message === 'string') return body.message;
  if (body && typeof body.error === 'string') return body.error;
  return error.message.replace(/^\d{3}\s*/, '') || 'no message';
}

export function mapLlmError(error: unknown, state: CallState): AppError {
  if (error instanceof AppError) return error;
  if (state.cancelled) return new AppError('CANCELLED', 'the model call was cancelled', { cause: error });
  if (state.timedOut || error instanceof APIConnectionTimeoutError) {
    return new AppError('LLM_TIMEOUT', `the model at ${state.baseUrl} did not answer within ${state.timeoutMs} ms`, {
      hint: 'raise llm.timeout_ms, use a smaller model or lower llm.max_tokens; check the model server is not overloaded',
      cause: error,
    });
  }
  if (error instanceof APIUserAbortError)
    return new AppError('CANCELLED', 'the model call was cancelled', { cause: error });
  if (error instanceof APIConnectionError) {
    const code = causeCode(error);
    return new AppError('LLM_UNAVAILABLE', `cannot reach the model at ${state.baseUrl}${code ? ` (${code})` : ''}`, {
      hint: 'start the model server (see docs/llm-endpoints.md) or fix llm.base_url in the config',
      details: { code },
      cause: error,
    });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const message = httpMessage(error);
    return new AppError('LLM_ERROR', `the model at ${state.baseUrl} answered HTTP ${error.status}: ${message}`, {
      hint:
        error.status === 401 || error.status === 403
          ? 'set llm.api_key to the key the endpoint expects'
          : error.status === 404
            ? 'check llm.base_url (it usually ends in /v1) and llm.model (Ollama needs the exact model tag)'
            : 'check the model server log; for tool calling see docs/llm-endpoints.md',
      details: { status: error.status },
      cause: error,
    });
  }
  const code = causeCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (
    (code && /^(ECONN|EPIPE|ENOTFOUND|EAI_AGAIN|UND_ERR)/.test(code)) ||
    /terminated|socket|other side closed/i.test(message)
  ) {
    return new AppError('LLM_UNAVAILABLE', `the connection to the model at ${state.baseUrl} dropped: ${message}`, {
      hint: 'check the model server is running and not crashing (its log), then ask again',
      details: { code },
      cause: error,
    });
  }
  return new AppError('LLM_ERROR', `the model at ${state.baseUrl} failed: ${message}`, { cause: error });
}
