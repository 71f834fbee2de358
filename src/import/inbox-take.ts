/**
 * Taking a file out of the drop folder before it is read (issue 29: N2, N6, N7, N15). The inbox is
 * writable by a group (the export account), so whatever is in it may be swapped, linked or rewritten at
 * any moment by someone else. A file is taken so:
 * 1. listed entries that are not regular files (a symbolic link, a pipe, a socket, a device) are refused at
 *    once without being opened, and moved to failed/ with a report (a symlink was skipped for ever before);
 * 2. a regular file is opened once, O_NOFOLLOW | O_NONBLOCK (a symlink swapped in after the listing fails
 *    with ELOOP, a pipe does not block), and checked on the descriptor: a regular file with one name —
 *    a hard link (st_nlink > 1) is refused unread, its content never echoed in a report;
 * 3. it is renamed into .processing/<stamp>-<pid>-<n>/ (mode 0700, owned by the importer: nobody else can
 *    enter it), and the name there is checked to be the inode that was opened: a file swapped between the
 *    open and the rename is refused. From then on no one but the importer can reach it by name, and the
 *    import reads it there;
 * 4. what it was when taken (size, mtime, ctime) is kept: before the import commits, the file must be
 *    unchanged; taken without a .done marker (it looked complete because it stopped changing for
 *    import.stable_ms), the commit also waits until the file has not been written for QUIET_FACTOR times
 *    import.stable_ms, and at least import.stable_ms since it was taken (N7: an exporter that paused 4 s,
 *    with stable_ms 2 s, had half a file imported; a pause up to 6 s is caught now). A file that changed goes
 *    back to the inbox, nothing of it written. An exporter that may pause longer must use the marker or
 *    write NAME.part and rename it;
 * 5. a file left in .processing by an importer that died (killed, out of memory, power cut) is moved to
 *    failed/ with a report by the next look at the inbox, never back into the inbox (N2: a file that
 *    crashed the importer was taken again on every restart).
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  statSync,
  chmodSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';

export const PROCESSING = '.processing';

/** What a taken file was: checked again before the import commits. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** when it was taken (ms since the epoch) */
  takenAt: number;
}

export type Take =
  | { kind: 'taken'; file: string; folder: string; fd: number; identity: FileIdentity }
  /** `file`: where the refused entry is now, when it is no longer in the inbox under its name */
  | { kind: 'refused'; reason: string; hint: string; file?: string; folder?: string }
  | { kind: 'gone' };

const identityOf = (stat: Stats, takenAt: number): FileIdentity => ({
  dev: stat.dev,
  ino: stat.ino,
  size: stat.size,
  mtimeMs: stat.mtimeMs,
  ctimeMs: stat.ctimeMs,
  takenAt,
});

/** What the entry is when it is not a regular file (undefined for one). */
export function notRegular(stat: Stats, file: string): { reason: string; hint: string } | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isSymbolicLink()) {
    let target = '';
    try {
      target = ` to ${readlinkSync(file)}`;
    } catch {
      // gone meanwhile: said without its target
    }
    return {
      reason: `a symbolic link${target}: the inbox reads only files copied into it, never what a link points at`,
      hint: 'copy the file itself into the inbox (cp, not ln -s)',
    };
  }
  const what = stat.isFIFO() ? 'a named pipe' : stat.isSocket() ? 'a socket' : 'a device';
  return { reason: `${what}, not a regular file`, hint: 'copy the export file itself into the inbox' };
}

function hardLink(links: number): { reason: string; hint: string } {
  return {
    reason: `a hard link (${links} names for one file): refused without reading it, as it may be a file from elsewhere`,
    hint: 'copy the file into the inbox (cp), do not link it (ln)',
  };
}

/**
 * One of the inbox's own folders (done, failed, .processing): a real folder, never a link planted there.
 * .processing must also be this user's and closed to others; it is made so when it is this user's.
 */
export function ownFolder(folder: string, options: { private?: boolean } = {}): void {
  let stat: Stats;
  try {
    stat = lstatSync(folder);
  } catch {
    mkdirSync(folder, { mode: options.private ? 0o700 : 0o750 });
    stat = lstatSync(folder);
  }
  if (!stat.isDirectory())
    throw new AppError('FORBIDDEN', `the inbox folder ${folder} is not a folder (a link or a file put there)`, {
      hint: `remove it (rm ${folder}); the importer makes the folder again`,
    });
  if (!options.private) return;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid)
    throw new AppError('FORBIDDEN', `the inbox folder ${folder} belongs to another user (uid ${stat.uid})`, {
      hint: `remove it (rm -r ${folder}); the importer makes it again, closed to others`,
    });
  if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
}

let counter = 0;

/** Take `name` out of the inbox (steps 2 and 3 at the top of this file). */
export function takeFile(inbox: string, name: string, stamp: string): Take {
  const file = path.join(inbox, name);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'ELOOP') {
      try {
        const refusal = notRegular(lstatSync(file), file);
        return refusal ? { kind: 'refused', ...refusal } : { kind: 'gone' };
      } catch {
        return { kind: 'gone' };
      }
    }
    return {
      kind: 'refused',
      reason: `it cannot be opened: ${(error as Error).message}`,
      hint: "check the file's permissions: the importer (user airgap-agent) must be able to read it",
    };
  }
  let kept = false;
  try {
    const opened = fstatSync(fd);
    const refusal = notRegular(opened, file) ?? (opened.nlink > 1 ? hardLink(opened.nlink) : undefined);
    if (refusal) return { kind: 'refused', ...refusal };
    const processing = path.join(inbox, PROCESSING);
    ownFolder(processing, { private: true });
    const folder = path.join(processing, `${stamp}-${process.pid}-${++counter}`);
    mkdirSync(folder, { mode: 0o700 });
    const target = path.join(folder, name);
    try {
      renameSync(file, target);
    } catch (error) {
      rmdirSync(folder);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
      throw error;
    }
    const moved = lstatSync(target);
    if (moved.dev !== opened.dev || moved.ino !== opened.ino) {
      // swapped between the open and the rename: what was renamed is not what was opened; it goes to failed/
      return {
        kind: 'refused',
        file: target,
        folder,
        reason: 'it was replaced by another file while it was being taken (a swap): refused unread',
        hint: 'copy the export into the inbox once, as NAME.part then renamed, and leave it there',
      };
    }
    kept = true;
    // taken: what it is now (the rename changed its ctime) is what the import must find before it commits
    return { kind: 'taken', file: target, folder, fd, identity: identityOf(fstatSync(fd), Date.now()) };
  } finally {
    if (!kept) closeSync(fd);
  }
}

/** How the file differs from what it was when taken, or undefined when it is the same. */
export function changedSince(stat: Stats, identity: FileIdentity): string | undefined {
  if (stat.dev !== identity.dev || stat.ino !== identity.ino) return 'it is another file';
  if (stat.size !== identity.size) return `its size went from ${identity.size} to ${stat.size} bytes`;
  if (stat.mtimeMs !== identity.mtimeMs || stat.ctimeMs !== identity.ctimeMs) return 'it was written to';
  return undefined;
}

function stillWritten(file: string, how: string): AppError {
  return new AppError(
    'FILE_CHANGED',
    `${path.basename(file)} changed while it was imported (${how}): it was still being written`,
    {
      hint:
        'nothing of it was written; it goes back into the inbox and is imported once it has stopped changing. ' +
        'Export jobs should write NAME.part and rename it, or write NAME.done when the file is complete',
    },
  );
}

/** how many times import.stable_ms a file taken without a marker must be unwritten before its import commits */
export const QUIET_FACTOR = 3;

/**
 * Before the import commits (N7): the file is what it was when taken and, taken without a marker
 * (`quietMs`: import.stable_ms), unwritten for QUIET_FACTOR × quietMs and unchanged for quietMs since it
 * was taken; else FILE_CHANGED and nothing is committed.
 */
export async function checkStillComplete(
  file: string,
  options: { identity: FileIdentity; quietMs: number },
): Promise<void> {
  const { identity, quietMs } = options;
  const check = (): void => {
    const how = changedSince(statSync(file), identity);
    if (how !== undefined) throw stillWritten(file, how);
  };
  check();
  const wait = Math.max(identity.takenAt + quietMs, identity.mtimeMs + QUIET_FACTOR * quietMs) - Date.now();
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    check();
  }
}

/** A file left in .processing by an importer that is gone (step 5), and where it was. */
export interface Leftover {
  name: string;
  file: string;
  folder: string;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Files in .processing whose importer (the pid in the folder's name) is no longer running, or is this one. */
export function leftovers(inbox: string, busy: ReadonlySet<string>): Leftover[] {
  const processing = path.join(inbox, PROCESSING);
  let folders: string[];
  try {
    folders = readdirSync(processing);
  } catch {
    return [];
  }
  const found: Leftover[] = [];
  for (const entry of folders.sort()) {
    const folder = path.join(processing, entry);
    const pid = Number(/^[^-]+-(\d+)-\d+$/.exec(entry)?.[1]);
    if (busy.has(folder) || (Number.isInteger(pid) && pid !== process.pid && alive(pid))) continue;
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    if (names.length === 0) {
      rmdirSync(folder);
      continue;
    }
    for (const name of names) found.push({ name, file: path.join(folder, name), folder });
  }
  return found;
}
