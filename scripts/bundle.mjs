#!/usr/bin/env node
// Builds the appliance: dist/airgap-agent-<version>-linux-x64.tar.gz
//   node scripts/bundle.mjs [--no-llm] [--out DIR] [--models DIR]
//   --models DIR: take the GGUF models from DIR instead of vendor/models (install tests: a tiny test model, never committed)
//   env BUNDLE_VERSION_SUFFIX=+build2  → a distinct (newer) build of the same code
//
// Steps: esbuild src/cli/entry.ts → one CJS file → Node SEA blob → postject
// into a (stripped) copy of this node binary; then the vendored native
// SQLite addon, node-llama-cpp (CPU only), models with their manifest,
// skills/ (Markdown skills only), testcases/docs/deploy/install.sh, manifest.json, SHA256SUMS and
// its Ed25519 signature SHA256SUMS.sig with release-key.pem (scripts/bundle/sign.mjs: the key from
// env AIRGAP_RELEASE_KEY=FILE, else a development key under ~/.cache/airgap-agent).
// Nothing here or in the result reaches the network.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vendorLlamaCpp } from './bundle/llama.mjs';
import { bundleJs } from './bundle/esbuild.mjs';
import { releaseKey, signSums, stageReleaseKey } from './bundle/sign.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function parseOptions(argv) {
  const options = { llm: true, out: path.join(root, 'dist'), models: path.join(root, 'vendor', 'models') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-llm') options.llm = false;
    else if (arg === '--out') options.out = path.resolve(argv[++i] ?? fail('--out needs a folder'));
    else if (arg === '--models') {
      options.models = path.resolve(argv[++i] ?? fail('--models needs a folder'));
      if (!existsSync(options.models)) fail(`--models ${options.models}: no such folder`);
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: node scripts/bundle.mjs [--no-llm] [--out DIR] [--models DIR]   (env BUNDLE_VERSION_SUFFIX=+build2)',
      );
      process.exit(0);
    } else fail(`unknown option ${arg} (use --no-llm, --out DIR, --models DIR)`);
  }
  return options;
}

function fail(message) {
  console.error(`bundle: ERROR: ${message}`);
  process.exit(1);
}
const step = (message) => console.error(`bundle: ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout;
}

function versions() {
  const packageVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const source = readFileSync(path.join(root, 'src', 'version.ts'), 'utf8');
  const match = /export const VERSION = '([^']+)'/.exec(source);
  if (!match) fail("src/version.ts has no `export const VERSION = 'x.y.z'`");
  if (match[1] !== packageVersion) {
    fail(
      `package.json version ${packageVersion} != src/version.ts VERSION ${match[1]}: make them equal before bundling`,
    );
  }
  const suffix = process.env.BUNDLE_VERSION_SUFFIX ?? '';
  if (suffix && !/^[+-][0-9A-Za-z.+-]+$/.test(suffix))
    fail(`BUNDLE_VERSION_SUFFIX "${suffix}" must start with + or - and hold only [0-9A-Za-z.+-]`);
  return { base: packageVersion, version: packageVersion + suffix };
}

function seaBinary(work, bundleFile, binary) {
  const blob = path.join(work, 'sea-prep.blob');
  const seaConfig = path.join(work, 'sea-config.json');
  writeFileSync(
    seaConfig,
    JSON.stringify(
      { main: bundleFile, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true },
      null,
      2,
    ),
  );
  // the code cache halves the cold start; dynamic import() then goes through
  // a vm script (src/runtime/self.ts importFile)
  run(process.execPath, ['--experimental-sea-config', seaConfig], { cwd: work });
  copyFileSync(process.execPath, binary);
  chmodSync(binary, 0o755);
  const strip = spawnSync('strip', ['--strip-all', binary], { encoding: 'utf8' });
  if (strip.error || strip.status !== 0) step('strip not available or failed: keeping the unstripped node binary');
  const postject = path.join(root, 'node_modules', 'postject', 'dist', 'cli.js');
  if (!existsSync(postject)) fail('postject is missing from node_modules (a devDependency): run `npm ci`');
  run(process.execPath, [postject, binary, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
}

/** Highest GLIBC_x.y symbol version the node binary needs (what install.sh checks on the target). */
function glibcRequirement(binary) {
  const result = spawnSync('objdump', ['-T', binary], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const text = result.status === 0 ? result.stdout : readFileSync(binary).toString('latin1');
  let best = [0, 0];
  for (const match of text.matchAll(/GLIBC_(\d+)\.(\d+)/g)) {
    const candidate = [Number(match[1]), Number(match[2])];
    if (candidate[0] > best[0] || (candidate[0] === best[0] && candidate[1] > best[1])) best = candidate;
  }
  return `${best[0]}.${best[1]}`;
}

async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

function listFiles(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) listFiles(full, base, out);
    else out.push(path.relative(base, full));
  }
  return out;
}

async function vendorModels(stage, source) {
  const target = path.join(stage, 'vendor', 'models');
  mkdirSync(target, { recursive: true });
  const models = [];
  const files = existsSync(source)
    ? readdirSync(source)
        .filter((name) => name.endsWith('.gguf'))
        .sort()
    : [];
  for (const name of files) {
    const file = path.join(source, name);
    copyFileSync(file, path.join(target, name));
    let licence = 'unknown';
    for (const sidecar of [
      `${name}.licence`,
      `${name}.license`,
      `${name.replace(/\.gguf$/, '')}.licence`,
      `${name.replace(/\.gguf$/, '')}.license`,
    ]) {
      const sidecarFile = path.join(source, sidecar);
      if (existsSync(sidecarFile)) {
        licence = readFileSync(sidecarFile, 'utf8').trim().split('\n')[0] || 'unknown';
        copyFileSync(sidecarFile, path.join(target, sidecar));
        break;
      }
    }
    models.push({ name, size: statSync(file).size, sha256: await sha256(file), licence });
  }
  writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify({ models }, null, 2)}\n`);
  return models;
}

/** name → version of every package esbuild put into the bundle (from the lockfile). */
function bundledPackages(metafile, lock) {
  const found = {};
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!match) continue;
    const entry = lock.packages[match[1]];
    const name = match[1].replace(/^.*node_modules\//, '');
    if (entry?.version) found[name] = entry.version;
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

function dirSize(dir) {
  return listFiles(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The list of config keys (from the binary's defaults): install.sh reports keys new in a release. */
function configKeys(binary) {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  const shown = run(binary, ['config', 'show'], { env });
  const keys = [];
  const stack = [];
  for (const line of shown.split('\n')) {
    const match = /^( *)([A-Za-z0-9_-]+):/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 2;
    stack.length = depth;
    stack.push(match[2]);
    keys.push(stack.join('.'));
  }
  return keys;
}

/** Prove the SEA runs: version, config, SQLite from vendor/native, maintenance. */
function smokeTest(stage, version) {
  const binary = path.join(stage, 'bin', 'airgap-agent');
  const printed = run(binary, ['--version']).trim();
  if (printed !== `airgap-agent ${version}`) fail(`the SEA printed "${printed}", expected "airgap-agent ${version}"`);
  const work = path.join(os.tmpdir(), `airgap-bundle-smoke-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const config = path.join(work, 'config.yaml');
    writeFileSync(config, `state:\n  db: ${work}/agent.db\nlog:\n  dir: ${work}/log\n`);
    run(binary, ['--config', config, 'config', 'check']);
    run(binary, ['--config', config, 'maintenance', '--backup-dir', path.join(work, 'backups')]);
    if (!existsSync(path.join(work, 'agent.db')))
      fail('the SEA did not create agent.db (better-sqlite3 from vendor/native)');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  if (process.platform !== 'linux' || process.arch !== 'x64')
    fail(`bundles are built on linux-x64 (this is ${process.platform}-${process.arch})`);
  const { version } = versions();
  const name = `airgap-agent-${version}`;
  const work = path.join(root, 'build', 'bundle');
  const stage = path.join(work, name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(stage, 'bin'), { recursive: true });
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

  step(`esbuild → one CJS file (version ${version})`);
  const { outfile, metafile, workers } = await bundleJs({ root, work, version });
  if (workers > 0)
    fail(`the bundle contains ${workers} \`new Worker(\` call(s): a worker thread cannot load a file inside the SEA`);
  step(`SEA: ${mb(statSync(outfile).size)} of JavaScript into a copy of node ${process.version}`);
  const binary = path.join(stage, 'bin', 'airgap-agent');
  seaBinary(work, outfile, binary);
  writeFileSync(
    path.join(stage, 'bin', 'agent-test'),
    '#!/bin/sh\n# the regression runner: `airgap-agent test` (a script, not a link, so the SEA is ' +
      'started by its own name)\nexec "$(dirname "$(readlink -f "$0")")/airgap-agent" test "$@"\n',
  );
  chmodSync(path.join(stage, 'bin', 'agent-test'), 0o755);

  step('vendor: better_sqlite3.node');
  const nativeSource = path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(nativeSource))
    fail(`${nativeSource} is missing: run \`npm ci\` (better-sqlite3 builds or downloads it at install)`);
  mkdirSync(path.join(stage, 'vendor', 'native'), { recursive: true });
  copyFileSync(nativeSource, path.join(stage, 'vendor', 'native', 'better_sqlite3.node'));

  // the chat page's Chinese font (src/http/page/fonts.ts): Noto Sans SC's regular-weight woff2 slices only
  step('vendor: Noto Sans SC woff2 slices (regular weight)');
  const fontPackage = path.join(root, 'node_modules', '@fontsource', 'noto-sans-sc');
  if (!existsSync(path.join(fontPackage, '400.css'))) fail(`${fontPackage} is missing: run \`npm ci\``);
  const fontTarget = path.join(stage, 'vendor', 'fonts', 'noto-sans-sc');
  mkdirSync(fontTarget, { recursive: true });
  let fontBytes = 0;
  for (const file of readdirSync(path.join(fontPackage, 'files'))) {
    if (!/^noto-sans-sc-\d+-400-normal\.woff2$/.test(file)) continue;
    copyFileSync(path.join(fontPackage, 'files', file), path.join(fontTarget, file));
    fontBytes += statSync(path.join(fontTarget, file)).size;
  }
  for (const file of ['400.css', 'LICENSE']) copyFileSync(path.join(fontPackage, file), path.join(fontTarget, file));
  step(`vendor: fonts ${mb(fontBytes)}`);

  let llama;
  if (options.llm) {
    step('vendor: node-llama-cpp (CPU linux-x64 only)');
    llama = vendorLlamaCpp({ root, lock, target: path.join(stage, 'vendor', 'node-llama-cpp') });
    step(
      `vendor: node-llama-cpp ${llama.packages.length} packages, ${mb(llama.bytes)} (pruned ${mb(llama.prunedBytes)})`,
    );
  } else step('vendor: node-llama-cpp skipped (--no-llm)');
  const models = await vendorModels(stage, options.models);
  step(`vendor: ${models.length} model(s)`);

  // skills/ is the runtime Markdown skills folder; code skills are compiled in from src/skills/code/
  const strayCode = readdirSync(path.join(root, 'skills'), { recursive: true })
    .map(String)
    .filter((file) => /\.[cm]?[jt]s$/.test(file));
  if (strayCode.length > 0)
    fail(
      `skills/ holds code (${strayCode.join(', ')}): code skills belong in src/skills/code/<name>/ (docs/skill-authoring.md)`,
    );
  for (const folder of ['skills', 'testcases', 'docs', 'deploy']) {
    if (existsSync(path.join(root, folder)))
      cpSync(path.join(root, folder), path.join(stage, folder), { recursive: true });
    else mkdirSync(path.join(stage, folder), { recursive: true });
  }
  rmSync(path.join(stage, 'deploy', 'test'), { recursive: true, force: true });
  copyFileSync(path.join(root, 'vendor', 'README.md'), path.join(stage, 'vendor', 'README.md'));
  copyFileSync(path.join(root, 'install.sh'), path.join(stage, 'install.sh'));
  chmodSync(path.join(stage, 'install.sh'), 0o755);

  step('smoke test of the SEA');
  smokeTest(stage, version);
  writeFileSync(path.join(stage, 'deploy', 'config-keys.txt'), `${configKeys(binary).sort().join('\n')}\n`);

  const sqliteVersion = sqliteOf(stage);
  const manifest = {
    name: 'airgap-agent',
    version,
    platform: 'linux-x64',
    built_at: new Date().toISOString(),
    node: process.version,
    glibc_min: glibcRequirement(binary),
    sqlite: sqliteVersion,
    llm: options.llm
      ? {
          'node-llama-cpp': lock.packages['node_modules/node-llama-cpp']?.version,
          backend: 'cpu linux-x64',
          bytes: llama.bytes,
        }
      : null,
    models: models.map(({ name: model, size, sha256: sum, licence }) => ({ name: model, size, sha256: sum, licence })),
    dependencies: Object.fromEntries(
      Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies).map((dep) => [
        dep,
        lock.packages[`node_modules/${dep}`]?.version ?? 'missing',
      ]),
    ),
    bundled: bundledPackages(metafile, lock),
    vendored: llama ? Object.fromEntries(llama.packages.map((entry) => [entry.name, entry.version])) : {},
  };
  writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // shell-readable facts for install.sh (no JSON parser on the target)
  writeFileSync(
    path.join(stage, 'bundle.env'),
    `VERSION=${version}\nGLIBC_MIN=${manifest.glibc_min}\nNODE_VERSION=${process.version}\nMODELS=${models.length}\n`,
  );

  // the release key: its public half is listed in SHA256SUMS, whose signature install.sh checks first
  const signing = releaseKey();
  const staged = stageReleaseKey(stage, signing);
  step(
    `release key ${staged.fingerprint}${signing.dev ? ` (DEVELOPMENT key ${signing.file}; a release build sets AIRGAP_RELEASE_KEY)` : ''}` +
      `${staged.endorsed ? ', endorsed by AIRGAP_RELEASE_PREVIOUS_KEY' : ''}`,
  );
  step('SHA256SUMS');
  const sums = [];
  for (const file of listFiles(stage)) {
    if (file === 'SHA256SUMS' || file === 'SHA256SUMS.sig') continue;
    sums.push(`${await sha256(path.join(stage, file))}  ${file}`);
  }
  writeFileSync(path.join(stage, 'SHA256SUMS'), `${sums.join('\n')}\n`);
  signSums(stage, signing);

  mkdirSync(options.out, { recursive: true });
  const tarball = path.join(options.out, `${name}-linux-x64.tar.gz`);
  step(`tar → ${path.relative(root, tarball)}`);
  run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-C', work, '-czf', tarball, name], {
    env: { ...process.env, GZIP: '-6' },
  });
  const report = {
    tarball,
    version,
    binary_bytes: statSync(binary).size,
    tarball_bytes: statSync(tarball).size,
    staged_bytes: dirSize(stage),
    llm_vendor_bytes: llama?.bytes ?? 0,
    seconds: (Date.now() - started) / 1000,
  };
  writeFileSync(path.join(options.out, `${name}-linux-x64.json`), `${JSON.stringify(report, null, 2)}\n`);
  step(
    `done in ${report.seconds.toFixed(1)} s: binary ${mb(report.binary_bytes)}, unpacked ${mb(report.staged_bytes)}, tarball ${mb(report.tarball_bytes)}`,
  );
  console.log(tarball);
}

/** SQLite version of the vendored addon, asked through the SEA itself. */
function sqliteOf(stage) {
  const binary = path.join(stage, 'bin', 'airgap-agent');
  const result = spawnSync(binary, ['doctor', '--sqlite-version'], { encoding: 'utf8' });
  const match = /(\d+\.\d+\.\d+)/.exec(result.stdout ?? '');
  return match ? match[1] : 'unknown';
}

main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
