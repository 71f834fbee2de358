/**
 * The offline holiday calendar: the `date-holidays` package (its rules and
 * data ship inside the binary; nothing reaches the network). Only type
 * 'public' counts as a public holiday; the other types are reported as such.
 */
import Holidays from 'date-holidays';
import { err, ok, type Result } from '../../src/errors.js';
import { addDays, zonedToInstant } from '../../src/clock.js';
import { holidayNameZh } from './names-zh.js';

/** Holiday types date-holidays knows; only 'public' is a day off by law. */
export const HOLIDAY_TYPES = {
  public: 'public holiday, a day off by law (法定节假日)',
  bank: 'bank holiday: banks and some offices closed (银行假日)',
  school: 'school holiday (学校假期)',
  optional: 'optional holiday: some employees may take the day off (可选假日)',
  observance: 'observance: a day of note, not a day off (纪念日)',
} as const;

export interface HolidayEntry {
  /** first day, YYYY-MM-DD (country-local) */
  date: string;
  /** last day, YYYY-MM-DD, inclusive (same as date for one-day holidays) */
  end_date: string;
  /** local start time when the holiday begins during the day, e.g. '14:00' (a half-day holiday) */
  starts_at_time?: string;
  name: string;
  name_local?: string;
  /** the name in Simplified Chinese, when known (names-zh.ts) */
  name_zh?: string;
  type: string;
  is_public: boolean;
  note?: string;
}

export interface CalendarError {
  message: string;
  hint: string;
}

const countryNames = new Holidays().getCountries('en');
const calendars = new Map<string, { calendar: Holidays; language: string }>();

export function supportedCountries(): Record<string, string> {
  return countryNames;
}

export function checkCountry(raw: string): Result<string, CalendarError> {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) {
    return err({
      message: `"${raw}" is not a country code`,
      hint: 'give the ISO 3166-1 alpha-2 code, two letters: CN (China), US, IT, IN (India), DE (Germany), JP (Japan)',
    });
  }
  if (!Object.hasOwn(countryNames, code)) {
    return err({
      message: `no holiday calendar for country code "${code}"`,
      hint: `use an ISO 3166-1 alpha-2 code the calendar knows, e.g. CN, US, IT, IN, DE, JP (${Object.keys(countryNames).length} countries are supported)`,
    });
  }
  return ok(code);
}

export function checkDate(raw: string): Result<string, CalendarError> {
  const text = raw.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const hint = 'write the date as YYYY-MM-DD, e.g. 2026-10-01';
  if (!match) return err({ message: `"${raw}" is not a date in the form YYYY-MM-DD`, hint });
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return err({ message: `"${raw}" is not a calendar date`, hint: `${hint}; check the month (01-12) and the day` });
  if (year < 1900 || year > 2200) return err({ message: `year ${year} is outside the calendar (1900-2200)`, hint });
  return ok(text);
}

/** The calendar of a country and its first (local) language, captured before any English lookup changes it. */
function calendarFor(country: string): { calendar: Holidays; language: string } {
  let found = calendars.get(country);
  if (!found) {
    const calendar = new Holidays(country);
    found = { calendar, language: calendar.getLanguages()[0] ?? 'en' };
    calendars.set(country, found);
  }
  return found;
}

export function countryTimeZone(country: string): string {
  return calendarFor(country).calendar.getTimezones()[0] ?? 'UTC';
}

function localDateOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

interface Span {
  entry: HolidayEntry;
  start: number;
  end: number;
}

const spanCache = new Map<string, Span[]>();

/** The holidays of a country and year with their instants (computed once per process). */
function spansOf(country: string, year: number): Span[] {
  const key = `${country}:${year}`;
  const cached = spanCache.get(key);
  if (cached) return cached;
  const spans = computeSpans(country, year);
  spanCache.set(key, spans);
  return spans;
}

function computeSpans(country: string, year: number): Span[] {
  const { calendar, language } = calendarFor(country);
  const timeZone = countryTimeZone(country);
  const local = calendar.getHolidays(year, language);
  const english = calendar.getHolidays(year, 'en');
  return local.map((holiday, index) => {
    const englishName = english[index]?.date === holiday.date ? english[index]?.name : undefined;
    const date = holiday.date.slice(0, 10);
    const time = holiday.date.slice(11, 16);
    // the end instant is exclusive: the last day is the local date just before it
    const endDate = localDateOf(new Date(holiday.end.getTime() - 1), timeZone);
    const entry: HolidayEntry = {
      date,
      end_date: endDate < date ? date : endDate,
      name: englishName ?? holiday.name,
      type: holiday.type,
      is_public: holiday.type === 'public',
    };
    if (time !== '00:00' && time !== '') entry.starts_at_time = time;
    if (englishName !== undefined && englishName !== holiday.name) entry.name_local = holiday.name;
    const chinese =
      holidayNameZh(entry.name) ??
      (/[\u4e00-\u9fff]/.test(holiday.name) && language.startsWith('zh') ? holiday.name : undefined);
    if (chinese !== undefined) entry.name_zh = chinese;
    const note = (holiday as { note?: string }).note;
    if (note) entry.note = note;
    return { entry, start: holiday.start.getTime(), end: holiday.end.getTime() };
  });
}

/** Every holiday of a country and year, all types, in date order. */
export function holidaysOf(country: string, year: number): HolidayEntry[] {
  return spansOf(country, year).map((span) => span.entry);
}

/** Holidays touching the given day (country-local midnight to midnight), of all types. */
export function holidaysOn(country: string, date: string): HolidayEntry[] {
  const year = Number(date.slice(0, 4));
  const timeZone = countryTimeZone(country);
  const midnight = (day: string): number =>
    zonedToInstant(
      { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) },
      timeZone,
    ).getTime();
  const dayStart = midnight(date);
  const dayEnd = midnight(addDays(date, 1));
  // a holiday of the previous year may run into this one (e.g. a multi-day New Year)
  return [...spansOf(country, year - 1), ...spansOf(country, year)]
    .filter((span) => span.start < dayEnd && span.end > dayStart)
    .map((span) => span.entry);
}
