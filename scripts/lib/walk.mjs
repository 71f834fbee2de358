// One tree walk for the repository's own scripts (the test runner, the lint's import graph).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under `dir` whose name `keep` accepts, depth first; node_modules
 * and dot folders are left out; a folder that cannot be read gives nothing.
 */
export function walkFiles(dir, keep, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walkFiles(full, keep, out);
    else if (keep(name)) out.push(full);
  }
  return out;
}
