/**
 * Sessions as the API sees them: rows of `sessions` owned by a user (the
 * agent's memory fills their history). Operators see their own sessions;
 * admins see everyone's.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SessionSlots } from '../skills/engine-types.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { User } from './accounts.js';

interface SessionRow {
  session_id: string;
  user_id: number | null;
  title: string | null;
  state: string | null;
  created_at: string;
  last_active_at: string;
}

export interface SessionSummary {
  session_id: string;
  title: string | null;
  username: string | null;
  created_at: string;
  last_active_at: string;
  tasks: number;
}

function slotsOf(state: string | null): SessionSlots | undefined {
  if (!state) return undefined;
  try {
    const parsed = JSON.parse(state) as { slots?: SessionSlots };
    return parsed.slots ?? undefined;
  } catch {
    return undefined;
  }
}

function owned(row: SessionRow | undefined, user: User, sessionId: string): SessionRow {
  if (!row || (user.role !== 'admin' && row.user_id !== user.user_id)) {
    throw new AppError('NOT_FOUND', `no session ${sessionId.slice(0, 100)}`, {
      hint: 'create one with POST /api/sessions, or leave session_id out to start a new one',
    });
  }
  return row;
}

export function createSession(db: SqliteDatabase, options: { user: User; title?: string | undefined }): SessionSummary {
  const id = randomUUID();
  const timestamp = now().toISOString();
  db.prepare(
    'INSERT INTO sessions (session_id, user_id, title, created_at, last_active_at) VALUES (?, ?, ?, ?, ?)',
  ).run(id, options.user.user_id, options.title ?? null, timestamp, timestamp);
  return {
    session_id: id,
    title: options.title ?? null,
    username: options.user.username,
    created_at: timestamp,
    last_active_at: timestamp,
    tasks: 0,
  };
}

/** The session to ask in: an existing one the user owns, or a new one. */
export function ensureSession(
  db: SqliteDatabase,
  options: { sessionId?: string | undefined; user: User },
): { id: string; slots: SessionSlots | undefined } {
  if (options.sessionId === undefined)
    return { id: createSession(db, { user: options.user }).session_id, slots: undefined };
  const row = owned(
    db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(options.sessionId) as SessionRow | undefined,
    options.user,
    options.sessionId,
  );
  return { id: row.session_id, slots: slotsOf(row.state) };
}

export function listSessions(
  db: SqliteDatabase,
  options: { user: User; limit: number; all: boolean },
): SessionSummary[] {
  return db
    .prepare(
      `SELECT sessions.session_id, sessions.title, users.username, sessions.created_at, sessions.last_active_at,
              (SELECT COUNT(*) FROM tasks WHERE tasks.session_id = sessions.session_id) AS tasks
       FROM sessions LEFT JOIN users ON users.user_id = sessions.user_id
       WHERE (@all = 1 OR sessions.user_id = @user)
       ORDER BY sessions.last_active_at DESC LIMIT @limit`,
    )
    .all({
      all: options.all && options.user.role === 'admin' ? 1 : 0,
      user: options.user.user_id,
      limit: options.limit,
    }) as SessionSummary[];
}

export function sessionMessages(
  db: SqliteDatabase,
  options: { user: User; sessionId: string },
): {
  session_id: string;
  title: string | null;
  messages: Array<{ turn: number; role: string; content: string; timestamp: string }>;
} {
  const row = owned(
    db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(options.sessionId) as SessionRow | undefined,
    options.user,
    options.sessionId,
  );
  const messages = db
    .prepare(
      "SELECT turn, role, content, timestamp FROM conversation_history WHERE session_id = ? AND role IN ('user', 'assistant') ORDER BY turn",
    )
    .all(row.session_id) as Array<{ turn: number; role: string; content: string; timestamp: string }>;
  return { session_id: row.session_id, title: row.title, messages };
}

export function requireSession(db: SqliteDatabase, options: { user: User; sessionId: string }): void {
  owned(
    db.prepare('SELECT * FROM sessions WHERE session_id = ?').get(options.sessionId) as SessionRow | undefined,
    options.user,
    options.sessionId,
  );
}
