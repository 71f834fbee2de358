/**
 * `airgap-agent scripts run` as typed at the console (issue 29): the real
 * command in its own process, a real agent.db, a plant script that needs
 * approval and leaves a mark when it runs.
 *
 * - N18: `--approve-as ADMIN` needs that admin's password (a name alone
 *   records any admin without them), and nobody approves their own run;
 * - N21: `--arg constructor=x` and `--arg __proto__=x` are arguments like any
 *   other: refused by the manifest with their name, never a JavaScript crash
 *   or a silent drop.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAgentDb } from '../../store/agent-db.js';
import { Accounts } from '../../http/accounts.js';

const ENTRY = fileURLToPath(new URL('../entry.ts', import.meta.url));
const ADMIN = { username: 'ada', password: 'admin-pass-123' };
const MANIFEST = `name: gated_mark
version: 1.0.0
description: { en: leave a mark (needs approval), zh: 留下标记（需要批准） }
command: ['./run']
args:
  type: object
  properties:
    word: { type: string, maxLength: 20 }
  additionalProperties: false
timeout_s: 5
needs_approval: true
`;

describe('scripts run at the console', () => {
  let dir: string;
  let configFile: string;
  let mark: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'scripts-cli-'));
    mark = path.join(dir, 'ran');
    const folder = path.join(dir, 'scripts', 'gated_mark');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'manifest.yaml'), MANIFEST);
    writeFileSync(path.join(folder, 'run'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(mark)}\n`);
    chmodSync(path.join(folder, 'run'), 0o755);
    configFile = path.join(dir, 'config.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db') },
        plant: { db: path.join(dir, 'plant.db'), timezone: 'Asia/Shanghai' },
        scripts: { dir: path.join(dir, 'scripts'), sandbox: 'none', shipped: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    const db = openAgentDb(path.join(dir, 'agent.db'));
    await new Accounts(db, { ttlHours: 1 }).add({ ...ADMIN, role: 'admin' });
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function cli(args: string[], stdin = ''): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, '--config', configFile, ...args], {
      input: stdin,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AIRGAP_AGENT_CONFIG: '' },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  const runs = (): Array<{ approved_by: string | null; state: string }> => {
    const db = openAgentDb(path.join(dir, 'agent.db'));
    try {
      return db.prepare('SELECT approved_by, state FROM script_runs ORDER BY started_at').all() as never;
    } finally {
      db.close();
    }
  };

  test('--approve-as without the admin’s password is refused and nothing runs (N18)', () => {
    const wrong = cli(
      ['scripts', 'run', 'gated_mark', '--approve-as', 'ada', '--password-stdin'],
      'not-her-password\n',
    );
    assert.equal(wrong.status, 1, wrong.stderr);
    assert.match(wrong.stderr, /--approve-as ada: wrong password/);
    assert.match(wrong.stderr, /fix: .*own password/);
    const none = cli(['scripts', 'run', 'gated_mark', '--approve-as', 'ada']);
    assert.notEqual(none.status, 0);
    assert.match(none.stderr, /no terminal to ask for the password of ada/);
    assert.equal(existsSync(mark), false, 'the script never ran');
    assert.deepEqual(runs(), []);
  });

  test('with the admin’s password the run is approved by her, recorded as such', () => {
    const ok = cli(
      ['scripts', 'run', 'gated_mark', '--arg', 'word=hello', '--approve-as', 'ada', '--password-stdin'],
      `${ADMIN.password}\n`,
    );
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(existsSync(mark), true);
    assert.deepEqual(runs().at(-1), { approved_by: 'ada (console)', state: 'success' });
  });

  test('--arg constructor=x and --arg __proto__=x: refused by name, no crash, nothing dropped (N21)', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = cli(
        ['scripts', 'run', 'gated_mark', '--arg', `${key}=x`, '--approve-as', 'ada', '--password-stdin'],
        `${ADMIN.password}\n`,
      );
      assert.equal(result.status, 1, `${key}: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /TypeError|is not iterable|at .*\.ts:\d+/, key);
      assert.match(result.stderr, new RegExp(`error: .*${key.replace(/[_$]/g, '\\$&')}`), key);
    }
    const bad = cli(['scripts', 'run', 'gated_mark', '--arg', 'a b=x']);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /--arg "a b=x": the name must be letters, digits, _ or -/);
  });
});
