/**
 * `airgap-agent maintenance [--backup-dir DIR] [--keep N] [--json]`: the daily
 * run (systemd timer airgap-agent-maintenance): archive audit rows older than
 * audit.retention_days, PRAGMA optimize, an online backup of agent.db keeping
 * the newest N nightly backups (agent-<stamp>.db), rotated logs beyond log.file.keep removed, and a disk-space warning (exit 0, the warning on stderr and in
 * the log; exit 1 only when a step failed). Then plant.db's rollups: checked against quality_data and made
 * exact (src/import/rollup-maintenance.ts; created when missing).
 *
 * `airgap-agent maintenance --migrate [--backup-dir DIR]`: what install.sh
 * runs with the NEW release before switching to it: back up agent.db (when it
 * exists: agent-pre-v<version>-<stamp>.db, the newest PRE_UPGRADE_KEEP of those
 * kept apart from the nightly ones), then migrate it forward. Nothing else.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { now } from '../../clock.js';
import { initLogging, logger } from '../../log/index.js';
import { openAgentDb, SCHEMA_VERSION } from '../../store/agent-db.js';
import { openSqlite } from '../../store/sqlite.js';
import { backupDatabase, PRE_UPGRADE_KEEP, runMaintenance } from '../../store/maintenance.js';
import { VERSION } from '../../version.js';
import { formatRollupMaintenance, maintainRollups, type RollupMaintenance } from '../../import/rollup-maintenance.js';
import { toAppError } from '../../errors.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent maintenance [--backup-dir DIR] [--keep N] [--json]',
    'airgap-agent maintenance --migrate [--backup-dir DIR]',
  ],
  about: [
    'The daily run (timer airgap-agent-maintenance): archive old audit rows, optimize, back up agent.db,',
    'remove old logs and tasks, warn on low disk. --migrate: back up agent.db, then migrate it (install.sh runs it).',
  ],
  options: {
    'backup-dir': { value: 'DIR', text: 'where backups of agent.db go', default: 'backups/ beside agent.db' },
    keep: { value: 'N', text: 'nightly backups kept (1…1000)', default: '7' },
    migrate: { text: 'only back up and migrate agent.db to this release', default: 'off' },
    json: { text: 'a JSON report of each step', default: 'off: text' },
  },
  examples: ['airgap-agent maintenance', 'airgap-agent maintenance --migrate --backup-dir /var/backups/airgap-agent'],
};

function keepOf(value: string | undefined): number {
  if (value === undefined) return 7;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 1 || keep > 1000) {
    throw new AppError('USAGE', `maintenance: --keep "${value}" is not a whole number from 1 to 1000`, {
      hint: 'e.g. --keep 7',
    });
  }
  return keep;
}

export async function run(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    {
      'backup-dir': { type: 'string' },
      keep: { type: 'string' },
      migrate: { type: 'boolean' },
      json: { type: 'boolean' },
    },
    { usage: HELP, allowPositionals: false },
  );
  const { config } = loadCommandConfig(context);
  await initLogging({ config, fileName: 'maintenance', name: 'airgap-agent-maintenance' });
  const log = logger('maintenance');
  const backupDir = path.resolve(
    (values['backup-dir'] as string | undefined) ?? path.join(path.dirname(config.state.db), 'backups'),
  );
  const keep = keepOf(values.keep as string | undefined);

  if (values.migrate)
    return migrateWithBackup({ file: config.state.db, backupDir, keep, json: values.json === true, log });

  const started = Date.now();
  log.info({ db: config.state.db, backupDir, keep, retentionDays: config.audit.retention_days }, 'maintenance-start');
  const db = openAgentDb(config.state.db);
  try {
    const report = await runMaintenance({
      db,
      retentionDays: config.audit.retention_days,
      backupDir,
      keep,
      now: now(),
      diskDirs: [path.dirname(config.state.db), config.log.dir, backupDir],
      logs: { dir: config.log.dir, keep: config.log.file.keep },
      tasks: { retentionDays: config.server.task_retention_days, maxBytes: config.server.tasks_max_mb * 1024 * 1024 },
    });
    log.info(
      {
        archived: report.archive.archived,
        cutoff: report.archive.cutoff,
        backup: report.backup.file,
        removed: report.backup.removed.length,
      },
      'maintenance-end',
    );
    for (const disk of report.disk)
      if (disk.warning) log.warn({ dir: disk.dir, freeBytes: disk.freeBytes }, 'disk-space-low');
    // plant.db's rollups: checked, repaired where plant.db may be written (a failure, e.g. busy, fails the run)
    let rollups: RollupMaintenance | { status: 'failed'; error: string; hint?: string | undefined };
    try {
      rollups = maintainRollups(config.plant.db);
      const { check, ...rest } = rollups;
      log[rollups.status === 'repaired' || rollups.status === 'unrepaired' ? 'warn' : 'info'](
        { ...rest, differing: check?.rollups, examples: check?.examples },
        'rollups-maintained',
      );
    } catch (error) {
      const appError = toAppError(error);
      rollups = { status: 'failed', error: appError.message, hint: appError.hint };
      log.error({ err: error, db: config.plant.db }, 'rollups-maintenance-failed');
    }
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ ...report, rollups, ms: Date.now() - started }, null, 2)}\n`);
    } else {
      const lines = [
        `archived ${report.archive.archived} audit row(s) older than ${report.archive.cutoff} (audit.retention_days = ${config.audit.retention_days})`,
        ...(report.tasks
          ? [
              `tasks: deleted ${report.tasks.deleted} finished task(s) (older than ${report.tasks.cutoff}, or ` +
                `the oldest while results took over server.tasks_max_mb = ${config.server.tasks_max_mb}); stored ` +
                `results ${report.tasks.bytesBefore} → ${report.tasks.bytesAfter} bytes`,
            ]
          : []),
        `optimized ${config.state.db}${report.optimized.checkpointed ? ' (WAL checkpointed)' : ' (WAL busy: checkpoint deferred)'}`,
        `backup ${report.backup.file} (${report.backup.bytes} bytes); removed ${report.backup.removed.length} old backup(s), keeping ${keep}`,
        `logs: removed ${report.logsRemoved.length} rotated file(s) beyond log.file.keep = ${config.log.file.keep} in ${config.log.dir}`,
        ...report.disk.map((disk) =>
          disk.warning
            ? `WARNING: ${disk.warning}`
            : `disk ${disk.dir}: ${(disk.freeBytes / 1024 ** 3).toFixed(1)} GiB free`,
        ),
        rollups.status === 'failed'
          ? `rollups: FAILED: ${rollups.error}${rollups.hint ? `\nfix: ${rollups.hint}` : ''}`
          : formatRollupMaintenance(rollups),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    for (const disk of report.disk) if (disk.warning) process.stderr.write(`warning: ${disk.warning}\n`);
    if (rollups.status === 'repaired' || rollups.status === 'unrepaired')
      process.stderr.write(`warning: ${formatRollupMaintenance(rollups)}\n`);
    return rollups.status === 'failed' ? 1 : 0;
  } finally {
    db.close();
  }
}

async function migrateWithBackup(options: {
  file: string;
  backupDir: string;
  keep: number;
  json: boolean;
  log: ReturnType<typeof logger>;
}): Promise<number> {
  let from = 0;
  let backup: string | undefined;
  if (existsSync(options.file)) {
    const probe = openSqlite(options.file, { readonly: true, fileMustExist: true });
    try {
      from = probe.pragma('user_version', { simple: true }) as number;
    } finally {
      probe.close();
    }
    if (from > SCHEMA_VERSION) {
      throw new AppError(
        'DB_ERROR',
        `${options.file} is at schema version ${from}, newer than release ${VERSION} knows (${SCHEMA_VERSION})`,
        {
          hint: `this release cannot run on it: install the newer release again, or restore the backup taken before the upgrade from ${options.backupDir}`,
        },
      );
    }
    // a snapshot before every release switch (and before any migration):
    // what an admin restores when going back to an older release
    const source = openSqlite(options.file, { fileMustExist: true });
    try {
      backup = (
        await backupDatabase(source, {
          dir: options.backupDir,
          keep: PRE_UPGRADE_KEEP,
          now: now(),
          preUpgrade: VERSION,
        })
      ).file;
    } finally {
      source.close();
    }
  }
  const db = openAgentDb(options.file);
  const to = db.pragma('user_version', { simple: true }) as number;
  db.close();
  options.log.info({ db: options.file, from, to, backup }, 'migration-end');
  const result = { db: options.file, from, to, backup: backup ?? null };
  process.stdout.write(
    options.json
      ? `${JSON.stringify(result)}\n`
      : `${options.file}: schema ${from} → ${to}${backup ? ` (backup ${backup})` : from === to ? ' (up to date)' : ' (new database)'}\n`,
  );
  return 0;
}
