/**
 * The agent: one question in, events out, one answer at the end.
 *
 *   session (memory) → skills.route(question, previous slots)
 *   → a skill with every slot filled: run it, no model (mode 'rules')
 *   → else a model is reachable: the model loop (mode 'model')
 *   → else: what the rules can answer, or an honest reply that no model is
 *     reachable, with example questions the rules answer.
 *
 * After the model loop gives up (retries, step cap) or the model fails, the
 * rules get another chance (the route's skill, its missing slots filled from
 * what the model tried), then an honest "could not complete" answer that says
 * what was tried. Model trouble (refused, timeout, 5xx) switches to
 * rules-only mode with one notice; the model is probed again later.
 */
import { formatForModelId, type ToolFormatId } from '../types/tool-formats.js';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors.js';
import { now } from '../clock.js';
import type { Config } from '../config/schema.js';
import { logger } from '../log/index.js';
import type { LlmClient, ChatMessage } from '../llm/client.js';
import { ModelGate, meansModelDown } from '../llm/availability.js';
import type { ToolCaller } from '../mcp/types.js';
import type { ApprovalRequest, RouteDecision, SkillEngine, SkillRunContext } from '../skills/engine-types.js';
import { approvalFor, approvalKey, type GatedSkill } from '../skills/approval.js';
import type { Language, SkillResult } from '../skills/types.js';
import type { AuditRow, AuditWriter } from '../store/audit.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { AgentAnswer, AgentEvent, AnswerMode, AskOptions, ToolCallRecord } from './types.js';
import { SessionMemory, summaryTokenBudget, type MemoryContext, type Session } from './memory.js';
import { foldExtractive, foldHistory } from './summarize.js';
import { buildSystemPrompt } from './prompt.js';
import { ToolCatalog } from './tool-catalog.js';
import { runModelLoop, type LoopOutcome } from './loop.js';
import { couldNotCompleteReply, noModelReply } from './replies.js';
import { runSkillAudited, type AgentAudit } from './skill-run.js';

export interface AgentOptions {
  config: Config;
  tools: ToolCaller;
  skills: SkillEngine;
  /** null: no endpoint configured (rules only) */
  llm: LlmClient | null;
  /** agent.db */
  db: SqliteDatabase;
  audit?: AuditWriter | undefined;
  log?: Logger | undefined;
  /** stream model tokens as 'token' events (default true) */
  stream?: boolean | undefined;
  /** probe a model found down again after this long (default 60 s) */
  reprobeMs?: number | undefined;
  /** monotonic ms for idle release and re-probing; injectable for tests */
  clock?: (() => number) | undefined;
}

type Outcome = {
  answer: string;
  mode: AnswerMode;
  skill?: string | undefined;
  data?: unknown;
  charts?: AgentAnswer['charts'];
  error?: AgentAnswer['error'];
  slots?: { skill: string; args: Record<string, unknown> } | undefined;
};

/** An answer kept in the conversation history at most this many characters. */
const HISTORY_ANSWER_MAX = 64 * 1024;

/**
 * One question's approvals: a request the admin already approved for this
 * question (same skill, version, arguments) is not asked again; any other is.
 */
function bindApprovals(approve: SkillRunContext['approve'], question: string): SkillRunContext['approve'] {
  if (!approve) return undefined;
  const granted = new Set<string>();
  return async (request: ApprovalRequest) => {
    const key = approvalKey(request);
    if (granted.has(key)) return true;
    const approved = await approve({ ...request, question: request.question ?? question });
    if (approved) granted.add(key);
    return approved;
  };
}

/** Collects ToolCallRecords from tool-call-start/end events (the loop's and the skills'). */
class ToolCallRecorder {
  readonly records: ToolCallRecord[] = [];
  private readonly started = new Map<string, { name: string; arguments: Record<string, unknown> }>();

  observe(event: AgentEvent): void {
    if (event.type === 'tool-call-start') this.started.set(event.id, { name: event.name, arguments: event.arguments });
    if (event.type === 'tool-call-end') {
      const start = this.started.get(event.id);
      this.records.push({
        id: event.id,
        name: event.name,
        arguments: start?.arguments ?? {},
        ok: event.ok,
        ms: event.ms,
        cached: event.cached,
        error: event.error,
        result: event.result,
      });
    }
  }
}

/** What every step of answering one question carries. */
type QuestionContext = {
  session: Session;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  log: Logger;
  audit: AgentAudit;
  traceId: string;
  approve?: SkillRunContext['approve'];
  /** an approval-gated Markdown procedure an admin approved for this question: only it, only its tools */
  approved?: GatedSkill | undefined;
};

export class Agent {
  readonly memory: SessionMemory;
  readonly gate: ModelGate;
  private readonly log: Logger;
  private readonly idleTimer: NodeJS.Timeout;

  constructor(private readonly options: AgentOptions) {
    this.log = options.log ?? logger('agent');
    const { agent } = options.config;
    this.memory = new SessionMemory({
      db: options.db,
      historyTurns: agent.history_turns,
      summaryTokenBudget: summaryTokenBudget(agent.summary_token_budget, options.config.llm.embedded.context_size),
      idleMinutes: agent.session_idle_minutes,
      clock: options.clock,
      log: this.log,
    });
    this.gate = new ModelGate({
      client: options.llm,
      reprobeMs: options.reprobeMs,
      clock: options.clock,
      log: this.log,
    });
    this.idleTimer = setInterval(() => this.memory.releaseIdle(), 60_000);
    this.idleTimer.unref();
  }

  /** Probe the model now (start-up), so the first question does not wait for it. */
  async probe(): Promise<void> {
    await this.gate.probe();
  }

  async ask(options: AskOptions): Promise<AgentAnswer> {
    const traceId = options.traceId ?? randomUUID();
    const signal = options.signal ?? new AbortController().signal;
    const recorder = new ToolCallRecorder();
    const emit = (event: AgentEvent): void => {
      recorder.observe(event);
      try {
        options.onEvent?.(event);
      } catch (error) {
        this.log.warn({ err: error, event: event.type }, 'event-listener-failed');
      }
    };
    this.memory.releaseIdle();
    const opened = this.memory.startTurn(
      { sessionId: options.sessionId, userId: options.userId },
      signal.aborted ? undefined : options.question,
    );
    const session = opened.session;
    const log = this.log.child({ session: session.id, trace: traceId });
    const audit = (row: Omit<AuditRow, 'origin' | 'session_id' | 'trace_id'>): void =>
      this.options.audit?.write({ ...row, origin: 'agent', session_id: session.id, trace_id: traceId });
    try {
      if (signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
      const history = opened.history!;
      const outcome = await this.answer({
        question: options.question,
        session,
        history,
        signal,
        emit,
        log,
        audit,
        traceId,
        approve: bindApprovals(options.approve, options.question),
      });
      const answer: AgentAnswer = {
        answer: outcome.answer,
        mode: outcome.mode,
        skill: outcome.skill,
        tool_calls: recorder.records,
        data: outcome.data,
        charts: outcome.charts,
        session: session.id,
        trace_id: traceId,
        error: outcome.error,
      };
      // the history feeds the next prompts: a runaway answer is kept cut (the task's stored result says so too)
      this.memory.finishTurn(session, {
        slots: outcome.slots,
        answer:
          outcome.answer.length > HISTORY_ANSWER_MAX
            ? `${outcome.answer.slice(0, HISTORY_ANSWER_MAX)}… [cut: ${outcome.answer.length} characters]`
            : outcome.answer,
      });
      log.info(
        { mode: answer.mode, skill: answer.skill, tools: answer.tool_calls.length, error: answer.error?.code },
        'answer',
      );
      emit({ type: 'answer', answer });
      return answer;
    } catch (error) {
      const appError = signal.aborted
        ? new AppError('CANCELLED', 'the question was cancelled', { cause: error })
        : toAppError(error);
      log.warn({ code: appError.code, err: appError.message }, 'ask-failed');
      emit({ type: 'error', code: appError.code, message: appError.message });
      throw appError;
    }
  }

  private async answer(context: QuestionContext & { question: string; history: MemoryContext }): Promise<Outcome> {
    const { question, session, signal, emit } = context;
    const { skills } = this.options;
    // the first question reads what the router needs from the plant (equipment names), not the start
    await skills.prepare?.();
    const decision = skills.route(question, { previous: session.slots });
    const language = decision.language;
    context.log.debug({ decision }, 'route');
    const isMarkdown =
      decision.kind === 'skill' && skills.list().find((info) => info.name === decision.skill)?.kind === 'markdown';

    // 0. a procedure that needs an admin's approval: nothing reaches the model, no tool runs, before one approves
    const gated = approvalFor(skills, question, decision);
    if (gated?.kind === 'markdown') {
      const refused = await this.askApproval(gated, context, language);
      if (refused) return refused;
      context.approved = gated;
    }

    // 0b. several questions in one ("…, and is the on-call engineer on a holiday today?"): each part
    //    answered by the rules when every part routes to a skill with every slot filled
    if (!context.approved && decision.kind === 'none' && decision.parts && decision.parts.length > 1) {
      const answered = await this.answerParts(decision.parts, { ...context, language });
      if (answered) return answered;
    }

    // 1. rules first: a skill with every slot filled runs without a model
    let ruleError: string | undefined;
    if (decision.kind === 'skill' && decision.missing.length === 0 && !(isMarkdown && this.gate.isUp())) {
      emit({ type: 'mode', mode: 'rules', reason: `rules: ${decision.reason}` });
      const ran = await this.runSkill(decision.skill, decision.args, { ...context, language });
      if (ran.ok) return this.fromSkill(decision.skill, decision.args, ran.result);
      ruleError = ran.error.message;
    }

    // 2. the model, when one is reachable
    const status = await this.gate.status();
    if (status.notice) {
      emit({ type: 'notice', message: status.notice });
      context.log.warn({ notice: status.notice }, 'notice');
    }
    if (status.available) {
      emit({
        type: 'mode',
        mode: 'model',
        reason: ruleError ? `the rules failed (${ruleError}); asking the model` : decision.reason,
      });
      await foldHistory({
        memory: this.memory,
        session,
        history: context.history,
        client: status.client,
        signal,
        budget: this.memory.summaryBudget,
        log: this.log,
      });
      const outcome = await this.modelLoop({ ...context, decision, language, client: status.client });
      if (outcome.kind === 'answer') {
        const skill = outcome.skill;
        return {
          answer: outcome.text,
          mode: 'model',
          skill: skill?.name,
          data: skill?.data,
          slots: skill ? { skill: skill.name, args: skill.args } : undefined,
        };
      }
      if (outcome.kind === 'model-failed' && meansModelDown(outcome.error)) {
        const notice = this.gate.markDown(outcome.error);
        if (notice) {
          emit({ type: 'notice', message: notice });
          context.log.warn({ notice }, 'notice');
        }
      }
      return this.afterModel({ ...context, decision, language, outcome, ruleError });
    }

    // 3. no model: what the rules can do, or an honest reply
    foldExtractive({ memory: this.memory, session, history: context.history, budget: this.memory.summaryBudget });
    emit({ type: 'mode', mode: 'rules', reason: `no model: ${status.reason}` });
    // a slot the rules could not settle (missing) is not filled by running anyway: the skill's default would answer another question
    if (decision.kind === 'skill' && decision.missing.length === 0 && ruleError === undefined) {
      const ran = await this.runSkill(decision.skill, decision.args, { ...context, language });
      if (ran.ok) return this.fromSkill(decision.skill, decision.args, ran.result);
      ruleError = ran.error.message;
    }
    return {
      answer: noModelReply({
        language,
        reason: status.reason,
        examples: skills.examples(language),
        missing: decision.kind === 'skill' ? decision.missing : undefined,
        skill: decision.kind === 'skill' ? decision.skill : undefined,
        ruleError,
        unhonoured: decision.kind === 'none' ? decision.unhonoured : undefined,
      }),
      mode: 'rules',
      error: { code: 'LLM_UNAVAILABLE', message: status.reason },
    };
  }

  /** Ask for the approval of a gated procedure; an Outcome when it was not given (no approver, rejected, expired). */
  private async askApproval(
    gated: GatedSkill,
    context: QuestionContext,
    language: Language,
  ): Promise<Outcome | undefined> {
    const { skill } = gated.request;
    const refuse = (code: string, message: string, hint: string): Outcome => {
      context.log.warn({ skill, code }, 'approval-refused');
      context.audit({
        server: 'skills',
        tool_name: skill,
        parameters: gated.request.arguments,
        result_summary: message,
        duration_ms: 0,
        success: false,
        error_code: code,
      });
      return { answer: `${message}. ${hint}`, mode: 'rules', skill, error: { code, message } };
    };
    if (!context.approve) {
      return refuse(
        'APPROVAL_REQUIRED',
        language === 'zh'
          ? `“${skill}”需要管理员批准后才能执行，这里无人可以批准`
          : `"${skill}" needs an admin's approval before it runs, and nobody can approve it here`,
        language === 'zh'
          ? '请在聊天页面（airgap-agent serve）提问：问题会在那里等待管理员批准或拒绝。'
          : 'Ask in the chat page (airgap-agent serve): the question waits there until an admin approves or rejects it.',
      );
    }
    context.emit({ type: 'notice', message: `"${skill}" is waiting for an admin's approval` });
    let approved: boolean;
    try {
      approved = await context.approve(gated.request);
    } catch (error) {
      const appError = toAppError(error, 'FORBIDDEN');
      if (appError.code === 'CANCELLED' || context.signal.aborted)
        throw new AppError('CANCELLED', 'the question was cancelled', { cause: error });
      const code = typeof appError.details?.approval === 'string' ? appError.details.approval : appError.code;
      return refuse(code, appError.message, appError.hint ?? 'Ask again to request a new approval.');
    }
    if (context.signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
    if (!approved) {
      return refuse(
        'APPROVAL_REJECTED',
        language === 'zh' ? `管理员拒绝了“${skill}”` : `an admin rejected "${skill}"`,
        language === 'zh' ? '请向管理员询问原因，或换一个问题。' : 'Ask an admin why, or ask for something else.',
      );
    }
    context.log.info({ skill, tools: gated.tools }, 'approval-granted');
    return undefined;
  }

  private async modelLoop(
    context: QuestionContext & {
      question: string;
      history: MemoryContext;
      decision: RouteDecision;
      language: Language;
      client: LlmClient;
    },
  ): Promise<LoopOutcome> {
    const { config, skills, tools } = this.options;
    const { decision, question } = context;
    const { approved } = context;
    const infos = new Map(skills.list().map((info) => [info.name, info]));
    // a procedure that needs approval never reaches the model unless an admin approved it for this question
    // nor does a critical one (it is handed over to an engineer, never followed unattended)
    const gated = (name: string): boolean =>
      infos.get(name)?.needsApproval === true || infos.get(name)?.critical === true;
    let relevant = skills.relevant(question);
    let markdownNames: string[];
    let mcpTools = tools.listTools();
    if (approved) {
      // the approved procedure alone, with only the tools it declares
      const allowed = new Set(approved.tools);
      markdownNames = [approved.request.skill];
      mcpTools = mcpTools.filter((tool) => allowed.has(tool.name));
      relevant = skills.list().filter((info) => info.kind === 'code' && allowed.has(info.name) && !info.needsApproval);
    } else {
      markdownNames = relevant.filter((info) => info.kind === 'markdown' && !gated(info.name)).map((info) => info.name);
      if (decision.kind === 'skill' && !markdownNames.includes(decision.skill) && !gated(decision.skill)) {
        if (skills.markdown(decision.skill)) markdownNames.unshift(decision.skill);
      }
    }
    const procedures = markdownNames.slice(0, 2).flatMap((name) => {
      const markdown = skills.markdown(name);
      return markdown ? [{ name, body: markdown.body }] : [];
    });
    const catalog = new ToolCatalog({ tools: mcpTools, skills: relevant, question });
    const routeHint =
      decision.kind === 'skill'
        ? `This looks like a question for ${catalog.forSkill(decision.skill)?.name ?? decision.skill} ` +
          `(${decision.reason}). Known so far: ${JSON.stringify(decision.args)}.` +
          (decision.missing.length > 0 ? ` Still needed: ${decision.missing.join(', ')}.` : '')
        : decision.unhonoured && decision.unhonoured.length > 0
          ? `The rules did not answer: ${decision.reason}. Honour every qualifier the question names, and say plainly when the data does not record something.`
          : undefined;
    const system = buildSystemPrompt({
      plantName: config.plant.name,
      timezone: config.plant.timezone,
      now: now(),
      language: context.language,
      catalog,
      procedures,
      summary: context.session.summary,
      routeHint,
    });
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      ...context.history.verbatim.map((turn) => ({ role: turn.role, content: turn.content }) as ChatMessage),
      { role: 'user', content: question },
    ];
    return runModelLoop({
      llm: context.client,
      catalog,
      messages,
      tools,
      skills,
      maxSteps: config.agent.max_steps,
      maxRetries: config.agent.max_retries,
      temperature: context.client.defaultTemperature,
      stream: this.options.stream ?? true,
      signal: context.signal,
      traceId: context.traceId,
      approve: context.approve,
      sessionId: context.session.id,
      language: context.language,
      emit: context.emit,
      audit: context.audit,
      log: context.log,
      toolFormat: toolFormatFor(config.llm.tool_format, context.client),
    });
  }

  /** After the model loop did not answer: the rules once more, then an honest answer. */
  private async afterModel(
    context: QuestionContext & {
      question: string;
      decision: RouteDecision;
      language: Language;
      outcome: Exclude<LoopOutcome, { kind: 'answer' }>;
      ruleError: string | undefined;
    },
  ): Promise<Outcome> {
    const { decision, outcome, language } = context;
    let ruleError = context.ruleError;
    if (decision.kind === 'skill' && ruleError === undefined) {
      const fromModel = outcome.skillArgs.get(decision.skill) ?? {};
      const args = { ...decision.args };
      // only what the model actually gave: a null (a truncated or invalid call) never fills a slot
      for (const slot of decision.missing)
        if (fromModel[slot] !== undefined && fromModel[slot] !== null) args[slot] = fromModel[slot];
      context.emit({
        type: 'mode',
        mode: 'rules',
        reason: `the model did not complete; falling back to the rules (${decision.reason})`,
      });
      const ran = await this.runSkill(decision.skill, args, context);
      if (ran.ok) return this.fromSkill(decision.skill, args, ran.result);
      ruleError = ran.error.message;
    }
    const why =
      outcome.kind === 'model-failed'
        ? language === 'zh'
          ? `模型调用失败（${outcome.error.code}: ${outcome.error.message}）`
          : `the model call failed (${outcome.error.code}: ${outcome.error.message})`
        : outcome.why === 'retries'
          ? language === 'zh'
            ? `模型的工具调用在 ${this.options.config.agent.max_retries} 次重试后仍然无效`
            : `the model's tool calls were still unusable after ${this.options.config.agent.max_retries} retries`
          : language === 'zh'
            ? `模型在 ${outcome.steps} 步内没有给出答案（上限 agent.max_steps）`
            : `the model gave no answer within ${outcome.steps} steps (the agent.max_steps limit)`;
    const code =
      outcome.kind === 'model-failed'
        ? outcome.error.code
        : outcome.why === 'retries'
          ? (outcome.lastCode ?? 'PARSE_FAILED')
          : 'AGENT_MAX_STEPS';
    return {
      answer: couldNotCompleteReply({
        language,
        why,
        tried: outcome.tried,
        examples: this.options.skills.examples(language),
        ruleError,
      }),
      mode: 'model',
      error: { code, message: why },
    };
  }

  private async runSkill(
    skill: string,
    args: Record<string, unknown>,
    context: QuestionContext & { language: Language },
  ): Promise<{ ok: true; result: SkillResult } | { ok: false; error: AppError }> {
    return runSkillAudited({
      skills: this.options.skills,
      skill,
      args,
      run: {
        approve: context.approve,
        traceId: context.traceId,
        sessionId: context.session.id,
        language: context.language,
        signal: context.signal,
        tools: this.options.tools,
        onEvent: context.emit,
      },
      audit: context.audit,
      log: context.log,
    });
  }

  /**
   * Each part of a question that asks several, answered by the rules in turn
   * and joined under the operator's own words; undefined when any part needs
   * more than the rules (then the whole question goes the usual way).
   */
  private async answerParts(
    parts: string[],
    context: QuestionContext & { language: Language; session: QuestionContext['session'] },
  ): Promise<Outcome | undefined> {
    const routed = parts.map((part) => ({ part, decision: this.options.skills.route(part, {}) }));
    if (!routed.every((entry) => entry.decision.kind === 'skill' && entry.decision.missing.length === 0))
      return undefined;
    context.emit({
      type: 'mode',
      mode: 'rules',
      reason: `rules: ${parts.length} questions in one, each answered on its own`,
    });
    const sections: string[] = [];
    const data: unknown[] = [];
    let last: Outcome | undefined;
    for (const [index, entry] of routed.entries()) {
      const decision = entry.decision as Extract<RouteDecision, { kind: 'skill' }>;
      const ran = await this.runSkill(decision.skill, decision.args, context);
      const body = ran.ok
        ? ran.result.answer
        : context.language === 'zh'
          ? `规则尝试回答时失败：${ran.error.message}`
          : `The rules tried and failed: ${ran.error.message}`;
      sections.push(`**${index + 1}. ${entry.part}**\n\n${body}`);
      data.push(
        ran.ok
          ? { skill: decision.skill, arguments: decision.args, data: ran.result.data }
          : { skill: decision.skill, arguments: decision.args, error: ran.error.code },
      );
      if (ran.ok) last = this.fromSkill(decision.skill, decision.args, ran.result);
    }
    return {
      answer: sections.join('\n\n'),
      mode: 'rules',
      skill: last?.skill,
      data: { parts: data },
      slots: last?.slots,
    };
  }

  private fromSkill(skill: string, args: Record<string, unknown>, result: SkillResult): Outcome {
    return {
      answer: result.answer,
      mode: 'rules',
      skill,
      data: result.data,
      charts: result.charts,
      slots: { skill, args },
    };
  }

  /** Stop the idle sweep (the owner closes tools, skills, audit and the database). */
  close(): void {
    clearInterval(this.idleTimer);
  }
}

/**
 * The wire format the model writes tool calls in: `llm.tool_format` when set,
 * else the family of the endpoint's model id, else what the endpoint reports
 * (the embedded service reads it from the GGUF's chat template).
 */
export function toolFormatFor(
  setting: 'auto' | ToolFormatId,
  client: { model: string; toolFormat?: ToolFormatId | undefined },
): ToolFormatId | undefined {
  if (setting !== 'auto') return setting;
  return formatForModelId(client.model) ?? client.toolFormat;
}
