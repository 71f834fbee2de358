/**
 * Export a period's quality data from plant.db (opened read-only, query_only)
 * into a report file: a daily summary per line and shift (default) or every
 * inspection record. Used by the shipped `export_quality_csv` maintenance
 * script (`airgap-agent reports export-quality`).
 */
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import { openSqlite } from '../store/sqlite.js';
import { daysBetween } from '../clock.js';
import { checkReportName, render, writeReport, type WrittenReport } from './writer.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** the longest period of a daily summary (a year, leap day included) */
export const DAILY_MAX_DAYS = 366;

export interface QualityExport {
  from: string;
  to: string;
  level: 'daily' | 'records';
  name?: string | undefined;
  overwrite?: boolean | undefined;
}

export function exportQuality(config: Config, request: QualityExport): WrittenReport & { rows: number } {
  if (!DATE.test(request.from) || !DATE.test(request.to))
    throw new AppError('BAD_REQUEST', `dates must be YYYY-MM-DD (got ${request.from} .. ${request.to})`);
  if (daysBetween(request.from, request.to) < 0)
    throw new AppError('BAD_REQUEST', `the period ends (${request.to}) before it starts (${request.from})`, {
      hint: 'give --from before --to',
    });
  // one question writes a bounded file: every record of at most reports.export_max_days, a daily summary of a year
  const days = daysBetween(request.from, request.to) + 1;
  const cap = request.level === 'records' ? config.reports.export_max_days : DAILY_MAX_DAYS;
  if (days > cap)
    throw new AppError(
      'BAD_REQUEST',
      `${request.level === 'records' ? 'every record' : 'a daily summary'} of ${days} days: more than the ${cap} days ` +
        `one export may cover${request.level === 'records' ? ' (reports.export_max_days)' : ''}`,
      {
        hint:
          request.level === 'records'
            ? `export a shorter period (at most ${cap} days at a time), or the daily summary (--level daily)`
            : `export at most ${cap} days at a time`,
        details: { days, max_days: cap },
      },
    );
  const name = request.name ?? `quality-${request.level}-${request.from}_${request.to}.csv`;
  const format = checkReportName(name);
  const db = openSqlite(config.plant.db, { readonly: true });
  try {
    db.pragma('query_only = ON');
    const columns =
      request.level === 'daily'
        ? ['record_date', 'line_id', 'shift', 'inspected_qty', 'defect_qty', 'defect_rate_pct']
        : [
            'record_id',
            'record_date',
            'line_id',
            'shift',
            'batch_no',
            'product',
            'inspected_qty',
            'defect_qty',
            'defect_type',
            'inspector',
            'recorded_at',
          ];
    const sql =
      request.level === 'daily'
        ? `SELECT record_date, line_id, shift, SUM(inspected_qty) AS inspected_qty, SUM(defect_qty) AS defect_qty,
             ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS defect_rate_pct
           FROM quality_data WHERE record_date BETWEEN ? AND ? GROUP BY record_date, line_id, shift ORDER BY record_date, line_id, shift`
        : `SELECT ${columns.join(', ')} FROM quality_data WHERE record_date BETWEEN ? AND ? ORDER BY record_date, line_id, record_id`;
    const rows = db.prepare(sql).raw(true).all(request.from, request.to) as unknown[][];
    const title = `Quality data ${request.from} .. ${request.to} (${request.level === 'daily' ? 'daily per line and shift' : 'every record'})`;
    const content = render(format, {
      title,
      columns,
      rows,
      notes: [`${config.plant.name} · plant.db · ${rows.length} rows`],
    });
    const written = writeReport({
      dir: config.reports.dir,
      name,
      content,
      maxBytes: config.reports.max_kb * 1024,
      maxTotalBytes: config.reports.total_max_mb * 1024 * 1024,
      overwrite: request.overwrite,
    });
    return { ...written, rows: rows.length };
  } finally {
    db.close();
  }
}
