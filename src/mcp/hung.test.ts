/**
 * Issue #12: a hung MCP server — alive but not answering (SIGSTOP, a real
 * signal) — is found by ping, reported by /readyz's check while it hangs,
 * killed, restarted, and its restart counted and reported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readiness } from '../http/routes-ops.js';
import type { Service } from '../http/service.js';
import { seedTestPlant } from '../seed/index.js';
import { McpManager } from './manager.js';
import { FAST_TIMING, fixtureConfig, isAlive, request } from './fixtures/helpers.js';

const tsx = import.meta.resolve('tsx');
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function until<T>(probe: () => T | undefined, ms: number): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return probe();
}

test('a stopped (hung, not exited) server is detected by ping, reported not ready, killed and restarted', async () => {
  const config = fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' } });
  // readiness also requires a readable plant.db (a missing one is not ready, ce8e462): give it one, so that
  // ready/not ready below is the hung server's doing alone
  mkdirSync(path.dirname(config.plant.db), { recursive: true });
  seedTestPlant({ dir: path.dirname(config.plant.db), rows: 200, docs: false });
  const manager = await McpManager.start({
    config,
    timing: { ...FAST_TIMING, pingIntervalMs: 150, pingTimeoutMs: 300, pingMisses: 3 },
  });
  const service = {
    deps: {
      config,
      db: { prepare: () => ({ get: () => ({ one: 1 }) }) },
      tools: manager,
      skills: { list: () => [{ name: 'demo', enabled: true }] },
    },
    state: { closing: false },
  } as unknown as Service;
  const status = () => manager.status().find((entry) => entry.name === 'alpha')!;
  try {
    assert.equal(readiness(service).ready, true);
    const pid = status().pid!;
    process.kill(pid, 'SIGSTOP');
    const unresponsive = await until(() => (status().unresponsive_since ? readiness(service) : undefined), 10_000);
    assert.ok(unresponsive, 'a missed ping shows');
    assert.equal(unresponsive.ready, false);
    assert.match(unresponsive.checks.mcp!.detail, /alpha is unresponsive since/);
    const restarted = await until(
      () => (status().state === 'running' && status().pid !== pid ? status() : undefined),
      20_000,
    );
    assert.ok(restarted, `restarted; now ${JSON.stringify(status())}`);
    assert.equal(restarted.hung_restarts, 1);
    assert.match(restarted.last_error ?? '', /hung: the process \(pid \d+\) still ran but answered none of 3 pings/);
    assert.equal(await until(() => (isAlive(pid) ? undefined : true), 5000), true, 'the hung process was killed');
    const ready = readiness(service);
    assert.equal(ready.ready, true);
    assert.match(ready.checks.mcp!.detail, /restarted after hanging: alpha ×1/);
    const echoed = await manager.callTool(request('echo', { text: 'after the hang' }));
    assert.equal(echoed.text, 'after the hang');
  } finally {
    await manager.close();
  }
});

test('a server that answers pings is left alone', async () => {
  const manager = await McpManager.start({
    config: fixtureConfig(tsx, fixtures, { alpha: { file: 'echo-server.ts' } }),
    timing: { ...FAST_TIMING, pingIntervalMs: 100, pingTimeoutMs: 1000, pingMisses: 2 },
  });
  try {
    const before = manager.status()[0]!;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = manager.status()[0]!;
    assert.deepEqual([after.pid, after.hung_restarts, after.unresponsive_since], [before.pid, 0, null]);
  } finally {
    await manager.close();
  }
});
