/**
 * Lazy start and idle stop (McpManager `lazy`): real stdio fixture servers.
 * The first start writes each server's tool list down; a later start offers
 * the same tools without starting anything, the first call starts only the
 * server it needs, an idle server is stopped (its process gone) and started
 * again by the next call; a stale list and a server that cannot start are
 * answered per call, never by failing the agent.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpManager } from './manager.js';
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(25);
  }
}

describe('lazy start and idle stop', () => {
  const config = fixtureConfig(tsx, fixtures, {
    alpha: { file: 'echo-server.ts' },
    beta: { file: 'dup-server.ts', deny: ['echo'] },
  });

  test('a known tool list starts nothing; the first call starts only its server; idle servers stop and come back', async () => {
    const cacheFile = path.join(tempDir(), 'mcp-tools.json');
    const lines: string[] = [];
    const first = await McpManager.start({
      config,
      timing: FAST_TIMING,
      log: memoryLogger(lines, 'info'),
      lazy: { toolCacheFile: cacheFile },
    });
    const tools = first.listTools().map((tool) => `${tool.server}/${tool.name}`);
    const started = lines.map((line) => JSON.parse(line) as { msg: string; child_pid?: number; server?: string });
    const firstPids = started
      .filter((entry) => entry.msg === 'server-start' && entry.child_pid)
      .map((e) => e.child_pid!);
    assert.equal(firstPids.length, 2, 'no list known yet: both start');
    assert.deepEqual(
      started.filter((entry) => entry.msg === 'server-listed-stop').map((entry) => entry.server),
      ['alpha', 'beta'],
    );
    assert.deepEqual(
      first.status().map((entry) => [entry.state, entry.pid]),
      [
        ['idle', null],
        ['idle', null],
      ],
      'started only to learn their tools: stopped once the list is written',
    );
    assert.ok(
      firstPids.every((pid) => !isAlive(pid)),
      'their processes are gone when start() returns',
    );
    assert.ok(
      tools.includes('alpha/echo') && tools.some((tool) => tool.startsWith('beta/')),
      'their tools are offered',
    );
    assert.equal((await first.callTool(request('echo', { text: 'back' }))).text, 'back', 'a call starts it again');
    await first.close();
    const written = JSON.parse(readFileSync(cacheFile, 'utf8')) as { servers: Record<string, { tools: unknown[] }> };
    assert.deepEqual(Object.keys(written.servers), ['alpha', 'beta']);

    const manager = await McpManager.start({
      config,
      timing: FAST_TIMING,
      lazy: { toolCacheFile: cacheFile, idleStopMs: 400 },
    });
    try {
      assert.deepEqual(
        manager.status().map((entry) => [entry.name, entry.state, entry.pid]),
        [
          ['alpha', 'idle', null],
          ['beta', 'idle', null],
        ],
      );
      assert.deepEqual(
        manager.listTools().map((tool) => `${tool.server}/${tool.name}`),
        tools,
        'the same tools, in the same order',
      );
      assert.equal(manager.ready(), true);

      const echo = await manager.callTool(request('echo', { text: 'on demand' }));
      assert.deepEqual([echo.ok, echo.text], [true, 'on demand']);
      const [alpha, beta] = manager.status();
      assert.equal(alpha?.state, 'running');
      assert.equal(beta?.state, 'idle', 'a server no call needed stays stopped');
      const pid = alpha!.pid!;
      assert.ok(isAlive(pid));

      // calls keep it running; 400 ms without one stops it
      for (let i = 0; i < 3; i++) {
        await delay(200);
        assert.equal((await manager.callTool(request('echo', { text: String(i) }))).ok, true);
        assert.equal(manager.status()[0]?.pid, pid, 'the same process while in use');
      }
      await until(() => manager.status()[0]?.state === 'idle');
      await until(() => !isAlive(pid));
      assert.equal(manager.listTools().length, tools.length, 'an idle server keeps its tools listed');

      const again = await manager.callTool(request('echo', { text: 'back' }));
      assert.deepEqual([again.ok, again.text], [true, 'back']);
      assert.notEqual(manager.status()[0]?.pid, pid, 'a new process');
    } finally {
      await manager.close();
    }
    assert.deepEqual(
      manager.status().map((entry) => entry.state),
      ['closed', 'closed'],
    );
  });

  test("a slow lazy start does not eat the call's timeout: the call gets its timeout_ms from a running server", async () => {
    const dir = tempDir();
    const cacheFile = path.join(dir, 'mcp-tools.json');
    const cue = path.join(dir, 'start-now');
    const slow = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts', timeout_ms: 3000, env: { FIXTURE_START_WHEN: cue } },
    });
    writeFileSync(cue, '');
    await (await McpManager.start({ config: slow, timing: FAST_TIMING, lazy: { toolCacheFile: cacheFile } })).close();
    rmSync(cue);
    const lines: string[] = [];
    const manager = await McpManager.start({
      config: slow,
      timing: FAST_TIMING,
      log: memoryLogger(lines, 'info'),
      lazy: { toolCacheFile: cacheFile },
    });
    try {
      const call = manager.callTool(request('echo', { text: 'after a slow start' }));
      // the server answers initialize only once the cue exists: well past the call's 3000 ms
      await delay(3500);
      writeFileSync(cue, '');
      const result = await call;
      assert.deepEqual([result.ok, result.text], [true, 'after a slow start'], result.text);
      assert.equal(manager.status()[0]?.breaker.failures, 0, 'nothing counted against the server');
    } finally {
      await manager.close();
    }
  });

  test('a stale list is corrected when the server starts; a tool it no longer has is TOOL_NOT_FOUND', async () => {
    const cacheFile = path.join(tempDir(), 'mcp-tools.json');
    await (await McpManager.start({ config, timing: FAST_TIMING, lazy: { toolCacheFile: cacheFile } })).close();
    const written = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      servers: Record<string, { tools: Array<{ name: string }> }>;
    };
    const alpha = written.servers.alpha!;
    alpha.tools.push({ ...alpha.tools[0]!, name: 'vanished' });
    writeFileSync(cacheFile, JSON.stringify(written));

    const manager = await McpManager.start({ config, timing: FAST_TIMING, lazy: { toolCacheFile: cacheFile } });
    try {
      assert.ok(manager.listTools().some((tool) => tool.name === 'vanished'));
      const result = await manager.callTool(request('vanished'));
      assert.equal(result.ok, false);
      assert.equal(result.errorCode, 'TOOL_NOT_FOUND');
      assert.ok(!manager.listTools().some((tool) => tool.name === 'vanished'), 'the fresh list replaced the stale one');
      const rewritten = JSON.parse(readFileSync(cacheFile, 'utf8')) as typeof written;
      assert.ok(!rewritten.servers.alpha!.tools.some((tool) => tool.name === 'vanished'));
    } finally {
      await manager.close();
    }
  });

  test('a server that cannot start on first use fails that call with the reason, not the start-up; the next call tries again', async () => {
    const dir = tempDir();
    const cacheFile = path.join(dir, 'mcp-tools.json');
    const gate = path.join(dir, 'refuse');
    const guarded = fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts', env: { FIXTURE_FAIL_IF: gate } } });
    await (
      await McpManager.start({ config: guarded, timing: FAST_TIMING, lazy: { toolCacheFile: cacheFile } })
    ).close();
    writeFileSync(gate, 'x');
    const manager = await McpManager.start({
      config: guarded,
      timing: FAST_TIMING,
      lazy: { toolCacheFile: cacheFile },
    });
    try {
      const result = await manager.callTool(request('echo', { text: 'x' }));
      assert.equal(result.ok, false);
      assert.equal(result.errorCode, 'MCP_SERVER_EXITED');
      assert.match(result.text, /"alpha" tool server could not start .*refusing to start while/);
      assert.match(manager.status()[0]?.last_error ?? '', /refusing to start/);
      rmSync(gate);
      const retried = await manager.callTool(request('echo', { text: 'now' }));
      assert.deepEqual([retried.ok, retried.text], [true, 'now']);
    } finally {
      await manager.close();
    }
  });

  test('a changed command line is not taken from the list: that server starts at once', async () => {
    const cacheFile = path.join(tempDir(), 'mcp-tools.json');
    await (await McpManager.start({ config, timing: FAST_TIMING, lazy: { toolCacheFile: cacheFile } })).close();
    const changed = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts', marker: 'changed-args' },
      beta: { file: 'dup-server.ts', deny: ['echo'] },
    });
    const manager = await McpManager.start({
      config: changed,
      timing: FAST_TIMING,
      lazy: { toolCacheFile: cacheFile },
    });
    try {
      assert.deepEqual(
        manager.status().map((entry) => entry.state),
        ['idle', 'idle'],
        'the changed one was started to learn its tools, then stopped',
      );
      assert.equal(processesWith('changed-args').length, 0);
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { servers: Record<string, unknown> };
      assert.deepEqual(Object.keys(cached.servers).sort(), ['alpha', 'beta'], 'its new list was written');
    } finally {
      await manager.close();
    }
  });
});
