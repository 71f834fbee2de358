/**
 * Admin approvals in agent.db (`approvals`): a skill marked needs_approval
 * asks for one per task; each is decided once (approved or rejected by an
 * admin), or expires, or is rejected when the service stops. Every write to
 * the table is here.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';

export interface ApprovalRow {
  approval_id: string;
  task_id: string;
  skill: string;
  arguments: string;
  reason: string | null;
  state: 'pending' | 'approved' | 'rejected';
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
}

export type ApprovalListRow = ApprovalRow & { question: string; username: string | null; session_id: string };

export class ApprovalStore {
  constructor(private readonly db: SqliteDatabase) {}

  create(options: { taskId: string; skill: string; arguments: Record<string, unknown>; reason: string }): ApprovalRow {
    const id = randomUUID();
    this.db
      .prepare(
        "INSERT INTO approvals (approval_id, task_id, skill, arguments, reason, state, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)",
      )
      .run(id, options.taskId, options.skill, JSON.stringify(options.arguments), options.reason, now().toISOString());
    return this.get(id)!;
  }

  get(approvalId: string): ApprovalRow | undefined {
    return this.db.prepare('SELECT * FROM approvals WHERE approval_id = ?').get(approvalId) as ApprovalRow | undefined;
  }

  /** The task's latest approval. */
  ofTask(taskId: string): ApprovalRow | undefined {
    return this.db.prepare('SELECT * FROM approvals WHERE task_id = ? ORDER BY created_at DESC LIMIT 1').get(taskId) as
      ApprovalRow | undefined;
  }

  list(state: ApprovalRow['state'] | undefined, limit = 100): ApprovalListRow[] {
    return this.db
      .prepare(
        `SELECT approvals.*, tasks.question, tasks.session_id, users.username FROM approvals
         JOIN tasks USING (task_id) LEFT JOIN users ON users.user_id = tasks.user_id
         WHERE (@state IS NULL OR approvals.state = @state) ORDER BY approvals.created_at DESC LIMIT @limit`,
      )
      .all({ state: state ?? null, limit }) as ApprovalListRow[];
  }

  /**
   * An admin decides a pending approval once; a second decision is refused.
   * Nobody approves their own request (they may reject it: withdraw it).
   */
  decide(approvalId: string, options: { approved: boolean; userId: number; reason?: string | undefined }): ApprovalRow {
    if (options.approved) {
      const asker = this.db
        .prepare('SELECT tasks.user_id AS user_id FROM approvals JOIN tasks USING (task_id) WHERE approval_id = ?')
        .get(approvalId) as { user_id: number | null } | undefined;
      if (asker && asker.user_id === options.userId)
        throw new AppError('FORBIDDEN', 'an admin cannot approve their own request', {
          hint: 'another admin must approve it (or reject it to withdraw the request)',
          details: { approval: approvalId },
        });
    }
    const changes = this.db
      .prepare(
        "UPDATE approvals SET state = ?, decided_by = ?, decided_at = ?, reason = COALESCE(?, reason) WHERE approval_id = ? AND state = 'pending'",
      )
      .run(
        options.approved ? 'approved' : 'rejected',
        options.userId,
        now().toISOString(),
        options.reason ?? null,
        approvalId,
      ).changes;
    const row = this.get(approvalId);
    if (!row)
      throw new AppError('NOT_FOUND', `no approval ${approvalId}`, {
        hint: 'list pending approvals with GET /api/approvals',
      });
    if (changes !== 1)
      throw new AppError(
        'BAD_REQUEST',
        `approval ${approvalId} was already ${row.state}${row.decided_by === null && row.reason ? ` (${row.reason})` : ''}`,
        { details: { state: row.state } },
      );
    return row;
  }

  /**
   * A pending approval rejected by nobody, with the reason (it expired, the
   * service stopped); false when it was decided already.
   */
  reject(approvalId: string, reason: string): boolean {
    return (
      this.db
        .prepare(
          "UPDATE approvals SET state = 'rejected', decided_at = ?, reason = ? WHERE approval_id = ? AND state = 'pending'",
        )
        .run(now().toISOString(), reason, approvalId).changes === 1
    );
  }

  /** At start-up: approvals a previous process left pending can never be acted on; rejected, keeping their reason. */
  rejectAllPending(reason: string): number {
    return this.db
      .prepare(
        "UPDATE approvals SET state = 'rejected', decided_at = ?, reason = COALESCE(reason, ?) WHERE state = 'pending'",
      )
      .run(now().toISOString(), reason).changes;
  }
}
