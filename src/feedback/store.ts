/**
 * Feedback and hand-overs in agent.db.
 *
 * - feedback: an operator marks an answer right or wrong, with an optional
 *   correction; an engineer's hand-over answer counts as a correction too
 *   (source 'handover'). An admin reviews it (what the right answer is: the
 *   skill and arguments that answer it, words the answer must contain) or
 *   dismisses it. A reviewed item exports as an agent-test case
 *   (`exportCases`) and can teach a phrasing (src/skills/router/taught.ts).
 * - handovers: a question the agent could not finish (or a critical step)
 *   handed to an engineer: the question, what was tried, the trace id, the
 *   data seen; the engineer answers and records what they did. The operator
 *   sees the answer in the same conversation (conversation_history).
 */
import { Document, visit } from 'yaml';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';

export interface FeedbackRow {
  feedback_id: number;
  session_id: string | null;
  task_id: string | null;
  trace_id: string | null;
  question: string;
  answer: string | null;
  skill: string | null;
  arguments: Record<string, unknown> | null;
  verdict: 'right' | 'wrong';
  correction: string | null;
  source: 'operator' | 'handover';
  given_by: string | null;
  state: 'new' | 'reviewed' | 'dismissed';
  expected_skill: string | null;
  expected_args: Record<string, unknown> | null;
  expected_output: string[] | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

export interface HandoverRow {
  handover_id: number;
  session_id: string | null;
  task_id: string | null;
  trace_id: string | null;
  question: string;
  tried: string;
  data_seen: unknown;
  note: string | null;
  requested_by: string | null;
  state: 'open' | 'answered';
  engineer: string | null;
  answer: string | null;
  action_taken: string | null;
  created_at: string;
  answered_at: string | null;
}

const json = (value: string | null): any => (value === null ? null : JSON.parse(value));

/** The data seen, as JSON of at most 20,000 characters; past that, a marked preview (JSON, never cut mid-value). */
function dataSeenJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length <= 20000) return text;
  return JSON.stringify({ truncated: true, chars: text.length, preview: text.slice(0, 19000) });
}

/** "What was tried", as a hand-over record keeps it: the mode, the skill and its arguments, the error, the answer. */
export function describeTried(facts: {
  mode?: string | null | undefined;
  skill?: string | null | undefined;
  arguments?: Record<string, unknown> | null | undefined;
  error?: string | null | undefined;
  answer?: string | null | undefined;
}): string {
  return [
    `mode: ${facts.mode ?? 'unfinished'}`,
    facts.skill ? `skill: ${facts.skill} ${JSON.stringify(facts.arguments ?? {})}` : 'no skill',
    facts.error ? `error: ${facts.error}` : null,
    facts.answer ? `answer: ${facts.answer.slice(0, 1500)}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

function feedbackOf(row: Record<string, unknown>): FeedbackRow {
  return {
    ...(row as unknown as FeedbackRow),
    arguments: json(row.arguments as string | null),
    expected_args: json(row.expected_args as string | null),
    expected_output: json(row.expected_output as string | null),
  };
}

function handoverOf(row: Record<string, unknown>): HandoverRow {
  return { ...(row as unknown as HandoverRow), data_seen: json(row.data_seen as string | null) };
}

/** What a finished task said, to attach to feedback or a hand-over. */
export interface TaskFacts {
  task_id: string;
  session_id: string;
  question: string;
  answer: string | null;
  skill: string | null;
  arguments: Record<string, unknown> | null;
  trace_id: string | null;
  mode: string | null;
  error: string | null;
  data: unknown;
  /** the answer's chart series (as stored; read with chartsOf) */
  charts: unknown;
  /** the hand-over the task offered when it could not finish (pre-filled), if any */
  handover_offer?: { question: string; tried: string; trace_id: string | null; data_seen: unknown } | undefined;
}

/** A task's question, answer, skill and arguments from the tasks table (result JSON). */
export function taskFacts(db: SqliteDatabase, taskId: string): TaskFacts | undefined {
  const row = db
    .prepare('SELECT task_id, session_id, question, answer, skill, mode, error, result FROM tasks WHERE task_id = ?')
    .get(taskId) as
    | {
        task_id: string;
        session_id: string;
        question: string;
        answer: string | null;
        skill: string | null;
        mode: string | null;
        error: string | null;
        result: string | null;
      }
    | undefined;
  if (!row) return undefined;
  let result: Record<string, any> = {};
  try {
    result = row.result ? (JSON.parse(row.result) as Record<string, any>) : {};
  } catch {
    result = {};
  }
  const skillCall = Array.isArray(result.tool_calls)
    ? result.tool_calls.find((call: any) => call?.name === row.skill)
    : undefined;
  return {
    task_id: row.task_id,
    session_id: row.session_id,
    question: row.question,
    answer: row.answer,
    skill: row.skill,
    arguments: (result.arguments ?? skillCall?.arguments ?? null) as Record<string, unknown> | null,
    trace_id: (result.trace_id as string | undefined) ?? null,
    mode: row.mode,
    error: row.error,
    data: result.data ?? null,
    charts: result.charts ?? null,
    handover_offer:
      result.handover_offer && typeof result.handover_offer.tried === 'string' ? result.handover_offer : undefined,
  };
}

export class FeedbackStore {
  constructor(private readonly db: SqliteDatabase) {}

  add(options: {
    question: string;
    answer?: string | null | undefined;
    skill?: string | null | undefined;
    arguments?: Record<string, unknown> | null | undefined;
    verdict: 'right' | 'wrong';
    correction?: string | null | undefined;
    source?: 'operator' | 'handover';
    givenBy: string | null;
    sessionId?: string | null | undefined;
    taskId?: string | null | undefined;
    traceId?: string | null | undefined;
  }): FeedbackRow {
    if (!options.question.trim()) throw new AppError('BAD_REQUEST', 'feedback needs the question it is about');
    if (options.correction && options.correction.length > 4000)
      throw new AppError('BAD_REQUEST', 'the correction is longer than 4000 characters', {
        hint: 'say what the right answer is in a few sentences',
      });
    const result = this.db
      .prepare(
        `INSERT INTO feedback (session_id, task_id, trace_id, question, answer, skill, arguments, verdict, correction, source, given_by, state, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?)`,
      )
      .run(
        options.sessionId ?? null,
        options.taskId ?? null,
        options.traceId ?? null,
        options.question,
        options.answer ?? null,
        options.skill ?? null,
        options.arguments ? JSON.stringify(options.arguments) : null,
        options.verdict,
        options.correction?.trim() || null,
        options.source ?? 'operator',
        options.givenBy,
        now().toISOString(),
      );
    return this.get(Number(result.lastInsertRowid))!;
  }

  get(id: number): FeedbackRow | undefined {
    const row = this.db.prepare('SELECT * FROM feedback WHERE feedback_id = ?').get(id) as
      Record<string, unknown> | undefined;
    return row ? feedbackOf(row) : undefined;
  }

  list(options: { state?: string | undefined; limit?: number } = {}): FeedbackRow[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
    const rows = (
      options.state
        ? this.db
            .prepare('SELECT * FROM feedback WHERE state = ? ORDER BY feedback_id DESC LIMIT ?')
            .all(options.state, limit)
        : this.db.prepare('SELECT * FROM feedback ORDER BY feedback_id DESC LIMIT ?').all(limit)
    ) as Array<Record<string, unknown>>;
    return rows.map(feedbackOf);
  }

  review(
    id: number,
    options: {
      reviewer: string;
      dismiss?: boolean;
      expectedSkill?: string | null | undefined;
      expectedArgs?: Record<string, unknown> | null | undefined;
      expectedOutput?: string[] | null | undefined;
    },
  ): FeedbackRow {
    const current = this.get(id);
    if (!current)
      throw new AppError('NOT_FOUND', `no feedback #${id}`, { hint: 'airgap-agent feedback list shows them' });
    if (
      !options.dismiss &&
      !options.expectedSkill &&
      !(options.expectedOutput && options.expectedOutput.length) &&
      current.verdict === 'wrong'
    ) {
      throw new AppError(
        'BAD_REQUEST',
        `feedback #${id} says the answer was wrong: say what is right (the skill that answers it, or words the right answer contains), or dismiss it`,
        {
          hint: 'e.g. feedback review 3 --skill weekly_report --args \'{"period":"$period"}\' --expect "周报"',
        },
      );
    }
    this.db
      .prepare(
        'UPDATE feedback SET state = ?, expected_skill = ?, expected_args = ?, expected_output = ?, reviewed_by = ?, reviewed_at = ? WHERE feedback_id = ?',
      )
      .run(
        options.dismiss ? 'dismissed' : 'reviewed',
        options.expectedSkill ?? (current.verdict === 'right' ? current.skill : null),
        options.expectedArgs
          ? JSON.stringify(options.expectedArgs)
          : current.verdict === 'right' && current.arguments
            ? JSON.stringify(current.arguments)
            : null,
        options.expectedOutput && options.expectedOutput.length ? JSON.stringify(options.expectedOutput) : null,
        options.reviewer,
        now().toISOString(),
        id,
      );
    return this.get(id)!;
  }
}

export class HandoverStore {
  constructor(private readonly db: SqliteDatabase) {}

  open(options: {
    question: string;
    tried: string;
    dataSeen?: unknown;
    note?: string | null | undefined;
    requestedBy: string | null;
    sessionId?: string | null | undefined;
    taskId?: string | null | undefined;
    traceId?: string | null | undefined;
  }): HandoverRow {
    if (!options.question.trim()) throw new AppError('BAD_REQUEST', 'a hand-over needs the question');
    if (options.taskId) {
      const existing = this.db
        .prepare("SELECT handover_id FROM handovers WHERE task_id = ? AND state = 'open'")
        .get(options.taskId) as { handover_id: number } | undefined;
      if (existing) return this.get(existing.handover_id)!;
    }
    const result = this.db
      .prepare(
        `INSERT INTO handovers (session_id, task_id, trace_id, question, tried, data_seen, note, requested_by, state, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
      )
      .run(
        options.sessionId ?? null,
        options.taskId ?? null,
        options.traceId ?? null,
        options.question,
        options.tried,
        options.dataSeen === undefined ? null : dataSeenJson(options.dataSeen),
        options.note?.trim() || null,
        options.requestedBy,
        now().toISOString(),
      );
    return this.get(Number(result.lastInsertRowid))!;
  }

  get(id: number): HandoverRow | undefined {
    const row = this.db.prepare('SELECT * FROM handovers WHERE handover_id = ?').get(id) as
      Record<string, unknown> | undefined;
    return row ? handoverOf(row) : undefined;
  }

  list(options: { state?: string | undefined; sessionId?: string | undefined; limit?: number } = {}): HandoverRow[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
    const where: string[] = [];
    const params: unknown[] = [];
    if (options.state) (where.push('state = ?'), params.push(options.state));
    if (options.sessionId) (where.push('session_id = ?'), params.push(options.sessionId));
    const rows = this.db
      .prepare(
        `SELECT * FROM handovers ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY handover_id DESC LIMIT ?`,
      )
      .all(...params, limit) as Array<Record<string, unknown>>;
    return rows.map(handoverOf);
  }

  /**
   * The engineer's answer: recorded on the hand-over, appended to the
   * operator's conversation, and kept as a correction (feedback, source 'handover').
   */
  answer(
    id: number,
    options: { engineer: string; answer: string; actionTaken?: string | null | undefined },
  ): HandoverRow {
    const current = this.get(id);
    if (!current) throw new AppError('NOT_FOUND', `no hand-over #${id}`);
    if (current.state === 'answered')
      throw new AppError('ALREADY_EXISTS', `hand-over #${id} was already answered by ${current.engineer}`, {
        hint: 'add to it in the conversation instead',
      });
    if (!options.answer.trim())
      throw new AppError('BAD_REQUEST', 'the answer is empty', { hint: 'say what the operator should know or do' });
    const at = now().toISOString(); // the plant clock (--now), like every other stamp
    this.db.transaction(() => {
      this.db
        .prepare(
          "UPDATE handovers SET state = 'answered', engineer = ?, answer = ?, action_taken = ?, answered_at = ? WHERE handover_id = ?",
        )
        .run(options.engineer, options.answer.trim(), options.actionTaken?.trim() || null, at, id);
      if (current.session_id) {
        const turn =
          (
            this.db
              .prepare('SELECT COALESCE(MAX(turn), 0) AS turn FROM conversation_history WHERE session_id = ?')
              .get(current.session_id) as { turn: number }
          ).turn + 1;
        const text =
          `[engineer ${options.engineer}] ` +
          `${options.answer.trim()}` +
          `${options.actionTaken?.trim() ? `\n(what was done: ${options.actionTaken.trim()})` : ''}`;
        this.db
          .prepare(
            "INSERT INTO conversation_history (session_id, turn, role, content, timestamp) VALUES (?, ?, 'assistant', ?, ?)",
          )
          .run(current.session_id, turn, text, at);
      }
      new FeedbackStore(this.db).add({
        question: current.question,
        verdict: 'wrong',
        correction: options.answer.trim(),
        source: 'handover',
        givenBy: options.engineer,
        sessionId: current.session_id,
        taskId: current.task_id,
        traceId: current.trace_id,
      });
    })();
    return this.get(id)!;
  }
}

/**
 * Characters a YAML 1.1 parser (PyYAML …) does not read back as themselves in
 * a plain or single-quoted scalar: NEL, U+2028 and U+2029 are line breaks
 * there, a tab may not start or sit in a plain scalar, a BOM and C1 controls
 * are refused or dropped.
 */
const YAML11_UNSAFE = /[\t\u0080-\u009f\u2028\u2029\ufeff]/;
const YAML11_ESCAPES: Record<string, string> = { '\t': '\\t', '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/**
 * YAML that YAML 1.1 parsers read back exactly, not only YAML 1.2 ones: a
 * string holding such a character is written double-quoted with it escaped
 * (\t \N \L \P \uXXXX, the same in both versions), never raw.
 */
function yaml11Safe(value: unknown): string {
  const document = new Document(value);
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && YAML11_UNSAFE.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  // lineWidth 0: no folding, so every such character left sits inside one of those double-quoted scalars
  return document
    .toString({ lineWidth: 0 })
    .replace(
      new RegExp(YAML11_UNSAFE.source, 'g'),
      (char) => YAML11_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/** Reviewed feedback as agent-test cases (testcases.schema.json), each failing until the appliance answers it right. */
export function exportCases(rows: FeedbackRow[], options: { timezone: string }): { yaml: string; count: number } {
  const cases = rows
    .filter((row) => row.state === 'reviewed' && (row.expected_skill || row.expected_output?.length))
    .map((row) => {
      const testCase: Record<string, unknown> = {
        name: `feedback #${row.feedback_id}: ${row.question.slice(0, 80)}`,
        input: row.question,
        now: row.created_at,
        tags: ['feedback', row.source],
      };
      if (row.expected_skill) {
        testCase.expected_skill = row.expected_skill;
        const tool: Record<string, unknown> = { name: row.expected_skill, ok: true };
        const concrete = Object.fromEntries(
          Object.entries(row.expected_args ?? {}).filter(
            ([, value]) => typeof value !== 'string' || !value.startsWith('$period'),
          ),
        );
        if (Object.keys(concrete).length) tool.args = concrete;
        testCase.expected_tools = [tool];
      }
      if (row.expected_output?.length) testCase.expected_output_contains = row.expected_output;
      return testCase;
    });
  const header =
    `# yaml-language-server: $schema=../docs/testcases.schema.json\n# Exported from reviewed ` +
    `feedback (airgap-agent feedback export --format agent-test).\n# Plant clock of each case = when ` +
    `the question was asked (time zone ${options.timezone}).\n# Replay: agent-test FILE — a case ` +
    `fails until the appliance answers it right.\n`;
  return { yaml: `${header}${yaml11Safe({ cases })}`, count: cases.length };
}
