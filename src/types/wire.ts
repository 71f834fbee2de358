/**
 * The wire: the Server-Sent Events of a task (GET /api/tasks/:id/events, or
 * POST /api/tasks with Accept: text/event-stream), as one discriminated union
 * of event name → data. The task manager emits only these, the chat page and
 * the CLI read them, and docs/api.md's "Event stream" table names exactly
 * these (`src/http/wire.test.ts`). A leaf: it imports only the answer
 * types, so the page script (bundled for the browser) can import it too.
 */
import type { AgentAnswer, AnswerMode } from './answer.js';

export const TASK_STATES = ['pending', 'running', 'waiting_input', 'success', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The scheduler's lanes: rule-routed questions and model questions. */
export type Lane = 'rules' | 'model';

/** Set on data cut to fit the event stream (an answer over server.result_max_kb, an event over 256 KiB). */
export interface Truncation {
  bytes: number;
  note: string;
}

/** A hand-over the task offers when the agent could not finish, pre-filled (POST /api/handovers sends exactly it). */
export interface HandoverOffer {
  question: string;
  tried: string;
  trace_id: string | null;
  data_seen: unknown;
}

/** The hand-over record a critical step opened (agent.db `handovers`, as GET /api/handovers lists it). */
export interface HandoverRef {
  handover_id: number;
  question: string;
  tried: string;
  trace_id: string | null;
  state: string;
  requested_by: string | null;
}

export type WireAnswer = AgentAnswer & {
  truncated?: Truncation | undefined;
  /** the agent reached a critical step: the answer is this hand-over record (the step did not run) */
  handover?: HandoverRef | undefined;
  /** the agent could not finish: the hand-over it offers (the stored result only; the stream has `handover-offer`) */
  handover_offer?: HandoverOffer | undefined;
};

/** Event name → its `data:` JSON. */
export interface WireEvents {
  'task-state': { task_id: string; state: TaskState; session_id?: string; lane?: Lane; error?: string | null };
  'queue-position': { position: number; waiting: number; lane: Lane };
  mode: { mode: AnswerMode; reason: string };
  'step-start': { step: number };
  'step-end': { step: number };
  token: { text: string };
  'tool-call-start': { id: string; tool: string; arguments: Record<string, unknown> };
  'tool-call-end': {
    id: string;
    tool: string;
    arguments: Record<string, unknown>;
    ok: boolean;
    ms: number;
    cached: boolean;
    /** query_database: the row count of its result; null for other tools */
    rows: number | null;
    /** query_database: `{columns, rows, row_count, has_more, …}`; other tools: a text preview */
    result: unknown;
    error: string | null;
  };
  'skill-start': { skill: string; version: string; arguments: Record<string, unknown> };
  'skill-progress': { skill: string; message: string; data?: unknown };
  'skill-end': { skill: string; ok: boolean; ms: number };
  retry: { attempt: number; reason: string };
  notice: { message: string };
  'approval-required': {
    approval_id: string;
    skill: string;
    version: string;
    arguments: Record<string, unknown>;
    question: string | null;
    reason: string | null;
  };
  /** `by` is null when nobody decided (the approval expired) */
  'approval-decided': { approval_id: string; approved: boolean; by: string | null; reason: string | null };
  /** a critical step was reached: instead of running it, the hand-over record was opened */
  'handover-opened': { handover_id: number; skill: string; arguments: Record<string, unknown>; reason: string };
  /** the agent could not finish: the hand-over offered, pre-filled (nothing is opened without the operator) */
  'handover-offer': HandoverOffer;
  answer: WireAnswer;
  'task-error': { code: string; message: string; hint: string | null };
  /** the last event of a stream */
  done: { task_id: string; state: TaskState };
}

export type WireEventName = keyof WireEvents;

/**
 * One event's data as it travels. An event over the stream's size limit keeps
 * its keys, with long strings cut and bulky values null, and says so in
 * `truncated` (src/http/event-log.ts).
 */
export type WireData<E extends WireEventName> = WireEvents[E] & { truncated?: Truncation | undefined };

/** One event: `{event, data}`, discriminated by `event`. */
export type WireEvent = { [E in WireEventName]: { event: E; data: WireData<E> } }[WireEventName];

/** Every event name, in the order docs/api.md lists them (the Record keeps it exhaustive). */
const NAMES: Record<WireEventName, true> = {
  'task-state': true,
  'queue-position': true,
  mode: true,
  'step-start': true,
  'step-end': true,
  token: true,
  'tool-call-start': true,
  'tool-call-end': true,
  'skill-start': true,
  'skill-progress': true,
  'skill-end': true,
  retry: true,
  notice: true,
  'approval-required': true,
  'approval-decided': true,
  'handover-opened': true,
  'handover-offer': true,
  answer: true,
  'task-error': true,
  done: true,
};
export const WIRE_EVENT_NAMES = Object.keys(NAMES) as WireEventName[];

export function isWireEventName(name: string): name is WireEventName {
  return Object.prototype.hasOwnProperty.call(NAMES, name);
}

/**
 * An SSE event (its `event:` name and `data:` text) as a wire event; undefined
 * for a name that is not on the wire or data that is not a JSON object.
 */
export function parseWireEvent(name: string, data: string): WireEvent | undefined {
  if (!isWireEventName(name)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  return { event: name, data: parsed } as WireEvent;
}
