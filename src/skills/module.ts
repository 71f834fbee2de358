/**
 * A code skill as the engine and the router see it: one folder
 * (src/skills/code/<name>/) exports one `CodeSkillModule` — the skill (its
 * arguments schema, run function, version, retry policy) and, when the rules
 * should route questions to it, its `routing`. The skills index
 * (src/skills/code/index.ts) is one ordered list built with `skillIndex`:
 * each line is a module (all its intents at that place) or one intent of a
 * module (`intentOf`) when a skill's rules win at several places. The engine
 * is given the index (src/agent/create.ts); it imports no skill.
 */
import type { CodeSkill } from './types.js';
import type { IntentRule, PlacedIntent, RouterSkills, SkillRouting } from './router/routing.js';

export interface CodeSkillModule {
  skill: CodeSkill<any>;
  /** absent: a skill only the model (or a taught phrasing) picks */
  routing?: SkillRouting | undefined;
}

/** One intent of a module, placed on its own line of the index. */
export interface IndexedIntent {
  module: CodeSkillModule;
  rule: IntentRule;
}

export interface SkillIndex extends RouterSkills {
  /**
   * every module, in listing order (`listedFirst`, then the others in the
   * order they first appear); `routings` follow the same order, so the honest
   * reply's examples do too
   */
  modules: CodeSkillModule[];
}

/** The intent `name` of a module, for a line of the index. */
export function intentOf(module: CodeSkillModule, name: string): IndexedIntent {
  const rule = module.routing?.intents.find((intent) => intent.name === name);
  if (!rule) {
    const known = module.routing?.intents.map((intent) => intent.name).join(', ') || 'none';
    throw new Error(`skill index: ${module.skill.name} has no intent "${name}" (its intents: ${known})`);
  }
  return { module, rule };
}

function isIndexedIntent(entry: CodeSkillModule | IndexedIntent): entry is IndexedIntent {
  return 'rule' in entry;
}

/**
 * The index from its ordered lines. Every intent of every module must be
 * placed exactly once (a module line places all of them); a skill name twice
 * is refused. A wrong index fails at start, naming what is wrong.
 */
export function skillIndex(
  lines: Array<CodeSkillModule | IndexedIntent>,
  options: { listedFirst?: CodeSkillModule[] } = {},
): SkillIndex {
  const modules: CodeSkillModule[] = [];
  const intents: PlacedIntent[] = [];
  const placed = new Map<CodeSkillModule, Set<IntentRule>>();
  for (const line of lines) {
    const module = isIndexedIntent(line) ? line.module : line;
    if (!placed.has(module)) {
      if (modules.some((other) => other.skill.name === module.skill.name))
        throw new Error(`skill index: two skills named ${module.skill.name}`);
      modules.push(module);
      placed.set(module, new Set());
    }
    const rules = isIndexedIntent(line) ? [line.rule] : (module.routing?.intents ?? []);
    for (const rule of rules) {
      const seen = placed.get(module)!;
      if (seen.has(rule)) throw new Error(`skill index: intent "${rule.name}" of ${module.skill.name} is placed twice`);
      seen.add(rule);
      intents.push({ routing: module.routing!, rule });
    }
  }
  for (const module of modules) {
    const missing = (module.routing?.intents ?? []).filter((rule) => !placed.get(module)!.has(rule));
    if (missing.length > 0) {
      throw new Error(
        `skill index: intent(s) ${missing.map((rule) => `"${rule.name}"`).join(', ')} of ${module.skill.name} are not placed`,
      );
    }
  }
  const first = (options.listedFirst ?? []).filter((module) => placed.has(module));
  const listed = [...first, ...modules.filter((module) => !first.includes(module))];
  const routings = listed.flatMap((module) => (module.routing ? [module.routing] : []));
  const routed = new Set<string>();
  for (const routing of routings) {
    if (routed.has(routing.skill)) throw new Error(`skill index: two skills route as ${routing.skill}`);
    routed.add(routing.skill);
  }
  return { modules: listed, intents, routings };
}

/** An index of code skills that the rules never route to (tests, a registry that only lists). */
export function unroutedIndex(skills: CodeSkill<any>[]): SkillIndex {
  return skillIndex(skills.map((skill) => ({ skill })));
}
