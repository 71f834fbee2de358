/**
 * `airgap-agent import TABLE FILE… [--mapping FILE.yaml] [--dry-run] [--replace-range] [--reject-file FILE] [--force] [--db FILE] [--json]`
 * `airgap-agent import --watch` | `--inbox-once`
 *
 * Imports the plant's exports into plant.db (src/import): each file in one
 * transaction, every value checked against the contract. Progress goes to
 * stderr, the report to stdout. Exit 0 when every file was imported (or was
 * already), 1 when one was rejected, 2 for usage errors. `--watch` runs the
 * inbox watcher (import.inbox) in this process — the appliance's
 * airgap-agent-import unit, the one with write access to plant.db.
 */
import path from 'node:path';
import { AppError } from '../../errors.js';
import { localDateTime, now } from '../../clock.js';
import { consoleLine, initLogging, logger } from '../../log/index.js';
import { importFile, type ImportReport } from '../../import/importer.js';
import { loadMapping } from '../../import/mapping.js';
import { formatProgress, formatReport } from '../../import/report.js';
import { printable } from '../../import/printable.js';
import { InboxWatcher } from '../../import/inbox.js';
import { archiveQuality, formatArchiveReport } from '../../import/archive.js';
import { TABLE_NAMES } from '../../import/contract.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent import TABLE FILE… [--mapping FILE.yaml] [--dry-run] [--replace-range] [--reject-file FILE] [--force] [--db FILE] [--json] [--quiet]',
    'airgap-agent import --watch | --inbox-once      (the drop folder, import.inbox)',
    'airgap-agent import archive --older-than DAYS [--dry-run] [--db FILE] [--archive FILE] [--json]',
  ],
  about: [
    `TABLE: ${TABLE_NAMES.join(', ')}. Each file is one transaction; every value is checked against the data contract.`,
    'Progress goes to stderr, the report to stdout. Exit 0 when every file was imported, 1 when one was rejected.',
  ],
  options: {
    mapping: {
      value: 'FILE.yaml',
      text: "the export's column names and formats (see deploy/import-mappings/)",
      default: "none: the file's headers must be the contract's column names",
    },
    'dry-run': { text: 'check everything, write nothing', default: 'off' },
    'replace-range': { text: "delete the rows of the file's date range first (a corrected export)", default: 'off' },
    'reject-file': { value: 'FILE', text: 'write the refused rows here, with the reason', default: 'none' },
    force: { text: 'import again a file imported before', default: 'off: skipped' },
    db: { value: 'FILE', text: 'the plant database', default: 'plant.db from the config' },
    json: { text: 'the report as JSON', default: 'off: text' },
    quiet: { text: 'no progress on stderr', default: 'off' },
    watch: { text: 'watch import.inbox and import what arrives (the airgap-agent-import unit)', default: 'off' },
    'inbox-once': { text: 'import what import.inbox holds now, then exit', default: 'off' },
    'older-than': {
      value: 'DAYS',
      text: 'archive: move quality rows older than this to plant-archive.db',
      default: 'none: required',
    },
    archive: { value: 'FILE', text: 'archive: the archive database', default: 'plant-archive.db beside plant.db' },
  },
  examples: [
    'airgap-agent import quality_data export.csv --mapping deploy/import-mappings/mes-quality.yaml --dry-run',
    'airgap-agent import work_orders wo-2026-11.xlsx --reject-file rejected.csv',
    'airgap-agent import archive --older-than 365 --dry-run',
  ],
};
const USAGE = usageOf(HELP);

function rejectPath(base: string, input: string, several: boolean): string {
  if (!several) return base;
  const extension = path.extname(base) || '.csv';
  return `${base.slice(0, base.length - path.extname(base).length)}.${path.basename(input, path.extname(input))}${extension}`;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      mapping: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'replace-range': { type: 'boolean' },
      'reject-file': { type: 'string' },
      force: { type: 'boolean' },
      db: { type: 'string' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean' },
      watch: { type: 'boolean' },
      'inbox-once': { type: 'boolean' },
      'older-than': { type: 'string' },
      archive: { type: 'string' },
    },
    HELP,
  );
  const loaded = loadCommandConfig(context);
  const { config } = loaded;
  const db = (values.db as string | undefined) ?? config.plant.db;
  if (values.watch === true || values['inbox-once'] === true) {
    if (positionals.length > 0)
      throw new AppError('USAGE', 'import: --watch and --inbox-once take no TABLE or FILE', {
        hint: `usage: ${USAGE}`,
      });
    await initLogging({ config, fileName: 'import', console: values.watch === true });
    const watcher = new InboxWatcher({
      config: { ...config, plant: { ...config.plant, db } },
      log: logger('import'),
      keepAlive: values.watch === true,
      // each file in a process of its own: one that crashes it fails alone, and the time limit can kill it
      worker: true,
    });
    if (values['inbox-once'] === true) {
      const results = await watcher.scanOnce({ ignoreStability: true });
      for (const result of results)
        process.stdout.write(
          `${printable(result.file)}: ${result.outcome}${result.report ? ` — ${formatReport(result.report).split('\n')[0]}` : ''}\n`,
        );
      if (results.length === 0) process.stdout.write(`inbox ${config.import.inbox}: nothing to import\n`);
      return results.some((result) => result.outcome === 'failed') ? 1 : 0;
    }
    consoleLine('info', `airgap-agent import: watching ${config.import.inbox} (every ${config.import.poll_ms} ms)\n`);
    watcher.start();
    return new Promise<number>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void watcher.stop().then(() => resolve(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  }
  const [table, ...files] = positionals;
  if (table === 'archive') {
    if (files.length > 0) throw new AppError('USAGE', 'import archive takes no FILE', { hint: `usage: ${USAGE}` });
    const days = Number(values['older-than']);
    if (values['older-than'] === undefined || !Number.isInteger(days) || days < 1) {
      throw new AppError('USAGE', 'import archive: give --older-than DAYS (a whole number ≥ 1)', {
        hint: 'e.g. airgap-agent import archive --older-than 365 --dry-run',
      });
    }
    const report = archiveQuality({
      db,
      olderThanDays: days,
      today: localDateTime(now(), config.plant.timezone).slice(0, 10),
      archive: typeof values.archive === 'string' ? values.archive : undefined,
      dryRun: values['dry-run'] === true,
    });
    process.stdout.write(
      values.json === true ? `${JSON.stringify(report, null, 2)}\n` : `${formatArchiveReport(report)}\n`,
    );
    return 0;
  }
  if (table === undefined || files.length === 0)
    throw new AppError('USAGE', 'import: give a TABLE and at least one FILE', { hint: `usage: ${USAGE}` });
  if (!TABLE_NAMES.includes(table))
    throw new AppError('USAGE', `import: "${table}" is not a table of the data contract`, {
      hint: `tables: ${TABLE_NAMES.join(', ')}`,
    });
  const mapping = typeof values.mapping === 'string' ? loadMapping(values.mapping) : undefined;
  const quiet = values.quiet === true;
  const reports: ImportReport[] = [];
  for (const file of files) {
    const report = await importFile({
      db,
      table,
      file,
      mapping,
      dryRun: values['dry-run'] === true,
      replaceRange: values['replace-range'] === true,
      rejectFile:
        typeof values['reject-file'] === 'string'
          ? rejectPath(values['reject-file'], file, files.length > 1)
          : undefined,
      force: values.force === true,
      importedAt: localDateTime(now(), config.plant.timezone),
      deadline: { at: Date.now() + config.import.max_seconds * 1000, seconds: config.import.max_seconds },
      progress: quiet ? undefined : (progress) => process.stderr.write(`${formatProgress(table, progress)}\n`),
      // how often progress is shown (tests make it frequent to stop an import mid-way)
      progressEveryMs: Number(process.env.AIRGAP_AGENT_IMPORT_PROGRESS_MS ?? 1000) || 1000,
    });
    reports.push(report);
    if (values.json !== true) process.stdout.write(`${formatReport(report)}\n`);
  }
  if (values.json === true)
    process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
  return reports.some((report) => report.status === 'rejected') ? 1 : 0;
}
