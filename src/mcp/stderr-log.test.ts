import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StderrCapture } from './stderr-log.js';
import { memoryLogger } from './fixtures/helpers.js';

function parse(lines: string[]): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

test('stderr is split into lines across chunks; text lines are logged as text', () => {
  const lines: string[] = [];
  const capture = new StderrCapture({ log: memoryLogger(lines) });
  capture.write('first li');
  capture.write('ne\nsecond\r\n\nthird');
  assert.deepEqual(capture.lastLines(), ['first line', 'second']);
  capture.end();
  assert.deepEqual(capture.lastLines(), ['first line', 'second', 'third']);
  assert.deepEqual(
    parse(lines).map((entry) => [entry.msg, entry.stderr]),
    [
      ['server-stderr', 'first line'],
      ['server-stderr', 'second'],
      ['server-stderr', 'third'],
    ],
  );
});

test("a server's pino JSON line is re-logged as an object at its own level", () => {
  const lines: string[] = [];
  const capture = new StderrCapture({ log: memoryLogger(lines) });
  capture.write(
    `${JSON.stringify({ level: 50, time: 1, pid: 99, component: 'query', msg: 'query-failed', sql: 'SELECT 1' })}\n`,
  );
  capture.write(`${JSON.stringify({ level: 'warn', msg: 'slow' })}\n`);
  const [first, second] = parse(lines);
  assert.equal(first?.level, 50);
  assert.equal(first?.msg, 'query-failed');
  assert.equal(first?.sql, 'SELECT 1');
  assert.equal(first?.child_component, 'query');
  assert.notEqual(first?.pid, 99, 'the child pid does not overwrite ours');
  assert.equal(second?.level, 40);
});

test('long lines are capped and marked', () => {
  const lines: string[] = [];
  const capture = new StderrCapture({ log: memoryLogger(lines), maxLineLength: 10 });
  capture.write(`${'x'.repeat(25)}`);
  capture.write(`${'y'.repeat(25)}\nok\n`);
  assert.deepEqual(capture.lastLines(), ['xxxxxxxxxx …[truncated]', 'ok']);
});

test('a flood is rate-limited and the dropped lines are counted', () => {
  const lines: string[] = [];
  const capture = new StderrCapture({ log: memoryLogger(lines), maxLinesPerWindow: 5, windowMs: 60_000, keepLines: 3 });
  for (let i = 0; i < 50; i++) capture.write(`line ${i}\n`);
  capture.end();
  const entries = parse(lines);
  assert.equal(entries.filter((entry) => entry.msg === 'server-stderr').length, 5);
  const dropped = entries.find((entry) => entry.msg === 'server-stderr-dropped');
  assert.equal(dropped?.dropped, 45);
  // the last lines are still kept for error messages
  assert.deepEqual(capture.lastLines(), ['line 47', 'line 48', 'line 49']);
});

test("a child's plain-text start-up error is logged at error level, a warning at warn, chatter at info", () => {
  const lines: string[] = [];
  const capture = new StderrCapture({ log: memoryLogger(lines) });
  // what node prints when an external server's entry point is missing (node 20), and a Python server's traceback
  capture.write(
    [
      'node:internal/modules/cjs/loader:1228',
      "Error: Cannot find module '/opt/erp/mcp/index.js'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      'Traceback (most recent call last):',
      "PermissionError: [Errno 13] Permission denied: '/var/lib/erp/state.db'",
      '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      'erp server listening on stdio',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    parse(lines).map((entry) => [entry.level, entry.stderr]),
    [
      [30, 'node:internal/modules/cjs/loader:1228'],
      [50, "Error: Cannot find module '/opt/erp/mcp/index.js'"],
      [50, '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)'],
      [50, 'Traceback (most recent call last):'],
      [50, "PermissionError: [Errno 13] Permission denied: '/var/lib/erp/state.db'"],
      [40, '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.'],
      [30, 'erp server listening on stdio'],
    ],
  );
});
