/**
 * A figure from a manual or SOP, without a model (issue 27, item 5): a torque, an interval, an amount, a limit, a
 * clearance, a temperature, a pressure, a setting. The subject's words (both languages: the plant's documents are
 * partly Chinese, partly English) are searched in every document; each document that matches is read, and its
 * lines — table rows, list items, sentences — are scored: the asked kind of figure (a number with its unit), the
 * subject's words, the question's other words. The best line is quoted whole with its document and section. A
 * subject found with no line holding such a figure, or not found at all, is an honest reply naming what was searched.
 */
import type { SkillContext, SkillResult } from '../../../skills/types.js';
import { callStructured } from '../shared/tools.js';
import { t } from '../shared/text.js';
import type { DocumentSearchArgs } from './args.js';
import type { ReadResult } from './read-result.js';

export type FigureKind =
  | 'torque'
  | 'interval'
  | 'amount'
  | 'clearance'
  | 'temperature'
  | 'pressure'
  | 'setting'
  | 'size'
  | 'limit'
  | 'meaning';

/** a number with the units of each kind, as the documents write them */
const NUMBER = String.raw`\d+(?:\.\d+)?(?:\s*(?:-|~|to|～)\s*\d+(?:\.\d+)?)?`;
export const KIND_UNITS: Record<FigureKind, RegExp> = {
  torque: new RegExp(`${NUMBER}\\s*(?:N·m|N\\.m|Nm|牛·?米)`, 'i'),
  interval: new RegExp(
    `(?:每|every)\\s*${NUMBER}?\\s*(?:个)?\\s*(?:运行)?\\s*(?:小时|天|分钟|班|周|月|running\\s+hours|hours?|days?|minutes?|shifts?)|${NUMBER}\\s*(?:-minute|小时|hours?)`,
    'i',
  ),
  amount: new RegExp(`${NUMBER}\\s*(?:g|克|kg|ml|毫升|L|升)(?![a-z/])`, 'i'),
  clearance: new RegExp(`${NUMBER}\\s*(?:mm|毫米)`, 'i'),
  temperature: new RegExp(`${NUMBER}\\s*(?:℃|°C|度)`, 'i'),
  pressure: new RegExp(`${NUMBER}\\s*(?:MPa|兆帕|bar|kPa)`, 'i'),
  setting: new RegExp(`${NUMBER}\\s*(?:A|安|V|伏|L/min|升/分钟|cm/min|厘米/分钟)(?![a-z])`, 'i'),
  size: new RegExp(`${NUMBER}\\s*(?:mm|毫米)|M\\d{2}`, 'i'),
  limit: new RegExp(
    `^\\|\\s*[<>≤≥]?\\s*${NUMBER}\\s*\\||[<>≤≥]\\s*${NUMBER}|${NUMBER}\\s*(?:mm/s|倍)|(?:above|below|超过|低于|高于|小于|大于)\\s*${NUMBER}`,
    'i',
  ),
  meaning: /\|\s*[A-Z]{2}\d{4}\s*\||[A-Z]{2}\d{4}/,
};

interface Passage {
  path: string;
  title: string;
  section: string;
  line: number;
  text: string;
  score: number;
}

interface SearchResult {
  matches: Array<{ path: string; line: number; text: string }>;
  files_searched: number;
}

const lineEnds = (text: string): string => text.replace(/\r\n?/g, '\n');

const HEADING = /^\s*(?:#{1,6}\s+.+|[一二三四五六七八九十]+、.+|\d+\s+\S.*|[=]{3,}.*)$/;

/** the document's lines with their section heading (the nearest heading above) and its title (the first heading) */
function sections(text: string): { title: string; lines: Array<{ line: number; text: string; section: string }> } {
  const raw = lineEnds(text).split('\n');
  let title = '';
  let section = '';
  const lines: Array<{ line: number; text: string; section: string }> = [];
  raw.forEach((value, index) => {
    const trimmed = value.trim();
    if (trimmed === '' || /^[=\-|:\s]+$/.test(trimmed)) return;
    if (!title) title = trimmed.replace(/^#+\s*/, '');
    if (HEADING.test(trimmed) && !/^\d+\.\s/.test(trimmed)) {
      section = trimmed.replace(/^#+\s*/, '');
      return;
    }
    lines.push({ line: index + 1, text: trimmed, section });
  });
  return { title, lines };
}

/** the question's words: Latin words of three letters or more, the two-character words of Chinese runs */
const words = (text: string): string[] => {
  const out = new Set<string>();
  for (const run of text.toLowerCase().match(/[\p{Script=Han}]{2,}|[a-z0-9][a-z0-9-]{2,}/gu) ?? []) {
    if (/^[a-z0-9]/.test(run)) out.add(run);
    else for (let index = 0; index + 1 < run.length; index++) out.add(run.slice(index, index + 2));
  }
  return [...out].filter(
    (word) =>
      !/^(?:the|and|what|how|much|often|does|for|with|多少|什么|怎么|是多|少要|超过|低于|高于|以上|以下|过多)$/.test(
        word,
      ),
  );
};

/**
 * how well a line answers: it must hold a figure of an asked kind and name the subject (in the line, its section or
 * its document's title); then each further kind it holds, the subject in the line itself, and the question's other
 * words (in the line or its section) rank it
 */
function scoreOf(
  line: { text: string; section: string; title: string },
  asked: { kinds: FigureKind[]; terms: string[]; words: string[]; chinese: boolean },
): number {
  const { kinds, terms } = asked;
  const lower = line.text.toLowerCase();
  const figures = kinds.filter((kind) => KIND_UNITS[kind].test(line.text)).length;
  if (figures === 0) return 0;
  const around = `${line.section} ${line.title}`.toLowerCase();
  const inLine = terms.some((term) => lower.includes(term.toLowerCase()));
  if (!inLine && !terms.some((term) => around.includes(term.toLowerCase()))) return 0;
  const section = line.section.toLowerCase();
  const other = asked.words.filter(
    (word) =>
      !terms.some((term) => term.toLowerCase().includes(word)) && (lower.includes(word) || section.includes(word)),
  ).length;
  // a line in the operator's language first, when all else is equal
  const sameLanguage = /[\u4e00-\u9fff]/.test(line.text) === asked.chinese ? 1 : 0;
  // each further subject the line names ("更换主轴轴承后空载试运行 2 小时": the bearing and the run-in) ranks it too
  // (words of one subject share a part — 主轴轴承 and 轴承座, "main bearing" and "bearing housing" — and count once)
  const parts = (term: string): string[] =>
    /[\u4e00-\u9fff]/.test(term)
      ? [...term].slice(0, -1).map((char, index) => char + term[index + 1])
      : term.toLowerCase().split(/[\s-]+/);
  const counted: string[][] = [];
  for (const term of terms.filter((candidate) => lower.includes(candidate.toLowerCase()))) {
    const own = parts(term);
    if (!counted.some((other) => other.some((part) => own.includes(part)))) counted.push(own);
  }
  const subjects = counted.length;
  return 10 + 2 * (figures - 1) + (inLine ? 3 : 0) + 2 * Math.max(0, subjects - 1) + 3 * other + sameLanguage;
}

export async function runFigure(ctx: SkillContext, args: DocumentSearchArgs): Promise<SkillResult> {
  const language = ctx.language;
  const kinds = (args.figure ?? []) as FigureKind[];
  const terms = args.terms?.length ? args.terms : [args.query];
  ctx.progress(t(language, `正在文档中查找：${terms.join('、')}…`, `searching the documents for ${terms.join(', ')}…`));
  const results = await Promise.all(
    terms.map((keyword) => callStructured<SearchResult>(ctx, 'search_documents', { keyword, max_results: 50 })),
  );
  const searched = Math.max(0, ...results.map((result) => result.structured.files_searched ?? 0));
  const files = [...new Set(results.flatMap((result) => result.structured.matches.map((match) => match.path)))]
    // shift handover notes report a day; manuals and SOPs hold the figures
    .filter((path) => !/^handover\//.test(path))
    .slice(0, 6);
  const asked = words(args.query);
  const passages: Passage[] = [];
  for (const path of files) {
    const document = (await callStructured<ReadResult>(ctx, 'read_document', { path, max_chars: 20000 })).structured;
    const { title, lines } = sections(document.content);
    for (const line of lines) {
      const score = scoreOf(
        { ...line, title },
        { kinds, terms, words: asked, chinese: /[\u4e00-\u9fff]/.test(args.query) },
      );
      if (score > 0) passages.push({ path, title, section: line.section, line: line.line, text: line.text, score });
    }
  }
  passages.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path) || a.line - b.line);
  const best = passages[0];
  // the best line, and the best of another document when it says as much (an SOP and the manual's table)
  const quoted = best
    ? [best, ...passages.filter((passage) => passage.path !== best.path && passage.score === best.score).slice(0, 1)]
    : [];
  const data = {
    arguments: args,
    figure: kinds,
    terms,
    files_searched: searched,
    files_matched: files,
    passages: quoted.map(({ path, title, section, line, text }) => ({ path, title, section, line, text })),
  };
  ctx.progress(t(language, '完成', 'done'));
  if (quoted.length === 0) {
    const where = files.length > 0 ? files.join(', ') : t(language, '没有文档提到它', 'no document mentions them');
    return {
      answer: t(
        language,
        `文档里没有找到写明这个数值的段落。已在 ${searched} 个文档中搜索：${terms.join('、')}（提到的文档：${where}）。`,
        `No passage in the documents gives that figure. Searched ${searched} documents for ${terms.join(', ')} ` +
          `(documents mentioning them: ${where}).`,
      ),
      data: { ...data, error: 'no_figure' },
    };
  }
  const named = (passage: Passage): boolean => passage.section !== '' && passage.section !== passage.title;
  const quote = (passage: Passage): string =>
    t(
      language,
      `> ${passage.text}\n\n——《${passage.title}》（${passage.path}）${named(passage) ? `，${passage.section}` : ''}，第 ${passage.line} 行`,
      `> ${passage.text}\n\n— "${passage.title}" (${passage.path})${named(passage) ? `, section "${passage.section}"` : ''}, line ${passage.line}`,
    );
  return {
    answer: [
      t(language, '文档中写明：', 'The documents say:'),
      ...quoted.map(quote),
      t(language, '（原文引用，未经模型改写。）', '(Quoted as written; no model rephrased it.)'),
    ].join('\n\n'),
    data,
  };
}
