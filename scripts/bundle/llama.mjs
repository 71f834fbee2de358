// Vendoring node-llama-cpp beside the SEA: it cannot be bundled (top-level
// await), so it is copied with its JS dependencies into
// vendor/node-llama-cpp/node_modules/ and imported by path at run time
// (src/llm/embedded/load-llama.ts loadLlamaModule). Its install pulls every GPU
// variant; only the CPU linux-x64 prebuilt binary is kept, and what serves
// only building from source (the llama.cpp git bundle), types and source maps
// is pruned.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const KEEP_PLATFORM_PACKAGES = new Set(['@node-llama-cpp/linux-x64']);

/** Node's lookup from a lockfile path: node_modules/a/node_modules/b → candidates for dep. */
function resolveInLock(lock, fromPath, dep) {
  let base = fromPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

export function closure(lock, start) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    if (seen.has(current)) continue;
    seen.add(current);
    const entry = lock.packages[current];
    const deps = { ...(entry.dependencies ?? {}), ...(entry.optionalDependencies ?? {}) };
    for (const dep of Object.keys(deps)) {
      if (dep.startsWith('@node-llama-cpp/') && !KEEP_PLATFORM_PACKAGES.has(dep)) continue;
      const resolved = resolveInLock(lock, current, dep);
      if (!resolved) {
        if (entry.optionalDependencies?.[dep]) continue;
        throw new Error(`node-llama-cpp dependency ${dep} (needed by ${current}) is not in package-lock.json`);
      }
      queue.push(resolved);
    }
  }
  return [...seen].sort();
}

function sizeOf(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

function prune(dir) {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) bytes += prune(full);
    else if (/\.(d\.ts|d\.mts|d\.cts|js\.map|mjs\.map|cjs\.map|ts\.map)$/.test(name) || name === 'CHANGELOG.md') {
      bytes += stat.size;
      rmSync(full);
    }
  }
  return bytes;
}

/**
 * Copy node-llama-cpp's dependency closure (from package-lock.json) into
 * `target`/node_modules, keeping the nested layout npm chose.
 * Returns the packages and sizes.
 */
export function vendorLlamaCpp({ root, lock, target }) {
  const start = 'node_modules/node-llama-cpp';
  if (!lock.packages[start]) throw new Error('node-llama-cpp is not in package-lock.json');
  const entries = closure(lock, start);
  const packages = [];
  rmSync(target, { recursive: true, force: true });
  for (const entry of entries) {
    const source = path.join(root, entry);
    if (!existsSync(source)) {
      if (lock.packages[entry]?.optional) continue;
      throw new Error(`${source} is missing: run \`npm ci\``);
    }
    const destination = path.join(target, entry);
    mkdirSync(path.dirname(destination), { recursive: true });
    // nested node_modules are copied as their own closure entries (or not at all)
    cpSync(source, destination, {
      recursive: true,
      filter: (file) => !path.relative(source, file).split(path.sep).includes('node_modules'),
    });
    packages.push({ name: entry.replace(/^.*node_modules\//, ''), path: entry, version: lock.packages[entry].version });
  }
  let prunedBytes = 0;
  const gitBundle = path.join(target, start, 'llama', 'gitRelease.bundle');
  prunedBytes += sizeOf(gitBundle);
  rmSync(gitBundle, { force: true });
  prunedBytes += prune(target);
  const binary = path.join(
    target,
    'node_modules',
    '@node-llama-cpp',
    'linux-x64',
    'bins',
    'linux-x64',
    'llama-addon.node',
  );
  if (!existsSync(binary)) throw new Error(`the CPU prebuilt binary is missing: ${binary}`);
  return { packages, bytes: sizeOf(target), prunedBytes };
}
