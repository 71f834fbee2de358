/**
 * A skill's contract at run time, beside its arguments schema:
 * - its output: `SkillResult.data` checked against the declared schema (zod
 *   for code skills, JSON Schema in a Markdown skill's front matter); a
 *   violation is SKILL_OUTPUT_INVALID naming the path and what was wrong,
 *   never a silently wrong answer;
 * - its `explicit` parameters: given by the rules or the model, never
 *   filled from a default.
 */
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { CodeSkill, MarkdownSkill } from './types.js';
import type { SkillInfo } from './engine-types.js';

/** A zod issue path as people write it: `lines[0].defect_rate`, or `(the data)` at the root. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(the data)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

type Issue = z.core.$ZodIssue;

/**
 * The issue that says what is wrong: inside a union (an answer or one of the
 * refusals), the branch that came closest — fewest issues, then the deepest
 * path — so the path names the field, not "no branch matched".
 */
function leaf(issue: Issue, prefix: PropertyKey[] = []): { path: PropertyKey[]; message: string } {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.filter((branch) => branch.length > 0);
    const best = branches.sort(
      (a, b) =>
        a.length - b.length || Math.max(...b.map((i) => i.path.length)) - Math.max(...a.map((i) => i.path.length)),
    )[0];
    const deepest = best?.slice().sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest) return leaf(deepest, path);
  }
  return { path, message: issue.message };
}

function outputError(skill: string, version: string, error: z.ZodError): AppError {
  const leaves = error.issues.map((issue) => leaf(issue));
  const issues = leaves.slice(0, 3).map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
  const first = leaves[0];
  return new AppError(
    'SKILL_OUTPUT_INVALID',
    `${skill} ${version} produced data that breaks its output schema at ${issues.join('; ')}` +
      (error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : ''),
    {
      hint: 'the answer was withheld rather than shown wrong; report it with the trace id (the skill needs a fix)',
      details: { skill, version, path: first ? issuePath(first.path) : '(the data)', issues: error.issues.length },
    },
  );
}

/** Throws SKILL_OUTPUT_INVALID when a code skill's data breaks its output schema. */
export function checkOutput(skill: CodeSkill<any>, data: unknown): void {
  if (!skill.output) return;
  const checked = skill.output.safeParse(data);
  if (!checked.success) throw outputError(skill.name, skill.version, checked.error);
}

/** The check a Markdown skill's own `output` (JSON Schema) puts on what its fallback produces; none when undeclared. */
export function markdownOutput(skill: MarkdownSkill): { name: string; check: (data: unknown) => void } | undefined {
  if (!skill.output) return undefined;
  const schema = z.fromJSONSchema(skill.output as never);
  return {
    name: skill.name,
    check: (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) throw outputError(skill.name, skill.version, checked.error);
    },
  };
}

/** The `explicit` parameters missing from `args` (absent, null or blank). */
export function missingExplicit(info: Pick<SkillInfo, 'explicit'>, args: unknown): string[] {
  const given = (args !== null && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  return (info.explicit ?? []).filter((name) => {
    const value = given[name];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}
