/**
 * Reading a large export in a process of its own, beside the importer: the
 * reader process (`airgap-agent import-reader FILE MAPPING-JSON`, this same
 * program) decodes and parses the file (readSource) while the importer
 * validates and writes the rows it has already sent — two cores instead of
 * one. Worker threads are not used (the SEA; the lint forbids them).
 *
 * readSourceInChild keeps readSource's contract exactly: the same handlers,
 * called in the same order with the same rows, and the same errors (code,
 * message, hint) for every failure; `false` from a handler stops reading
 * (the reader is killed). The rows cross as source-wire.ts describes.
 * Flow control: at most READER_WINDOW batches are in flight; the importer
 * acknowledges each after its handler returns, so the reader never runs
 * ahead by more than ~1 MiB of rows and memory stays flat.
 * The reader exits when the IPC channel closes: a killed importer (kill -9)
 * leaves no reader behind. A reader that dies mid-file fails the import with
 * an error that says so (the importer's transaction rolls back).
 *
 * Policy (startSourceReading): files of READER_PROCESS_MIN_BYTES (8 MiB,
 * ~100,000 rows of a typical quality export) and more are read in a reader
 * process; smaller ones in the importer itself, where starting a process
 * would cost more than the parsing it takes off (~0.8 s of the importer's CPU
 * per 1M rows, ~85 MiB, so ~80 ms at 8 MiB). Measured on the shared 2-core
 * machine, start to exit of the bare command: ~0.25 s for the bundled CLI
 * (the .cjs the SEA holds), ~0.45 s through tsx in development; start to the
 * first rows of a file through tsx: ~0.65 s, of which the importer's hash of
 * the file overlaps ~0.15 s. The environment variable
 * AIRGAP_AGENT_IMPORT_READER=child|inline overrides the policy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { AppError, ERROR_CODES, type ErrorCode } from '../errors.js';
import { selfCommand } from '../runtime/self.js';
import { checkSource, readSource, type SourceHandlers, type SourceInfo, type SourceMapping } from './source.js';
import { BatchDecoder, BatchEncoder, type WireBatch } from './source-wire.js';

export const READER_PROCESS_MIN_BYTES = 8 * 1024 * 1024;
/** batches sent and not yet acknowledged (a CSV batch is ~256 KiB of text, ~3,000 rows) */
export const READER_WINDOW = 4;

/** a failure thrown in a child process (a reader, an import worker), for rebuilding it in its parent */
export interface WireError {
  app: boolean;
  name: string;
  code: string | undefined;
  message: string;
  hint: string | undefined;
}

type ReaderMessage =
  | { type: 'header'; headers: string[]; info: SourceInfo }
  | { type: 'rows'; batch: WireBatch }
  | { type: 'end' }
  | { type: 'error'; error: WireError };

type ImporterMessage = { type: 'ack' };

function pickMapping(mapping: SourceMapping): SourceMapping {
  return {
    encoding: mapping.encoding,
    delimiter: mapping.delimiter,
    headerRow: mapping.headerRow,
    sheet: mapping.sheet,
    headerRowGiven: mapping.headerRowGiven,
    expected: mapping.expected,
  };
}

/** A file being read: `read` hands its rows to the handlers (once); `cancel` stops a reader never read. */
export interface SourceReading {
  /** where the rows are read */
  readonly where: 'reader-process' | 'importer';
  read(handlers: SourceHandlers): Promise<void>;
  cancel(): void;
}

/**
 * Start reading a file for an import, in the importer or in a reader process by the file's size (the
 * policy above). A reader process starts at once, so its start-up overlaps the importer's own (the file's
 * hash, opening plant.db); it reads ahead by the credit window until `read` is called. Never throws:
 * what readSource would throw comes from `read`. `inline` reads in the importer whatever the size (a file
 * the importer will skip starts no process).
 */
export function startSourceReading(
  file: string,
  mapping: SourceMapping,
  options: { inline?: boolean; deadline?: ImportDeadline | undefined } = {},
): SourceReading {
  const reading = startReading(file, mapping, options);
  return options.deadline === undefined ? reading : withDeadline(reading, file, options.deadline);
}

/** When an import must be done by: `at` (ms since the epoch), from import.max_seconds (`seconds`). */
export interface ImportDeadline {
  at: number;
  seconds: number;
}

/** The error of an import past its deadline (here, checked between batches, or its process killed: inbox.ts). */
export function importTimeout(file: string, seconds: number): AppError {
  return new AppError(
    'IMPORT_TIMEOUT',
    `the import of ${path.basename(file)} took longer than import.max_seconds (${seconds} s) and was stopped: nothing of it was written`,
    {
      hint: 'split the export into smaller files (a day or a week each), or raise import.max_seconds in the config',
    },
  );
}

/**
 * The reading, stopped at the deadline: checked as each batch of rows arrives (a batch is bounded by the
 * limits of limits.ts, so no batch holds reading long); past it, reading stops and read() fails with
 * IMPORT_TIMEOUT.
 */
function withDeadline(reading: SourceReading, file: string, deadline: ImportDeadline): SourceReading {
  return {
    where: reading.where,
    cancel: () => reading.cancel(),
    async read(handlers) {
      let late = false;
      await reading.read({
        ...handlers,
        header: (headers, info) => (Date.now() > deadline.at ? ((late = true), false) : handlers.header(headers, info)),
        rows: (batch, bytes, coding) =>
          Date.now() > deadline.at ? ((late = true), false) : handlers.rows(batch, bytes, coding),
      });
      if (late) throw importTimeout(file, deadline.seconds);
    },
  };
}

function startReading(file: string, mapping: SourceMapping, options: { inline?: boolean }): SourceReading {
  const wanted = options.inline ? 'inline' : process.env.AIRGAP_AGENT_IMPORT_READER;
  let child = wanted === 'child';
  if (wanted !== 'inline' && wanted !== 'child') {
    try {
      child = checkSource(file).size >= READER_PROCESS_MIN_BYTES;
    } catch {
      child = false; // readSource throws the same error from read()
    }
  }
  if (child) return new ChildReading(file, mapping);
  return { where: 'importer', read: (handlers) => readSource(file, mapping, handlers), cancel: () => undefined };
}

export function rebuildError(error: WireError): Error {
  if (error.app && (ERROR_CODES as readonly string[]).includes(error.code ?? '')) {
    return new AppError(error.code as ErrorCode, error.message, error.hint === undefined ? {} : { hint: error.hint });
  }
  const rebuilt = new Error(error.message) as Error & { code?: string };
  rebuilt.name = error.name;
  if (error.code !== undefined) rebuilt.code = error.code;
  return rebuilt;
}

export function describeError(error: unknown): WireError {
  if (error instanceof AppError)
    return { app: true, name: error.name, code: error.code, message: error.message, hint: error.hint };
  const plain = error instanceof Error ? error : new Error(String(error));
  const code = (plain as { code?: unknown }).code;
  return {
    app: false,
    name: plain.name,
    code: typeof code === 'string' ? code : undefined,
    message: plain.message,
    hint: undefined,
  };
}

function readerDied(file: string, exit: { code: number | null; signal: NodeJS.Signals | null }): AppError {
  const how = exit.signal ? `was killed (${exit.signal})` : `exited with status ${exit.code}`;
  return new AppError('INTERNAL', `the reader process for ${path.basename(file)} ${how} before the end of the file`, {
    hint:
      'nothing of this file was imported: run the import again; if it happens again, look for the ' +
      'out-of-memory killer in the system log (journalctl -k)',
  });
}

/** readSource in a reader process: the same handlers, rows and errors (see the top of this file). */
export async function readSourceInChild(file: string, mapping: SourceMapping, handlers: SourceHandlers): Promise<void> {
  return new ChildReading(file, mapping).read(handlers);
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

class ChildReading implements SourceReading {
  readonly where = 'reader-process';
  private readonly file: string;
  private readonly decoder = new BatchDecoder();
  private readonly child: ChildProcess | undefined;
  private readonly command: { command: string; args: string[] } | undefined;
  /** messages that came before read() (at most the header and a window of batches) */
  private readonly queue: ReaderMessage[] = [];
  private handlers: SourceHandlers | undefined;
  private waiter: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private outcome: { error: unknown } | undefined;
  private startError: unknown;
  private spawnError: Error | undefined;
  private exit: Exit | undefined;
  private disconnected = false;

  constructor(file: string, mapping: SourceMapping) {
    this.file = file;
    try {
      checkSource(file); // not found, not a file, .xls: readSource's errors, without starting a process
    } catch (error) {
      this.startError = error;
      return;
    }
    this.command = selfCommand(['import-reader', path.resolve(file), JSON.stringify(pickMapping(mapping))]);
    const child = spawn(this.command.command, this.command.args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    child.on('message', (message: ReaderMessage) => {
      if (this.handlers) this.handle(message);
      else this.queue.push(message);
    });
    child.on('error', (error) => {
      this.spawnError = error;
      // a process that never started sends no 'exit' (nor 'disconnect')
      if (child.pid === undefined) ((this.exit ??= { code: null, signal: null }), (this.disconnected = true));
      this.ended();
    });
    // done when the process has ended and its IPC channel is closed: every message it sent has been handled
    child.on('disconnect', () => ((this.disconnected = true), this.ended()));
    child.on('exit', (code, signal) => ((this.exit = { code, signal }), this.ended()));
  }

  read(handlers: SourceHandlers): Promise<void> {
    if (this.startError !== undefined) return Promise.reject(this.startError);
    if (this.handlers) return Promise.reject(new Error('a source is read once'));
    this.handlers = handlers;
    return new Promise<void>((resolve, reject) => {
      this.waiter = { resolve, reject };
      for (const message of this.queue.splice(0)) this.handle(message);
      this.ended();
    });
  }

  cancel(): void {
    if (!this.outcome && this.child) this.settle({ error: undefined }, 'kill');
  }

  private settle(result: { error: unknown }, stop: 'kill' | 'disconnect'): void {
    if (this.outcome) return;
    this.outcome = result;
    if (stop === 'kill') this.child?.kill('SIGKILL');
    else if (this.child?.connected) this.child.disconnect();
  }

  private handle(message: ReaderMessage): void {
    const handlers = this.handlers!;
    if (this.outcome) return;
    try {
      if (message.type === 'header') {
        if (!handlers.header(message.headers, message.info)) this.settle({ error: undefined }, 'kill');
      } else if (message.type === 'rows') {
        const batch = this.decoder.decode(message.batch);
        const coding = this.decoder.coding(message.batch);
        if (!handlers.rows(batch, message.batch.bytes, coding)) this.settle({ error: undefined }, 'kill');
        else this.child?.send({ type: 'ack' } satisfies ImporterMessage, () => undefined);
      } else if (message.type === 'end') this.settle({ error: undefined }, 'disconnect');
      else if (message.type === 'error') this.settle({ error: rebuildError(message.error) }, 'disconnect');
    } catch (error) {
      this.settle({ error }, 'kill');
    }
  }

  private ended(): void {
    if (!this.exit || !this.disconnected || !this.waiter || this.queue.length > 0) return;
    if (!this.outcome) {
      this.outcome = {
        error: this.spawnError
          ? new AppError(
              'INTERNAL',
              `cannot start the reader process for ${path.basename(this.file)}: ${this.spawnError.message}`,
              {
                hint: `check that ${this.command?.command} can run; AIRGAP_AGENT_IMPORT_READER=inline reads in the importer itself`,
              },
            )
          : readerDied(this.file, this.exit),
      };
    }
    const { resolve, reject } = this.waiter;
    this.waiter = undefined;
    if (this.outcome.error === undefined) resolve();
    else reject(this.outcome.error);
  }
}

/**
 * The reader process: `airgap-agent import-reader FILE MAPPING-JSON`, started by readSourceInChild only
 * (it needs the IPC channel). Reads the file with readSource and sends what it reads; never prints.
 */
export async function runSourceReader(args: string[]): Promise<number> {
  const send = process.send?.bind(process);
  const [file, mappingJson] = args;
  if (!send || file === undefined) {
    throw new AppError('USAGE', 'import-reader runs only inside an import (it needs the IPC channel)', {
      hint: 'run airgap-agent import TABLE FILE instead',
    });
  }
  // the importer is gone (killed, or done with this file): stop at once
  process.on('disconnect', () => process.exit(0));
  const mapping: SourceMapping = {
    ...{ encoding: 'auto', delimiter: 'auto', headerRow: 1, sheet: undefined },
    ...(mappingJson ? (JSON.parse(mappingJson) as Partial<SourceMapping>) : {}),
  };
  const post = (message: ReaderMessage): Promise<void> =>
    new Promise((resolve) => send(message, undefined, {}, () => resolve()));
  let inFlight = 0;
  let waiting: (() => void) | undefined;
  process.on('message', (message: ImporterMessage) => {
    if (message?.type !== 'ack') return;
    inFlight -= 1;
    if (waiting && inFlight < READER_WINDOW) {
      const resume = waiting;
      waiting = undefined;
      resume();
    }
  });
  const encoder = new BatchEncoder();
  try {
    await readSource(file, mapping, {
      header: (headers, info) => (void post({ type: 'header', headers, info }), true),
      rows: (batch, bytes) => {
        inFlight += 1;
        void post({ type: 'rows', batch: encoder.encode(batch, bytes) });
        return true;
      },
      ready: () => (inFlight >= READER_WINDOW ? new Promise<void>((resolve) => (waiting = resolve)) : undefined),
    });
    await post({ type: 'end' });
  } catch (error) {
    await post({ type: 'error', error: describeError(error) });
  }
  // the importer disconnects once it has the end (then 'disconnect' exits); wait for it
  await new Promise<void>(() => undefined);
  return 0;
}
