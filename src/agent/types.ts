/**
 * The agent's public face: one question in, a stream of events out, one
 * answer at the end. The CLI (`ask`, `chat`), the HTTP service (SSE), and
 * agent-test all drive the agent through `Agent.ask`.
 */
import type { SkillRunContext } from '../skills/engine-types.js';
import type { AgentEvent } from '../types/answer.js';

export type { AnswerMode, ToolCallRecord, ChartSeries, AgentAnswer, AgentEvent } from '../types/answer.js';

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
  /** this question's skill pins, name → version range (over skills.pins): a case's skill_version, the API's skill_versions */
  versions?: Record<string, string> | undefined;
  /**
   * The caller's own agent.db write that goes with the opening of the question's turn (the service: its task
   * becomes running), run inside that transaction — one commit, not two. What it throws fails the question.
   */
  onTurnStart?: (() => void) | undefined;
  /**
   * Given, the write that closes the question's turn (the answer's turn, the session's slots) is handed to it
   * instead of being committed here, for the caller to run inside its own transaction (the service: with the
   * audit rows and the task's final state — one commit, not three). The caller must run it, once.
   */
  onTurnEnd?: ((write: () => void) => void) | undefined;
}
