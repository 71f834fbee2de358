import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileDateFormat, toDateTime, toInteger, type DateFormat } from './values.js';
import { detectDelimiter, detectEncoding } from './source.js';
import iconv from 'iconv-lite';

test('whole numbers: thousands separators, full-width digits, Excel 480.0, a unit factor; fractions and words refused', () => {
  assert.deepEqual(toInteger('1,234'), { ok: true, value: 1234 });
  assert.deepEqual(toInteger('１２３'), { ok: true, value: 123 });
  assert.deepEqual(toInteger(480), { ok: true, value: 480 });
  assert.deepEqual(toInteger('480.0'), { ok: true, value: 480 });
  assert.deepEqual(toInteger('1.5', 1000), { ok: true, value: 1500 });
  assert.equal(toInteger('12.5').ok, false);
  assert.equal(toInteger('1,23').ok, false);
  assert.equal(toInteger('十二').ok, false);
});

test('dates: ISO, slashes, 年月日, compact, Excel serials and Date cells, explicit formats; impossible and ambiguous ones refused', () => {
  const date = (value: unknown, format?: DateFormat) => toDateTime(value as string, 'date', format);
  const stamp = (value: unknown, format?: DateFormat) => toDateTime(value as string, 'datetime', format);
  assert.deepEqual(date('2026/11/26'), { ok: true, value: '2026-11-26' });
  assert.deepEqual(date('2026年11月26日'), { ok: true, value: '2026-11-26' });
  assert.deepEqual(date('20261126'), { ok: true, value: '2026-11-26' });
  assert.deepEqual(date(46352), { ok: true, value: '2026-11-26' });
  assert.deepEqual(stamp('2026/11/26 8:05'), { ok: true, value: '2026-11-26T08:05:00' });
  assert.deepEqual(stamp(new Date(Date.UTC(2026, 10, 26, 20, 0))), { ok: true, value: '2026-11-26T20:00:00' });
  const european = compileDateFormat('D.M.YYYY HH:mm') as DateFormat;
  assert.deepEqual(stamp('26.11.2026 20:00', european), { ok: true, value: '2026-11-26T20:00:00' });
  assert.equal(date('2026-02-29').ok, false);
  assert.deepEqual(date('2028-02-29'), { ok: true, value: '2028-02-29' });
  const ambiguous = date('11/12/2026');
  assert.ok(!ambiguous.ok && /ambiguous/.test(ambiguous.fix));
  const offset = stamp('2026-11-26T20:00:00+08:00');
  assert.ok(!offset.ok && /plant-local/.test(offset.fix));
  assert.equal(date('2026-11-26 09:30').ok, false, 'a timestamp in a date column');
  assert.equal(typeof compileDateFormat('YYYY/QQ'), 'string');
});

test('encodings and delimiters are detected', () => {
  assert.equal(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41])).label, 'utf-8 (BOM)');
  assert.equal(detectEncoding(Buffer.from('产线,日期', 'utf8')).encoding, 'utf-8');
  assert.equal(detectEncoding(iconv.encode('产线,日期,班次', 'gbk')).encoding, 'gb18030');
  assert.equal(detectDelimiter('a;b;c\n1;2;3'), ';');
  assert.equal(detectDelimiter('a\tb\tc\n1\t2,5\t3'), '\t');
  assert.equal(detectDelimiter('a,b,c\n"1;2",2,3'), ',');
});

test('the fast paths give what the general converters give, and nothing they refuse', async () => {
  const { fastDate, fastInteger, fastStamp } = await import('./values.js');
  for (const text of ['0', '480', '-3', '007', '123456789012345']) {
    const general = toInteger(text);
    assert.ok(general.ok);
    assert.equal(fastInteger(text), general.value, text);
  }
  for (const text of ['', '-', '1,234', '4.5', ' 48', '48 ', '１２', '1234567890123456', '1e3', '+5'])
    assert.equal(fastInteger(text), undefined, text);
  for (const text of ['2026-11-26', '2024-02-29', '1900-01-01', '2200-12-31']) {
    const general = toDateTime(text, 'date');
    assert.ok(general.ok);
    assert.equal(fastDate(text), general.value, text);
  }
  for (const text of [
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-11-31',
    '1899-12-31',
    '2026/11/26',
    '2026-1-26',
    '26-11-2026',
    '2026-11-2a',
  ]) {
    assert.equal(fastDate(text), undefined, text);
  }
  for (const text of [
    '2026-11-26 09:30:00',
    '2026-11-26T09:30:00',
    '2026-11-26 09:30',
    '2026-11-26T23:59:59',
    '2024-02-29 00:00',
  ]) {
    const general = toDateTime(text, 'datetime');
    assert.ok(general.ok);
    assert.equal(fastStamp(text), general.value, text);
  }
  for (const text of [
    '2026-11-26 24:00:00',
    '2026-11-26 09:60',
    '2026-11-26 09:30:60',
    '2026-11-26X09:30',
    '2026-11-26 9:30:00',
    '2026-02-30 09:30',
    '2026-11-26 09-30-00',
    '2026-11-26',
  ]) {
    assert.equal(fastStamp(text), undefined, text);
  }
});

test('Excel serial numbers in a CSV (a date column exported from Excel unformatted) are read as the guide says', async () => {
  // Excel's "Save as CSV" of a date column without a date format writes the serial: 46352 is 2026-11-26
  const date = (value: string) => toDateTime(value, 'date');
  const stamp = (value: string) => toDateTime(value, 'datetime');
  assert.deepEqual(date('46352'), { ok: true, value: '2026-11-26' });
  assert.deepEqual(stamp('46352.875'), { ok: true, value: '2026-11-26T21:00:00' });
  assert.deepEqual(stamp(' 46351.5 '), { ok: true, value: '2026-11-25T12:00:00' });
  assert.deepEqual(date('46352.0'), { ok: true, value: '2026-11-26' });
  // a time in a date column is still a timestamp, and numbers that are no date of the years read are refused
  assert.equal(date('46352.5').ok, false);
  assert.equal(date('123').ok, false);
  assert.equal(date('4635').ok, false);
  assert.equal(date('1234567').ok, false);
  // a compact date is not a serial
  assert.deepEqual(date('20261126'), { ok: true, value: '2026-11-26' });
});
