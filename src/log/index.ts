/**
 * Logging: pino JSON lines. A child logger per component (and per request)
 * carries `component`, `session` and `trace` ids. Destinations:
 * - the services (serve, import --watch, llm serve): stderr (`console`) + a
 *   rotating file via pino-roll (size and daily/hourly limits, N files kept).
 *   Under systemd (stderr is the journal: $JOURNAL_STREAM) each line starts
 *   with its syslog priority (`<3>` error, `<4>` warn, `<6>` info, `<7>`
 *   debug), so `journalctl -p err` finds the errors; on a terminal only
 *   warnings and errors are shown (the file has everything);
 * - the CLI: the rotating file only (stdout is for the answer);
 * - MCP servers: stderr only (stdout is the protocol); the client manager
 *   captures it into the agent's log.
 * Each process name has its own link to the file it writes now:
 * `service.current.log`, `cli.current.log`, … (never one link for all).
 * pino-roll is used as a plain stream in this thread (no worker-thread
 * transport), so it works inside the single-executable bundle.
 */
import pino, { type Logger, type DestinationStream, type StreamEntry } from 'pino';
import {
  chownSync,
  fstatSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { EventEmitter, once } from 'node:events';
import path from 'node:path';
import pinoRoll from 'pino-roll';
import type { Config } from '../config/schema.js';

export type { Logger };

export interface LoggingOptions {
  config: Pick<Config, 'log'>;
  /** base name of the rotating file, e.g. 'agent' → agent.1.log */
  fileName?: string;
  /** the service's console: stderr, with journald priorities under systemd, warnings and up on a terminal */
  console?: boolean;
  stdout?: boolean;
  stderr?: boolean;
  /** program name in every line */
  name?: string;
}

const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'api_key',
  '*.api_key',
  'authorization',
  '*.authorization',
  'headers.cookie',
];

/** sd-daemon(3) priorities by pino level name (fatal: crit). */
const PRIORITY: Record<string, number> = { trace: 7, debug: 7, info: 6, warn: 4, error: 3, fatal: 2 };

/** True when stderr is connected to the journal (systemd sets $JOURNAL_STREAM to its device:inode). */
export function stderrIsJournal(): boolean {
  const stream = process.env.JOURNAL_STREAM;
  if (!stream) return false;
  try {
    const stat = fstatSync(2);
    return `${stat.dev}:${stat.ino}` === stream;
  } catch {
    return false;
  }
}

/** The priority prefix journald reads at the start of a line ('' off the journal). */
export function journalPrefix(level: keyof typeof PRIORITY | string): string {
  return stderrIsJournal() ? `<${PRIORITY[level] ?? 6}>` : '';
}

/** A line for people on stderr (serve's notices, main's errors), with its priority under journald. */
export function consoleLine(level: 'error' | 'warn' | 'info', text: string): void {
  const prefix = journalPrefix(level);
  process.stderr.write(prefix ? text.replace(/^/gm, prefix).replace(/<\d>$/, '') : text);
}

/** Prefix each JSON line with its journald priority. */
function journalStream(target: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string): void {
      const level = /"level":"(\w+)"/.exec(line)?.[1] ?? 'info';
      target.write(`<${PRIORITY[level] ?? 6}>${line}`);
    },
  };
}

/** Keep `<name>.current.log` pointing at the file the stream writes now (replaced atomically). */
function linkCurrent(dir: string, name: string, file: string): void {
  const link = path.join(dir, `${name}.current.log`);
  const temporary = `${link}.${process.pid}.tmp`;
  try {
    try {
      unlinkSync(temporary);
    } catch {
      // not there: the usual case
    }
    symlinkSync(path.basename(file), temporary);
    if (process.getuid?.() === 0) {
      const folder = statSync(dir);
      lchownSync(temporary, folder.uid, folder.gid);
    }
    renameSync(temporary, link);
  } catch {
    // a read-only or odd log folder: the files are still written
  }
}

/** Bytes of a pino-roll size ("10m", "1k", "512b", a number of MB). */
export function sizeBytes(size: string | number): number {
  if (typeof size === 'number') return size * 1024 ** 2;
  const match = /^([\d.]+)(\w?)$/.exec(size);
  if (!match) return Number.POSITIVE_INFINITY;
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === 'g' ? 1024 ** 3 : unit === 'k' ? 1024 : unit === 'b' ? 1 : 1024 ** 2);
}

/** `<name>.<N>.log` past `size`: the path of `<name>.<N+1>.log` to start instead; undefined when there is room. */
export function fullFileNext(file: string, size: string | number): string | undefined {
  const match = /^(.*)\.(\d+)\.log$/.exec(file);
  if (!match) return undefined;
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    return undefined;
  }
  return bytes >= sizeBytes(size) ? `${match[1]}.${Number(match[2]) + 1}.log` : undefined;
}

/**
 * A file root made in the log folder (root running a CLI command) belongs to the folder's owner, the service
 * user: the service must go on writing the file, and no root-owned file is left among its logs.
 */
export function adoptFolderOwner(file: string, dir: string): void {
  if (process.getuid?.() !== 0) return;
  try {
    const folder = statSync(dir);
    const stat = statSync(file);
    if (stat.uid !== folder.uid || stat.gid !== folder.gid) chownSync(file, folder.uid, folder.gid);
  } catch {
    // gone or not ours: the next write says so
  }
}

const birthtimes = new Map<string, boolean>();

/** Whether files in DIR get a creation time (statx btime): pino-roll's daily rolling needs it. */
export function birthtimeRecorded(dir: string): boolean {
  const known = birthtimes.get(dir);
  if (known !== undefined) return known;
  const probe = path.join(dir, `.birthtime-probe-${process.pid}`);
  let recorded = false;
  try {
    writeFileSync(probe, '', { mode: 0o600 });
    recorded = statSync(probe).birthtimeMs > 0;
  } catch {
    // an unwritable folder: pino-roll's own error says so
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // not written
    }
  }
  birthtimes.set(dir, recorded);
  return recorded;
}

/** Keep the newest `keep` rolled files of `<name>.<N>.log` besides the current one (pino-roll's limit.count). */
export function pruneRolled(dir: string, name: string, keep: number): void {
  const numberOf = (file: string): number | undefined => {
    if (!file.startsWith(`${name}.`) || !file.endsWith('.log')) return undefined;
    const middle = file.slice(name.length + 1, -'.log'.length);
    return /^\d+$/.test(middle) ? Number(middle) : undefined;
  };
  const numbered = readdirSync(dir)
    .map((file) => ({ file, number: numberOf(file) }))
    .filter((entry): entry is { file: string; number: number } => entry.number !== undefined)
    .sort((a, b) => b.number - a.number);
  for (const { file } of numbered.slice(keep + 1)) {
    try {
      unlinkSync(path.join(dir, file));
    } catch {
      // gone already, or not ours to remove
    }
  }
}

let root: Logger = pino({ level: process.env.AIRGAP_AGENT_LOG_LEVEL ?? 'silent', base: undefined });
const rolls: Array<{ flushSync?: () => void; end?: () => void }> = [];

/** Build the root logger for this process; later `logger()` calls derive from it. */
export async function initLogging(options: LoggingOptions): Promise<Logger> {
  const { log } = options.config;
  const streams: StreamEntry[] = [];
  const journal = stderrIsJournal();
  const level = log.level as pino.Level;
  if (options.console) {
    if (journal) streams.push({ level, stream: journalStream(process.stderr) });
    else if (log.level !== 'silent') {
      // a person at a terminal sees warnings and errors; a pipe (a test, a wrapper) gets every line
      const terminal = process.stderr.isTTY === true && pino.levels.values[level]! < pino.levels.values.warn!;
      streams.push({ level: terminal ? 'warn' : level, stream: process.stderr });
    }
  }
  if (options.stdout) streams.push({ level, stream: journal ? journalStream(process.stdout) : process.stdout });
  if (options.stderr) streams.push({ level, stream: journal ? journalStream(process.stderr) : process.stderr });
  if (options.fileName && log.file.enabled && log.level !== 'silent') {
    mkdirSync(log.dir, { recursive: true, mode: 0o700 });
    // `mode` goes through pino-roll to SonicBoom (its types leave it out): files created 0600, whatever the umask
    const rollOptions: Parameters<typeof pinoRoll>[0] & { mode: number } = {
      file: path.join(log.dir, options.fileName),
      extension: '.log',
      size: log.file.size,
      // pino-roll finds the file to continue by creation time when a frequency is set: on a file system that
      // records none (tmpfs, overlayfs upper layers) every process would start on number 1 again
      ...(birthtimeRecorded(log.dir) ? { frequency: log.file.frequency } : {}),
      limit: { count: log.file.keep, removeOtherLogFiles: true },
      mkdir: true,
      mode: 0o600,
      // pino-roll's own link is one `current.log` for every process: ours is per name (linkCurrent)
      symlink: false,
    };
    type Roll = DestinationStream & {
      flushSync?: () => void;
      end?: () => void;
      file?: string;
      on?: (event: 'ready', listener: () => void) => void;
    };
    const openRoll = async (): Promise<Roll> => {
      const stream = (await pinoRoll(rollOptions)) as unknown as Roll & EventEmitter;
      // SonicBoom names its file once the file is open
      if (!stream.file) await once(stream, 'ready');
      if (stream.file) adoptFolderOwner(stream.file, log.dir);
      return stream;
    };
    let roll = await openRoll();
    // pino-roll rolls after a write takes a file past `size`, once the stream drains: a short-lived process (the
    // CLI: maintenance, import --inbox-once) exits first, and the next one appends to the same file for ever.
    // So a process that starts on a full file starts the next one (and keeps `keep` files, as a roll would).
    const next = roll.file ? fullFileNext(roll.file, log.file.size) : undefined;
    if (next) {
      roll.end?.();
      writeFileSync(next, '', { flag: 'a', mode: 0o600 });
      roll = await openRoll();
      pruneRolled(log.dir, options.fileName, log.file.keep);
    }
    const name = options.fileName;
    if (roll.file) linkCurrent(log.dir, name, roll.file);
    // after each roll SonicBoom reopens the new file and says 'ready'
    roll.on?.('ready', () => {
      if (roll.file) linkCurrent(log.dir, name, roll.file);
    });
    rolls.push(roll);
    streams.push({ level: log.level as pino.Level, stream: roll });
  }
  root = pino(
    {
      level: log.level,
      base: { name: options.name ?? 'airgap-agent', pid: process.pid },
      redact: { paths: REDACT, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    streams.length > 0 ? pino.multistream(streams) : pino.destination({ dest: 2, sync: true }),
  );
  if (streams.length === 0) root.level = 'silent';
  return root;
}

/** A child logger for a component, optionally bound to a session and trace. */
export function logger(component: string, bindings: { session?: string; trace?: string } = {}): Logger {
  return root.child({ component, ...bindings });
}

const LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
const noop = (): void => undefined;

/**
 * `parent.child(bindings)`, made only when it is needed: a line at a level that is on, or anything else asked
 * of it (bindings set later are kept until then). Making a child serialises its bindings (through redaction),
 * and the service made several a question to write lines mostly below its level (info, debug at warn).
 */
export function lazyChild(parent: Logger, bindings: pino.Bindings): Logger {
  let child: Logger | undefined;
  let later: pino.Bindings[] = [];
  const made = (): Logger => {
    if (!child) {
      child = parent.child(bindings);
      for (const more of later) child.setBindings(more);
      later = [];
    }
    return child;
  };
  return new Proxy({} as Logger, {
    get(_target, property) {
      if (!child) {
        if (typeof property === 'string' && LEVELS.has(property) && !parent.isLevelEnabled(property)) return noop;
        if (property === 'setBindings') return (more: pino.Bindings) => void later.push(more);
      }
      const logger = made();
      const value = Reflect.get(logger, property, logger) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
    set(_target, property, value) {
      return Reflect.set(made(), property, value);
    },
  });
}

export function rootLogger(): Logger {
  return root;
}

/** Flush file streams (call on shutdown). */
export function flushLogs(): void {
  for (const roll of rolls) {
    try {
      roll.flushSync?.();
    } catch {
      // a stream that is not ready has nothing to flush
    }
  }
}
