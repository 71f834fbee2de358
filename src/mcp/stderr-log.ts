/**
 * A child's stderr, line by line, into the agent's log (logger `mcp`, bound
 * to the server name). Our own servers write pino JSON lines: those are
 * re-logged as objects at their own level; anything else is logged as text,
 * at error level when it reads as an error (a stack trace, "Error: …",
 * "cannot …", EACCES…), at warn for a warning, else at info — so a child's
 * start-up error reaches `journalctl -p err`.
 * Lines are capped in length, and in rate (a server printing in a loop
 * cannot flood the disk: the excess is counted and reported once a window).
 * The last lines are kept for start-up and crash messages.
 */
import type { Logger } from '../log/index.js';

export interface StderrCaptureOptions {
  log: Logger;
  maxLineLength?: number;
  /** lines logged per window; the rest are counted and dropped */
  maxLinesPerWindow?: number;
  windowMs?: number;
  /** lines kept for error messages */
  keepLines?: number;
}

const LEVELS: Record<string, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  '10': 'trace',
  '20': 'debug',
  '30': 'info',
  '40': 'warn',
  '50': 'error',
  '60': 'fatal',
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

/** Keys of a child's pino line that would clash with ours. */
const RESERVED = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'component', 'server', 'v']);

export class StderrCapture {
  private readonly maxLineLength: number;
  private readonly maxLinesPerWindow: number;
  private readonly windowMs: number;
  private readonly keepLines: number;
  private partial = '';
  private partialTruncated = false;
  private readonly recent: string[] = [];
  private windowStart = 0;
  private windowCount = 0;
  private dropped = 0;

  constructor(private readonly options: StderrCaptureOptions) {
    this.maxLineLength = options.maxLineLength ?? 4000;
    this.maxLinesPerWindow = options.maxLinesPerWindow ?? 200;
    this.windowMs = options.windowMs ?? 1000;
    this.keepLines = options.keepLines ?? 20;
  }

  /** Feed a chunk of stderr output. */
  write(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        this.append(text.slice(start));
        return;
      }
      this.append(text.slice(start, newline));
      this.endLine();
      start = newline + 1;
    }
  }

  /** Flush a last line without a newline (the child exited). */
  end(): void {
    if (this.partial.length > 0 || this.partialTruncated) this.endLine();
    this.reportDropped();
  }

  /** The last lines (oldest first). */
  lastLines(count = this.keepLines): string[] {
    return this.recent.slice(-count);
  }

  private append(piece: string): void {
    if (piece.length === 0) return;
    const room = this.maxLineLength - this.partial.length;
    if (room <= 0) {
      this.partialTruncated = true;
      return;
    }
    if (piece.length > room) {
      this.partial += piece.slice(0, room);
      this.partialTruncated = true;
    } else {
      this.partial += piece;
    }
  }

  private endLine(): void {
    let line = this.partial.replace(/\r$/, '');
    if (this.partialTruncated) line += ' …[truncated]';
    this.partial = '';
    this.partialTruncated = false;
    if (line.trim().length === 0) return;
    this.recent.push(line);
    if (this.recent.length > this.keepLines) this.recent.shift();
    this.emit(line);
  }

  private emit(line: string): void {
    const time = Date.now();
    if (time - this.windowStart >= this.windowMs) {
      this.reportDropped();
      this.windowStart = time;
      this.windowCount = 0;
    }
    if (this.windowCount >= this.maxLinesPerWindow) {
      this.dropped++;
      return;
    }
    this.windowCount++;
    const parsed = parseJsonLine(line);
    if (parsed) {
      const level = LEVELS[String(parsed.level)] ?? 'info';
      const fields: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (RESERVED.has(key)) {
          if (key === 'component' || key === 'name') fields[`child_${key}`] = value;
        } else {
          fields[key] = value;
        }
      }
      this.options.log[level](fields, typeof parsed.msg === 'string' ? parsed.msg : 'server-log');
      return;
    }
    this.options.log[plainLevel(line)]({ stderr: line }, 'server-stderr');
  }

  private reportDropped(): void {
    if (this.dropped > 0) {
      this.options.log.warn({ dropped: this.dropped, window_ms: this.windowMs }, 'server-stderr-dropped');
      this.dropped = 0;
    }
  }
}

const ERROR_LINE =
  /\b(error|fatal|exception|traceback|panic|denied|cannot|can't|could not|unable to|failed)\b|\bE[A-Z]{3,}\b|^\s+at .+:\d+:\d+\)?$/i;
const WARN_LINE = /\b(warn|warning|deprecated)\b/i;

/** The level of a plain-text stderr line, by what it says. */
export function plainLevel(line: string): 'error' | 'warn' | 'info' {
  if (WARN_LINE.test(line) && !/\b(error|fatal)\b/i.test(line)) return 'warn';
  return ERROR_LINE.test(line) ? 'error' : 'info';
}

function parseJsonLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
