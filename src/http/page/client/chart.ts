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

export function chart(spec: Partial<ChartSeries>): SVGElement {
  const width = 720;
  const height = 340;
  const left = 64;
  const right = 16;
  const top = 40;
  const bottom = 64;
  const x = spec.x || [];
  const series = spec.series || [];
  const values: number[] = [];
  for (const s of series) for (const v of s.values || []) if (typeof v === 'number' && isFinite(v)) values.push(v);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': spec.title || 'chart' });
  root.appendChild(svg('title', {}, spec.title || ''));
  root.appendChild(svg('text', { x: left, y: 22, 'font-size': 18, 'font-weight': 700 }, spec.title || ''));
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
    root.appendChild(svg('text', { x: left - 6, y: y + 5, 'text-anchor': 'end', 'font-size': 13 }, formatTick(tick)));
  }
  root.appendChild(svg('line', { x1: left, x2: left, y1: top, y2: top + plotH, stroke: '#0a0a0a', 'stroke-width': 2 }));
  const every = Math.max(1, Math.ceil(x.length / 10));
  x.forEach((label, index) => {
    if (index % every !== 0) return;
    const text = String(label);
    root.appendChild(
      svg(
        'text',
        { x: xOf(index), y: top + plotH + 20, 'text-anchor': 'middle', 'font-size': 13 },
        text.length > 10 ? text.slice(5) : text,
      ),
    );
  });
  const unit = series[0] && series[0].unit ? series[0].unit : '';
  if (unit) root.appendChild(svg('text', { x: 8, y: top - 8, 'font-size': 13 }, unit));
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
    const lx = left + sIndex * 170;
    const ly = height - 14;
    root.appendChild(svg('rect', { x: lx, y: ly - 12, width: 16, height: 16, fill: color }));
    root.appendChild(
      svg('text', { x: lx + 22, y: ly + 1, 'font-size': 14 }, s.name + (s.unit ? ' (' + s.unit + ')' : '')),
    );
  });
  return root;
}
