import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromObject } from '../config/load.js';
import { Breaker, CallGate } from './breaker.js';
import { McpManager } from './manager.js';
import { FAST_TIMING, request, tempDir } from './fixtures/helpers.js';
import { staticToolHealth } from './static-health.js';

const tsx = import.meta.resolve('tsx');
const echoServer = fileURLToPath(new URL('./fixtures/echo-server.ts', import.meta.url));

describe('the breaker (its clock moved by hand)', () => {
  test('N counted failures within the window open it; a cool-down later one trial call closes or reopens it', () => {
    let now = 1_000_000;
    const breaker = new Breaker({ failures: 3, windowMs: 60_000, cooldownMs: 30_000 }, () => now);
    // failures spread wider than the window never open it
    for (let index = 0; index < 5; index++) {
      assert.equal(breaker.admit(), undefined);
      assert.equal(breaker.record({ code: 'TOOL_TIMEOUT', text: 'did not answer' }), undefined);
      now += 40_000;
    }
    assert.equal(breaker.status().state, 'closed');
    now += 61_000;
    // the tool's own errors, refusals and cancellations are answers, not failures of the server
    for (const code of ['QUERY_REJECTED', 'TOOL_FAILED', 'CANCELLED', 'MCP_SERVER_BUSY', undefined])
      assert.equal(breaker.record({ code }), undefined);
    breaker.record({ code: 'TOOL_TIMEOUT', text: 'one' });
    breaker.record({ code: 'MCP_SERVER_EXITED', text: 'two' });
    assert.equal(breaker.record({ code: 'TOOL_TIMEOUT', text: 'three\nmore' }), 'opened');
    const open = breaker.status();
    assert.equal(open.state, 'open');
    assert.equal(open.last_error, 'TOOL_TIMEOUT: three');
    assert.equal(open.retry_at, new Date(now + 30_000).toISOString());
    const refused = breaker.admit();
    assert.equal(refused?.until, now + 30_000);
    now += 29_999;
    assert.ok(breaker.admit(), 'still refused one millisecond before the cool-down ends');
    now += 1;
    assert.equal(breaker.admit(), undefined, 'the trial call goes through');
    assert.ok(breaker.admit(), 'a second caller waits while the trial runs');
    assert.equal(breaker.record({ code: 'TOOL_TIMEOUT', text: 'still stalled' }), 'opened');
    assert.equal(breaker.status().opened, 2);
    now += 30_000;
    assert.equal(breaker.admit(), undefined);
    assert.equal(breaker.record({}), 'closed');
    assert.equal(breaker.status().state, 'closed');
    assert.equal(breaker.status().failures, 0);
  });
});

describe('the gate', () => {
  test('concurrency in flight, the rest queued in order, busy past queue_max; a waiter leaves at its deadline', async () => {
    const gate = new CallGate({ concurrency: 2, queueMax: 2 });
    const far = Date.now() + 60_000;
    const first = await gate.enter(far);
    const second = await gate.enter(far);
    assert.ok(first.ok && second.ok);
    const order: string[] = [];
    const third = gate.enter(far).then((outcome) => (order.push('third'), outcome));
    const fourth = gate.enter(far).then((outcome) => (order.push('fourth'), outcome));
    const fifth = await gate.enter(far);
    assert.deepEqual(fifth, { ok: false, reason: 'busy', waiting: 2 });
    assert.equal(gate.queued, 2);
    if (first.ok) first.ticket.release();
    if (first.ok) first.ticket.release(); // twice is once
    assert.ok((await third).ok);
    assert.equal(gate.running, 2);
    if (second.ok) second.ticket.release();
    assert.ok((await fourth).ok);
    assert.deepEqual(order, ['third', 'fourth']);
    const controller = new AbortController();
    const waiting = gate.enter(far, controller.signal);
    controller.abort();
    assert.deepEqual(await waiting, { ok: false, reason: 'cancelled', waiting: 0 });
    const expired = await gate.enter(Date.now() + 20);
    assert.deepEqual(expired, { ok: false, reason: 'timeout', waiting: 0 });
  });
});

describe('a real stdio server behind its breaker and its gate', () => {
  let manager: McpManager;
  let dir: string;
  const server = (extra: Record<string, unknown>) => ({
    command: process.execPath,
    args: ['--import', tsx, echoServer],
    ...extra,
  });

  before(async () => {
    dir = tempDir();
    const config = configFromObject(
      {
        state: { db: path.join(dir, 'agent.db') },
        mcp: {
          shipped_servers: false,
          breaker: { failures: 2, window_s: 60, cooldown_s: 600 },
          servers: {
            // one call at a time, one waiting: the third is answered busy at once
            narrow: server({ concurrency: 1, queue_max: 1, timeout_ms: 20_000, allow: ['slow'] }),
            // calls that outlive its timeout (the process stopped) open its breaker
            stalling: server({ timeout_ms: 400, allow: ['echo'] }),
            off: server({ enabled: false }),
          },
        },
      },
      dir,
    );
    // what the service recorded when "off" still ran: its tools (the manager names the server that is switched off)
    writeFileSync(
      path.join(dir, 'mcp-tools.json'),
      JSON.stringify({
        version: 1,
        servers: { off: { fingerprint: 'x', tools: [{ name: 'shout', description: '', inputSchema: {} }] } },
      }),
    );
    manager = await McpManager.start({
      config,
      timing: FAST_TIMING,
      lazy: { toolCacheFile: path.join(dir, 'mcp-tools.json') },
    });
  });
  after(async () => {
    await manager?.close();
  });

  test('over concurrency + queue_max a call is answered MCP_SERVER_BUSY at once, naming the config keys', async () => {
    const running = manager.callTool(request('slow', { ms: 1500 }));
    const queued = manager.callTool(request('slow', { ms: 10 }));
    // let both reach the gate (the first starts the server on demand)
    for (
      let tries = 0;
      tries < 400 && (manager.status().find((entry) => entry.name === 'narrow')?.queued ?? 0) < 1;
      tries++
    )
      await new Promise((resolve) => setTimeout(resolve, 25));
    const busy = await manager.callTool(request('slow', { ms: 10 }));
    assert.equal(busy.ok, false);
    assert.equal(busy.errorCode, 'MCP_SERVER_BUSY');
    assert.match(busy.text, /The "narrow" tool server is busy: 1 call\(s\) running and 1 waiting/);
    assert.match(busy.text, /mcp\.servers\.narrow\.concurrency: 1, queue_max: 1/);
    const [first, second] = await Promise.all([running, queued]);
    assert.deepEqual([first.ok, first.text, second.ok, second.text], [true, 'slept 1500', true, 'slept 10']);
    const status = manager.status().find((entry) => entry.name === 'narrow')!;
    assert.deepEqual([status.in_flight, status.queued, status.breaker.state], [0, 0, 'closed']);
  });

  test('calls to a stopped server time out and open its breaker: the next is refused at once, the tool unhealthy', async () => {
    assert.deepEqual(manager.health('slow'), { ok: true, server: 'narrow' });
    // the first call starts the server on demand: no 400 ms for that
    const first = await manager.callTool({ ...request('echo', { text: 'up' }), timeoutMs: 30_000 });
    assert.equal(first.text, 'up');
    assert.deepEqual(manager.health('echo'), { ok: true, server: 'stalling' });
    const pid = manager.status().find((entry) => entry.name === 'stalling')!.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      for (const attempt of [1, 2]) {
        const result = await manager.callTool(request('echo', { text: `x${attempt}` }));
        assert.equal(result.errorCode, 'TOOL_TIMEOUT', result.text);
      }
      const status = manager.status().find((entry) => entry.name === 'stalling')!;
      assert.equal(status.breaker.state, 'open');
      assert.match(status.breaker.last_error ?? '', /^TOOL_TIMEOUT: Tool echo did not answer within 400 ms/);
      const refused = await manager.callTool(request('echo', { text: 'again' }));
      assert.equal(refused.errorCode, 'DEPENDENCY_UNAVAILABLE');
      assert.match(refused.text, /The "stalling" tool server is not answering: 2 call\(s\) to it failed/);
      assert.match(refused.text, /refused until \d{4}-\d{2}-\d{2}T/);
      const health = manager.health('echo');
      assert.equal(health.ok, false);
      assert.equal(!health.ok && health.state, 'breaker-open');
      assert.match(!health.ok ? health.reason : '', /breaker is open and its calls are refused until/);
      // the other server is not touched by it
      assert.equal(manager.status().find((entry) => entry.name === 'narrow')!.breaker.state, 'closed');
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  test("health names a disabled server, allow/deny, and a tool nobody offers — and so does the config's static view", () => {
    const shout = manager.health('shout');
    assert.deepEqual(shout, {
      ok: false,
      server: 'off',
      state: 'disabled',
      reason: 'the "off" server, which offers shout, is switched off (mcp.servers.off.enabled: false)',
    });
    const add = manager.health('add');
    assert.equal(!add.ok && add.state, 'filtered');
    const nobody = manager.health('search_documents');
    assert.equal(!nobody.ok && nobody.state, 'missing');
    assert.match(!nobody.ok ? nobody.reason : '', /switched off in the config: off/);
    const config = configFromObject(
      {
        state: { db: path.join(dir, 'agent.db') },
        mcp: {
          shipped_servers: false,
          servers: { off: server({ enabled: false }), narrow: server({ deny: ['echo'] }) },
        },
      },
      dir,
    );
    const view = staticToolHealth(config);
    const off = view.health('shout');
    assert.equal(off?.ok === false && off.state, 'disabled');
    // recorded by the manager above (its tool cache): narrow offers slow
    assert.deepEqual(view.health('slow'), { ok: true, server: 'narrow' });
    // an enabled server whose tools were never recorded: a tool nobody named is not known here, never guessed
    const withFresh = staticToolHealth(
      configFromObject(
        {
          state: { db: path.join(dir, 'agent.db') },
          mcp: { shipped_servers: false, servers: { narrow: server({}), fresh: server({}) } },
        },
        dir,
      ),
    );
    assert.equal(withFresh.health('never_recorded'), undefined);
  });
});
