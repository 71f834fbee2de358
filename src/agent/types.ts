/**
 * The agent's public face: one question in, a stream of events out, one
 * answer at the end. The CLI (`ask`, `chat`), the HTTP service (SSE), and
 * agent-test all drive the agent through `Agent.ask`.
 */
import type { SkillRunContext } from '../skills/engine-types.js';

export type AnswerMode = 'rules' | 'model';

export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  ms: number;
  cached?: boolean | undefined;
  error?: string | undefined;
  /** for query_database: the columns/rows returned (for SQL cards) */
  result?: unknown;
}

export interface ChartSeries {
  title: string;
  kind: 'line' | 'bar';
  /** x labels, e.g. dates */
  x: string[];
  series: Array<{ name: string; values: Array<number | null>; unit?: string }>;
}

export interface AgentAnswer {
  answer: string;
  mode: AnswerMode;
  /** the skill that produced the answer, if any */
  skill?: string | undefined;
  tool_calls: ToolCallRecord[];
  /** machine-readable data behind the answer (numbers, resolved dates, rows) */
  data?: unknown;
  charts?: ChartSeries[] | undefined;
  session: string;
  trace_id: string;
  /** set when the question could not be answered (honest failure) */
  error?: { code: string; message: string } | undefined;
}

export type AgentEvent =
  | { type: 'mode'; mode: AnswerMode; reason: string }
  | { type: 'step-start'; step: number }
  | { type: 'step-end'; step: number }
  | { type: 'token'; text: string }
  | {
      type: 'tool-call-start';
      id: string;
      name: string;
      arguments: Record<string, unknown>;
      /** what the parser had to repair to read this call from the model's reply (absent when nothing) */
      repairs?: string[] | undefined;
    }
  | {
      type: 'tool-call-end';
      id: string;
      name: string;
      ok: boolean;
      ms: number;
      cached?: boolean | undefined;
      /** query_database: columns and rows; other tools: a text preview */
      result?: unknown;
      error?: string | undefined;
    }
  | { type: 'skill-start'; skill: string; version: string; arguments: Record<string, unknown> }
  | { type: 'skill-progress'; skill: string; message: string; data?: unknown }
  | { type: 'skill-end'; skill: string; ok: boolean; ms: number }
  | { type: 'retry'; attempt: number; reason: string }
  | { type: 'notice'; message: string }
  | { type: 'answer'; answer: AgentAnswer }
  | { type: 'error'; code: string; message: string };

export interface AskOptions {
  question: string;
  /** a trace id chosen by the caller (the HTTP request's), else a new one */
  traceId?: string | undefined;
  /** asks an admin to approve a dangerous skill; absent → such skills are refused */
  approve?: SkillRunContext['approve'];
  /** continue a conversation; a new session is created when absent */
  sessionId?: string | undefined;
  userId?: number | undefined;
  signal?: AbortSignal | undefined;
  onEvent?: ((event: AgentEvent) => void) | undefined;
}
