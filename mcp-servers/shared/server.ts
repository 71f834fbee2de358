/**
 * What every shipped stdio MCP server shares: start-up (pino to stderr only —
 * stdout is the protocol), the tool result helpers (structuredContent + a text
 * rendering; failures as `isError: true` values with an actionable message,
 * never exceptions) and a wrapper that turns anything thrown into such a value.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, toAppError, type ErrorCode } from '../../src/errors.js';
import { initLogging, logger, type Logger } from '../../src/log/index.js';
import type { Config } from '../../src/config/schema.js';
import { VERSION } from '../../src/version.js';
import { CappedStdioServerTransport } from './message-cap.js';

export type ToolResult = CallToolResult;

/** structuredContent of every failed call: `{ error: { code, message, hint? } }`. */
export interface ToolErrorContent {
  error: { code: string; message: string; hint?: string | undefined };
}

/** A successful result: the JSON for programs and a short text for the model. */
export function toolOk(structured: Record<string, unknown>, text: string): ToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A failed call the model can act on: what was wrong and how to fix it. */
export function toolError(code: ErrorCode | string, message: string, hint?: string): ToolResult {
  const structured: ToolErrorContent = { error: { code, message, ...(hint ? { hint } : {}) } };
  const text = hint ? `Error (${code}): ${message}\nHow to fix: ${hint}` : `Error (${code}): ${message}`;
  return {
    content: [{ type: 'text', text }],
    structuredContent: structured as unknown as Record<string, unknown>,
    isError: true,
  };
}

/** Throw this inside a handler to return a tool error (the wrapper converts it). */
export function toolFailure(code: ErrorCode, message: string, hint?: string): AppError {
  return new AppError(code, message, hint === undefined ? {} : { hint });
}

/**
 * Wrap a tool handler: logs start/end to stderr, and turns any thrown error
 * into an `isError` result (AppErrors keep their code and hint).
 */
export function guarded<Args>(
  log: Logger,
  toolName: string,
  handler: (args: Args) => ToolResult | Promise<ToolResult>,
): (args: Args) => Promise<ToolResult> {
  return async (args: Args) => {
    const started = Date.now();
    try {
      const result = await handler(args);
      log.debug({ tool: toolName, ms: Date.now() - started, isError: result.isError === true }, 'tool-call-end');
      return result;
    } catch (error) {
      const appError = toAppError(error, 'TOOL_FAILED');
      log.warn(
        { tool: toolName, ms: Date.now() - started, code: appError.code, err: appError.message },
        'tool-call-failed',
      );
      return toolError(
        appError.code,
        appError.message,
        appError.hint ?? 'retry once; if it fails again, tell the operator the tool failed',
      );
    }
  };
}

export interface StdioServerOptions {
  config: Config;
  /** server name, e.g. 'plant' (logged as mcp-plant) */
  name: string;
  /** what the server is for, sent to the client at initialisation */
  instructions: string;
  /** register the tools; may return a cleanup run at shutdown */
  register: (server: McpServer, log: Logger) => void | (() => void);
}

/**
 * Run a server over stdio until the client closes stdin (or SIGTERM/SIGINT).
 * Resolves when the server has closed, so the CLI returns normally.
 */
export async function runStdioServer(options: StdioServerOptions): Promise<void> {
  await initLogging({ config: options.config, stderr: true, name: `mcp-${options.name}` });
  const log = logger(`mcp-${options.name}`);
  const server = new McpServer(
    { name: `airgap-agent-${options.name}`, version: VERSION },
    { instructions: options.instructions },
  );
  const cleanup = options.register(server, log);
  // no message over MESSAGE_MAX_BYTES ever leaves (a bigger line breaks the client's connection)
  const transport = new CappedStdioServerTransport();
  await new Promise<void>((resolve, reject) => {
    let closed = false;
    const finish = (reason: string): void => {
      if (closed) return;
      closed = true;
      log.info({ reason }, 'server-stop');
      try {
        if (typeof cleanup === 'function') cleanup();
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'server-cleanup-failed');
      }
      server.close().then(
        () => resolve(),
        () => resolve(),
      );
    };
    transport.onerror = (error) => log.warn({ err: error.message }, 'transport-error');
    process.stdin.once('end', () => finish('stdin-end'));
    process.stdin.once('close', () => finish('stdin-close'));
    process.once('SIGTERM', () => finish('sigterm'));
    process.once('SIGINT', () => finish('sigint'));
    server.connect(transport).then(
      () => log.info({ pid: process.pid }, 'server-start'),
      (error: unknown) =>
        reject(new AppError('MCP_START_FAILED', `the "${options.name}" MCP server could not start: ${String(error)}`)),
    );
  });
}

/** Arguments after `mcp <name>` are not used by the shipped servers: say so on stderr. */
export function warnUnusedArgs(log: Logger, args: string[]): void {
  if (args.length > 0) log.warn({ args }, 'server-args-ignored');
}
