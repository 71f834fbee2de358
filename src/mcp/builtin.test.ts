/**
 * The shipped servers, started the way the agent starts them: this program
 * re-invoked as `--config FILE --now ISO mcp NAME`. The default set must
 * start and list tools; a shipped server that cannot start fails start-up
 * loudly, with its command line and its own stderr.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { DEFAULT_MCP_SERVERS } from '../config/schema.js';
import { setFixedNow } from '../clock.js';
import { isAppError } from '../errors.js';
import { seedTestPlant } from '../seed/index.js';
import { McpManager } from './manager.js';
import { FAST_TIMING, isAlive, request, tempDir } from './fixtures/helpers.js';

const NAMES = Object.keys(DEFAULT_MCP_SERVERS) as Array<keyof typeof DEFAULT_MCP_SERVERS>;

/** A config file in a temp dir; `servers` limits mcp.servers (undefined = the default set). */
function writeConfig(servers: string[] | undefined, dir: string = tempDir()): string {
  const lines = [
    'plant:',
    '  timezone: Asia/Shanghai',
    `  db: ${JSON.stringify(path.join(dir, 'plant.db'))}`,
    'state:',
    `  db: ${JSON.stringify(path.join(dir, 'agent.db'))}`,
  ];
  lines.push(
    'docs:',
    `  root: ${JSON.stringify(path.join(dir, 'docs'))}`,
    'log:',
    `  dir: ${JSON.stringify(path.join(dir, 'log'))}`,
  );
  if (servers) {
    lines.push('mcp:', '  shipped_servers: false', '  servers:');
    for (const name of servers) lines.push(`    ${name}:`, `      builtin: ${name}`);
  }
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('shipped (builtin) servers', () => {
  test('a shipped server that cannot start (no plant.db) fails start-up with its command line and its own stderr', async () => {
    const configFile = writeConfig(['query']);
    const { config } = loadConfig({ config: configFile });
    setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
    try {
      await assert.rejects(McpManager.start({ config, configFile, timing: FAST_TIMING }), (error: unknown) => {
        assert.ok(isAppError(error));
        assert.equal(error.code, 'MCP_START_FAILED');
        assert.match(error.message, /MCP server "query" could not start/);
        assert.ok(
          error.message.includes(`--config ${configFile} --now 2026-11-25T02:00:00.000Z mcp query`),
          error.message,
        );
        assert.match(error.message, /plant\.db/);
        assert.match(error.hint ?? '', /airgap-agent mcp query/);
        return true;
      });
    } finally {
      setFixedNow(undefined, 'UTC');
    }
  });

  test('the default shipped set starts and lists its tools', async () => {
    const dir = tempDir();
    seedTestPlant({ dir, rows: 1000 });
    const configFile = writeConfig(undefined, dir);
    const { config } = loadConfig({ config: configFile });
    assert.deepEqual(Object.keys(config.mcp.servers).sort(), [...NAMES].sort());
    const manager = await McpManager.start({ config, configFile, timing: FAST_TIMING });
    let pids: number[] = [];
    try {
      const status = manager.status();
      pids = status.map((entry) => entry.pid!);
      for (const entry of status) {
        assert.equal(entry.state, 'running', `${entry.name}: ${entry.last_error ?? ''}`);
        assert.ok(entry.tools > 0, `${entry.name} lists tools`);
      }
      const tools = manager.listTools();
      assert.equal(new Set(tools.map((tool) => tool.name)).size, tools.length, 'tool names are unique');
      for (const tool of tools) assert.ok(tool.description.length > 0, `${tool.name} has a description`);
      if (tools.some((tool) => tool.name === 'is_public_holiday')) {
        const result = await manager.callTool(
          request('is_public_holiday', { country_code: 'CN', on_date: '2026-10-01' }),
        );
        assert.equal(result.ok, true, result.text);
        assert.match(result.text, /National Day|国庆/);
      }
    } finally {
      await manager.close();
    }
    for (const pid of pids) assert.ok(!isAlive(pid), `pid ${pid} is gone after close`);
  });
});
