/**
 * The tools offered to the model for one question: every MCP tool
 * (ToolCaller.listTools) plus the relevant code skills, each offered as a tool
 * under its own name — or `skill__<name>` when an MCP tool already has that
 * name. Markdown skills are not tools: their body goes into the system prompt
 * as instructions, and they use the MCP tools.
 */
import type { JsonSchema, ToolInfo } from '../mcp/types.js';
import type { SkillInfo } from '../skills/engine-types.js';
import type { ChatTool } from '../llm/client.js';

export interface CatalogEntry {
  /** the name the model sees and calls */
  name: string;
  kind: 'mcp' | 'skill';
  /** the MCP tool name or the skill name */
  target: string;
  description: string;
  schema: JsonSchema;
  server?: string | undefined;
}

export const SKILL_TOOL_PREFIX = 'skill__';

export class ToolCatalog {
  readonly entries: CatalogEntry[];
  private readonly byName = new Map<string, CatalogEntry>();

  constructor(options: { tools: ToolInfo[]; skills: SkillInfo[] }) {
    const entries: CatalogEntry[] = options.tools.map((tool) => ({
      name: tool.name,
      kind: 'mcp',
      target: tool.name,
      description: tool.description,
      schema: tool.inputSchema,
      server: tool.server,
    }));
    const taken = new Set(entries.map((entry) => entry.name));
    for (const skill of options.skills) {
      if (skill.kind !== 'code' || !skill.enabled) continue;
      const name = taken.has(skill.name) ? `${SKILL_TOOL_PREFIX}${skill.name}` : skill.name;
      if (taken.has(name)) continue;
      taken.add(name);
      entries.push({
        name,
        kind: 'skill',
        target: skill.name,
        description: `${skill.description} (a whole procedure: prefer it over several raw tool calls)`,
        schema: { type: 'object', ...(skill.parameters as JsonSchema) },
      });
    }
    this.entries = entries;
    for (const entry of entries) this.byName.set(entry.name, entry);
  }

  get names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  get(name: string): CatalogEntry | undefined {
    return this.byName.get(name) ?? this.byName.get(`${SKILL_TOOL_PREFIX}${name}`);
  }

  /** The entry offering a skill, if that skill is offered. */
  forSkill(skill: string): CatalogEntry | undefined {
    return this.entries.find((entry) => entry.kind === 'skill' && entry.target === skill);
  }

  chatTools(): ChatTool[] {
    return this.entries.map((entry) => ({ name: entry.name, description: entry.description, parameters: entry.schema }));
  }
}

/** A one-line signature for the prompt: `name(a: string, b?: number) — first sentence`. */
export function signature(entry: CatalogEntry): string {
  const properties = entry.schema.properties ?? {};
  const required = new Set(entry.schema.required ?? []);
  const params = Object.entries(properties).map(([key, schema]) => {
    const type = Array.isArray(schema.type) ? schema.type.join('|') : (schema.type ?? (schema.enum ? 'enum' : 'any'));
    return `${key}${required.has(key) ? '' : '?'}: ${type}`;
  });
  const sentence = entry.description.split(/(?<=[.!?。])\s/)[0] ?? entry.description;
  return `${entry.name}(${params.join(', ')}) — ${sentence.slice(0, 200)}`;
}
