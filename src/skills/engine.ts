/**
 * The skills engine: locate (the version a question runs: its pin, else
 * skills.pins, else the newest) → check its dependencies → validate
 * (`explicit` parameters must be given) → execute under a timeout with the
 * skill's retry policy → check the output against its schema → map errors to
 * codes (SOURCES.md part D). Also the rule router's front (route, examples)
 * and the choice of skills offered to the model (relevant).
 *
 * Retry policy: only the codes a skill lists as retryable are retried, at most
 * `maxAttempts - 1` times (the shipped policy: 3 retries after the first
 * attempt), waiting `backoffMs[n-1]` before retry n (1 s, 3 s, 9 s); a wait
 * that would end past the question's budget (`deadline`) is not started — the
 * last error stands. Every failed attempt is audited (`auditAttempt`).
 */
import { setMaxListeners } from 'node:events';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import { lazyChild } from '../log/index.js';
import { AppError, FINISHED, toAppError } from '../errors.js';
import { now } from '../clock.js';
import type { Config } from '../config/schema.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { ToolCaller } from '../mcp/types.js';
import type { CodeSkill, Language, SkillResult } from './types.js';
import type { SkillIndex } from './module.js';
import type { RouteDecision, SessionSlots, SkillEngine, SkillInfo, SkillRunContext } from './engine-types.js';
import { SkillRegistry, parametersJsonSchema, skillDirs } from './registry.js';
import { buildSkillContext, rowsAsObjects } from './context.js';
import { withAvailability } from './availability.js';
import { checkOutput, markdownOutput, missingExplicit } from './contract.js';
import { routeQuestion, routerExamples, type RouterContext } from './router/index.js';
import { LEXICON } from './router/lexicon.js';
import { TaughtPhrasings, bestMatch, decisionOf, type Phrasing } from './router/taught.js';
import { scriptSkills } from '../maint-scripts/skills.js';
import { loadPlantNamesForRouter } from './plant-names.js';
import type { PlantNames } from './router/entities.js';

type Equipment = NonNullable<RouterContext['equipment']>;

export interface SkillEngineOptions {
  config: Config;
  db: SqliteDatabase;
  log: Logger;
  /**
   * used to learn the plant's equipment for the router: on the first question
   * (`prepare`), again after plant.db changed; never at start, so that no MCP
   * server starts before a question needs one
   */
  tools?: ToolCaller | undefined;
  /**
   * the code skills and their routing, in the order their intents win: the
   * shipped index (src/skills/code/index.ts) is passed by src/agent/create.ts
   */
  skills: SkillIndex;
  watch?: boolean | undefined;
  /** the config file, passed on to maintenance scripts that re-invoke this program */
  configFile?: string | undefined;
  /** the wait between attempts (tests record the delays instead of waiting 13 s) */
  sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
}

/** Codes that mean a dependency (an MCP server) did not serve the call: the error names the server. */
const DEPENDENCY_CODES: ReadonlySet<string> = new Set([
  'TOOL_TIMEOUT',
  'MCP_SERVER_EXITED',
  'MCP_SERVER_BUSY',
  'DEPENDENCY_UNAVAILABLE',
  'TOOL_NOT_FOUND',
]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AppError('CANCELLED', 'cancelled'));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AppError('CANCELLED', 'cancelled'));
    };
    // the listener goes with the wait: a long-lived signal must not keep it (see the attempt's finally below)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** abort listeners one skill attempt's signal may hold at once: its tool calls in flight and waiting, with room */
const ATTEMPT_LISTENERS = 1000;

/** Rules' readings of questions kept at most (PlantSkillEngine.rulesReading). */
const MAX_READINGS = 1000;

/** After a failed equipment lookup, the next try waits this long (or for plant.db to change). */
const EQUIPMENT_RETRY_MS = 30_000;

/**
 * plant.db as the file system sees it: the file (with SQLite's file change
 * counter, header bytes 24-27, which every commit in rollback-journal mode
 * moves even within one mtime tick) and its WAL. An import's commit or a
 * replaced file changes it.
 */
function plantStamp(file: string): string {
  const part = (name: string): string => {
    const stat = statSync(name, { throwIfNoEntry: false });
    return stat ? `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-';
  };
  try {
    const counter = Buffer.alloc(4);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, counter, { position: 24 });
    } finally {
      closeSync(fd);
    }
    return `${part(file)}:${counter.readUInt32BE(0)}|${part(`${file}-wal`)}`;
  } catch {
    return 'unreadable';
  }
}

function words(text: string): Set<string> {
  const lower = text.toLowerCase();
  const set = new Set(lower.split(/[^\p{L}\p{N}_]+/u).filter((word) => word.length > 1));
  // CJK: bigrams, since Chinese has no spaces
  for (const run of lower.match(/[\p{Script=Han}]+/gu) ?? []) {
    for (let index = 0; index + 1 < run.length; index++) set.add(run.slice(index, index + 2));
  }
  return set;
}

/**
 * A question's words for ranking skills, with the English words of every lexicon concept its Chinese names:
 * the skills describe themselves in English, so 设备 must meet "equipment" and 工单 "work order".
 */
export function askedWords(question: string): Set<string> {
  const asked = words(question);
  if (!/[\p{Script=Han}]/u.test(question)) return asked;
  for (const entry of LEXICON) {
    if (!entry.zh.some((word) => question.includes(word))) continue;
    for (const word of words(entry.en.join(' '))) asked.add(word);
  }
  return asked;
}

export class PlantSkillEngine implements SkillEngine {
  readonly registry: SkillRegistry;
  private equipment: Equipment | undefined;
  /** plant.db's stamp when the equipment list was read */
  private equipmentStamp: string | undefined;
  private equipmentLoading: Promise<boolean> | undefined;
  private equipmentFailed: { stamp: string; at: number } | undefined;
  private names: PlantNames | undefined;
  private readonly vocabularies = new Map<string, Set<string>>();
  readonly taught: TaughtPhrasings;
  private readonly scriptPhrasings: Phrasing[];

  constructor(private readonly options: SkillEngineOptions) {
    // maintenance scripts (src/maint-scripts) are skills too, with the phrasings their manifests ship
    const scripts = scriptSkills({ config: options.config, configFile: options.configFile, db: options.db });
    for (const entry of scripts.disabled)
      options.log.warn({ script: entry.name, reason: entry.error }, 'script-disabled');
    // a script named like a compiled-in skill is refused by the registry: its phrasings route nowhere
    const compiled = new Set(options.skills.modules.map((module) => module.skill.name));
    this.scriptPhrasings = scripts.phrasings
      .filter((phrasing) => !compiled.has(phrasing.skill))
      .map((phrasing) => ({ source: `script:${phrasing.skill}`, ...phrasing }));
    this.taught = new TaughtPhrasings(options.db);
    this.registry = new SkillRegistry({
      db: options.db,
      dirs: skillDirs(options.config),
      codeSkills: [...options.skills.modules.map((module) => module.skill), ...scripts.skills],
      log: options.log,
      pins: options.config.skills.pins,
    });
    this.registry.load();
    if (options.watch ?? options.config.skills.watch) this.registry.watch();
  }

  /**
   * Learn what the router needs from the plant before routing a question: the
   * equipment list (ids, names, types), so that "press 3 on line B" resolves.
   * Read through `query_database` on the first question, not at start (no MCP
   * server starts before a question needs one), and again when plant.db has
   * changed since (an import; one stat per question otherwise). Questions
   * arriving meanwhile share one lookup. A failed lookup is logged and tried
   * again after 30 s or a change; the router then works without the list, as
   * it does for a plant without equipment. Resolves true when the list changed.
   */
  async prepare(): Promise<boolean> {
    const { tools } = this.options;
    if (!tools) return false;
    if (this.equipmentLoading) return this.equipmentLoading;
    const stamp = plantStamp(this.options.config.plant.db);
    if (stamp === this.equipmentStamp) return false;
    const failed = this.equipmentFailed;
    if (failed && failed.stamp === stamp && Date.now() - failed.at < EQUIPMENT_RETRY_MS) return false;
    this.equipmentLoading = this.loadEquipment(tools, stamp).finally(() => (this.equipmentLoading = undefined));
    return this.equipmentLoading;
  }

  private async loadEquipment(tools: ToolCaller, stamp: string): Promise<boolean> {
    // beside it, the inspectors, products and batch-number shape, so "王芳", "HG-220" and "A20261118D003" are read as such
    const names = loadPlantNamesForRouter(tools, this.options.log).then((found) => (this.names = found));
    try {
      const result = await tools.callTool({
        name: 'query_database',
        arguments: {
          sql: 'SELECT equipment_id, line_id, name, type FROM equipment ORDER BY equipment_id LIMIT 100',
          purpose: 'router: learn equipment names',
        },
        traceId: 'router',
        sessionId: 'router',
      });
      await names;
      if (result.ok && result.structured) {
        this.equipment = rowsAsObjects(result.structured as never) as unknown as Equipment;
        this.equipmentStamp = stamp;
        this.equipmentFailed = undefined;
        this.options.log.info({ equipment: this.equipment.length }, 'equipment-list-loaded');
        return true;
      }
      this.options.log.warn({ error: result.text }, 'equipment-list-unavailable');
    } catch (error) {
      this.options.log.warn({ err: error }, 'equipment-list-unavailable');
      await names;
    }
    this.equipmentFailed = { stamp, at: Date.now() };
    return false;
  }

  /**
   * The rules' reading of a question (routeQuestion), kept for the clock's minute: a pure function of the
   * question, the session's slots, the plant-local day (the router reads the clock for nothing finer, and a day
   * ends on a minute's boundary), the compiled skills and the equipment and names lists. Under load the same
   * few questions are read again and again (each one twice: for its lane, then to answer it), at a millisecond
   * or more each. Forgotten when the minute, the equipment list or the names change. What may change at any
   * moment — taught phrasings, whether the chosen skill can run now — is applied in `route`, fresh each time.
   */
  private readonly readings = new Map<string, RouteDecision>();
  private readingsOf: { minute: number; equipment: Equipment | undefined; names: PlantNames | undefined } = {
    minute: Number.NaN,
    equipment: undefined,
    names: undefined,
  };

  private rulesReading(
    question: string,
    previous: SessionSlots | undefined,
    clock: { now: Date; timezone: string },
  ): RouteDecision {
    const minute = Math.floor(clock.now.getTime() / 60_000);
    const held = this.readingsOf;
    if (held.minute !== minute || held.equipment !== this.equipment || held.names !== this.names) {
      this.readings.clear();
      this.readingsOf = { minute, equipment: this.equipment, names: this.names };
    }
    const key = `${previous === undefined ? '' : JSON.stringify(previous)}\u0000${question}`;
    let reading = this.readings.get(key);
    if (!reading) {
      reading = routeQuestion(question, {
        ...clock,
        skills: this.options.skills,
        previous,
        equipment: this.equipment,
        names: this.names,
      });
      // bounded: a minute of many different questions keeps the latest
      if (this.readings.size >= MAX_READINGS) this.readings.delete(this.readings.keys().next().value as string);
      this.readings.set(key, reading);
    }
    return reading;
  }

  route(question: string, context: { previous?: SessionSlots | undefined }): RouteDecision {
    const clock = { now: now(), timezone: this.options.config.plant.timezone };
    const reading = this.rulesReading(question, context.previous, clock);
    let decision = reading;
    // taught phrasings (router/taught.ts): the same words override the rules, close ones fill their gaps
    const match = bestMatch(question, [...this.taught.active(), ...this.scriptPhrasings], clock);
    if (match && (match.exact || decision.kind === 'none')) decision = decisionOf(question, match, clock);
    if (decision.kind === 'skill') {
      const info = this.info(decision.skill);
      if (!info || !info.enabled || !this.registry.get(decision.skill)) {
        return {
          kind: 'none',
          language: decision.language,
          reason: info?.unavailable
            ? `the rules chose ${decision.skill}, but it cannot run: ${info.unavailable.reason}`
            : info
              ? `the rules chose ${decision.skill}, but it is disabled: ${info.error ?? 'disabled'}`
              : `the rules chose ${decision.skill}, which is not installed`,
          unavailable: info?.unavailable,
        };
      }
      if (info.available === false && info.unavailable) {
        // dependency health before dispatch: never routed to a skill that cannot run; the reply names what is down
        return {
          kind: 'none',
          language: decision.language,
          reason: `the rules chose ${decision.skill}, but it cannot run now: ${info.unavailable.reason}`,
          unavailable: info.unavailable,
        };
      }
    }
    // the remembered reading is shared: callers get a copy (they may change theirs)
    return decision === reading ? structuredClone(decision) : decision;
  }

  /** Every skill as the registry holds it: no health looked up (SkillEngine.catalog). */
  catalog(): SkillInfo[] {
    return this.registry.list();
  }

  /** Every skill with its dependencies' servers and availability (the registry, the tools' health). */
  list(): SkillInfo[] {
    const health = this.healthOf(this.options.tools);
    return this.registry.list().map((info) => withAvailability(info, health));
  }

  /**
   * The version a question with this pin runs (`range`: its own, over
   * skills.pins), with its availability; undefined when none can.
   */
  version(name: string, range?: string): SkillInfo | undefined {
    const resolved = this.registry.resolve(name, range);
    return resolved.ok ? withAvailability(resolved.info, this.healthOf(this.options.tools)) : undefined;
  }

  private info(name: string, tools?: ToolCaller): SkillInfo | undefined {
    const info = this.registry.info(name);
    return info ? withAvailability(info, this.healthOf(tools ?? this.options.tools)) : undefined;
  }

  private healthOf(tools: ToolCaller | undefined): Parameters<typeof withAvailability>[1] {
    const check = tools?.health?.bind(tools);
    return { health: check, lookup: (name) => this.registry.info(name) };
  }

  relevant(question: string, limit = 5): SkillInfo[] {
    const asked = askedWords(question);
    const routed = this.route(question, {});
    const scored = this.list()
      .filter((info) => info.enabled && info.available !== false)
      .map((info) => {
        const vocabulary = this.vocabularyOf(info);
        let score = 0;
        for (const word of asked) if (vocabulary.has(word)) score += 1;
        if (routed.kind === 'skill' && routed.skill === info.name) score += 100;
        return { info, score };
      })
      .sort((a, b) => b.score - a.score || a.info.name.localeCompare(b.info.name));
    const matching = scored.filter((entry) => entry.score > 0);
    return (matching.length > 0 ? matching : scored).slice(0, limit).map((entry) => entry.info);
  }

  /** A skill's words (name, description, triggers), made once per version of the skill (relevant() runs per question). */
  private vocabularyOf(info: SkillInfo): Set<string> {
    const triggers = this.registry.get(info.name)?.triggers ?? [];
    const key = `${info.name}\u0000${info.version}\u0000${info.description}\u0000${triggers.join('\u0001')}`;
    let vocabulary = this.vocabularies.get(key);
    if (!vocabulary) {
      vocabulary = words([info.name.replace(/_/g, ' '), info.description, ...triggers].join(' '));
      if (this.vocabularies.size >= 512) this.vocabularies.clear(); // skills reloaded many times: start over
      this.vocabularies.set(key, vocabulary);
    }
    return vocabulary;
  }

  markdown(
    name: string,
    version?: string,
  ): { body: string; tools: Array<{ name: string; optional: boolean }>; triggers: string[] } | undefined {
    const skill = this.registry.get(name, version);
    return skill?.kind === 'markdown' ? { body: skill.body, tools: skill.tools, triggers: skill.triggers } : undefined;
  }

  examples(language: Language): string[] {
    return routerExamples(this.options.skills, language);
  }

  async run(name: string, args: unknown, context: SkillRunContext & { version?: string }): Promise<SkillResult> {
    const range = context.version ?? context.versions?.[name];
    const resolved = this.registry.resolve(name, range);
    if (!resolved.ok) throw new AppError(resolved.code, resolved.message, { hint: resolved.hint });
    let skill = resolved.skill;
    const info = withAvailability(resolved.info, this.healthOf(context.tools));
    if (info.available === false && info.unavailable) {
      const { unavailable } = info;
      throw new AppError('SKILL_UNAVAILABLE', `skill "${name}" cannot run now: ${unavailable.reason}`, {
        hint: 'see `airgap-agent doctor` and /readyz for the server; ask again once it answers',
        details: { dependency: { server: unavailable.server ?? null, state: unavailable.state } },
      });
    }
    const missing = missingExplicit(info, args);
    if (missing.length > 0) {
      throw new AppError(
        'SKILL_ARGUMENT_REQUIRED',
        `${name}: ${missing.map((key) => `"${key}"`).join(', ')} must be given explicitly (never defaulted)`,
        {
          hint: `ask the operator for ${missing.join(', ')}, then call ${name} again with it`,
          details: { skill: name, missing },
        },
      );
    }
    if (info.critical) {
      // a critical step never runs unattended: the question goes to an engineer (a hand-over record)
      const request = {
        skill: name,
        version: skill.version,
        arguments: (args ?? {}) as Record<string, unknown>,
        description: skill.description,
        critical: true,
      };
      if (!context.approve) {
        throw new AppError('FORBIDDEN', `"${name}" is a critical step: it is not run unattended`, {
          hint: 'ask in the chat page (airgap-agent serve): it hands the question over to an engineer',
        });
      }
      await context.approve(request);
      throw new AppError(
        'FORBIDDEN',
        `"${name}" is a critical step: it was handed over to an engineer instead of running unattended`,
        { hint: "the engineer's answer appears in this conversation" },
      );
    }
    if (info.needsApproval) {
      const request = {
        skill: name,
        version: skill.version,
        arguments: (args ?? {}) as Record<string, unknown>,
        description: skill.description,
      };
      if (!context.approve) {
        throw new AppError(
          'FORBIDDEN',
          `"${name}" needs an admin's approval before it runs, and nobody can approve it here`,
          {
            hint: 'ask in the chat page (airgap-agent serve): it waits there until an admin approves or rejects it',
          },
        );
      }
      context.onEvent({ type: 'notice', message: `"${name}" is waiting for an admin's approval` });
      if (!(await context.approve(request))) {
        throw new AppError('FORBIDDEN', `an admin rejected "${name}"`, {
          hint: 'ask an admin why, or ask for something else',
        });
      }
    }
    let contract: { name: string; check: (data: unknown) => void } | undefined;
    if (skill.kind === 'markdown') {
      if (!skill.fallback) {
        throw new AppError(
          'SKILL_FAILED',
          `skill "${name}" is a Markdown procedure that needs a model, and none is reachable`,
          { hint: 'configure llm.base_url or install a model; or ask a question the rules answer' },
        );
      }
      const fallback = this.registry.get(skill.fallback);
      if (!fallback || fallback.kind !== 'code')
        throw new AppError('SKILL_NOT_FOUND', `fallback "${skill.fallback}" of skill "${name}" is not available`);
      // the Markdown skill's own output schema binds what its fallback produces for it
      contract = markdownOutput(skill);
      skill = fallback;
    }
    return this.execute(skill, args, { ...context, contract });
  }

  private async execute(
    skill: CodeSkill<any>,
    args: unknown,
    context: SkillRunContext & { contract?: { name: string; check: (data: unknown) => void } | undefined },
  ): Promise<SkillResult> {
    const parsed = skill.parameters.safeParse(args ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `argument "${issue.path.join('.')}"` : 'the arguments';
      throw new AppError('TOOL_ARGUMENTS_INVALID', `${skill.name}: ${where}: ${issue.message}`, {
        hint: `expected arguments: ${JSON.stringify(parametersJsonSchema(skill))}`,
      });
    }
    const started = performance.now();
    context.onEvent({
      type: 'skill-start',
      skill: skill.name,
      version: skill.version,
      arguments: parsed.data as Record<string, unknown>,
    });
    const log = lazyChild(this.options.log, {
      skill: skill.name,
      version: skill.version,
      trace: context.traceId,
      session: context.sessionId,
    });
    const wait = this.options.sleep ?? sleep;
    // which server let the skill down, for the honest reply (the operator reads the server, not the tool)
    let dependency: { tool: string; server: string | null; code: string } | undefined;
    const tools: ToolCaller = {
      listTools: () => context.tools.listTools(),
      health: context.tools.health?.bind(context.tools),
      callTool: async (request) => {
        const result = await context.tools.callTool(request);
        if (!result.ok && DEPENDENCY_CODES.has(result.errorCode ?? '')) {
          const server =
            context.tools.health?.(request.name).server ??
            context.tools.listTools().find((tool) => tool.name === request.name)?.server ??
            null;
          dependency = { tool: request.name, server, code: result.errorCode! };
        }
        return result;
      },
    };
    let attempt = 0;
    for (;;) {
      attempt += 1;
      const attemptStarted = performance.now();
      // a ref'd timer (AbortSignal.timeout is unref'd and would let a quiet process exit mid-skill)
      const timeoutController = new AbortController();
      const timer = setTimeout(() => timeoutController.abort(), skill.timeoutMs);
      const timeout = timeoutController.signal;
      const signal = AbortSignal.any([context.signal, timeout]);
      // every tool call of the attempt listens to this one signal until it ends (a month's rota looks up 31 days
      // at once; an MCP server takes concurrency + queue_max calls): many listeners at once are no leak — Node's
      // limit of 10 printed MaxListenersExceededWarning on the service's stderr (issue 30)
      setMaxListeners(ATTEMPT_LISTENERS, signal);
      let onAbort: () => void = () => {};
      try {
        const ctx = buildSkillContext({
          skill: skill.name,
          run: { ...context, tools },
          timezone: this.options.config.plant.timezone,
          signal,
          log,
        });
        const result = await Promise.race([
          skill.execute(ctx, parsed.data),
          new Promise<never>((_, reject) => {
            onAbort = () =>
              reject(
                timeout.aborted && !context.signal.aborted
                  ? new AppError('SKILL_TIMEOUT', `${skill.name} did not finish within ${skill.timeoutMs} ms`, {
                      hint: 'try a shorter period, or ask again',
                    })
                  : new AppError('CANCELLED', 'the request was cancelled'),
              );
            if (signal.aborted) onAbort();
            signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        checkOutput(skill, result.data);
        context.contract?.check(result.data);
        const ms = performance.now() - started;
        log.info({ status: 'success', ms: Math.round(ms), attempt, args: summarise(parsed.data) }, 'skill-end');
        context.onEvent({ type: 'skill-end', skill: skill.name, ok: true, ms });
        return result;
      } catch (error) {
        clearTimeout(timer);
        let appError = toAppError(error, 'SKILL_FAILED');
        const delay =
          skill.retry.backoffMs[attempt - 1] ?? skill.retry.backoffMs[skill.retry.backoffMs.length - 1] ?? 1000;
        const withinBudget = context.deadline === undefined || Date.now() + delay < context.deadline;
        const retryable =
          skill.retry.retryable.includes(appError.code) &&
          attempt < skill.retry.maxAttempts &&
          !context.signal.aborted &&
          withinBudget;
        log.warn(
          {
            status: retryable ? 'retry' : 'failed',
            code: appError.code,
            attempt,
            error: appError.message,
            ...(retryable ? { delay_ms: delay } : {}),
            ...(!withinBudget && skill.retry.retryable.includes(appError.code) ? { budget: 'exhausted' } : {}),
          },
          'skill-attempt-failed',
        );
        if (appError.code !== 'CANCELLED')
          context.auditAttempt?.({
            skill: skill.name,
            version: skill.version,
            arguments: parsed.data as Record<string, unknown>,
            attempt,
            code: appError.code,
            message: appError.message,
            ms: performance.now() - attemptStarted,
            outcome: retryable ? 'retry' : 'failed',
            delay_ms: retryable ? delay : undefined,
          });
        if (!retryable) {
          context.onEvent({ type: 'skill-end', skill: skill.name, ok: false, ms: performance.now() - started });
          if (dependency && DEPENDENCY_CODES.has(appError.code))
            appError = new AppError(appError.code, appError.message, {
              hint: appError.hint,
              details: { ...appError.details, dependency, attempts: attempt },
              cause: appError,
            });
          throw appError;
        }
        context.onEvent({ type: 'retry', attempt: attempt + 1, reason: `${skill.name}: ${appError.code}` });
        await wait(delay, context.signal);
      } finally {
        // the attempt is over: its signals let go of whatever listens to them. Node keeps an AbortSignal.any()
        // signal that has an 'abort' listener alive until it aborts (gcPersistentSignals), and with it the
        // listener's closure: this skill's context and the whole task run — 9,126 finished runs were held
        // after a 60 s burst of bench:http, the service's RSS grew without bound (1.5 GB)
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        timeoutController.abort(FINISHED);
      }
    }
  }

  async close(): Promise<void> {
    this.registry.close();
  }
}

function summarise(args: unknown): string {
  const text = JSON.stringify(args);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The engine; it reads the equipment list on the first question (`prepare`), never here. */
export async function createSkillEngine(options: SkillEngineOptions): Promise<PlantSkillEngine> {
  return new PlantSkillEngine(options);
}
