/**
 * Questions the rules answer on their own (no model), shown in the honest
 * "I can't answer that without the model" reply: each routed skill's
 * `examples`, in the skills index's order. router.test.ts checks that every
 * one of them routes to its skill with nothing missing.
 */
import type { Language } from '../types.js';
import type { RouterSkills } from './routing.js';

export function routerExamples(skills: RouterSkills, language: Language): string[] {
  return skills.routings.flatMap((routing) => routing.examples[language]);
}
