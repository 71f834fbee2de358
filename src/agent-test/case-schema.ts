/**
 * The regression case format replayed by `agent-test`. SOURCES.md part A's
 * format is accepted as is (name, input, expected_tools with name and
 * params_contain, expected_output_contains), plus the fields below. zod is
 * the source of truth; docs/testcases.schema.json is generated from it.
 */
import { z } from 'zod';
import { satisfies } from '../skills/semver.js';

const versionRange = z
  .string()
  .refine(
    (range) => satisfies('0.0.0', range) !== undefined,
    'a version range such as 1.2.3, ^1.2, ~1.2.0, >=1.1, 1.x',
  );

export const expectedToolSchema = z
  .object({
    name: z.string().min(1).describe('tool (or skill) name that must have been called'),
    params_contain: z
      .array(z.union([z.string(), z.number()]))
      .optional()
      .describe('strings that must appear (case-insensitive) in the JSON of the call arguments'),
    args: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('arguments that must match (partial: only the keys given are compared)'),
    exact: z.boolean().default(false).describe('with args: the arguments must equal args exactly'),
    ok: z.boolean().optional().describe('the call must have succeeded (true) or failed (false)'),
  })
  .strict();

export const testCaseSchema = z
  .object({
    name: z.string().min(1),
    input: z.string().min(1).describe('the operator question'),
    expected_tools: z.array(expectedToolSchema).optional(),
    forbidden_tools: z
      .array(expectedToolSchema)
      .optional()
      .describe(
        'calls that must not have been made (matched as expected_tools are): a call shown as an example, cut off, refused',
      ),
    expected_skill: z.string().nullable().optional().describe('the skill that produced the answer (null: none)'),
    expected_mode: z.enum(['rules', 'model']).optional(),
    expected_output_contains: z.array(z.union([z.string(), z.number()])).optional(),
    expected_output_not_contains: z.array(z.union([z.string(), z.number()])).optional(),
    expected_output_matches: z
      .array(z.string())
      .optional()
      .describe('regular expressions (JavaScript syntax) the answer must match'),
    expected_error: z.string().nullable().optional().describe('error code of an honest failure (null: no error)'),
    max_steps: z.number().int().min(0).optional().describe('at most this many model steps (0: answered by the rules)'),
    max_latency_ms: z.number().int().min(1).optional(),
    now: z.string().optional().describe('fix the clock for this case, ISO 8601 (plant time when no offset)'),
    session: z.string().optional().describe('cases with the same session share one conversation, in file order'),
    tags: z.array(z.string()).default([]),
    skip: z.union([z.boolean(), z.string()]).optional().describe('true or a reason: the case is reported as skipped'),
    approval: z
      .enum(['approve', 'reject'])
      .optional()
      .describe(
        "how an admin answers the case's approval requests (a skill that needs one, e.g. export_quality_csv): " +
          'approve or reject; absent: nobody can approve, and such a skill is refused (as on the CLI)',
      ),
    recorded: z
      .enum(['capable-model'])
      .optional()
      .describe(
        'where the cassette came from: capable-model = a capable responder through `llm bridge` (bench/model-pass.ts)',
      ),
    cassette: z
      .string()
      .optional()
      .describe('model turns to replay (path relative to the case file); default cassettes/<file>/<name>.json'),
    skill_version: z
      .union([versionRange, z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a skill name: snake_case'), versionRange)])
      .optional()
      .describe(
        'pin skill versions for this case, over skills.pins: a range for expected_skill ("^1.2"), or ' +
          'skill name → range ({quality_metrics: "^1.2"})',
      ),
  })
  .strict()
  .refine((testCase) => typeof testCase.skill_version !== 'string' || typeof testCase.expected_skill === 'string', {
    message: 'skill_version as a range needs expected_skill (the skill it pins); or give {skill: range}',
    path: ['skill_version'],
  });

/** The pins a case gives its question: skill name → version range. */
export function caseVersions(testCase: TestCase): Record<string, string> | undefined {
  const pin = testCase.skill_version;
  if (pin === undefined) return undefined;
  return typeof pin === 'string' ? { [testCase.expected_skill!]: pin } : pin;
}

/** A file may bring its own demo plant, seeded into a temporary folder for its cases (deterministic numbers anywhere). */
export const plantSpecSchema = z
  .object({
    seed: z.number().int().default(1),
    today: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
      .describe('the seeded plant ends on this day'),
    rows: z.number().int().min(1000).max(2000000).default(100000),
  })
  .strict();

export const testFileSchema = z.union([
  z.array(testCaseSchema),
  z.object({ plant: plantSpecSchema.optional(), cases: z.array(testCaseSchema) }).strict(),
]);

export type PlantSpec = z.infer<typeof plantSpecSchema>;

export type ExpectedTool = z.infer<typeof expectedToolSchema>;
export type TestCase = z.infer<typeof testCaseSchema>;

export function testcaseJsonSchema(): unknown {
  return z.toJSONSchema(testFileSchema, { io: 'input', unrepresentable: 'any' });
}
