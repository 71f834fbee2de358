import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, type Lockfile } from './llama.mjs';
import { bundleJs } from './esbuild.mjs';
import { buildPageScripts } from '../../src/http/page/assets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the vendored closure follows npm nesting and keeps only the CPU linux-x64 binary package', () => {
  const lock: Lockfile = {
    packages: {
      'node_modules/node-llama-cpp': {
        version: '3.21.1',
        dependencies: { which: '^6', chalk: '^5' },
        optionalDependencies: {
          '@node-llama-cpp/linux-x64': '3.21.1',
          '@node-llama-cpp/linux-x64-cuda': '3.21.1',
          '@node-llama-cpp/mac-arm64-metal': '3.21.1',
        },
      },
      'node_modules/node-llama-cpp/node_modules/which': { version: '6.0.1', dependencies: { isexe: '^3' } },
      'node_modules/node-llama-cpp/node_modules/isexe': { version: '3.1.1' },
      'node_modules/which': { version: '2.0.2' },
      'node_modules/chalk': { version: '5.6.2' },
      'node_modules/@node-llama-cpp/linux-x64': { version: '3.21.1', optional: true },
      'node_modules/@node-llama-cpp/linux-x64-cuda': { version: '3.21.1', optional: true },
    },
  };
  assert.deepEqual(closure(lock, 'node_modules/node-llama-cpp'), [
    'node_modules/@node-llama-cpp/linux-x64',
    'node_modules/chalk',
    'node_modules/node-llama-cpp',
    'node_modules/node-llama-cpp/node_modules/isexe',
    'node_modules/node-llama-cpp/node_modules/which',
  ]);
  const broken: Lockfile = { packages: { 'node_modules/a': { dependencies: { missing: '1' } } } };
  assert.throws(
    () => closure(broken, 'node_modules/a'),
    /missing \(needed by node_modules\/a\) is not in package-lock\.json/,
  );
});

test('the real lockfile: node-llama-cpp vendors no GPU variant and no other platform', () => {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const entries = closure(lock, 'node_modules/node-llama-cpp');
  const platforms = entries.filter((entry) => entry.includes('@node-llama-cpp/'));
  assert.deepEqual(platforms, ['node_modules/@node-llama-cpp/linux-x64']);
  assert.ok(entries.length > 20);
});

test('the esbuild step makes one CJS file with no worker threads that runs on its own', async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bundle-js-'));
  try {
    const { outfile, workers, metafile, page } = await bundleJs({ root, work, version: '9.9.9-test' });
    assert.equal(workers, 0, 'no `new Worker(` in the bundle');
    // the chat page's scripts are built into the bundle, exactly as development builds them; esbuild stays out
    assert.deepEqual(page, await buildPageScripts(root));
    assert.ok(readFileSync(outfile, 'utf8').includes('airgap-answer'), 'the page scripts are embedded in the bundle');
    assert.ok(
      !Object.keys(metafile.inputs).some((input) => input.includes('node_modules/esbuild/')),
      'esbuild is not bundled',
    );
    assert.ok(
      !Object.keys(metafile.inputs).some((input) => input.includes('node_modules/thread-stream/')),
      'thread-stream is stubbed',
    );
    assert.ok(
      !Object.keys(metafile.inputs).some((input) => input.includes('node_modules/node-llama-cpp/')),
      'node-llama-cpp stays external',
    );
    const run = spawnSync(process.execPath, [outfile, '--version'], { encoding: 'utf8', cwd: work });
    assert.equal(run.stdout.trim(), 'airgap-agent 9.9.9-test', run.stderr);
    const schema = spawnSync(process.execPath, [outfile, 'doctor', '--sqlite-version'], {
      encoding: 'utf8',
      cwd: work,
      env: {
        ...process.env,
        AIRGAP_AGENT_SQLITE_NATIVE: path.join(
          root,
          'node_modules',
          'better-sqlite3',
          'build',
          'Release',
          'better_sqlite3.node',
        ),
      },
    });
    assert.match(schema.stdout, /^3\.\d+\.\d+$/m, schema.stderr);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
