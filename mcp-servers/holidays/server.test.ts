import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  INITIALIZE,
  INITIALIZED,
  rawExchange,
  startServer,
  tempDir,
  writeConfig,
  type TestServer,
} from '../shared/test-client.js';

let server: TestServer;
let workspace: ReturnType<typeof tempDir>;
let configFile: string;

before(async () => {
  workspace = tempDir('holidays-mcp-');
  configFile = writeConfig(workspace.dir, {});
  server = await startServer({ name: 'holidays', configFile });
});
after(async () => {
  await server?.close();
  workspace?.cleanup();
});

const KNOWN_HOLIDAYS: Array<[string, string, RegExp]> = [
  ['CN', '2026-10-01', /National Day/],
  ['CN', '2026-01-01', /New Year/],
  ['US', '2026-07-04', /Independence Day/],
  ['US', '2026-12-25', /Christmas/],
  ['IT', '2026-08-15', /Assumption/],
  ['IT', '2026-12-25', /Christmas/],
  ['IN', '2026-08-15', /Independence Day/],
  ['IN', '2026-01-26', /Republic Day/],
  ['DE', '2026-12-25', /Christmas/],
  ['DE', '2026-10-03', /National Holiday/],
  ['JP', '2026-01-01', /New Year/],
  ['JP', '2026-05-05', /Children/],
];

test('is_public_holiday: known holidays of CN, US, IT, IN, DE and JP', async () => {
  for (const [country, date, name] of KNOWN_HOLIDAYS) {
    const result = await server.call('is_public_holiday', { country_code: country, on_date: date });
    assert.equal(result.isError, false, result.text);
    assert.equal(result.structured.country_code, country);
    assert.equal(result.structured.date, date);
    assert.equal(result.structured.is_holiday, true, `${country} ${date}`);
    assert.ok(
      result.structured.holidays.some(
        (holiday: { name: string; type: string }) => name.test(holiday.name) && holiday.type === 'public',
      ),
      `${country} ${date}: ${result.text}`,
    );
  }
});

test('is_public_holiday: ordinary working days are not holidays in any of the six countries', async () => {
  for (const country of ['CN', 'US', 'IT', 'IN', 'DE', 'JP']) {
    const result = await server.call('is_public_holiday', { country_code: country, on_date: '2026-11-25' });
    assert.equal(result.isError, false);
    assert.equal(result.structured.is_holiday, false, `${country}: ${result.text}`);
    assert.deepEqual(result.structured.holidays, []);
    assert.match(result.text, /is NOT a public holiday/);
  }
});

test('is_public_holiday: local names, lower-case codes, and non-public types do not count', async () => {
  const cn = await server.call('is_public_holiday', { country_code: 'cn', on_date: '2026-10-01' });
  assert.equal(cn.structured.country_code, 'CN');
  assert.equal(cn.structured.holidays[0].name_local, '国庆节');
  assert.equal(cn.structured.holidays[0].name_zh, '国庆节');
  // a Chinese operator reads 感恩节 and 主显节, not Thanksgiving Day or Epifania (names-zh.ts)
  const us = await server.call('is_public_holiday', { country_code: 'US', on_date: '2026-11-26' });
  assert.deepEqual([us.structured.holidays[0].name, us.structured.holidays[0].name_zh], ['Thanksgiving Day', '感恩节']);
  const it = await server.call('is_public_holiday', { country_code: 'IT', on_date: '2026-01-06' });
  assert.deepEqual(
    [it.structured.holidays[0].name, it.structured.holidays[0].name_local, it.structured.holidays[0].name_zh],
    ['Epiphany', 'Epifania', '主显节'],
  );
  // Christmas Eve in Germany is a bank holiday from 14:00, not a public holiday
  const eve = await server.call('is_public_holiday', { country_code: 'DE', on_date: '2026-12-24' });
  assert.equal(eve.structured.is_holiday, false);
  assert.equal(eve.structured.other_days_of_note[0].type, 'bank');
  assert.match(eve.text, /Not public holidays/);
  assert.match(eve.structured.note, /Only type "public" counts/);
});

test('list_country_holidays: the year of a country with types', async () => {
  const de = await server.call('list_country_holidays', { country_code: 'DE', year: 2026 });
  assert.equal(de.isError, false);
  assert.equal(de.structured.year, 2026);
  assert.ok(de.structured.public_count >= 9);
  assert.ok(de.structured.types_present.includes('public'));
  const christmas = de.structured.holidays.find(
    (holiday: { date: string; type: string }) => holiday.date === '2026-12-25' && holiday.type === 'public',
  );
  assert.ok(christmas);
  assert.equal(christmas.end_date, '2026-12-25');
  assert.equal(christmas.is_public, true);
  const dates = de.structured.holidays.map((holiday: { date: string }) => holiday.date);
  assert.deepEqual(dates, [...dates].sort());
  const cn = await server.call('list_country_holidays', { country_code: 'CN', year: '2026' });
  assert.equal(cn.isError, false, cn.text);
  assert.ok(
    cn.structured.holidays.some(
      (holiday: { date: string; name_local?: string }) =>
        holiday.date === '2026-10-01' && holiday.name_local === '国庆节',
    ),
  );
});

test('bad country codes, dates and years are tool errors naming the value and the format', async () => {
  const unknown = await server.call('is_public_holiday', { country_code: 'XX', on_date: '2026-10-01' });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /"XX"/);
  assert.match(unknown.text, /ISO 3166-1 alpha-2/);
  const word = await server.call('is_public_holiday', { country_code: 'China', on_date: '2026-10-01' });
  assert.equal(word.isError, true);
  assert.match(word.text, /"China" is not a country code/);
  const badDate = await server.call('is_public_holiday', { country_code: 'CN', on_date: '10/01/2026' });
  assert.equal(badDate.isError, true);
  assert.match(badDate.text, /"10\/01\/2026"/);
  assert.match(badDate.text, /YYYY-MM-DD/);
  const impossible = await server.call('is_public_holiday', { country_code: 'CN', on_date: '2026-02-30' });
  assert.equal(impossible.isError, true);
  assert.match(impossible.text, /not a calendar date/);
  const badYear = await server.call('list_country_holidays', { country_code: 'DE', year: 20260 });
  assert.equal(badYear.isError, true);
  assert.match(badYear.text, /1900 and 2200/);
  const missing = await server.call('is_public_holiday', { country_code: 'DE' });
  assert.equal(missing.isError, true);
  assert.equal(unknown.structured.error.code, 'TOOL_ARGUMENTS_INVALID');
});

test('nothing but JSON-RPC reaches stdout', async () => {
  const exchange = await rawExchange({
    name: 'holidays',
    configFile,
    messages: [
      INITIALIZE,
      INITIALIZED,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'is_public_holiday', arguments: { country_code: 'CN', on_date: '2026-10-01' } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'is_public_holiday', arguments: { country_code: 'QQ', on_date: 'x' } },
      },
    ],
  });
  assert.equal(exchange.stdoutLines.length, 3, exchange.stderr);
  for (const line of exchange.stdoutLines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
  assert.equal(exchange.code, 0);
});
