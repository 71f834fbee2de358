/** Inline SVG charts from an answer's ChartSeries (no library, no canvas). */
import type { ChartSeries } from '../../../types/answer.js';
import { svg } from './dom.js';
import { t } from './i18n.js';

const COLORS = ['#0040a8', '#c2410c', '#00662b', '#7e22ce', '#b00020', '#0e7490'];

function niceStep(range: number): number {
  if (!(range > 0)) return 1;
  const raw = range / 5;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function formatTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return (value / 1e6).toFixed(1) + 'M';
  if (abs >= 1e4) return (value / 1e3).toFixed(0) + 'k';
  if (abs !== 0 && abs < 1) return String(Number(value.toPrecision(3)));
  return String(Math.round(value * 100) / 100);
}

/**
 * The drawing's size and type sizes. The SVG scales to its box, so a phone
 * (about 360 px of box) gets a narrower drawing with larger type: its labels
 * stay about 13 px on screen, not the 6 px of the wide drawing shrunk.
 */
function layout(narrow: boolean, seriesCount: number) {
  return narrow
    ? { width: 420, left: 52, right: 10, top: 40, plotH: 200, text: 16, title: 18, labels: 6, legendRows: seriesCount }
    : { width: 720, left: 64, right: 16, top: 40, plotH: 236, text: 13, title: 18, labels: 10, legendRows: 1 };
}

export function chart(spec: Partial<ChartSeries>, options: { narrow?: boolean } = {}): SVGElement {
  const x = spec.x || [];
  const series = spec.series || [];
  const size = layout(options.narrow === true, Math.max(1, series.length));
  const { width, left, right, top } = size;
  const bottom = 44 + size.legendRows * 22;
  const height = top + size.plotH + bottom;
  const values: number[] = [];
  for (const s of series) for (const v of s.values || []) if (typeof v === 'number' && isFinite(v)) values.push(v);
  const root = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': spec.title || 'chart',
    'data-layout': options.narrow ? 'narrow' : 'wide',
  });
  root.appendChild(svg('title', {}, spec.title || ''));
  root.appendChild(svg('text', { x: 8, y: 24, 'font-size': size.title, 'font-weight': 700 }, spec.title || ''));
  if (values.length === 0 || x.length === 0) {
    root.appendChild(
      svg('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', 'font-size': 16 }, t('noData')),
    );
    return root;
  }
  let min = Math.min(0, Math.min(...values));
  let max = Math.max(...values);
  if (max === min) max = min + 1;
  const step = niceStep(max - min);
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const yOf = (v: number): number => top + plotH - ((v - min) / (max - min)) * plotH;
  const band = plotW / x.length;
  const xOf = (index: number): number => left + band * index + band / 2;
  for (let tick = min; tick <= max + step / 2; tick += step) {
    const y = yOf(tick);
    root.appendChild(
      svg('line', {
        x1: left,
        x2: width - right,
        y1: y,
        y2: y,
        stroke: tick === 0 ? '#0a0a0a' : '#c4c4c4',
        'stroke-width': tick === 0 ? 2 : 1,
      }),
    );
    root.appendChild(
      svg('text', { x: left - 6, y: y + 5, 'text-anchor': 'end', 'font-size': size.text }, formatTick(tick)),
    );
  }
  root.appendChild(svg('line', { x1: left, x2: left, y1: top, y2: top + plotH, stroke: '#0a0a0a', 'stroke-width': 2 }));
  const every = Math.max(1, Math.ceil(x.length / size.labels));
  x.forEach((label, index) => {
    if (index % every !== 0) return;
    const text = String(label);
    root.appendChild(
      svg(
        'text',
        { x: xOf(index), y: top + plotH + size.text + 6, 'text-anchor': 'middle', 'font-size': size.text },
        // a date loses its year where it would not fit: always past 10 characters, on a narrow drawing from 10
        text.length > 10 || (options.narrow && /^\d{4}-\d\d-\d\d$/.test(text)) ? text.slice(5) : text,
      ),
    );
  });
  const unit = series[0] && series[0].unit ? series[0].unit : '';
  if (unit)
    root.appendChild(svg('text', { x: width - right, y: top - 8, 'text-anchor': 'end', 'font-size': size.text }, unit));
  series.forEach((s, sIndex) => {
    const color = COLORS[sIndex % COLORS.length]!;
    const group = svg('g', { 'data-series': s.name });
    const tip = (index: number, v: number): string =>
      s.name + ' · ' + x[index] + ': ' + v + (s.unit ? ' ' + s.unit : '');
    if (spec.kind === 'bar') {
      const barW = Math.max(2, (band * 0.8) / series.length);
      (s.values || []).forEach((v, index) => {
        if (typeof v !== 'number') return;
        const y0 = yOf(Math.max(0, min));
        const y1 = yOf(v);
        const rect = svg('rect', {
          x: left + band * index + band * 0.1 + barW * sIndex,
          y: Math.min(y0, y1),
          width: barW,
          height: Math.max(1, Math.abs(y0 - y1)),
          fill: color,
        });
        rect.appendChild(svg('title', {}, tip(index, v)));
        group.appendChild(rect);
      });
    } else {
      let d = '';
      let pen = false;
      (s.values || []).forEach((v, index) => {
        if (typeof v !== 'number') {
          pen = false;
          return;
        }
        d += (pen ? ' L ' : ' M ') + xOf(index).toFixed(1) + ' ' + yOf(v).toFixed(1);
        pen = true;
        const dot = svg('circle', { cx: xOf(index), cy: yOf(v), r: 4, fill: color });
        dot.appendChild(svg('title', {}, tip(index, v)));
        group.appendChild(dot);
      });
      group.insertBefore(
        svg('path', {
          d: d.trim(),
          fill: 'none',
          stroke: color,
          'stroke-width': 3,
          'stroke-dasharray': sIndex % 2 ? '8 4' : '',
        }),
        group.firstChild,
      );
    }
    root.appendChild(group);
    // the legend: side by side on a wide drawing, one row each on a narrow one
    const row = size.legendRows > 1 ? sIndex : 0;
    const lx = size.legendRows > 1 ? left : left + sIndex * 170;
    const ly = top + plotH + size.text + 34 + row * 22;
    root.appendChild(svg('rect', { x: lx, y: ly - 13, width: 16, height: 16, fill: color }));
    root.appendChild(
      svg('text', { x: lx + 22, y: ly + 1, 'font-size': size.text }, s.name + (s.unit ? ' (' + s.unit + ')' : '')),
    );
  });
  return root;
}
