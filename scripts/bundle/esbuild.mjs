// esbuild step of the bundle (scripts/bundle.mjs): the whole program as one
// CommonJS file for the SEA. `__AIRGAP_BUNDLED__` is defined; node-llama-cpp
// stays external (vendored, imported by path); pino's worker transport
// (thread-stream) is replaced by a stub that throws, so nothing can start a
// worker thread from a file path inside the SEA.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** esbuild plugins: the version suffix, and no worker-thread transports (thread-stream) in the bundle. */
function plugins(version) {
  return [
    {
      name: 'airgap-version',
      setup(context) {
        context.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => ({
          contents: `export const VERSION = ${JSON.stringify(version)};\n`,
          loader: 'ts',
        }));
      },
    },
    {
      name: 'airgap-no-worker-transports',
      setup(context) {
        context.onResolve({ filter: /^thread-stream$/ }, () => ({ path: 'thread-stream', namespace: 'airgap-stub' }));
        context.onLoad({ filter: /.*/, namespace: 'airgap-stub' }, () => ({
          contents: `module.exports = class ThreadStream { constructor() { throw new Error('pino worker transports are not available in the appliance bundle: log through src/log (pino-roll as a plain stream)'); } };`,
          loader: 'js',
        }));
      },
    },
  ];
}

/** esbuild: src/cli/entry.ts → one CJS file; counts `new Worker(` calls (must be 0). */
export async function bundleJs({ root, work, version }) {
  const outfile = path.join(work, 'airgap-agent.cjs');
  const result = await build({
    entryPoints: [path.join(root, 'src', 'cli', 'entry.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    define: { __AIRGAP_BUNDLED__: 'true' },
    external: ['node-llama-cpp'],
    plugins: plugins(version),
    metafile: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  const text = readFileSync(outfile, 'utf8');
  // a worker spawned from a file path cannot work inside a SEA
  const workers = [...text.matchAll(/new Worker\(/g)].length;
  return { outfile, metafile: result.metafile, workers };
}

