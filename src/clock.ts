/**
 * The appliance's clock. Plants' clocks drift and regression replays need a
 * fixed "today", so every date computation asks `now()` here, never `new Date()`.
 * `--now ISO-8601` / AIRGAP_AGENT_NOW fix it (see `setFixedNow`).
 *
 * Also the plant-time-zone helpers: every business date (record_date, "today",
 * "last Wednesday") is a calendar date in `plant.timezone`.
 */
import { AppError } from './errors.js';

let fixed: Date | undefined;

/** The current instant: the fixed clock when set, otherwise the system clock. */
export function now(): Date {
  return fixed ? new Date(fixed.getTime()) : new Date();
}

export function isClockFixed(): boolean {
  return fixed !== undefined;
}

/** Fix the clock (or release it with `undefined`). `iso` without an offset is plant-local. */
export function setFixedNow(iso: string | undefined, timeZone: string): void {
  fixed = iso === undefined ? undefined : parseInstant(iso, timeZone);
}

export interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws CONFIG_INVALID for a time zone name the runtime does not know. */
export function assertTimeZone(timeZone: string): void {
  try {
    formatterFor(timeZone);
  } catch {
    throw new AppError('CONFIG_INVALID', `unknown time zone "${timeZone}"`, {
      hint: 'use an IANA name such as Asia/Shanghai, Europe/Berlin or UTC',
    });
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock parts of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** the last localDate: the same second in the same zone (no zone's offset has a fraction of one) is the same day */
let lastDate = { timeZone: '', second: Number.NaN, date: '' };

/** 'YYYY-MM-DD' of an instant in the plant's time zone. */
export function localDate(instant: Date, timeZone: string): string {
  // asked again and again for the same instant (a question's routing, its skills): Intl's parts are slow
  const second = Math.floor(instant.getTime() / 1000);
  if (lastDate.second === second && lastDate.timeZone === timeZone) return lastDate.date;
  const p = localParts(instant, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  lastDate = { timeZone, second, date };
  return date;
}

/** 'YYYY-MM-DDTHH:MM:SS' wall-clock time of an instant in the plant's time zone (no offset). */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Offset of the zone from UTC at that instant, in minutes (e.g. +480 for Asia/Shanghai). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which the plant's wall clock shows the given local time. */
export function zonedToInstant(
  local: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0, local.second ?? 0);
  // Two passes settle DST transitions.
  let instant = new Date(guess - offsetMinutes(new Date(guess), timeZone) * 60000);
  instant = new Date(guess - offsetMinutes(instant, timeZone) * 60000);
  return instant;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parse an ISO-8601 date or date-time. Without an offset it is read as
 * plant-local time; a bare date means local midnight.
 */
export function parseInstant(iso: string, timeZone: string): Date {
  const text = iso.trim();
  const dateOnly = DATE_RE.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    checkCalendar([Number(y), Number(m), Number(d)], iso);
    return zonedToInstant({ year: Number(y), month: Number(m), day: Number(d) }, timeZone);
  }
  const match = DATETIME_RE.exec(text);
  if (!match) {
    throw new AppError('USAGE', `"${iso}" is not an ISO-8601 date or date-time`, {
      hint: 'write it like 2026-11-25T09:30:00+08:00, 2026-11-25T09:30 (plant time) or 2026-11-25',
    });
  }
  const [, y, m, d, hh, mm, ss, , zone] = match;
  checkCalendar([Number(y), Number(m), Number(d)], iso);
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) {
    throw new AppError('USAGE', `"${iso}" has an impossible time of day`, {
      hint: 'hours 00-23, minutes and seconds 00-59',
    });
  }
  if (zone) {
    const parsed = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(parsed.getTime())) throw new AppError('USAGE', `"${iso}" is not a valid date-time`);
    return parsed;
  }
  return zonedToInstant(
    {
      year: Number(y),
      month: Number(m),
      day: Number(d),
      hour: Number(hh),
      minute: Number(mm),
      second: Number(ss ?? 0),
    },
    timeZone,
  );
}

function checkCalendar([year, month, day]: [year: number, month: number, day: number], original: string): void {
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new AppError('USAGE', `"${original}" is not a calendar date`, {
      hint: 'check the month (01-12) and the day of the month',
    });
  }
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** ISO weekday of a 'YYYY-MM-DD': 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whole days from a to b ('YYYY-MM-DD'), positive when b is later. */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split('-').map(Number) as [number, number, number];
  const [by, bm, bd] = b.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86400000);
}
