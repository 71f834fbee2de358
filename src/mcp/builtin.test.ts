/**
 * The shipped servers, started the way the agent starts them: this program
 * re-invoked as `--config FILE --now ISO mcp NAME`. A server whose file is
 * still the placeholder is expected to fail start-up loudly; the built ones
 * (and, once all are built, the whole default set) must start and list tools.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/load.js';
import { DEFAULT_MCP_SERVERS } from '../config/schema.js';
import { setFixedNow } from '../clock.js';
import { isAppError } from '../errors.js';
import { McpManager } from './manager.js';
import { FAST_TIMING, isAlive, request, tempDir } from './fixtures/helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const NAMES = Object.keys(DEFAULT_MCP_SERVERS) as Array<keyof typeof DEFAULT_MCP_SERVERS>;

function isPlaceholder(name: string): boolean {
  return readFileSync(path.join(root, 'mcp-servers', name, 'server.ts'), 'utf8').includes('is not built yet');
}

const placeholders = NAMES.filter(isPlaceholder);
const built = NAMES.filter((name) => !placeholders.includes(name));

type SeedTestPlant = (options: { dir: string; rows?: number; docs?: boolean }) => unknown;

/** seedTestPlant from src/seed, loaded by a computed path so this file compiles while src/seed is absent. */
async function loadSeeder(): Promise<SeedTestPlant | undefined> {
  const specifier = ['..', 'seed', 'index.js'].join('/');
  try {
    const module = (await import(specifier)) as { seedTestPlant?: SeedTestPlant };
    return module.seedTestPlant;
  } catch {
    return undefined;
  }
}

/** A config file in a temp dir; `servers` limits mcp.servers (undefined = the default set). */
function writeConfig(servers: string[] | undefined, dir: string = tempDir()): string {
  const lines = ['plant:', '  timezone: Asia/Shanghai', `  db: ${JSON.stringify(path.join(dir, 'plant.db'))}`, 'state:', `  db: ${JSON.stringify(path.join(dir, 'agent.db'))}`];
  lines.push('docs:', `  root: ${JSON.stringify(path.join(dir, 'docs'))}`, 'log:', `  dir: ${JSON.stringify(path.join(dir, 'log'))}`);
  if (servers) {
    lines.push('mcp:', '  shipped_servers: false', '  servers:');
    for (const name of servers) lines.push(`    ${name}:`, `      builtin: ${name}`);
  }
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('shipped (builtin) servers', () => {
  test('a placeholder server fails start-up with its own stderr message', { skip: placeholders.length === 0 ? 'every shipped server is built' : false }, async () => {
    const name = placeholders[0]!;
    const configFile = writeConfig([name]);
    const { config } = loadConfig({ config: configFile });
    setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
    try {
      await assert.rejects(McpManager.start({ config, configFile, timing: FAST_TIMING }), (error: unknown) => {
        assert.ok(isAppError(error));
        assert.equal(error.code, 'MCP_START_FAILED');
        assert.match(error.message, new RegExp(`MCP server "${name}" could not start`));
        assert.ok(error.message.includes(`--config ${configFile} --now 2026-11-25T02:00:00.000Z mcp ${name}`), error.message);
        assert.match(error.message, /not built yet/);
        assert.match(error.hint ?? '', new RegExp(`airgap-agent mcp ${name}`));
        return true;
      });
    } finally {
      setFixedNow(undefined, 'UTC');
    }
  });

  test(
    built.length === NAMES.length ? 'the default builtin set starts and lists its tools' : `the built servers start and list their tools (${built.join(', ') || 'none'})`,
    { skip: built.length === 0 ? 'no shipped server is built yet' : false },
    async (context) => {
      const seedTestPlant = await loadSeeder();
      if (!seedTestPlant) {
        context.skip('src/seed (seedTestPlant) is not available to build the test plant');
        return;
      }
      const dir = tempDir();
      seedTestPlant({ dir, rows: 1000 });
      const configFile = writeConfig(built.length === NAMES.length ? undefined : built, dir);
      const { config } = loadConfig({ config: configFile });
      assert.deepEqual(Object.keys(config.mcp.servers).sort(), [...built].sort());
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
          const result = await manager.callTool(request('is_public_holiday', { country_code: 'CN', on_date: '2026-10-01' }));
          assert.equal(result.ok, true, result.text);
          assert.match(result.text, /National Day|国庆/);
        }
      } finally {
        await manager.close();
      }
      for (const pid of pids) assert.ok(!isAlive(pid), `pid ${pid} is gone after close`);
    },
  );
});
