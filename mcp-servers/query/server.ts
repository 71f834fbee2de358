/**
 * `airgap-agent mcp query`: the read-only query MCP server over stdio.
 * Tools: query_database(sql, purpose) and describe_schema(table?).
 * The caller may pass `trace_id` and `session_id` in the request's `_meta`;
 * they go to the audit log (tool_call_log in agent.db, origin 'server').
 * Never writes to stdout except through the transport; logs go to stderr.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CappedStdioServerTransport } from '../shared/message-cap.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Config } from '../../src/config/schema.js';
import { flushLogs, initLogging, logger, type Logger } from '../../src/log/index.js';
import { openAgentDb } from '../../src/store/agent-db.js';
import { AuditWriter } from '../../src/store/audit.js';
import { VERSION } from '../../src/version.js';
import { DESCRIBE_SCHEMA_DESCRIPTION, queryDatabaseDescription } from './descriptions.js';
import { QueryService, type CallContext } from './service.js';

function contextOf(meta: unknown): CallContext {
  const record = (meta ?? {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  return { traceId: text(record.trace_id), sessionId: text(record.session_id) };
}

/** The MCP server object with both tools registered (transport-agnostic). */
export function createQueryMcpServer(options: { config: Config; service: QueryService; log: Logger }): McpServer {
  const { config, service } = options;
  const server = new McpServer({ name: 'airgap-query', version: VERSION }, { capabilities: { tools: {} } });
  const reached = new Set<string | number>();

  server.registerTool(
    'query_database',
    {
      title: 'Query the plant database (read-only)',
      description: queryDatabaseDescription(config.query.max_rows),
      inputSchema: {
        sql: z
          .string()
          .describe(
            `one SQLite SELECT naming its columns and ending in LIMIT n (n <= ${config.query.max_rows}) / 一条写明列名、以 LIMIT n 结尾的 SELECT`,
          ),
        purpose: z
          .string()
          .describe('the business question this query answers, one sentence / 这条查询回答的业务问题（一句话）'),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args, extra): Promise<CallToolResult> => {
      reached.add(extra.requestId);
      return safely({ service, tool: 'query_database', args, context: contextOf(extra._meta) }, () =>
        service.queryDatabase(args, contextOf(extra._meta), extra.signal),
      );
    },
  );

  server.registerTool(
    'describe_schema',
    {
      title: 'Describe the plant database',
      description: DESCRIBE_SCHEMA_DESCRIPTION,
      inputSchema: { table: z.string().optional().describe('one table name; omit for all tables / 表名，可省略') },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args, extra): Promise<CallToolResult> => {
      reached.add(extra.requestId);
      return safely({ service, tool: 'describe_schema', args, context: contextOf(extra._meta) }, async () =>
        service.describeSchema(args, contextOf(extra._meta)),
      );
    },
  );

  auditRefusedArguments(server, service, { reached, log: options.log });
  return server;
}

/** Anything unexpected becomes an audited, actionable tool error instead of an exception. */
async function safely(
  call: { service: QueryService; tool: string; args: unknown; context: CallContext },
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const { service, tool, args, context } = call;
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    service.auditUnreached({ tool, parameters: args, message, context, code: 'INTERNAL' });
    const hint = 'retry once; if it fails again, tell the operator the query tool failed (see the server log)';
    return {
      isError: true,
      content: [{ type: 'text', text: `QUERY FAILED [INTERNAL]: ${message}\nhint: ${hint}` }],
      structuredContent: { error: { code: 'INTERNAL', message, hint } },
    };
  }
}

/**
 * Calls whose arguments fail the input schema are answered by the SDK before
 * any tool runs; wrap its tools/call handler so those are audited too.
 */
function auditRefusedArguments(
  server: McpServer,
  service: QueryService,
  watch: { reached: Set<string | number>; log: Logger },
): void {
  const { reached, log } = watch;
  const handlers = (
    server.server as unknown as {
      _requestHandlers?: Map<string, (request: unknown, extra: unknown) => Promise<unknown>>;
    }
  )._requestHandlers;
  const original = handlers?.get('tools/call');
  if (!handlers || !original) {
    log.warn('audit-of-invalid-arguments-unavailable');
    return;
  }
  handlers.set('tools/call', async (request, extra) => {
    const result = (await original(request, extra)) as CallToolResult;
    const requestId = (extra as { requestId: string | number }).requestId;
    if (!reached.delete(requestId) && result?.isError) {
      const params = (request as { params?: { name?: string; arguments?: unknown; _meta?: unknown } }).params ?? {};
      const text = result.content?.[0]?.type === 'text' ? result.content[0].text : 'invalid arguments';
      service.auditUnreached({
        tool: params.name ?? '(unknown)',
        parameters: params.arguments,
        message: text,
        context: contextOf(params._meta),
        code: 'TOOL_ARGUMENTS_INVALID',
      });
      result.structuredContent = {
        error: {
          code: 'TOOL_ARGUMENTS_INVALID',
          message: text,
          hint: 'query_database needs two strings: sql and purpose; describe_schema takes an optional table',
        },
      };
    }
    return result;
  });
}

export async function runServer(options: { config: Config; args: string[] }): Promise<void> {
  const { config } = options;
  await initLogging({ config, stderr: true, name: 'mcp-query' });
  const log = logger('mcp-query');
  const agentDb = openAgentDb(config.state.db);
  const audit = new AuditWriter(agentDb, {
    flushMs: config.audit.flush_ms,
    onError: (error) => log.error({ err: error }, 'audit-write-failed'),
  });
  const service = new QueryService({ config, audit, log });
  const server = createQueryMcpServer({ config, service, log });
  const transport = new CappedStdioServerTransport();

  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  let stopping = false;
  const shutdown = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, pendingAudit: audit.pending }, 'server-stop');
    // stop the executor first: calls still waiting are answered (and audited) before the audit is closed
    service.close();
    setImmediate(() => {
      try {
        audit.close();
        agentDb.close();
      } catch (error) {
        log.error({ err: error }, 'audit-flush-failed');
      }
      flushLogs();
      resolveDone();
      // stdin and the transport would keep the loop alive; the audit is safe on disk now
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.stdin.once('end', () => shutdown('stdin-end'));
  process.stdin.once('close', () => shutdown('stdin-close'));
  transport.onclose = () => shutdown('transport-close');
  await server.connect(transport);
  log.info({ db: config.plant.db, maxRows: config.query.max_rows, timeoutMs: config.query.timeout_ms }, 'server-start');
  await done;
}
