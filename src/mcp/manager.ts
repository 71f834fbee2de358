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
 *
 * Lazy start and idle stop (`lazy`, used by createAgent): each server's tool
 * list is kept in a small JSON file (`toolCacheFile`, beside agent.db) keyed
 * by its command line and the program's version. A server whose list is known
 * there is not started with the others: its tools are routed and offered at
 * once and the process starts on the first call that needs it (a `ask` that
 * only reads the plant database starts the query server alone). A server with
 * no known list starts at once as before, and its list is written down. With
 * `idleStopMs`, a server no call has used for that long is stopped (state
 * `idle`) and started again by the next call; its tools stay listed.
 * A server that cannot start on first use fails that call (MCP_SERVER_EXITED
 * with the reason) and is tried again by the next one.
 * A server started only to learn its tools (first start, a new version, a
 * changed command line) is stopped as soon as its list is written
 * (`server-listed-stop`): the service's first boot and the start after an
 * upgrade leave no idle copies of the program behind; the first call that
 * needs one starts it again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors.js';
import { VERSION } from '../version.js';
import { lazyChild, logger, type Logger } from '../log/index.js';
import type { Config, McpServerConfig } from '../config/schema.js';
import type { AuditWriter } from '../store/audit.js';
import type { ToolCallRequest, ToolCallResult, ToolCaller, ToolHealth, ToolInfo } from './types.js';
import { Breaker, CallGate, type BreakerPolicy, type BreakerStatus } from './breaker.js';
import { formatCommandLine, launchSpec, type LaunchSpec } from './launch.js';
import { knownTools } from './builtin-tools.js';
import {
  DEFAULT_TIMING,
  ManagedServer,
  type ListedTool,
  type McpTiming,
  type ServerState,
  type ServerStatus,
} from './server-process.js';
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
  /** start servers on first use and stop idle ones (see the top of this file) */
  lazy?: LazyOptions | undefined;
  /** the breakers' clock (tests move it); default Date.now */
  clock?: (() => number) | undefined;
}

export interface LazyOptions {
  /** JSON file with each server's last tool list; a server listed there starts on its first call */
  toolCacheFile?: string | undefined;
  /** stop a server no call has used for this long (ms); 0 or unset: keep it running */
  idleStopMs?: number | undefined;
}

/** `idle`: stopped after idle time (or not started yet), started again by the next call */
export type ManagedServerState = ServerState | 'idle';
export type ManagedServerStatus = Omit<ServerStatus, 'state'> & {
  state: ManagedServerState;
  /** its breaker (breaker.ts): open = its calls are refused until retry_at */
  breaker: BreakerStatus;
  /** calls in flight now and waiting for a place (mcp.servers.<name>.concurrency / queue_max) */
  in_flight: number;
  queued: number;
};

/** One configured server: the process (while one runs) and what is known of it between processes. */
class Slot {
  server: ManagedServer | undefined;
  starting: Promise<ManagedServer> | undefined;
  tools: ListedTool[] = [];
  /** calls running now (never stopped for idleness while > 0) */
  active = 0;
  lastUsed = Date.now();
  idleTimer: NodeJS.Timeout | undefined;
  /** restarts of processes already stopped for idleness */
  pastRestarts = 0;
  lastError: string | null = null;
  readonly commandLine: string;
  readonly fingerprint: string;
  readonly breaker: Breaker;
  readonly gate: CallGate;
  readonly spec: LaunchSpec;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    parts: { spec: LaunchSpec; breaker: BreakerPolicy; clock: () => number },
  ) {
    const { spec } = parts;
    this.spec = spec;
    this.breaker = new Breaker(parts.breaker, parts.clock);
    this.gate = new CallGate({ concurrency: config.concurrency, queueMax: config.queue_max });
    this.commandLine = formatCommandLine(spec);
    // what a tool list depends on: the program (and its version) and its arguments
    const args = spec.args.filter((arg, index) => arg !== '--now' && spec.args[index - 1] !== '--now');
    this.fingerprint = createHash('sha256')
      .update(JSON.stringify([VERSION, spec.command, args, config.env]))
      .digest('hex')
      .slice(0, 32);
  }
}

interface Route {
  slot: Slot;
  tool: ToolInfo;
}

interface ToolCacheFile {
  version: 1;
  servers: Record<string, { fingerprint: string; tools: ListedTool[] }>;
}

/**
 * The fixes of several servers that could not start, each clause once: the
 * shipped servers' hints share their first clauses ("the server's own error is
 * above; `airgap-agent doctor` checks …"), and one fix: line should say it once.
 */
export function mergeHints(hints: ReadonlyArray<string | undefined>): string {
  return [...new Set(hints.flatMap((hint) => (hint ?? '').split('; ')).filter((part) => part !== ''))].join('; ');
}

export class McpManager implements ToolCaller {
  private routes = new Map<string, Route>();
  /** tools a server has but allow/deny keeps from the model: name → server */
  private filtered = new Map<string, string>();
  private toolList: ToolInfo[] = [];
  private closing: Promise<void> | undefined;
  /** servers switched off in the config (enabled: false), with the tools they had when last listed */
  private disabled = new Map<string, string[]>();

  private readonly audit: AuditWriter | undefined;
  private readonly log: Logger;
  private readonly timing: McpTiming;
  private readonly lazy: LazyOptions | undefined;

  private constructor(
    private readonly slots: Slot[],
    parts: { audit: AuditWriter | undefined; log: Logger; timing: McpTiming; lazy: LazyOptions | undefined },
  ) {
    this.audit = parts.audit;
    this.log = parts.log;
    this.timing = parts.timing;
    this.lazy = parts.lazy;
  }

  /** Start every enabled server in config.mcp.servers (lazy: those whose tools are not known) and build the routing table. */
  static async start(options: McpManagerStartOptions): Promise<McpManager> {
    const log = options.log ?? logger('mcp');
    const timing: McpTiming = { ...DEFAULT_TIMING, ...options.timing };
    const optional = new Set(options.optional ?? []);
    const slots: Slot[] = [];
    const { breaker } = options.config.mcp;
    const guard = {
      breaker: { failures: breaker.failures, windowMs: breaker.window_s * 1000, cooldownMs: breaker.cooldown_s * 1000 },
      clock: options.clock ?? Date.now,
    };
    const disabled: Array<[string, McpServerConfig]> = [];
    for (const [name, config] of Object.entries(options.config.mcp.servers)) {
      if (!config.enabled) {
        disabled.push([name, config]);
        continue;
      }
      slots.push(new Slot(name, config, { spec: launchSpec(config, { configFile: options.configFile }), ...guard }));
    }
    const manager = new McpManager(slots, { audit: options.audit, log, timing, lazy: options.lazy });
    const known = manager.readToolCache();
    // a switched-off server's tools: what it listed when it last ran here, else (a shipped one) what it ships with
    for (const [name, config] of disabled)
      manager.disabled.set(
        name,
        knownTools(
          config,
          known[name]?.tools.map((tool) => tool.name),
        ),
      );
    const toStart: Slot[] = [];
    for (const slot of slots) {
      const cached = known[slot.name];
      if (options.lazy?.toolCacheFile !== undefined && cached && cached.fingerprint === slot.fingerprint)
        slot.tools = cached.tools;
      else toStart.push(slot);
    }
    const outcomes = await Promise.allSettled(toStart.map((slot) => manager.launch(slot)));
    const failures: AppError[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') return;
      const slot = toStart[index]!;
      const error =
        outcome.reason instanceof AppError ? outcome.reason : new AppError('MCP_START_FAILED', String(outcome.reason));
      if (optional.has(slot.name)) log.warn({ server: slot.name, error: error.message }, 'server-start-skipped');
      else failures.push(error);
    });
    try {
      if (failures.length === 1) throw failures[0]!;
      if (failures.length > 1) {
        throw new AppError(
          'MCP_START_FAILED',
          `${failures.length} MCP servers could not start:\n${failures.map((error) => error.message).join('\n')}`,
          {
            hint: mergeHints(failures.map((error) => error.hint)),
            details: { servers: failures.map((error) => error.details?.server) },
          },
        );
      }
      manager.buildRoutes();
    } catch (error) {
      await manager.close();
      throw error;
    }
    if (toStart.length > 0) manager.writeToolCache();
    // lazy: a server started only to learn its tools has done its job; the first call starts it again
    if (options.lazy?.toolCacheFile !== undefined)
      await Promise.all(toStart.map((slot) => manager.stopProcess(slot, 'server-listed-stop')));
    for (const slot of slots) manager.armIdleTimer(slot);
    return manager;
  }

  listTools(): ToolInfo[] {
    return this.toolList;
  }

  /** Per-server state for `doctor` and /readyz. */
  status(): ManagedServerStatus[] {
    return this.slots.map((slot) => {
      const guard = { breaker: slot.breaker.status(), in_flight: slot.gate.running, queued: slot.gate.queued };
      if (slot.server) {
        const status = slot.server.status();
        return { ...status, restarts: status.restarts + slot.pastRestarts, ...guard };
      }
      return {
        ...guard,
        name: slot.name,
        state: this.closing
          ? 'closed'
          : slot.tools.length > 0 || slot.starting
            ? slot.starting
              ? 'starting'
              : 'idle'
            : 'failed',
        pid: null,
        restarts: slot.pastRestarts,
        tools: slot.tools.length,
        command: slot.commandLine,
        up_since: null,
        last_error: slot.lastError,
        // not running: nothing to ping (a hung server's restarts show while it runs)
        unresponsive_since: null,
        hung_restarts: 0,
      };
    });
  }

  /** True when every server runs or can start on demand (none restarting or closed). */
  ready(): boolean {
    return (
      this.closing === undefined &&
      this.status().every((server) => ['running', 'failed', 'idle', 'starting'].includes(server.state))
    );
  }

  /**
   * Can `name` be called now? Not when no enabled server offers it (missing,
   * or its server is disabled in the config), allow/deny keeps it, its server
   * could not start, or the server's breaker is open. A server restarting is
   * waited for by the call itself.
   */
  health(name: string): ToolHealth {
    const route = this.routes.get(name);
    if (!route) {
      const owner = this.filtered.get(name);
      if (owner !== undefined)
        return {
          ok: false,
          server: owner,
          state: 'filtered',
          reason: `the "${owner}" server's allow/deny keeps ${name} from callers (mcp.servers.${owner}.allow/deny)`,
        };
      for (const [server, tools] of this.disabled) {
        if (tools.includes(name))
          return {
            ok: false,
            server,
            state: 'disabled',
            reason: `the "${server}" server, which offers ${name}, is switched off (mcp.servers.${server}.enabled: false)`,
          };
      }
      const off = [...this.disabled.keys()];
      return {
        ok: false,
        server: null,
        state: 'missing',
        reason:
          `no enabled MCP server offers ${name}` +
          (off.length > 0 ? ` (switched off in the config: ${off.join(', ')})` : '') +
          '; see `airgap-agent doctor` and mcp.servers',
      };
    }
    const slot = route.slot;
    const breaker = slot.breaker.status();
    if (breaker.state === 'open')
      return {
        ok: false,
        server: slot.name,
        state: 'breaker-open',
        reason:
          `the "${slot.name}" server stopped answering (${breaker.last_error ?? 'failures'}); its breaker is open ` +
          `and its calls are refused until ${breaker.retry_at}`,
      };
    // a server restarting after a crash or a hang is not down: calls wait for it within their timeout, and
    // one that keeps failing opens its breaker
    const status = slot.server?.status();
    if (status && status.state === 'failed')
      return {
        ok: false,
        server: slot.name,
        state: 'down',
        reason: `the "${slot.name}" server could not start (${status.last_error ?? 'no details'})`,
      };
    return { ok: true, server: slot.name };
  }

  async callTool(request: ToolCallRequest): Promise<ToolCallResult> {
    const started = performance.now();
    const route = this.routes.get(request.name);
    let result: ToolCallResult;
    if (route) {
      const slot = route.slot;
      slot.active++;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      try {
        result = await this.guarded(request, route, started);
      } finally {
        slot.active--;
        slot.lastUsed = Date.now();
        this.armIdleTimer(slot);
      }
    } else {
      result = await this.dispatch(request, route, started);
    }
    const log = lazyChild(this.log, { session: request.sessionId, trace: request.traceId });
    if (result.ok)
      log.debug(
        { tool: request.name, server: route?.slot.name, ms: result.ms, cached: result.cached },
        'tool-call-end',
      );
    else
      log.warn(
        { tool: request.name, server: route?.slot.name, ms: result.ms, error_code: result.errorCode },
        'tool-call-failed',
      );
    this.audit?.write(auditRow(request, result, route?.slot.name ?? this.filtered.get(request.name) ?? null));
    return result;
  }

  /** Stop every server (stdin end → SIGTERM → SIGKILL); no child survives. Idempotent. */
  close(): Promise<void> {
    this.closing ??= Promise.all(
      this.slots.map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        slot.idleTimer = undefined;
        const server = slot.server ?? (await slot.starting?.catch(() => undefined));
        await server?.close();
      }),
    ).then(() => undefined);
    return this.closing;
  }

  /** Start a process for the slot (one at a time); resolves once it runs and lists its tools. */
  private launch(slot: Slot): Promise<ManagedServer> {
    if (slot.server) return Promise.resolve(slot.server);
    slot.starting ??= (async () => {
      const server: ManagedServer = new ManagedServer(slot.name, slot.config, {
        spec: slot.spec,
        log: this.log.child({ server: slot.name }),
        timing: this.timing,
        onRestarted: () => this.refreshRoutes(slot),
      });
      try {
        await server.start();
      } catch (error) {
        slot.lastError = server.lastErrorText;
        await server.close();
        throw error;
      } finally {
        slot.starting = undefined;
      }
      if (this.closing) {
        await server.close();
        throw new AppError('MCP_SERVER_EXITED', `the "${slot.name}" tool server was started while shutting down`);
      }
      const before = JSON.stringify(slot.tools);
      slot.server = server;
      slot.tools = server.tools;
      slot.lastError = null;
      slot.lastUsed = Date.now();
      // a server started on demand may list other tools than the cache said
      if (this.routes.size > 0 && before !== JSON.stringify(server.tools)) {
        this.refreshRoutes(slot);
        this.writeToolCache();
      }
      return server;
    })();
    return slot.starting;
  }

  /** After idleStopMs without a call: stop the process; the next call starts it again. */
  private armIdleTimer(slot: Slot): void {
    const idleMs = this.lazy?.idleStopMs ?? 0;
    if (idleMs <= 0 || this.closing || !slot.server || slot.active > 0) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      const server = slot.server;
      if (!server || slot.active > 0 || this.closing) return;
      if (Date.now() - slot.lastUsed < idleMs - 5) return this.armIdleTimer(slot);
      void this.stopProcess(slot, 'server-idle-stop');
    }, idleMs);
    slot.idleTimer.unref();
  }

  /** Stop the slot's process (its tools stay listed, state `idle`); the next call starts a new one. */
  private async stopProcess(slot: Slot, reason: 'server-idle-stop' | 'server-listed-stop'): Promise<void> {
    const server = slot.server;
    // a server that listed no tools stays: stopped, it would read as failed and no call could start it
    if (!server || slot.active > 0 || this.closing || slot.tools.length === 0) return;
    slot.server = undefined;
    slot.pastRestarts += server.status().restarts;
    this.log.info({ server: slot.name, idle_ms: Date.now() - slot.lastUsed }, reason);
    await server.close();
  }

  /** The breaker, then a place in the server's gate, then the call; the outcome goes back to the breaker. */
  private async guarded(request: ToolCallRequest, route: Route, started: number): Promise<ToolCallResult> {
    const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10;
    const slot = route.slot;
    if (this.closing) return this.dispatch(request, route, started);
    const refused = slot.breaker.admit();
    if (refused) {
      return failure(
        'DEPENDENCY_UNAVAILABLE',
        `The "${slot.name}" tool server is not answering: ${refused.failures} call(s) to it failed ` +
          `(${refused.lastError ?? 'no details'}), so calls to it are refused until ` +
          `${new Date(refused.until).toISOString()}. Tool ${request.name} was not run; do not call it again now.`,
        elapsed(),
      );
    }
    const timeoutMs = request.timeoutMs ?? slot.config.timeout_ms;
    const place = await slot.gate.enter(Date.now() + timeoutMs, request.signal);
    if (!place.ok) {
      slot.breaker.record({ code: 'CANCELLED' });
      if (place.reason === 'cancelled')
        return failure('CANCELLED', `The call to ${request.name} was cancelled before it started.`, elapsed());
      const limits = `mcp.servers.${slot.name}.concurrency: ${slot.config.concurrency}, queue_max: ${slot.config.queue_max}`;
      return failure(
        'MCP_SERVER_BUSY',
        place.reason === 'busy'
          ? `The "${slot.name}" tool server is busy: ${slot.gate.running} call(s) running and ${place.waiting} waiting ` +
              `(${limits}). Tool ${request.name} was not run; try again in a moment.`
          : `The "${slot.name}" tool server stayed busy: tool ${request.name} waited ${timeoutMs} ms for a place ` +
              `(${limits}) and was not run; try again in a moment.`,
        elapsed(),
      );
    }
    try {
      const result = await this.dispatch(request, route, started);
      const change = slot.breaker.record({ code: result.ok ? undefined : result.errorCode, text: result.text });
      if (change === 'opened') {
        const policy = slot.breaker.status();
        this.log.error({ server: slot.name, last_error: policy.last_error, retry_at: policy.retry_at }, 'breaker-open');
      } else if (change === 'closed') this.log.info({ server: slot.name }, 'breaker-closed');
      return result;
    } finally {
      place.ticket.release();
    }
  }

  private async dispatch(request: ToolCallRequest, route: Route | undefined, started: number): Promise<ToolCallResult> {
    const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10;
    if (!route) return failure(...this.notFound(request.name), elapsed());
    if (this.closing)
      return failure('MCP_SERVER_EXITED', 'The tool servers are shutting down; the call was not made.', elapsed());
    const slot = route.slot;
    const timeoutMs = request.timeoutMs ?? slot.config.timeout_ms;
    let deadline = Date.now() + timeoutMs;
    if (request.signal?.aborted)
      return failure('CANCELLED', `The call to ${request.name} was cancelled before it started.`, elapsed());

    let server = slot.server;
    if (!server) {
      // a lazy start has its own limit (the start-up timeout): the call's timeout_ms counts from a running server,
      // so a slow start (a busy host, a cold disk) is not a TOOL_TIMEOUT that says "ask for less" and opens the breaker
      try {
        server = await this.launch(slot);
      } catch (error) {
        const reason = slot.lastError ?? (error instanceof Error ? error.message : String(error));
        return failure(
          'MCP_SERVER_EXITED',
          `The "${slot.name}" tool server could not start (${reason}). Tool ${request.name} was not run; try again in a moment.`,
          elapsed(),
        );
      }
      // the cached list said the server has this tool; the started one may not
      if (!this.routes.has(request.name)) return failure(...this.notFound(request.name), elapsed());
      deadline = Date.now() + timeoutMs;
    }
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
      return failure(
        'MCP_SERVER_EXITED',
        `The "${server.name}" tool server is not running right now; tool ${request.name} was not run. Try again in a moment.`,
        elapsed(),
      );
    }

    const controller = new AbortController();
    let stopReason: 'timeout' | 'cancelled' | undefined;
    const timer = setTimeout(
      () => {
        stopReason ??= 'timeout';
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      },
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = (): void => {
      stopReason ??= 'cancelled';
      controller.abort(new Error('cancelled by the caller'));
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    // cancelled while the server was starting (lazy start): the listener above never fires for a past abort
    if (request.signal?.aborted) {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      return failure('CANCELLED', `The call to ${request.name} was cancelled before it started.`, elapsed());
    }
    try {
      const response = await client.callTool(
        {
          name: request.name,
          arguments: request.arguments ?? {},
          _meta: { trace_id: request.traceId, session_id: request.sessionId },
        },
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
      if (stopReason === 'cancelled')
        return failure('CANCELLED', `The call to ${request.name} was cancelled.`, elapsed());
      const live = server;
      return fromCallError(error, {
        tool: request.name,
        server: live.name,
        ms: elapsed(),
        exitText: () => live.lastErrorText ?? 'no details',
      });
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
        `Tool ${name} is not available: the configuration does not allow it on the "${owner}" server ` +
          `(mcp.servers.${owner}.allow/deny). Available tools: ${available}.`,
      ];
    }
    return ['TOOL_NOT_FOUND', `There is no tool named ${name}. Available tools: ${available}.`];
  }

  private offered(slot: Slot): ToolInfo[] {
    const { allow, deny } = slot.config;
    return slot.tools
      .filter((tool) => (allow === undefined || allow.includes(tool.name)) && !deny.includes(tool.name))
      .map((tool) => ({
        server: slot.name,
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      }));
  }

  /** At start-up: every running (or known) server's offered tools; a name offered twice is an error. */
  private buildRoutes(): void {
    const routes = new Map<string, Route>();
    const filtered = new Map<string, string>();
    for (const slot of this.slots) {
      if (slot.server ? slot.server.status().state !== 'running' : slot.tools.length === 0) continue;
      this.warnUnknownFilters(slot);
      const offered = this.offered(slot);
      const offeredNames = new Set(offered.map((tool) => tool.name));
      for (const tool of slot.tools) if (!offeredNames.has(tool.name)) filtered.set(tool.name, slot.name);
      for (const tool of offered) {
        const existing = routes.get(tool.name);
        if (existing) {
          throw new AppError(
            'MCP_DUPLICATE_TOOL',
            `tool "${tool.name}" is offered by two MCP servers: "${existing.slot.name}" and "${slot.name}"`,
            {
              hint: `deny it on one of them (mcp.servers.${slot.name}.deny: [${tool.name}]) or disable one server`,
              details: { tool: tool.name, servers: [existing.slot.name, slot.name] },
            },
          );
        }
        routes.set(tool.name, { slot, tool });
      }
    }
    for (const name of routes.keys()) filtered.delete(name);
    this.routes = routes;
    this.filtered = filtered;
    this.toolList = [...routes.values()].map((route) => route.tool);
  }

  /** After a restart (or a first start on demand): the server's fresh tool list replaces its old routes; a new clash is logged and skipped. */
  private refreshRoutes(slot: Slot): void {
    if (this.closing) return;
    if (slot.server) slot.tools = slot.server.tools;
    const routes = new Map<string, Route>();
    for (const [name, route] of this.routes) if (route.slot !== slot) routes.set(name, route);
    for (const tool of this.offered(slot)) {
      const existing = routes.get(tool.name);
      if (existing) {
        this.log.error({ tool: tool.name, servers: [existing.slot.name, slot.name] }, 'tool-duplicate-after-restart');
        continue;
      }
      routes.set(tool.name, { slot, tool });
    }
    for (const [name, owner] of this.filtered) if (owner === slot.name) this.filtered.delete(name);
    const offeredNames = new Set(this.offered(slot).map((tool) => tool.name));
    for (const tool of slot.tools)
      if (!offeredNames.has(tool.name) && !routes.has(tool.name)) this.filtered.set(tool.name, slot.name);
    // keep the configured server order in listTools()
    const order = new Map(this.slots.map((entry, index) => [entry.name, index]));
    this.routes = new Map(
      [...routes.entries()].sort(([, a], [, b]) => (order.get(a.slot.name) ?? 0) - (order.get(b.slot.name) ?? 0)),
    );
    this.toolList = [...this.routes.values()].map((route) => route.tool);
    this.log.info({ server: slot.name, tools: this.toolList.length }, 'tools-relisted');
  }

  private warnUnknownFilters(slot: Slot): void {
    const names = new Set(slot.tools.map((tool) => tool.name));
    const unknown = [...(slot.config.allow ?? []), ...slot.config.deny].filter((name) => !names.has(name));
    if (unknown.length > 0) {
      this.log.warn({ server: slot.name, unknown, tools: [...names] }, 'tool-filter-unknown');
    }
  }

  private readToolCache(): ToolCacheFile['servers'] {
    const file = this.lazy?.toolCacheFile;
    if (file === undefined) return {};
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ToolCacheFile>;
      return parsed.version === 1 && parsed.servers && typeof parsed.servers === 'object' ? parsed.servers : {};
    } catch {
      // missing or damaged: the servers start and the file is written again
      return {};
    }
  }

  /** Write every known tool list (atomically: a reader never sees half a file); failure only costs a start next time. */
  private writeToolCache(): void {
    const file = this.lazy?.toolCacheFile;
    if (file === undefined) return;
    const servers: ToolCacheFile['servers'] = { ...this.readToolCache() };
    for (const slot of this.slots)
      if (slot.tools.length > 0) servers[slot.name] = { fingerprint: slot.fingerprint, tools: slot.tools };
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporary, `${JSON.stringify({ version: 1, servers } satisfies ToolCacheFile)}\n`, { mode: 0o640 });
      renameSync(temporary, file);
    } catch (error) {
      this.log.warn({ file, error: (error as Error).message }, 'tool-cache-write-failed');
    }
  }
}
