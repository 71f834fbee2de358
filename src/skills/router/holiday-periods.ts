/**
 * The days off around China's public holidays as the State Council arranges
 * them each year (放假调休): "国庆假期", "春节放假那几天", "中秋放假三天" mean
 * these days, weekends and bridged days included — more than the statutory
 * days the shipped holiday calendar (date-holidays) holds (国庆 10-01..10-03).
 * A year not listed here falls back to the calendar's days.
 *
 * Sources (the notices as published by Xinhua):
 * - 2025: 国务院办公厅关于2025年部分节假日安排的通知 (国办发明电〔2024〕12号, 2024-11-12),
 *   https://m.gmw.cn/2024-11/12/content_1303894933.htm
 * - 2026: 国务院办公厅关于2026年部分节假日安排的通知 (2025-11-04),
 *   https://politics.gmw.cn/2025-11/04/content_38391083.htm (also S38 in corpus/SOURCES.md)
 */
import type { DateRange } from './calendar.js';

export type CnHoliday = 'new_year' | 'spring' | 'qingming' | 'labour' | 'dragon_boat' | 'mid_autumn' | 'national_day';

export const CN_ARRANGEMENTS: Record<number, Record<CnHoliday, DateRange>> = {
  2025: {
    new_year: { from: '2025-01-01', to: '2025-01-01' },
    spring: { from: '2025-01-28', to: '2025-02-04' },
    qingming: { from: '2025-04-04', to: '2025-04-06' },
    labour: { from: '2025-05-01', to: '2025-05-05' },
    dragon_boat: { from: '2025-05-31', to: '2025-06-02' },
    // 国庆节、中秋节合并放假
    mid_autumn: { from: '2025-10-01', to: '2025-10-08' },
    national_day: { from: '2025-10-01', to: '2025-10-08' },
  },
  2026: {
    new_year: { from: '2026-01-01', to: '2026-01-03' },
    spring: { from: '2026-02-15', to: '2026-02-23' },
    qingming: { from: '2026-04-04', to: '2026-04-06' },
    labour: { from: '2026-05-01', to: '2026-05-05' },
    dragon_boat: { from: '2026-06-19', to: '2026-06-21' },
    mid_autumn: { from: '2026-09-25', to: '2026-09-27' },
    national_day: { from: '2026-10-01', to: '2026-10-07' },
  },
};

/** the arranged days off of a holiday in a year, when the notice for that year is known */
export function arrangedDaysOff(holiday: CnHoliday, year: number): DateRange | undefined {
  return CN_ARRANGEMENTS[year]?.[holiday];
}
