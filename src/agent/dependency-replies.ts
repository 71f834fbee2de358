/**
 * The honest replies when a dependency lets a question down: a skill whose
 * server is down, switched off or refused by its breaker (dependency health
 * before dispatch), a skill that failed because its server did not answer,
 * and a question that ran out of its budget (agent.question_budget_s). The
 * operator reads plain words in their language naming the service; the cause
 * for the administrator (server, state, config key) goes to the log, /readyz
 * and doctor — never into the reply.
 */
import type { AppError } from '../errors.js';
import type { Language } from '../skills/types.js';
import type { SkillUnavailable } from '../skills/engine-types.js';
import { serverWords, unavailableReply } from '../skills/availability.js';

/** Codes that mean a dependency did not serve a skill (engine.ts attaches `details.dependency`). */
const DEPENDENCY_STATES: Record<string, SkillUnavailable['state']> = {
  SKILL_UNAVAILABLE: 'down',
  DEPENDENCY_UNAVAILABLE: 'breaker-open',
  TOOL_TIMEOUT: 'down',
  MCP_SERVER_EXITED: 'down',
  MCP_SERVER_BUSY: 'busy',
};

/** A skill failure that a dependency caused, as the reason a skill is unavailable; undefined for any other failure. */
export function dependencyFailure(skill: string, error: AppError): SkillUnavailable | undefined {
  // a pin (the question's or skills.pins) that no installed version satisfies: nothing to run
  if (error.code === 'SKILL_VERSION')
    return { skill, state: 'pinned', reason: `${error.message} (${error.hint ?? ''})` };
  const state = DEPENDENCY_STATES[error.code];
  const dependency = error.details?.dependency as { server?: string | null; state?: string } | undefined;
  if (!state || !dependency) return undefined;
  const known = dependency.state as SkillUnavailable['state'] | undefined;
  return {
    skill,
    server: dependency.server ?? null,
    state: error.code === 'SKILL_UNAVAILABLE' && known ? known : state,
    reason: `${error.code}: ${error.message}`,
  };
}

export function dependencyReply(unavailable: SkillUnavailable, language: Language): string {
  return unavailableReply(unavailable, language);
}

/** The question ran out of its budget; `server` is the one still not answering when it did, if known. */
export function budgetReply(options: {
  language: Language;
  budgetS: number;
  server: string | null | undefined;
}): string {
  const { language, budgetS, server } = options;
  const zh = language === 'zh';
  if (server !== undefined && server !== null) {
    const service = serverWords(server, language);
    return zh
      ? `这个问题没能在 ${budgetS} 秒内答完：${service}没有响应。请稍后再试，或联系管理员（原因已记录在日志中）。`
      : `I could not answer this within the ${budgetS}-second limit for one question: ${service} did not respond. ` +
          'Try again later, or ask an administrator (the cause is in the log).';
  }
  return zh
    ? `这个问题没能在 ${budgetS} 秒内答完。请把问题问得更具体一些（例如更短的时间段）再试，或联系管理员。`
    : `I could not answer this within the ${budgetS}-second limit for one question. Ask something narrower ` +
        '(a shorter period, for example), or ask an administrator.';
}

/** The operator's language from the question alone (Chinese characters → zh). */
export function languageOf(question: string): Language {
  return /\p{Script=Han}/u.test(question) ? 'zh' : 'en';
}
