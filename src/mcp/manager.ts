/**
 * The MCP client manager: starts the configured MCP servers (stdio child
 * processes, the real SDK client), builds the tool routing table, and
 * implements ToolCaller — every call routed, timed out, cancelled, audited,
 * and never thrown for a tool-level problem.
 *
 * Start-up policy: every enabled server starts in parallel; if one that is
 * not listed in `optional` cannot start, start-up fails loudly
 * (MCP_START_FAILED naming the server, its command line and its last stderr
 * lines) and the servers that did start are stopped — an admin must see it.
 * An `optional` server that cannot start is logged, shown as `failed` in
 * `status()` and not retried; its tools are simply absent.
 * Two servers offering the same tool name is MCP_DUPLICATE_TOOL (deny the
 * tool on one of them to resolve it). After start-up a crashed server is
 * restarted with backoff (see server-process.ts); calls arriving meanwhile
 * wait for it within their own timeout.
 */
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import { logger, type Logger } from '../log/index.js';
import type { Config } from '../config/schema.js';
import type { AuditWriter } from '../store/audit.js';
import type { ToolCallRequest, ToolCallResult, ToolCaller, ToolInfo } from './types.js';
import { launchSpec } from './launch.js';
import { DEFAULT_TIMING, ManagedServer, type McpTiming, type ServerStatus } from './server-process.js';
import { auditRow, failure, fromCallError, fromCallResult } from './call-result.js';

export interface McpManagerStartOptions {
  config: Pick<Config, 'mcp'>;
  /** the agent's config file: builtin servers get `--config FILE` */
  configFile?: string | undefined;
  /** one tool_call_log row (origin 'agent') per call when given */
  audit?: AuditWriter | undefined;
  /** default: logger('mcp') */
  log?: Logger | undefined;
  /** servers that may be absent: a failed start is logged instead of thrown */
  optional?: string[] | undefined;
  /** waits and backoff (tests shorten them) */
  timing?: Partial<McpTiming> | undefined;
}

interface Route {
  server: ManagedServer;
  tool: ToolInfo;
}

export class McpManager implements ToolCaller {
  private readonly servers: ManagedServer[];
  private routes = new Map<string, Route>();
  /** tools a server has but allow/deny keeps from the model: name → server */
  private filtered = new Map<string, string>();
  private toolList: ToolInfo[] = [];
  private closing: Promise<void> | undefined;

  private constructor(
    servers: ManagedServer[],
    private readonly audit: AuditWriter | undefined,
    private readonly log: Logger,
  ) {
    this.servers = servers;
  }

  /** Start every enabled server in config.mcp.servers and build the routing table. */
  static async start(options: McpManagerStartOptions): Promise<McpManager> {
    const log = options.log ?? logger('mcp');
    const timing: McpTiming = { ...DEFAULT_TIMING, ...options.timing };
    const optional = new Set(options.optional ?? []);
    let manager: McpManager | undefined;
    const servers: ManagedServer[] = [];
    for (const [name, config] of Object.entries(options.config.mcp.servers)) {
      if (!config.enabled) continue;
      const spec = launchSpec(config, { configFile: options.configFile });
      servers.push(
        new ManagedServer(name, config, {
          spec,
          log: log.child({ server: name }),
          timing,
          onRestarted: (server) => manager?.refreshRoutes(server),
        }),
      );
    }
    manager = new McpManager(servers, options.audit, log);
    const outcomes = await Promise.allSettled(servers.map((server) => server.start()));
    const failures: AppError[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') return;
      const server = servers[index]!;
      const error = outcome.reason instanceof AppError ? outcome.reason : new AppError('MCP_START_FAILED', String(outcome.reason));
      if (optional.has(server.name)) log.warn({ server: server.name, error: error.message }, 'server-start-skipped');
      else failures.push(error);
    });
    try {
      if (failures.length === 1) throw failures[0]!;
      if (failures.length > 1) {
        throw new AppError('MCP_START_FAILED', `${failures.length} MCP servers could not start:\n${failures.map((error) => error.message).join('\n')}`, {
          hint: failures.map((error) => error.hint).filter(Boolean).join('; '),
          details: { servers: failures.map((error) => error.details?.server) },
        });
      }
      manager.buildRoutes();
    } catch (error) {
      await manager.close();
      throw error;
    }
    return manager;
  }

  listTools(): ToolInfo[] {
    return this.toolList;
  }

  /** Per-server state for `doctor` and /readyz. */
  status(): ServerStatus[] {
    return this.servers.map((server) => server.status());
  }

  /** True when every started server is running (none restarting or closed). */
  ready(): boolean {
    return this.closing === undefined && this.servers.every((server) => ['running', 'failed'].includes(server.status().state));
  }

  async callTool(request: ToolCallRequest): Promise<ToolCallResult> {
    const started = performance.now();
    const route = this.routes.get(request.name);
    const result = await this.dispatch(request, route, started);
    const log = this.log.child({ session: request.sessionId, trace: request.traceId });
    if (result.ok) log.debug({ tool: request.name, server: route?.server.name, ms: result.ms, cached: result.cached }, 'tool-call-end');
    else log.warn({ tool: request.name, server: route?.server.name, ms: result.ms, error_code: result.errorCode }, 'tool-call-failed');
    this.audit?.write(auditRow(request, result, route?.server.name ?? this.filtered.get(request.name) ?? null));
    return result;
  }

  /** Stop every server (stdin end → SIGTERM → SIGKILL); no child survives. Idempotent. */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.servers.map((server) => server.close())).then(() => undefined);
    return this.closing;
  }

  private async dispatch(request: ToolCallRequest, route: Route | undefined, started: number): Promise<ToolCallResult> {
    const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10;
    if (!route) return failure(...this.notFound(request.name), elapsed());
    if (this.closing) return failure('MCP_SERVER_EXITED', 'The tool servers are shutting down; the call was not made.', elapsed());
    const server = route.server;
    const timeoutMs = request.timeoutMs ?? server.config.timeout_ms;
    const deadline = Date.now() + timeoutMs;
    if (request.signal?.aborted) return failure('CANCELLED', `The call to ${request.name} was cancelled before it started.`, elapsed());

    const outcome = await server.waitUntilRunning(deadline, request.signal);
    if (outcome === 'cancelled') return failure('CANCELLED', `The call to ${request.name} was cancelled.`, elapsed());
    if (outcome !== 'running') {
      const why =
        outcome === 'timeout'
          ? `is restarting after it stopped and did not come back within ${timeoutMs} ms`
          : outcome === 'closed'
            ? 'has been shut down'
            : 'could not start';
      return failure(
        'MCP_SERVER_EXITED',
        `The "${server.name}" tool server ${why} (${server.lastErrorText ?? 'no details'}). Tool ${request.name} was not run; try again in a moment.`,
        elapsed(),
      );
    }
    const client = server.client;
    if (!client) {
      return failure('MCP_SERVER_EXITED', `The "${server.name}" tool server is not running right now; tool ${request.name} was not run. Try again in a moment.`, elapsed());
    }

    const controller = new AbortController();
    let stopReason: 'timeout' | 'cancelled' | undefined;
    const timer = setTimeout(() => {
      stopReason ??= 'timeout';
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, Math.max(0, deadline - Date.now()));
    const onAbort = (): void => {
      stopReason ??= 'cancelled';
      controller.abort(new Error('cancelled by the caller'));
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await client.callTool(
        { name: request.name, arguments: request.arguments ?? {}, _meta: { trace_id: request.traceId, session_id: request.sessionId } },
        undefined,
        // the SDK's own timeout only backs ours up
        { signal: controller.signal, timeout: timeoutMs + 5000 },
      );
      return fromCallResult(response as Parameters<typeof fromCallResult>[0], elapsed());
    } catch (error) {
      if (stopReason === 'timeout') {
        return failure(
          'TOOL_TIMEOUT',
          `Tool ${request.name} did not answer within ${timeoutMs} ms and was cancelled. Ask for less (fewer rows, a shorter period) or try again later.`,
          elapsed(),
        );
      }
      if (stopReason === 'cancelled') return failure('CANCELLED', `The call to ${request.name} was cancelled.`, elapsed());
      return fromCallError(error, { tool: request.name, server: server.name, ms: elapsed(), exitText: () => server.lastErrorText ?? 'no details' });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  private notFound(name: string): [string, string] {
    const available = this.toolList.map((tool) => tool.name).join(', ') || '(none)';
    const owner = this.filtered.get(name);
    if (owner !== undefined) {
      return [
        'FORBIDDEN',
        `Tool ${name} is not available: the configuration does not allow it on the "${owner}" server (mcp.servers.${owner}.allow/deny). Available tools: ${available}.`,
      ];
    }
    return ['TOOL_NOT_FOUND', `There is no tool named ${name}. Available tools: ${available}.`];
  }

  private offered(server: ManagedServer): ToolInfo[] {
    const { allow, deny } = server.config;
    return server.tools
      .filter((tool) => (allow === undefined || allow.includes(tool.name)) && !deny.includes(tool.name))
      .map((tool) => ({ server: server.name, name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
  }

  /** At start-up: every running server's offered tools; a name offered twice is an error. */
  private buildRoutes(): void {
    const routes = new Map<string, Route>();
    const filtered = new Map<string, string>();
    for (const server of this.servers) {
      if (server.status().state !== 'running') continue;
      this.warnUnknownFilters(server);
      const offered = this.offered(server);
      const offeredNames = new Set(offered.map((tool) => tool.name));
      for (const tool of server.tools) if (!offeredNames.has(tool.name)) filtered.set(tool.name, server.name);
      for (const tool of offered) {
        const existing = routes.get(tool.name);
        if (existing) {
          throw new AppError('MCP_DUPLICATE_TOOL', `tool "${tool.name}" is offered by two MCP servers: "${existing.server.name}" and "${server.name}"`, {
            hint: `deny it on one of them (mcp.servers.${server.name}.deny: [${tool.name}]) or disable one server`,
            details: { tool: tool.name, servers: [existing.server.name, server.name] },
          });
        }
        routes.set(tool.name, { server, tool });
      }
    }
    for (const name of routes.keys()) filtered.delete(name);
    this.routes = routes;
    this.filtered = filtered;
    this.toolList = [...routes.values()].map((route) => route.tool);
  }

  /** After a restart: the server's fresh tool list replaces its old routes; a new clash is logged and skipped. */
  private refreshRoutes(server: ManagedServer): void {
    if (this.closing) return;
    const routes = new Map<string, Route>();
    for (const [name, route] of this.routes) if (route.server !== server) routes.set(name, route);
    for (const tool of this.offered(server)) {
      const existing = routes.get(tool.name);
      if (existing) {
        this.log.error({ tool: tool.name, servers: [existing.server.name, server.name] }, 'tool-duplicate-after-restart');
        continue;
      }
      routes.set(tool.name, { server, tool });
    }
    for (const [name, owner] of this.filtered) if (owner === server.name) this.filtered.delete(name);
    const offeredNames = new Set(this.offered(server).map((tool) => tool.name));
    for (const tool of server.tools) if (!offeredNames.has(tool.name) && !routes.has(tool.name)) this.filtered.set(tool.name, server.name);
    // keep the configured server order in listTools()
    const order = new Map(this.servers.map((entry, index) => [entry.name, index]));
    this.routes = new Map(
      [...routes.entries()].sort(([, a], [, b]) => (order.get(a.server.name) ?? 0) - (order.get(b.server.name) ?? 0)),
    );
    this.toolList = [...this.routes.values()].map((route) => route.tool);
    this.log.info({ server: server.name, tools: this.toolList.length }, 'tools-relisted');
  }

  private warnUnknownFilters(server: ManagedServer): void {
    const names = new Set(server.tools.map((tool) => tool.name));
    const unknown = [...(server.config.allow ?? []), ...server.config.deny].filter((name) => !names.has(name));
    if (unknown.length > 0) {
      this.log.warn({ server: server.name, unknown, tools: [...names] }, 'tool-filter-unknown');
    }
  }
}
