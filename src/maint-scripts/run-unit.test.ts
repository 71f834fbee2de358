/**
 * A script that restarts units runs in its own unit, once (issue 29, N20).
 * The runner as the service uses it, with a stand-in for `systemctl start`
 * that does what systemd does with airgap-agent-script@<run>.service: runs
 * its one command, the real `airgap-agent scripts exec <run>`, in its own
 * process. The real systemd and polkit are in deploy/test/guest-test.sh.
 *
 * - the run's unit takes the queued run and runs it; the row says which unit;
 * - a run is taken once: a second exec of it is refused and runs nothing;
 * - a row written by someone else is not trusted: a gated script without an
 *   approver, an argv of their own, a stale row — refused or ignored;
 * - a unit that never takes the run leaves the row failed, saying where to look;
 * - with two versions side by side, the unit runs the version the row
 *   records, and refuses one that is not installed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { loadScripts } from './manifest.js';
import { runScript } from './runner.js';
import { runUnitName } from './run-unit.js';
import { ScriptRunStore } from './store.js';

const ENTRY = fileURLToPath(new URL('../cli/entry.ts', import.meta.url));
const MANIFEST = `name: restart_mark
version: 1.0.0
description: { en: restart a harmless unit (test), zh: 重启测试服务 }
command: ['./run']
args:
  type: object
  properties:
    service: { type: string, enum: [harmless-test] }
  required: [service]
  additionalProperties: false
timeout_s: 10
needs_approval: true
touches: { units: [harmless-test.service] }
`;

describe('runs in their own unit (N20)', () => {
  let dir: string;
  let configFile: string;
  let marks: string;
  let db: SqliteDatabase;
  let store: ScriptRunStore;
  let systemctl: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'run-unit-'));
    marks = path.join(dir, 'marks');
    const folder = path.join(dir, 'scripts', 'restart_mark');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'manifest.yaml'), MANIFEST);
    writeFileSync(path.join(folder, 'run'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(marks)}\necho "restarted $1"\n`);
    chmodSync(path.join(folder, 'run'), 0o755);
    configFile = path.join(dir, 'config.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db') },
        plant: { db: path.join(dir, 'plant.db'), timezone: 'Asia/Shanghai' },
        scripts: { dir: path.join(dir, 'scripts'), shipped: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    // what systemd does with `systemctl start airgap-agent-script@<run>.service`: run the template's command
    systemctl = path.join(dir, 'systemctl');
    writeFileSync(
      systemctl,
      `#!/bin/sh\n[ "$1" = start ] || exit 0\ninstance=\${2#airgap-agent-script@}; instance=\${instance%.service}\n` +
        `exec ${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(ENTRY)} --config ${JSON.stringify(configFile)} scripts exec "$instance"\n`,
    );
    chmodSync(systemctl, 0o755);
    db = openAgentDb(path.join(dir, 'agent.db'));
    store = new ScriptRunStore(db);
  });
  after(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const config = () => loadConfig({ config: configFile }).config;
  const entry = () => loadScripts(config()).find((candidate) => candidate.name === 'restart_mark')!;
  const markLines = (): string[] => (existsSync(marks) ? readFileSync(marks, 'utf8').trim().split('\n') : []);
  const exec = (instance: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', ENTRY, '--config', configFile, 'scripts', 'exec', instance], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  test('the run goes through its unit: queued by the service, taken and run by the unit, the row says which', async () => {
    const result = await runScript({
      config: config(),
      configFile,
      db,
      entry: entry(),
      args: { service: 'harmless-test' },
      requestedBy: 'otto',
      approvedBy: 'ada',
      sandbox: 'unit',
      systemctl,
    });
    assert.equal(result.state, 'success', result.output);
    assert.equal(result.sandbox, `unit:${runUnitName(result.run_id)}`);
    assert.match(result.output, /restarted --service=harmless-test/);
    assert.deepEqual(markLines(), ['--service=harmless-test']);
    // taken once: the same run again is refused and runs nothing
    const again = exec(result.run_id.replace(/-/g, ''));
    assert.equal(again.status, 1, again.stderr);
    assert.match(again.stderr, /is not waiting for its unit: unknown, already taken, finished or stale/);
    assert.deepEqual(markLines(), ['--service=harmless-test']);
  });

  function forge(row: { approved_by: string | null; argv?: string[]; started_at?: string }): string {
    const runId = randomUUID();
    store.start({
      run_id: runId,
      script: 'restart_mark',
      version: '1.0.0',
      arguments: { service: 'harmless-test' },
      argv: row.argv ?? [],
      requested_by: 'mallory',
      approved_by: row.approved_by,
      session_id: null,
      trace_id: null,
      sandbox: 'unit',
    });
    if (row.started_at) db.prepare('UPDATE script_runs SET started_at = ? WHERE run_id = ?').run(row.started_at, runId);
    return runId;
  }

  test('a row without an approver is refused by the unit, and fails', () => {
    const before = markLines().length;
    const runId = forge({ approved_by: null });
    const refused = exec(runId.replace(/-/g, ''));
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /refused the run: restart_mark needs an admin's approval, and the run has none/);
    assert.equal(store.get(runId)?.state, 'failed');
    assert.equal(markLines().length, before);
  });

  test("a row's own argv is never run: the command comes from the manifest", () => {
    const pwned = path.join(dir, 'pwned');
    const runId = forge({ approved_by: 'ada', argv: ['/bin/sh', '-c', `touch ${pwned}`] });
    const ran = exec(runId.replace(/-/g, ''));
    assert.equal(ran.status, 0, ran.stderr);
    assert.equal(existsSync(pwned), false);
    assert.equal(markLines().at(-1), '--service=harmless-test');
  });

  test('a stale row is refused; so is a name that is not a run', () => {
    const runId = forge({ approved_by: 'ada', started_at: new Date(Date.now() - 10 * 60_000).toISOString() });
    const stale = exec(runId.replace(/-/g, ''));
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /not waiting for its unit/);
    const bad = exec('../../etc');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /is not a run \(32 hex digits\)/);
  });

  test('a unit that never takes the run: the row fails, naming the unit and the journal', async () => {
    const broken = path.join(dir, 'systemctl-broken');
    writeFileSync(broken, '#!/bin/sh\necho "Failed to start $2: Access denied" >&2\nexit 4\n');
    chmodSync(broken, 0o755);
    const result = await runScript({
      config: config(),
      configFile,
      db,
      entry: entry(),
      args: { service: 'harmless-test' },
      requestedBy: 'otto',
      approvedBy: 'ada',
      sandbox: 'unit',
      systemctl: broken,
    });
    assert.equal(result.state, 'failed');
    assert.match(
      result.output,
      new RegExp(
        "the run's unit airgap-agent-script@[0-9a-f]{32}\\.service did not finish it " +
          '\\(systemctl start: exit 4: Failed to start .*Access denied\\); see: journalctl -u airgap-agent-script@',
      ),
    );
  });

  test('two versions side by side: the unit runs the recorded version, never another', async () => {
    // 2.0.0 beside 1.0.0 (its script says so); a run of 1.0.0 stays 1.0.0 in its unit
    const folder = path.join(dir, 'scripts', 'restart_mark-2.0');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'manifest.yaml'), MANIFEST.replace('version: 1.0.0', 'version: 2.0.0'));
    writeFileSync(path.join(folder, 'run'), `#!/bin/sh\necho "v2 $@" >> ${JSON.stringify(marks)}\n`);
    chmodSync(path.join(folder, 'run'), 0o755);
    const versions = loadScripts(config()).filter((candidate) => candidate.name === 'restart_mark');
    assert.deepEqual(
      versions.map((candidate) => candidate.manifest?.version),
      ['2.0.0', '1.0.0'],
    );
    const older = await runScript({
      config: config(),
      configFile,
      db,
      entry: versions[1]!,
      args: { service: 'harmless-test' },
      requestedBy: 'otto',
      approvedBy: 'ada',
      sandbox: 'unit',
      systemctl,
    });
    assert.equal(older.state, 'success', older.output);
    assert.equal(older.version, '1.0.0');
    assert.equal(markLines().at(-1), '--service=harmless-test');
    const newer = await runScript({
      config: config(),
      configFile,
      db,
      entry: versions[0]!,
      args: { service: 'harmless-test' },
      requestedBy: 'otto',
      approvedBy: 'ada',
      sandbox: 'unit',
      systemctl,
    });
    assert.equal(newer.state, 'success', newer.output);
    assert.equal(markLines().at(-1), 'v2 --service=harmless-test');
    // a row naming a version that is not installed: refused, nothing runs
    const before = markLines().length;
    const runId = forge({ approved_by: 'ada' });
    db.prepare("UPDATE script_runs SET version = '3.0.0' WHERE run_id = ?").run(runId);
    const refused = exec(runId.replace(/-/g, ''));
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /refused the run: restart_mark 3\.0\.0 is not installed now \(installed: 2\.0\.0, 1\.0\.0\)/,
    );
    assert.equal(markLines().length, before);
  });
});
