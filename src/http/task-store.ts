/**
 * Tasks in agent.db, with the task state machine (SOURCES.md
 * part D): pending → running → success | failed | cancelled, and
 * waiting_input for a skill that needs an admin's approval. Transitions not
 * in the table are refused; each one is a compare-and-set on the stored state,
 * so two writers cannot both move a task.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { TASK_STATES, type TaskState } from '../types/wire.js';

export { TASK_STATES, type TaskState };

export const TRANSITIONS: Record<TaskState, readonly TaskState[]> = {
  pending: ['running', 'waiting_input', 'cancelled', 'failed'],
  // waiting_input → pending: approved before it ran; → running: approved while it ran (the model chose the skill)
  waiting_input: ['pending', 'running', 'cancelled', 'failed'],
  running: ['success', 'failed', 'cancelled', 'waiting_input'],
  success: [],
  failed: [],
  cancelled: [],
};

export function isFinal(state: TaskState): boolean {
  return TRANSITIONS[state].length === 0;
}

export function canTransition(from: TaskState, to: TaskState): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface TaskRow {
  task_id: string;
  session_id: string;
  user_id: number | null;
  question: string;
  priority: number;
  state: TaskState;
  mode: string | null;
  skill: string | null;
  answer: string | null;
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export class TaskStore {
  constructor(private readonly db: SqliteDatabase) {}

  create(options: { sessionId: string; userId: number | null; question: string; priority: number }): TaskRow {
    const timestamp = now().toISOString();
    const taskId = randomUUID();
    return this.db
      .prepare(
        'INSERT INTO tasks (task_id, session_id, user_id, question, priority, state, created_at, updated_at) ' +
          "VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *",
      )
      .get(
        taskId,
        options.sessionId,
        options.userId,
        options.question,
        options.priority,
        timestamp,
        timestamp,
      ) as TaskRow;
  }

  get(taskId: string): TaskRow | undefined {
    return this.db.prepare('SELECT * FROM tasks WHERE task_id = ?').get(taskId) as TaskRow | undefined;
  }

  /** Move a task; refuses transitions the machine does not allow and lost races. */
  transition(
    taskId: string,
    to: TaskState,
    fields: {
      mode?: string | null;
      skill?: string | null;
      answer?: string | null;
      result?: string | null;
      error?: string | null;
    } = {},
  ): TaskRow {
    const task = this.get(taskId);
    if (!task) throw new AppError('NOT_FOUND', `no task ${taskId}`);
    return this.transitionFrom(task, to, fields);
  }

  /** transition() from the row the caller has just read (saves reading it again); a stale one is read again */
  transitionFrom(task: TaskRow, to: TaskState, fields: Parameters<TaskStore['transition']>[2] = {}): TaskRow {
    const taskId = task.task_id;
    if (!canTransition(task.state, to)) {
      throw new AppError('BAD_REQUEST', `task ${taskId} is ${task.state}; it cannot become ${to}`, {
        hint: isFinal(task.state)
          ? 'the task has finished; ask again for a new answer'
          : `from ${task.state} it may become: ${TRANSITIONS[task.state].join(', ')}`,
        details: { state: task.state },
      });
    }
    // the row as it is now, in the same statement (RETURNING): none when another move won the race
    const moved = this.db
      .prepare(
        `UPDATE tasks SET state = @to, updated_at = @updated_at,
           mode = COALESCE(@mode, mode), skill = COALESCE(@skill, skill), answer = COALESCE(@answer, answer),
           result = COALESCE(@result, result), error = COALESCE(@error, error)
         WHERE task_id = @task_id AND state = @from RETURNING *`,
      )
      .get({
        to,
        from: task.state,
        task_id: taskId,
        updated_at: now().toISOString(),
        mode: fields.mode ?? null,
        skill: fields.skill ?? null,
        answer: fields.answer ?? null,
        result: fields.result ?? null,
        error: fields.error ?? null,
      }) as TaskRow | undefined;
    return moved ?? this.transition(taskId, to, fields);
  }

  listBySession(sessionId: string, limit = 200): TaskRow[] {
    return (
      this.db
        .prepare('SELECT * FROM tasks WHERE session_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
        .all(sessionId, limit) as TaskRow[]
    ).reverse();
  }

  countByState(): Record<TaskState, number> {
    const counts = Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as Record<TaskState, number>;
    for (const row of this.db.prepare('SELECT state, COUNT(*) AS n FROM tasks GROUP BY state').all() as Array<{
      state: TaskState;
      n: number;
    }>)
      counts[row.state] = row.n;
    return counts;
  }

  /** At start-up: tasks a previous process left unfinished can never finish; say so (their approvals: ApprovalStore.rejectAllPending). */
  failOrphans(reason: string): number {
    return this.db
      .prepare(
        "UPDATE tasks SET state = 'failed', error = ?, updated_at = ? WHERE state IN ('pending', 'running', 'waiting_input')",
      )
      .run(reason, now().toISOString()).changes;
  }
}
