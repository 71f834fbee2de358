/**
 * Calling an MCP tool from a skill and getting its structuredContent, with a
 * failure turned into an AppError that keeps the retryable codes (so the
 * engine's retry policy sees TOOL_TIMEOUT / MCP_SERVER_EXITED) and the
 * server's message.
 */
import { AppError, ERROR_CODES, type ErrorCode } from '../../../errors.js';
import type { ToolCallResult } from '../../../mcp/types.js';
import type { SkillContext } from '../../../skills/types.js';

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function toolFailure(name: string, result: ToolCallResult): AppError {
  const code = (result.errorCode && KNOWN.has(result.errorCode) ? result.errorCode : 'TOOL_FAILED') as ErrorCode;
  const hint =
    code === 'TOOL_NOT_FOUND'
      ? `is the MCP server that provides ${name} configured and running? (airgap-agent doctor)`
      : undefined;
  return new AppError(code, `${name} failed: ${result.text}`, hint ? { hint } : {});
}

/** Call a tool; on failure throw (the result text carries the server's reason). */
export async function callStructured<T>(
  ctx: SkillContext,
  name: string,
  args: Record<string, unknown>,
): Promise<{ structured: T; text: string }> {
  const result = await ctx.callTool(name, args);
  if (!result.ok) throw toolFailure(name, result);
  if (result.structured === undefined || result.structured === null) {
    throw new AppError('TOOL_FAILED', `${name} returned no structured content`, {
      hint: `check that the server providing ${name} is the shipped one`,
    });
  }
  return { structured: result.structured as T, text: result.text };
}
