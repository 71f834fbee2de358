/**
 * An answer's chart series in a report file: an inline SVG (HTML reports:
 * drawn here from the numbers, no script, no external font, image or link),
 * a Markdown table (Markdown reports), CSV rows (CSV reports of an answer
 * without a table). The series come from the task's stored result, so every
 * value is checked before it is drawn: a non-finite number is a gap.
 */
import type { ChartSeries } from '../types/answer.js';
import { escapeHtml } from './writer.js';

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { top: 34, right: 16, bottom: 58, left: 56 };
/** most x labels written under the axis; the others are skipped evenly (all are in the tooltips) */
const MAX_X_LABELS = 12;

/** The charts an answer carries, as far as they are well-formed (a stored result is read back, never trusted). */
export function chartsOf(value: unknown): ChartSeries[] {
  if (!Array.isArray(value)) return [];
  const charts: ChartSeries[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const chart = item as Record<string, unknown>;
    if (!Array.isArray(chart.x) || !Array.isArray(chart.series)) continue;
    const x = chart.x.map((label) => String(label ?? ''));
    const series = chart.series
      .filter(
        (entry): entry is Record<string, unknown> =>
          !!entry && typeof entry === 'object' && Array.isArray((entry as { values?: unknown }).values),
      )
      .map((entry) => ({
        name: String(entry.name ?? ''),
        values: (entry.values as unknown[])
          .slice(0, x.length)
          .map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null)),
        ...(typeof entry.unit === 'string' ? { unit: entry.unit } : {}),
      }));
    if (x.length === 0 || series.length === 0) continue;
    charts.push({ title: String(chart.title ?? ''), kind: chart.kind === 'line' ? 'line' : 'bar', x, series });
  }
  return charts;
}

function seriesLabel(series: ChartSeries['series'][number]): string {
  return series.unit ? `${series.name} (${series.unit})` : series.name;
}

/** A number as a label: at most 4 significant digits, no float noise. */
function label(value: number): string {
  return String(Number(value.toPrecision(4)));
}

/** The series as a table: the x label, then one column per series. */
export function chartRows(chart: ChartSeries): { columns: string[]; rows: Array<Array<string | number | null>> } {
  return {
    columns: ['', ...chart.series.map(seriesLabel)],
    rows: chart.x.map((x, index) => [x, ...chart.series.map((series) => series.values[index] ?? null)]),
  };
}

export function chartMarkdown(chart: ChartSeries): string {
  const { columns, rows } = chartRows(chart);
  const cell = (value: unknown) =>
    value === null || value === undefined ? '–' : String(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const head = [chart.title ? `Chart: ${chart.title}` : 'Chart', ...columns.slice(1)];
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `|${head.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** Round steps for the value axis: 1, 2, 2.5, 5 × 10^n. */
function ticks(min: number, max: number): number[] {
  if (min === max) {
    max = min === 0 ? 1 : min + Math.abs(min);
  }
  const raw = (max - min) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  const start = Math.floor(min / step) * step;
  const out: number[] = [];
  for (let value = start; value <= max + step * 1e-9; value += step) out.push(Number(value.toPrecision(12)));
  if (out[out.length - 1]! < max) out.push(Number((out[out.length - 1]! + step).toPrecision(12)));
  return out;
}

/** The chart as an inline SVG element (no script, no external resource), with a legend and a title. */
export function chartSvg(chart: ChartSeries): string {
  const values = chart.series.flatMap((series) => series.values).filter((value): value is number => value !== null);
  const axis = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = axis[0]!;
  const high = axis[axis.length - 1]!;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + plotH - ((value - low) / (high - low)) * plotH;
  const band = plotW / chart.x.length;
  const cx = (index: number) => MARGIN.left + band * (index + 0.5);
  const f = (value: number) => String(Math.round(value * 10) / 10);
  const parts: string[] = [];
  parts.push(`<text x="${MARGIN.left}" y="18" font-size="14" font-weight="600">${escapeHtml(chart.title)}</text>`);
  for (const tick of axis) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${f(y(tick))}" y2="${f(y(tick))}" stroke="#e3e3e3"/>`,
    );
    parts.push(
      `<text x="${MARGIN.left - 6}" y="${f(y(tick) + 4)}" font-size="11" text-anchor="end">${escapeHtml(label(tick))}</text>`,
    );
  }
  parts.push(
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" ` +
      `y1="${f(y(Math.max(low, Math.min(0, high))))}" y2="${f(y(Math.max(low, Math.min(0, high))))}" ` +
      `stroke="#888"/>`,
  );
  const every = Math.ceil(chart.x.length / MAX_X_LABELS);
  chart.x.forEach((x, index) => {
    if (index % every !== 0) return;
    parts.push(
      `<text x="${f(cx(index))}" y="${HEIGHT - MARGIN.bottom + 16}" font-size="11" text-anchor="middle">${escapeHtml(x)}</text>`,
    );
  });
  chart.series.forEach((series, s) => {
    const color = COLORS[s % COLORS.length]!;
    const name = seriesLabel(series);
    if (chart.kind === 'bar') {
      const barW = (band * 0.8) / chart.series.length;
      series.values.forEach((value, index) => {
        if (value === null) return;
        const left = cx(index) - band * 0.4 + barW * s;
        const top = Math.min(y(value), y(Math.max(low, Math.min(0, high))));
        const height = Math.abs(y(value) - y(Math.max(low, Math.min(0, high))));
        parts.push(
          `<rect x="${f(left)}" y="${f(top)}" width="${f(Math.max(barW - 1, 1))}" height="${f(height)}" ` +
            `fill="${color}"><title>${escapeHtml(`${name} · ${chart.x[index]}: ${value}`)}</title></rect>`,
        );
      });
    } else {
      // a null is a gap: the line stops and starts again
      let run: string[] = [];
      const flush = () => {
        if (run.length > 1)
          parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${run.join(' ')}"/>`);
        run = [];
      };
      series.values.forEach((value, index) => {
        if (value === null) return flush();
        run.push(`${f(cx(index))},${f(y(value))}`);
        parts.push(
          `<circle cx="${f(cx(index))}" cy="${f(y(value))}" r="3" ` +
            `fill="${color}"><title>${escapeHtml(`${name} · ${chart.x[index]}: ${value}`)}</title></circle>`,
        );
      });
      flush();
    }
    // four legend entries a row, rows below one another
    const legendX = MARGIN.left + (s % 4) * 150;
    const legendY = HEIGHT - 22 + Math.floor(s / 4) * 16;
    parts.push(
      `<rect x="${legendX}" y="${legendY}" width="12" height="12" fill="${color}"/><text ` +
        `x="${legendX + 16}" y="${legendY + 10}" font-size="12">${escapeHtml(name.slice(0, 24))}</text>`,
    );
  });
  const height = HEIGHT + (Math.ceil(chart.series.length / 4) - 1) * 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ` +
    `${WIDTH} ${height}" role="img" aria-label="${escapeHtml(chart.title)}" font-family="system-ui, ` +
    `sans-serif">${parts.join('')}</svg>`
  );
}
