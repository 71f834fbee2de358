/**
 * The seam between the agent loop (src/agent) and the skills (src/skills):
 * the rule router's decision and the engine that runs skills. Rules first:
 * when `route` returns a skill with no missing slots, the agent runs it
 * directly, with no model.
 */
import type { AgentEvent } from '../types/answer.js';
import type { ToolCaller } from '../mcp/types.js';
import type { Language, SkillResult } from './types.js';

/** What the router remembers of a session's last routed question, for follow-ups ("and line B?"). */
export interface SessionSlots {
  skill?: string;
  args?: Record<string, unknown>;
}

export type RouteDecision =
  | {
      kind: 'skill';
      skill: string;
      args: Record<string, unknown>;
      language: Language;
      /** slot names the rules could not fill (empty = run without a model) */
      missing: string[];
      /** why the rules chose this skill, for traces */
      reason: string;
    }
  | {
      kind: 'none';
      language: Language;
      reason: string;
      /**
       * what the question asks that the rules cannot honour, each named so the
       * honest reply can say it (never dropped): a measure the data does not
       * record, a breakdown the skill cannot give, words not understood
       */
      unhonoured?: Unhonoured[];
      /** several questions in one: the parts, each to be routed and answered on its own */
      parts?: string[];
      /**
       * each part's own decision, in order (parts[i] → routed[i]): a later part read with the earlier parts' slots
       * (a reference back, "who was on call then", is the earlier part's day)
       */
      routed?: RouteDecision[];
      /**
       * the rules chose this skill, but it cannot run now (a dependency down or switched off, a pin no
       * installed version satisfies): the honest reply names what is down
       */
      unavailable?: SkillUnavailable | undefined;
    };

/** Why a skill cannot run now. */
export interface SkillUnavailable {
  skill: string;
  /** for an admin: the cause and the fix (log, doctor, /api/skills) */
  reason: string;
  /** the MCP server at fault, when one is */
  server?: string | null | undefined;
  /** what kind of trouble, for the operator's plain words */
  state: 'missing' | 'disabled' | 'filtered' | 'down' | 'breaker-open' | 'busy' | 'pinned' | 'skill';
}

/** One installed version of a skill (several versions of a Markdown skill or a script may live side by side). */
export interface SkillVersionInfo {
  version: string;
  source: string;
  enabled: boolean;
  error?: string | undefined;
  /** the version a question runs when it pins nothing itself (the newest, or the newest inside skills.pins) */
  default: boolean;
}

export interface Unhonoured {
  /** unknown: a person (or other named thing) the plant's data does not have, or not in the role asked */
  kind: 'not_recorded' | 'beyond' | 'not_understood' | 'unknown';
  /** what it asked for: 'rework', 'inspector', 'shift', 'words' … */
  dimension: string;
  /** the operator's words */
  words: string;
  /** how to name it in the reply, when it has a name (not_recorded) */
  zh?: string;
  en?: string;
  /** the skill the rest of the question looked like */
  skill?: string;
  /** unknown: the nearest names the plant's data does have */
  nearest?: string[];
}

export interface SkillInfo {
  name: string;
  kind: 'code' | 'markdown';
  version: string;
  description: string;
  /** JSON Schema of the arguments (what the model sees when a skill is offered as a tool) */
  parameters: Record<string, unknown>;
  enabled: boolean;
  /** why it is disabled (a broken skill file) */
  error?: string | undefined;
  source: string;
  needsApproval: boolean;
  /** a critical step: the question is handed over to an engineer (a hand-over record) instead of running unattended */
  critical?: boolean;
  /** the hard timeout of one attempt (ms); Markdown skills: their fallback's */
  timeoutMs?: number | undefined;
  /** the codes the skill may end with */
  errorCodes?: string[] | undefined;
  retry?: { retryable: string[]; maxAttempts: number; backoffMs: number[] } | undefined;
  /** JSON Schema of the data it produces; null: none declared */
  output?: Record<string, unknown> | null | undefined;
  /** tools (and the servers offering them), other skills */
  dependencies?: { tools: string[]; skills: string[]; servers: string[] } | undefined;
  /** parameters that must be given, never defaulted (`explicit: true`) */
  explicit?: string[] | undefined;
  triggers?: string[] | undefined;
  /** every installed version, newest first */
  versions?: SkillVersionInfo[] | undefined;
  /** the range skills.pins gives it, when pinned */
  pinned?: string | undefined;
  /** false: it cannot run now (see `unavailable`); never routed to, never offered to the model; absent: not known here */
  available?: boolean | undefined;
  unavailable?: SkillUnavailable | undefined;
}

/** What an admin is asked to approve before a dangerous skill runs. */
export interface ApprovalRequest {
  skill: string;
  version: string;
  arguments: Record<string, unknown>;
  description: string;
  /** the question that led to it (what the admin reads) */
  question?: string | undefined;
  /**
   * set when the skill is a critical step: the answer is not an approval but a
   * hand-over; whoever asks opens the hand-over record and resolves false
   * (the skill never runs unattended)
   */
  critical?: boolean;
}

export interface SkillRunContext {
  /**
   * Asks an admin (the HTTP service waits in waiting_input); resolves true when
   * approved; false (or an error, e.g. APPROVAL_EXPIRED) refuses. Absent (CLI,
   * agent-test): skills that need approval are refused.
   */
  approve?: ((request: ApprovalRequest) => Promise<boolean>) | undefined;
  traceId: string;
  sessionId: string;
  language: Language;
  signal: AbortSignal;
  tools: ToolCaller;
  onEvent: (event: AgentEvent) => void;
  /** this question's own pins (a case's skill_version, the API's skill_versions): name → range, over skills.pins */
  versions?: Record<string, string> | undefined;
  /** when the question's budget ends (epoch ms): no retry waits past it */
  deadline?: number | undefined;
  /** one audit row per failed attempt of a skill (the final outcome is audited by the caller) */
  auditAttempt?: ((attempt: SkillAttempt) => void) | undefined;
}

/** A failed attempt of a skill run, for the audit log. */
export interface SkillAttempt {
  skill: string;
  version: string;
  arguments: Record<string, unknown>;
  attempt: number;
  code: string;
  message: string;
  ms: number;
  /** 'retry': another attempt follows (after delay_ms); 'failed': the last */
  outcome: 'retry' | 'failed';
  delay_ms?: number | undefined;
}

export interface SkillEngine {
  /**
   * Fetch what routing needs from behind the tools (the shipped engine: the
   * plant's equipment list) before `route`: callers await it once per
   * question. Cheap when nothing changed; never throws. Resolves true when
   * what the router knows changed (decisions remembered before are stale).
   */
  prepare?(): Promise<boolean>;
  route(question: string, context: { previous?: SessionSlots | undefined }): RouteDecision;
  list(): SkillInfo[];
  /**
   * every skill as installed (one entry a name, its default version) without its dependencies' health: for what
   * reads only what a skill is (kind, parameters, needs_approval), cheaper than list(); absent: list() is used
   */
  catalog?(): SkillInfo[];
  /**
   * the version a question runs under `range` (its own pin, over skills.pins; absent: skills.pins, else the
   * newest), undefined when none can; an engine without versions may leave it out (list() is used)
   */
  version?(name: string, range?: string): SkillInfo | undefined;
  /** the skills worth offering to the model for this question (a handful at most) */
  relevant(question: string, limit?: number): SkillInfo[];
  /** a Markdown skill's body and allowed tools, for the model to execute */
  markdown(
    name: string,
    version?: string,
  ): { body: string; tools: Array<{ name: string; optional: boolean }>; triggers?: string[] | undefined } | undefined;
  /** validate (coerce, defaults) and run a skill under its timeout and retry policy; `context.version` may be a semver range */
  run(name: string, args: unknown, context: SkillRunContext & { version?: string }): Promise<SkillResult>;
  /** example questions the rules answer, for the honest "I can't" reply */
  examples(language: Language): string[];
  close(): Promise<void>;
}
