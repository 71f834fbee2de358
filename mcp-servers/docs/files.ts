/**
 * The docs folder, confined: every path a tool receives is relative to
 * `docs.root`; '..' segments, absolute paths, NUL bytes and symlinks that lead
 * outside are refused. Text is decoded from UTF-8 or GBK/GB18030 (old plant
 * systems write GBK) and returned as UTF-8, saying which was found.
 */
import { constants, existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { AppError } from '../../src/errors.js';

export const TEXT_EXTENSIONS = ['.md', '.txt', '.csv', '.log', '.json', '.yaml', '.yml'];
/** Files larger than this are listed but not read or searched. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** At most this many entries are listed or searched. */
export const MAX_ENTRIES = 5000;

export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gb18030';

export interface DocumentEntry {
  /** relative to docs.root, forward slashes */
  path: string;
  size: number;
  modified: string;
  readable: boolean;
  /** why a file cannot be read (not text, too large) */
  reason?: string;
}

export interface DocsRoot {
  /** the real path of docs.root */
  real: string;
}

export function openRoot(configured: string): DocsRoot {
  if (!existsSync(configured)) {
    throw new AppError('NOT_FOUND', `the documents folder ${configured} does not exist`, {
      hint: 'tell the administrator to create it or set docs.root in the config to the plant documents folder',
    });
  }
  const real = realpathSync(configured);
  if (!statSync(real).isDirectory()) {
    throw new AppError('NOT_FOUND', `docs.root ${configured} is not a folder`, {
      hint: 'set docs.root in the config to the plant documents folder',
    });
  }
  return { real };
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

const PATH_HINT =
  'give a path relative to the documents folder as list_documents shows it, e.g. "sop/press-maintenance.md"';

/**
 * Resolve a relative path inside the root, following symlinks; refuse
 * anything that leaves it. `allowRoot` lets '' / '.' name the root itself.
 */
export function resolveInside(
  root: DocsRoot,
  requested: string,
  allowRoot = false,
): { real: string; relative: string } {
  if (requested.includes('\0')) throw new AppError('FORBIDDEN', 'the path contains a NUL byte', { hint: PATH_HINT });
  const text = requested.trim().replace(/\\/g, '/');
  if (text === '' || text === '.' || text === './') {
    if (allowRoot) return { real: root.real, relative: '' };
    throw new AppError('TOOL_ARGUMENTS_INVALID', 'the path is empty', { hint: PATH_HINT });
  }
  if (path.isAbsolute(text) || path.win32.isAbsolute(text) || text.startsWith('~')) {
    throw new AppError('FORBIDDEN', `absolute paths are not allowed: "${requested}"`, {
      hint: `only files inside the documents folder can be read; ${PATH_HINT}`,
    });
  }
  if (text.split('/').includes('..')) {
    throw new AppError('FORBIDDEN', `".." is not allowed in a path: "${requested}"`, {
      hint: `only files inside the documents folder can be read; ${PATH_HINT}`,
    });
  }
  const joined = path.resolve(root.real, text);
  if (!isInside(root.real, joined))
    throw new AppError('FORBIDDEN', `"${requested}" is outside the documents folder`, { hint: PATH_HINT });
  if (!existsSync(joined)) {
    throw new AppError('NOT_FOUND', `no document "${requested}"`, {
      hint: 'call list_documents (or search_documents) to see which files exist, then use the path exactly as listed',
    });
  }
  const real = realpathSync(joined);
  if (!isInside(root.real, real)) {
    throw new AppError('FORBIDDEN', `"${requested}" is a link that leads outside the documents folder`, {
      hint: 'only files inside the documents folder can be read; ask the administrator to copy the file into it',
    });
  }
  return { real, relative: path.relative(root.real, joined).split(path.sep).join('/') };
}

function unreadableReason(file: string, size: number): string | undefined {
  const extension = path.extname(file).toLowerCase();
  if (!TEXT_EXTENSIONS.includes(extension)) {
    return `not a text file (${extension || 'no extension'}); only ${TEXT_EXTENSIONS.join(' ')} can be read — ask for a text export`;
  }
  if (size > MAX_FILE_BYTES) return `too large (${size} bytes, at most ${MAX_FILE_BYTES}); ask for a smaller export`;
  return undefined;
}

/** Every file under a folder (recursive, sorted), links leading outside skipped. */
export function listFiles(
  root: DocsRoot,
  folder: { real: string; relative: string },
): { entries: DocumentEntry[]; truncated: boolean } {
  const entries: DocumentEntry[] = [];
  let truncated = false;
  const visited = new Set<string>();
  const walk = (realDir: string, relativeDir: string): void => {
    if (visited.has(realDir)) return; // a link loop
    visited.add(realDir);
    let names: string[];
    try {
      names = readdirSync(realDir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (entries.length >= MAX_ENTRIES) {
        truncated = true;
        return;
      }
      if (name.startsWith('.')) continue;
      const full = path.join(realDir, name);
      const relative = relativeDir === '' ? name : `${relativeDir}/${name}`;
      let real: string;
      try {
        real = lstatSync(full).isSymbolicLink() ? realpathSync(full) : full;
      } catch {
        continue; // a broken link
      }
      if (!isInside(root.real, real)) continue; // a link leading outside is not shown
      const stats = statSync(real);
      if (stats.isDirectory()) walk(real, relative);
      else if (stats.isFile()) {
        const reason = unreadableReason(name, stats.size);
        entries.push({
          path: relative,
          size: stats.size,
          modified: stats.mtime.toISOString(),
          readable: reason === undefined,
          ...(reason ? { reason } : {}),
        });
      }
    }
  };
  walk(folder.real, folder.relative);
  return { entries, truncated };
}

/** Decode a text file: valid UTF-8 (with or without BOM), UTF-16 with BOM, otherwise GB18030 (a superset of GBK). */
export function decodeText(bytes: Buffer): { text: string; encoding: Encoding } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'gb18030'), encoding: 'gb18030' };
  }
}

export function describeEncoding(encoding: Encoding): string {
  return encoding === 'gb18030' ? 'GBK/GB18030 (converted to UTF-8)' : encoding.toUpperCase();
}

/** Read a confined text file, refusing non-text, non-regular (FIFO, device, socket) and oversized files with the reason. */
export async function readText(
  root: DocsRoot,
  requested: string,
): Promise<{ relative: string; text: string; encoding: Encoding; bytes: number }> {
  const { real, relative } = resolveInside(root, requested);
  const stats = statSync(real);
  if (stats.isDirectory()) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', `"${requested}" is a folder, not a file`, {
      hint: `call list_documents with folder "${relative}" to see its files`,
    });
  }
  if (!stats.isFile()) throw notRegular(relative);
  const reason = unreadableReason(real, stats.size);
  if (reason)
    throw new AppError('TOOL_ARGUMENTS_INVALID', `cannot read "${relative}": ${reason}`, {
      hint: 'pick a text file from list_documents (readable: true)',
    });
  // O_NONBLOCK: a FIFO swapped in after the check cannot block the open; the handle is checked again
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw notRegular(relative);
    const buffer = Buffer.alloc(Math.min(opened.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_FILE_BYTES) {
      throw new AppError('TOOL_ARGUMENTS_INVALID', `cannot read "${relative}": it grew past ${MAX_FILE_BYTES} bytes`, {
        hint: 'ask for a smaller export',
      });
    }
    const bytes = buffer.subarray(0, length);
    return { relative, ...decodeText(bytes), bytes: bytes.length };
  } finally {
    await handle.close();
  }
}

function notRegular(relative: string): AppError {
  return new AppError(
    'TOOL_ARGUMENTS_INVALID',
    `cannot read "${relative}": it is not a regular file (a pipe, device or socket)`,
    {
      hint: 'pick a text file from list_documents; ask the administrator to remove special files from the documents folder',
    },
  );
}
