/**
 * What becomes of a file the inbox looked at: moved to done/ or failed/ as <stamp>-NAME with
 * <stamp>-NAME.report.txt beside it (the import's report, its error with the fix, or why it was refused),
 * and a log line. Every name, error and report is written as printable text (printable.ts): a newline in
 * a file's name cannot forge a report line. done/ and failed/ must be real folders (inbox-take.ts).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { localDateTime, now } from '../clock.js';
import type { AppError } from '../errors.js';
import type { ImportReport } from './importer.js';
import { ownFolder } from './inbox-take.js';
import { printable } from './printable.js';
import { formatReport } from './report.js';

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

/** A file's outcome: where it is now, and the report, the failure or the refusal to file with it. */
export interface Outcome {
  name: string;
  /** where the file (or the refused entry) is now */
  from: string;
  /** its .processing folder, removed once it is filed */
  folder?: string | undefined;
  outcome: InboxOutcome;
  report?: ImportReport | undefined;
  failure?: AppError | undefined;
  refusal?: { reason: string; hint: string } | undefined;
  error?: string | undefined;
  table?: string | undefined;
  mappingFile?: string | undefined;
  at?: string | undefined;
  pid?: number | undefined;
}

/** Move the file (or the refused entry) to done/ or failed/ with its report, log it, and say so. */
export function fileAway(where: { inbox: string; timezone: string; log: Logger }, done: Outcome): InboxResult {
  const { inbox, log } = where;
  const { name, outcome, report, failure, refusal, table } = done;
  const at = done.at ?? localDateTime(now(), where.timezone);
  const stamp = at.replaceAll('-', '').replaceAll(':', '');
  // the name, and the errors and reports that quote it, are printable text (printable.ts): a newline in a
  // name cannot forge a report line
  let text: string;
  let error: string | undefined;
  if (report !== undefined) text = formatReport(report);
  else if (failure !== undefined) {
    error = failure.describe();
    text =
      `${printable(name)}: NOT IMPORTED — ${printable(failure.message)}` +
      `${failure.hint ? `\n  fix: ${printable(failure.hint)}` : ''}`;
  } else if (refusal !== undefined) {
    error = `${name} is ${refusal.reason}\n  fix: ${refusal.hint}`;
    text = `${printable(name)}: NOT IMPORTED — ${printable(name)} is ${printable(refusal.reason)}\n  fix: ${printable(refusal.hint)}`;
  } else {
    error = done.error;
    text = `${printable(name)}: NOT IMPORTED — ${printable(done.error ?? '')}`;
  }
  let target = path.join(inbox, outcome === 'failed' ? 'failed' : 'done', `${stamp}-${name}`);
  try {
    ownFolder(path.dirname(target));
    renameSync(done.from, target);
    if (done.folder) rmSync(done.folder, { recursive: true, force: true });
  } catch (moveError) {
    log.error({ file: name, err: moveError }, 'inbox-move-failed');
    target = done.from;
  }
  const header =
    `${at} ${outcome.toUpperCase()} ${printable(name)}${table ? ` → ${table}` : ''}` +
    `${done.mappingFile ? ` (mapping ${path.basename(done.mappingFile)})` : ''}\n`;
  try {
    writeFileSync(`${target}.report.txt`, `${header}${text}\n`, { flag: 'wx' });
  } catch (writeError) {
    log.error({ file: name, err: writeError }, 'inbox-report-failed');
  }
  const result: InboxResult = { file: name, outcome, table, report, error, movedTo: target, at, pid: done.pid };
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
      worker_pid: done.pid,
    },
    `inbox-${outcome}`,
  );
  return result;
}
