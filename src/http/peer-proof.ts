/**
 * Who is on the other end of the console socket, without SO_PEERCRED (Node
 * has no API for it, and a native addon is not worth one check): the client
 * proves its uid by a file only it can have made.
 *
 * Beside the socket the service keeps a folder, `<socket>.peers`, mode 1730
 * (owner: the service user; its group may create files there but not list
 * them; the sticky bit keeps one member from removing or renaming another's
 * files). Before each request the client creates a new file there under a
 * random 128-bit name (O_CREAT|O_EXCL, mode 0600) and names it in the
 * request's `X-Airgap-Peer` header. The service lstats it (a symlink is
 * refused, a FIFO is never opened; the file stays unreadable to the service:
 * only its owner is needed) and takes the uid from there: the kernel sets a
 * new file's owner to its creator's
 * effective uid, and only root can give a file away (chown). The file must be
 * a regular file with one link (a hard link to another user's file has two;
 * fs.protected_hardlinks forbids making one anyway), at most PROOF_MAX_AGE_MS
 * old, and is unlinked once read: each proof serves one request. Nobody else
 * can name it: the folder cannot be listed, and the name travels only inside
 * the client's own connection.
 *
 * The uid is then a user name from /etc/passwd (local accounts; a directory
 * service's users are not looked up). local-socket.ts maps it to an account.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const PEER_HEADER = 'x-airgap-peer';
/** a proof older than this is refused (a client writes it just before its request) */
export const PROOF_MAX_AGE_MS = 60_000;
const PROOF_NAME = /^[0-9a-f]{32}$/;

/** The folder of proofs beside the console socket. */
export function proofDir(socketFile: string): string {
  return `${socketFile}.peers`;
}

export interface PeerProof {
  /** the value of the X-Airgap-Peer header */
  name: string;
  /** remove the file when the service did not (a failed request); never throws */
  remove(): void;
}

/**
 * The client's half: a fresh proof file, or undefined when the service keeps
 * no proof folder (a release before proofs existed). Throws the errno error
 * when the folder exists but this user may not write it (EACCES).
 */
export function createProof(socketFile: string): PeerProof | undefined {
  const name = randomBytes(16).toString('hex');
  const file = path.join(proofDir(socketFile), name);
  let fd: number;
  try {
    // 'wx': O_CREAT|O_EXCL — never an existing file, never through a symlink
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return {
    name,
    remove: () => {
      try {
        unlinkSync(file);
      } catch {
        // the service took it (or it is gone)
      }
    },
  };
}

export type ProofCheck = { ok: true; uid: number } | { ok: false; reason: string };

/**
 * The service's half: whose file the header names (looked at once, then
 * removed). lstat, never open: the client's file is 0600 and its own, which
 * the service user may not read (only root could); lstat needs only the
 * folder, which is the service's. It does not follow a symlink and cannot
 * hang on a FIFO. Nobody but the file's owner (and the service) may rename or
 * remove it in the sticky folder, so what lstat saw is what the name meant.
 */
export function checkProof(dir: string, name: string | undefined, nowMs: number = Date.now()): ProofCheck {
  if (name === undefined || name === '') return { ok: false, reason: 'the request carries no peer proof' };
  if (!PROOF_NAME.test(name)) return { ok: false, reason: 'the peer proof is not a proof file name' };
  const file = path.join(dir, name);
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(file);
  } catch (error) {
    return { ok: false, reason: `no peer proof (${(error as NodeJS.ErrnoException).code})` };
  }
  try {
    if (stats.isSymbolicLink()) return { ok: false, reason: 'the peer proof is a symbolic link' };
    if (!stats.isFile()) return { ok: false, reason: 'the peer proof is not a regular file' };
    if (stats.nlink !== 1) return { ok: false, reason: 'the peer proof has other links' };
    if (Math.abs(nowMs - stats.mtimeMs) > PROOF_MAX_AGE_MS) return { ok: false, reason: 'the peer proof is stale' };
    return { ok: true, uid: stats.uid };
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // removed meanwhile by its owner: the uid read above stands
    }
  }
}

let passwdCache: { key: string; names: Map<number, string> } | undefined;

/** The local user name of a uid (/etc/passwd), or undefined. */
export function userNameOf(uid: number, passwdFile = '/etc/passwd'): string | undefined {
  let key: string;
  try {
    const stats = statSync(passwdFile);
    key = `${passwdFile}:${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  } catch {
    return undefined;
  }
  if (passwdCache?.key !== key) {
    const names = new Map<number, string>();
    for (const line of readFileSync(passwdFile, 'utf8').split('\n')) {
      const fields = line.split(':');
      const id = Number(fields[2]);
      // the first entry of a uid wins, as getpwuid(3) answers
      if (fields.length >= 7 && fields[0] && Number.isInteger(id) && !names.has(id)) names.set(id, fields[0]);
    }
    passwdCache = { key, names };
  }
  return passwdCache.names.get(uid);
}
