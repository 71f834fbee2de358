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
import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { AppError, FINISHED, toAppError } from '../errors.js';
import { now } from '../clock.js';
import type { Config } from '../config/schema.js';
import { lazyChild, logger } from '../log/index.js';
import type { LlmClient, ChatMessage } from '../llm/client.js';
import { ModelGate, meansModelDown } from '../llm/availability.js';
import type { ToolCaller } from '../mcp/types.js';
import type {
  ApprovalRequest,
  RouteDecision,
  SkillEngine,
  SkillRunContext,
  SkillUnavailable,
} from '../skills/engine-types.js';
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
import { couldNotCompleteReply, modelNoticeText, noModelReply, ruleFailureText, unhonouredText } from './replies.js';
import { runSkillAudited, type AgentAudit } from './skill-run.js';
import { missingExplicit } from '../skills/contract.js';
import { budgetReply, dependencyFailure, dependencyReply, languageOf } from './dependency-replies.js';

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
 * One question's approvals: each approval covers one run. A call asks the
 * approver every time, unless a credit is left for exactly that request (the
 * gate of an approved Markdown procedure leaves one for the procedure's own run).
 */
function bindApprovals(
  approve: SkillRunContext['approve'],
  question: string,
): { approve: SkillRunContext['approve']; credit: (request: ApprovalRequest) => void } {
  if (!approve) return { approve: undefined, credit: () => undefined };
  const credits = new Map<string, number>();
  return {
    credit: (request) => credits.set(approvalKey(request), (credits.get(approvalKey(request)) ?? 0) + 1),
    approve: async (request: ApprovalRequest) => {
      const key = approvalKey(request);
      const left = credits.get(key) ?? 0;
      if (left > 0) {
        credits.set(key, left - 1);
        return true;
      }
      return approve({ ...request, question: request.question ?? question });
    },
  };
}

/** Collects ToolCallRecords from tool-call-start/end events (the loop's and the skills'). */
class ToolCallRecorder {
  readonly records: ToolCallRecord[] = [];
  private readonly started = new Map<string, { name: string; arguments: Record<string, unknown> }>();

  /** tools called and not answered yet (what a question out of budget was waiting for) */
  pending(): string[] {
    const ended = new Set(this.records.map((record) => record.id));
    return [...this.started.entries()].filter(([id]) => !ended.has(id)).map(([, call]) => call.name);
  }

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
  /** one more run of exactly this request without asking (the approved procedure's own run) */
  creditApproval?: ((request: ApprovalRequest) => void) | undefined;
  /** an approval-gated Markdown procedure an admin approved for this question: only it, only its tools */
  approved?: GatedSkill | undefined;
  /** this question's own skill pins (name → range) */
  versions?: Record<string, string> | undefined;
  /** when the question's budget ends (epoch ms, agent.question_budget_s) */
  deadline: number;
};

/** Whether the question says one of a procedure's trigger phrases (case, spaces and hyphens aside). */
export function saysTrigger(question: string, triggers: readonly string[] | undefined): boolean {
  const flat = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, '');
  const asked = flat(question);
  return (triggers ?? []).some((trigger) => flat(trigger).length > 1 && asked.includes(flat(trigger)));
}

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
    const callerSignal = options.signal ?? new AbortController().signal;
    // the question's budget: every model step, tool call, skill and retry inside it (a ref'd timer, see engine.ts)
    const budgetS = this.options.config.agent.question_budget_s;
    const deadline = Date.now() + budgetS * 1000;
    const budget = new AbortController();
    const budgetTimer = setTimeout(() => budget.abort(), budgetS * 1000);
    const signal = AbortSignal.any([callerSignal, budget.signal]);
    // a model reply's tool calls run at once, each listening to this signal until it ends: no leak (issue 30)
    setMaxListeners(1000, signal);
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
      callerSignal.aborted ? undefined : options.question,
      options.onTurnStart,
    );
    const session = opened.session;
    const log = lazyChild(this.log, { session: session.id, trace: traceId });
    const audit = (row: Omit<AuditRow, 'origin' | 'session_id' | 'trace_id'>): void =>
      this.options.audit?.write({ ...row, origin: 'agent', session_id: session.id, trace_id: traceId });
    try {
      if (signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
      const history = opened.history!;
      const approvals = bindApprovals(options.approve, options.question);
      const outcome = await this.answer({
        question: options.question,
        session,
        history,
        signal,
        emit,
        log,
        audit,
        traceId,
        approve: approvals.approve,
        creditApproval: approvals.credit,
        versions: options.versions,
        deadline,
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
      this.closeTurn(options, session, {
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
      if (budget.signal.aborted && !callerSignal.aborted)
        return this.outOfBudget({
          question: options.question,
          session,
          log,
          emit,
          recorder,
          traceId,
          budgetS,
          onTurnEnd: options.onTurnEnd,
        });
      const appError = signal.aborted
        ? new AppError('CANCELLED', 'the question was cancelled', { cause: error })
        : toAppError(error);
      log.warn({ code: appError.code, err: appError.message }, 'ask-failed');
      emit({ type: 'error', code: appError.code, message: appError.message });
      throw appError;
    } finally {
      clearTimeout(budgetTimer);
      // the question is over: its signal lets go of whatever still listens to it (an AbortSignal.any() signal with
      // a listener is kept alive until it aborts — see the same step in src/skills/engine.ts)
      budget.abort(FINISHED);
    }
  }

  /**
   * The question ran out of its budget (agent.question_budget_s): an honest
   * answer naming the service it was still waiting for; the cause (tools in
   * flight, their servers and breakers) goes to the log.
   */
  private outOfBudget(context: {
    question: string;
    session: Session;
    log: Logger;
    emit: (event: AgentEvent) => void;
    recorder: ToolCallRecorder;
    traceId: string;
    budgetS: number;
    onTurnEnd: AskOptions['onTurnEnd'];
  }): AgentAnswer {
    const { recorder, budgetS } = context;
    const tools = this.options.tools;
    const waiting = recorder.pending();
    const failed = recorder.records.filter((record) => !record.ok).map((record) => record.name);
    const suspects = [...waiting, ...failed.reverse()];
    const server = suspects
      .map((name) => tools.health?.(name).server ?? tools.listTools().find((tool) => tool.name === name)?.server)
      .find((name) => name !== undefined && name !== null);
    const language = languageOf(context.question);
    const message = `the question did not finish within its budget of ${budgetS} s (agent.question_budget_s)`;
    context.log.warn(
      {
        budget_s: budgetS,
        waiting_for: waiting,
        failed_tools: failed,
        server: server ?? null,
        servers: (tools as { status?: () => unknown }).status?.(),
      },
      'question-budget-exhausted',
    );
    const answer: AgentAnswer = {
      answer: budgetReply({ language, budgetS, server }),
      mode: 'rules',
      tool_calls: recorder.records,
      session: context.session.id,
      trace_id: context.traceId,
      error: { code: 'QUESTION_BUDGET', message: server ? `${message}; waiting for the "${server}" server` : message },
    };
    this.closeTurn(context, context.session, { answer: answer.answer });
    context.emit({ type: 'answer', answer });
    return answer;
  }

  /** The question's closing turn: committed now, or handed to the caller to commit with its own writes (onTurnEnd). */
  private closeTurn(
    options: Pick<AskOptions, 'onTurnEnd'>,
    session: Session,
    end: Parameters<SessionMemory['finishTurn']>[1],
  ): void {
    const write = (): void => void this.memory.finishTurn(session, end);
    if (options.onTurnEnd) options.onTurnEnd(write);
    else write();
  }

  private async answer(context: QuestionContext & { question: string; history: MemoryContext }): Promise<Outcome> {
    const { question, session, signal, emit } = context;
    const { skills } = this.options;
    // the first question reads what the router needs from the plant (equipment names), not the start
    await skills.prepare?.();
    let decision = skills.route(question, { previous: session.slots });
    const language = decision.language;
    context.log.debug({ decision }, 'route');
    const routedName = decision.kind === 'skill' ? decision.skill : undefined;
    // its kind and parameters: what it is, not its health (route() has looked at that)
    const routedInfo = routedName
      ? (skills.catalog?.() ?? skills.list()).find((info) => info.name === routedName)
      : undefined;
    const isMarkdown = routedInfo?.kind === 'markdown';

    // dependency health before dispatch: the rules chose a skill that cannot run now — say what is down, plainly
    if (decision.kind === 'none' && decision.unavailable) {
      const { unavailable } = decision;
      context.log.warn(
        {
          skill: unavailable.skill,
          server: unavailable.server ?? null,
          state: unavailable.state,
          reason: unavailable.reason,
        },
        'skill-unavailable',
      );
      // the audit log is the first place to look: the skill the question needed, not run, and why
      context.audit({
        server: 'skills',
        tool_name: unavailable.skill,
        parameters: {},
        result_summary: `not run: ${unavailable.reason}`,
        duration_ms: 0,
        success: false,
        error_code: 'SKILL_UNAVAILABLE',
      });
      return {
        answer: this.unavailableText(unavailable, language),
        mode: 'rules',
        skill: unavailable.skill,
        error: { code: 'SKILL_UNAVAILABLE', message: unavailable.reason },
      };
    }
    // an `explicit` parameter the rules did not give is a missing slot: asked for, never defaulted
    if (decision.kind === 'skill' && routedInfo) {
      const { missing } = decision;
      const unsaid = missingExplicit(routedInfo, decision.args).filter((name) => !missing.includes(name));
      // a new decision: the routed one is never changed
      if (unsaid.length > 0) decision = { ...decision, missing: [...missing, ...unsaid] };
    }

    // 0. a procedure that needs an admin's approval: nothing reaches the model, no tool runs, before one approves
    const gated = approvalFor(skills, { question, decision, versions: context.versions });
    if (gated?.kind === 'markdown') {
      const refused = await this.askApproval(gated, context, language);
      if (refused) return refused;
      context.approved = gated;
    }

    // 0b. several questions in one ("…, and is the on-call engineer on a holiday today?"): each part
    //    answered by the rules when every part routes to a skill with every slot filled
    if (!context.approved && decision.kind === 'none' && decision.parts && decision.parts.length > 1) {
      const answered = await this.answerParts(
        { parts: decision.parts, routed: decision.routed },
        { ...context, language },
      );
      if (answered) return answered;
    }

    // 1. rules first: a skill with every slot filled runs without a model
    let ruleError: string | undefined;
    let ruleFailure: AppError | undefined;
    if (decision.kind === 'skill' && decision.missing.length === 0 && !(isMarkdown && this.gate.isUp())) {
      emit({ type: 'mode', mode: 'rules', reason: `rules: ${decision.reason}` });
      const ran = await this.runSkill(decision.skill, decision.args, { ...context, language });
      if (ran.ok) return this.fromSkill(decision.skill, decision.args, ran.result);
      const down = dependencyFailure(decision.skill, ran.error);
      if (down) return this.dependencyOutcome(down, { ...context, language });
      ruleError = this.failureText(ran.error, language);
      ruleFailure = ran.error;
      // an action an admin approved (a maintenance script, a critical step) that ran and failed: its failure is
      // the answer. The model could only ask for the same action again, and the admin for a second approval.
      const info =
        this.options.skills.version?.(decision.skill, context.versions?.[decision.skill]) ??
        this.options.skills.list().find((entry) => entry.name === decision.skill);
      if (info?.needsApproval || info?.critical) {
        return {
          answer: ruleError,
          mode: 'rules',
          skill: decision.skill,
          error: { code: ran.error.code, message: ran.error.message },
        };
      }
    }

    // 2. the model, when one is reachable
    const status = await this.gate.status();
    if (status.notice) {
      // the operator reads plain words; the cause (endpoint, config key) goes to the log
      emit({
        type: 'notice',
        message: modelNoticeText(language, status.available ? 'back' : 'down'),
        detail: status.notice,
      });
      context.log.warn({ notice: status.notice }, 'notice');
    }
    if (status.available) {
      emit({
        type: 'mode',
        mode: 'model',
        reason: ruleFailure ? `the rules failed (${ruleFailure.code}); asking the model` : decision.reason,
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
          emit({ type: 'notice', message: modelNoticeText(language, 'down'), detail: notice });
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
      const down = dependencyFailure(decision.skill, ran.error);
      if (down) return this.dependencyOutcome(down, { ...context, language });
      ruleError = this.failureText(ran.error, language);
      ruleFailure = ran.error;
    }
    // the rules ran and failed: that is the answer (the model would not have helped), not "no model"
    if (ruleFailure && ruleError) {
      return {
        answer: ruleError,
        mode: 'rules',
        skill: decision.kind === 'skill' ? decision.skill : undefined,
        error: { code: ruleFailure.code, message: ruleFailure.message },
      };
    }
    // an honest "the data does not record that" is an answer, not a failure
    if (
      decision.kind === 'none' &&
      decision.unhonoured &&
      decision.unhonoured.length > 0 &&
      decision.unhonoured.every((entry) => entry.kind === 'not_recorded')
    ) {
      return { answer: unhonouredText(language, decision.unhonoured) ?? '', mode: 'rules' };
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

  /** A skill its server let down: plain words for the operator, the cause in the log. */
  private dependencyOutcome(
    down: NonNullable<ReturnType<typeof dependencyFailure>>,
    context: QuestionContext & { language: Language },
  ): Outcome {
    context.log.warn(
      { skill: down.skill, server: down.server ?? null, state: down.state, reason: down.reason },
      'skill-dependency-failed',
    );
    return {
      answer: this.unavailableText(down, context.language),
      mode: 'rules',
      skill: down.skill,
      error: {
        code:
          down.state === 'busy' ? 'MCP_SERVER_BUSY' : down.state === 'pinned' ? 'SKILL_VERSION' : 'SKILL_UNAVAILABLE',
        message: down.reason,
      },
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
    // the procedure's one run (its code fallback, or the model calling it) is what this approval covers
    context.creditApproval?.(gated.request);
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
      // a procedure's whole text goes into the prompt only for a question that is for it: the rules routed the
      // question to it, or the question says one of its trigger phrases. relevant() also answers skills that
      // share a common word ("the", "line", "maintenance") or, with none matching, the first few: a model read
      // the on-call procedure beside questions on conveyors, line comparisons and work orders.
      markdownNames = relevant
        .filter(
          (info) =>
            info.kind === 'markdown' &&
            !gated(info.name) &&
            saysTrigger(question, skills.markdown(info.name, context.versions?.[info.name])?.triggers),
        )
        .map((info) => info.name);
      if (decision.kind === 'skill' && !markdownNames.includes(decision.skill) && !gated(decision.skill)) {
        if (skills.markdown(decision.skill, context.versions?.[decision.skill])) markdownNames.unshift(decision.skill);
      }
    }
    const procedures = markdownNames.slice(0, 2).flatMap((name) => {
      const markdown = skills.markdown(name, context.versions?.[name]);
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
      versions: context.versions,
      deadline: context.deadline,
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
      ruleError = this.failureText(ran.error, language);
    }
    // the operator's words; the admin's cause (code, endpoint, limit) is in `error` and the log
    const zh = language === 'zh';
    const why =
      outcome.kind === 'model-failed'
        ? outcome.error.code === 'LLM_TIMEOUT'
          ? zh
            ? 'AI 模型没有及时回答'
            : 'the AI model did not answer in time'
          : zh
            ? 'AI 模型出错了'
            : 'the AI model ran into an error'
        : outcome.why === 'retries'
          ? zh
            ? 'AI 模型几次给出的步骤都无法执行'
            : "the AI model's steps could not be carried out, even after several tries"
          : zh
            ? `AI 模型用了 ${outcome.steps} 步仍没有得出答案`
            : `the AI model took ${outcome.steps} steps without reaching an answer`;
    const cause =
      outcome.kind === 'model-failed'
        ? `${outcome.error.code}: ${outcome.error.message}`
        : outcome.why === 'retries'
          ? `tool calls still unusable after ${this.options.config.agent.max_retries} retries (agent.max_retries)`
          : `no answer within ${outcome.steps} steps (agent.max_steps)`;
    context.log.warn({ cause }, 'model-did-not-complete');
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
      error: { code, message: cause },
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
        versions: context.versions,
        deadline: context.deadline,
      },
      audit: context.audit,
      log: context.log,
    });
  }

  /**
   * Each part of a question that asks several, answered by the rules in turn
   * and joined under the operator's own words. The router read each part with
   * the earlier parts' slots (`routed`: "who was on call then" is the first
   * part's day). When some part needs more than the rules: with a model, the
   * whole question goes the usual way (undefined); without one, the parts the
   * rules answer are answered and the others named, with why (issue 30).
   */
  private async answerParts(
    question: { parts: string[]; routed?: RouteDecision[] | undefined },
    context: QuestionContext & { language: Language; session: QuestionContext['session'] },
  ): Promise<Outcome | undefined> {
    const { parts } = question;
    const decisions = question.routed ?? parts.map((part) => this.options.skills.route(part, {}));
    const routed = parts.map((part, index) => ({ part, decision: decisions[index]! }));
    const runs = (decision: RouteDecision): decision is Extract<RouteDecision, { kind: 'skill' }> =>
      decision !== undefined && decision.kind === 'skill' && decision.missing.length === 0;
    const answerable = routed.filter((entry) => runs(entry.decision)).length;
    if (answerable === 0) return undefined;
    if (answerable < parts.length && (await this.gate.status()).available) return undefined;
    context.emit({
      type: 'mode',
      mode: 'rules',
      reason: `rules: ${parts.length} questions in one, ${answerable} answered by the rules`,
    });
    const sections: string[] = [];
    const data: unknown[] = [];
    let last: Outcome | undefined;
    for (const [index, entry] of routed.entries()) {
      const decision = entry.decision;
      if (!runs(decision)) {
        sections.push(`**${index + 1}. ${entry.part}**\n\n${unansweredPart(decision, context.language)}`);
        data.push({ part: entry.part, answered: false, reason: decision.reason });
        continue;
      }
      const ran = await this.runSkill(decision.skill, decision.args, context);
      const body = ran.ok ? ran.result.answer : this.failureText(ran.error, context.language);
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

  /** A failed rules attempt in the operator's words (the cause is in the log: skill-failed). */
  private failureText(error: AppError, language: Language): string {
    const script = error.details?.script;
    return ruleFailureText(language, {
      code: error.code,
      script:
        typeof script === 'string'
          ? { name: script, runId: error.details?.run_id as number | undefined, state: error.details?.state as string }
          : undefined,
      // plant.db gone: every read of the plant's data fails, whichever way this one did (a server that could not
      // start, a worker that could not open it, a call that timed out while the server restarted on a busy host):
      // the missing database is the cause the operator hears; a maintenance script's own failure stays its own
      plantDataMissing: typeof script !== 'string' && !existsSync(this.options.config.plant.db),
    });
  }

  /** A skill that cannot run now, in the operator's words: plant.db gone is named as the cause before the server. */
  private unavailableText(unavailable: SkillUnavailable, language: Language): string {
    return this.plantDataGone(unavailable.server, unavailable.reason)
      ? ruleFailureText(language, { code: 'SKILL_UNAVAILABLE', plantDataMissing: true })
      : dependencyReply(unavailable, language);
  }

  /**
   * plant.db is gone and it is why a skill is unavailable: a server that reads it (query, plant) let the skill
   * down, or the reason names the database. Then the operator hears that the plant's data cannot be read,
   * whichever path said so first (a failed start, its restart, the breaker it opened).
   */
  private plantDataGone(server: string | null | undefined, reason: string): boolean {
    const db = this.options.config.plant.db;
    if (existsSync(db)) return false;
    return (
      server === 'query' ||
      server === 'plant' ||
      /could not start|fails to start|(?:cannot|unable to) open database/.test(reason) ||
      reason.includes(db)
    );
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

/** the slots a part may lack, in the operator's words */
const SLOT_NAMES: Record<string, { zh: string; en: string }> = {
  period: { zh: '时间段（哪天、哪周、哪个月）', en: 'the period (which day, week or month)' },
  date: { zh: '日期', en: 'the date' },
  lines: { zh: '产线', en: 'the line' },
  line: { zh: '产线', en: 'the line' },
  equipment: { zh: '设备', en: 'the machine' },
  symptom: { zh: '故障现象', en: 'the symptom' },
  batches: { zh: '批次号', en: 'the batch number' },
  assignee: { zh: '哪位工程师', en: 'which engineer' },
};

/** what a part the rules cannot answer lacks, said to the operator: the slot to name, or what it asked beyond them */
function unansweredPart(decision: RouteDecision, language: Language): string {
  const slot = (name: string): string => SLOT_NAMES[name]?.[language] ?? name;
  const why =
    decision.kind === 'none'
      ? unhonouredText(language, decision.unhonoured)
      : language === 'zh'
        ? `还缺少：${decision.missing.map(slot).join('、')}。`
        : `It still needs ${decision.missing.map(slot).join(', ')}.`;
  return language === 'zh'
    ? `这一部分规则无法回答，请单独再问一次${why ? `：\n${why}` : '。'}`
    : `The rules cannot answer this part; please ask it on its own${why ? `:\n${why}` : '.'}`;
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
