/**
 * Wiring the real parts into an Agent: agent.db, the audit writer, the MCP
 * servers (McpManager, which audits every tool call it runs), the skills
 * engine, and the model client (probed at start, in parallel with the MCP
 * servers). `close()` shuts everything down in order — question in flight
 * aborted, MCP children closed, audit flushed, database closed — once.
 * The CLI (`ask`, `chat`) and the HTTP service use this.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { logger } from '../log/index.js';
import { LlmClient } from '../llm/client.js';
import { checkEmbeddedModel } from '../llm/embedded/model-file.js';
import { McpManager } from '../mcp/index.js';
import type { LazyOptions } from '../mcp/manager.js';
import { toolCachePath } from '../mcp/static-health.js';
import type { ToolCaller } from '../mcp/types.js';
import type { SkillEngine } from '../skills/engine-types.js';
import { openAgentDb } from '../store/agent-db.js';
import { AuditWriter } from '../store/audit.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { Agent } from './agent.js';

export interface CreateAgentOptions {
  config: Config;
  /** the config file, passed on to the shipped MCP servers */
  configFile?: string | undefined;
  /**
   * The model endpoint when llm.base_url is null. Unset: the embedded model
   * service when a model is installed (`embeddedLlmBaseUrl`), else none.
   * null: no model at all (rules only), whatever is installed.
   */
  llmBaseUrl?: string | null | undefined;
  /**
   * Build the skills engine another way (tests use a fake one). Default:
   * `createSkillEngine` from src/skills/engine.ts, given the shipped code
   * skills (`SKILLS`, src/skills/code/index.ts).
   */
  createSkills?:
    | ((deps: { config: Config; db: SqliteDatabase; tools: ToolCaller; log: Logger }) => Promise<SkillEngine>)
    | undefined;
  /** MCP servers that may fail to start without failing the agent */
  optionalServers?: string[] | undefined;
  stream?: boolean | undefined;
  log?: Logger | undefined;
  /** tests: re-probe a model found down after this long */
  reprobeMs?: number | undefined;
  /**
   * MCP servers the caller started and owns: used as they are, not started and not closed by close().
   * agent-test shares one manager among a group's runtimes, which differ only in the model endpoint (each
   * cassette replays through its own scripted server), instead of starting the tool servers once per case.
   */
  tools?: McpManager | undefined;
}

export interface AgentRuntime {
  agent: Agent;
  tools: McpManager;
  skills: SkillEngine;
  llm: LlmClient | null;
  db: SqliteDatabase;
  audit: AuditWriter;
  /** abort questions in flight and shut everything down (idempotent) */
  close(): Promise<void>;
  /** aborted by close(): pass it (or a signal derived from it) to ask() */
  readonly signal: AbortSignal;
}

/**
 * The embedded model service's URL when llm.base_url is null and a model file
 * is installed (vendor/models or llm.embedded.model) that does not fail its
 * quick check (size against the manifest); otherwise null (rules only). Whether
 * the service runs is the start-up probe's business: down → rules only, with a notice.
 */
export async function embeddedLlmBaseUrl(
  config: Pick<Config, 'llm'>,
  options: { root?: string } = {},
): Promise<string | null> {
  if (config.llm.base_url !== null) return null;
  const check = await checkEmbeddedModel(config, { root: options.root, quick: true });
  if (check.file === undefined || check.status === 'fail') return null;
  const { host, port } = config.llm.embedded;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}/v1`;
}

export async function createAgent(options: CreateAgentOptions): Promise<AgentRuntime> {
  const { config } = options;
  const log = options.log ?? logger('agent');
  let baseUrl = config.llm.base_url ?? options.llmBaseUrl ?? undefined;
  if (config.llm.base_url === null && options.llmBaseUrl === undefined) {
    baseUrl = (await embeddedLlmBaseUrl(config)) ?? undefined;
    if (baseUrl !== undefined) log.info({ url: baseUrl }, 'llm-embedded-endpoint');
  }
  const db = openAgentDb(config.state.db);
  const audit = new AuditWriter(db, {
    flushMs: config.audit.flush_ms,
    onError: (error) => log.error({ err: error }, 'audit-write-failed'),
  });
  const llm = LlmClient.fromConfig(config, { baseUrl, log: logger('llm') });
  let tools: McpManager | undefined;
  let skills: SkillEngine | undefined;
  try {
    const started = await Promise.all([
      options.tools ??
        startToolServers({ config, configFile: options.configFile, audit, optional: options.optionalServers }),
      llm ? llm.probe() : Promise.resolve(undefined),
    ]);
    tools = started[0];
    const probe = started[1];
    if (options.createSkills) {
      skills = await options.createSkills({ config, db, tools, log: logger('skills') });
    } else {
      const [{ createSkillEngine }, { SKILLS }] = await Promise.all([
        import('../skills/engine.js'),
        import('../skills/code/index.js'),
      ]);
      skills = await createSkillEngine({
        config,
        db,
        log: logger('skills'),
        tools,
        skills: SKILLS,
        configFile: options.configFile,
      });
    }
    const agent = new Agent({
      config,
      tools,
      skills,
      llm,
      db,
      audit,
      log,
      stream: options.stream,
      reprobeMs: options.reprobeMs,
    });
    // the start-up probe ran in parallel with the MCP servers
    if (probe !== undefined) agent.gate.record(probe);
    const controller = new AbortController();
    let closing: Promise<void> | undefined;
    const runtime: AgentRuntime = {
      agent,
      tools,
      skills,
      llm,
      db,
      audit,
      signal: controller.signal,
      close: () => {
        closing ??= (async () => {
          controller.abort();
          agent.close();
          await shutDown({ tools: options.tools ? undefined : tools, skills, audit, db, log });
        })();
        return closing;
      },
    };
    return runtime;
  } catch (error) {
    await shutDown({ tools: options.tools ? undefined : tools, skills, audit, db, log });
    throw error;
  }
}

/**
 * The MCP servers as an agent starts them (lazily where the config says so), auditing every call into `audit`:
 * createAgent's own, or a set several runtimes share (agent-test, `createAgent({ tools })`).
 */
export function startToolServers(options: {
  config: Config;
  configFile?: string | undefined;
  audit: AuditWriter;
  optional?: string[] | undefined;
}): Promise<McpManager> {
  const { config, configFile, audit, optional } = options;
  return McpManager.start({ config, configFile, audit, optional, lazy: lazyOptions(config) });
}

/** Lazy start needs a place for the tool lists: beside agent.db (none for an in-memory one). */
export function lazyOptions(config: Pick<Config, 'mcp' | 'state'>): LazyOptions | undefined {
  const idleStopMs = config.mcp.idle_stop_s * 1000;
  if (!config.mcp.lazy_start || config.state.db === ':memory:') return idleStopMs > 0 ? { idleStopMs } : undefined;
  return { toolCacheFile: toolCachePath(config), idleStopMs };
}

async function shutDown(parts: {
  tools: McpManager | undefined;
  skills: SkillEngine | undefined;
  audit: AuditWriter;
  db: SqliteDatabase;
  log: Logger;
}): Promise<void> {
  const step = async (name: string, action: () => unknown): Promise<void> => {
    try {
      await action();
    } catch (error) {
      parts.log.warn({ err: error, part: name }, 'shutdown-step-failed');
    }
  };
  await step('skills', () => parts.skills?.close());
  await step('mcp', () => parts.tools?.close());
  await step('audit', () => parts.audit.close());
  await step('db', () => parts.db.close());
}
