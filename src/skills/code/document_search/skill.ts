/**
 * document_search — find plant documents (SOPs, manuals, shift handover
 * notes) under docs.root through the docs server (confined there, GBK
 * decoded), showing the matching files with their matching lines and
 * offering to read one; with `path`, read that document (saying when it is
 * truncated and where to read on). A phrase that matches nothing is searched
 * again word by word (Chinese runs, then their two-character words). A
 * shift handover note asked by date and/or shift is found by the notes'
 * names and headings instead (handover.ts).
 */
import { AppError } from '../../../errors.js';
import { documentSearchArgs, type DocumentSearchArgs } from './args.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY, RETRYABLE_CODES } from '../shared/policy.js';
import { callStructured } from '../shared/tools.js';
import type { ReadResult } from './read-result.js';
import { t } from '../shared/text.js';
import { runHandover } from './handover.js';
import { runFigure } from './figure.js';
import { documentSearchOutput } from './output.js';

interface SearchResult {
  keyword: string;
  filename_matches: string[];
  matches: Array<{ path: string; line: number; text: string }>;
  total_matches: number;
  files_searched: number;
}

interface FileHit {
  path: string;
  terms: Set<string>;
  filename: boolean;
  lines: Map<number, string>;
}

const MAX_FILES = 5;
const LINES_PER_FILE = 3;
const STOP = new Set([
  'the',
  'for',
  'and',
  'of',
  'on',
  'in',
  'to',
  'a',
  'an',
  'about',
  'document',
  'documents',
  'doc',
  'docs',
  'file',
  'files',
  '文档',
  '文件',
  '资料',
]);

/** words of a query: whitespace- and script-separated runs (冲压机换模SOP → 冲压机换模, sop) */
export function queryTerms(query: string): string[] {
  const runs = query.normalize('NFKC').match(/[\p{Script=Han}]+|[\p{L}\p{N}][\p{L}\p{N}._-]*/gu) ?? [];
  const terms = runs
    .map((run) => run.toLowerCase())
    .filter((run) => !STOP.has(run) && (run.length >= 2 || /\p{Script=Han}/u.test(run)));
  return [...new Set(terms)];
}

/** two-character words of the longer Chinese runs (冲压机换模 → 冲压, 压机, 机换, 换模) */
export function hanBigrams(terms: string[]): string[] {
  const grams: string[] = [];
  for (const term of terms) {
    if (!/^\p{Script=Han}{3,}$/u.test(term)) continue;
    const chars = Array.from(term);
    for (let index = 0; index + 1 < chars.length; index++) grams.push(chars[index]! + chars[index + 1]!);
  }
  return [...new Set(grams)].slice(0, 8);
}

/**
 * Search every keyword in parallel; a file's `terms` are the query words it
 * matched (a two-character keyword counts for the word it came from).
 */
async function searchAll(
  ctx: SkillContext,
  keywords: string[],
  more: { parents?: Map<string, string>; into?: { hits: Map<string, FileHit>; searched: number } } = {},
): Promise<{ hits: Map<string, FileHit>; searched: number }> {
  const { parents = new Map<string, string>(), into } = more;
  const results = await Promise.all(
    keywords.map((keyword) => callStructured<SearchResult>(ctx, 'search_documents', { keyword, max_results: 30 })),
  );
  const hits = into?.hits ?? new Map<string, FileHit>();
  let searched = into?.searched ?? 0;
  const hitOf = (file: string): FileHit => {
    let hit = hits.get(file);
    if (!hit) hits.set(file, (hit = { path: file, terms: new Set(), filename: false, lines: new Map() }));
    return hit;
  };
  results.forEach(({ structured }, index) => {
    const keyword = parents.get(keywords[index]!) ?? keywords[index]!;
    searched = Math.max(searched, structured.files_searched ?? 0);
    for (const file of structured.filename_matches ?? []) {
      const hit = hitOf(file);
      hit.filename = true;
      hit.terms.add(keyword);
    }
    for (const match of structured.matches ?? []) {
      const hit = hitOf(match.path);
      hit.terms.add(keyword);
      hit.lines.set(match.line, lineEnds(match.text));
    }
  });
  return { hits, searched };
}

/**
 * What to search for when a path cannot be read: the operator's own words
 * when they said more than the path, else the words of the file's name
 * (manuals/does-not-exist.md → "does not exist").
 */
export function searchWords(query: string, path: string): string {
  const said = query.trim();
  if (said !== '' && !said.includes(path)) return said;
  const stem = (path.split(/[\\/]/).pop() ?? path)
    .replace(/\.[^.]+$/, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  return stem === '' ? path : stem;
}

/** CRLF and lone CR line ends as \n. */
export function lineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function isRetryable(error: unknown): boolean {
  return error instanceof AppError && RETRYABLE_CODES.includes(error.code);
}

async function read(ctx: SkillContext, args: DocumentSearchArgs, language: Language): Promise<SkillResult> {
  const path = args.path!.trim();
  ctx.progress(t(language, `正在读取 ${path}…`, `reading ${path}…`));
  let document: ReadResult;
  try {
    document = (await callStructured<ReadResult>(ctx, 'read_document', { path })).structured;
  } catch (error) {
    if (isRetryable(error) || !(error instanceof AppError)) throw error;
    const reason = error.message.replace(/^read_document failed: /, '');
    const missing = error.code === 'NOT_FOUND';
    const words = searchWords(args.query, path);
    return {
      answer: t(
        language,
        `无法读取 ${path}：${reason}\n\n${missing ? '文档目录中没有这个文件。' : ''}可以先搜索，例如：“查找${words}”。`,
        `Cannot read ${path}: ${reason}\n\n${missing ? 'There is no such file in the documents folder. ' : ''}Search for it first, e.g. "find ${words}".`,
      ),
      data: { arguments: args, error: missing ? 'missing' : 'unreadable', reason, search: words },
    };
  }
  const end = document.offset + document.returned_chars;
  const head = document.truncated
    ? t(
        language,
        `**${document.path}**（${document.encoding}，共 ${document.total_chars} 字符）——内容较长，以下只显示第 ${document.offset}–${end} 个字符；要继续读，请让我从第 ${end} 个字符接着读。`,
        `**${document.path}** (${document.encoding}, ${document.total_chars} characters) — TRUNCATED: ` +
          `showing characters ${document.offset}–${end}; ask me to read on from character ${end}.`,
      )
    : t(
        language,
        `**${document.path}**（${document.encoding}，共 ${document.total_chars} 字符，全文）：`,
        `**${document.path}** (${document.encoding}, ${document.total_chars} characters, complete):`,
      );
  // the docs server returns a file's text as stored (old GBK notes have CRLF line ends); answers use \n only
  const content = lineEnds(document.content);
  const body = /\.md$/i.test(document.path) ? content : `\`\`\`\n${content.replace(/```/g, '``\u200b`')}\n\`\`\``;
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: `${head}\n\n${body}`,
    data: {
      arguments: args,
      path: document.path,
      encoding: document.encoding,
      total_chars: document.total_chars,
      offset: document.offset,
      returned_chars: document.returned_chars,
      truncated: document.truncated,
      next_offset: document.next_offset,
    },
  };
}

async function execute(ctx: SkillContext, args: DocumentSearchArgs): Promise<SkillResult> {
  const language = ctx.language;
  if (args.path && args.path.trim() !== '') return read(ctx, args, language);
  if (args.handover_date !== undefined || args.handover_shift !== undefined) return runHandover(ctx, args);
  if (args.figure && args.figure.length > 0) return runFigure(ctx, args);
  const query = args.query.trim();
  ctx.progress(t(language, `正在搜索文档：“${query}”…`, `searching the documents for "${query}"…`));
  // 1. the whole query; 2. word by word; 3. the two-character words of Chinese words that matched nothing
  let outcome = await searchAll(ctx, [query]);
  let used = [query];
  const words = queryTerms(query).slice(0, 5);
  if (outcome.hits.size === 0 && (words.length > 1 || (words.length === 1 && words[0] !== query.toLowerCase()))) {
    outcome = await searchAll(ctx, words);
    used = words;
    const matched = new Set([...outcome.hits.values()].flatMap((hit) => [...hit.terms]));
    const parents = new Map<string, string>();
    for (const word of words.filter((entry) => !matched.has(entry)))
      for (const gram of hanBigrams([word])) if (!parents.has(gram)) parents.set(gram, word);
    if (parents.size > 0) {
      outcome = await searchAll(ctx, [...parents.keys()], { parents, into: outcome });
      used = [...words, ...parents.keys()];
    }
  }
  const files = [...outcome.hits.values()].sort(
    (a, b) =>
      b.terms.size - a.terms.size ||
      Number(b.filename) - Number(a.filename) ||
      b.lines.size - a.lines.size ||
      a.path.localeCompare(b.path),
  );
  ctx.progress(t(language, `找到 ${files.length} 个文档`, `found ${files.length} documents`), { files: files.length });
  const data = {
    arguments: args,
    keywords: used,
    files_searched: outcome.searched,
    files: files.map((file) => ({
      path: file.path,
      filename_match: file.filename,
      terms: [...file.terms],
      matches: [...file.lines.entries()].sort((a, b) => a[0] - b[0]).map(([line, text]) => ({ line, text })),
    })),
  };
  if (files.length === 0) {
    return {
      answer: t(
        language,
        `文档目录中没有文档提到“${query}”（已搜索 ${outcome.searched} 个文本文件）。请换一个词再试，例如设备名称或 SOP 编号。`,
        `No document in the documents folder mentions "${query}" (searched ${outcome.searched} text ` +
          `files). Try another word, e.g. the machine's name or an SOP number.`,
      ),
      data,
    };
  }
  const how =
    used.length === 1 && used[0] === query
      ? ''
      : t(language, `（按词搜索：${used.join('、')}）`, ` (searched word by word: ${used.join(', ')})`);
  const blocks = files.slice(0, MAX_FILES).map((file) => {
    const lines = [...file.lines.entries()].sort((a, b) => a[0] - b[0]);
    const shown = lines
      .slice(0, LINES_PER_FILE)
      .map(([line, text]) => t(language, `  - 第 ${line} 行：${text}`, `  - line ${line}: ${text}`));
    const more =
      lines.length > LINES_PER_FILE
        ? [
            t(
              language,
              `  - ……另有 ${lines.length - LINES_PER_FILE} 行`,
              `  - … ${lines.length - LINES_PER_FILE} more lines`,
            ),
          ]
        : [];
    const label =
      lines.length === 0
        ? t(language, '（文件名匹配）', ' (file name matches)')
        : t(language, `（${lines.length} 行匹配）`, ` (${lines.length} matching line${lines.length === 1 ? '' : 's'})`);
    return [`- **${file.path}**${label}`, ...shown, ...more].join('\n');
  });
  const first = files[0]!.path;
  const parts = [
    t(
      language,
      `找到 ${files.length} 个与“${query}”相关的文档${how}：`,
      `${files.length} document${files.length === 1 ? '' : 's'} match "${query}"${how}:`,
    ),
    blocks.join('\n'),
    files.length > MAX_FILES
      ? t(language, `另有 ${files.length - MAX_FILES} 个文档未列出。`, `${files.length - MAX_FILES} more not shown.`)
      : '',
    t(language, `要阅读其中一个，请说：“读取 ${first}”。`, `To read one, say: "read ${first}".`),
  ].filter(Boolean);
  ctx.progress(t(language, '完成', 'done'));
  return { answer: parts.join('\n\n'), data };
}

export const documentSearch: CodeSkill<DocumentSearchArgs> = {
  kind: 'code',
  name: 'document_search',
  description:
    "Find and read the plant's documents (SOPs, equipment manuals, shift handover notes, old GBK " +
    'files) under the documents folder: shows matching files with the matching lines; with `path`, ' +
    'reads that document. Use for "find the SOP for …", "what does the handover note say about …".',
  version: '1.0.0',
  parameters: documentSearchArgs,
  output: documentSearchOutput,
  timeoutMs: 20_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['search_documents', 'read_document', 'list_documents'] },
  triggers: [
    '查找SOP',
    '作业指导书',
    '手册',
    '交接班记录',
    '文档',
    'find the SOP',
    'manual',
    'handover notes',
    'document',
    'read document',
  ],
  execute,
};
