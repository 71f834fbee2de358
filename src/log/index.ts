/**
 * Logging: pino JSON lines. A child logger per component (and per request)
 * carries `component`, `session` and `trace` ids. Destinations:
 * - the service: stdout (journald) + a rotating file via pino-roll
 *   (size and daily/hourly limits, N files kept);
 * - the CLI: the rotating file only (stdout is for the answer);
 * - MCP servers: stderr only (stdout is the protocol); the client manager
 *   captures it into the agent's log.
 * pino-roll is used as a plain stream in this thread (no worker-thread
 * transport), so it works inside the single-executable bundle.
 */
import pino, { type Logger, type DestinationStream, type StreamEntry } from 'pino';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pinoRoll from 'pino-roll';
import type { Config } from '../config/schema.js';

export type { Logger };

export interface LoggingOptions {
  config: Pick<Config, 'log'>;
  /** base name of the rotating file, e.g. 'agent' → agent.1.log */
  fileName?: string;
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

let root: Logger = pino({ level: process.env.AIRGAP_AGENT_LOG_LEVEL ?? 'silent', base: undefined });
const rolls: Array<{ flushSync?: () => void; end?: () => void }> = [];

/** Build the root logger for this process; later `logger()` calls derive from it. */
export async function initLogging(options: LoggingOptions): Promise<Logger> {
  const { log } = options.config;
  const streams: StreamEntry[] = [];
  if (options.stdout) streams.push({ level: log.level as pino.Level, stream: process.stdout });
  if (options.stderr) streams.push({ level: log.level as pino.Level, stream: process.stderr });
  if (options.fileName && log.file.enabled && log.level !== 'silent') {
    mkdirSync(log.dir, { recursive: true, mode: 0o700 });
    // `mode` goes through pino-roll to SonicBoom (its types leave it out): files created 0600, whatever the umask
    const rollOptions: Parameters<typeof pinoRoll>[0] & { mode: number } = {
      file: path.join(log.dir, options.fileName),
      extension: '.log',
      size: log.file.size,
      frequency: log.file.frequency,
      limit: { count: log.file.keep, removeOtherLogFiles: true },
      mkdir: true,
      mode: 0o600,
      symlink: true,
    };
    const roll = (await pinoRoll(rollOptions)) as unknown as DestinationStream & {
      flushSync?: () => void;
      end?: () => void;
    };
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
