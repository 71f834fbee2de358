/**
 * File modes for the appliance's own state: agent.db (and its -wal/-shm,
 * which SQLite creates with the database file's mode), logs, backups and
 * secrets are readable by the service user alone — 0600 files in 0700
 * folders — whatever umask the caller had (a shell with 022, a cron job).
 *
 * `restrictUmask` is called once at process start (src/cli/entry.ts), so
 * everything this process and its children (the MCP servers) create gets
 * the mode as it is created, never chmod-ed after; the helpers below give
 * the modes explicitly as well, for callers that run with another umask.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Make the process umask at least 077 (group and others get nothing); returns the previous one. */
export function restrictUmask(): number {
  const previous = process.umask();
  process.umask(previous | 0o077);
  return previous;
}

/** mkdir -p with mode 0700 for the folders it creates. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Create `file` empty with mode 0600 when it does not exist (so a library that creates it later does not pick the mode). */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}
