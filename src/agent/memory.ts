/**
 * Conversation memory in agent.db (SOURCES.md part A):
 * `conversation_history(session_id, turn, role, content, timestamp)` and
 * `sessions(summary, summarized_through, state, released_at, …)`.
 *
 * - A row is one user question or one assistant answer (the table's `turn`
 *   column); a turn, as `agent.history_turns` counts it, is one exchange: a
 *   question and its answer ("the last 10 turns" = 10 questions with their
 *   answers, 20 rows). The last `agent.history_turns` exchanges go to the
 *   model verbatim; older rows are folded into `sessions.summary`
 *   (`summarized_through` = the last row folded in), within
 *   `agent.summary_token_budget` tokens.
 * - Token estimate (no tokenizer offline): every CJK character counts as one
 *   token, every other character as a third of one (English averages ~4
 *   characters a token, so /3 over-estimates; CJK runs ~1–1.5 characters a
 *   token, so 1 each is close). Over-estimating keeps us inside the budget.
 * - The router's slots of the last routed question live in `sessions.state`
 *   (JSON) for follow-ups ("and line B?").
 * - Sessions idle for `agent.session_idle_minutes` are released: their
 *   in-memory state is dropped and `released_at` set; a later question on the
 *   same id reopens the session from the database.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { SessionSlots } from '../skills/engine-types.js';

export interface Turn {
  turn: number;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
}

export interface Session {
  id: string;
  userId: number | undefined;
  summary: string | null;
  summarizedThrough: number;
  slots: SessionSlots | undefined;
  lastTurn: number;
  /** monotonic ms of the last activity (for idle release) */
  lastActiveMs: number;
  /** true when this question created the session */
  created: boolean;
  /** true when it was released before and reopened from the database */
  reopened: boolean;
}

export interface MemoryContext {
  summary: string | null;
  /** the last `historyTurns` turns, oldest first */
  verbatim: Turn[];
  /** older turns not yet folded into the summary, oldest first */
  toFold: Turn[];
}

export interface SessionMemoryOptions {
  db: SqliteDatabase;
  historyTurns: number;
  summaryTokenBudget: number;
  idleMinutes: number;
  /** sessions held in memory at most (default 1000); beyond, the least recently active are released */
  maxHeld?: number | undefined;
  /** monotonic ms for idle release; injectable for tests */
  clock?: (() => number) | undefined;
  log?: Logger | undefined;
}

/** Sessions held in memory by default: a plant's operators and consoles, many times over. */
const MAX_HELD_SESSIONS = 1000;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff00-\uffef]/gu;

/** Tokens in a text, estimated on the safe side (see the file comment). */
/**
 * The summary budget: agent.summary_token_budget when set, otherwise a
 * thirty-second of the model's context (llm.embedded.context_size), so a
 * 16k-token model keeps a 512-token summary and a 4k one 128 — within 64…8192.
 */
export function summaryTokenBudget(configured: number | null | undefined, contextSize: number): number {
  if (typeof configured === 'number') return configured;
  return Math.min(8192, Math.max(64, Math.floor(contextSize / 32)));
}

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const other = Array.from(text).length - cjk;
  return cjk + Math.ceil(other / 3);
}

/** Cut a text to a token budget, saying so at the end. */
export function fitTokens(text: string, budget: number): string {
  if (estimateTokens(text) <= budget) return text;
  const marker = ' …[shortened]';
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (estimateTokens(characters.slice(0, middle).join('') + marker) <= budget) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('') + marker;
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = /^(.{1,160}?[.!?。！？])(\s|$)/u.exec(flat);
  const sentence = match ? match[1]! : flat.slice(0, 160) + (flat.length > 160 ? '…' : '');
  return sentence;
}

function keyNumbers(text: string, sentence: string): string[] {
  const numbers = text.match(/\b[A-Z]-[A-Z]+-\d+\b|\d{4}-\d{2}-\d{2}|\d+(?:[.,]\d+)?\s?%?/g) ?? [];
  const unique: string[] = [];
  for (const number of numbers) {
    const value = number.trim();
    if (!sentence.includes(value) && !unique.includes(value)) unique.push(value);
    if (unique.length >= 6) break;
  }
  return unique;
}

/**
 * The summary without a model: the previous summary plus, per folded turn,
 * its first sentence and the key numbers elsewhere in it. When the budget is
 * exceeded the oldest lines go first, and the summary says how many.
 */
export function extractiveSummary(previous: string | null, turns: Turn[], budget: number): string {
  const lines = (previous ? previous.split('\n') : []).filter(
    (line) => line.trim().length > 0 && !line.startsWith('(earlier turns omitted'),
  );
  let omitted = Number(/\(earlier turns omitted: (\d+)\)/.exec(previous ?? '')?.[1] ?? 0);
  for (const turn of turns) {
    const sentence = firstSentence(turn.content);
    const numbers = keyNumbers(turn.content, sentence);
    lines.push(
      `${turn.role === 'user' ? 'Q' : 'A'}${turn.turn}: ${sentence}${numbers.length > 0 ? ` [${numbers.join(', ')}]` : ''}`,
    );
  }
  const render = (): string =>
    [omitted > 0 ? `(earlier turns omitted: ${omitted})` : '', ...lines].filter(Boolean).join('\n');
  let text = render();
  while (estimateTokens(text) > budget && lines.length > 1) {
    lines.shift();
    omitted += 1;
    text = render();
  }
  return fitTokens(text, budget);
}

interface SessionRow {
  session_id: string;
  user_id: number | null;
  summary: string | null;
  summarized_through: number;
  state: string | null;
  released_at: string | null;
}

export class SessionMemory {
  /** held in memory, least recently active first */
  private readonly sessions = new Map<string, Session>();
  private readonly clock: () => number;
  private readonly maxHeld: number;

  /** tokens the summary of older turns may take (see summaryTokenBudget) */
  get summaryBudget(): number {
    return this.options.summaryTokenBudget;
  }

  constructor(private readonly options: SessionMemoryOptions) {
    this.clock = options.clock ?? (() => performance.now());
    this.maxHeld = Math.max(1, options.maxHeld ?? MAX_HELD_SESSIONS);
  }

  /** Sessions held in memory now. */
  get openCount(): number {
    return this.sessions.size;
  }

  isOpen(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /**
   * Load (or reopen, or create) a session. `turnFollows`: the caller appends a turn in the same transaction
   * (startTurn), which sets last_active_at itself: a session that was never released is not written twice.
   */
  open(options: { sessionId?: string | undefined; userId?: number | undefined }, turnFollows = false): Session {
    const id = options.sessionId ?? randomUUID();
    if (!SESSION_ID.test(id)) {
      throw new AppError('BAD_REQUEST', `"${id.slice(0, 40)}" is not a valid session id`, {
        hint: 'use 1-100 letters, digits, "_", ".", ":" or "-", starting with a letter or digit; or leave it out for a new session',
      });
    }
    const held = this.sessions.get(id);
    if (held) {
      this.checkOwner(held.userId, options.userId, id);
      this.touch(held);
      held.created = false;
      held.reopened = false;
      return held;
    }
    const db = this.options.db;
    // read-then-write: IMMEDIATE, so the write lock is taken (waiting out busy_timeout) before the read (see append)
    const session = db.transaction(() => this.load(id, options.userId, turnFollows)).immediate();
    this.sessions.set(id, session);
    // a burst of new sessions (each operator's page, every `ask`) must not grow memory: the least recently
    // active beyond the bound are released as if idle (reopened from agent.db when asked again) — a tenth of
    // the bound more at once, so a steady stream of new sessions writes a release every hundred, not each one
    if (this.sessions.size > this.maxHeld)
      this.release(this.oldest(this.sessions.size - this.maxHeld + Math.floor(this.maxHeld / 10)), 'bound');
    return session;
  }

  /** Active now: the map is kept in order of activity, least recent first. */
  private touch(session: Session): void {
    session.lastActiveMs = this.clock();
    if (this.sessions.get(session.id) !== session) return; // released meanwhile: reopened on its next question
    this.sessions.delete(session.id);
    this.sessions.set(session.id, session);
  }

  private oldest(count: number): string[] {
    const ids: string[] = [];
    for (const id of this.sessions.keys()) {
      if (ids.length >= count) break;
      ids.push(id);
    }
    return ids;
  }

  private load(id: string, userId: number | undefined, turnFollows: boolean): Session {
    const db = this.options.db;
    const row = db
      .prepare(
        'SELECT session_id, user_id, summary, summarized_through, state, released_at FROM sessions WHERE session_id = ?',
      )
      .get(id) as SessionRow | undefined;
    const timestamp = now().toISOString();
    let session: Session;
    if (row) {
      this.checkOwner(row.user_id ?? undefined, userId, id);
      if (row.released_at !== null || !turnFollows)
        db.prepare('UPDATE sessions SET released_at = NULL, last_active_at = ? WHERE session_id = ?').run(
          timestamp,
          id,
        );
      const lastTurn = (
        db.prepare('SELECT COALESCE(MAX(turn), 0) AS last FROM conversation_history WHERE session_id = ?').get(id) as {
          last: number;
        }
      ).last;
      session = {
        id,
        userId: row.user_id ?? undefined,
        summary: row.summary,
        summarizedThrough: row.summarized_through,
        slots: parseSlots(row.state),
        lastTurn,
        lastActiveMs: this.clock(),
        created: false,
        reopened: true,
      };
      this.options.log?.debug({ session: id, released: row.released_at }, 'session-reopen');
    } else {
      db.prepare('INSERT INTO sessions (session_id, user_id, created_at, last_active_at) VALUES (?, ?, ?, ?)').run(
        id,
        userId ?? null,
        timestamp,
        timestamp,
      );
      session = {
        id,
        userId,
        summary: null,
        summarizedThrough: 0,
        slots: undefined,
        lastTurn: 0,
        lastActiveMs: this.clock(),
        created: true,
        reopened: false,
      };
    }
    return session;
  }

  /** What the model sees of the past: the summary, the verbatim turns, and the turns waiting to be folded. */
  context(session: Session): MemoryContext {
    const keep = this.options.historyTurns;
    const rows = this.options.db
      .prepare(
        'SELECT turn, role, content, timestamp FROM conversation_history WHERE session_id = ? AND turn > ? ORDER BY turn',
      )
      .all(session.id, session.summarizedThrough) as Turn[];
    const turns = rows.filter((row) => row.role === 'user' || row.role === 'assistant');
    // the last `keep` exchanges: from the keep-th last question on (an answer without its question goes too)
    let split = turns.length;
    let questions = 0;
    while (split > 0 && questions < keep) {
      split -= 1;
      if (turns[split]!.role === 'user') questions += 1;
    }
    if (keep > 0 && questions < keep) split = 0;
    return { summary: session.summary, verbatim: turns.slice(split), toFold: turns.slice(0, split) };
  }

  /**
   * One turn, numbered after the last. The read (MAX(turn)) and the writes are
   * one IMMEDIATE transaction: a DEFERRED one would take its read snapshot
   * first, and upgrading it to a write while another connection (the audit
   * writer, another process) writes agent.db fails at once with "database is
   * locked" — SQLite cannot wait there without risking a deadlock. IMMEDIATE
   * takes the write lock up front, where busy_timeout applies.
   */
  append(session: Session, role: 'user' | 'assistant', content: string): number {
    const timestamp = now().toISOString();
    const db = this.options.db;
    const turn = db
      .transaction(() => {
        const next = (
          db
            .prepare('SELECT COALESCE(MAX(turn), 0) + 1 AS next FROM conversation_history WHERE session_id = ?')
            .get(session.id) as { next: number }
        ).next;
        db.prepare(
          'INSERT INTO conversation_history (session_id, turn, role, content, timestamp) VALUES (?, ?, ?, ?, ?)',
        ).run(session.id, next, role, content, timestamp);
        db.prepare('UPDATE sessions SET last_active_at = ?, title = COALESCE(title, ?) WHERE session_id = ?').run(
          timestamp,
          role === 'user' ? content.slice(0, 80) : null,
          session.id,
        );
        return next;
      })
      .immediate();
    session.lastTurn = turn;
    this.touch(session);
    return turn;
  }

  /**
   * The start of a question: the session opened (or created), what the prompts need of its history, and
   * the question's turn — one transaction (see finishTurn). No question (the call was cancelled already):
   * the session only. `alongside`: the caller's own write that goes with it, in the same transaction.
   */
  startTurn(
    options: { sessionId?: string | undefined; userId?: number | undefined },
    question: string | undefined,
    alongside?: () => void,
  ): { session: Session; history?: MemoryContext } {
    return this.options.db
      .transaction(() => {
        alongside?.();
        const session = this.open(options, question !== undefined);
        if (question === undefined) return { session };
        const history = this.context(session);
        this.append(session, 'user', question);
        return { session, history };
      })
      .immediate();
  }

  /**
   * The end of a question: its slots (when it has any) and the answer's turn, in one transaction (a commit
   * is the larger part of a small write: seven single-row writes took 2.2 ms as seven transactions and
   * 0.8 ms as one on these 2 cores).
   */
  finishTurn(session: Session, end: { slots?: SessionSlots | undefined; answer: string }): number {
    return this.options.db
      .transaction(() => {
        if (end.slots) this.saveSlots(session, end.slots);
        return this.append(session, 'assistant', end.answer);
      })
      .immediate();
  }

  saveSlots(session: Session, slots: SessionSlots | undefined): void {
    session.slots = slots;
    this.options.db
      .prepare('UPDATE sessions SET state = ? WHERE session_id = ?')
      .run(slots ? JSON.stringify({ slots }) : null, session.id);
  }

  saveSummary(session: Session, summary: string, through: number): void {
    const fitted = fitTokens(summary, this.options.summaryTokenBudget);
    session.summary = fitted;
    session.summarizedThrough = through;
    this.options.db
      .prepare('UPDATE sessions SET summary = ?, summarized_through = ? WHERE session_id = ?')
      .run(fitted, through, session.id);
  }

  /** Release sessions idle for longer than the configured minutes; returns their ids. */
  releaseIdle(): string[] {
    const limit = this.options.idleMinutes * 60_000;
    const current = this.clock();
    const released: string[] = [];
    // least recently active first (see touch): the first one still active ends the scan
    for (const [id, session] of this.sessions) {
      if (current - session.lastActiveMs < limit) break;
      released.push(id);
    }
    return this.release(released, 'idle');
  }

  /** Drop sessions from memory and mark them released in agent.db (their summary and slots are kept there). */
  private release(released: string[], reason: 'idle' | 'bound'): string[] {
    for (const id of released) this.sessions.delete(id);
    if (released.length > 0) {
      const timestamp = now().toISOString();
      const update = this.options.db.prepare('UPDATE sessions SET released_at = ? WHERE session_id = ?');
      this.options.db
        .transaction(() => {
          for (const id of released) update.run(timestamp, id);
        })
        .immediate();
      // past the bound it happens on every new session of a burst: not worth a line each at info
      if (reason === 'idle') this.options.log?.info({ sessions: released.length, reason }, 'sessions-released');
      else this.options.log?.debug({ sessions: released.length, reason }, 'sessions-released');
    }
    return released;
  }

  /** Start a new session for the same user (chat `/reset`). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  private checkOwner(owner: number | undefined, asking: number | undefined, id: string): void {
    if (owner !== undefined && asking !== undefined && owner !== asking) {
      throw new AppError('FORBIDDEN', `session ${id} belongs to another user`, {
        hint: 'start a new session (leave the session id out)',
      });
    }
  }
}

function parseSlots(state: string | null): SessionSlots | undefined {
  if (!state) return undefined;
  try {
    const parsed = JSON.parse(state) as { slots?: SessionSlots };
    return parsed.slots;
  } catch {
    return undefined;
  }
}
