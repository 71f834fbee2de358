/**
 * The shared leaf of answer and event types: what the agent emits while it
 * works (`AgentEvent`) and what it answers (`AgentAnswer`). It imports
 * nothing, so the agent, the skills, the HTTP service and agent-test can all
 * depend on it without a cycle.
 */
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
  /** `message` for the operator, in plain words; `detail` the cause for an admin (the CLI prints it) */
  | { type: 'notice'; message: string; detail?: string | undefined }
  | { type: 'answer'; answer: AgentAnswer }
  | { type: 'error'; code: string; message: string };
