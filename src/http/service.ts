/**
 * What the HTTP layer needs from the rest of the appliance, and the parts it
 * builds on top: accounts, the scheduler, the task manager and the metrics.
 * `serviceFromRuntime` adapts createAgent's runtime; tests pass small fakes.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { AgentRuntime } from '../agent/create.js';
import type { ToolInfo } from '../mcp/types.js';
import type { SkillEngine } from '../skills/engine-types.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { logger } from '../log/index.js';
import { InboxWatcher } from '../import/inbox.js';
import { Accounts } from './accounts.js';
import { Metrics } from './metrics.js';
import { Scheduler } from './scheduler.js';
import { TaskManager, type ServiceAgent } from './task-manager.js';
import { TASK_STATES } from './task-store.js';
import { LoginThrottle } from './throttle.js';

export interface ToolsView {
  listTools(): ToolInfo[];
  /** every MCP server running (undefined = not known) */
  ready?(): boolean;
  status?(): Array<{
    name: string;
    state: string;
    last_error: string | null;
    unresponsive_since?: string | null;
    hung_restarts?: number;
    /** the server's breaker (src/mcp/breaker.ts) */
    breaker?: { state: string; retry_at: string | null; last_error: string | null };
    in_flight?: number;
    queued?: number;
  }>;
}

export interface ServiceDeps {
  config: Config;
  /** agent.db */
  db: SqliteDatabase;
  agent: ServiceAgent;
  skills: SkillEngine;
  tools: ToolsView;
  audit?: { flush(): boolean | void } | undefined;
  /** the drop-folder watcher (import.watch: service), started with the service */
  inbox?: { start(): void; stop(): Promise<void> } | undefined;
  /** rules-only rule lane width (default 16) */
  rulesConcurrency?: number | undefined;
  log?: Logger | undefined;
}

export interface Service {
  deps: ServiceDeps;
  accounts: Accounts;
  scheduler: Scheduler;
  tasks: TaskManager;
  metrics: Metrics;
  log: Logger;
  /** SSE streams open now, in all and per user id */
  streams: { open: number; byUser: Map<number, number> };
  /** failed log-ins: backoff per account and per address */
  throttle: LoginThrottle;
  /** set once shutdown begins (readyz → 503) */
  state: { closing: boolean };
}

export function serviceFromRuntime(runtime: AgentRuntime, config: Config): ServiceDeps {
  const inbox =
    config.import.watch === 'service' ? new InboxWatcher({ config, log: logger('import'), worker: true }) : undefined;
  return {
    config,
    db: runtime.db,
    agent: runtime.agent,
    skills: runtime.skills,
    tools: runtime.tools,
    audit: runtime.audit,
    inbox,
  };
}

export function buildService(deps: ServiceDeps): Service {
  const log = deps.log ?? logger('http');
  const scheduler = new Scheduler({
    limits: { rules: deps.rulesConcurrency ?? 16, model: deps.config.llm.concurrency },
    max: deps.config.server.queue_max,
  });
  const streams = { open: 0, byUser: new Map<number, number>() };
  const state = { closing: false };
  let tasks: TaskManager | undefined;
  const metrics = new Metrics(() => {
    const counts = tasks?.store.countByState();
    const servers = deps.tools.status?.() ?? [];
    return [
      {
        name: 'airgap_queue_depth',
        help: 'questions waiting in the queue, by lane',
        values: (['rules', 'model'] as const).map((lane) => ({ labels: { lane }, value: scheduler.depthOf(lane) })),
      },
      {
        name: 'airgap_queue_running',
        help: 'questions running now, by lane',
        values: (['rules', 'model'] as const).map((lane) => ({ labels: { lane }, value: scheduler.runningOf(lane) })),
      },
      {
        name: 'airgap_tasks',
        help: 'tasks in agent.db by state',
        values: TASK_STATES.map((taskState) => ({ labels: { state: taskState }, value: counts?.[taskState] ?? 0 })),
      },
      { name: 'airgap_sse_streams_open', help: 'event streams open now', values: [{ value: streams.open }] },
      {
        name: 'airgap_mcp_servers_running',
        help: 'MCP servers in the running state',
        values: [{ value: servers.filter((server) => server.state === 'running').length }],
      },
      {
        name: 'airgap_process_resident_memory_bytes',
        help: 'resident set size of the service',
        values: [{ value: process.memoryUsage().rss }],
      },
    ];
  });
  tasks = new TaskManager({
    db: deps.db,
    agent: deps.agent,
    skills: deps.skills,
    scheduler,
    metrics,
    log: log.child({ part: 'tasks' }),
    approvalTimeoutMs: deps.config.server.approval_timeout_s * 1000,
    resultMaxBytes: deps.config.server.result_max_kb * 1024,
    audit: deps.audit,
  });
  const orphans = tasks.failOrphans('the service stopped before this question finished');
  if (orphans > 0) log.warn({ tasks: orphans }, 'tasks-orphaned');
  const accounts = new Accounts(deps.db, { ttlHours: deps.config.server.session_ttl_hours });
  deps.inbox?.start();
  return { deps, accounts, scheduler, tasks, metrics, log, streams, state, throttle: new LoginThrottle() };
}
