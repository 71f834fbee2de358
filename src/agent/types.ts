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
}
