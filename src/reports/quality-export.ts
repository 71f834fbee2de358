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
      overwrite: request.overwrite,
    });
    return { ...written, rows: rows.length };
  } finally {
    db.close();
  }
}
