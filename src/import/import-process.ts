/**
 * One inbox import in its own process: `airgap-agent import-worker JOB-JSON` (hidden), started by the
 * serve process's inbox watcher (import.watch: service) with an IPC channel. Why a process:
 * - only the importer writes plant.db: the process that answers questions never opens it for writing;
 * - SQLite is synchronous: an import in the serve process holds its event loop for the import's length
 *   (a 1,000,000-row file ~10 s), and HTTP stops meanwhile — pages hang, and a pooled keep-alive socket
 *   idle past the server's keepAliveTimeout (5 s) is closed under the client (ECONNRESET).
 *
 * The worker rolls back what an interrupted import left (recoverPlantFiles), loads the mapping from its
 * file, runs importFile, sends one message — the report, or the error rebuilt on this side as the same
 * AppError (code, message, fix) — and exits. The file is the parent's to move: the worker never touches
 * the inbox. Stopping (the service shuts down): the worker is sent SIGTERM; its transaction was not
 * committed, so plant.db is as it was and the file stays in the inbox for the next start
 * (ImportInterrupted). The worker ends itself when its parent is gone (the IPC channel closes).
 *
 * Outcomes, stated:
 * - a report (imported, skipped, rejected, dry-run) → resolves with it;
 * - an error the import threw → rejects with it (an AppError keeps its code and fix);
 * - the worker ended with no message (killed: the out-of-memory killer; crashed) → rejects with an
 *   AppError saying nothing of the file was imported and where to look;
 * - the worker could not start → rejects with an AppError naming the command;
 * - `signal` aborted → the worker is stopped, rejects with ImportInterrupted.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { AppError } from '../errors.js';
import { selfCommand } from '../runtime/self.js';
import { importFile, recoverPlantFiles, type ImportReport } from './importer.js';
import { loadMapping } from './mapping.js';
import { describeError, importTimeout, rebuildError, type ImportDeadline, type WireError } from './source-process.js';
import { checkStillComplete, type FileIdentity } from './inbox-take.js';

/** What the worker is asked to do (argv, JSON): plain values, the mapping by its file. */
export interface ImportJob {
  db: string;
  table: string;
  file: string;
  /** a mapping file (import.mappings_dir), loaded by the worker */
  mappingFile?: string | undefined;
  importedAt: string;
  /** stop reading past this (import.max_seconds) */
  deadline?: ImportDeadline | undefined;
  /** the file as it was taken from the inbox: checked again before the commit (inbox-take.ts) */
  expect?: { identity: FileIdentity; quietMs: number } | undefined;
}

/**
 * The import process's V8 heap (MiB): a runaway dies of its own "heap out of memory" (its file then goes to
 * failed/) before the airgap-agent-import unit's MemoryMax=1536M, which would stop the whole unit. Its reader
 * process inherits it.
 */
export const WORKER_HEAP_MB = 1024;

/** After the deadline the import stops itself between batches; a process still running this later is killed. */
export const KILL_GRACE_MS = 30_000;

type WorkerMessage =
  | { type: 'report'; report: ImportReport; recovered: string[] }
  | { type: 'error'; error: WireError; recovered: string[] };

/** The import was stopped (the service is shutting down): nothing was written; the file is left. */
export class ImportInterrupted extends Error {
  constructor(file: string) {
    super(`the import of ${path.basename(file)} was stopped before it finished; plant.db is as it was`);
    this.name = 'ImportInterrupted';
  }
}

export interface WorkerImport {
  report: ImportReport;
  /** the worker's process id */
  pid: number;
  /** files of an earlier, interrupted import that the worker rolled back first */
  recovered: string[];
}

/** Run one import in a worker process (the outcomes at the top of this file). */
export function importInWorker(
  job: ImportJob,
  options: {
    signal?: AbortSignal | undefined;
    onStart?: (pid: number) => void;
    /** kill the process this long after the job's deadline (KILL_GRACE_MS; tests make it 0) */
    killGraceMs?: number | undefined;
  } = {},
): Promise<WorkerImport> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(new ImportInterrupted(job.file));
  const command = selfCommand(['import-worker', JSON.stringify({ ...job, file: path.resolve(job.file) })]);
  return new Promise<WorkerImport>((resolve, reject) => {
    const child = spawn(command.command, command.args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${WORKER_HEAP_MB}`.trim(),
      },
    });
    // the hard limit: a process that does not stop itself at the deadline (a step that never yields) is killed
    let overdue = false;
    const killer =
      job.deadline === undefined
        ? undefined
        : setTimeout(
            () => {
              overdue = true;
              child.kill('SIGKILL');
            },
            Math.max(0, job.deadline.at - Date.now() + (options.killGraceMs ?? KILL_GRACE_MS)),
          );
    let message: WorkerMessage | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let disconnected = false;
    let spawnError: Error | undefined;
    let stopped = false;
    const stop = (): void => {
      stopped = true;
      child.kill('SIGTERM');
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.on('spawn', () => {
      if (child.pid !== undefined) options.onStart?.(child.pid);
    });
    child.on('message', (received: WorkerMessage) => {
      message ??= received;
    });
    // done when the process has ended and its IPC channel is closed: its message, if any, has arrived
    const ended = (): void => {
      if (!exit || !disconnected) return;
      signal?.removeEventListener('abort', stop);
      if (killer) clearTimeout(killer);
      const recovered = message?.recovered ?? [];
      if (message?.type === 'report') resolve({ report: message.report, pid: child.pid ?? 0, recovered });
      else if (message?.type === 'error') reject(rebuildError(message.error));
      else if (stopped) reject(new ImportInterrupted(job.file));
      else if (overdue) reject(importTimeout(job.file, job.deadline!.seconds));
      else if (spawnError)
        reject(
          new AppError(
            'INTERNAL',
            `cannot start the import process for ${path.basename(job.file)}: ${spawnError.message}`,
            {
              hint: `check that ${command.command} can run (it is this program); import.watch: unit runs imports in the airgap-agent-import unit instead`,
            },
          ),
        );
      else reject(workerDied(job.file, exit));
    };
    child.on('error', (error) => {
      spawnError = error;
      // a process that never started sends no 'exit' (nor 'disconnect')
      if (child.pid === undefined) ((exit ??= { code: null, signal: null }), (disconnected = true));
      ended();
    });
    child.on('disconnect', () => ((disconnected = true), ended()));
    child.on('exit', (code, exitSignal) => ((exit = { code, signal: exitSignal }), ended()));
  });
}

function workerDied(file: string, exit: { code: number | null; signal: NodeJS.Signals | null }): AppError {
  const how = exit.signal ? `was killed (${exit.signal})` : `exited with status ${exit.code}`;
  return new AppError('INTERNAL', `the import process for ${path.basename(file)} ${how} before it finished`, {
    hint:
      'nothing of this file was imported (plant.db is as it was): move it from failed/ back into the inbox to ' +
      'try again; if it happens again, look for the out-of-memory killer in the system log (journalctl -k)',
  });
}

/**
 * The worker's side: `airgap-agent import-worker JOB-JSON`, started by importInWorker only (it needs the
 * IPC channel). Never prints: its one message is the outcome.
 */
export async function runImportWorker(args: string[]): Promise<number> {
  const send = process.send?.bind(process);
  const [jobJson] = args;
  if (!send || jobJson === undefined) {
    throw new AppError('USAGE', 'import-worker runs only inside the service (it needs the IPC channel)', {
      hint: 'run airgap-agent import TABLE FILE instead',
    });
  }
  // the service is gone: stop (the transaction is not committed; the file is still in its inbox)
  process.on('disconnect', () => process.exit(1));
  let recovered: string[] = [];
  let outcome: WorkerMessage;
  try {
    const job = JSON.parse(jobJson) as ImportJob;
    recovered = recoverPlantFiles(job.db);
    const expect = job.expect;
    const report = await importFile({
      db: job.db,
      table: job.table,
      file: job.file,
      mapping: job.mappingFile === undefined ? undefined : loadMapping(job.mappingFile),
      importedAt: job.importedAt,
      deadline: job.deadline,
      beforeCommit: expect ? () => checkStillComplete(job.file, expect) : undefined,
    });
    outcome = { type: 'report', report, recovered };
  } catch (error) {
    outcome = { type: 'error', error: describeError(error), recovered };
  }
  await new Promise<void>((resolve) => send(outcome, undefined, {}, () => resolve()));
  process.disconnect();
  return 0;
}
