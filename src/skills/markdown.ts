/**
 * Markdown skills: skills/<name>/SKILL.md — YAML front matter (name,
 * description, version, parameters as JSON Schema, tools, triggers) and a
 * body of Purpose, Steps, output templates and Constraints that the model
 * executes. Parsing returns a value, never throws: a broken file disables
 * that skill alone, with the reason.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { err, ok, type Result } from '../errors.js';
import type { MarkdownSkill } from './types.js';
import { parseSemver } from './semver.js';

const toolEntry = z.union([
  z
    .string()
    .min(1)
    .transform((name) => ({ name, optional: false })),
  z.object({ name: z.string().min(1), optional: z.boolean().default(false) }).strict(),
]);

const frontMatterSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case, starting with a letter'),
    description: z.string().min(10, 'say when to use the skill (at least a sentence)'),
    version: z
      .string()
      .refine((value) => parseSemver(value) !== undefined, 'a version as MAJOR.MINOR.PATCH, e.g. 1.0.0'),
    parameters: z
      .object({ type: z.literal('object') })
      .passthrough()
      .default({ type: 'object', properties: {} }),
    output: z
      .object({ type: z.string() })
      .passthrough()
      .optional()
      .refine((schema) => schema === undefined || jsonSchemaProblem(schema) === undefined, {
        message: 'not a JSON Schema the engine can check (see docs/skill-authoring.md, "Output schemas")',
      }),
    tools: z.array(toolEntry).default([]),
    triggers: z.array(z.string().min(1)).default([]),
    needs_approval: z.boolean().default(false),
    critical: z.boolean().default(false),
    fallback: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .optional(),
  })
  .strict();

/** Why a JSON Schema cannot be turned into a checker (undefined: it can). */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  try {
    z.fromJSONSchema(schema as never);
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

/** The parameters a JSON Schema marks `explicit: true`: given by the rules or the model, never defaulted. */
export function explicitParameters(schema: Record<string, unknown>): string[] {
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object') return [];
  return Object.entries(properties as Record<string, unknown>)
    .filter(
      ([, property]) =>
        property !== null && typeof property === 'object' && (property as { explicit?: unknown }).explicit === true,
    )
    .map(([name]) => name);
}

const FRONT_MATTER_RE = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

export function parseSkillMarkdown(text: string, path: string): Result<MarkdownSkill, string> {
  const match = FRONT_MATTER_RE.exec(text);
  if (!match) return err('no YAML front matter: start the file with a line "---", the keys, and a closing "---"');
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (error) {
    return err(`front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = frontMatterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.') || '(front matter)';
    return err(`front matter key "${key}": ${issue.message}`);
  }
  const body = (match[2] ?? '').trim();
  if (!/^#{1,3}\s*steps\b/im.test(body))
    return err('the body needs a "## Steps" section: the numbered steps the model follows');
  const front = parsed.data;
  return ok({
    kind: 'markdown',
    name: front.name,
    description: front.description,
    version: front.version,
    parameters: front.parameters as Record<string, unknown>,
    output: front.output as Record<string, unknown> | undefined,
    tools: front.tools,
    triggers: front.triggers,
    needsApproval: front.needs_approval,
    critical: front.critical,
    fallback: front.fallback,
    body,
    path,
  });
}
