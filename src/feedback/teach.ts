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
import { Ajv } from 'ajv';
import type { SkillInfo } from '../skills/engine-types.js';
import { TaughtPhrasings, type TaughtPhrasingRow } from '../skills/router/taught.js';
import { CODE_SKILLS } from '../skills/code/index.js';
import { scriptSkills } from '../maint-scripts/skills.js';
import { SkillRegistry, skillDirs } from '../skills/registry.js';
import { logger } from '../log/index.js';

function samplePeriod(value: unknown): unknown {
  if (value === '$period') return { from: '2026-01-05', to: '2026-01-11', label: 'sample' };
  if (value === '$period.from') return '2026-01-05';
  if (value === '$period.to') return '2026-01-11';
  return value;
}

const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: true });

/** The enabled skills as the registry lists them (code, Markdown, maintenance scripts). */
export function installedSkills(config: Config, db: SqliteDatabase): SkillInfo[] {
  const scripts = scriptSkills({ config, db });
  const registry = new SkillRegistry({
    db,
    dirs: skillDirs(config),
    codeSkills: [...CODE_SKILLS, ...scripts.skills],
    log: logger('skills'),
    pins: config.skills.pins,
  });
  registry.load();
  registry.close();
  return registry.list();
}

/** Throws a clear error when `skill` is unknown or disabled, or `args` do not fit its JSON Schema. */
export function checkSkillArgs(options: { skills: SkillInfo[]; skill: string; args: Record<string, unknown> }): void {
  const enabled = options.skills.filter((info) => info.enabled);
  const info = enabled.find((candidate) => candidate.name === options.skill);
  if (!info)
    throw new AppError('SKILL_NOT_FOUND', `no enabled skill named "${options.skill}"`, {
      hint: `skills: ${enabled.map((candidate) => candidate.name).join(', ')}`,
    });
  const sample = Object.fromEntries(Object.entries(options.args).map(([key, value]) => [key, samplePeriod(value)]));
  const validate = ajv.compile(info.parameters);
  if (!validate(structuredClone(sample))) {
    const issue = validate.errors?.[0];
    throw new AppError(
      'TOOL_ARGUMENTS_INVALID',
      `${info.name}: ${issue?.instancePath ? `argument "${issue.instancePath.slice(1)}"` : 'the arguments'}: ${issue?.message ?? 'invalid'}`,
      {
        hint: `expected: ${JSON.stringify(info.parameters).slice(0, 400)}; "$period" (or "$period.from"/"$period.to") stands for the period the question names`,
      },
    );
  }
}

export function teachPhrasing(options: {
  config: Config;
  db: SqliteDatabase;
  phrase: string;
  skill: string;
  args: Record<string, unknown>;
  taughtBy: string;
  feedbackId?: number | null | undefined;
  skills: SkillInfo[];
}): TaughtPhrasingRow {
  if (options.phrase.trim().length < 2)
    throw new AppError('BAD_REQUEST', 'the phrasing is empty', { hint: 'give the question as the operator asked it' });
  checkSkillArgs(options);
  return new TaughtPhrasings(options.db).teach({
    phrase: options.phrase,
    skill: options.skill,
    args: options.args,
    taughtBy: options.taughtBy,
    feedbackId: options.feedbackId,
    now: now(),
    timezone: options.config.plant.timezone,
  });
}
