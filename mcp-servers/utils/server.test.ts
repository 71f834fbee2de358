import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, tidy } from './calculator.js';
import { isoWeek } from './server.js';
import {
  INITIALIZE,
  INITIALIZED,
  rawExchange,
  startServer,
  tempDir,
  writeConfig,
  type TestServer,
} from '../shared/test-client.js';

function calc(expression: string): number {
  const outcome = evaluate(expression);
  if (!outcome.ok) throw new Error(`${expression}: ${outcome.error.message}`);
  return tidy(outcome.value.value);
}
function calcError(expression: string): string {
  const outcome = evaluate(expression);
  assert.equal(outcome.ok, false, `${expression} should be refused`);
  return outcome.ok ? '' : outcome.error.message;
}

test('calculator: precedence, associativity, unary minus, percent, functions', () => {
  assert.equal(calc('1 + 2 * 3'), 7);
  assert.equal(calc('(1 + 2) * 3'), 9);
  assert.equal(calc('10 - 4 - 3'), 3);
  assert.equal(calc('64 / 4 / 2'), 8);
  assert.equal(calc('2 ^ 3 ^ 2'), 512); // right-associative
  assert.equal(calc('-2 ^ 2'), -4); // power binds tighter than unary minus
  assert.equal(calc('(-2) ^ 2'), 4);
  assert.equal(calc('2 ^ -1'), 0.5);
  assert.equal(calc('--3'), 3);
  assert.equal(calc('-(3 + 4) * 2'), -14);
  assert.equal(calc('0.1 + 0.2'), 0.3);
  assert.equal(calc('.5 * 4'), 2);
  assert.equal(calc('1.5e3 + 1'), 1501);
  assert.equal(calc('3.5%'), 0.035);
  assert.equal(calc('2000 * 3.5%'), 70);
  assert.equal(calc('50% * 2'), 1);
  assert.equal(calc('100 * (1 + 10%)'), 110);
  assert.equal(calc('10 % 3'), 1); // remainder when an operand follows
  assert.equal(calc('10 % (2 + 1)'), 1);
  assert.equal(calc('7 % 4 * 2'), 6);
  assert.equal(calc('round(37 / 1520 * 100, 2)'), 2.43);
  assert.equal(calc('round(1.005, 2)'), 1.01);
  assert.equal(calc('round(2.5)'), 3);
  assert.equal(calc('round(-2.5)'), -3);
  assert.equal(calc('min(3, 1, 2) + max(4, 9)'), 10);
  assert.equal(calc('abs(-4.5)'), 4.5);
  assert.equal(calc('sqrt(16) * 2'), 8);
  assert.equal(calc('2 * pi'), tidy(2 * Math.PI));
  assert.equal(calc('（1＋2）×3÷9'), 1); // full-width input
  assert.equal(calc('2 ** 10'), 1024);
});

test('calculator: refusals say what was wrong', () => {
  assert.match(calcError('1 / 0'), /division by zero/);
  assert.match(calcError('5 % 0'), /remainder .* by zero/);
  assert.match(calcError('1 / (2 - 2)'), /division by zero/);
  assert.match(calcError('(1 + 2'), /unbalanced parentheses/);
  assert.match(calcError('1 + 2)'), /unbalanced parentheses/);
  assert.match(calcError('1 +'), /ends too early/);
  assert.match(calcError('* 3'), /unexpected "\*"/);
  assert.match(calcError('2 3'), /operator is missing/);
  assert.match(calcError('process.exit(1)'), /unexpected character "."/);
  assert.match(calcError('exit(1)'), /unknown name "exit"/);
  assert.match(calcError('constructor'), /unknown name/);
  assert.match(calcError('constructor(1)'), /unknown name/);
  assert.match(calcError('__proto__ + 1'), /unknown name/);
  assert.match(calcError('toString(1)'), /unknown name/);
  assert.match(calcError('1; 2'), /unexpected character ";"/);
  assert.match(calcError('sqrt(-1)'), /negative/);
  assert.match(calcError('sqrt(1, 2)'), /takes 1 argument/);
  assert.match(calcError('round 2'), /needs parentheses/);
  assert.match(calcError(''), /empty/);
  assert.match(calcError('1+'.repeat(300) + '1'), /too long/);
  assert.match(calcError('('.repeat(100) + '1' + ')'.repeat(100)), /nests deeper/);
  assert.match(calcError('10 ^ 400'), /not a finite number/);
});

test('isoWeek follows ISO-8601 (week 1 holds the first Thursday)', () => {
  assert.deepEqual(isoWeek(2026, 11, 25), { year: 2026, week: 48 });
  assert.deepEqual(isoWeek(2027, 1, 1), { year: 2026, week: 53 });
  assert.deepEqual(isoWeek(2024, 12, 30), { year: 2025, week: 1 });
  assert.deepEqual(isoWeek(2026, 1, 1), { year: 2026, week: 1 });
});

let server: TestServer;
let workspace: ReturnType<typeof tempDir>;
let configFile: string;

before(async () => {
  workspace = tempDir('utils-mcp-');
  configFile = writeConfig(workspace.dir, { plant: { timezone: 'Asia/Shanghai' } });
  server = await startServer({ name: 'utils', configFile, now: '2026-11-25T10:00:00' });
});
after(async () => {
  await server?.close();
  workspace?.cleanup();
});

test('utils server lists its two tools with descriptions', async () => {
  const tools = (await server.client.listTools()).tools;
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ['calculator', 'current_datetime']);
  for (const tool of tools) assert.ok((tool.description ?? '').length > 40);
});

test('current_datetime honours --now and the plant time zone', async () => {
  const result = await server.call('current_datetime');
  assert.equal(result.isError, false);
  assert.equal(result.structured.date, '2026-11-25');
  assert.equal(result.structured.time, '10:00:00');
  assert.equal(result.structured.weekday, 3);
  assert.equal(result.structured.weekday_en, 'Wednesday');
  assert.equal(result.structured.weekday_zh, '星期三');
  assert.equal(result.structured.iso_week, 48);
  assert.equal(result.structured.timezone, 'Asia/Shanghai');
  assert.equal(result.structured.utc_offset, '+08:00');
  assert.equal(result.structured.datetime, '2026-11-25T10:00:00+08:00');
  assert.equal(result.structured.clock_fixed, true);
  assert.match(result.text, /2026-11-25 10:00:00 Wednesday/);
});

test('current_datetime in another zone, and a bad zone is a tool error', async () => {
  const berlin = await server.call('current_datetime', { timezone: 'Europe/Berlin' });
  assert.equal(berlin.structured.time, '03:00:00');
  assert.equal(berlin.structured.utc_offset, '+01:00');
  const bad = await server.call('current_datetime', { timezone: 'Mars/Olympus' });
  assert.equal(bad.isError, true);
  assert.match(bad.text, /unknown time zone "Mars\/Olympus"/);
  assert.equal(bad.structured.error.code, 'TOOL_ARGUMENTS_INVALID');
});

test('calculator over stdio: result and refusals as tool errors', async () => {
  const good = await server.call('calculator', { expression: '(1200 - 18) / 1200 * 100' });
  assert.equal(good.isError, false);
  assert.equal(good.structured.result, 98.5);
  assert.match(good.text, /= 98\.5$/);
  const zero = await server.call('calculator', { expression: '5 / (3 - 3)' });
  assert.equal(zero.isError, true);
  assert.match(zero.text, /division by zero/);
  assert.match(zero.text, /How to fix/);
  const tooLong = await server.call('calculator', { expression: '1'.repeat(501) });
  assert.equal(tooLong.isError, true);
  assert.match(tooLong.text, /expression/);
  const missing = await server.call('calculator', {});
  assert.equal(missing.isError, true);
});

test('nothing but JSON-RPC reaches stdout', async () => {
  const exchange = await rawExchange({
    name: 'utils',
    configFile,
    now: '2026-11-25T10:00:00',
    messages: [
      INITIALIZE,
      INITIALIZED,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'calculator', arguments: { expression: '1/0' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'current_datetime', arguments: {} } },
    ],
  });
  assert.equal(exchange.stdoutLines.length, 4, exchange.stderr);
  for (const line of exchange.stdoutLines) {
    const message = JSON.parse(line) as { jsonrpc: string; id: number };
    assert.equal(message.jsonrpc, '2.0');
  }
  assert.equal(exchange.code, 0);
});
