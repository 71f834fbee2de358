/**
 * The drop folder (import.inbox): files copied there by the MES export job,
 * a USB stick or a share are imported and moved to done/ or failed/ with a
 * NAME.report.txt beside them. A file is read only when complete: a
 * NAME.done marker beside it, or its size and mtime unchanged for
 * import.stable_ms. Its table comes from a mapping whose `match` glob fits
 * the name (import.mappings_dir), else from the name's start
 * (quality_data-2026-11-26.csv). Polling, not fs.watch: network shares and
 * USB file systems do not all send events. One file at a time.
 *
 * A file is taken out of the inbox before it is read (inbox-take.ts): opened
 * once without following links, refused when it is a link, a pipe or a hard
 * link, moved into .processing/ where no one else can reach it, and checked
 * unchanged just before the import commits. A file left there by an importer
 * that died goes to failed/ at the next look, never back into the inbox.
 *
 * Where an import runs: in a worker process (`worker: true`,
 * src/import/import-process.ts) for the service and for `import --watch` /
 * `--inbox-once` (the airgap-agent-import unit), so that a file that crashes
 * or exhausts its process (its heap is capped) fails alone, the watcher goes
 * on, and an import past import.max_seconds is killed; the service's process
 * never writes plant.db and its event loop is not held while SQLite writes.
 * In this process (`worker: false`) the time limit is checked between batches
 * only. Stopping the watcher stops a worker mid-file: nothing is written and
 * the file goes back into the inbox.
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { localDateTime, now } from '../clock.js';
import { toAppError, type AppError } from '../errors.js';
import { TABLE_NAMES } from './contract.js';
import { importFile, recoverPlantFiles, type ImportReport } from './importer.js';
import { ImportInterrupted, importInWorker } from './import-process.js';
import { globToRegExp, loadMapping, type Mapping } from './mapping.js';
import {
  changedSince,
  checkStillComplete,
  leftovers,
  notRegular,
  takeFile,
  type FileIdentity,
  type Leftover,
} from './inbox-take.js';
import { sourceFormat } from './source.js';
import { fileAway, type InboxOutcome, type InboxResult, type Outcome } from './inbox-outcome.js';

export type { InboxOutcome, InboxResult } from './inbox-outcome.js';

const IGNORED = /(^\.|^~\$|\.(done|part|tmp|partial|crdownload|filepart|report\.txt)$)/i;
/** a file being copied under a temporary name (NAME.part, rsync's .NAME.XXXXXX): renamed when complete */
const PARTIAL = /(^\.|\.(part|tmp|partial|crdownload|filepart)$)/i;

export interface InboxState {
  inbox: string;
  /** files waiting in the inbox (not yet complete, or not yet looked at) */
  pending: string[];
  /** files in failed/ */
  failed: string[];
}

/** What is in the inbox now (for doctor and /readyz; no watcher needed). */
export function inboxState(inbox: string): InboxState {
  const list = (folder: string): string[] => {
    try {
      return (
        readdirSync(folder, { withFileTypes: true })
          // files, and what is refused (links, pipes): everything but folders
          .filter((entry) => !entry.isDirectory() && !IGNORED.test(entry.name))
          .map((entry) => entry.name)
          .sort()
      );
    } catch {
      return [];
    }
  };
  return { inbox, pending: list(inbox), failed: list(path.join(inbox, 'failed')) };
}

export class InboxWatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private abort = new AbortController();
  private importing: { file: string; since: string; pid?: number | undefined } | undefined;
  private readonly seen = new Map<string, { size: number; mtimeMs: number; since: number }>();
  /** the inodes of the files under a temporary name at the last look (the rename protocol) */
  private partials = new Set<string>();
  /** the .processing folders of the files being imported now (not leftovers) */
  private readonly busy = new Set<string>();
  readonly recent: InboxResult[] = [];

  /**
   * keepAlive: the timer holds the process open (the `import --watch` process; the service has its server
   * for that). worker: each import runs in a worker process (the service; see the top of this file).
   */
  constructor(
    private readonly options: {
      config: Config;
      log: Logger;
      onImported?: (result: InboxResult) => void;
      keepAlive?: boolean;
      worker?: boolean;
      /** the time limit (default import.max_seconds; tests make it short) */
      timeLimitMs?: number | undefined;
      /** how long past the time limit a worker is killed (KILL_GRACE_MS; tests make it 0) */
      killGraceMs?: number | undefined;
    },
  ) {}

  /** the file being imported now, since when, and by which worker process */
  get current(): { file: string; since: string; pid?: number | undefined } | undefined {
    return this.importing;
  }

  get inbox(): string {
    return this.options.config.import.inbox;
  }

  start(): void {
    this.stopped = false;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    const tick = (): void => {
      if (this.stopped) return;
      this.running = this.scanOnce()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'inbox-scan-failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          this.timer = setTimeout(tick, this.options.config.import.poll_ms);
          if (!this.options.keepAlive) this.timer.unref();
        });
    };
    tick();
  }

  /** Stop watching; an import in a worker is stopped too (its file stays in the inbox). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  private mappings(): Mapping[] {
    const folder = this.options.config.import.mappings_dir;
    if (folder === null || !existsSync(folder)) return [];
    const found: Mapping[] = [];
    for (const name of readdirSync(folder).sort()) {
      if (!/\.ya?ml$/i.test(name)) continue;
      try {
        found.push(loadMapping(path.join(folder, name)));
      } catch (error) {
        this.options.log.error({ mapping: name, err: error }, 'inbox-mapping-invalid');
      }
    }
    return found;
  }

  /** Which table and mapping a file name goes to, or why none. */
  resolve(name: string, mappings: Mapping[]): { table: string; mapping?: Mapping } | { error: string } {
    for (const mapping of mappings) {
      if (mapping.match.some((glob) => globToRegExp(glob).test(name))) {
        if (!mapping.table)
          return {
            error: `the mapping ${path.basename(mapping.file ?? '')} matches but names no table: add table: to it`,
          };
        return { table: mapping.table, mapping };
      }
    }
    const lower = name.toLowerCase();
    const table = [...TABLE_NAMES].sort((a, b) => b.length - a.length).find((candidate) => lower.startsWith(candidate));
    if (table) return { table };
    return {
      error:
        `cannot tell which table ${name} is for: start the file name with the table (e.g. ` +
        `quality_data-2026-11-26.csv), or add a mapping with match: "${name.replace(/\d+/g, '*')}" to ` +
        `${this.options.config.import.mappings_dir ?? 'import.mappings_dir'}`,
    };
  }

  private warnedReadOnly = false;

  /** Can this process write plant.db? (the installed service cannot: the import unit does it) */
  private canWrite(): boolean {
    const file = this.options.config.plant.db;
    try {
      accessSync(existsSync(file) ? file : path.dirname(file), constants.W_OK);
      this.warnedReadOnly = false;
      return true;
    } catch (error) {
      if (!this.warnedReadOnly)
        this.options.log.warn(
          { file, err: error },
          'inbox-plant-db-read-only: files are left for the import unit (airgap-agent-import)',
        );
      this.warnedReadOnly = true;
      return false;
    }
  }

  /** Look at the inbox once; import every complete file. */
  async scanOnce(options: { ignoreStability?: boolean } = {}): Promise<InboxResult[]> {
    const { inbox, stable_ms: stableMs } = this.options.config.import;
    // a process without write access to plant.db leaves the inbox to the one that has it
    if (!this.canWrite()) return [];
    // what an interrupted import left is rolled back by the next writer: here, or the worker (worker mode)
    if (!this.options.worker) {
      try {
        for (const file of recoverPlantFiles(this.options.config.plant.db))
          this.options.log.warn({ file }, 'inbox-rolled-back-interrupted-import');
      } catch (error) {
        this.options.log.error({ err: error }, 'inbox-recovery-failed');
      }
    }
    mkdirSync(inbox, { recursive: true });
    const results: InboxResult[] = [];
    // a file an importer that died had taken: to failed/, never back into the inbox (inbox-take.ts)
    for (const leftover of leftovers(inbox, this.busy)) results.push(this.failLeftover(leftover));
    const listed = readdirSync(inbox, { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    // the rename protocol: a file whose inode was seen under a temporary name is complete once renamed
    const partials = new Set<string>();
    for (const entry of listed) {
      if (!entry.isFile() || !PARTIAL.test(entry.name)) continue;
      try {
        const stat = lstatSync(path.join(inbox, entry.name));
        partials.add(`${stat.dev}:${stat.ino}`);
      } catch {
        // renamed meanwhile
      }
    }
    const renamed = new Set([...this.partials, ...partials]);
    this.partials = partials;
    const entries = listed
      .filter((entry) => !IGNORED.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    const clock = Date.now();
    let mappings: Mapping[] | undefined;
    for (const name of entries) {
      if (this.stopped) break;
      const file = path.join(inbox, name);
      const marker = `${file}.done`;
      let stat;
      try {
        stat = lstatSync(file);
      } catch {
        continue;
      }
      // a link, a pipe, a device: refused at once, unread (never skipped for ever)
      const refusal = notRegular(stat, file);
      if (refusal !== undefined) {
        this.seen.delete(name);
        results.push(this.finish({ name, from: file, outcome: 'failed', refusal }));
        continue;
      }
      const hasMarker = existsSync(marker) || renamed.has(`${stat.dev}:${stat.ino}`);
      if (!hasMarker && !options.ignoreStability) {
        const previous = this.seen.get(name);
        if (!previous || previous.size !== stat.size || previous.mtimeMs !== stat.mtimeMs) {
          this.seen.set(name, { size: stat.size, mtimeMs: stat.mtimeMs, since: clock });
          if (stableMs > 0) continue;
        } else if (clock - previous.since < stableMs || clock - stat.mtimeMs < stableMs) {
          continue;
        }
      }
      this.seen.delete(name);
      mappings ??= this.mappings();
      const result = await this.importOne(name, mappings, {
        quietMs: hasMarker || options.ignoreStability ? 0 : stableMs,
      });
      // stopped mid-file: the file (and its marker) stay for the next start
      if (result === undefined) break;
      // still being written: back in the inbox, its marker kept
      if (result === 'returned') continue;
      results.push(result);
      rmSync(marker, { force: true });
    }
    for (const name of this.seen.keys()) if (!entries.includes(name)) this.seen.delete(name);
    return results;
  }

  /** Import one file in this process or a worker (the report), or undefined when stopped mid-file. */
  private async runImport(
    name: string,
    job: {
      table: string;
      file: string;
      mapping: Mapping | undefined;
      importedAt: string;
      expect: { identity: FileIdentity; quietMs: number };
    },
  ): Promise<ImportReport | undefined> {
    const { config, log } = this.options;
    const seconds =
      this.options.timeLimitMs === undefined ? config.import.max_seconds : this.options.timeLimitMs / 1000;
    const deadline = { at: Date.now() + seconds * 1000, seconds };
    if (!this.options.worker)
      return importFile({
        db: config.plant.db,
        table: job.table,
        file: job.file,
        mapping: job.mapping,
        importedAt: job.importedAt,
        deadline,
        beforeCommit: () => checkStillComplete(job.file, job.expect),
      });
    try {
      const done = await importInWorker(
        {
          db: config.plant.db,
          table: job.table,
          file: job.file,
          mappingFile: job.mapping?.file,
          importedAt: job.importedAt,
          deadline,
          expect: job.expect,
        },
        {
          signal: this.abort.signal,
          onStart: (pid) => {
            if (this.importing) this.importing.pid = pid;
          },
          killGraceMs: this.options.killGraceMs,
        },
      );
      for (const file of done.recovered)
        log.warn({ file, worker_pid: done.pid }, 'inbox-rolled-back-interrupted-import');
      return done.report;
    } catch (error) {
      if (!(error instanceof ImportInterrupted)) throw error;
      log.warn({ file: name }, 'inbox-import-stopped: the service is stopping; the file stays in the inbox');
      return undefined;
    }
  }

  /**
   * Take the file, import it, move it to done/ or failed/ with its report. undefined: stopped mid-file (the
   * file is back in the inbox); 'returned': it was still being written (back in the inbox).
   */
  private async importOne(
    name: string,
    mappings: Mapping[],
    options: { quietMs: number },
  ): Promise<InboxResult | 'returned' | undefined> {
    const { config, log } = this.options;
    const inbox = config.import.inbox;
    const at = localDateTime(now(), config.plant.timezone);
    const stamp = at.replaceAll('-', '').replaceAll(':', '');
    const resolved =
      sourceFormat(name) === undefined
        ? { error: `${name}: not a .csv, .txt, .tsv, .xlsx or .xls file` }
        : this.resolve(name, mappings);
    if ('error' in resolved)
      return this.finish({ name, from: path.join(inbox, name), outcome: 'failed', error: resolved.error, at });
    const taken = takeFile(inbox, name, stamp);
    if (taken.kind === 'gone') return 'returned';
    if (taken.kind === 'refused')
      return this.finish({
        name,
        from: taken.file ?? path.join(inbox, name),
        folder: taken.folder,
        outcome: 'failed',
        refusal: taken,
        at,
      });
    const { table, mapping } = resolved;
    this.importing = { file: name, since: at };
    this.busy.add(taken.folder);
    let report: ImportReport | undefined;
    let failure: AppError | undefined;
    let pid: number | undefined;
    try {
      report = await this.runImport(name, {
        table,
        file: taken.file,
        mapping,
        importedAt: at,
        expect: { identity: taken.identity, quietMs: options.quietMs },
      });
    } catch (caught) {
      failure = toAppError(caught);
    } finally {
      pid = this.importing?.pid; // the worker's, set when it started (worker mode)
      this.importing = undefined;
      this.busy.delete(taken.folder);
    }
    try {
      // stopped mid-file, or refused because it changed: it goes back to the inbox (nothing was written)
      const changed = changedSince(fstatSync(taken.fd), taken.identity);
      const wasWritten = failure?.code === 'FILE_CHANGED' || (changed !== undefined && report?.status !== 'imported');
      if (report === undefined && failure === undefined) {
        this.giveBack(name, taken);
        return undefined;
      }
      if (wasWritten) {
        log.warn({ file: name, change: changed ?? failure?.message }, 'inbox-file-still-written: back in the inbox');
        if (this.giveBack(name, taken)) return 'returned';
      }
    } finally {
      closeSync(taken.fd);
    }
    const outcome: InboxOutcome =
      failure !== undefined
        ? 'failed'
        : report!.status === 'rejected'
          ? 'failed'
          : report!.status === 'skipped'
            ? 'skipped'
            : 'imported';
    return this.finish({
      name,
      from: taken.file,
      folder: taken.folder,
      outcome,
      report,
      failure,
      table,
      mappingFile: mapping?.file,
      at,
      pid,
    });
  }

  /** A taken file back into the inbox under its name; false when a new file took the name meanwhile. */
  private giveBack(name: string, taken: { file: string; folder: string }): boolean {
    const home = path.join(this.options.config.import.inbox, name);
    if (existsSync(home)) return false;
    renameSync(taken.file, home);
    rmSync(taken.folder, { recursive: true, force: true });
    return true;
  }

  /** A file an importer that died had taken: to failed/, with a report saying so. */
  private failLeftover(leftover: Leftover): InboxResult {
    const refusal = {
      reason:
        'a file whose import was interrupted: the importer stopped without finishing it (killed, out of memory, or a ' +
        'power cut); nothing of it was written',
      hint:
        'if the importer ran out of memory on it (journalctl -k, journalctl -u airgap-agent-import), split the ' +
        'export; else move it back into the inbox to try again',
    };
    return this.finish({
      name: leftover.name,
      from: leftover.file,
      folder: leftover.folder,
      outcome: 'failed',
      refusal,
    });
  }

  /** File it away (inbox-outcome.ts), keep it among the recent results, and tell the listener. */
  private finish(done: Outcome): InboxResult {
    const { config, log } = this.options;
    const result = fileAway({ inbox: config.import.inbox, timezone: config.plant.timezone, log }, done);
    this.recent.unshift(result);
    this.recent.length = Math.min(this.recent.length, 20);
    this.options.onImported?.(result);
    return result;
  }
}
