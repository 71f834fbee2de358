/**
 * Which skill a question asks for: the first intent rule, in the skills
 * index's order (src/skills/code/index.ts, strongest signal first), that
 * claims the question. A rule may also stop the search ("per-machine
 * quality figures: not a rule's call"): then no rule answers and the model
 * plans. The rules themselves live in each skill's folder (routing.ts).
 */
import type { Analysis } from './analysis.js';
import type { RouterSkills, SkillRouting } from './routing.js';

export interface Intent {
  routing: SkillRouting;
  /** the skill the route runs (routing.skill) */
  skill: string;
  reason: string;
  /** extra slots the rules could not fill for this question */
  missing?: string[] | undefined;
}

export function detectIntent(analysis: Analysis, skills: RouterSkills): Intent | undefined {
  for (const { routing, rule } of skills.intents) {
    const match = rule.match(analysis);
    if (match === undefined) continue;
    if (match.kind === 'stop') return undefined;
    return { routing, skill: routing.skill, reason: match.reason, missing: match.missing };
  }
  return undefined;
}
