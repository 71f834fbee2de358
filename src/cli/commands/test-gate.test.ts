/**
 * The score gate as the installer uses it: `agent-test --min-pass RATE` on a
 * suite (its own seeded plant, the shipped query server, the real engine and
 * agent) where one case is made to fail, and the case field `skill_version`
 * pinning the skill a case runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../../runtime/self.js';
import { gateLost, parsePassRate, passGate } from '../../agent-test/report.js';

test('a rate is a fraction or a percentage; a run with nothing counted never meets it', () => {
  assert.equal(parsePassRate('0.95'), 0.95);
  assert.equal(parsePassRate('95%'), 0.95);
  assert.equal(parsePassRate('1'), 1);
  for (const bad of ['', '1.5', '101%', 'high', '-0.1']) assert.equal(parsePassRate(bad), undefined, bad);
  assert.deepEqual(
    [passGate({ passed: 2, failed: 1, skipped: 4 }, 0.6).met, passGate({ passed: 2, failed: 1, skipped: 0 }, 0.7).met],
    [true, false],
  );
  assert.equal(passGate({ passed: 0, failed: 0, skipped: 3 }, 0).met, false);
  assert.equal(
    passGate({ passed: 2, failed: 1, skipped: 0 }, 1).line,
    'pass rate 66.6% (2 of 3) is below the required 100.0%: the gate is not met',
  );
  // a run stopped once the gate was lost: the best it could have reached is below the rate, never "met"
  assert.deepEqual(passGate({ passed: 0, failed: 1, skipped: 0, notRun: 349 }, 0.99), {
    met: false,
    rate: 0,
    line:
      'pass rate at most 99.7% (1 of 350 failed, 349 not run: the run stopped once the gate could no longer be met) ' +
      'is below the required 99.0%: the gate is not met',
  });
  assert.equal(gateLost(1, 350, 1), true);
  assert.equal(gateLost(3, 350, 0.99), false);
  assert.equal(gateLost(4, 350, 0.99), true);
});

test('agent-test --min-pass: two pinned cases pass, one made to fail; 0.6 is met, the last line unchanged', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-gate-'));
  try {
    mkdirSync(path.join(dir, 'cases'));
    writeFileSync(
      path.join(dir, 'cases', 'gate.yaml'),
      `plant:
  seed: 1
  today: '2026-11-29'
  rows: 2000
cases:
  - name: pinned to the installed range
    input: "What was line A's defect rate yesterday?"
    now: '2026-11-29T10:00:00+08:00'
    expected_skill: quality_metrics
    skill_version: "~1.2"
    expected_error: null
  - name: pinned to a version that is not installed
    input: "What was line A's defect rate yesterday?"
    now: '2026-11-29T10:00:00+08:00'
    skill_version: { quality_metrics: "^2" }
    expected_error: SKILL_VERSION
    expected_output_contains: ["not available"]
  - name: made to fail
    input: "What was line A's defect rate yesterday?"
    now: '2026-11-29T10:00:00+08:00'
    expected_output_contains: ["a phrase no answer holds"]
`,
    );
    writeFileSync(
      path.join(dir, 'agent.yaml'),
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db') },
        mcp: { shipped_servers: false, servers: { query: { builtin: 'query' } } },
        scripts: { shipped: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    const env = { ...process.env };
    delete env.AIRGAP_AGENT_CONFIG;
    delete env.AIRGAP_AGENT_NOW;
    const result = spawnSync(
      path.join(appRoot(), 'bin', 'airgap-agent'),
      ['--config', path.join(dir, 'agent.yaml'), 'test', '--min-pass', '0.6', path.join(dir, 'cases')],
      { cwd: dir, encoding: 'utf8', env, timeout: 240_000 },
    );
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /✔ pinned to the installed range/);
    assert.match(result.stdout, /✔ pinned to a version that is not installed/);
    assert.match(result.stdout, /✖ made to fail/);
    assert.equal(result.stdout.trim().split('\n').at(-1), '2 passed, 1 failed');
    assert.match(result.stderr, /agent-test: pass rate 66\.6% \(2 of 3\) meets the required 60\.0%/);
    const usage = spawnSync(
      path.join(appRoot(), 'bin', 'airgap-agent'),
      ['--config', path.join(dir, 'agent.yaml'), 'test', '--min-pass', 'most', path.join(dir, 'cases')],
      { cwd: dir, encoding: 'utf8', env, timeout: 60_000 },
    );
    assert.equal(usage.status, 2);
    // --min-pass 1 with the made-to-fail case first, one at a time: the run stops at it, the rest not run
    mkdirSync(path.join(dir, 'strict'));
    const [head, cases] = readFileSync(path.join(dir, 'cases', 'gate.yaml'), 'utf8').split('cases:\n');
    const [first, second, failing] = cases!.split(/(?=  - name: )/);
    writeFileSync(path.join(dir, 'strict', 'gate.yaml'), `${head}cases:\n${failing}${first}${second}`);
    const strict = spawnSync(
      path.join(appRoot(), 'bin', 'airgap-agent'),
      ['--config', path.join(dir, 'agent.yaml'), 'test', '--min-pass', '1', '-j', '1', path.join(dir, 'strict')],
      { cwd: dir, encoding: 'utf8', env, timeout: 240_000 },
    );
    assert.equal(strict.status, 1, `${strict.stdout}\n${strict.stderr}`);
    assert.match(strict.stdout, /✖ made to fail/);
    assert.doesNotMatch(strict.stdout, /pinned to/);
    assert.equal(
      strict.stdout.trim().split('\n').at(-1),
      '0 passed, 1 failed, 2 not run (the gate could no longer be met)',
    );
    assert.match(strict.stderr, /1 of 3 failed: the required pass rate can no longer be met, the run stops/);
    assert.match(
      strict.stderr,
      /pass rate at most 66\.6% \(1 of 3 failed, 2 not run: .*\) is below the required 100\.0%/,
    );
    assert.match(usage.stderr, /--min-pass must be a rate from 0 to 1 or a percentage, got "most"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
