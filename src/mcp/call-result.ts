/**
 * Turning what a tool call produced — a CallToolResult, an SDK error, a
 * timeout, a crash — into a ToolCallResult the model can read, and into the
 * audit row. Tool-level problems are values here, never exceptions.
 */
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AuditRow } from '../store/audit.js';
import type { ToolCallRequest, ToolCallResult } from './types.js';

export function failure(errorCode: string, text: string, ms: number): ToolCallResult {
  return { ok: false, text, errorCode, ms };
}

/** The text a model reads from a CallToolResult, plus structured data and the cache flag. */
export function fromCallResult(response: CallToolResult, ms: number): ToolCallResult {
  const parts: string[] = [];
  for (const item of response.content ?? []) {
    if (item.type === 'text') parts.push(item.text);
    else if (item.type === 'resource' && 'text' in item.resource && typeof item.resource.text === 'string')
      parts.push(item.resource.text);
    else parts.push(`[${item.type} content omitted]`);
  }
  const structured = response.structuredContent;
  let text = parts.join('\n');
  if (text.length === 0 && structured !== undefined) text = JSON.stringify(structured);
  const result: ToolCallResult = { ok: response.isError !== true, text, ms };
  if (structured !== undefined) {
    result.structured = structured;
    if (typeof structured.cached === 'boolean') result.cached = structured.cached;
  }
  if (response.isError === true) {
    // our servers send { error: { code, message, hint } } (mcp-servers/shared/server.ts); others a flat code
    const nested = structured?.error;
    const code =
      (nested !== null && typeof nested === 'object' ? (nested as Record<string, unknown>).code : undefined) ??
      structured?.error_code ??
      structured?.code;
    result.errorCode = typeof code === 'string' && code.length > 0 ? code : 'TOOL_FAILED';
    if (text.length === 0) result.text = 'the tool reported an error without a message';
  }
  return result;
}

/** An exception from client.callTool that is neither our timeout nor a cancel. */
export function fromCallError(
  error: unknown,
  context: { tool: string; server: string; ms: number; exitText: () => string },
): ToolCallResult {
  const { tool, server, ms } = context;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) {
      return failure(
        'MCP_SERVER_EXITED',
        `The "${server}" tool server stopped while running ${tool} (${context.exitText()}). ` +
          'The call did not complete; the server is being restarted, so you may retry the call once.',
        ms,
      );
    }
    if (error.code === ErrorCode.RequestTimeout) {
      return failure('TOOL_TIMEOUT', `Tool ${tool} did not answer in time and was cancelled.`, ms);
    }
    if (error.code === ErrorCode.InvalidParams) {
      return failure('TOOL_ARGUMENTS_INVALID', `Tool ${tool} refused the arguments: ${error.message}`, ms);
    }
    if (error.code === ErrorCode.MethodNotFound) {
      return failure('TOOL_NOT_FOUND', `The "${server}" server does not know tool ${tool}: ${error.message}`, ms);
    }
    return failure('TOOL_FAILED', `Tool ${tool} failed: ${error.message}`, ms);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'Not connected') {
    return failure(
      'MCP_SERVER_EXITED',
      `The "${server}" tool server is not running right now (${context.exitText()}); try again in a moment.`,
      ms,
    );
  }
  return failure('TOOL_FAILED', `Tool ${tool} failed: ${message}`, ms);
}

export function auditRow(request: ToolCallRequest, result: ToolCallResult, server: string | null): AuditRow {
  const purpose = (request.arguments ?? {}).purpose;
  return {
    session_id: request.sessionId,
    trace_id: request.traceId,
    origin: 'agent',
    server,
    tool_name: request.name,
    parameters: request.arguments ?? {},
    purpose: typeof purpose === 'string' ? purpose : null,
    result_summary: result.text,
    duration_ms: result.ms,
    success: result.ok,
    cached: result.cached === true,
    error_code: result.ok ? null : (result.errorCode ?? null),
  };
}
