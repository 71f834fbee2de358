/**
 * Can this process write its state? agent.db and its folder, the full-text
 * index, the log folder and the reports folder must be writable by the user
 * the service runs as (or creatable: the nearest existing parent writable).
 * doctor reports each problem with its fix; serve refuses to start with the
 * same words instead of dying on a raw EACCES halfway through its start.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/schema.js';

export interface StateProblem {
  /** the config key naming the place */
  key: string;
  path: string;
  /** what is wrong, e.g. "not writable by airgap (uid 998)" */
  reason: string;
  fix: string;
}

function who(): string {
  const uid = process.getuid?.();
  let name = String(uid ?? '?');
  try {
    name = os.userInfo().username;
  } catch {
    // a uid without a passwd entry (a container): the number says it
  }
  return `${name} (uid ${uid ?? '?'})`;
}

/** Why `target` cannot be written (or created) by this process, or undefined when it can. */
export function notWritable(target: string, kind: 'dir' | 'file'): string | undefined {
  let existing = target;
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  let stat;
  try {
    stat = statSync(existing);
  } catch (error) {
    return `${existing} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  const creating = existing !== target;
  if (creating && !stat.isDirectory()) return `${existing} is a file, so ${target} cannot be created under it`;
  if (!creating && kind === 'dir' && !stat.isDirectory()) return `${target} is a file, not a folder`;
  if (!creating && kind === 'file' && stat.isDirectory()) return `${target} is a folder, not a file`;
  try {
    accessSync(existing, stat.isDirectory() ? constants.W_OK | constants.X_OK : constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const what = code === 'EROFS' ? 'on a read-only file system' : `not writable by ${who()}`;
    return creating ? `${target} cannot be created: ${existing} is ${what}` : `${target} is ${what}`;
  }
  return undefined;
}

/** Every place the service writes that it may not write, each with its fix. */
export function stateProblems(config: Config): StateProblem[] {
  const places: Array<{ key: string; path: string; kind: 'dir' | 'file' }> = [
    { key: 'state.db', path: path.dirname(config.state.db), kind: 'dir' },
    { key: 'state.db', path: config.state.db, kind: 'file' },
    { key: 'state.fts_db', path: path.dirname(config.state.fts_db), kind: 'dir' },
    { key: 'reports.dir', path: config.reports.dir, kind: 'dir' },
  ];
  if (config.log.file.enabled && config.log.level !== 'silent')
    places.push({ key: 'log.dir', path: config.log.dir, kind: 'dir' });
  const problems: StateProblem[] = [];
  const seen = new Set<string>();
  for (const place of places) {
    if (seen.has(place.path)) continue;
    seen.add(place.path);
    // a file that does not exist yet is created in its folder: the folder's check covers it
    if (place.kind === 'file' && !existsSync(place.path)) continue;
    const reason = notWritable(place.path, place.kind);
    if (reason === undefined) continue;
    const user = who().split(' ')[0];
    const folder = place.kind === 'dir' ? place.path : path.dirname(place.path);
    problems.push({
      key: place.key,
      path: place.path,
      reason,
      fix:
        (existsSync(folder)
          ? `let the service user write it (e.g. \`chown -R ${user} ${folder}\`)`
          : `create it for the service user (e.g. \`install -d -o ${user} ${folder}\`)`) +
        `, or set ${place.key} to a place it may write`,
    });
  }
  return problems;
}
