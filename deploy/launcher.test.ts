/**
 * deploy/launcher.sh, the installed /usr/local/bin/airgap-agent, run for real
 * with a stand-in program (AIRGAP_AGENT_BIN) that prints who ran it, with
 * which config and arguments. As root (these tests skip otherwise) it drops to
 * the service user (here `nobody`); as another user it passes ask/chat/
 * agent-test on to the service socket when it may open it, and refuses the
 * rest with the command to use instead.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const launcher = fileURLToPath(new URL('./launcher.sh', import.meta.url));
const isRoot = process.getuid?.() === 0;

describe('the installed launcher', { skip: isRoot ? false : 'needs root (it runs commands as other users)' }, () => {
  let dir: string;
  let fake: string;
  let socketPath: string;
  let server: net.Server;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'launcher-'));
    chmodSync(dir, 0o755);
    fake = path.join(dir, 'airgap-agent');
    writeFileSync(fake, '#!/bin/sh\necho "uid=$(id -un) config=$AIRGAP_AGENT_CONFIG args=$*"\n', { mode: 0o755 });
    socketPath = path.join(dir, 'cli.sock');
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[], options: { as?: string; serviceUser?: string; config?: string } = {}) {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      AIRGAP_AGENT_BIN: fake,
      AIRGAP_AGENT_USER: options.serviceUser ?? 'nobody',
      AIRGAP_AGENT_SOCKET: socketPath,
    };
    if (options.config) env.AIRGAP_AGENT_CONFIG = options.config;
    const command = options.as
      ? [
          'runuser',
          ['-u', options.as, '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'sh', launcher, ...args],
        ]
      : ['sh', [launcher, ...args]];
    const result = spawnSync(command[0] as string, command[1] as string[], { env, encoding: 'utf8', cwd: dir });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  test('as root: state commands run as the service user, with the system config by default', () => {
    for (const args of [
      ['users', 'list'],
      ['doctor'],
      ['maintenance', '--json'],
      ['skills', 'list'],
      ['ask', '产线A昨天的次品率是多少？'],
      ['test', 'testcases/'],
    ]) {
      const result = run(args);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, `uid=nobody config=/etc/airgap-agent/config.yaml args=${args.join(' ')}\n`);
    }
    const chosen = run(['--config', '/srv/other.yaml', 'doctor'], { config: '/srv/env.yaml' });
    assert.equal(
      chosen.stdout,
      'uid=nobody config=/srv/env.yaml args=--config /srv/other.yaml doctor\n',
      '--config and AIRGAP_AGENT_CONFIG still win',
    );
  });

  test('as root: read-only commands and help run as root; a missing service user is refused clearly', () => {
    for (const args of [['version'], ['--version'], ['config', 'show'], ['users', '--help'], []]) {
      assert.match(run(args).stdout, /^uid=root /, args.join(' '));
    }
    // "-h" inside a question is no help request: the question still runs as the service user
    assert.match(run(['ask', 'what does -h mean on press 3?']).stdout, /^uid=nobody /);
    assert.match(run(['ask', '--', '-h']).stdout, /^uid=nobody /);
    const missing = run(['users', 'list'], { serviceUser: 'no-such-user-x' });
    assert.equal(missing.code, 77);
    assert.match(missing.stderr, /the service user no-such-user-x does not exist, so `users` cannot run as it/);
    assert.match(missing.stderr, /fix: install \(or repair\)/);
  });

  test('another user: ask and agent-test go to the service socket it may open; state commands are refused with the sudo form', () => {
    chmodSync(socketPath, 0o666);
    const asked = run(['ask', 'line A?'], { as: 'nobody', serviceUser: 'airgap-agent-x' });
    assert.equal(asked.code, 0, asked.stderr);
    assert.equal(asked.stdout, 'uid=nobody config=/etc/airgap-agent/config.yaml args=ask line A?\n');
    assert.equal(
      run(['test', 'cases/'], { as: 'nobody', serviceUser: 'airgap-agent-x' }).stdout,
      'uid=nobody config=/etc/airgap-agent/config.yaml args=test cases/ --url local\n',
    );

    const users = run(['users', 'add', 'bob', '--role', 'admin'], { as: 'nobody', serviceUser: 'airgap-agent-x' });
    assert.equal(users.code, 77);
    assert.match(users.stderr, /`airgap-agent users` works on the appliance's state/);
    assert.match(users.stderr, /fix: sudo airgap-agent users add bob --role admin/);

    chmodSync(socketPath, 0o600);
    const denied = run(['ask', 'line A?'], { as: 'nobody', serviceUser: 'airgap-agent-x' });
    assert.equal(denied.code, 77);
    assert.match(denied.stderr, /nobody may not use the service's console socket/);
    assert.match(denied.stderr, /usermod -aG airgap-agent-x nobody/);
  });

  test('another user without a running service: told to start it or use sudo', () => {
    const result = spawnSync(
      'runuser',
      [
        '-u',
        'nobody',
        '--',
        'env',
        `AIRGAP_AGENT_BIN=${fake}`,
        'AIRGAP_AGENT_USER=airgap-agent-x',
        `AIRGAP_AGENT_SOCKET=${path.join(dir, 'gone', 'cli.sock')}`,
        'sh',
        launcher,
        'chat',
      ],
      { encoding: 'utf8' },
    );
    assert.equal(result.status, 77);
    assert.match(result.stderr, /the service is not running/);
    assert.match(result.stderr, /sudo systemctl start airgap-agent/);
  });
});
