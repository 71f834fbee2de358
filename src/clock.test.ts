import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDays,
  daysBetween,
  localDate,
  localDateTime,
  parseInstant,
  weekdayOf,
  setFixedNow,
  now,
  offsetMinutes,
} from './clock.js';
import { AppError } from './errors.js';

test('a date-time without offset is plant-local time', () => {
  const instant = parseInstant('2026-11-25T09:30:00', 'Asia/Shanghai');
  assert.equal(instant.toISOString(), '2026-11-25T01:30:00.000Z');
  assert.equal(localDateTime(instant, 'Asia/Shanghai'), '2026-11-25T09:30:00');
});

test('an explicit offset wins over the plant zone', () => {
  const instant = parseInstant('2026-11-25T23:30:00Z', 'Asia/Shanghai');
  assert.equal(localDate(instant, 'Asia/Shanghai'), '2026-11-26');
});

test('a bare date is local midnight, DST zones included', () => {
  assert.equal(parseInstant('2026-03-29', 'Europe/Berlin').toISOString(), '2026-03-28T23:00:00.000Z');
  assert.equal(offsetMinutes(parseInstant('2026-07-01', 'Europe/Berlin'), 'Europe/Berlin'), 120);
});

test('impossible dates are refused with a fix', () => {
  assert.throws(
    () => parseInstant('2026-02-30', 'UTC'),
    (error: unknown) => error instanceof AppError && /calendar date/.test(error.message),
  );
  assert.throws(
    () => parseInstant('yesterday', 'UTC'),
    (error: unknown) => error instanceof AppError && error.hint !== undefined,
  );
});

test('calendar arithmetic', () => {
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(weekdayOf('2026-11-25'), 3); // a Wednesday
  assert.equal(weekdayOf('2026-11-29'), 7);
  assert.equal(daysBetween('2026-11-01', '2026-11-29'), 28);
});

test('the fixed clock is returned by now() and released', () => {
  setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
  assert.equal(now().toISOString(), '2026-11-25T02:00:00.000Z');
  setFixedNow(undefined, 'UTC');
  assert.ok(Math.abs(now().getTime() - Date.now()) < 1000);
});
