/**
 * What every plant skill shares about failure: retry only the codes that say
 * "try again later" (a slow query, a tool timeout, a server that restarted),
 * with exponential backoff 1 s, 3 s, 9 s — at most 3 attempts in all.
 */
import type { RetryPolicy } from '../../../skills/types.js';

export const RETRYABLE_CODES = ['TOOL_TIMEOUT', 'MCP_SERVER_EXITED', 'QUERY_TIMEOUT'];

export const RETRY_POLICY: RetryPolicy = { retryable: RETRYABLE_CODES, maxAttempts: 3, backoffMs: [1000, 3000, 9000] };

/** Codes a skill may end with (besides its own refusals, which are answers, not errors). */
export const COMMON_ERROR_CODES = [
  'TOOL_TIMEOUT',
  'MCP_SERVER_EXITED',
  'QUERY_TIMEOUT',
  'QUERY_REJECTED',
  'QUERY_FAILED',
  'TOOL_FAILED',
  'TOOL_NOT_FOUND',
  'SKILL_TIMEOUT',
];
