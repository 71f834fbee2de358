/**
 * The `docs` MCP server (SOURCES.md part C): list, read and search the plant's
 * documents (SOPs, manuals, shift handover notes) under `docs.root`, confined
 * to it, GBK decoded to UTF-8. Read-only and stateless.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Config } from '../../src/config/schema.js';
import type { Logger } from '../../src/log/index.js';
import { AppError } from '../../src/errors.js';
import { guarded, runStdioServer, toolOk, warnUnusedArgs, type ToolResult } from '../shared/server.js';
import { translations } from './glossary.js';
import {
  describeEncoding,
  listFiles,
  MAX_FILE_BYTES,
  openRoot,
  readText,
  resolveInside,
  TEXT_EXTENSIONS,
  type DocsRoot,
} from './files.js';

export const DEFAULT_MAX_CHARS = 8000;
export const MAX_CHARS_CAP = 50000;
const LINE_CONTEXT = 240;

function root(config: Config): DocsRoot {
  return openRoot(config.docs.root);
}

export function listDocuments(config: Config, folder?: string): ToolResult {
  const docsRoot = root(config);
  const target = resolveInside(docsRoot, folder ?? '', true);
  const { entries, truncated } = listFiles(docsRoot, target);
  const structured = { folder: target.relative, count: entries.length, truncated, documents: entries };
  const lines = entries.map(
    (entry) => `- ${entry.path} (${entry.size} bytes)${entry.readable ? '' : ` — cannot be read: ${entry.reason}`}`,
  );
  const where = target.relative === '' ? 'the documents folder' : `"${target.relative}"`;
  const text =
    entries.length === 0
      ? `No documents in ${where}.`
      : `${entries.length} documents in ${where}${truncated ? ' (list cut short: name a sub-folder)' : ''}:\n${lines.join('\n')}`;
  return toolOk(structured, text);
}

export async function readDocument(
  config: Config,
  args: { path: string; offset?: number | undefined; max_chars?: number | undefined },
): Promise<ToolResult> {
  const file = await readText(root(config), args.path);
  const total = file.text.length;
  const offset = args.offset ?? 0;
  const maxChars = Math.min(args.max_chars ?? DEFAULT_MAX_CHARS, MAX_CHARS_CAP);
  if (offset > 0 && offset >= total) {
    throw new AppError(
      'TOOL_ARGUMENTS_INVALID',
      `offset ${offset} is past the end of "${file.relative}" (${total} characters in all)`,
      {
        hint: `use an offset from 0 to ${Math.max(0, total - 1)}`,
      },
    );
  }
  let end = Math.min(total, offset + maxChars);
  // never split a surrogate pair
  if (end < total && /[\ud800-\udbff]/.test(file.text.charAt(end - 1))) end -= 1;
  const content = file.text.slice(offset, end);
  const truncated = end < total;
  const structured = {
    path: file.relative,
    encoding: file.encoding,
    bytes: file.bytes,
    total_chars: total,
    offset,
    returned_chars: content.length,
    truncated,
    next_offset: truncated ? end : null,
    content,
  };
  const header = truncated
    ? `[${file.relative} — ${describeEncoding(file.encoding)} — characters ${offset}..${end} of ` +
      `${total}. TRUNCATED: ${total - end} more characters; call read_document with offset=${end} to ` +
      `continue]`
    : `[${file.relative} — ${describeEncoding(file.encoding)} — characters ${offset}..${end} of ${total}, complete]`;
  return toolOk(structured, `${header}\n${content}`);
}

interface LineMatch {
  path: string;
  line: number;
  text: string;
}

/** Case-insensitive matcher: the whole keyword, or (fallback) every word of it on one line. */
function matcher(keyword: string, mode: 'phrase' | 'all_words'): (line: string) => number {
  const needle = keyword.toLowerCase();
  const words = needle.split(/\s+/).filter(Boolean);
  return mode === 'phrase'
    ? (line) => line.toLowerCase().indexOf(needle)
    : (line) => {
        const lower = line.toLowerCase();
        return words.every((word) => lower.includes(word)) ? lower.indexOf(words[0]!) : -1;
      };
}

function excerpt(line: string, at: number): string {
  if (line.length <= LINE_CONTEXT) return line;
  const start = Math.max(0, Math.min(at - LINE_CONTEXT / 3, line.length - LINE_CONTEXT));
  return `${start > 0 ? '…' : ''}${line.slice(start, start + LINE_CONTEXT)}${start + LINE_CONTEXT < line.length ? '…' : ''}`;
}

function searchLines(
  pathName: string,
  text: string,
  search: { find: (line: string) => number; into: LineMatch[]; limit: number },
): number {
  const { find, into, limit } = search;
  let found = 0;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const at = find(lines[index]!);
    if (at < 0) continue;
    found++;
    if (into.length < limit) into.push({ path: pathName, line: index + 1, text: excerpt(lines[index]!, at).trim() });
  }
  return found;
}

function checkKeyword(keyword: string): string {
  const trimmed = keyword.trim();
  if (trimmed === '')
    throw new AppError('TOOL_ARGUMENTS_INVALID', 'the keyword is empty', {
      hint: 'give a word to look for, e.g. "保养" or "torque"',
    });
  return trimmed;
}

/** Text read by one search_documents call at most; the rest of the files are skipped and counted. */
export const SEARCH_MAX_BYTES = 64 * 1024 * 1024;

export async function searchDocuments(
  config: Config,
  args: { keyword: string; max_results?: number | undefined },
): Promise<ToolResult> {
  const keyword = checkKeyword(args.keyword);
  const limit = args.max_results ?? 10;
  const docsRoot = root(config);
  const { entries, truncated: listTruncated } = listFiles(docsRoot, { real: docsRoot.real, relative: '' });
  const readable = entries.filter((entry) => entry.readable);
  let budgetSkipped = 0;
  const run = async (mode: 'phrase' | 'all_words', word = keyword) => {
    const find = matcher(word, mode);
    let read = 0;
    budgetSkipped = 0;
    const matches: LineMatch[] = [];
    const filenameMatches = entries.filter((entry) => find(entry.path) >= 0).map((entry) => entry.path);
    let total = 0;
    const filesWithMatches: string[] = [];
    for (const entry of readable) {
      if (read + entry.size > SEARCH_MAX_BYTES) {
        budgetSkipped++;
        continue;
      }
      let file: Awaited<ReturnType<typeof readText>>;
      try {
        file = await readText(docsRoot, entry.path);
      } catch {
        budgetSkipped++; // changed or replaced since the listing (e.g. by a pipe): skipped, counted
        continue;
      }
      read += file.bytes;
      const found = searchLines(entry.path, file.text, { find, into: matches, limit });
      if (found > 0) filesWithMatches.push(entry.path);
      total += found;
    }
    return { matches, filenameMatches, total, filesWithMatches };
  };
  let mode: 'phrase' | 'all_words' = 'phrase';
  let outcome = await run(mode);
  if (outcome.total === 0 && outcome.filenameMatches.length === 0 && /\s/.test(keyword)) {
    mode = 'all_words';
    outcome = await run(mode);
  }
  // nothing: the keyword's translations (glossary.ts), so 挂牌上锁 finds the English lockout SOP
  let searchedAs: string | undefined;
  if (outcome.total === 0 && outcome.filenameMatches.length === 0) {
    for (const other of translations(keyword)) {
      const found = await run('phrase', other);
      if (found.total > 0 || found.filenameMatches.length > 0) {
        [outcome, searchedAs, mode] = [found, other, 'phrase'];
        break;
      }
    }
  }
  const structured = {
    keyword,
    ...(searchedAs ? { searched_as: searchedAs } : {}),
    mode,
    filename_matches: outcome.filenameMatches,
    matches: outcome.matches,
    total_matches: outcome.total,
    truncated: outcome.total > outcome.matches.length,
    files_with_matches: outcome.filesWithMatches,
    files_searched: readable.length,
    files_skipped: entries.length - readable.length + budgetSkipped + (listTruncated ? 1 : 0),
  };
  const parts: string[] = [];
  if (searchedAs) parts.push(`No document contains "${keyword}"; searched its translation "${searchedAs}" instead.`);
  const shown = searchedAs ?? keyword;
  if (outcome.filenameMatches.length > 0)
    parts.push(`File names containing "${shown}": ${outcome.filenameMatches.join(', ')}`);
  if (outcome.total === 0) parts.push(`No line contains "${shown}" in ${readable.length} text files.`);
  else {
    parts.push(
      `${outcome.total} matching lines${mode === 'all_words' ? ' (every word on one line)' : ''} in ${outcome.filesWithMatches.length} files` +
        (structured.truncated
          ? `, showing the first ${outcome.matches.length} (raise max_results or use search_in_file for more)`
          : '') +
        ':',
    );
    for (const match of outcome.matches) parts.push(`${match.path}:${match.line}: ${match.text}`);
  }
  return toolOk(structured, parts.join('\n'));
}

export async function searchInFile(
  config: Config,
  args: { path: string; keyword: string; max_results?: number | undefined },
): Promise<ToolResult> {
  const keyword = checkKeyword(args.keyword);
  const limit = args.max_results ?? 10;
  const file = await readText(root(config), args.path);
  const matches: LineMatch[] = [];
  const total = searchLines(file.relative, file.text, { find: matcher(keyword, 'phrase'), into: matches, limit });
  const structured = {
    path: file.relative,
    encoding: file.encoding,
    keyword,
    matches: matches.map(({ line, text }) => ({ line, text })),
    total_matches: total,
    truncated: total > matches.length,
  };
  const head =
    total === 0
      ? `"${keyword}" does not occur in ${file.relative} (${describeEncoding(file.encoding)}).`
      : `${total} lines of ${file.relative} (${describeEncoding(file.encoding)}) contain ` +
        `"${keyword}"${structured.truncated ? `, showing the first ${matches.length}` : ''}:`;
  return toolOk(structured, [head, ...matches.map((match) => `line ${match.line}: ${match.text}`)].join('\n'));
}

const PATH_DESCRIPTION =
  'a path relative to the documents folder, exactly as list_documents shows it, e.g. "sop/press-maintenance.md" / 文档相对路径';

function register(server: McpServer, config: Config, log: Logger): void {
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  server.registerTool(
    'list_documents',
    {
      title: 'List plant documents / 列出文档',
      description:
        'Lists the plant documents (SOPs, equipment manuals, shift handover notes) in the documents folder or one of its sub-folders, with size. ' +
        `Only text files (${TEXT_EXTENSIONS.join(' ')}) can be read; other files are listed with the reason. 列出工厂文档。`,
      inputSchema: {
        folder: z
          .string()
          .max(500)
          .optional()
          .describe(
            'optional sub-folder, relative to the documents folder; leave out for all documents / 子目录（可选）',
          ),
      },
      annotations: readOnly,
    },
    guarded(log, 'list_documents', ({ folder }) => listDocuments(config, folder)),
  );
  server.registerTool(
    'read_document',
    {
      title: 'Read a document / 读取文档',
      description:
        `Reads a text document (GBK files are converted to UTF-8). Returns at most max_chars characters (default ${DEFAULT_MAX_CHARS}) from offset; ` +
        'when the document is longer the answer says TRUNCATED and gives next_offset — call again with that offset to read on. ' +
        'To find where something is in a long document use search_in_file first. 读取文档内容（长文档分段读取）。',
      inputSchema: {
        path: z.string().max(500).describe(PATH_DESCRIPTION),
        offset: z.coerce
          .number()
          .int()
          .min(0)
          .optional()
          .describe('character position to start from (default 0) / 起始字符位置'),
        max_chars: z.coerce
          .number()
          .int()
          .min(1)
          .max(MAX_CHARS_CAP)
          .optional()
          .describe(
            `how many characters to return, default ${DEFAULT_MAX_CHARS}, at most ${MAX_CHARS_CAP} / 最多返回字符数`,
          ),
      },
      annotations: readOnly,
    },
    guarded(log, 'read_document', (args) => readDocument(config, args)),
  );
  server.registerTool(
    'search_documents',
    {
      title: 'Search all documents / 全文搜索文档',
      description:
        'Finds a keyword (case-insensitive, Chinese or English) in the file names and in every line of every text document. ' +
        'Returns the path, line number and the line for each match; then read the document around it with read_document or search_in_file. ' +
        'Use one short keyword, e.g. "扭矩" or "torque". 在所有文档中搜索关键词。',
      inputSchema: {
        keyword: z.string().max(200).describe('the word or phrase to find, e.g. "保养周期" / 关键词'),
        max_results: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .optional()
          .describe('most matching lines returned, default 10 / 最多结果数'),
      },
      annotations: readOnly,
    },
    guarded(log, 'search_documents', (args) => searchDocuments(config, args)),
  );
  server.registerTool(
    'search_in_file',
    {
      title: 'Search one document / 在文档中搜索',
      description:
        'Finds a keyword (case-insensitive) in one text document and returns the line numbers and lines that contain it. 在单个文档中搜索关键词。',
      inputSchema: {
        path: z.string().max(500).describe(PATH_DESCRIPTION),
        keyword: z.string().max(200).describe('the word or phrase to find / 关键词'),
        max_results: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .optional()
          .describe('most matching lines returned, default 10 / 最多结果数'),
      },
      annotations: readOnly,
    },
    guarded(log, 'search_in_file', (args) => searchInFile(config, args)),
  );
}

export async function runServer(options: { config: Config; args: string[] }): Promise<void> {
  await runStdioServer({
    config: options.config,
    name: 'docs',
    instructions: `Plant documents under the documents folder (read-only; text files up to ${MAX_FILE_BYTES} bytes). 工厂文档检索。`,
    register: (server, log) => {
      warnUnusedArgs(log, options.args);
      register(server, options.config, log);
    },
  });
}
