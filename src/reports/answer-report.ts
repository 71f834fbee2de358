/**
 * An answer saved as a report file: the operator's question, the answer's
 * Markdown (tables, headings, lists, bold), when and by whom, in Markdown,
 * self-contained HTML, or CSV (the answer's tables, one after the other).
 */
import { AppError } from '../errors.js';
import type { ChartSeries } from '../types/answer.js';
import { escapeHtml, toCsv, type ReportFormat } from './writer.js';
import { chartMarkdown, chartRows, chartSvg, chartsOf } from './chart.js';

interface Block {
  kind: 'heading' | 'paragraph' | 'list' | 'table' | 'code';
  level?: number;
  lines: string[];
  rows?: string[][];
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^```/.test(line)) {
      const code: string[] = [];
      while (++index < lines.length && !/^```/.test(lines[index]!)) code.push(lines[index]!);
      blocks.push({ kind: 'code', lines: code });
    } else if (/^#{1,6}\s/.test(line)) {
      blocks.push({ kind: 'heading', level: /^#+/.exec(line)![0].length, lines: [line.replace(/^#+\s*/, '')] });
    } else if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      for (; index < lines.length && /^\s*\|/.test(lines[index]!); index++) {
        if (!/^\s*\|?\s*:?-{2,}/.test(lines[index]!)) rows.push(cells(lines[index]!));
      }
      index--;
      blocks.push({ kind: 'table', lines: [], rows });
    } else if (/^\s*[-*]\s+/.test(line)) {
      const items: string[] = [];
      for (; index < lines.length && /^\s*[-*]\s+/.test(lines[index]!); index++)
        items.push(lines[index]!.replace(/^\s*[-*]\s+/, ''));
      index--;
      blocks.push({ kind: 'list', lines: items });
    } else if (line.trim()) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'paragraph' && lines[index - 1]?.trim()) last.lines.push(line);
      else blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks;
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}

export function answerReport(
  format: ReportFormat,
  options: {
    question: string;
    answer: string;
    askedAt: string;
    by: string;
    traceId: string | null;
    plant: string;
    charts?: ChartSeries[] | unknown;
  },
): string {
  const notes = [
    `${options.plant} · ${options.askedAt} · ${options.by}${options.traceId ? ` · trace ${options.traceId}` : ''}`,
  ];
  const blocks = markdownBlocks(options.answer);
  // the answer's charts: HTML draws them (inline SVG), Markdown tabulates them, CSV takes their series when the answer has no table
  const charts = chartsOf(options.charts);
  if (format === 'md')
    return `# ${options.question}\n\n_${notes[0]}_\n\n${options.answer.trim()}\n${charts.map((chart) => `\n${chartMarkdown(chart)}\n`).join('')}`;
  if (format === 'csv') {
    const tables = blocks.filter((block) => block.kind === 'table' && (block.rows?.length ?? 0) > 0);
    if (tables.length === 0 && charts.length > 0) {
      const rows: Array<Array<string | number | null>> = [];
      charts.forEach((chart, index) => {
        const table = chartRows(chart);
        if (index > 0) rows.push([]);
        rows.push([chart.title || 'chart', ...table.columns.slice(1)], ...table.rows);
      });
      return toCsv(rows[0]!.map(String), rows.slice(1));
    }
    if (tables.length === 0)
      throw new AppError('BAD_REQUEST', 'this answer has no table to save as CSV', {
        hint: 'save it as Markdown (.md) or HTML (.html) instead',
      });
    const rows: string[][] = [];
    tables.forEach((table, index) => {
      if (index > 0) rows.push([]);
      rows.push(...table.rows!);
    });
    return toCsv(rows[0]!, rows.slice(1));
  }
  const body = blocks
    .map((block) => {
      if (block.kind === 'heading')
        return `<h${Math.min((block.level ?? 1) + 1, 6)}>${inline(block.lines[0]!)}</h${Math.min((block.level ?? 1) + 1, 6)}>`;
      if (block.kind === 'list') return `<ul>${block.lines.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`;
      if (block.kind === 'code') return `<pre>${escapeHtml(block.lines.join('\n'))}</pre>`;
      if (block.kind === 'table') {
        const [head, ...rest] = block.rows ?? [];
        const numeric = (cell: string) => /^[-+]?[\d,]*\.?\d+\s*%?$/.test(cell);
        return (
          `<table><thead><tr>${(head ?? []).map((cell) => `<th>${inline(cell)}</th>`).join('')}</tr></thead` +
          (`><tbody>` +
            rest
              .map(
                (row) =>
                  `<tr>${row.map((cell) => `<td${numeric(cell) ? ' class="n"' : ''}>${inline(cell)}</td>`).join('')}</tr>`,
              )
              .join('') +
            `</tbody></table>`)
        );
      }
      return `<p>${block.lines.map(inline).join('<br>')}</p>`;
    })
    .join('\n');
  const figures = charts.map((chart) => `<figure>${chartSvg(chart)}</figure>`).join('\n');
  return (
    `<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.question)}</title>
<style>body{font:14px/1.5 system-ui,"Noto Sans CJK SC",sans-serif;margin:2rem;color:#222;` +
    `max-width:60rem}table{border-collapse:collapse;margin:.8rem 0}th,td{border:1px solid #ccc;` +
    `padding:.25rem .6rem}th{background:#f3f3f3;text-align:left}td.n{text-align:right;` +
    `font-variant-numeric:tabular-nums}p.note{color:#555}pre{background:#f6f6f6;padding:.6rem;` +
    `overflow:auto}figure{margin:1rem 0}svg{max-width:100%;height:auto}</style>
</head><body>
<h1>${escapeHtml(options.question)}</h1>
<p class="note">${escapeHtml(notes[0])}</p>
${body}
${figures}
</body></html>
`
  );
}
