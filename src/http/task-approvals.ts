/**
 * The approvals of the task manager's runs: asked for in one place (before a
 * question runs, when the router picked a gated skill, or while it runs, when
 * the model did), bound to the exact skill, version and arguments, and
 * expiring after server.approval_timeout_s on a monotonic timer (a wall-clock
 * jump neither expires nor keeps them). The rows: ApprovalStore.
 */
import type { ApprovalRequest } from '../skills/engine-types.js';
import { approvalKey } from '../skills/approval.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { ApprovalStore, type ApprovalRow } from './approval-store.js';
import type { TaskRun } from './task-run.js';

export class TaskApprovals {
  readonly store: ApprovalStore;
  /** pending approvals → their expiry timers */
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  constructor(
    db: SqliteDatabase,
    private readonly options: {
      timeoutMs: number;
      onExpire: (approvalId: string, taskId: string, reason: string) => void;
    },
  ) {
    this.store = new ApprovalStore(db);
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Ask an admin: the row, what it binds (kept on the run), and its expiry. */
  ask(run: TaskRun, request: ApprovalRequest): ApprovalRow {
    const approval = this.store.create({
      taskId: run.taskId,
      skill: request.skill,
      arguments: request.arguments,
      reason: `${request.skill} ${request.version} is marked as needing an admin's approval`,
    });
    run.bindings.set(approval.approval_id, approvalKey(request));
    const timer = setTimeout(() => this.expire(approval.approval_id, run.taskId), this.options.timeoutMs);
    timer.unref();
    this.expiries.set(approval.approval_id, timer);
    return approval;
  }

  /** An admin's decision (once): the expiry is disarmed; an approval adds what it binds to the run's approved keys. */
  decide(approvalId: string, options: { approved: boolean; userId: number; reason?: string | undefined }): ApprovalRow {
    const approval = this.store.decide(approvalId, options);
    this.disarm(approvalId);
    return approval;
  }

  /** Record that `run` may now run what `approvalId` bound — once: the run that uses it consumes it. */
  grant(run: TaskRun, approvalId: string): void {
    const binding = run.bindings.get(approvalId);
    if (binding) run.approvedKeys.add(binding);
  }

  /** The task's latest approval rejected by nobody (the service stops), when it is still pending. */
  rejectPendingOf(taskId: string, reason: string): void {
    const approval = this.store.ofTask(taskId);
    if (approval?.state === 'pending') {
      this.store.reject(approval.approval_id, reason);
      this.disarm(approval.approval_id);
    }
  }

  /** Stop every expiry timer (shutdown). */
  clear(): void {
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }

  private disarm(approvalId: string): void {
    clearTimeout(this.expiries.get(approvalId));
    this.expiries.delete(approvalId);
  }

  private expire(approvalId: string, taskId: string): void {
    this.expiries.delete(approvalId);
    const minutes = Math.round(this.options.timeoutMs / 6000) / 10;
    const reason = `the approval expired: no admin decided within ${minutes} min`;
    if (!this.store.reject(approvalId, reason)) return;
    this.options.onExpire(approvalId, taskId, reason);
  }
}
