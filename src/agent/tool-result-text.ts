/**
 * Tool results as the text a model reads. Large results are cut explicitly
 * and the cut is said: rows beyond `maxRows` are summarised (how many, and
 * min / max / sum of each numeric column over the rows not shown), long text
 * ends with how many characters were left out. Nothing is dropped silently.
 */
import type { QueryResult, ToolCallResult } from '../mcp/types.js';

export interface ResultTextOptions {
  maxRows?: number | undefined;
  maxChars?: number | undefined;
  /** the tool that gave the result: a cut result ends with how to get the rest from it */
  tool?: string | undefined;
}

export function isQueryResult(value: unknown): value is QueryResult {
  const candidate = value as QueryResult | undefined;
  return !!candidate && Array.isArray(candidate.columns) && Array.isArray(candidate.rows);
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  return String(value).replace(/\s+/g, ' ');
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(4).replace(/0+$/, '');
}

/** A compact table of a query result, with the cut rows summarised. */
export function queryResultText(result: QueryResult, maxRows: number): string {
  const lines = [result.columns.join(' | ')];
  const shown = result.rows.slice(0, maxRows);
  for (const row of shown) lines.push(row.map(cell).join(' | '));
  const hidden = result.rows.slice(maxRows);
  lines.push(`(${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${result.cached ? ', cached' : ''})`);
  if (hidden.length > 0) {
    const stats: string[] = [];
    result.columns.forEach((column, index) => {
      const values = hidden.map((row) => row[index]).filter((value): value is number => typeof value === 'number');
      if (values.length === 0) return;
      const sum = values.reduce((total, value) => total + value, 0);
      stats.push(`${column}: min ${round(Math.min(...values))}, max ${round(Math.max(...values))}, sum ${round(sum)}`);
    });
    lines.push(
      `[${hidden.length} more row${hidden.length === 1 ? '' : 's'} not shown to save ` +
        `space${stats.length > 0 ? `; over those rows — ${stats.join('; ')}` : ''}. ` +
        'Ask with GROUP BY / aggregates or a narrower WHERE to see them.]',
    );
  }
  if (result.has_more)
    lines.push('[more rows exist beyond the LIMIT: page on with OFFSET, or aggregate with GROUP BY]');
  return lines.join('\n');
}

/** Cut text to `maxChars`, saying how much was left out (and, given `more`, how to get it). */
export function cutText(text: string, maxChars: number, more?: string): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[… ${text.length - maxChars} more characters not shown${more ? `: ${more}` : ''}]`;
}

interface DocumentPart {
  path: string;
  offset: number;
  content: string;
}

function isDocumentPart(value: unknown): value is DocumentPart {
  const candidate = value as DocumentPart | undefined;
  return (
    !!candidate &&
    typeof candidate.path === 'string' &&
    typeof candidate.offset === 'number' &&
    typeof candidate.content === 'string'
  );
}

/**
 * How to get what a cut left out, from the tool that gave it: a table at a time from describe_schema, the next
 * offset of a document (where the cut fell in its content), a narrower query — never just "not shown".
 */
function moreHint(result: ToolCallResult, text: string, options: ResultTextOptions & { maxChars: number }): string {
  const tool = options.tool ?? '';
  const { maxChars } = options;
  if (tool === 'describe_schema')
    return 'call describe_schema with one table, e.g. {"table": "work_orders"}, to read that table whole';
  if (isDocumentPart(result.structured)) {
    const { content, offset, path } = result.structured;
    const start = text.lastIndexOf(content);
    const shown = start < 0 ? 0 : Math.max(0, Math.min(content.length, maxChars - start));
    return `call ${tool || 'read_document'} with {"path": ${JSON.stringify(path)}, "offset": ${offset + shown}} to read on`;
  }
  if (isQueryResult(result.structured) || tool === 'query_database')
    return 'ask for fewer columns or rows (aggregate with GROUP BY, a narrower WHERE, a smaller LIMIT) or page with OFFSET';
  if (tool === 'search_documents' || tool === 'search_in_file')
    return `call ${tool} again with a narrower keyword or a smaller max_results`;
  return `call ${tool || 'the tool'} again with narrower arguments (a shorter period, one line, fewer items)`;
}

export function toolResultText(result: ToolCallResult, options: ResultTextOptions = {}): string {
  const maxChars = options.maxChars ?? 4000;
  const cut = (text: string): string =>
    text.length <= maxChars ? text : cutText(text, maxChars, moreHint(result, text, { ...options, maxChars }));
  if (!result.ok) {
    return cutText(
      `Error${result.errorCode ? ` (${result.errorCode})` : ''}: ${result.text || 'the tool failed without a message'}`,
      maxChars,
    );
  }
  if (isQueryResult(result.structured)) return cut(queryResultText(result.structured, options.maxRows ?? 40));
  return cut(result.text.length > 0 ? result.text : JSON.stringify(result.structured ?? null));
}

/** A short preview for traces (one line). */
export function previewText(value: unknown, length = 160): string {
  let text: string;
  if (isQueryResult(value)) {
    const first = value.rows[0];
    text = `${value.row_count ?? value.rows.length} rows [${value.columns.join(', ')}]${first ? ` first: ${first.map(cell).join(' | ')}` : ''}`;
  } else if (typeof value === 'string') {
    text = value;
  } else {
    text = JSON.stringify(value) ?? '';
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
