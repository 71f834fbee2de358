/**
 * Which question needs an admin's approval before anything runs, and what the
 * admin approves. One answer for the HTTP service (which asks before the
 * question is queued) and the agent (which asks, or refuses, before the model
 * sees a procedure or any tool runs):
 *
 * - the rules routed the question to a skill marked needs_approval; or
 * - a Markdown skill marked needs_approval is relevant to the question and
 *   one of its triggers occurs in it (the model would otherwise be handed
 *   its procedure).
 *
 * An approval binds what the admin saw: the skill, the version that will run
 * (the question's own pin, else skills.pins, else the newest — a version the
 * default would not run may need approval when the default does not), the
 * arguments and the question. `approvalKey` is that binding; a later request with other
 * arguments (or another skill) is a new approval.
 */
import type { ApprovalRequest, RouteDecision, SkillEngine, SkillInfo } from './engine-types.js';

export interface GatedSkill {
  request: ApprovalRequest;
  kind: 'code' | 'markdown';
  /** a Markdown procedure's declared tools: after approval the model may call these and nothing else */
  tools: string[];
}

export function approvalFor(
  skills: SkillEngine,
  ask: {
    question: string;
    decision: RouteDecision;
    /** the question's own pins (a case's skill_version, the API's skill_versions): name → range, over skills.pins */
    versions?: Record<string, string> | undefined;
  },
): GatedSkill | undefined {
  const { question, decision, versions } = ask;
  // what a skill is decides it, never its health (the version that runs is looked up below): no health per skill
  const infos = skills.catalog?.() ?? skills.list();
  // the version that will run: the question's pin, else skills.pins, else the newest (none: nothing runs)
  const running = (info: SkillInfo | undefined): SkillInfo | undefined =>
    info && skills.version ? skills.version(info.name, versions?.[info.name]) : info;
  if (decision.kind === 'skill') {
    const info = running(infos.find((entry) => entry.name === decision.skill));
    if (info?.enabled && info.needsApproval && !info.critical) {
      const markdown = info.kind === 'markdown' ? skills.markdown(info.name, info.version) : undefined;
      return {
        kind: info.kind,
        tools: markdown?.tools.map((tool) => tool.name) ?? [],
        request: {
          skill: info.name,
          version: info.version,
          arguments: decision.args,
          description: info.description,
          question,
        },
      };
    }
  }
  const lower = question.toLowerCase();
  const triggeredBy = (info: SkillInfo): boolean =>
    (skills.markdown(info.name, info.version)?.triggers ?? []).some(
      (trigger) => trigger.trim().length > 0 && lower.includes(trigger.trim().toLowerCase()),
    );
  // most questions trigger no gated procedure: then the relevance ranking below (routing again) is not needed
  const candidates = infos
    .filter((info) => info.kind === 'markdown')
    .map(running)
    .filter(
      (info): info is SkillInfo =>
        info !== undefined && info.needsApproval && !info.critical && info.enabled && triggeredBy(info),
    );
  if (candidates.length === 0) return undefined;
  // of those, the one the question is most about (as the model would be shown them)
  const gated = new Map(candidates.map((info) => [info.name, info]));
  for (const relevant of skills.relevant(question)) {
    const info = gated.get(relevant.name);
    const markdown = info ? skills.markdown(info.name, info.version) : undefined;
    if (!info || !markdown) continue;
    return {
      kind: 'markdown',
      tools: markdown.tools.map((tool) => tool.name),
      request: { skill: info.name, version: info.version, arguments: {}, description: info.description, question },
    };
  }
  return undefined;
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, stable((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What an approval binds: skill, version and arguments (the question is the task's own). */
export function approvalKey(request: Pick<ApprovalRequest, 'skill' | 'arguments' | 'version'>): string {
  return JSON.stringify([request.skill, request.version, stable(request.arguments ?? {})]);
}
