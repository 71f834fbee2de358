/**
 * The page's two scripts (/assets/app.js, /assets/extras.js), built from the
 * TypeScript modules in src/http/page/client/ by esbuild. In the single
 * executable they are built by scripts/bundle/esbuild.mjs and embedded as
 * string constants (`__AIRGAP_PAGE_APP_JS__`, `__AIRGAP_PAGE_EXTRAS_JS__`):
 * no esbuild and no file read at run time. In development (tsx) they are built
 * once, on the first request, with the same options (PAGE_BUILD), and kept.
 */
import path from 'node:path';
import { AppError } from '../../errors.js';
import { appRoot } from '../../runtime/self.js';

declare const __AIRGAP_PAGE_APP_JS__: string | undefined;
declare const __AIRGAP_PAGE_EXTRAS_JS__: string | undefined;

export interface PageScripts {
  app: string;
  extras: string;
}

/** The entry points (relative to the source root) and esbuild's options; scripts/bundle/esbuild.mjs uses the same. */
export const PAGE_BUILD = {
  entries: { app: 'src/http/page/client/app.ts', extras: 'src/http/page/client/extras.ts' },
  options: {
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  },
} as const;

function embedded(): PageScripts | undefined {
  if (typeof __AIRGAP_PAGE_APP_JS__ === 'string' && typeof __AIRGAP_PAGE_EXTRAS_JS__ === 'string') {
    return { app: __AIRGAP_PAGE_APP_JS__, extras: __AIRGAP_PAGE_EXTRAS_JS__ };
  }
  return undefined;
}

let built: Promise<PageScripts> | undefined;

/** The page scripts: embedded in the bundle, else built once with esbuild from the sources. */
export function pageScripts(): Promise<PageScripts> {
  const inBundle = embedded();
  if (inBundle) return Promise.resolve(inBundle);
  built ??= buildPageScripts(appRoot()).catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

/** esbuild over the client modules (development, and tests of the bundle step). */
export async function buildPageScripts(root: string): Promise<PageScripts> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    throw new AppError('INTERNAL', `the chat page's scripts cannot be built: esbuild is missing (${String(error)})`, {
      hint: 'run `npm ci` (esbuild is a devDependency), or use the bundled binary, which carries the built scripts',
    });
  }
  const one = async (entry: string): Promise<string> => {
    const result = await esbuild.build({
      ...PAGE_BUILD.options,
      entryPoints: [path.join(root, entry)],
      logLevel: 'silent',
    });
    const file = result.outputFiles?.[0];
    if (!file) throw new AppError('INTERNAL', `esbuild produced nothing for ${entry}`);
    return file.text;
  };
  const [app, extras] = await Promise.all([one(PAGE_BUILD.entries.app), one(PAGE_BUILD.entries.extras)]);
  return { app, extras };
}
