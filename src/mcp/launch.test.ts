import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configFromObject } from '../config/load.js';
import { isClockFixed, setFixedNow } from '../clock.js';
import { appRoot, selfCommand } from '../runtime/self.js';
import { allowedEnvironment, CHILD_NODE_OPTIONS, expandRoot, formatCommandLine, launchSpec } from './launch.js';

function serverConfig(server: unknown) {
  return configFromObject({ mcp: { servers: { s: server } } }, '/tmp').mcp.servers.s!;
}

test('a builtin server re-invokes this program with --config and --now before `mcp NAME`', () => {
  const fixedNow = new Date('2026-11-25T02:00:00Z');
  const spec = launchSpec(serverConfig({ builtin: 'query' }), { configFile: '/etc/airgap/agent.yaml', fixedNow });
  const self = selfCommand(['--config', '/etc/airgap/agent.yaml', '--now', '2026-11-25T02:00:00.000Z', 'mcp', 'query']);
  assert.equal(spec.command, self.command);
  assert.deepEqual(spec.args, self.args);
  assert.deepEqual(spec.args.slice(-6), [
    '--config',
    '/etc/airgap/agent.yaml',
    '--now',
    '2026-11-25T02:00:00.000Z',
    'mcp',
    'query',
  ]);
});

test('without a config file and with the real clock a builtin gets neither option', () => {
  assert.equal(isClockFixed(), false);
  const spec = launchSpec(serverConfig({ builtin: 'holidays' }));
  assert.deepEqual(spec.args.slice(-2), ['mcp', 'holidays']);
  assert.ok(!spec.args.includes('--config'));
  assert.ok(!spec.args.includes('--now'));
});

test('a fixed agent clock (--now) is passed on so servers share it', () => {
  setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
  try {
    const spec = launchSpec(serverConfig({ builtin: 'utils' }));
    assert.deepEqual(spec.args.slice(-4), ['--now', '2026-11-25T02:00:00.000Z', 'mcp', 'utils']);
  } finally {
    setFixedNow(undefined, 'UTC');
  }
});

test('{root} is expanded in the command, the arguments and the env of an external server', () => {
  const spec = launchSpec(
    serverConfig({
      command: '{root}/bin/node',
      args: ['{root}/servers/ops.js', '--db={root}/var/ops.db', 'plain'],
      env: { OPS_DB: '{root}/var/ops.db', MODE: 'x' },
    }),
    { root: '/opt/airgap', parentEnv: {} },
  );
  assert.equal(spec.command, '/opt/airgap/bin/node');
  assert.deepEqual(spec.args, ['/opt/airgap/servers/ops.js', '--db=/opt/airgap/var/ops.db', 'plain']);
  assert.deepEqual(spec.env, { OPS_DB: '/opt/airgap/var/ops.db', MODE: 'x' });
  assert.equal(expandRoot('{root}'), appRoot());
});

test('the child environment is an allow-list plus the configured env', () => {
  const parentEnv = {
    PATH: '/usr/bin',
    HOME: '/home/op',
    LANG: 'zh_CN.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'Asia/Shanghai',
    TMPDIR: '/tmp',
    AIRGAP_AGENT_ROOT: '/opt/airgap',
    OPENAI_API_KEY: 'sk-secret',
    AWS_SECRET_ACCESS_KEY: 'secret',
    NODE_OPTIONS: '--inspect=0.0.0.0:9229',
    HTTP_PROXY: 'http://proxy:3128',
    AIRGAP_AGENT_FUNC: '() { evil; }',
  };
  assert.deepEqual(allowedEnvironment(parentEnv), {
    PATH: '/usr/bin',
    HOME: '/home/op',
    LANG: 'zh_CN.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'Asia/Shanghai',
    TMPDIR: '/tmp',
    AIRGAP_AGENT_ROOT: '/opt/airgap',
  });
  const spec = launchSpec(
    serverConfig({ command: 'srv', env: { NODE_OPTIONS: '--max-old-space-size=512', PATH: '/opt/bin' } }),
    { parentEnv, root: '/r' },
  );
  assert.equal(spec.env.NODE_OPTIONS, '--max-old-space-size=512', 'a server may set it explicitly');
  assert.equal(spec.env.PATH, '/opt/bin', 'configured env wins');
  assert.equal(spec.env.OPENAI_API_KEY, undefined);
});

test('command lines in messages quote arguments with spaces', () => {
  assert.equal(formatCommandLine({ command: '/usr/bin/node', args: ['a b', 'c'] }), '/usr/bin/node "a b" c');
});

test('a shipped server gets the smaller heaps unless its env sets NODE_OPTIONS; an external one gets none', () => {
  const parentEnv = { PATH: '/usr/bin', NODE_OPTIONS: '--inspect' };
  assert.equal(
    launchSpec(serverConfig({ builtin: 'query' }), { parentEnv, root: '/r' }).env.NODE_OPTIONS,
    CHILD_NODE_OPTIONS,
  );
  assert.equal(
    launchSpec(serverConfig({ builtin: 'query', env: { NODE_OPTIONS: '--max-old-space-size=512' } }), {
      parentEnv,
      root: '/r',
    }).env.NODE_OPTIONS,
    '--max-old-space-size=512',
  );
  assert.equal(launchSpec(serverConfig({ command: 'srv' }), { parentEnv, root: '/r' }).env.NODE_OPTIONS, undefined);
});
