/**
 * The import report as text: what the CLI prints, what the inbox writes
 * beside a done/ or failed/ file. One problem per line: file, row, column,
 * the value, the rule and the fix.
 */
import path from 'node:path';
import type { ImportProblem, ImportProgress, ImportReport } from './importer.js';
import { printable } from './printable.js';
import { mappedElsewhere } from './shipped-mappings.js';

const number = (value: number): string => value.toLocaleString('en-US');
/** `1 row`, `2,000 rows` */
const rows = (value: number): string => `${number(value)} ${value === 1 ? 'row' : 'rows'}`;

export function formatProblem(problem: ImportProblem): string {
  const where = problem.row > 0 ? `row ${problem.row}` : 'file';
  const column =
    problem.column && problem.column !== problem.field
      ? `column ${problem.column} (${problem.field})`
      : problem.field
        ? `column ${problem.field}`
        : '';
  const value =
    (problem.row > 0 && problem.column !== '') || problem.value !== '' ? ` value ${JSON.stringify(problem.value)}` : '';
  // names, headers and values come from the file: escaped (printable.ts)
  return printable(
    `${problem.file} ${where}${column ? `, ${column}` : ''}:${value} — rule: ${problem.rule}; fix: ${problem.fix}`,
  );
}

export function formatProgress(table: string, progress: ImportProgress): string {
  const percent =
    progress.size > 0 && progress.bytes > 0
      ? ` ${Math.min(100, Math.round((progress.bytes * 100) / progress.size))}%`
      : '';
  const eta = progress.etaMs === undefined ? '' : `, ETA ${Math.ceil(progress.etaMs / 1000)} s`;
  return `import ${table}: ${number(progress.rows)} rows${percent} (${number(Math.round(progress.rowsPerSecond))} rows/s${eta})`;
}

/** A contract column the file did not give: said so, and which of its columns a shipped mapping maps there. */
function filledLine(report: ImportReport, fill: { field: string; how: string }): string {
  const elsewhere = mappedElsewhere(report.table, fill.field, report.ignoredColumns);
  if (elsewhere !== undefined)
    return (
      `${fill.field}: set to ${fill.how} — the file's column ${elsewhere.column} is not imported ` +
      `(${elsewhere.file} maps it to ${fill.field}; import with that mapping to use it)`
    );
  if (report.ignoredColumns.length > 0)
    return `${fill.field}: no column is named ${fill.field} or mapped to it, set to ${fill.how}`;
  return `${fill.field}: not in the file, set to ${fill.how}`;
}

export function formatReport(report: ImportReport): string {
  const name = path.basename(report.file);
  const lines: string[] = [];
  const named = report.source?.named ? ` (named ${report.source.named})` : '';
  const source = report.source
    ? report.source.format === 'csv'
      ? `CSV${named}, encoding ${report.source.encoding}, delimiter ${report.source.delimiter}`
      : `XLSX${named}, sheet ${report.source.sheet}`
    : '';
  // the header found below title rows (header-row.ts)
  const titles = report.source?.titleRows
    ? `, header on row ${report.source.headerRow} (${report.source.titleRows} title ${report.source.titleRows === 1 ? 'row' : 'rows'} above skipped)`
    : '';
  if (report.status === 'skipped') {
    lines.push(
      `${name}: already imported into ${report.table} at ${report.previous?.imported_at} ` +
        `(${rows(report.previous?.rows ?? 0)}; same SHA-256) — nothing to do (--force imports it ` +
        `again)`,
    );
    return lines.map(printable).join('\n');
  }
  const seconds = (report.elapsedMs / 1000).toFixed(2);
  if (report.status === 'rejected') {
    lines.push(
      `${name}: REJECTED — nothing was written to ${report.table} (${rows(report.rows)} read, ` +
        `${number(report.rejected)} bad, ${report.problemCount} problem(s))${source ? `; ${source}${titles}` : ''}`,
    );
  } else {
    const verb = report.status === 'dry-run' ? 'dry run, nothing written: would import' : 'imported';
    lines.push(
      `${name}: ${verb} ${rows(report.written)} into ${report.table} (${number(report.inserted)} new, ${number(report.updated)} updated` +
        `${report.replaced ? `, ${number(report.replaced)} old rows replaced` : ''}` +
        `${report.rejected ? `, ${number(report.rejected)} rejected` : ''}) in ${seconds} s, ` +
        `${number(report.rowsPerSecond)} rows/s`,
    );
    // a large file is read in a process of its own (source-process.ts): said, so that an admin (and the
    // installer's guest test) can see which path read it
    const read = [source + titles, report.readIn === 'reader-process' ? 'read in a reader process' : ''].filter(
      Boolean,
    );
    if (read.length > 0) lines.push(`  source: ${read.join(', ')}`);
    if (report.firstDate)
      lines.push(
        `  days: ${report.days} (${report.firstDate} .. ${report.lastDate})${report.lines.length ? `, lines: ${report.lines.join(', ')}` : ''}`,
      );
    if (report.dataUpTo) lines.push(`  data up to ${report.dataUpTo.replace('T', ' ')}`);
    if (report.rejectFile) lines.push(`  rejected rows written to ${report.rejectFile}`);
  }
  if (report.skipped > 0) {
    const named = report.skippedRows.map((entry) => `row ${entry.row} ${JSON.stringify(entry.text)} (${entry.why})`);
    lines.push(
      `  not data, skipped: ${rows(report.skipped)} — ${named.join(', ')}` +
        `${report.skipped > named.length ? ', …' : ''}`,
    );
  }
  if (report.filledDown > 0)
    lines.push(`  fill_down: ${number(report.filledDown)} empty cell(s) took the value of the row above`);
  if (report.status === 'rejected' && report.sparseRow) {
    const { row, text, column } = report.sparseRow;
    // the row's leading word ("打印" of "打印 2026-12-01 …"): a pattern that tomorrow's footer matches too
    const lead = /^[^\d\s:：,，]{2,}/u.exec(text)?.[0] ?? text.slice(0, 8);
    const pattern = `^${lead.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    const key = /^[\p{L}\p{N}_][\p{L}\p{N}_ .-]*$/u.test(column) ? column : JSON.stringify(column);
    lines.push(
      `  row ${row} has most of its cells empty: if it is not data (a total, a note under the table), skip ` +
        `such rows with skip_rows: { ${key}: ${JSON.stringify(pattern)} } in the mapping`,
    );
  }
  if (report.createdDatabase) lines.push('  created a new plant database with the contract schema');
  for (const fill of report.filled) lines.push(`  ${filledLine(report, fill)}`);
  if (report.ignoredColumns.length > 0) lines.push(`  columns not imported: ${report.ignoredColumns.join(', ')}`);
  if (report.problemCount > 0) {
    lines.push(
      `  problems (${report.problemCount}${report.problemCount > report.problems.length ? `, the first ${report.problems.length} shown` : ''}):`,
    );
    for (const problem of report.problems) lines.push(`    ${formatProblem(problem)}`);
    if (report.problemSummary.length > 1 || report.problemCount > report.problems.length) {
      lines.push('  by rule:');
      for (const entry of report.problemSummary.slice(0, 20))
        lines.push(`    ${number(entry.count)} × ${entry.field}: ${entry.rule}`);
    }
  }
  // one line per line: a name, a header or a cell holding a newline or a terminal escape is shown escaped
  return lines.map(printable).join('\n');
}
