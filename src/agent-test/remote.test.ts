import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sink } from '../testkit/sink.js';
import { startLiveService } from '../http/testing/live.js';
import { OPERATOR } from '../http/testing/helpers.js';
import { runRemoteSuite } from './remote.js';

test(
  'agent-test --url replays cases against a running service; clock-fixed and approving cases are skipped with the reason',
  { timeout: 120_000 },
  async () => {
    const live = await startLiveService();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'remote-cases-'));
    writeFileSync(
      path.join(dir, 'remote.yaml'),
      `- name: defect rate over HTTP
  input: "A线上周的次品率是多少？"
  expected_mode: rules
  expected_skill: quality_metrics
  expected_tools:
    - name: query_database
  expected_output_matches: ['\\d+\\.\\d{2}%']
- name: first of a session
  input: "A线上周的产量"
  session: s
- name: follow-up in the same session
  input: "那B线呢？"
  session: s
  expected_output_contains: ["产线B"]
- name: fixed clock
  input: "今天几号"
  now: '2026-11-29T10:00:00+08:00'
- name: approves an export
  input: "把上个月的质量数据导出成csv"
  approval: approve
- name: wrong on purpose
  input: "A线上周的产量"
  expected_output_contains: ["no such text"]
`,
    );
    const previous = process.env.AIRGAP_AGENT_PASSWORD;
    process.env.AIRGAP_AGENT_PASSWORD = OPERATOR.password;
    try {
      const out = sink();
      const summary = await runRemoteSuite({
        paths: [dir],
        url: live.url,
        user: OPERATOR.username,
        jobs: 2,
        failFast: false,
        caseTimeoutMs: 60_000,
        out,
        err: sink(),
      });
      const text = out.text();
      assert.deepEqual(summary, { passed: 3, failed: 1, skipped: 2 }, text);
      assert.match(text, /- fixed clock .*skipped: fixes the clock/);
      // the service's admins answer its approval requests: a case that answers them itself runs in process only
      assert.match(text, /- approves an export .*skipped: answers approval requests \(approval: approve\)/);
      assert.equal(text.trim().split('\n').at(-1), '3 passed, 1 failed, 2 skipped');
    } finally {
      if (previous === undefined) delete process.env.AIRGAP_AGENT_PASSWORD;
      else process.env.AIRGAP_AGENT_PASSWORD = previous;
      await live.close();
    }
  },
);
