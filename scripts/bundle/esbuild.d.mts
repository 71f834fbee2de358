// Types for scripts/bundle/esbuild.mjs (used by its tests).
import type { Metafile } from 'esbuild';
export function bundleJs(options: { root: string; work: string; version: string }): Promise<{ outfile: string; metafile: Metafile; workers: number }>;
