import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isAppError } from '../errors.js';
import { configFromObject } from '../config/load.js';
import { McpManager, mergeHints } from './manager.js';
import {
  FAST_TIMING,
  fixtureConfig,
  isAlive,
  memoryLogger,
  processesWith,
  request,
  tempDir,
} from './fixtures/helpers.js';

const tsx = import.meta.resolve('tsx');
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

function pidOf(manager: McpManager, server: string): number {
  const pid = manager.status().find((entry) => entry.name === server)?.pid;
  assert.equal(typeof pid, 'number', `${server} has a pid`);
  return pid!;
}

describe('timeouts, cancels and crashes', () => {
  test('a call over its timeout returns TOOL_TIMEOUT and the server keeps working', async () => {
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts', timeout_ms: 300 } }),
      timing: FAST_TIMING,
    });
    try {
      const pid = pidOf(manager, 'alpha');
      const slow = await manager.callTool(request('slow', { ms: 5000 }));
      assert.equal(slow.ok, false);
      assert.equal(slow.errorCode, 'TOOL_TIMEOUT');
      assert.match(slow.text, /within 300 ms/);
      assert.ok(slow.ms >= 250 && slow.ms < 3000, `took ${slow.ms} ms`);
      // the request's own timeout overrides the server's
      const quick = await manager.callTool(request('slow', { ms: 2000 }, { timeoutMs: 100 }));
      assert.equal(quick.errorCode, 'TOOL_TIMEOUT');
      assert.match(quick.text, /within 100 ms/);
      const fast = await manager.callTool(request('slow', { ms: 10 }));
      assert.deepEqual([fast.ok, fast.text], [true, 'slept 10']);
      assert.equal(pidOf(manager, 'alpha'), pid, 'same process, no restart');
    } finally {
      await manager.close();
    }
  });

  test('an AbortSignal cancels a call in flight; an aborted signal never starts one', async () => {
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' } }),
      timing: FAST_TIMING,
    });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const result = await manager.callTool(request('slow', { ms: 10_000 }, { signal: controller.signal }));
      assert.equal(result.ok, false);
      assert.equal(result.errorCode, 'CANCELLED');
      assert.ok(result.ms < 5000, `took ${result.ms} ms`);
      const before = await manager.callTool(request('echo', { text: 'x' }, { signal: AbortSignal.abort() }));
      assert.equal(before.errorCode, 'CANCELLED');
      assert.equal((await manager.callTool(request('echo', { text: 'still here' }))).text, 'still here');
    } finally {
      await manager.close();
    }
  });

  test('a crash mid-call gives a readable error, the server is restarted and the next call succeeds', async () => {
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' } }),
      timing: FAST_TIMING,
    });
    try {
      const firstPid = pidOf(manager, 'alpha');
      const crashed = await manager.callTool(request('crash', { code: 7 }));
      assert.equal(crashed.ok, false);
      assert.equal(crashed.errorCode, 'MCP_SERVER_EXITED');
      assert.match(crashed.text, /"alpha" tool server stopped while running crash/);
      assert.match(crashed.text, /exit code 7/);
      assert.match(crashed.text, /retry/);
      // arrives while the server restarts: waits for it within its timeout
      const next = await manager.callTool(request('echo', { text: 'after restart' }));
      assert.deepEqual([next.ok, next.text], [true, 'after restart']);
      const status = manager.status()[0]!;
      assert.equal(status.state, 'running');
      assert.equal(status.restarts, 1);
      assert.match(status.last_error ?? '', /exit code 7/);
      assert.notEqual(pidOf(manager, 'alpha'), firstPid);
      assert.ok(!isAlive(firstPid));
      assert.ok(
        manager.listTools().some((tool) => tool.name === 'echo'),
        'tools listed again after the restart',
      );
      // and it survives a second crash too
      await manager.callTool(request('crash'));
      assert.equal((await manager.callTool(request('pid'))).ok, true);
      assert.equal(manager.status()[0]?.restarts, 2);
    } finally {
      await manager.close();
    }
  });

  test('failed restarts are retried with backoff until the server comes back', async () => {
    const blocker = path.join(tempDir(), 'block-start');
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts', env: { FIXTURE_FAIL_IF: blocker } } }),
      timing: { ...FAST_TIMING, restartDelaysMs: [50, 100] },
    });
    try {
      writeFileSync(blocker, '');
      await manager.callTool(request('crash'));
      // several restart attempts fail while the blocker exists
      const deadline = Date.now() + 60_000;
      while (!/refusing to start/.test(manager.status()[0]?.last_error ?? '') && Date.now() < deadline) await delay(50);
      assert.match(manager.status()[0]?.last_error ?? '', /could not start.*refusing to start while/);
      assert.equal(manager.status()[0]?.state, 'restarting');
      assert.equal(manager.status()[0]?.restarts, 0);
      rmSync(blocker);
      // a minute: the restart is a tsx start, which took over 15 s at load 20 (no timing is measured here)
      const next = await manager.callTool(request('echo', { text: 'back' }, { timeoutMs: 60_000 }));
      assert.deepEqual([next.ok, next.text], [true, 'back']);
      assert.equal(manager.status()[0]?.restarts, 1);
    } finally {
      await manager.close();
    }
  });

  test('a call waiting for a restart that does not come in time gets a readable error', async () => {
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' } }),
      timing: { ...FAST_TIMING, restartDelaysMs: [3000] },
    });
    try {
      await manager.callTool(request('crash'));
      const waiting = await manager.callTool(request('echo', { text: 'x' }, { timeoutMs: 200 }));
      assert.equal(waiting.errorCode, 'MCP_SERVER_EXITED');
      assert.match(waiting.text, /restarting after it stopped and did not come back within 200 ms/);
      assert.equal(manager.status()[0]?.state, 'restarting');
      assert.equal(manager.ready(), false);
    } finally {
      await manager.close();
    }
  });
});

describe('close', () => {
  test('close() leaves no child alive, even one that ignores stdin end and SIGTERM', async () => {
    const lines: string[] = [];
    const manager = await McpManager.start({
      config: fixtureConfig(tsx, fixtures, {
        alpha: { file: 'echo-server.ts', deny: ['pid'] },
        beta: { file: 'dup-server.ts', deny: ['echo'] },
        stubborn: { file: 'echo-server.ts', env: { FIXTURE_STUBBORN: '1' }, allow: ['pid'] },
      }),
      log: memoryLogger(lines),
      timing: FAST_TIMING,
    });
    const pids = manager.status().map((entry) => entry.pid!);
    assert.equal(pids.length, 3);
    for (const pid of pids) assert.ok(isAlive(pid));
    await manager.close();
    for (const pid of pids) assert.ok(!isAlive(pid), `pid ${pid} is gone`);
    // only the stubborn one needed the SIGKILL
    const kills = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'server-kill');
    assert.deepEqual(
      kills.map((entry) => entry.server),
      ['stubborn'],
    );
    assert.deepEqual(
      manager.status().map((entry) => entry.state),
      ['closed', 'closed', 'closed'],
    );
    const after = await manager.callTool(request('echo', { text: 'x' }));
    assert.equal(after.errorCode, 'MCP_SERVER_EXITED');
    await manager.close(); // idempotent
  });
});

describe('start-up failures', () => {
  test('a server that exits at start fails start-up naming it, its command and its stderr; the others are stopped', async () => {
    const marker = `start-fail-${process.pid}-${Date.now()}`;
    const config = fixtureConfig(tsx, fixtures, {
      good: { file: 'dup-server.ts', marker },
      broken: { file: 'echo-server.ts', env: { FIXTURE_START_FAIL: 'cannot open /data/plant.db: permission denied' } },
    });
    await assert.rejects(McpManager.start({ config, timing: FAST_TIMING }), (error: unknown) => {
      assert.ok(isAppError(error));
      assert.equal(error.code, 'MCP_START_FAILED');
      assert.match(error.message, /MCP server "broken" could not start/);
      assert.match(error.message, /command: .*echo-server\.ts/);
      assert.match(error.message, /cannot open \/data\/plant\.db: permission denied/);
      assert.match(error.message, /exited during start-up \(exit code 1\)/);
      assert.match(error.hint ?? '', /mcp\.servers\.broken/);
      return true;
    });
    assert.deepEqual(processesWith(marker), []);
  });

  test('a command that does not exist fails start-up with MCP_START_FAILED', async () => {
    const config = configFromObject(
      { mcp: { servers: { ghost: { command: '/nonexistent/mcp-server', args: ['--x'] } } } },
      tempDir(),
    );
    await assert.rejects(McpManager.start({ config, timing: FAST_TIMING }), (error: unknown) => {
      assert.ok(isAppError(error));
      assert.equal(error.code, 'MCP_START_FAILED');
      assert.match(error.message, /"ghost"/);
      assert.match(error.message, /\/nonexistent\/mcp-server --x/);
      assert.match(error.message, /ENOENT/);
      return true;
    });
  });

  test('an optional server that cannot start is reported in status and the others serve', async () => {
    const config = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts' },
      extra: { file: 'dup-server.ts', env: {} },
    });
    config.mcp.servers.extra!.command = '/nonexistent/extra-server';
    const manager = await McpManager.start({ config, optional: ['extra'], timing: FAST_TIMING });
    try {
      const extra = manager.status().find((entry) => entry.name === 'extra');
      assert.equal(extra?.state, 'failed');
      assert.match(extra?.last_error ?? '', /could not start/);
      assert.equal(manager.ready(), true);
      assert.equal((await manager.callTool(request('echo', { text: 'ok' }))).text, 'ok');
      const shout = await manager.callTool(request('shout', { text: 'x' }));
      assert.equal(shout.errorCode, 'TOOL_NOT_FOUND');
    } finally {
      await manager.close();
    }
  });

  test('disabled servers are not started', async () => {
    const config = fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' }, off: { file: 'dup-server.ts' } });
    config.mcp.servers.off!.enabled = false;
    const manager = await McpManager.start({ config, timing: FAST_TIMING });
    try {
      assert.deepEqual(
        manager.status().map((entry) => entry.name),
        ['alpha'],
      );
    } finally {
      await manager.close();
    }
  });
});

test("several servers' fixes: each clause once, in order", () => {
  const shared =
    "the server's own error is above; `airgap-agent doctor` checks plant.db, the docs folder and the config";
  assert.equal(
    mergeHints([shared, shared, `${shared}; to run without it, set mcp.servers.holidays.enabled: false`, undefined]),
    `${shared}; to run without it, set mcp.servers.holidays.enabled: false`,
  );
  assert.equal(mergeHints([undefined, '']), '');
});
