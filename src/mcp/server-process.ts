/**
 * One MCP server as a child process, through the real SDK Client and
 * StdioClientTransport: start (initialize + tools/list), notice a crash,
 * restart with backoff, and stop so that no child survives.
 *
 * Restart policy: after an unexpected exit the server is restarted after
 * `restartDelaysMs[n]` (250 ms, 1 s, 4 s, 15 s, then every 30 s), n being the
 * number of consecutive failures; the count is reset when a server has stayed
 * up for `stableMs`. The loop goes on until `close()`. Its tools are listed
 * again after every restart (`onRestarted`).
 *
 * Stop: the SDK's close ends stdin, then SIGTERM and SIGKILL after 2 s each
 * but never waits for the kill. Here the same escalation runs with shorter
 * waits (stdin end → `stdinGraceMs` → SIGTERM → `termGraceMs` → SIGKILL) and
 * waits until the process is really gone.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../errors.js';
import type { Logger } from '../log/index.js';
import { VERSION } from '../version.js';
import type { McpServerConfig } from '../config/schema.js';
import type { JsonSchema } from './types.js';
import { formatCommandLine, type LaunchSpec } from './launch.js';
import { StderrCapture } from './stderr-log.js';

export type ServerState = 'starting' | 'running' | 'restarting' | 'failed' | 'closed';

export interface ServerStatus {
  name: string;
  state: ServerState;
  /** pid of the live child, null while none runs */
  pid: number | null;
  /** successful restarts since start-up */
  restarts: number;
  /** tools listed by the server (before allow/deny) */
  tools: number;
  command: string;
  /** when the current child started (ISO), null while none runs */
  up_since: string | null;
  last_error: string | null;
  /** the live child missed a ping and has not answered one since (ISO), null while it answers */
  unresponsive_since: string | null;
  /** times the child was killed and restarted because it stopped answering pings (hung, not exited) */
  hung_restarts: number;
}

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface McpTiming {
  /** initialize + tools/list must finish within this */
  startTimeoutMs: number;
  restartDelaysMs: number[];
  /** uptime after which the backoff starts again from the first delay */
  stableMs: number;
  stdinGraceMs: number;
  termGraceMs: number;
  /** a running server is pinged this often (0: never) */
  pingIntervalMs: number;
  /** a ping not answered within this is missed */
  pingTimeoutMs: number;
  /** this many missed pings in a row: the server is hung — killed and restarted */
  pingMisses: number;
}

export const DEFAULT_TIMING: McpTiming = {
  startTimeoutMs: 30_000,
  restartDelaysMs: [250, 1000, 4000, 15_000, 30_000],
  stableMs: 60_000,
  stdinGraceMs: 500,
  termGraceMs: 1000,
  pingIntervalMs: 10_000,
  pingTimeoutMs: 5_000,
  pingMisses: 2,
};

interface Connection {
  client: Client;
  pid: number | null;
  child: ChildProcess | undefined;
  capture: StderrCapture;
  startedAt: number;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  invalidStdout: number;
}

type WaitOutcome = 'running' | 'timeout' | 'cancelled' | 'closed' | 'failed';

export class ManagedServer {
  private connection: Connection | undefined;
  private state: ServerState = 'starting';
  private restarts = 0;
  private consecutiveFailures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private pendingSpawn: Promise<unknown> | undefined;
  private listed: ListedTool[] = [];
  private lastError: string | null = null;
  private readonly waiters = new Set<() => void>();
  private pingTimer: NodeJS.Timeout | undefined;
  private missedPings = 0;
  private unresponsiveSince: number | undefined;
  private hungRestarts = 0;
  private readonly commandLine: string;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly options: {
      spec: LaunchSpec;
      log: Logger;
      timing: McpTiming;
      /** called after a restart with the fresh tool list */
      onRestarted: (server: ManagedServer) => void;
    },
  ) {
    this.commandLine = formatCommandLine(options.spec);
  }

  /** First start. Throws MCP_START_FAILED naming the server, the command and the last stderr lines. */
  async start(): Promise<void> {
    try {
      await this.spawn();
    } catch (error) {
      this.state = 'failed';
      this.notify();
      throw error;
    }
  }

  get tools(): ListedTool[] {
    return this.listed;
  }

  get client(): Client | undefined {
    return this.state === 'running' ? this.connection?.client : undefined;
  }

  get lastErrorText(): string | null {
    return this.lastError;
  }

  status(): ServerStatus {
    const connection = this.state === 'running' ? this.connection : undefined;
    return {
      name: this.name,
      state: this.state,
      pid: connection?.pid ?? null,
      restarts: this.restarts,
      tools: this.listed.length,
      command: this.commandLine,
      up_since: connection ? new Date(connection.startedAt).toISOString() : null,
      last_error: this.lastError,
      unresponsive_since:
        connection && this.unresponsiveSince !== undefined ? new Date(this.unresponsiveSince).toISOString() : null,
      hung_restarts: this.hungRestarts,
    };
  }

  /** Wait until the server runs (it may be restarting), until `deadline` (epoch ms) or the signal. */
  waitUntilRunning(deadline: number, signal?: AbortSignal): Promise<WaitOutcome> {
    const settled = this.settledOutcome();
    if (settled) return Promise.resolve(settled);
    if (signal?.aborted) return Promise.resolve('cancelled');
    return new Promise((resolve) => {
      const finish = (outcome: WaitOutcome): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(onChange);
        resolve(outcome);
      };
      const onAbort = (): void => finish('cancelled');
      const onChange = (): void => {
        const outcome = this.settledOutcome();
        if (outcome) finish(outcome);
      };
      const timer = setTimeout(() => finish('timeout'), Math.max(0, deadline - Date.now()));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(onChange);
    });
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    this.stopPinging();
    this.notify();
    await this.pendingSpawn?.catch(() => undefined);
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await this.stop(connection);
  }

  private settledOutcome(): WaitOutcome | undefined {
    if (this.state === 'running') return 'running';
    if (this.state === 'closed') return 'closed';
    if (this.state === 'failed') return 'failed';
    return undefined;
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async spawn(): Promise<void> {
    const promise = this.spawnOnce();
    this.pendingSpawn = promise;
    try {
      await promise;
    } finally {
      if (this.pendingSpawn === promise) this.pendingSpawn = undefined;
    }
  }

  private async spawnOnce(): Promise<void> {
    const { spec, log, timing } = this.options;
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: spec.env,
      stderr: 'pipe',
    });
    const capture = new StderrCapture({ log });
    transport.stderr?.on('data', (chunk: Buffer) => capture.write(chunk));
    const client = new Client({ name: 'airgap-agent', version: VERSION }, { capabilities: {} });
    const connection: Connection = {
      client,
      pid: null,
      child: undefined,
      capture,
      startedAt: Date.now(),
      exit: undefined,
      invalidStdout: 0,
    };
    client.onclose = () => this.handleClose(connection);
    client.onerror = (error) => this.handleTransportError(connection, error);
    const startedAt = Date.now();
    try {
      const connecting = client.connect(transport, { timeout: timing.startTimeoutMs });
      // connect() spawns synchronously before its first await: the child exists now
      connection.pid = transport.pid;
      connection.child = childOf(transport);
      connection.child?.once('exit', (code, signal) => (connection.exit = { code, signal }));
      batchWrites(connection.child?.stdin);
      await connecting;
      connection.pid ??= transport.pid;
      const tools = await listAllTools(client, Math.max(1000, timing.startTimeoutMs - (Date.now() - startedAt)));
      if (this.state === 'closed') {
        await this.stop(connection);
        return;
      }
      this.listed = tools;
      this.connection = connection;
      connection.startedAt = Date.now();
      this.state = 'running';
      log.info(
        { child_pid: connection.pid, tools: tools.map((tool) => tool.name), ms: Date.now() - startedAt },
        'server-start',
      );
      this.startPinging(connection);
      this.notify();
    } catch (error) {
      connection.pid ??= transport.pid;
      await this.stop(connection);
      capture.end();
      const lines = capture.lastLines(10);
      const reason =
        error instanceof McpError && error.code === ErrorCode.ConnectionClosed
          ? `the process exited during start-up (${describeExit(connection.exit)})`
          : error instanceof Error
            ? error.message
            : String(error);
      this.lastError = `could not start: ${reason}${lines.length > 0 ? `; stderr: ${lines.join(' | ')}` : ''}`;
      this.options.log.error({ command: this.commandLine, reason, stderr: lines }, 'server-start-failed');
      throw new AppError(
        'MCP_START_FAILED',
        `MCP server "${this.name}" could not start: ${reason}\n  command: ${this.commandLine}` +
          (lines.length > 0 ? `\n  last stderr lines:\n    ${lines.join('\n    ')}` : '\n  (no stderr output)'),
        {
          // the shipped servers' own start-up errors name their fix (plant.db missing: seed or import it);
          // switching query or plant off would silence every plant question, so that is not offered as the fix
          hint: this.config.builtin
            ? `the server's own error is above; \`airgap-agent doctor\` checks plant.db, the docs folder and the config` +
              (['query', 'plant'].includes(this.config.builtin)
                ? ''
                : `; to run without it, set mcp.servers.${this.name}.enabled: false`)
            : `check mcp.servers.${this.name}.command/args/env (run the command by hand), or set mcp.servers.${this.name}.enabled: false`,
          details: { server: this.name, command: this.commandLine, stderr: lines },
          cause: error,
        },
      );
    }
  }

  private handleTransportError(connection: Connection, error: Error): void {
    if (this.state === 'closed' || connection !== this.connection) return;
    // non-JSON stdout lines land here (the SDK skips them); a server must not print to stdout
    connection.invalidStdout++;
    if (connection.invalidStdout <= 10) {
      this.options.log.warn({ error: error.message }, 'server-stdout-invalid');
    } else if (connection.invalidStdout === 11) {
      this.options.log.warn('server-stdout-invalid: further messages suppressed for this process');
    }
  }

  /**
   * A child can hang without exiting (stopped, deadlocked, its event loop
   * blocked): ping it; after `pingMisses` unanswered pings in a row it is
   * killed (stdin end → SIGTERM → SIGKILL) and restarted like a crashed one.
   */
  private startPinging(connection: Connection): void {
    this.stopPinging();
    this.missedPings = 0;
    this.unresponsiveSince = undefined;
    const { pingIntervalMs, pingTimeoutMs, pingMisses } = this.options.timing;
    if (!(pingIntervalMs > 0)) return;
    let inFlight = false;
    this.pingTimer = setInterval(() => {
      if (connection !== this.connection || this.state !== 'running') {
        this.stopPinging();
        return;
      }
      if (inFlight) return;
      inFlight = true;
      connection.client.ping({ timeout: pingTimeoutMs }).then(
        () => {
          inFlight = false;
          if (connection !== this.connection) return;
          if (this.missedPings > 0)
            this.options.log.info(
              { child_pid: connection.pid, missed: this.missedPings },
              'server-ping-answered-again',
            );
          this.missedPings = 0;
          this.unresponsiveSince = undefined;
        },
        (error: unknown) => {
          inFlight = false;
          if (connection !== this.connection || this.state !== 'running') return;
          this.missedPings++;
          this.unresponsiveSince ??= Date.now();
          this.options.log.warn(
            {
              child_pid: connection.pid,
              missed: this.missedPings,
              error: error instanceof Error ? error.message : String(error),
            },
            'server-ping-missed',
          );
          if (this.missedPings >= pingMisses) this.handleHung(connection);
        },
      );
    }, pingIntervalMs);
    this.pingTimer.unref();
  }

  private stopPinging(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private handleHung(connection: Connection): void {
    const { pingTimeoutMs } = this.options.timing;
    const since = this.unresponsiveSince ?? Date.now();
    this.stopPinging();
    this.connection = undefined;
    this.hungRestarts++;
    this.unresponsiveSince = undefined;
    connection.capture.end();
    this.lastError =
      `hung: the process (pid ${connection.pid}) still ran but answered none of ${this.missedPings} ` +
      `pings (${pingTimeoutMs} ms each) since ${new Date(since).toISOString()}; killed and restarted`;
    this.options.log.error(
      { child_pid: connection.pid, missed: this.missedPings, hung_restarts: this.hungRestarts },
      'server-hung',
    );
    this.missedPings = 0;
    this.state = 'restarting';
    this.notify();
    void this.stop(connection);
    this.scheduleRestart();
  }

  private handleClose(connection: Connection): void {
    if (connection !== this.connection || this.state === 'closed') return;
    this.stopPinging();
    this.connection = undefined;
    connection.capture.end();
    const uptime = Date.now() - connection.startedAt;
    if (uptime >= this.options.timing.stableMs) this.consecutiveFailures = 0;
    const lines = connection.capture.lastLines(5);
    this.lastError = `exited unexpectedly (${describeExit(connection.exit)}) after ${uptime} ms${lines.length > 0 ? `; stderr: ${lines.join(' | ')}` : ''}`;
    this.options.log.error(
      { child_pid: connection.pid, exit: connection.exit, uptime_ms: uptime, stderr: lines },
      'server-exit',
    );
    this.state = 'restarting';
    this.notify();
    // the SDK may close the connection on a protocol error while the child still runs
    void this.stop(connection);
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (this.state === 'closed') return;
    const delays = this.options.timing.restartDelaysMs;
    const delay = delays[Math.min(this.consecutiveFailures, delays.length - 1)] ?? 1000;
    this.consecutiveFailures++;
    this.options.log.info({ delay_ms: delay, attempt: this.consecutiveFailures }, 'server-restart-scheduled');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.state === 'closed') return;
      this.spawn().then(
        () => {
          if (this.state !== 'running') return;
          this.restarts++;
          this.options.onRestarted(this);
        },
        (error: unknown) => {
          if (this.state === 'closed') return;
          this.state = 'restarting';
          this.options.log.error(
            { error: error instanceof Error ? error.message : String(error) },
            'server-restart-failed',
          );
          this.scheduleRestart();
        },
      );
    }, delay);
  }

  /** stdin end → SIGTERM → SIGKILL, then wait until the process is gone. */
  private async stop(connection: Connection): Promise<void> {
    const { stdinGraceMs, termGraceMs } = this.options.timing;
    const closing = connection.client.close().catch(() => undefined);
    const pid = connection.pid;
    if (pid === null) {
      await Promise.race([closing, delay(stdinGraceMs)]);
      return;
    }
    const gone = (): boolean => connection.exit !== undefined || !isAlive(pid);
    if (!(await waitFor(gone, stdinGraceMs))) {
      sendSignal(pid, 'SIGTERM');
      if (!(await waitFor(gone, termGraceMs))) {
        this.options.log.warn({ child_pid: pid }, 'server-kill');
        sendSignal(pid, 'SIGKILL');
        await waitFor(gone, 5000);
      }
    }
    await Promise.race([closing, delay(100)]);
  }
}

async function listAllTools(client: Client, timeoutMs: number): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    for (const tool of page.tools) {
      tools.push({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema as JsonSchema });
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * The transport's ChildProcess, for its exit code and signal. Private in the
 * SDK (pinned 1.32.2); when it is not there messages simply lack the code.
 */
function childOf(transport: StdioClientTransport): ChildProcess | undefined {
  const candidate = (transport as unknown as { _process?: unknown })._process;
  return candidate !== null && typeof candidate === 'object' && 'once' in candidate
    ? (candidate as ChildProcess)
    : undefined;
}

/**
 * Requests written to a server in one turn of the event loop leave in one write to its stdin: corked until the
 * turn's microtasks are done. Under load the replies to several questions arrive in one read and their next
 * tool calls go out together; a write to a pipe (waking the server) was the larger part of a call's cost here.
 */
function batchWrites(stdin: Writable | null | undefined): void {
  if (!stdin) return;
  const write = stdin.write.bind(stdin) as (...args: unknown[]) => boolean;
  let corked = false;
  stdin.write = ((...args: unknown[]): boolean => {
    if (!corked) {
      corked = true;
      stdin.cork();
      process.nextTick(() => {
        corked = false;
        stdin.uncork();
      });
    }
    return write(...args);
  }) as Writable['write'];
}

function describeExit(exit: Connection['exit']): string {
  if (!exit) return 'exit status unknown';
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sendSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await delay(20);
  }
  return true;
}
