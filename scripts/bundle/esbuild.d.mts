// Types for scripts/bundle/esbuild.mjs (used by its tests).
import type { Metafile } from 'esbuild';
export interface PageScripts {
  app: string;
  extras: string;
}
export function buildPage(options: { root: string }): Promise<PageScripts>;
export function bundleJs(options: {
  root: string;
  work: string;
  version: string;
}): Promise<{ outfile: string; metafile: Metafile; workers: number; page: PageScripts }>;
