import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sink } from '../testkit/sink.js';
import { configFromObject } from '../config/load.js';
import { runSuite } from './runner.js';
import { cassettePath } from './cassette.js';

test(
  'agent-test replays rules cases, cassette-driven model cases and reports failures exactly',
  { timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-test-run-'));
    const cases = path.join(dir, 'cases');
    mkdirSync(cases);
    const file = path.join(cases, 'suite.yaml');
    writeFileSync(
      file,
      `plant:
  seed: 1
  today: '2026-11-29'
  rows: 5000
cases:
  - name: rules answer
    input: "What was line A's defect rate last Wednesday?"
    now: '2026-11-29T10:00:00+08:00'
    expected_mode: rules
    expected_skill: quality_metrics
    expected_tools:
      - name: query_database
        params_contain: ["2026-11-18"]
    expected_output_matches: ['\\d+\\.\\d{2}%']
  - name: model recovers from a malformed call
    input: "Tell me something about the engineers list"
    now: '2026-11-29T10:00:00+08:00'
    expected_mode: model
    expected_tools:
      - name: list_engineers
    expected_output_contains: ["seven engineers"]
  - name: a wrong expectation fails
    input: "A线昨天的次品率是多少？"
    now: '2026-11-29T10:00:00+08:00'
    expected_output_contains: ["this text is not in the answer"]
  - name: skipped one
    input: "x"
    skip: "waiting for a fix"
`,
    );
    const cassette = cassettePath(file, 'model recovers from a malformed call');
    mkdirSync(path.dirname(cassette), { recursive: true });
    writeFileSync(
      cassette,
      JSON.stringify({
        version: 1,
        case: 'model recovers from a malformed call',
        turns: [
          { content: "<tool_call>{'name': 'list_engineers', 'arguments': {},}</tool_call>" },
          { content: 'The plant has seven engineers on the on-call team.' },
        ],
      }),
    );
    const out = sink();
    const err = sink();
    const junit = path.join(dir, 'junit.xml');
    const json = path.join(dir, 'report.json');
    const config = configFromObject({ log: { level: 'silent' } }, dir);
    const summary = await runSuite({
      paths: [cases],
      loaded: { config, file: undefined },
      jobs: 2,
      failFast: false,
      record: false,
      live: false,
      junit,
      json,
      caseTimeoutMs: 60_000,
      out,
      err,
    });
    const text = out.text();
    assert.deepEqual(summary, { passed: 2, failed: 1, skipped: 1 }, text);
    assert.equal(text.trim().split('\n').at(-1), '2 passed, 1 failed, 1 skipped');
    assert.match(
      text,
      /✖ a wrong expectation fails[\s\S]*expected_output_contains:[\s\S]*expected: the answer contains "this text is not in the answer"[\s\S]*tool trace:/,
    );
    assert.match(readFileSync(junit, 'utf8'), /<testsuite name="suite.yaml" tests="4" failures="1" skipped="1">/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { summary: unknown };
    assert.deepEqual(report.summary, summary);
  },
);

test(
  'a case without now runs at the run clock (--now / AIRGAP_AGENT_NOW); progress is said on stderr',
  { timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-test-now-'));
    const file = path.join(dir, 'now.yaml');
    // quality_metrics resolves "yesterday" from the clock: 2026-11-28 at the run's --now, never the machine's date
    writeFileSync(
      file,
      `plant:
  seed: 1
  today: '2026-11-29'
  rows: 2000
cases:
  - name: yesterday is the run clock's yesterday
    input: "What was line A's defect rate yesterday?"
    expected_skill: quality_metrics
    expected_tools:
      - name: query_database
        params_contain: ["2026-11-28"]
  - name: a case's own now still wins
    input: "What was line A's defect rate yesterday?"
    now: '2026-11-20T10:00:00+08:00'
    expected_tools:
      - name: query_database
        params_contain: ["2026-11-19"]
`,
    );
    const out = sink();
    const err = sink();
    const summary = await runSuite({
      paths: [file],
      loaded: { config: configFromObject({ log: { level: 'silent' } }, dir), file: undefined },
      jobs: 1,
      failFast: false,
      record: false,
      live: false,
      caseTimeoutMs: 60_000,
      now: '2026-11-29T10:00:00+08:00',
      progressEveryMs: 50,
      out,
      err,
    });
    assert.deepEqual(summary, { passed: 2, failed: 0, skipped: 0 }, out.text());
    assert.match(err.text(), /clock 2026-11-29T10:00:00\+08:00 where a case gives no now/);
    assert.match(err.text(), /agent-test: \d\/2 done, \d+s/);
  },
);

test(
  'approval: a recorded approval replays as given (approve runs the skill, reject and none refuse it); the report lands in the run folder',
  { timeout: 180_000 },
  async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-test-approval-'));
    const file = path.join(dir, 'approvals.yaml');
    // the rules leave this question to the model (the capable-model pass's m52): the cassette's call asks for the approval
    const exportCall = (from: string) => ({
      tool_calls: [{ name: 'export_quality_csv', arguments: { from, to: from, level: 'daily' } }],
    });
    const cases = [
      { name: 'approved export', approval: 'approve', day: '2026-11-27', ok: true },
      { name: 'rejected export', approval: 'reject', day: '2026-11-26', ok: false },
      { name: 'nobody to approve', approval: undefined, day: '2026-11-25', ok: false },
    ];
    writeFileSync(
      file,
      `plant:
  seed: 1
  today: '2026-11-29'
  rows: 2000
cases:
${cases
  .map(
    (c) => `  - name: ${c.name}
    input: "把上个月的质量数据导出成csv"
    now: '2026-11-29T10:00:00+08:00'
${c.approval ? `    approval: ${c.approval}\n` : ''}    expected_mode: model
    expected_tools:
      - name: export_quality_csv
        ok: ${c.ok}
        params_contain: ["${c.day}"]
`,
  )
  .join('')}`,
    );
    for (const c of cases) {
      const cassette = cassettePath(file, c.name);
      mkdirSync(path.dirname(cassette), { recursive: true });
      writeFileSync(
        cassette,
        JSON.stringify({
          version: 1,
          case: c.name,
          turns: [exportCall(c.day), { content: 'Done as far as allowed.' }],
        }),
      );
    }
    const reportsDir = path.join(dir, 'appliance-reports');
    const out = sink();
    const summary = await runSuite({
      paths: [file],
      loaded: {
        config: configFromObject({ log: { level: 'silent' }, reports: { dir: reportsDir } }, dir),
        file: undefined,
      },
      jobs: 1,
      failFast: false,
      record: false,
      live: false,
      caseTimeoutMs: 60_000,
      out,
      err: sink(),
    });
    assert.deepEqual(summary, { passed: 3, failed: 0, skipped: 0 }, out.text());
    // the approved export was written, in the run's temp folder (gone with it), not the configured reports folder
    assert.equal(existsSync(reportsDir), false);
  },
);
