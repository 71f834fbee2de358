/**
 * The SkillContext a code skill runs with: tool calls that stream
 * tool-call-start/end events and land in the audit log through the tool
 * caller, a query() helper for query_database, and progress events.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../errors.js';
import { now } from '../clock.js';
import type { QueryResult, ToolCallResult } from '../mcp/types.js';
import type { SkillRunContext } from './engine-types.js';
import type { SkillContext } from './types.js';

const PASS_THROUGH: ReadonlySet<string> = new Set([
  'QUERY_REJECTED',
  'QUERY_TIMEOUT',
  'QUERY_FAILED',
  'TOOL_TIMEOUT',
  'MCP_SERVER_EXITED',
  'MCP_SERVER_BUSY',
  'DEPENDENCY_UNAVAILABLE',
  'TOOL_NOT_FOUND',
  'CANCELLED',
]);

function toolErrorCode(result: ToolCallResult): ErrorCode {
  const code = result.errorCode ?? '';
  if (PASS_THROUGH.has(code)) return code as ErrorCode;
  return 'TOOL_FAILED';
}

export function buildSkillContext(options: {
  skill: string;
  run: SkillRunContext;
  timezone: string;
  signal: AbortSignal;
  log: Logger;
}): SkillContext {
  const { run, skill } = options;
  const callTool = async (name: string, args: Record<string, unknown>): Promise<ToolCallResult> => {
    const id = randomUUID();
    run.onEvent({ type: 'tool-call-start', id, name, arguments: args });
    const result = await run.tools.callTool({
      name,
      arguments: args,
      traceId: run.traceId,
      sessionId: run.sessionId,
      signal: options.signal,
    });
    run.onEvent({
      type: 'tool-call-end',
      id,
      name,
      ok: result.ok,
      ms: result.ms,
      cached: result.cached,
      result: result.structured ?? result.text.slice(0, 2000),
      error: result.ok ? undefined : result.text,
    });
    return result;
  };
  return {
    now: now(),
    timezone: options.timezone,
    language: run.language,
    traceId: run.traceId,
    sessionId: run.sessionId,
    signal: options.signal,
    log: options.log,
    callTool,
    async query(sql: string, purpose: string): Promise<QueryResult> {
      const result = await callTool('query_database', { sql, purpose });
      if (!result.ok) {
        throw new AppError(toolErrorCode(result), `query_database failed for "${purpose}": ${result.text}`, {
          details: { sql },
        });
      }
      const structured = result.structured as QueryResult | undefined;
      if (!structured || !Array.isArray(structured.columns) || !Array.isArray(structured.rows)) {
        throw new AppError('TOOL_FAILED', 'query_database returned no structured rows', {
          hint: 'check that the query server is the shipped one',
        });
      }
      return structured;
    },
    progress(message: string, data?: unknown): void {
      run.onEvent({ type: 'skill-progress', skill, message, data });
    },
  };
}

/** Rows of a QueryResult as objects keyed by column name. */
export function rowsAsObjects<T = Record<string, string | number | null>>(result: QueryResult): T[] {
  return result.rows.map(
    (row) => Object.fromEntries(result.columns.map((column, index) => [column, row[index] ?? null])) as T,
  );
}
