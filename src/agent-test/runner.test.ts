import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
