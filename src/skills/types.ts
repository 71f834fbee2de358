/**
 * Skills: whole business actions. Two kinds share one registry:
 * - code skills (TypeScript, compiled into the binary, one folder each: src/skills/code/<name>/, see module.ts)
 * - Markdown skills (skills/<name>/SKILL.md, executed by the model).
 */
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { ChartSeries } from '../types/answer.js';
import type { QueryResult, ToolCallResult } from '../mcp/types.js';

export type Language = 'zh' | 'en';

export interface SkillContext {
  /** the plant clock (respects --now) */
  now: Date;
  timezone: string;
  language: Language;
  traceId: string;
  sessionId: string;
  signal: AbortSignal;
  log: Logger;
  /** call any MCP tool; failures come back as { ok: false } values */
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  /** query_database convenience: throws AppError(QUERY_REJECTED/QUERY_FAILED/…) on failure */
  query(sql: string, purpose: string): Promise<QueryResult>;
  /** a progress event for the stream ("querying…", "found N records", "done") */
  progress(message: string, data?: unknown): void;
}

export interface SkillResult {
  /** Markdown answer for the operator */
  answer: string;
  /** the numbers behind it, machine-readable (resolved dates, counts, rates) */
  data?: unknown;
  charts?: ChartSeries[] | undefined;
}

export interface RetryPolicy {
  /** error codes worth retrying (e.g. TOOL_TIMEOUT, MCP_SERVER_EXITED); any other code fails at once */
  retryable: string[];
  /** attempts in all: the first and its retries (the shipped policy: 4, i.e. 3 retries) */
  maxAttempts: number;
  /** the wait before retry n (n = 1, 2, …), e.g. [1000, 3000, 9000] */
  backoffMs: number[];
}

export interface CodeSkill<Args = Record<string, unknown>> {
  kind: 'code';
  name: string;
  description: string;
  version: string;
  /** where it was loaded from (a maintenance script's manifest); absent: compiled into the binary */
  source?: string | undefined;
  /**
   * the arguments; a parameter whose schema carries `.meta({ explicit: true })` is never filled from a
   * default: the rules or the model must give it, or the skill asks for it
   */
  parameters: z.ZodType<Args>;
  /** the contract of `SkillResult.data`: checked on every run, a violation is SKILL_OUTPUT_INVALID with the path */
  output?: z.ZodType | undefined;
  timeoutMs: number;
  errorCodes: string[];
  retry: RetryPolicy;
  dependencies: { tools: string[]; skills?: string[] };
  /** phrases for the rule router and for picking relevant skills, zh and en */
  triggers: string[];
  /** dangerous actions wait for an admin's approval */
  needsApproval?: boolean;
  /** a critical step: never run unattended; the question is handed over to an engineer instead */
  critical?: boolean;
  execute(ctx: SkillContext, args: Args): Promise<SkillResult>;
}

export interface MarkdownSkill {
  kind: 'markdown';
  name: string;
  description: string;
  version: string;
  /** JSON Schema of the parameters (a property with `explicit: true` must be given, never defaulted) */
  parameters: Record<string, unknown>;
  /** JSON Schema of the data it produces (checked against its fallback's data), when declared */
  output?: Record<string, unknown> | undefined;
  /** tools it may call; `optional` ones are not needed for the main flow */
  tools: Array<{ name: string; optional: boolean }>;
  triggers: string[];
  needsApproval?: boolean;
  /** a critical step: handed over to an engineer instead of running unattended */
  critical?: boolean;
  /** the body: Purpose, Steps, output templates, Constraints */
  body: string;
  path: string;
  /** a code skill that performs the same Steps deterministically when no model is reachable */
  fallback?: string | undefined;
}

export type Skill = CodeSkill<any> | MarkdownSkill;
