/**
 * Bilingual wording shared by the plant's skills: percentages with two
 * decimals, piece counts, weekdays, resolved dates and periods, line and
 * equipment-status names. Every template exists in Chinese and English.
 */
import { weekdayOf } from '../../../clock.js';
import type { Language } from '../../../skills/types.js';

export function t(language: Language, zh: string, en: string): string {
  return language === 'zh' ? zh : en;
}

/** basis points (hundredths of a percent) of part / whole, rounded half up from exact integers */
export function basisPoints(part: number, whole: number): number {
  return Math.round((part * 10000) / whole);
}

/** part / whole as a percentage with two decimals (number), e.g. 1.23 */
export function percentOf(part: number, whole: number): number {
  return basisPoints(part, whole) / 100;
}

/** a percentage value as text with two decimals: 1.2 → '1.20%' */
export function pct(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** a signed change in percentage points: +0.35 pp / -0.10 pp (百分点 in Chinese) */
export function pointsChange(delta: number, language: Language): string {
  const text = `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta).toFixed(2)}`;
  return language === 'zh' ? `${text} 个百分点` : `${text} pp`;
}

/** a count of pieces: plain digits (no separators, so the number can be checked as is) */
export function pcs(count: number, language: Language): string {
  return language === 'zh' ? `${count} 件` : `${count} pcs`;
}

const WEEKDAY_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_ZH = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export function weekdayName(date: string, language: Language): string {
  const index = weekdayOf(date) - 1;
  return (language === 'zh' ? WEEKDAY_ZH : WEEKDAY_EN)[index] ?? '';
}

/** '2026-11-25 (Wed)' / '2026-11-25（周三）' */
export function dayLabel(date: string, language: Language): string {
  return language === 'zh' ? `${date}（${weekdayName(date, 'zh')}）` : `${date} (${weekdayName(date, 'en')})`;
}

/** the dates alone: '2026-11-25 (Wed)' or '2026-11-23 – 2026-11-29' */
export function rangeLabel(from: string, to: string, language: Language): string {
  return from === to ? dayLabel(from, language) : `${from} – ${to}`;
}

/**
 * A period as the operator said it plus the resolved dates:
 * 'last Wednesday, 2026-11-18 (Wed)' · '上周三（2026-11-18，周三）' ·
 * 'last week (2026-11-16 – 2026-11-22)' · '上周（2026-11-16 – 2026-11-22）'.
 */
export function periodLabel(
  period: { from: string; to: string; label?: string | undefined },
  language: Language,
): string {
  const label = period.label?.trim();
  const useful = label && label !== period.from && label !== `${period.from} – ${period.to}` ? label : undefined;
  if (period.from === period.to) {
    if (!useful) return dayLabel(period.from, language);
    return language === 'zh'
      ? `${useful}（${period.from}，${weekdayName(period.from, 'zh')}）`
      : `${useful}, ${dayLabel(period.from, 'en')}`;
  }
  const dates = `${period.from} – ${period.to}`;
  if (!useful) return dates;
  return language === 'zh' ? `${useful}（${dates}）` : `${useful} (${dates})`;
}

export interface LineInfo {
  line_id: string;
  name: string;
  name_en?: string | null | undefined;
}

/** '产线A' / 'Line A' (from production_lines; a plain 'Line X' when the table has no English name) */
export function lineName(line: LineInfo, language: Language): string {
  if (language === 'zh') return line.name || `产线${line.line_id}`;
  return (
    line.name_en || (/[^\x00-\x7f]/.test(line.name) ? `Line ${line.line_id}` : line.name || `Line ${line.line_id}`)
  );
}

const STATUS_ZH: Record<string, string> = { running: '运行中', idle: '空闲', maintenance: '保养中', fault: '故障' };

/** zh: '故障（fault）'; en: 'fault' — the stored value stays visible so it can be checked */
export function statusLabel(status: string, language: Language): string {
  if (language === 'en') return status;
  const zh = STATUS_ZH[status.toLowerCase()];
  return zh ? `${zh}（${status}）` : status;
}

/** join items: 'A, B and C' / 'A、B 和 C' */
export function listJoin(items: string[], language: Language): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1);
  const last = items[items.length - 1]!;
  return language === 'zh' ? `${head.join('、')}和${last}` : `${head.join(', ')} and ${last}`;
}

/** A Markdown table; cells are escaped for pipes. */
export function markdownTable(header: string[], rows: string[][]): string {
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`| ${header.map(escape).join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.map(escape).join(' | ')} |`);
  return lines.join('\n');
}

/** the date part of a plant timestamp ('2026-11-02T14:05:00' → '2026-11-02'), '?' when missing */
export function dateOf(timestamp: string | null | undefined): string {
  return timestamp ? timestamp.slice(0, 10) : '?';
}
