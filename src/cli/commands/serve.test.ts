/**
 * `serve` refuses to start with the cause and the fix, at once, instead of a
 * raw error halfway through its start: a state folder the service user may
 * not write (run as a real unprivileged user: `nobody` when the tests run as
 * root), and a port another program holds (exit 1, not the usage code 2,
 * naming the flag that takes another port — the demo's own when it runs it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');
const asRoot = process.getuid?.() === 0;

function serve(
  args: string[],
  options: { uid?: number; gid?: number; env?: Record<string, string> } = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

function workspace(): { dir: string; configFile: (extra: Record<string, unknown>) => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-'));
  chmodSync(dir, 0o755); // the unprivileged user reads the config
  return {
    dir,
    configFile: (extra) => {
      const file = path.join(dir, 'config.yaml');
      writeFileSync(file, JSON.stringify({ llm: { base_url: null }, skills: { watch: false }, ...extra }), {
        mode: 0o644,
      });
      return file;
    },
  };
}

test('a state folder the service user may not write: the folder, the user and the fix; no raw EACCES', async () => {
  const { dir, configFile } = workspace();
  try {
    // owned by root (mode 0755) when the test runs as root and serve runs as nobody; else 0555 for this user
    const state = path.join(dir, 'state');
    mkdirSync(state, { mode: 0o755 });
    if (!asRoot) chmodSync(state, 0o555);
    const file = configFile({
      state: { db: path.join(state, 'agent.db'), fts_db: path.join(dir, 'state', 'fts.db') },
      log: { dir: path.join(state, 'log') },
      reports: { dir: path.join(dir, 'reports') },
    });
    const user = asRoot ? { uid: 65534, gid: 65534 } : {};
    const result = await serve(['--config', file, 'serve', '--port', '0'], user);
    assert.equal(result.code, 1, result.stderr);
    assert.match(
      result.stderr,
      /^error: serve: cannot write its state:\n {2}state\.db: .*state cannot be|is not writable/m,
    );
    assert.match(result.stderr, new RegExp(`${state.replace(/[/.]/g, '\\$&')} is not writable by \\S+ \\(uid \\d+\\)`));
    assert.match(
      result.stderr,
      /fix: let the service user write it \(e\.g\. `chown -R \S+ .*state`\), or set state\.db/,
    );
    assert.doesNotMatch(result.stderr, /EACCES|at .*\.ts:\d+/, 'no raw error, no stack');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a port in use: exit 1 with the port and the command that takes another, at once', async () => {
  const { dir, configFile } = workspace();
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const file = configFile({
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      log: { dir: path.join(dir, 'log') },
      reports: { dir: path.join(dir, 'reports') },
      server: { host: '127.0.0.1', port },
    });
    const plain = await serve(['--config', file, 'serve']);
    assert.equal(plain.code, 1, `not the usage code: ${plain.stderr}`);
    assert.match(plain.stderr, new RegExp(`error: serve: port ${port} on 127\\.0\\.0\\.1 is already in use`));
    assert.match(plain.stderr, new RegExp(`fix: stop the other program .*\`airgap-agent serve --port ${port + 1}\``));
    // run by the demo: the demo's own flag
    const demo = await serve(['--config', file, 'serve'], { env: { AIRGAP_AGENT_PORT_COMMAND: 'npm run demo --' } });
    assert.equal(demo.code, 1);
    assert.match(demo.stderr, new RegExp(`\`npm run demo -- --port ${port + 1}\``));
    assert.doesNotMatch(demo.stderr, /server\.port/);
  } finally {
    holder.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
