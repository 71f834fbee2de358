/**
 * A serving engine's own test fixture for a tool-call parser, and how ours
 * does on it: the calls that would run (parsed, refused ones left out,
 * validated against the schema the test gave, as the loop does before a call
 * runs) against the calls the engine's test expects.
 */
import type { JsonSchema } from '../../../mcp/types.js';
import type { ToolFormatId } from '../../../types/tool-formats.js';
import { parseToolCalls } from '../extract.js';
import { validateArguments } from '../validate.js';

export type Engine = 'vllm' | 'sglang' | 'llama.cpp' | 'ollama';

export type ExpectedCalls = Array<[name: string, args: Record<string, unknown>]> | 'none';

export interface EngineFixture {
  /** our row in docs/tool-call-formats.md */
  format: ToolFormatId;
  /** the engine's name for its parser or chat template */
  parser: string;
  /** the test file and commit the sample is quoted from (path@commit) */
  source: string;
  /** the test's name (or parameter id) */
  name: string;
  /** the model output the test feeds the parser */
  text: string;
  /** the tools the request offered */
  tools: string[];
  /** the calls the engine's test expects, or "none" */
  expect: ExpectedCalls;
  /** the parameters schema the test gave a tool, when the expected types depend on it */
  schemas?: Record<string, JsonSchema>;
  derived?: string;
  note?: string;
  /** where we deliberately read the sample otherwise, and what we read instead */
  differs?: { reason: string; ours: ExpectedCalls };
}

export interface FixtureRun {
  engine: Engine;
  fixture: EngineFixture;
  /** the calls that would run */
  got: Array<[string, Record<string, unknown>]>;
  /** what we read is what the engine's test expects */
  passes: boolean;
  /** what we read is what `differs` says we read (a listed difference) */
  listed: boolean;
  /**
   * more calls ran than the engine's test expects (a "none" case that ran a
   * call) and no listed difference says so: a call run that must not be
   */
  ranExtra: boolean;
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The calls that would run: parsed, not refused, and (with a schema) valid after coercion. */
export function callsThatRun(
  text: string,
  options: { tools: string[]; schemas?: Record<string, JsonSchema> | undefined; format?: ToolFormatId | undefined },
): Array<[string, Record<string, unknown>]> {
  const outcome = parseToolCalls(text, { knownTools: options.tools, format: options.format });
  const got: Array<[string, Record<string, unknown>]> = [];
  for (const call of outcome.calls) {
    const schema = options.schemas?.[call.name];
    if (!schema) {
      got.push([call.name, call.arguments]);
      continue;
    }
    const checked = validateArguments({ tool: call.name, schema, args: call.arguments });
    if (checked.ok) got.push([call.name, checked.value]);
  }
  return got;
}

export function runFixture(engine: Engine, fixture: EngineFixture): FixtureRun {
  const got = callsThatRun(fixture.text, { tools: fixture.tools, schemas: fixture.schemas });
  const expected = fixture.expect === 'none' ? [] : fixture.expect;
  const ours = fixture.differs ? (fixture.differs.ours === 'none' ? [] : fixture.differs.ours) : undefined;
  const passes = canonical(got) === canonical(expected);
  const listed = ours !== undefined && canonical(got) === canonical(ours);
  const ranExtra = got.length > (listed ? ours!.length : expected.length);
  return { engine, fixture, got, passes, listed, ranExtra };
}
