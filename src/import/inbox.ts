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
 * Where an import runs: in this process for `airgap-agent import --watch`
 * (the airgap-agent-import unit: a process of its own already); in a worker
 * process (`worker: true`, src/import/import-process.ts) for the service, so
 * that the process answering questions never writes plant.db and its event
 * loop is not held while SQLite writes. Stopping the watcher stops a worker
 * mid-file: nothing is written and the file stays in the inbox.
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { localDateTime, now } from '../clock.js';
import { toAppError } from '../errors.js';
import { TABLE_NAMES } from './contract.js';
import { importFile, recoverPlantFiles, type ImportReport } from './importer.js';
import { ImportInterrupted, importInWorker } from './import-process.js';
import { globToRegExp, loadMapping, type Mapping } from './mapping.js';
import { formatReport } from './report.js';
import { sourceFormat } from './source.js';

export type InboxOutcome = 'imported' | 'skipped' | 'failed';

export interface InboxResult {
  file: string;
  outcome: InboxOutcome;
  table?: string | undefined;
  report?: ImportReport | undefined;
  error?: string | undefined;
  movedTo: string;
  at: string;
  /** the worker process that ran the import (worker mode) */
  pid?: number | undefined;
}

const IGNORED = /(^\.|^~\$|\.(done|part|tmp|partial|crdownload|filepart|report\.txt)$)/i;

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
      return readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile() && !IGNORED.test(entry.name))
        .map((entry) => entry.name)
        .sort();
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
    const entries = readdirSync(inbox, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !IGNORED.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    const results: InboxResult[] = [];
    const clock = Date.now();
    let mappings: Mapping[] | undefined;
    for (const name of entries) {
      if (this.stopped) break;
      const file = path.join(inbox, name);
      const marker = `${file}.done`;
      let stat;
      try {
        stat = statSync(file);
      } catch {
        continue;
      }
      const hasMarker = existsSync(marker);
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
      const result = await this.importOne(name, mappings);
      // stopped mid-file: the file (and its marker) stay for the next start
      if (result === undefined) break;
      results.push(result);
      if (hasMarker) rmSync(marker, { force: true });
    }
    for (const name of this.seen.keys()) if (!entries.includes(name)) this.seen.delete(name);
    return results;
  }

  /** Import one file in this process or a worker (the report), or undefined when stopped mid-file. */
  private async runImport(
    name: string,
    job: { table: string; file: string; mapping: Mapping | undefined; importedAt: string },
  ): Promise<ImportReport | undefined> {
    const { config, log } = this.options;
    if (!this.options.worker) return importFile({ db: config.plant.db, ...job });
    try {
      const done = await importInWorker(
        {
          db: config.plant.db,
          table: job.table,
          file: job.file,
          mappingFile: job.mapping?.file,
          importedAt: job.importedAt,
        },
        {
          signal: this.abort.signal,
          onStart: (pid) => {
            if (this.importing) this.importing.pid = pid;
          },
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

  private async importOne(name: string, mappings: Mapping[]): Promise<InboxResult | undefined> {
    const { config, log } = this.options;
    const file = path.join(config.import.inbox, name);
    const at = localDateTime(now(), config.plant.timezone);
    const stamp = at.replaceAll('-', '').replaceAll(':', '');
    let outcome: InboxOutcome;
    let report: ImportReport | undefined;
    let text: string;
    let table: string | undefined;
    let error: string | undefined;
    let pid: number | undefined;
    const resolved =
      sourceFormat(name) === undefined
        ? {
            error: `${name}: not a .csv, .txt, .tsv, .xlsx or .xls file`,
          }
        : this.resolve(name, mappings);
    if ('error' in resolved) {
      outcome = 'failed';
      error = resolved.error;
      text = `${name}: NOT IMPORTED — ${resolved.error}`;
    } else {
      table = resolved.table;
      this.importing = { file: name, since: at };
      try {
        report = await this.runImport(name, { table, file, mapping: resolved.mapping, importedAt: at });
        if (report === undefined) return undefined;
        outcome = report.status === 'rejected' ? 'failed' : report.status === 'skipped' ? 'skipped' : 'imported';
        text = formatReport(report);
      } catch (caught) {
        const appError = toAppError(caught);
        outcome = 'failed';
        error = appError.describe();
        text = `${name}: NOT IMPORTED — ${error}`;
      } finally {
        pid = this.importing?.pid; // the worker's, set when it started (worker mode)
        this.importing = undefined;
      }
    }
    const folder = path.join(config.import.inbox, outcome === 'failed' ? 'failed' : 'done');
    mkdirSync(folder, { recursive: true });
    const target = path.join(folder, `${stamp}-${name}`);
    try {
      renameSync(file, target);
    } catch (moveError) {
      log.error({ file, err: moveError }, 'inbox-move-failed');
    }
    const header =
      `${at} ${outcome.toUpperCase()} ` +
      `${name}${table ? ` → ${table}` : ''}` +
      `${resolved && 'mapping' in resolved && resolved.mapping?.file ? ` (mapping ${path.basename(resolved.mapping.file)})` : ''}\n`;
    writeFileSync(`${target}.report.txt`, `${header}${text}\n`);
    const result: InboxResult = { file: name, outcome, table, report, error, movedTo: target, at, pid };
    log[outcome === 'failed' ? 'warn' : 'info'](
      {
        file: name,
        table,
        outcome,
        rows: report?.written,
        rejected: report?.rejected,
        problems: report?.problemCount,
        error,
        moved_to: target,
        worker_pid: pid,
      },
      `inbox-${outcome}`,
    );
    this.recent.unshift(result);
    this.recent.length = Math.min(this.recent.length, 20);
    this.options.onImported?.(result);
    return result;
  }
}
