/**
 * Teaching a phrasing: check the skill exists and that its arguments are
 * valid for it (with "$period" placeholders read as a sample period) before
 * the phrasing is stored, so a taught phrasing never routes to something that
 * cannot run.
 */
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { Config } from '../config/schema.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { Skill } from '../skills/types.js';
import { TaughtPhrasings, type TaughtPhrasingRow } from '../skills/router/taught.js';
import { CODE_SKILLS } from '../../skills/index.js';
import { scriptSkills } from '../maint-scripts/skills.js';
import { SkillRegistry, skillDirs } from '../skills/registry.js';
import { logger } from '../log/index.js';

function samplePeriod(value: unknown): unknown {
  if (value === '$period') return { from: '2026-01-05', to: '2026-01-11', label: 'sample' };
  if (value === '$period.from') return '2026-01-05';
  if (value === '$period.to') return '2026-01-11';
  return value;
}

/** Throws a clear error when `skill` is unknown or `args` do not fit it. */
export function checkSkillArgs(options: { config: Config; db: SqliteDatabase; skill: string; args: Record<string, unknown>; skills?: Skill[] | undefined }): void {
  let skills = options.skills;
  if (!skills) {
    const scripts = scriptSkills({ config: options.config, db: options.db });
    const registry = new SkillRegistry({ db: options.db, dirs: skillDirs(options.config), codeSkills: [...CODE_SKILLS, ...scripts.skills], log: logger('skills') });
    registry.load();
    skills = registry.list().filter((info) => info.enabled).map((info) => registry.get(info.name)!).filter(Boolean);
  }
  const skill = skills.find((candidate) => candidate.name === options.skill);
  if (!skill) {
    throw new AppError('SKILL_NOT_FOUND', `no skill named "${options.skill}"`, { hint: `skills: ${skills.map((candidate) => candidate.name).join(', ')}` });
  }
  const sample = Object.fromEntries(Object.entries(options.args).map(([key, value]) => [key, samplePeriod(value)]));
  if (skill.kind === 'code') {
    const parsed = skill.parameters.safeParse(sample);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('TOOL_ARGUMENTS_INVALID', `${skill.name}: ${issue.path.length ? `argument "${issue.path.join('.')}"` : 'the arguments'}: ${issue.message}`, {
        hint: 'give arguments the skill accepts; "$period" (or "$period.from"/"$period.to") stands for the period the question names',
      });
    }
  }
}

export function teachPhrasing(options: { config: Config; db: SqliteDatabase; phrase: string; skill: string; args: Record<string, unknown>; taughtBy: string; feedbackId?: number | null | undefined; skills?: Skill[] | undefined }): TaughtPhrasingRow {
  if (options.phrase.trim().length < 2) throw new AppError('BAD_REQUEST', 'the phrasing is empty', { hint: 'give the question as the operator asked it' });
  checkSkillArgs(options);
  return new TaughtPhrasings(options.db).teach({ phrase: options.phrase, skill: options.skill, args: options.args, taughtBy: options.taughtBy, feedbackId: options.feedbackId, now: now(), timezone: options.config.plant.timezone });
}
