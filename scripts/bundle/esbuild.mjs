// esbuild step of the bundle (scripts/bundle.mjs): the whole program as one
// CommonJS file for the SEA. `__AIRGAP_BUNDLED__` is defined; node-llama-cpp
// stays external (vendored, imported by path); pino's worker transport
// (thread-stream) is replaced by a stub that throws, so nothing can start a
// worker thread from a file path inside the SEA. The chat page's scripts
// (src/http/page/client/*.ts) are built first, for the browser, and embedded
// as string constants (src/http/page/assets.ts reads them), so the SEA needs
// no esbuild at run time; esbuild itself stays out of the bundle.
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
          contents:
            `module.exports = class ThreadStream { constructor() { throw new Error('pino worker transports ` +
            `are not available in the appliance bundle: log through src/log (pino-roll as a plain stream)'); ` +
            `} };`,
          loader: 'js',
        }));
      },
    },
  ];
}

/** The page scripts for the browser: the same entries and options as PAGE_BUILD in src/http/page/assets.ts. */
export async function buildPage({ root }) {
  const one = async (entry) => {
    const result = await build({
      entryPoints: [path.join(root, entry)],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      platform: 'browser',
      charset: 'utf8',
      legalComments: 'none',
      write: false,
      logLevel: 'error',
    });
    return result.outputFiles[0].text;
  };
  const [app, extras] = await Promise.all([one('src/http/page/client/app.ts'), one('src/http/page/client/extras.ts')]);
  return { app, extras };
}

/** esbuild: src/cli/entry.ts → one CJS file; counts `new Worker(` calls (must be 0). */
export async function bundleJs({ root, work, version }) {
  const outfile = path.join(work, 'airgap-agent.cjs');
  const page = await buildPage({ root });
  const result = await build({
    entryPoints: [path.join(root, 'src', 'cli', 'entry.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    define: {
      __AIRGAP_BUNDLED__: 'true',
      __AIRGAP_PAGE_APP_JS__: JSON.stringify(page.app),
      __AIRGAP_PAGE_EXTRAS_JS__: JSON.stringify(page.extras),
    },
    // esbuild builds the page in development only (src/http/page/assets.ts); the bundle carries the built page
    external: ['node-llama-cpp', 'esbuild'],
    plugins: plugins(version),
    metafile: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  const text = readFileSync(outfile, 'utf8');
  // a worker spawned from a file path cannot work inside a SEA
  const workers = [...text.matchAll(/new Worker\(/g)].length;
  return { outfile, metafile: result.metafile, workers, page };
}
