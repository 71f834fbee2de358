/**
 * Questions as tasks: each question becomes a row in `tasks` (the persisted
 * state machine), waits in the scheduler's lane, runs through `agent.ask`, and
 * leaves a numbered event log (event-log.ts) of wire events (wire-map.ts maps
 * the agent's) that any number of SSE streams replay and then follow
 * (Last-Event-ID resumes after a given event). Skills that need an admin's
 * approval wait in waiting_input (task-approvals.ts); cancel aborts a running
 * question. A critical step is never run: the agent's request for it opens a
 * hand-over record instead (handOverCritical), and a question the agent could
 * not finish carries the hand-over offered, pre-filled (handoverOffer).
 */
import type { Logger } from 'pino';
import { lazyChild } from '../log/index.js';
import { AppError, toAppError } from '../errors.js';
import type { AgentAnswer, AgentEvent } from '../types/answer.js';
import type { AskOptions } from '../agent/types.js';
import type { WireEventName, WireEvents } from '../types/wire.js';
import type { ApprovalRequest, SessionSlots, SkillEngine } from '../skills/engine-types.js';
import { approvalFor, approvalKey } from '../skills/approval.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { User } from './accounts.js';
import type { ApprovalRow } from './approval-store.js';
import { boundedAnswer, jsonOfAnswer } from './bounded.js';
import { EVENT_MAX_BYTES, synthesized, wireEvent, type Listener, type StreamEvent } from './event-log.js';
import type { Metrics } from './metrics.js';
import type { Lane, Scheduler } from './scheduler.js';
import { TaskApprovals } from './task-approvals.js';
import { TaskRun } from './task-run.js';
import { isFinal, TaskStore, type TaskRow, type TaskState } from './task-store.js';
import { ensureSession } from './sessions.js';
import { HandoverStore, describeTried } from '../feedback/store.js';
import type { HandoverOffer } from '../types/wire.js';
import type { Language } from '../skills/types.js';

/** Results of tool calls kept per task as "data seen" for a hand-over record. */
const MAX_DATA_SEEN = 20;

export { EVENT_MAX_BYTES, TASK_LOG_MAX_BYTES, synthesized, type StreamEvent } from './event-log.js';
export { boundedAnswer } from './bounded.js';

export interface ServiceAgent {
  ask(options: AskOptions): Promise<AgentAnswer>;
}

/** Finished tasks whose event logs stay in memory for replay. */
const KEEP_FINISHED = 500;
/** Event logs of all tasks kept in memory at most this; the oldest finished ones go first (replayed from agent.db). */
export const ALL_LOGS_MAX_BYTES = 64 * 1024 * 1024;
/** Default cap of a stored result (server.result_max_kb). */
const RESULT_MAX_BYTES = 1024 * 1024;

export interface TaskManagerOptions {
  db: SqliteDatabase;
  agent: ServiceAgent;
  skills: SkillEngine;
  scheduler: Scheduler;
  metrics: Metrics;
  log: Logger;
  /** a waiting approval older than this expires (default 1 h) */
  approvalTimeoutMs?: number | undefined;
  /** a stored (and streamed) answer at most this many bytes (server.result_max_kb) */
  resultMaxBytes?: number | undefined;
  /**
   * the audit writer: its rows are committed before (or with: flushWith) a task's final state (false: rows
   * still waiting)
   */
  audit?:
    | {
        flush(): boolean | void;
        flushWith?<T>(db: SqliteDatabase, then: (flushed: boolean) => T): T;
      }
    | undefined;
}

export function taskJson(task: TaskRow): Record<string, unknown> {
  let result: unknown = null;
  if (task.result) {
    try {
      result = JSON.parse(task.result);
    } catch {
      result = null;
    }
  }
  const answer = result as AgentAnswer | null;
  return {
    task_id: task.task_id,
    session_id: task.session_id,
    question: task.question,
    state: task.state,
    priority: task.priority,
    mode: task.mode,
    skill: task.skill,
    answer: task.answer,
    result,
    trace_id: answer?.trace_id ?? null,
    error: task.error,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}

export class TaskManager {
  readonly store: TaskStore;
  readonly approvals: TaskApprovals;
  private readonly runs = new Map<string, TaskRun>();
  private closing = false;

  constructor(private readonly options: TaskManagerOptions) {
    this.store = new TaskStore(options.db);
    this.approvals = new TaskApprovals(options.db, {
      timeoutMs: options.approvalTimeoutMs ?? 3_600_000,
      onExpire: (approvalId, taskId, reason) => this.expired(approvalId, taskId, reason),
    });
  }

  get approvalTimeoutMs(): number {
    return this.approvals.timeoutMs;
  }

  /** At start-up: tasks (and their approvals) a previous process left unfinished are failed, in one transaction. */
  failOrphans(reason: string): number {
    return this.options.db.transaction(() => {
      this.approvals.store.rejectAllPending(reason);
      return this.store.failOrphans(reason);
    })();
  }

  private expired(approvalId: string, taskId: string, reason: string): void {
    const run = this.runs.get(taskId);
    this.options.log.info({ task: taskId, approval: approvalId }, 'approval-expired');
    if (!run) {
      const task = this.store.get(taskId);
      if (task && !isFinal(task.state)) this.store.transition(taskId, 'failed', { error: reason });
      return;
    }
    this.emit(run, 'approval-decided', { approval_id: approvalId, approved: false, by: null, reason });
    if (run.waiting?.approvalId === approvalId) {
      const { reject } = run.waiting;
      run.waiting = undefined;
      this.store.transition(taskId, 'running');
      this.emit(run, 'task-state', { task_id: taskId, state: 'running' });
      reject(
        new AppError('FORBIDDEN', reason, {
          hint: 'ask again to request a new approval',
          details: { approval: 'APPROVAL_EXPIRED' },
        }),
      );
    } else {
      this.releasePlace(run);
      this.finish(run, 'failed', { error: `APPROVAL_EXPIRED: ${reason}` });
    }
  }

  private releasePlace(run: TaskRun): void {
    if (!run.holdsPlace) return;
    run.holdsPlace = false;
    this.options.scheduler.release();
  }

  get activeRuns(): number {
    let count = 0;
    for (const run of this.runs.values()) if (!run.finished) count++;
    return count;
  }

  /** Accept a question: a task row, then the approval wait or the queue. */
  submit(options: {
    question: string;
    sessionId?: string | undefined;
    user: User;
    traceId: string;
    /** skill pins for this question only (name → version range) */
    versions?: Record<string, string> | undefined;
  }): {
    task: TaskRow;
    lane: Lane;
  } {
    const { scheduler } = this.options;
    if (this.closing) {
      throw new AppError('QUEUE_FULL', 'the service is shutting down', {
        hint: 'ask again in a moment, once it has restarted',
        details: { retry_after_s: 5 },
      });
    }
    // the session (new or touched) and the task row: one commit; a question refused here leaves neither.
    // IMMEDIATE: the write lock first (waiting out busy_timeout), not a read upgraded to a write, which fails
    // at once with "database is locked" while an MCP server writes its audit rows (see SessionMemory.append)
    const { session, decision, lane, gated, task } = this.options.db
      .transaction(() => {
        const session = ensureSession(this.options.db, { sessionId: options.sessionId, user: options.user });
        const decision = this.options.skills.route(options.question, { previous: session.slots });
        // a skill that cannot run now is answered at once, honestly, without a model: the rules lane
        const ruleRouted =
          (decision.kind === 'skill' && decision.missing.length === 0) ||
          (decision.kind === 'none' && decision.unavailable !== undefined);
        const lane: Lane = ruleRouted ? 'rules' : 'model';
        const gated = approvalFor(this.options.skills, {
          question: options.question,
          decision,
          versions: options.versions,
        });
        const needsApproval = gated !== undefined;
        try {
          // a question waiting for approval holds a place in the queue: approving it never finds the queue full
          if (needsApproval) scheduler.reserve(lane);
          else scheduler.assertRoom(lane);
        } catch (error) {
          this.options.metrics.rejected.inc();
          throw error;
        }
        const task = this.store.create({
          sessionId: session.id,
          userId: options.user.user_id,
          question: options.question,
          priority: ruleRouted ? 0 : 5,
        });
        return { session, decision, lane, gated, task };
      })
      .immediate();
    const ruleRouted = lane === 'rules';
    const needsApproval = gated !== undefined;
    const run = this.newRun(task.task_id, lane);
    run.traceId = options.traceId;
    run.language = decision.language;
    run.versions = options.versions;
    run.holdsPlace = needsApproval;
    const log = lazyChild(this.options.log, { task: task.task_id, session: session.id, trace: options.traceId });
    log.info(
      { lane, route: decision.kind === 'skill' ? decision.skill : null, approval: needsApproval },
      'task-submit',
    );
    this.emit(run, 'task-state', { task_id: task.task_id, session_id: session.id, state: 'pending', lane });
    if (gated) {
      this.askApproval(run, gated.request, options.question);
      return { task: this.store.get(task.task_id)!, lane };
    }
    this.enqueue(run, { priority: ruleRouted ? 0 : 5 }, log);
    // the row as created: it starts running in a later microtask at the earliest (Scheduler.start)
    return { task, lane };
  }

  /** The one way a task comes to wait for an admin: the approval row, waiting_input, and the events saying so. */
  private askApproval(run: TaskRun, request: ApprovalRequest, question: string | null): ApprovalRow {
    const approval = this.approvals.ask(run, request);
    this.store.transition(run.taskId, 'waiting_input', { skill: request.skill });
    this.emit(run, 'task-state', { task_id: run.taskId, state: 'waiting_input' });
    this.emit(run, 'approval-required', {
      approval_id: approval.approval_id,
      skill: request.skill,
      version: request.version,
      arguments: request.arguments,
      question,
      reason: approval.reason,
    });
    return approval;
  }

  get(taskId: string, user: User): TaskRow {
    const task = this.store.get(taskId);
    if (!task || (user.role !== 'admin' && task.user_id !== user.user_id)) {
      throw new AppError('NOT_FOUND', `no task ${taskId.slice(0, 64)}`, {
        hint: 'use the task_id that POST /api/tasks returned',
      });
    }
    return task;
  }

  /**
   * The events after `afterId`, and (unless the task has finished) a
   * subscription to what follows. `unsubscribe` must be called when the
   * stream ends.
   */
  subscribe(
    taskId: string,
    afterId: number,
    listener: Listener,
  ): { replay: StreamEvent[]; finished: boolean; unsubscribe: () => void } {
    const run = this.runs.get(taskId);
    if (!run) {
      const task = this.store.get(taskId)!;
      return {
        replay: synthesized(task).filter((event) => event.id > afterId),
        finished: true,
        unsubscribe: () => undefined,
      };
    }
    const replay = run.log.after(afterId);
    if (run.finished) return { replay, finished: true, unsubscribe: () => undefined };
    return { replay, finished: false, unsubscribe: run.log.listen(listener) };
  }

  /** Cancel a task: out of the queue, out of the approval wait, or aborted while running. Idempotent on finished tasks. */
  async cancel(taskId: string, user: User): Promise<TaskRow> {
    const task = this.get(taskId, user);
    const run = this.runs.get(taskId);
    const reason = `cancelled by ${user.username}`;
    if (task.state === 'pending' && run && this.options.scheduler.remove(taskId)) {
      this.finish(run, 'cancelled', { error: reason });
    } else if (task.state === 'waiting_input' && run?.waiting) {
      // the running question waits for an approval: refuse it and stop the question
      this.approvals.decide(run.waiting.approvalId, { approved: false, userId: user.user_id, reason });
      run.controller.abort(new AppError('CANCELLED', reason));
      run.waiting.resolve(false);
      await within(run.settled, 5000);
    } else if (task.state === 'waiting_input') {
      const approval = this.approvals.store.ofTask(taskId);
      if (approval?.state === 'pending')
        this.approvals.decide(approval.approval_id, { approved: false, userId: user.user_id, reason });
      if (run) this.releasePlace(run);
      if (run) this.finish(run, 'cancelled', { error: reason });
      else this.store.transition(taskId, 'cancelled', { error: reason });
    } else if (run && !run.finished) {
      run.controller.abort(new AppError('CANCELLED', reason));
      await within(run.settled, 5000);
    }
    return this.store.get(taskId)!;
  }

  /** An admin's decision on a waiting skill: approved → queued; rejected → cancelled. */
  decide(
    approvalId: string,
    options: { approved: boolean; user: User; reason?: string | undefined },
  ): { approval: ApprovalRow; task: TaskRow } {
    const approval = this.approvals.decide(approvalId, {
      approved: options.approved,
      userId: options.user.user_id,
      reason: options.reason,
    });
    const run = this.runs.get(approval.task_id);
    const log = this.options.log.child({ task: approval.task_id });
    log.info({ approval: approvalId, approved: options.approved, by: options.user.username }, 'approval-decided');
    if (!run) {
      // the task's run is gone (restart): it cannot be resumed
      const task = this.store.get(approval.task_id)!;
      return {
        approval,
        task: isFinal(task.state)
          ? task
          : this.store.transition(task.task_id, 'failed', { error: 'the service restarted while the task waited' }),
      };
    }
    this.emit(run, 'approval-decided', {
      approval_id: approvalId,
      approved: options.approved,
      by: options.user.username,
      reason: options.reason ?? null,
    });
    if (run.waiting?.approvalId === approvalId) {
      // decided while the question runs: it goes on (approved) or the skill is refused (rejected)
      const { resolve } = run.waiting;
      run.waiting = undefined;
      // the waiting call is the run this approval covers: nothing is kept for a later call
      this.store.transition(approval.task_id, 'running');
      this.emit(run, 'task-state', { task_id: approval.task_id, state: 'running' });
      resolve(options.approved);
    } else if (options.approved) {
      this.approvals.grant(run, approvalId);
      this.store.transition(approval.task_id, 'pending');
      this.emit(run, 'task-state', { task_id: approval.task_id, state: 'pending', lane: run.lane });
      // its place was held since it was asked: the queue cannot refuse it now
      const reserved = run.holdsPlace;
      run.holdsPlace = false;
      this.enqueue(run, { priority: 1, reserved }, log);
    } else {
      this.releasePlace(run);
      this.finish(run, 'cancelled', {
        error: `rejected by ${options.user.username}${options.reason ? `: ${options.reason}` : ''}`,
      });
    }
    return { approval, task: this.store.get(approval.task_id)! };
  }

  /**
   * Shut down: refuse new questions, cancel those not yet started (and those
   * waiting for approval), let running ones finish for `graceMs`, then abort
   * them. Every task ends in a final state; every stream gets its `done`.
   */
  async shutdown(options: { graceMs: number }): Promise<void> {
    this.closing = true;
    this.approvals.clear();
    for (const id of this.options.scheduler.drain()) {
      const run = this.runs.get(id);
      if (run && !run.finished)
        this.finish(run, 'cancelled', { error: 'the service shut down before the question started' });
    }
    for (const run of this.runs.values()) {
      if (run.finished) continue;
      const task = this.store.get(run.taskId);
      if (task?.state === 'waiting_input') {
        this.approvals.rejectPendingOf(run.taskId, 'the service shut down');
        this.releasePlace(run);
        this.finish(run, 'cancelled', { error: 'the service shut down while the task waited for approval' });
      }
    }
    const finished = await within(this.options.scheduler.idle(), options.graceMs);
    if (!finished) {
      for (const run of this.runs.values())
        if (!run.finished) run.controller.abort(new AppError('CANCELLED', 'the service is shutting down'));
      await within(this.options.scheduler.idle(), 5000);
    }
  }

  private newRun(taskId: string, lane: Lane): TaskRun {
    const run = new TaskRun(taskId, lane, {
      answerMaxBytes: Math.min(this.resultMaxBytes, EVENT_MAX_BYTES),
      onListenerError: (error) => this.options.log.warn({ err: error, task: taskId }, 'stream-listener-failed'),
    });
    this.runs.set(taskId, run);
    return run;
  }

  private get resultMaxBytes(): number {
    return this.options.resultMaxBytes ?? RESULT_MAX_BYTES;
  }

  private enqueue(run: TaskRun, queue: { priority: number; reserved?: boolean }, log: Logger): void {
    const { priority, reserved = false } = queue;
    this.options.scheduler.submit(
      {
        id: run.taskId,
        lane: run.lane,
        priority,
        run: () => this.execute(run, log),
        onPosition: (position, waiting) => this.emit(run, 'queue-position', { position, waiting, lane: run.lane }),
      },
      { reserved },
    );
  }

  private async execute(run: TaskRun, log: Logger): Promise<void> {
    if (run.finished) return;
    const task = this.store.get(run.taskId);
    if (!task) throw new AppError('NOT_FOUND', `no task ${run.taskId}`);
    // running: in the transaction that opens the agent's turn (one commit), else before the agent's first event
    const running = (): void => this.markRunning(run, task);
    try {
      const answer = await this.options.agent.ask({
        traceId: run.traceId,
        approve: (request) => {
          running();
          return this.awaitApproval(run, request, log);
        },
        question: task.question,
        sessionId: task.session_id,
        userId: task.user_id ?? undefined,
        versions: run.versions,
        signal: run.controller.signal,
        onEvent: (event) => {
          running();
          this.onAgentEvent(run, event);
        },
        onTurnStart: running,
        // the closing turn is committed with the task's final state and its audit rows (finish)
        onTurnEnd: (write) => {
          run.closeTurn = write;
        },
      });
      running();
      if (run.handedOver) {
        // the agent reached a critical step: the answer is the hand-over, not the refusal
        const { row, skill } = run.handedOver;
        const handed = boundedAnswer(
          { ...answer, answer: handedOverText(run.language, skill, row.handover_id), skill, error: undefined },
          this.resultMaxBytes,
        );
        const withRecord = { ...handed, handover: row };
        this.emit(run, 'answer', withRecord);
        this.finish(run, 'success', {
          mode: answer.mode,
          skill,
          answer: handed.answer,
          result: JSON.stringify(withRecord),
          error: null,
        });
        log.info({ state: 'success', handover: row.handover_id, skill }, 'task-end');
        return;
      }
      const stored = boundedAnswer(answer, this.resultMaxBytes);
      const error = answer.error ? `${answer.error.code}: ${answer.error.message}` : null;
      const offer = error
        ? this.handoverOffer(run, {
            question: task.question,
            tried: { mode: answer.mode, skill: answer.skill ?? null, error, answer: stored.answer },
            traceId: answer.trace_id,
            data: stored.data,
          })
        : undefined;
      this.finish(run, answer.error ? 'failed' : 'success', {
        mode: answer.mode,
        skill: answer.skill ?? null,
        answer: stored.answer,
        result: offer ? JSON.stringify({ ...stored, handover_offer: offer }) : jsonOfAnswer(stored),
        error,
      });
      log.info(
        {
          state: answer.error ? 'failed' : 'success',
          mode: answer.mode,
          skill: answer.skill,
          agent_trace: answer.trace_id,
          ms: Math.round(performance.now() - run.startedAt),
        },
        'task-end',
      );
    } catch (error) {
      const appError = toAppError(error);
      const cancelled = appError.code === 'CANCELLED' || run.controller.signal.aborted;
      if (!run.errorSent)
        this.emit(run, 'task-error', { code: appError.code, message: appError.message, hint: appError.hint ?? null });
      const reason =
        run.controller.signal.reason instanceof AppError ? run.controller.signal.reason.message : appError.message;
      const failure = cancelled ? reason : `${appError.code}: ${appError.message}`;
      const offer = cancelled
        ? undefined
        : this.handoverOffer(run, {
            question: task.question,
            tried: { mode: null, error: failure },
            traceId: run.traceId ?? null,
            data: undefined,
          });
      this.finish(run, cancelled ? 'cancelled' : 'failed', {
        error: failure,
        ...(offer ? { result: JSON.stringify({ trace_id: run.traceId ?? null, handover_offer: offer }) } : {}),
      });
      if (cancelled) log.info({ state: 'cancelled' }, 'task-end');
      else log.warn({ state: 'failed', code: appError.code, err: appError.message }, 'task-end');
    }
  }

  /** A skill that needs approval, chosen while the question runs: wait in waiting_input for an admin. */
  private awaitApproval(run: TaskRun, request: ApprovalRequest, log: Logger): Promise<boolean> {
    // one approval at a time: calls the model makes at once wait their turn (a task waits for one decision)
    const turn = run.approvalTurn.then(() => this.approvalInTurn(run, request, log));
    run.approvalTurn = turn.catch(() => undefined);
    return turn;
  }

  private approvalInTurn(run: TaskRun, request: ApprovalRequest, log: Logger): Promise<boolean> {
    // a critical step: no approval makes it run unattended; it is handed over to an engineer
    if (request.critical) return Promise.resolve(this.handOverCritical(run, request, log));
    // what the admin approved before it ran, exactly (same skill, version, arguments), for its one run: used up here
    if (run.approvedKeys.delete(approvalKey(request))) return Promise.resolve(true);
    if (run.controller.signal.aborted) return Promise.resolve(false);
    const approval = this.askApproval(run, request, request.question ?? null);
    log.info({ approval: approval.approval_id, skill: request.skill }, 'approval-wait');
    return new Promise<boolean>((resolve, reject) => {
      run.waiting = { approvalId: approval.approval_id, resolve, reject };
    });
  }

  /**
   * The agent reached a critical step: instead of running it unattended, open
   * the hand-over record (question, what was tried, trace id, data seen) in the
   * engineers' queue. Returns false: the skill does not run.
   */
  private handOverCritical(run: TaskRun, request: ApprovalRequest, log: Logger): false {
    const task = this.store.get(run.taskId)!;
    const row = new HandoverStore(this.options.db).open({
      question: task.question,
      tried: describeTried({
        mode: 'critical step',
        skill: request.skill,
        arguments: request.arguments,
        error: `${request.skill} is marked critical: handed over instead of running unattended`,
      }),
      dataSeen: { skill: request.skill, version: request.version, arguments: request.arguments, tools: run.dataSeen },
      note: `critical step: ${request.skill} (${request.description})`,
      requestedBy: 'agent (critical step)',
      sessionId: task.session_id,
      taskId: task.task_id,
      traceId: run.traceId ?? null,
    });
    run.handedOver = { row, skill: request.skill };
    this.emit(run, 'handover-opened', {
      handover_id: row.handover_id,
      skill: request.skill,
      arguments: request.arguments,
      reason: 'critical step',
    });
    log.info({ handover: row.handover_id, skill: request.skill }, 'handover-critical');
    return false;
  }

  /** When the agent could not finish: the hand-over the operator may send, pre-filled (the page offers it). */
  private handoverOffer(
    run: TaskRun,
    facts: { question: string; tried: Parameters<typeof describeTried>[0]; traceId: string | null; data: unknown },
  ): HandoverOffer {
    const offer: HandoverOffer = {
      question: facts.question,
      tried: describeTried(facts.tried),
      trace_id: facts.traceId,
      data_seen: facts.data ?? (run.dataSeen.length ? { tools: run.dataSeen } : null),
    };
    this.emit(run, 'handover-offer', offer);
    return offer;
  }

  private onAgentEvent(run: TaskRun, event: AgentEvent): void {
    const { metrics } = this.options;
    if (event.type === 'token' && !run.log.roomForTokens) return;
    // after a critical step was handed over, the agent's refusal is not the answer: the hand-over is (execute)
    if (run.handedOver && (event.type === 'answer' || event.type === 'error')) return;
    if (event.type === 'step-start') metrics.modelCalls.inc();
    if (event.type === 'tool-call-end') {
      metrics.toolCalls.inc({ tool: event.name, ok: String(event.ok) });
      if (event.cached) metrics.cacheHits.inc();
    }
    if (event.type === 'error') run.errorSent = true;
    const wire = run.wire.map(event);
    if (wire.event === 'tool-call-end' && run.dataSeen.length < MAX_DATA_SEEN) {
      const { tool, arguments: args, ok, result, error } = wire.data;
      run.dataSeen.push({ tool, arguments: args, ok, result: result ?? error ?? null });
    }
    run.log.append(wire);
  }

  /** The task's row becomes running, once (the agent opening its turn, or its first event). */
  private markRunning(run: TaskRun, task: TaskRow): void {
    if (run.running) return;
    this.store.transitionFrom(task, 'running');
    run.running = true;
    this.emit(run, 'task-state', { task_id: run.taskId, state: 'running' });
  }

  private finish(run: TaskRun, state: TaskState, fields: Parameters<TaskStore['transition']>[2]): void {
    if (run.finished) {
      // a closing turn handed over after the task ended (cannot happen today): written all the same
      if (run.closeTurn) this.writeTurn(run);
      return;
    }
    const final = this.commitFinal(run, state, fields);
    this.options.metrics.tasksFinished.inc({ state: final.state });
    this.options.metrics.taskDuration.observe({ lane: run.lane }, (performance.now() - run.startedAt) / 1000);
    this.emit(run, 'task-state', { task_id: run.taskId, state: final.state, error: final.error });
    this.emit(run, 'done', { task_id: run.taskId, state: final.state });
    run.finished = true;
    run.log.close();
    run.settle();
    this.evict();
  }

  /**
   * The task's final state, committed with what must be on disk before it: the audit rows of what it did (after
   * a crash, kill -9, a task is never `success` with its tool calls missing from the audit log) and the agent's
   * closing turn — one commit, where there were three. Should that fail, each is written on its own as before:
   * the turn, the audit rows, then the final state (a task whose answer or audit rows could not be written is not
   * reported as a success).
   */
  private commitFinal(run: TaskRun, state: TaskState, fields: Parameters<TaskStore['transition']>[2]): TaskRow {
    const settle = (flushed: boolean, turnError: unknown): TaskRow => {
      let to = state;
      let update = fields;
      if (to === 'success' && turnError !== undefined) {
        const error = toAppError(turnError);
        to = 'failed';
        update = { ...update, error: `${error.code}: ${error.message}` };
      } else if (to === 'success' && !flushed) {
        to = 'failed';
        update = {
          ...update,
          error:
            'DB_ERROR: the answer is ready, but the audit log could not be written (see the service log); it is not reported as a success',
        };
      }
      const current = this.store.get(run.taskId)!;
      return isFinal(current.state) ? current : this.store.transitionFrom(current, to, update);
    };
    const { audit, db } = this.options;
    if (audit?.flushWith) {
      const closeTurn = run.closeTurn;
      try {
        const final = audit.flushWith(db, (flushed) => {
          closeTurn?.();
          return settle(flushed, undefined);
        });
        run.closeTurn = undefined;
        return final;
      } catch (error) {
        // rolled back (the audit rows wait in the writer's queue again): one write at a time below
        this.options.log.error({ err: error, task: run.taskId }, 'task-commit-failed');
      }
    }
    const turnError = run.closeTurn ? this.writeTurn(run) : undefined;
    return settle(this.flushAudit(run), turnError);
  }

  /** The agent's closing turn on its own; what it threw (logged), if anything. */
  private writeTurn(run: TaskRun): unknown {
    const write = run.closeTurn;
    run.closeTurn = undefined;
    try {
      write?.();
      return undefined;
    } catch (error) {
      this.options.log.error({ err: error, task: run.taskId }, 'turn-write-failed');
      return error;
    }
  }

  private flushAudit(run: TaskRun): boolean {
    try {
      return this.options.audit?.flush() !== false;
    } catch (error) {
      this.options.log.error({ err: error, task: run.taskId }, 'audit-flush-failed');
      return false;
    }
  }

  private emit<E extends WireEventName>(run: TaskRun, event: E, data: WireEvents[E]): void {
    run.log.append(wireEvent(event, data));
  }

  private evict(): void {
    const finished = [...this.runs.values()].filter((run) => run.finished);
    for (const run of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.runs.delete(run.taskId);
    // bounded by bytes too: the oldest finished logs go first (their replay is rebuilt from agent.db)
    let total = this.logBytes;
    for (const run of finished) {
      if (total <= ALL_LOGS_MAX_BYTES) break;
      if (!this.runs.has(run.taskId)) continue;
      this.runs.delete(run.taskId);
      total -= run.log.bytes;
    }
  }

  /** Bytes of the event logs held in memory now. */
  get logBytes(): number {
    let total = 0;
    for (const run of this.runs.values()) total += run.log.bytes;
    return total;
  }
}

/** Wait for `promise` at most `ms`; true when it settled in time. The timer holds the event loop open while it waits. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export type { SessionSlots };

/** The answer when a critical step was handed over, in the question's language. */
function handedOverText(language: Language, skill: string, handoverId: number): string {
  return language === 'zh'
    ? `“${skill}”是关键步骤，不会在无人值守的情况下执行。已转交工程师处理（转交单 #${handoverId}，` +
        '含问题、已尝试的内容、追踪号和所见数据）；工程师的答复会出现在本对话中。'
    : `"${skill}" is a critical step, so it was not run unattended. It has been handed over to an engineer ` +
        `(hand-over #${handoverId}, with the question, what was tried, the trace id and the data seen); ` +
        "the engineer's answer will appear in this conversation.";
}
