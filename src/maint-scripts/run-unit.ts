/**
 * A script that restarts units runs in a unit of its own (issue 29, N20):
 * the polkit rule (polkit-rule.ts) lets a restart come only from a process
 * inside `airgap-agent-script@<run>.service`, never from the service or any
 * other process of its user. The template (deploy/airgap-agent-script@.service,
 * installed by root) has one command, `airgap-agent scripts exec <run>`
 * (exec-run.ts), which runs the queued run once.
 *
 * The service's side, here: the run's row is written first (sandbox 'unit':
 * waiting for its unit), then `systemctl start airgap-agent-script@<run>`
 * (the rule lets the service user start and stop exactly such units) waits
 * for it — a oneshot unit, so start returns when the run has ended. The unit
 * fills the row; on the run's timeout or a cancel the unit is stopped. A unit
 * that never took the run leaves the row failed, with where to look.
 */
import { spawn } from 'node:child_process';
import { AppError } from '../errors.js';
import type { ScriptManifest } from './manifest.js';
import type { ScriptRunResult, ScriptRunStore } from './store.js';

/** Installed by install.sh (root); its presence is what makes runs of unit-touching scripts go this way. */
export const RUN_UNIT_TEMPLATE = '/etc/systemd/system/airgap-agent-script@.service';
/** A run waits at most this long for its unit to take it (exec-run.ts refuses older rows). */
export const RUN_CLAIM_MAX_AGE_MS = 5 * 60_000;
/** What `systemctl start` may take beyond the script's own timeout (the unit's start-up). */
const START_SLACK_MS = 15_000;

/** The unit of one run: the template instance named by the run id's 32 hex digits. */
export function runUnitName(runId: string): string {
  return `airgap-agent-script@${runId.replace(/-/g, '')}.service`;
}

/** The run id (a UUID) from an instance name's 32 hex digits, or undefined. */
export function runIdOfInstance(instance: string): string | undefined {
  const hex = /^[0-9a-f]{32}$/.exec(instance)?.[0];
  return hex
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : undefined;
}

function systemctl(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      shell: false,
      env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let timedOut = false;
    const collect = (chunk: Buffer): void => {
      if (output.length < 4000) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `cannot run ${command}: ${error.message}`, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim(), timedOut });
    });
  });
}

/** Start the run's unit and wait for it; the row as the unit left it. */
export async function runInUnit(options: {
  runId: string;
  store: ScriptRunStore;
  manifest: ScriptManifest;
  systemctl?: string | undefined;
  signal?: AbortSignal | undefined;
  onLine?: ((line: string, stream: 'stdout' | 'stderr') => void) | undefined;
}): Promise<ScriptRunResult> {
  const { runId, store, manifest } = options;
  const command = options.systemctl ?? 'systemctl';
  const unit = runUnitName(runId);
  const started = performance.now();
  const stop = (): void => void systemctl(command, ['stop', unit], 10_000);
  const onAbort = (): void => stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let outcome: Awaited<ReturnType<typeof systemctl>>;
  try {
    outcome = await systemctl(command, ['start', unit], manifest.timeout_s * 1000 + START_SLACK_MS);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (outcome.timedOut) await systemctl(command, ['stop', unit], 10_000);
  let row = store.get(runId);
  if (!row) throw new AppError('INTERNAL', `the row of run ${runId} is gone`);
  if (row.finished_at === null) {
    // the unit never took the run, or was stopped before it wrote the end
    const state = options.signal?.aborted ? 'cancelled' : outcome.timedOut ? 'timeout' : 'failed';
    row = store.finish(runId, {
      state,
      exit_code: null,
      signal: null,
      duration_ms: performance.now() - started,
      output_sha256: null,
      output_bytes: 0,
      output_tail:
        `[airgap-agent] the run's unit ${unit} did not finish it (systemctl start: ` +
        `${outcome.timedOut ? 'timed out' : `exit ${outcome.code ?? 'none'}`}${outcome.output ? `: ${outcome.output}` : ''}); ` +
        `see: journalctl -u ${unit}`,
    });
  }
  const output = row.output_tail ?? '';
  for (const line of output.split('\n')) if (line) options.onLine?.(line, 'stdout');
  return { ...row, output, truncated: (row.output_bytes ?? 0) > Buffer.byteLength(output) };
}
