/**
 * One skill run with its audit row — the same whether the rules picked the
 * skill (agent.ts) or the model called it (loop.ts): one `tool_call_log` row
 * with `server = 'skills'`, success or not; a cancelled question throws
 * CANCELLED; any other failure is a value the caller words for its reader.
 */
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors.js';
import type { SkillEngine, SkillRunContext } from '../skills/engine-types.js';
import type { SkillResult } from '../skills/types.js';
import type { AuditRow } from '../store/audit.js';

export type AgentAudit = (row: Omit<AuditRow, 'origin' | 'session_id' | 'trace_id'>) => void;

export interface SkillRunRequest {
  skills: SkillEngine;
  skill: string;
  args: Record<string, unknown>;
  /** what the engine passes to the skill: tools, signal, approver, events */
  run: SkillRunContext;
  audit: AgentAudit;
  log: Logger;
}

export type SkillRunOutcome =
  { ok: true; result: SkillResult; ms: number } | { ok: false; error: AppError; ms: number };

/** An AppError's message with its hint, as a reader needs it. */
export function withHint(error: AppError): string {
  return `${error.message}${error.hint ? ` (${error.hint})` : ''}`;
}

export async function runSkillAudited(request: SkillRunRequest): Promise<SkillRunOutcome> {
  const { skill, args } = request;
  const started = performance.now();
  // each attempt audited: a row per retried attempt here, the last attempt's row below (with its number)
  let attempts = 0;
  const run: SkillRunContext = {
    ...request.run,
    auditAttempt: (attempt) => {
      attempts = attempt.attempt;
      if (attempt.outcome !== 'retry') return;
      request.audit({
        server: 'skills',
        tool_name: skill,
        parameters: args,
        result_summary: `attempt ${attempt.attempt} failed (${attempt.code}: ${attempt.message}); retrying in ${attempt.delay_ms} ms`,
        duration_ms: attempt.ms,
        success: false,
        error_code: attempt.code,
        attempt: attempt.attempt,
      });
    },
  };
  try {
    const result = await request.skills.run(skill, args, run);
    const ms = performance.now() - started;
    request.audit({
      server: 'skills',
      tool_name: skill,
      parameters: args,
      result_summary: result.answer,
      duration_ms: ms,
      success: true,
      attempt: attempts + 1,
    });
    return { ok: true, result, ms };
  } catch (error) {
    const appError = toAppError(error, 'SKILL_FAILED');
    if (appError.code === 'CANCELLED' || run.signal.aborted)
      throw new AppError('CANCELLED', 'the question was cancelled', { cause: error });
    const ms = performance.now() - started;
    request.audit({
      server: 'skills',
      tool_name: skill,
      parameters: args,
      result_summary: withHint(appError),
      duration_ms: ms,
      success: false,
      error_code: appError.code,
      attempt: Math.max(1, attempts),
    });
    request.log.warn({ skill, code: appError.code, err: appError.message }, 'skill-failed');
    return { ok: false, error: appError, ms };
  }
}
