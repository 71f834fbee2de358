/**
 * Loading node-llama-cpp at run time. It cannot be bundled (ESM with
 * top-level await), so it is never imported statically:
 * - dev (tsx, tests): `import()` of the package name, built at run time so
 *   esbuild sees no literal specifier and leaves the call alone;
 * - bundle / SEA: `import()` of the absolute file URL of the vendored copy
 *   at `<appRoot>/vendor/node-llama-cpp/node_modules/node-llama-cpp/dist/index.js`
 *   (scripts/bundle.mjs puts it there; `importFile` handles code-cached SEAs).
 * Only types are imported statically (erased at build time).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { importFile, isBundled, isSea, vendoredLlamaCppDir } from '../../runtime/self.js';
import type * as NodeLlamaCppModule from 'node-llama-cpp';

export type NodeLlamaCpp = typeof NodeLlamaCppModule;

let loaded: Promise<NodeLlamaCpp> | undefined;

/** The vendored entry file used in a bundle or SEA. */
export function vendoredLlamaEntry(): string {
  return path.join(vendoredLlamaCppDir(), 'node-llama-cpp', 'dist', 'index.js');
}

async function load(): Promise<NodeLlamaCpp> {
  if (isSea() || isBundled) {
    const entry = vendoredLlamaEntry();
    if (!existsSync(entry)) {
      throw new AppError(
        'LLM_UNAVAILABLE',
        `node-llama-cpp is not installed beside the executable (${entry} is missing)`,
        {
          hint: 'reinstall a bundle built with node-llama-cpp (`npm run bundle`, not `--no-llm`), or set llm.base_url to an external OpenAI-compatible server',
        },
      );
    }
    return (await importFile(entry)) as NodeLlamaCpp;
  }
  // a run-time specifier: esbuild must not see (and try to bundle) the package
  const specifier = ['node', 'llama', 'cpp'].join('-');
  return (await import(specifier)) as NodeLlamaCpp;
}

/** node-llama-cpp's module, loaded once per process. */
export function loadLlamaModule(): Promise<NodeLlamaCpp> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error instanceof AppError
      ? error
      : new AppError('LLM_UNAVAILABLE', `node-llama-cpp could not be loaded: ${(error as Error).message}`, {
          hint: 'check vendor/node-llama-cpp (reinstall the bundle), or set llm.base_url to an external OpenAI-compatible server',
          cause: error,
        });
  });
  return loaded;
}
