/**
 * The on-call rota: weekly, Monday 00:00 to the next Monday 00:00 plant time
 * (ends_at exclusive), round-robin over the engineers by absolute week
 * number, so a given week has the same engineer whatever --today is.
 */
import { addDays, daysBetween, weekdayOf } from '../clock.js';
import { ENGINEERS, type EngineerSpec } from './catalog.js';

export const FUTURE_WEEKS = 8;
const EPOCH_MONDAY = '1970-01-05';

export function mondayOf(date: string): string {
  return addDays(date, -(weekdayOf(date) - 1));
}

/** Shifts the round-robin so the week of 2026-11-23 (US Thanksgiving on the 26th) is Michael Johnson's. */
const ROTA_OFFSET = 1;

export function onCallFor(date: string): EngineerSpec {
  const week = Math.floor(daysBetween(EPOCH_MONDAY, mondayOf(date)) / 7) + ROTA_OFFSET;
  return ENGINEERS[((week % ENGINEERS.length) + ENGINEERS.length) % ENGINEERS.length]!;
}

export interface RotationRow {
  engineer_id: number;
  starts_at: string;
  ends_at: string;
}

/** Weeks from the Monday on or before `from` through FUTURE_WEEKS weeks after the current one. */
export function planRotations(from: string, today: string): RotationRow[] {
  const rows: RotationRow[] = [];
  const last = addDays(mondayOf(today), 7 * (FUTURE_WEEKS + 1));
  for (let monday = mondayOf(from); monday < last; monday = addDays(monday, 7)) {
    rows.push({
      engineer_id: onCallFor(monday).engineer_id,
      starts_at: `${monday}T00:00:00`,
      ends_at: `${addDays(monday, 7)}T00:00:00`,
    });
  }
  return rows;
}
