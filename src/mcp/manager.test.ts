import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { openAgentDb } from '../store/agent-db.js';
import { AuditWriter } from '../store/audit.js';
import { appRoot } from '../runtime/self.js';
import { isAppError } from '../errors.js';
import { McpManager } from './manager.js';
import { FAST_TIMING, fixtureConfig, isAlive, processesWith, request } from './fixtures/helpers.js';

const tsx = import.meta.resolve('tsx');
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('routing across two real stdio servers', () => {
  let manager: McpManager;
  const db = openAgentDb(':memory:');
  const audit = new AuditWriter(db, { flushMs: 60_000 });
  const secretName = 'AIRGAP_TEST_SECRET_TOKEN';
  const visibleName = 'AIRGAP_AGENT_TEST_VISIBLE';

  before(async () => {
    process.env[secretName] = 'hunter2';
    process.env[visibleName] = 'yes';
    const config = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts', viaRoot: true, env: { FIXTURE_HOME: '{root}/var/x' } },
      // the clash on `echo` is resolved by denying it on beta
      beta: { file: 'dup-server.ts', deny: ['echo'] },
    });
    manager = await McpManager.start({ config, audit, timing: FAST_TIMING });
  });
  after(async () => {
    await manager.close();
    delete process.env[secretName];
    delete process.env[visibleName];
  });

  test('tools of both servers are listed with their server and schema', () => {
    const tools = manager.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    assert.equal(byName.get('echo')?.server, 'alpha');
    assert.equal(byName.get('shout')?.server, 'beta');
    assert.equal(byName.get('echo')?.description, 'Echo the text back.');
    assert.deepEqual(byName.get('add')?.inputSchema.required, ['a', 'b']);
    assert.equal(tools.filter((tool) => tool.name === 'echo').length, 1);
  });

  test('calls are routed to the server that offers the tool', async () => {
    const echo = await manager.callTool(request('echo', { text: 'hello' }));
    assert.deepEqual([echo.ok, echo.text], [true, 'hello']);
    const shout = await manager.callTool(request('shout', { text: 'hello' }));
    assert.deepEqual([shout.ok, shout.text], [true, 'HELLO!']);
    const add = await manager.callTool(request('add', { a: 2, b: 40 }));
    assert.equal(add.text, '42');
    assert.deepEqual(add.structured, { sum: 42 });
    assert.ok(add.ms >= 0);
  });

  test('an unknown tool is an error result naming the available tools', async () => {
    const result = await manager.callTool(request('nope'));
    assert.equal(result.ok, false);
    assert.equal(result.errorCode, 'TOOL_NOT_FOUND');
    assert.match(result.text, /no tool named nope/);
    assert.match(result.text, /echo/);
    assert.match(result.text, /shout/);
  });

  test('status shows each server running with its pid and tool count', () => {
    const status = manager.status();
    assert.deepEqual(
      status.map((entry) => [entry.name, entry.state, entry.restarts]),
      [
        ['alpha', 'running', 0],
        ['beta', 'running', 0],
      ],
    );
    for (const entry of status) {
      assert.equal(typeof entry.pid, 'number');
      assert.ok(isAlive(entry.pid!));
      assert.ok(entry.up_since);
    }
    // tools counts what the server lists, before deny
    assert.equal(status[1]?.tools, 2);
    assert.equal(manager.ready(), true);
  });

  test('isError results come back as ok:false with the server text and code', async () => {
    const result = await manager.callTool(request('fail', { message: 'line X does not exist' }));
    assert.equal(result.ok, false);
    assert.equal(result.text, 'line X does not exist');
    assert.equal(result.errorCode, 'FIXTURE_REFUSED');
  });

  test('structuredContent.cached fills cached', async () => {
    const result = await manager.callTool(request('cached'));
    assert.equal(result.ok, true);
    assert.equal(result.cached, true);
    assert.deepEqual(result.structured, { cached: true, value: 42 });
  });

  test('trace and session ids reach the server in _meta', async () => {
    const result = await manager.callTool({
      name: 'meta',
      arguments: {},
      traceId: 'trace-abc',
      sessionId: 'session-xyz',
    });
    const meta = JSON.parse(result.text) as Record<string, unknown>;
    assert.equal(meta.trace_id, 'trace-abc');
    assert.equal(meta.session_id, 'session-xyz');
  });

  test('the child sees only allow-listed variables plus its configured env, {root} expanded', async () => {
    const secret = await manager.callTool(request('env', { name: secretName }));
    assert.equal(secret.text, '(unset)');
    const visible = await manager.callTool(request('env', { name: visibleName }));
    assert.equal(visible.text, 'yes');
    const configured = await manager.callTool(request('env', { name: 'FIXTURE_HOME' }));
    assert.equal(configured.text, `${appRoot()}/var/x`);
    const path = await manager.callTool(request('env', { name: 'PATH' }));
    assert.equal(path.text, process.env.PATH);
  });

  test('{root} in args was expanded (alpha was started from {root}/src/mcp/fixtures)', () => {
    const alpha = manager.status().find((entry) => entry.name === 'alpha');
    assert.ok(alpha?.command.includes(`${appRoot()}/src/mcp/fixtures/echo-server.ts`), alpha?.command);
    assert.ok(!alpha?.command.includes('{root}'));
  });

  test('one audit row per call with server, parameters, purpose, outcome and code', async () => {
    await manager.callTool({
      name: 'echo',
      arguments: { text: 'audited', purpose: 'check the audit' },
      traceId: 't-audit',
      sessionId: 's-audit',
    });
    await manager.callTool({ name: 'fail', arguments: { message: 'no' }, traceId: 't-audit', sessionId: 's-audit' });
    await manager.callTool({ name: 'cached', arguments: {}, traceId: 't-audit', sessionId: 's-audit' });
    await manager.callTool({ name: 'missing_tool', arguments: {}, traceId: 't-audit', sessionId: 's-audit' });
    audit.flush();
    const rows = db.prepare("SELECT * FROM tool_call_log WHERE trace_id = 't-audit' ORDER BY id").all() as Array<
      Record<string, unknown>
    >;
    assert.equal(rows.length, 4);
    const [echo, fail, cached, missing] = rows;
    assert.equal(echo?.origin, 'agent');
    assert.equal(echo?.server, 'alpha');
    assert.equal(echo?.session_id, 's-audit');
    assert.equal(echo?.tool_name, 'echo');
    assert.deepEqual(JSON.parse(String(echo?.parameters)), { text: 'audited', purpose: 'check the audit' });
    assert.equal(echo?.purpose, 'check the audit');
    assert.equal(echo?.result_summary, 'audited');
    assert.equal(echo?.success, 1);
    assert.equal(echo?.error_code, null);
    assert.equal(typeof echo?.duration_ms, 'number');
    assert.deepEqual([fail?.success, fail?.error_code], [0, 'FIXTURE_REFUSED']);
    assert.equal(cached?.cached, 1);
    assert.deepEqual([missing?.success, missing?.error_code, missing?.server], [0, 'TOOL_NOT_FOUND', null]);
  });
});

describe('allow and deny lists', () => {
  test('only allowed, not denied tools are offered; a filtered tool call is refused', async () => {
    const config = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts', allow: ['echo', 'add', 'pid'], deny: ['add'] },
    });
    const manager = await McpManager.start({ config, timing: FAST_TIMING });
    try {
      assert.deepEqual(
        manager
          .listTools()
          .map((tool) => tool.name)
          .sort(),
        ['echo', 'pid'],
      );
      const denied = await manager.callTool(request('add', { a: 1, b: 2 }));
      assert.equal(denied.ok, false);
      assert.equal(denied.errorCode, 'FORBIDDEN');
      assert.match(denied.text, /mcp\.servers\.alpha\.allow\/deny/);
      assert.match(denied.text, /Available tools: echo, pid/);
      const notAllowed = await manager.callTool(request('crash'));
      assert.equal(notAllowed.errorCode, 'FORBIDDEN');
      assert.equal((await manager.callTool(request('echo', { text: 'ok' }))).text, 'ok');
    } finally {
      await manager.close();
    }
  });
});

describe('duplicate tool names', () => {
  test('two servers offering the same tool is a start-up error naming both', async () => {
    const marker = `dup-marker-${process.pid}-${Date.now()}`;
    const config = fixtureConfig(tsx, fixtures, {
      alpha: { file: 'echo-server.ts', marker },
      beta: { file: 'dup-server.ts', marker },
    });
    await assert.rejects(McpManager.start({ config, timing: FAST_TIMING }), (error: unknown) => {
      assert.ok(isAppError(error));
      assert.equal(error.code, 'MCP_DUPLICATE_TOOL');
      assert.match(error.message, /"echo"/);
      assert.match(error.message, /"alpha"/);
      assert.match(error.message, /"beta"/);
      assert.match(error.hint ?? '', /deny/);
      return true;
    });
    assert.deepEqual(processesWith(marker), [], 'the started servers were stopped');
  });
});
