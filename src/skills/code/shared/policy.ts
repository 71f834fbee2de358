/**
 * What every plant skill shares about failure: retry only the codes that say
 * "try again later" (a slow query, a tool timeout, a server that restarted, a
 * server busy with other calls), 3 retries after the first attempt, waiting
 * 1 s, 3 s and 9 s before them (SOURCES.md part D). A server whose breaker is
 * open (DEPENDENCY_UNAVAILABLE) is not retried: the cool-down is longer than
 * any wait here, and the question's budget is better spent on an honest reply.
 */
import type { RetryPolicy } from '../../../skills/types.js';

export const RETRYABLE_CODES = ['TOOL_TIMEOUT', 'MCP_SERVER_EXITED', 'QUERY_TIMEOUT', 'MCP_SERVER_BUSY'];

export const RETRY_POLICY: RetryPolicy = { retryable: RETRYABLE_CODES, maxAttempts: 4, backoffMs: [1000, 3000, 9000] };

/** Codes a skill may end with (besides its own refusals, which are answers, not errors). */
export const COMMON_ERROR_CODES = [
  'TOOL_TIMEOUT',
  'MCP_SERVER_EXITED',
  'MCP_SERVER_BUSY',
  'DEPENDENCY_UNAVAILABLE',
  'QUERY_TIMEOUT',
  'QUERY_REJECTED',
  'QUERY_FAILED',
  'TOOL_FAILED',
  'TOOL_NOT_FOUND',
  'SKILL_TIMEOUT',
  'SKILL_OUTPUT_INVALID',
];
