/**
 * Inside a run's own unit (`airgap-agent scripts exec <run>`, the one command
 * of deploy/airgap-agent-script@.service): take the queued run once and run
 * it here, so the script's processes — and the `systemctl restart` it makes —
 * sit in this unit's cgroup, which the polkit rule asks for (run-unit.ts).
 *
 * Nothing in the row is trusted but the choice it records: the script must be
 * an enabled manifest of the curated folders, at the recorded version (of the
 * versions installed side by side, that one), with
 * arguments that still validate; a script that needs approval must carry an
 * approver; the command line is built again from the manifest (the row's argv
 * is never run). A row already taken, finished, or older than
 * RUN_CLAIM_MAX_AGE_MS is refused.
 */
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { loadScripts, validateArgs } from './manifest.js';
import { commandOf, scriptEnv, spawnRun, type RunScriptOptions } from './runner.js';
import { RUN_CLAIM_MAX_AGE_MS, runIdOfInstance, runUnitName } from './run-unit.js';
import { ScriptRunStore, type ScriptRunResult } from './store.js';

export async function execQueuedRun(options: {
  config: Config;
  configFile?: string | undefined;
  db: SqliteDatabase;
  /** the instance name: the run id's 32 hex digits */
  instance: string;
  signal?: AbortSignal | undefined;
  onLine?: RunScriptOptions['onLine'];
}): Promise<ScriptRunResult> {
  const { config, db } = options;
  const runId = runIdOfInstance(options.instance);
  if (!runId)
    throw new AppError('USAGE', `scripts exec: "${options.instance.slice(0, 64)}" is not a run (32 hex digits)`, {
      hint: 'this command runs inside airgap-agent-script@<run>.service only; use scripts run',
    });
  const store = new ScriptRunStore(db);
  const unit = runUnitName(runId);
  if (!store.claim(runId, { unit, maxAgeMs: RUN_CLAIM_MAX_AGE_MS }))
    throw new AppError(
      'FORBIDDEN',
      `run ${runId} is not waiting for its unit: unknown, already taken, finished or stale`,
      {
        hint: 'a run is started by the service (or scripts run) and taken once by its own unit; ask again',
      },
    );
  const row = store.get(runId)!;
  const started = performance.now();
  const refuse = (why: string): never => {
    store.finish(runId, {
      state: 'failed',
      exit_code: null,
      signal: null,
      duration_ms: 0,
      output_sha256: null,
      output_bytes: 0,
      output_tail: `[airgap-agent] ${unit} refused the run: ${why}`,
    });
    throw new AppError('FORBIDDEN', `${unit} refused the run: ${why}`, {
      hint: '`airgap-agent scripts list` shows the enabled scripts; ask again through the chat page or scripts run',
    });
  };
  // the version the run recorded (several may be installed side by side), never another
  const versions = loadScripts(config).filter((candidate) => candidate.name === row.script && candidate.manifest);
  const entry = versions.find((candidate) => candidate.manifest!.version === row.version);
  const manifest = entry?.manifest;
  if (versions.length === 0) return refuse(`no enabled script "${row.script}"`);
  if (!entry || !manifest)
    return refuse(
      `${row.script} ${row.version} is not installed now (installed: ` +
        `${versions.map((candidate) => candidate.manifest!.version).join(', ')}), not run as asked`,
    );
  if (manifest.touches.units.length === 0)
    return refuse(`${row.script} restarts no unit: it runs without its own unit`);
  if (manifest.needs_approval && !row.approved_by)
    return refuse(`${row.script} needs an admin's approval, and the run has none`);
  const checked = validateArgs(manifest, row.arguments);
  if (!checked.ok) return refuse(checked.error);
  return spawnRun({
    runId,
    store,
    entry,
    manifest,
    argv: commandOf(entry, manifest, checked.value),
    env: scriptEnv({ config, configFile: options.configFile, entry }),
    config,
    sandbox: 'process',
    signal: options.signal,
    onLine: options.onLine,
    started,
  });
}
