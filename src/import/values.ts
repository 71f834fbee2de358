/**
 * Turning one cell into one contract value: whole numbers (thousands
 * separators, full-width digits, Excel's 480.0), decimals, dates and
 * timestamps (ISO, 2026/11/26, 2026年11月26日, 20261126, Excel dates and
 * serial numbers, or an explicit format such as 'D.M.YYYY HH:mm'), text.
 * A failure says the rule and the fix; nothing is guessed silently (an
 * ambiguous 11/12/2026 needs a format).
 */

export type Cell = string | number | boolean | Date | null | undefined;

export type Converted = { ok: true; value: string | number | null } | { ok: false; rule: string; fix: string };

const FULL_WIDTH = /[０-９，．－／：　]/g;
const FULL_WIDTH_MAP: Record<string, string> = { '，': ',', '．': '.', '－': '-', '／': '/', '：': ':', '　': ' ' };

export function normalizeText(value: string): string {
  const trimmed = value.trim();
  if (!FULL_WIDTH.test(trimmed)) return trimmed;
  FULL_WIDTH.lastIndex = 0;
  return trimmed.replace(
    FULL_WIDTH,
    (char) => FULL_WIDTH_MAP[char] ?? String.fromCharCode(char.charCodeAt(0) - 0xfee0),
  );
}

const PLAIN_INT = /^-?\d+$/;
const GROUPED_INT = /^-?\d{1,3}(,\d{3})+$/;
const DECIMAL = /^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

export function toInteger(cell: Cell, factor = 1): Converted {
  let number: number;
  if (factor === 1 && typeof cell === 'string' && cell.length < 16 && PLAIN_INT.test(cell))
    return { ok: true, value: Number(cell) };
  if (typeof cell === 'number') {
    number = cell;
  } else {
    const text = normalizeText(String(cell));
    if (PLAIN_INT.test(text)) number = Number(text);
    else if (GROUPED_INT.test(text)) number = Number(text.replaceAll(',', ''));
    else if (DECIMAL.test(text)) number = Number(text.replaceAll(',', ''));
    else
      return {
        ok: false,
        rule: 'a whole number',
        fix: 'write digits only (thousands separators like 1,234 are fine), e.g. 480',
      };
  }
  const scaled = number * factor;
  const rounded = Math.round(scaled);
  if (!Number.isFinite(scaled) || Math.abs(scaled - rounded) > 1e-6) {
    return factor === 1
      ? { ok: false, rule: 'a whole number', fix: 'counts have no fraction: round it in the source, e.g. 480' }
      : {
          ok: false,
          rule: `a whole number after the unit factor ${factor}`,
          fix: 'check the unit factor in the mapping',
        };
  }
  if (!Number.isSafeInteger(rounded))
    return { ok: false, rule: 'a whole number below 2^53', fix: 'check the column: the value is far too large' };
  return { ok: true, value: rounded };
}

export function toReal(cell: Cell, factor = 1): Converted {
  let number: number;
  if (typeof cell === 'number') number = cell;
  else {
    const text = normalizeText(String(cell));
    if (!DECIMAL.test(text))
      return { ok: false, rule: 'a number', fix: 'write a decimal number with a point, e.g. 3.5' };
    number = Number(text.replaceAll(',', ''));
  }
  const scaled = number * factor;
  if (!Number.isFinite(scaled)) return { ok: false, rule: 'a number', fix: 'write a decimal number, e.g. 3.5' };
  return { ok: true, value: scaled };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function daysIn(year: number, month: number): number {
  if (month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0)) return 29;
  return MONTH_DAYS[month - 1] ?? 0;
}

const digit = (text: string, index: number): number => text.charCodeAt(index) - 48;
const two = (text: string, index: number): number => digit(text, index) * 10 + digit(text, index + 1);
const CANONICAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CANONICAL_STAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/** YYYY-MM-DD and YYYY-MM-DD[T ]HH:mm[:ss], the common case, without the general parser. */
function fastDateTime(text: string, type: 'date' | 'datetime'): Converted | undefined {
  if (text.length === 10) {
    if (!CANONICAL_DATE.test(text)) return undefined;
  } else if (text.length === 16 || text.length === 19) {
    if (!CANONICAL_STAMP.test(text)) return undefined;
  } else return undefined;
  const parts: Parts = {
    year: digit(text, 0) * 1000 + digit(text, 1) * 100 + two(text, 2),
    month: two(text, 5),
    day: two(text, 8),
  };
  if (text.length > 10) {
    parts.hour = two(text, 11);
    parts.minute = two(text, 14);
    parts.second = text.length === 19 ? two(text, 17) : 0;
  }
  return render(parts, type);
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: number | undefined;
  minute?: number | undefined;
  second?: number | undefined;
}

function render(parts: Parts, type: 'date' | 'datetime'): Converted {
  const { year, month, day } = parts;
  if (year < 1900 || year > 2200)
    return {
      ok: false,
      rule: 'a year from 1900 to 2200',
      fix: 'check the year (a two-digit year needs a format with YYYY in the source)',
    };
  if (month < 1 || month > 12)
    return {
      ok: false,
      rule: 'a month from 1 to 12',
      fix: 'check the date, or give the right date_format in the mapping (day and month swapped?)',
    };
  if (day < 1 || day > daysIn(year, month))
    return {
      ok: false,
      rule: `a day that exists (${year}-${pad(month)} has ${daysIn(year, month)} days)`,
      fix: 'check the date',
    };
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const hour = parts.hour ?? 0;
  const minute = parts.minute ?? 0;
  const second = parts.second ?? 0;
  if (hour > 23 || minute > 59 || second > 59)
    return { ok: false, rule: 'a time from 00:00:00 to 23:59:59', fix: 'check the time' };
  if (type === 'date') {
    if (parts.hour !== undefined && (hour !== 0 || minute !== 0 || second !== 0)) {
      return {
        ok: false,
        rule: 'a date (YYYY-MM-DD), not a timestamp',
        fix: 'give the date only, or map this column to a timestamp column',
      };
    }
    return { ok: true, value: date };
  }
  return { ok: true, value: `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}` };
}

const AUTO_DATE =
  /^(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2})|年(\d{1,2})月(\d{1,2})日?|(\d{2})(\d{2}))(?:(?:[T ]|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

function fromDate(date: Date): Parts {
  // XLSX readers give date cells as Date objects holding the wall-clock time in UTC fields
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

function fromSerial(serial: number): Parts {
  // Excel's 1900 date system: day 25569 is 1970-01-01
  const ms = Math.round((serial - 25569) * 86400) * 1000;
  return fromDate(new Date(ms));
}

export type DateFormat = { source: string; regex: RegExp; groups: Array<keyof Parts> };

const FORMAT_TOKENS: Array<[string, keyof Parts, string]> = [
  ['YYYY', 'year', '(\\d{4})'],
  ['MM', 'month', '(\\d{2})'],
  ['M', 'month', '(\\d{1,2})'],
  ['DD', 'day', '(\\d{2})'],
  ['D', 'day', '(\\d{1,2})'],
  ['HH', 'hour', '(\\d{2})'],
  ['H', 'hour', '(\\d{1,2})'],
  ['mm', 'minute', '(\\d{2})'],
  ['ss', 'second', '(\\d{2})'],
];

/** Compile a format such as 'YYYY/M/D H:mm' or 'DD.MM.YYYY'; undefined + reason when it is not one. */
export function compileDateFormat(format: string): DateFormat | string {
  let regex = '^';
  const groups: Array<keyof Parts> = [];
  let rest = format;
  while (rest.length > 0) {
    const token = FORMAT_TOKENS.find(([name]) => rest.startsWith(name));
    if (token) {
      if (groups.includes(token[1])) return `"${token[0]}" appears twice`;
      regex += token[2];
      groups.push(token[1]);
      rest = rest.slice(token[0].length);
    } else {
      const char = rest[0]!;
      if (/[A-Za-z]/.test(char)) return `unknown letter "${char}" (use YYYY MM M DD D HH H mm ss)`;
      regex += char === ' ' ? '\\s+' : char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      rest = rest.slice(1);
    }
  }
  for (const needed of ['year', 'month', 'day'] as const)
    if (!groups.includes(needed)) return `a date format needs YYYY, M(M) and D(D)`;
  return { source: format, regex: new RegExp(`${regex}$`), groups };
}

/** a serial day of 1954–2201 as text, with a time of day as its fraction */
const SERIAL_TEXT = /^\d{5}(\.\d+)?$/;

export function toDateTime(cell: Cell, type: 'date' | 'datetime', format?: DateFormat): Converted {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime()))
      return { ok: false, rule: 'a valid date', fix: 'the spreadsheet cell holds an invalid date' };
    return render(fromDate(cell), type);
  }
  if (typeof cell === 'number') {
    if (cell > 20000 && cell < 110000) return render(fromSerial(cell), type);
    return { ok: false, rule: 'a date', fix: 'format the spreadsheet column as a date, or write YYYY-MM-DD' };
  }
  if (!format && typeof cell === 'string') {
    const fast = fastDateTime(cell, type);
    if (fast) return fast;
  }
  const text = normalizeText(String(cell));
  // an Excel serial as text: a CSV saved from Excel writes an unformatted date column so (46352 = 2026-11-26)
  if (!format && SERIAL_TEXT.test(text)) return toDateTime(Number(text), type);
  if (format) {
    const match = format.regex.exec(text);
    if (!match)
      return {
        ok: false,
        rule: `the date format ${format.source}`,
        fix: `write it as ${format.source} (the mapping's format), or correct the mapping`,
      };
    const parts: Partial<Parts> = {};
    format.groups.forEach((group, index) => (parts[group] = Number(match[index + 1])));
    return render(parts as Parts, type);
  }
  const match = AUTO_DATE.exec(text);
  if (!match) {
    const fix = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}/.test(text)
      ? 'day and month order is ambiguous: give a format in the mapping, e.g. format: "M/D/YYYY" or "D.M.YYYY"'
      : /[+-]\d{2}:?\d{2}$|Z$/.test(text)
        ? 'times are plant-local: drop the offset (or convert to the plant time zone) in the export'
        : type === 'date'
          ? 'write YYYY-MM-DD (2026/11/26 and 2026年11月26日 are read too), or give a format in the mapping'
          : 'write YYYY-MM-DD HH:mm[:ss] (2026/11/26 20:00 is read too), or give a format in the mapping';
    return { ok: false, rule: type === 'date' ? 'a date' : 'a date and time', fix };
  }
  const year = Number(match[1]);
  const month = Number(match[3] ?? match[5] ?? match[7]);
  const day = Number(match[4] ?? match[6] ?? match[8]);
  const hour = match[9] === undefined ? undefined : Number(match[9]);
  const parts: Parts = {
    year,
    month,
    day,
    hour,
    minute: hour === undefined ? undefined : Number(match[10]),
    second: match[11] === undefined ? undefined : Number(match[11]),
  };
  return render(parts, type);
}

/** Is this an IANA time zone name Node knows (Intl)? */
const zones = new Map<string, boolean>();
export function isTimeZone(name: string): boolean {
  let known = zones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = /\//.test(name) || name === 'UTC';
    } catch {
      known = false;
    }
    zones.set(name, known);
  }
  return known;
}

/*
 * Allocation-free fast paths for the common cells of a big export (the
 * importer's row loop calls them first, and the general converters above
 * only when they answer undefined): plain digits, YYYY-MM-DD, and
 * YYYY-MM-DD[T ]HH:mm[:ss]. They accept only what the general converters
 * accept and give the same value; anything else (a range error too) goes to
 * the general path, which names the rule and the fix.
 */
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** '480' → 480; undefined when the text is not plain ASCII digits (optional '-', < 16 chars). */
export function fastInteger(text: string): number | undefined {
  const length = text.length;
  if (length === 0 || length > 15) return undefined;
  let index = text.charCodeAt(0) === 45 ? 1 : 0;
  if (index === length) return undefined;
  let value = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return undefined;
    value = value * 10 + (code - 48);
  }
  return text.charCodeAt(0) === 45 ? -value : value;
}

const YMD_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

function validYmd(text: string): boolean {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  for (let index = 0; index < YMD_DIGITS.length; index++)
    if (!isDigit(text.charCodeAt(YMD_DIGITS[index]!))) return false;
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function validHms(text: string, at: number, seconds: boolean): boolean {
  if (text.charCodeAt(at + 2) !== 58 || (seconds && text.charCodeAt(at + 5) !== 58)) return false;
  const count = seconds ? 8 : 5;
  for (let index = at; index < at + count; index++)
    if (index !== at + 2 && index !== at + 5 && !isDigit(text.charCodeAt(index))) return false;
  return two(text, at) <= 23 && two(text, at + 3) <= 59 && (!seconds || two(text, at + 6) <= 59);
}

/** '2026-11-26' → itself; undefined when it is not exactly a valid YYYY-MM-DD. */
export function fastDate(text: string): string | undefined {
  return text.length === 10 && validYmd(text) ? text : undefined;
}

/** '2026-11-26 09:30[:00]' or with T → '2026-11-26T09:30:00'; undefined otherwise. */
export function fastStamp(text: string): string | undefined {
  const length = text.length;
  if (length !== 16 && length !== 19) return undefined;
  const separator = text.charCodeAt(10);
  if ((separator !== 84 && separator !== 32) || !validYmd(text) || !validHms(text, 11, length === 19)) return undefined;
  if (length === 19) return separator === 84 ? text : `${text.slice(0, 10)}T${text.slice(11)}`;
  return `${text.slice(0, 10)}T${text.slice(11)}:00`;
}
