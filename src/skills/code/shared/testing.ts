/**
 * Test support for the skills (imported only by *.test.ts): a scripted
 * ToolCaller, query results in the query server's shape, and a runner that
 * goes through the real engine (argument validation, timeout, retry, events)
 * with the plant clock fixed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../../../config/load.js';
import { openAgentDb } from '../../../store/agent-db.js';
import { setFixedNow } from '../../../clock.js';
import type { AgentEvent } from '../../../types/answer.js';
import type { QueryResult, ToolCaller, ToolCallRequest, ToolCallResult } from '../../../mcp/types.js';
import { PlantSkillEngine } from '../../engine.js';
import { unroutedIndex } from '../../module.js';
import type { CodeSkill, Language, SkillResult } from '../../../skills/types.js';
import { listDocuments, readDocument, searchDocuments, searchInFile } from '../../../../mcp-servers/docs/server.js';

export type Reply = Omit<ToolCallResult, 'ms'> & { ms?: number };

export function fakeTools(
  handler: (request: ToolCallRequest) => Reply | Promise<Reply>,
): ToolCaller & { calls: ToolCallRequest[] } {
  const calls: ToolCallRequest[] = [];
  return {
    calls,
    listTools: () => [],
    async callTool(request) {
      calls.push(request);
      return { ms: 1, ...(await handler(request)) };
    },
  };
}

/** a query_database answer */
export function rows(columns: string[], data: Array<Array<string | number | null>>, hasMore = false): Reply {
  const structured: QueryResult = {
    columns,
    rows: data,
    row_count: data.length,
    has_more: hasMore,
    elapsed_ms: 1,
    cached: false,
  };
  return { ok: true, text: `${data.length} rows`, structured };
}

export function toolOk(structured: unknown, text = 'ok'): Reply {
  return { ok: true, text, structured };
}

export function toolErr(code: string, text: string): Reply {
  return { ok: false, text, errorCode: code };
}

export const LINES = rows(
  ['line_id', 'name', 'name_en'],
  [
    ['A', '产线A', 'Line A'],
    ['B', '产线B', 'Line B'],
    ['C', '产线C', 'Line C'],
    ['D', '产线D', 'Line D'],
  ],
);

export function sqlOf(request: ToolCallRequest): string {
  return String(request.arguments.sql ?? '');
}

export async function runSkill(options: {
  skill: CodeSkill<any>;
  args: unknown;
  tools: ToolCaller;
  language?: Language;
  /** plant-local ISO date-time; default 2026-11-29T10:00:00 (a Sunday) */
  now?: string;
  skillsDir?: string;
  extraSkills?: CodeSkill<any>[];
  name?: string;
}): Promise<{ result: SkillResult; events: AgentEvent[] }> {
  const ownDir = options.skillsDir === undefined;
  const dir = options.skillsDir ?? mkdtempSync(path.join(os.tmpdir(), 'skills-'));
  const config = configFromObject({ skills: { dir, watch: false }, plant: { timezone: 'Asia/Shanghai' } }, dir);
  const db = openAgentDb(':memory:');
  const engine = new PlantSkillEngine({
    config,
    db,
    log: pino({ level: 'silent' }),
    skills: unroutedIndex([options.skill, ...(options.extraSkills ?? [])]),
    watch: false,
  });
  const events: AgentEvent[] = [];
  setFixedNow(options.now ?? '2026-11-29T10:00:00', 'Asia/Shanghai');
  try {
    const result = await engine.run(options.name ?? options.skill.name, options.args, {
      traceId: 'trace-test',
      sessionId: 'session-test',
      language: options.language ?? 'en',
      signal: new AbortController().signal,
      tools: options.tools,
      onEvent: (event) => events.push(event),
    });
    return { result, events };
  } finally {
    setFixedNow(undefined, 'UTC');
    await engine.close();
    db.close();
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  }
}

/** the skill with tiny backoff delays, for retry tests */
export function fastRetry<T>(skill: CodeSkill<T>): CodeSkill<T> {
  return { ...skill, retry: { ...skill.retry, backoffMs: skill.retry.backoffMs.map(() => 1) } };
}

/**
 * query_database answered by a real SQLite plant (a seeded plant.db opened with better-sqlite3), with the
 * server's rules kept: named columns, a LIMIT on every query, pages of 100 rows.
 */
export function plantDbTools(db: {
  prepare(sql: string): {
    raw(toggle: boolean): { all(): unknown[] };
    columns(): Array<{ name: string }>;
  };
}): ToolCaller & { calls: ToolCallRequest[] } {
  return fakeTools((request) => {
    if (request.name !== 'query_database') return { ok: false, text: `no tool ${request.name}` };
    const sql = String(request.arguments.sql);
    if (/SELECT \*/i.test(sql) || !/\bLIMIT \d+/i.test(sql)) return toolErr('QUERY_REJECTED', `not allowed: ${sql}`);
    const statement = db.prepare(sql);
    const data = statement.raw(true).all() as Array<Array<string | number | null>>;
    return rows(
      statement.columns().map((column) => column.name),
      data,
      data.length === 100,
    );
  });
}

/**
 * The docs server's tools (list_documents, read_document, search_documents, search_in_file) run in process on a
 * real documents folder — the seeder's GBK and UTF-8 files read by the server's own code — answered as the MCP
 * client manager answers a skill. Other tools are refused.
 */
export function docsServerTools(root: string): ToolCaller & { calls: ToolCallRequest[] } {
  const config = configFromObject({ docs: { root } }, root);
  return fakeTools(async (request) => {
    const args = request.arguments as Record<string, any>;
    let result;
    try {
      result =
        request.name === 'list_documents'
          ? listDocuments(config, args.folder)
          : request.name === 'read_document'
            ? await readDocument(config, { path: args.path, offset: args.offset, max_chars: args.max_chars })
            : request.name === 'search_documents'
              ? await searchDocuments(config, { keyword: args.keyword, max_results: args.max_results })
              : request.name === 'search_in_file'
                ? await searchInFile(config, { path: args.path, keyword: args.keyword, max_results: args.max_results })
                : undefined;
    } catch (error) {
      return toolErr((error as { code?: string }).code ?? 'TOOL_FAILED', (error as Error).message);
    }
    if (!result) return { ok: false, text: `no tool ${request.name}` };
    const text = (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
    return { ok: true, text, structured: result.structuredContent };
  });
}
