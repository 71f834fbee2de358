/**
 * How this program finds itself. Three ways of running, one code path:
 * - dev: `node --import tsx src/cli/entry.ts` (tests, `npm run` scripts);
 * - bundle: one CJS file built by esbuild (`__AIRGAP_BUNDLED__` is defined);
 * - SEA: that bundle inside a Node single-executable application.
 * MCP servers and workers are this same program re-invoked with other
 * arguments (`selfCommand`), so one binary holds everything.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function devRoot(): string {
  // src/runtime/self.ts → repository root
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
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
  return typeof __filename === 'string' ? __filename : process.argv[1] ?? process.execPath;
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
