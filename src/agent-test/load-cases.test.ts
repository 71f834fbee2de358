import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCases } from './load-cases.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cases-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test("SOURCES.md part A's format is accepted as is", () => {
  const dir = folder({
    'a.yaml': `- name: this week's output
  input: "What is line A's output this week?"
  expected_tools:
    - name: query_database
      params_contain: ["A", "week"]
  expected_output_contains: ["output", "pcs"]
`,
  });
  const { cases, problems } = loadCases([dir]);
  assert.deepEqual(problems, []);
  assert.equal(cases.length, 1);
  assert.equal(cases[0]?.testCase.expected_tools?.[0]?.name, 'query_database');
  assert.equal(cases[0]?.line, 1);
});

test('a bad case names the file, the line and the path; other cases and files still load', () => {
  const dir = folder({
    'bad.yaml': `cases:
  - name: fine
    input: hello
  - name: broken
    input: hello
    expected_tools:
      - nmae: query_database
  - name: fine
    input: again
`,
    'good.yaml': '- name: other\n  input: hi\n',
    'cassettes/x.yaml': 'not: a case file',
  });
  const { cases, problems } = loadCases([dir]);
  assert.deepEqual(cases.map((entry) => entry.testCase.name).sort(), ['fine', 'other']);
  const unknown = problems.find((problem) => problem.path.startsWith('cases[1].expected_tools[0]'));
  assert.ok(unknown, JSON.stringify(problems));
  assert.equal(unknown?.line, 7);
  assert.match(unknown?.file ?? '', /bad\.yaml$/);
  assert.ok(problems.some((problem) => /duplicate case name "fine"/.test(problem.message) && problem.line === 8));
});

test('YAML syntax errors and missing folders are reported clearly', () => {
  const dir = folder({ 'syntax.yaml': '- name: x\n  input: [unclosed\n' });
  const { problems } = loadCases([dir]);
  assert.match(problems[0]?.message ?? '', /YAML syntax/);
  assert.throws(() => loadCases([path.join(dir, 'nope')]), /no such file or folder/);
});
