// Types for scripts/bundle/llama.mjs (used by its tests).
export interface Lockfile {
  packages: Record<
    string,
    {
      version?: string;
      optional?: boolean;
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    }
  >;
}
export function closure(lock: Lockfile, start: string): string[];
export function vendorLlamaCpp(options: { root: string; lock: Lockfile; target: string }): {
  packages: Array<{ name: string; path: string; version: string }>;
  bytes: number;
  prunedBytes: number;
};
