/**
 * Report files: the one place the agent writes files for people. Confined to
 * `reports.dir`: a bare file name (no folders, no "..", no hidden files, no
 * control characters), an extension that says its format (.md, .csv, .html),
 * a size cap (`reports.max_kb`), a cap on the folder's total
 * (`reports.total_max_mb`), and never an overwrite unless asked — the
 * file is written beside its final name and linked into place, so a name taken
 * meanwhile is refused, not replaced, and a reader never sees half a file.
 * CSV: RFC 4180 quoting, a UTF-8 BOM (spreadsheets read Chinese right), and
 * cells that would start a formula (= + - @ tab CR) prefixed with ' (OWASP
 * "CSV injection"). HTML: self-contained (inline CSS, no script, nothing
 * fetched), every value escaped.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { csvCell } from '../import/csv-cell.js';

export type ReportFormat = 'md' | 'csv' | 'html';
const FORMAT_OF: Record<string, ReportFormat> = { '.md': 'md', '.csv': 'csv', '.html': 'html' };
export const CONTENT_TYPES: Record<ReportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

const NAME = /^[\p{L}\p{N}][\p{L}\p{N}._ -]{0,119}$/u;

/** The report's format from its name, or a clear refusal of the name. */
export function checkReportName(name: string): ReportFormat {
  if (typeof name !== 'string' || name.length === 0)
    throw new AppError('BAD_REQUEST', 'a report needs a file name', { hint: 'e.g. quality-2026-W48.csv' });
  if (name.includes('/') || name.includes('\\') || name.includes('..') || !NAME.test(name)) {
    throw new AppError(
      'BAD_REQUEST',
      `"${name.slice(0, 80)}" is not a report file name: letters, digits, ".", "_", "-" and spaces only, no folders, no ".."`,
      {
        hint: 'reports are written into reports.dir only; give a bare name such as quality-week-48.csv',
      },
    );
  }
  const format = FORMAT_OF[path.extname(name).toLowerCase()];
  if (!format)
    throw new AppError('BAD_REQUEST', `"${name}" must end in .md, .csv or .html`, {
      hint: 'the extension says the format: Markdown, CSV or self-contained HTML',
    });
  return format;
}

function resolveInside(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const realDir = realpathSync(dir);
  const target = path.join(realDir, name);
  if (path.dirname(target) !== realDir) throw new AppError('BAD_REQUEST', `"${name}" leaves the reports folder`);
  return target;
}

export interface WrittenReport {
  name: string;
  file: string;
  format: ReportFormat;
  bytes: number;
}

export function writeReport(options: {
  dir: string;
  name: string;
  content: string | Buffer;
  maxBytes: number;
  /** the folder's total after this write at most (reports.total_max_mb) */
  maxTotalBytes: number;
  overwrite?: boolean;
}): WrittenReport {
  const format = checkReportName(options.name);
  const data = typeof options.content === 'string' ? Buffer.from(options.content, 'utf8') : options.content;
  if (data.length > options.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `report "${options.name}" would be ${data.length} bytes, over the ${options.maxBytes}-byte cap (reports.max_kb)`,
      {
        hint: 'export a shorter period or a daily summary instead of every record, or raise reports.max_kb',
      },
    );
  }
  const target = resolveInside(options.dir, options.name);
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(target);
  } catch {
    existing = undefined;
  }
  if (existing && !existing.isFile())
    throw new AppError(
      'BAD_REQUEST',
      `"${options.name}" exists in the reports folder and is not a plain file (a link or a folder); it is left alone`,
    );
  if (existing && !options.overwrite) {
    throw new AppError('ALREADY_EXISTS', `report "${options.name}" already exists`, {
      hint: 'choose another name, or say to overwrite it (--overwrite / "overwrite": true)',
    });
  }
  const total = folderBytes(path.dirname(target)) - (existing?.size ?? 0) + data.length;
  if (total > options.maxTotalBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `the reports folder would hold ${Math.ceil(total / 1024)} KiB, over its ${Math.floor(options.maxTotalBytes / 1024)} KiB ` +
        `total (reports.total_max_mb): "${options.name}" was not written`,
      {
        hint: 'delete old reports (airgap-agent reports list; rm in reports.dir), or raise reports.total_max_mb',
      },
    );
  const temp = path.join(path.dirname(target), `.${options.name}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o640);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (options.overwrite) renameSync(temp, target);
    else {
      linkSync(temp, target); // fails with EEXIST when the name was taken meanwhile: never replaced
      unlinkSync(temp);
    }
  } catch (error) {
    if (existsSync(temp)) unlinkSync(temp);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new AppError('ALREADY_EXISTS', `report "${options.name}" already exists`, {
        hint: 'choose another name, or say to overwrite it',
      });
    throw error;
  }
  return { name: options.name, file: target, format, bytes: data.length };
}

/** Bytes of the plain files in the reports folder (links and folders are not counted: they are never served). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    try {
      const stats = lstatSync(path.join(dir, name));
      if (stats.isFile()) total += stats.size;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface ReportListing {
  name: string;
  format: ReportFormat;
  bytes: number;
  modified_at: string;
}

export function listReports(dir: string): ReportListing[] {
  if (!existsSync(dir)) return [];
  const out: ReportListing[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const format = FORMAT_OF[path.extname(name).toLowerCase()];
    if (!format || !NAME.test(name)) continue;
    const stats = lstatSync(path.join(dir, name));
    if (!stats.isFile()) continue;
    out.push({ name, format, bytes: stats.size, modified_at: stats.mtime.toISOString() });
  }
  return out.sort((a, b) => b.modified_at.localeCompare(a.modified_at) || a.name.localeCompare(b.name));
}

/** A report's bytes for download: the name checked, links refused, the file inside the folder. */
export function readReport(dir: string, name: string): { data: Buffer; format: ReportFormat } {
  const format = checkReportName(name);
  if (!existsSync(dir)) throw new AppError('NOT_FOUND', `no report "${name}"`);
  const target = path.join(realpathSync(dir), name);
  let stats;
  try {
    stats = lstatSync(target);
  } catch {
    throw new AppError('NOT_FOUND', `no report "${name}"`, { hint: 'GET /api/reports lists them' });
  }
  if (!stats.isFile() || path.dirname(realpathSync(target)) !== realpathSync(dir))
    throw new AppError('NOT_FOUND', `no report "${name}"`);
  return { data: readFileSync(target), format };
}

// ---- formats ------------------------------------------------------------------

export function toCsv(columns: string[], rows: unknown[][]): string {
  const lines = [columns.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function mdCell(value: unknown): string {
  return (value === null || value === undefined ? '' : String(value)).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function toMarkdown(table: { title: string; columns: string[]; rows: unknown[][]; notes?: string[] }): string {
  const { title, columns, rows, notes = [] } = table;
  return [
    `# ${title}`,
    '',
    ...notes.map((note) => `${note}`),
    notes.length ? '' : null,
    `| ${columns.map(mdCell).join(' | ')} |`,
    `|${columns.map(() => ' --- ').join('|')}|`,
    ...rows.map((row) => `| ${row.map(mdCell).join(' | ')} |`),
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function escapeHtml(value: unknown): string {
  return (value === null || value === undefined ? '' : String(value)).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** One self-contained HTML file: inline CSS, no script, no external reference. */
export function toHtml(table: { title: string; columns: string[]; rows: unknown[][]; notes?: string[] }): string {
  const { title, columns, rows, notes = [] } = table;
  const numeric = (value: unknown) => typeof value === 'number';
  return (
    `<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:14px/1.5 system-ui,"Noto Sans CJK SC",sans-serif;margin:2rem;color:` +
    `#222}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem ` +
    `.6rem}th{background:#f3f3f3;text-align:left}td.n{text-align:right;font-variant-numeric:` +
    `tabular-nums}p.note{color:#555}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
${notes.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('\n')}
<table><thead><tr>${columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => `<tr>${row.map((cell) => `<td${numeric(cell) ? ' class="n"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>
</body></html>
`
  );
}

export function render(
  format: ReportFormat,
  report: { title: string; columns: string[]; rows: unknown[][]; notes?: string[] },
): string {
  if (format === 'csv') return toCsv(report.columns, report.rows);
  if (format === 'md') return toMarkdown(report);
  return toHtml(report);
}
