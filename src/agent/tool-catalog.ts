/**
 * The tools offered to the model for one question: every MCP tool
 * (ToolCaller.listTools) plus the relevant code skills, each offered as a tool
 * under its own name — or `skill__<name>` when an MCP tool already has that
 * name. Markdown skills are not tools: their body goes into the system prompt
 * as instructions, and they use the MCP tools.
 *
 * Given the question, the catalog also ranks its tools (issue 14): a small set
 * is offered in full (native `tools` and the prompt's signatures) — the code
 * skills the router found relevant, the data tools every question may need,
 * and the MCP tools whose names and descriptions share the question's words —
 * and the rest are only named in the prompt. Every tool stays callable: a call
 * to one that was only named is looked up, validated and run like any other.
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

/** At most this many tools are offered in full; the others are named only. */
export const OFFERED_TOOLS = 6;
/** Offered whatever the question: the plant's data is behind them. */
const CORE_TOOLS = ['query_database', 'describe_schema'];

/** Plant words (English and Chinese) and the tool words they point to. */
const SYNONYMS: Array<[RegExp, string[]]> = [
  [/不良|缺陷|质量|良率|合格|defect|yield|quality|scrap|reject/i, ['quality', 'defect', 'metrics']],
  [/值班|on.?call|engineer|工程师|负责人/i, ['oncall', 'engineer', 'duty']],
  [/假期|节假日|假日|holiday|节日|休息日/i, ['holiday']],
  [
    /设备|机器|机台|故障|维修|保养|振动|equipment|machine|fault|maintenance|repair|vibrat|broken/i,
    ['equipment', 'fault', 'work', 'order', 'issue', 'maintenance'],
  ],
  [/工单|work.?orders?|tickets?|issues?/i, ['work', 'order', 'issue', 'issues']],
  [
    /文档|手册|说明书|规程|作业指导|规范|sop|manual|document|procedure|instruction|handbook|guide/i,
    ['document', 'docs', 'search', 'read'],
  ],
  [/周报|月报|报告|report|weekly|summary/i, ['report', 'weekly']],
  [/计算|换算|calculat|convert|percent/i, ['calculator', 'calculate', 'convert']],
  [/几点|时间|日期|今天|昨天|明天|time|date|today|tomorrow|yesterday/i, ['time', 'date', 'datetime']],
];

function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) if (word.length >= 3) out.add(word.replace(/s$/, ''));
  return out;
}

/** At most this many tools keep a place because the question says their names' words (before the skills). */
const RESERVED_NAMED = 2;

/** How many of a tool's NAME words the question says, itself or through a plant word. */
function nameScore(entry: CatalogEntry, question: string, questionWords: Set<string>): number {
  const name = words(entry.name.replace(/[_.-]+/g, ' '));
  let score = 0;
  for (const word of questionWords) if (name.has(word)) score += 1;
  for (const [pattern, targets] of SYNONYMS) {
    if (!pattern.test(question)) continue;
    for (const target of targets) if (name.has(target)) score += 1;
  }
  return score;
}

/** How much a tool has to do with the question: shared words, and the plant words that point to it. */
function relevance(entry: CatalogEntry, question: string, questionWords: Set<string>): number {
  const own = words(`${entry.name.replace(/[_.-]+/g, ' ')} ${entry.description}`);
  const name = words(entry.name.replace(/[_.-]+/g, ' '));
  let score = 0;
  for (const word of questionWords) if (own.has(word)) score += name.has(word) ? 3 : 1;
  for (const [pattern, targets] of SYNONYMS) {
    if (!pattern.test(question)) continue;
    for (const target of targets) if (own.has(target)) score += name.has(target) ? 3 : 1;
  }
  return score;
}

export class ToolCatalog {
  readonly entries: CatalogEntry[];
  /** offered in full to the model for this question (all entries when no question was given) */
  readonly offered: CatalogEntry[];
  private readonly byName = new Map<string, CatalogEntry>();

  constructor(options: {
    tools: ToolInfo[];
    skills: SkillInfo[];
    question?: string | undefined;
    offer?: number | undefined;
  }) {
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
    this.offered =
      options.question === undefined ? entries : rank(entries, options.question, options.offer ?? OFFERED_TOOLS);
  }

  /** Callable but only named in the prompt. */
  get named(): CatalogEntry[] {
    const offered = new Set(this.offered);
    return this.entries.filter((entry) => !offered.has(entry));
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

  /** The native `tools` of a request: the offered ones. */
  chatTools(): ChatTool[] {
    return this.offered.map((entry) => ({
      name: entry.name,
      description: entry.description,
      parameters: entry.schema,
    }));
  }
}

/**
 * The offered set, in catalog order: the relevant code skills first, then the
 * core data tools, then the best-scoring MCP tools, up to `limit` in all.
 */
function rank(entries: CatalogEntry[], question: string, limit: number): CatalogEntry[] {
  if (entries.length <= limit) return entries;
  const questionWords = words(question);
  const chosen = new Set<CatalogEntry>();
  // the tools the question names by their own words (a document question: search_documents, read_document) are
  // kept a place before the skills fill it: the skills relevant() answers may share only a common word
  const named = entries
    .map((entry, index) => ({ entry, index, name: nameScore(entry, question, questionWords) }))
    .filter((item) => item.entry.kind === 'mcp' && item.name > 0 && !CORE_TOOLS.includes(item.entry.name))
    .map((item) => ({ ...item, score: relevance(item.entry, question, questionWords) }))
    .sort((a, b) => b.name - a.name || b.score - a.score || a.index - b.index)
    .slice(0, RESERVED_NAMED);
  const cores = CORE_TOOLS.filter((core) => entries.some((entry) => entry.name === core)).length;
  for (const entry of entries)
    if (entry.kind === 'skill' && chosen.size < limit - cores - named.length) chosen.add(entry);
  for (const core of CORE_TOOLS) {
    const entry = entries.find((candidate) => candidate.name === core);
    if (entry && chosen.size < limit) chosen.add(entry);
  }
  for (const item of named) if (chosen.size < limit) chosen.add(item.entry);
  const scored = entries
    .filter((entry) => !chosen.has(entry))
    .map((entry, index) => ({ entry, index, score: relevance(entry, question, questionWords) }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const item of scored) if (chosen.size < limit) chosen.add(item.entry);
  return entries.filter((entry) => chosen.has(entry));
}

/** A one-line signature for the prompt: `name(a: string, b?: number) — first sentence`. */
export function signature(entry: CatalogEntry): string {
  const properties = entry.schema.properties ?? {};
  const required = new Set(entry.schema.required ?? []);
  const params = Object.entries(properties).map(([key, schema]) => {
    const type = Array.isArray(schema.type) ? schema.type.join('|') : (schema.type ?? (schema.enum ? 'enum' : 'any'));
    return `${key}${required.has(key) ? '' : '?'}: ${type}`;
  });
  return `${entry.name}(${params.join(', ')}) — ${firstSentence(entry.description, 200)}`;
}

/**
 * A tool named but not described in the prompt: its name and its parameters' names (a model that guessed
 * `query` for `keyword` lost a round trip), `?` on the optional ones.
 */
export function namedSignature(entry: CatalogEntry): string {
  const required = new Set(entry.schema.required ?? []);
  const params = Object.keys(entry.schema.properties ?? {}).map((key) => `${key}${required.has(key) ? '' : '?'}`);
  return `${entry.name}(${params.join(', ')})`;
}

/**
 * A description's first sentence (English or Chinese), at most `max` characters: a longer one is cut at the last
 * word or clause boundary and ends with "…", never in the middle of a word (a model read "which machines are "
 * and "raw too" as the whole of what a tool does).
 */
export function firstSentence(description: string, max: number): string {
  const sentence = (description.split(/(?<=[.!?])\s|(?<=[。！？])/)[0] ?? description).trim();
  if (sentence.length <= max) return sentence;
  const head = sentence.slice(0, max - 1);
  const boundary = Math.max(
    head.lastIndexOf(' '),
    ...['，', '、', '；', ',', ';'].map((mark) => head.lastIndexOf(mark) + 1),
  );
  return `${(boundary > max / 2 ? head.slice(0, boundary) : head).trimEnd().replace(/[,;，、；]$/, '')}…`;
}
