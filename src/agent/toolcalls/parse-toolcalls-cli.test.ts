/** `airgap-agent parse-toolcalls` end to end: the real launcher, stdin in, one JSON line out. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { appRoot } from '../../runtime/self.js';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'parse-toolcalls-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

function cli(args: string[], input: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(path.join(appRoot(), 'bin', 'airgap-agent'), ['parse-toolcalls', ...args], {
    input,
    cwd: workDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function jsonLine(stdout: string): unknown {
  const lines = stdout.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `one JSON line expected, got ${JSON.stringify(stdout)}`);
  return JSON.parse(lines[0]!);
}

describe('airgap-agent parse-toolcalls', () => {
  test('a Hermes call with a trailing comma', () => {
    const run = cli([], '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris",}}\n</tool_call>');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), {
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      prose_only: false,
    });
  });

  test('several calls, Python syntax gated by --known-tools, --verbose shows the formats', () => {
    const message =
      'Checking both.\nlist_open_issues(priority="P1", assignee_id=None)\n```json\n{"name": "get_current_oncall", "arguments": "{}"}\n```';
    const run = cli(['--known-tools', 'list_open_issues, get_current_oncall', '--verbose'], message);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), {
      calls: [
        {
          name: 'list_open_issues',
          arguments: { priority: 'P1', assignee_id: null },
          format: 'python',
          repaired: false,
        },
        { name: 'get_current_oncall', arguments: {}, format: 'fence', repaired: false },
      ],
      prose_only: false,
    });
  });

  test('real family shapes: a Gemma 4 call without its marker, --verbose says what was repaired', () => {
    const run = cli(
      ['--known-tools', 'search_docs', '--verbose'],
      'call:search_docs{query:<|"|>press 3 vibration<|"|>}',
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), {
      calls: [
        {
          name: 'search_docs',
          arguments: { query: 'press 3 vibration' },
          format: 'gemma',
          repaired: true,
          repairs: ['Gemma <|tool_call> marker missing'],
        },
      ],
      prose_only: false,
    });
  });

  test('a call shown as an example is not a call; a cut-off Gemma call names what is missing', () => {
    const example = cli(
      ['--known-tools', 'search_docs'],
      'For example, you could call search_docs(query="SOP") to find it.',
    );
    assert.deepEqual(jsonLine(example.stdout), { calls: [], prose_only: true });
    const cut = jsonLine(
      cli(['--known-tools', 'search_docs'], '<|tool_call>call:search_docs{query:<|"|>press 3').stdout,
    ) as { calls: unknown[]; refused: Array<{ name: string; reason: string; message: string }> };
    assert.deepEqual(cut.calls, []);
    assert.equal(cut.refused[0]!.reason, 'cut-off');
    assert.match(
      cut.refused[0]!.message,
      /the call to search_docs was cut off \(the reply ended before its closing "\}"/,
    );
  });

  test('--arguments --verbose: a literal \\n between tokens and unescaped inner quotes, repaired and named', () => {
    const run = cli(['--arguments', '--verbose'], '{"path": "a.py", "content": "env.get("KEY")",\\n"mode": "w"}');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), {
      arguments: { path: 'a.py', content: 'env.get("KEY")', mode: 'w' },
      repaired: true,
      repairs: ['literal \\n between tokens', 'unescaped quotes in a string'],
    });
  });

  test('a reply that only describes a call is prose_only', () => {
    const run = cli(['--known-tools=query_database'], '我将调用 query_database 查询A线上周三的不良率。');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), { calls: [], prose_only: true });
  });

  test('a final answer and plain JSON data yield no call', () => {
    const run = cli([], 'Line A\'s defect rate was 1.82%.\n{"line": "A", "rate": 1.82}');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), { calls: [], prose_only: false });
  });

  test('an unreadable call is reported in "errors"', () => {
    const run = cli([], '<tool_call>no idea</tool_call>');
    assert.equal(run.code, 0, run.stderr);
    const output = jsonLine(run.stdout) as { calls: unknown[]; prose_only: boolean; errors: string[] };
    assert.deepEqual(output.calls, []);
    assert.equal(output.errors.length, 1);
    assert.match(output.errors[0]!, /<tool_call>: no call could be read/);
  });

  test('--arguments repairs a double-encoded, broken arguments string', () => {
    const run = cli(['--arguments'], JSON.stringify("{'line': 'A', 'limit': 10,}"));
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(jsonLine(run.stdout), { line: 'A', limit: 10 });
  });

  test('--arguments that are not an object exit 1 with the reason on stderr', () => {
    const run = cli(['--arguments'], 'Paris');
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /arguments must be a JSON object, got the string "Paris"/);
  });

  test('empty stdin is a usage error', () => {
    const run = cli([], '  \n');
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /stdin is empty/);
    assert.match(run.stderr, /usage: airgap-agent parse-toolcalls/);
  });

  test('an unknown option is a usage error', () => {
    const run = cli(['--strict'], '{}');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Unknown option '--strict'/);
  });
});
