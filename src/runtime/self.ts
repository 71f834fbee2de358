/**
 * How this program finds itself. Three ways of running, one code path:
 * - dev: `node --import tsx src/cli/entry.ts` (tests, `npm run` scripts);
 * - bundle: one CJS file built by esbuild (`__AIRGAP_BUNDLED__` is defined);
 * - SEA: that bundle inside a Node single-executable application.
 * MCP servers and workers are this same program re-invoked with other
 * arguments (`selfCommand`), so one binary holds everything.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';

declare const __AIRGAP_BUNDLED__: boolean | undefined;

export const isBundled: boolean = typeof __AIRGAP_BUNDLED__ !== 'undefined' && __AIRGAP_BUNDLED__ === true;

let seaCache: boolean | undefined;
export function isSea(): boolean {
  if (seaCache === undefined) {
    try {
      const require = createRequire(process.execPath);
      const sea = require('node:sea') as { isSea(): boolean };
      seaCache = sea.isSea();
    } catch {
      seaCache = false;
    }
  }
  return seaCache;
}

let devRootCache: string | undefined;
function devRoot(): string {
  // src/runtime/self.ts → the repository root: the first folder up that holds src/cli/entry.ts (dev code
  // built to one ESM file, e.g. a bench in build/, runs from another depth)
  if (devRootCache === undefined) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    devRootCache = path.resolve(here, '..', '..');
    for (let folder = here; folder !== path.dirname(folder); folder = path.dirname(folder)) {
      if (existsSync(path.join(folder, 'src', 'cli', 'entry.ts'))) {
        devRootCache = folder;
        break;
      }
    }
  }
  return devRootCache;
}

/**
 * The folder holding skills/, testcases/, docs/, vendor/ (and bin/ in a bundle).
 * AIRGAP_AGENT_ROOT overrides it. In a SEA: the parent of the binary's folder.
 */
export function appRoot(): string {
  const override = process.env.AIRGAP_AGENT_ROOT;
  if (override) return path.resolve(override);
  if (isSea()) return path.resolve(path.dirname(process.execPath), '..');
  if (isBundled) return path.resolve(path.dirname(__filenameOfBundle()), '..');
  return devRoot();
}

function __filenameOfBundle(): string {
  // In the CJS bundle `__filename` exists; guarded so ESM dev mode never evaluates it.
  return typeof __filename === 'string' ? __filename : (process.argv[1] ?? process.execPath);
}

/** The command line that runs this same program with other arguments. */
export function selfCommand(args: string[]): { command: string; args: string[] } {
  if (isSea()) return { command: process.execPath, args };
  if (isBundled) return { command: process.execPath, args: [__filenameOfBundle(), ...args] };
  const tsxLoader = import.meta.resolve('tsx');
  return {
    command: process.execPath,
    args: ['--import', tsxLoader, path.join(devRoot(), 'src', 'cli', 'entry.ts'), ...args],
  };
}

/** Absolute path of the prebuilt better-sqlite3 addon shipped beside the binary. */
export function vendoredNativeSqlite(): string {
  return process.env.AIRGAP_AGENT_SQLITE_NATIVE ?? path.join(appRoot(), 'vendor', 'native', 'better_sqlite3.node');
}

/** Where the bundle vendors node-llama-cpp (with its JS deps and the CPU prebuilt binary only). */
export function vendoredLlamaCppDir(): string {
  return path.join(appRoot(), 'vendor', 'node-llama-cpp', 'node_modules');
}

/**
 * Import an ES module by absolute file path at run time. The argument is not a
 * literal on purpose: esbuild leaves this `import()` alone, so the vendored
 * ESM packages (node-llama-cpp: top-level await, cannot be bundled) load
 * from vendor/ beside the executable (src/llm/embedded/load-llama.ts).
 */
export async function importFile(file: string): Promise<unknown> {
  const url = pathToFileURL(path.resolve(file)).href;
  try {
    return await import(url);
  } catch (error) {
    // A SEA built with a code cache has no dynamic-import callback for its
    // main script; a vm script using the main context's loader has one.
    if ((error as { code?: string }).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') throw error;
    return importThroughVm(url);
  }
}

function importThroughVm(url: string): Promise<unknown> {
  const emitWarning = process.emitWarning;
  // the option is marked experimental in Node 20; keep that notice off stderr
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const script = new vm.Script('(url) => import(url)', {
      filename: 'airgap-agent-import.js',
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    return (script.runInThisContext() as (specifier: string) => Promise<unknown>)(url);
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * node-llama-cpp tests a native binary by forking its own
 * `testBindingBinary.js` with TEST_BINDING_CP=true; inside a SEA that fork runs
 * this executable, which must then run that script instead of the CLI.
 * Returns the script to run, or undefined for a normal start.
 */
export function forkedVendorScript(argv: string[] = process.argv): string | undefined {
  if (process.env.TEST_BINDING_CP !== 'true' || typeof process.send !== 'function' || !isSea()) return undefined;
  const script = argv[2];
  if (script === undefined || !script.endsWith('.js')) return undefined;
  const vendorRoot = path.join(appRoot(), 'vendor') + path.sep;
  const resolved = path.resolve(script);
  return resolved.startsWith(vendorRoot) ? resolved : undefined;
}
