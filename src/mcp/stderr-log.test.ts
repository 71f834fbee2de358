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
