/**
 * Running one maintenance script: arguments validated against the manifest
 * first, then argv only (no shell: `command…` + one `--key=value` per
 * argument), a clean environment (a fixed PATH, the plant's time zone, the
 * folders it is told about — nothing inherited), a timeout (SIGTERM, then
 * SIGKILL 3 s later), output streamed line by line and kept up to
 * `scripts.output_max_kb` with its SHA-256. Under systemd (`scripts.sandbox`
 * auto/systemd) the script runs in a transient unit (`systemd-run --wait
 * --pipe --collect`) with its own limits: ProtectSystem=strict with only the
 * manifest's write paths writable, NoNewPrivileges, PrivateTmp, the run-as
 * user, RuntimeMaxSec. Every run is a row in script_runs (who asked, who
 * approved, arguments, exit code, duration, output digest).
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import { appRoot, selfCommand } from '../runtime/self.js';
import { isClockFixed, now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { validateArgs, type ScriptEntry, type ScriptManifest } from './manifest.js';
import { ScriptRunStore, type ScriptRunResult } from './store.js';
import { RUN_UNIT_TEMPLATE, runInUnit } from './run-unit.js';

/** 'unit': a script that restarts units runs in its own airgap-agent-script@<run>.service (run-unit.ts) */
export type Sandbox = 'systemd' | 'process' | 'unit';

export interface RunScriptOptions {
  config: Config;
  configFile?: string | undefined;
  db: SqliteDatabase;
  entry: ScriptEntry;
  args: unknown;
  requestedBy: string | null;
  approvedBy: string | null;
  sessionId?: string | undefined;
  traceId?: string | undefined;
  signal?: AbortSignal | undefined;
  /** one call per output line (stdout and stderr) */
  onLine?: ((line: string, stream: 'stdout' | 'stderr') => void) | undefined;
  /** tests: decide the sandbox instead of probing */
  sandbox?: Sandbox | undefined;
  /** tests: the systemctl that starts a run's unit (sandbox 'unit') */
  systemctl?: string | undefined;
}

const CLEAN_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const TAIL_LINES = 40;

/** Placeholders a manifest may use in touches.read/write. */
export function expandPlaceholders(text: string, config: Config): string {
  return text
    .replaceAll('{plant.db}', config.plant.db)
    .replaceAll('{reports.dir}', config.reports.dir)
    .replaceAll('{log.dir}', config.log.dir)
    .replaceAll('{state.dir}', path.dirname(config.state.db))
    .replaceAll('{docs.root}', config.docs.root);
}

/** `--key=value` for each argument, in the schema's property order (arrays repeat the flag). */
export function argvOf(manifest: ScriptManifest, args: Record<string, unknown>): string[] {
  const properties = Object.keys((manifest.args.properties as Record<string, unknown> | undefined) ?? {});
  const keys = [
    ...properties.filter((key) => key in args),
    ...Object.keys(args)
      .filter((key) => !properties.includes(key))
      .sort(),
  ];
  const argv: string[] = [];
  for (const key of keys) {
    const value = args[key];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      argv.push(`--${key}=${typeof item === 'object' ? JSON.stringify(item) : String(item)}`);
    }
  }
  return argv;
}

/** The clean environment a script sees. */
export function scriptEnv(options: {
  config: Config;
  configFile?: string | undefined;
  entry: ScriptEntry;
}): Record<string, string> {
  const { config, entry } = options;
  const env: Record<string, string> = {
    PATH: CLEAN_PATH,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: config.plant.timezone,
    HOME: os.tmpdir(),
    TMPDIR: os.tmpdir(),
    AIRGAP_SCRIPT_NAME: entry.name,
    AIRGAP_SCRIPT_DIR: entry.dir,
    AIRGAP_REPORTS_DIR: config.reports.dir,
    AIRGAP_LOG_DIR: config.log.dir,
    AIRGAP_STATE_DIR: path.dirname(config.state.db),
    AIRGAP_PLANT_DB: config.plant.db,
    AIRGAP_AGENT_ROOT: appRoot(),
  };
  if (options.configFile) env.AIRGAP_AGENT_CONFIG = options.configFile;
  if (isClockFixed()) env.AIRGAP_AGENT_NOW = now().toISOString();
  if (process.env.AIRGAP_AGENT_SQLITE_NATIVE) env.AIRGAP_AGENT_SQLITE_NATIVE = process.env.AIRGAP_AGENT_SQLITE_NATIVE;
  return env;
}

/** sd_booted(): systemd is PID 1 and systemd-run is installed. */
export function systemdAvailable(): boolean {
  return (
    existsSync('/run/systemd/system') && ['/usr/bin/systemd-run', '/bin/systemd-run'].some((file) => existsSync(file))
  );
}

export function chooseSandbox(config: Config, manifest?: ScriptManifest): Sandbox {
  if (config.scripts.sandbox === 'none') return 'process';
  // a script that restarts units: in its own unit, the only place the polkit rule lets a restart come from
  if (manifest && manifest.touches.units.length > 0 && systemdAvailable() && existsSync(RUN_UNIT_TEMPLATE))
    return 'unit';
  const available = systemdAvailable() && (process.getuid?.() === 0 || config.scripts.sandbox === 'systemd');
  if (config.scripts.sandbox === 'systemd' && !systemdAvailable()) {
    throw new AppError(
      'SKILL_FAILED',
      'scripts.sandbox is "systemd", but systemd is not running here (or systemd-run is missing)',
      {
        hint: 'set scripts.sandbox: auto (a plain child process where systemd is absent), or run on the installed appliance',
      },
    );
  }
  return available ? 'systemd' : 'process';
}

/** The systemd-run command line that wraps a script in a transient unit with its own limits. */
export function systemdRunArgv(options: {
  runId: string;
  manifest: ScriptManifest;
  argv: string[];
  env: Record<string, string>;
  config: Config;
  workDir: string;
}): string[] {
  const { manifest, config } = options;
  const properties = [
    'ProtectSystem=strict',
    'ProtectHome=read-only',
    'PrivateTmp=yes',
    'NoNewPrivileges=yes',
    'ProtectKernelTunables=yes',
    'ProtectKernelModules=yes',
    'ProtectControlGroups=yes',
    'RestrictSUIDSGID=yes',
    'LockPersonality=yes',
    'PrivateNetwork=yes',
    `RuntimeMaxSec=${manifest.timeout_s + 5}`,
    'MemoryMax=512M',
    'TasksMax=64',
    `WorkingDirectory=${options.workDir}`,
  ];
  // a script that restarts units must talk to systemd over D-Bus (a unix socket); the network stays off otherwise
  if (manifest.touches.units.length > 0) properties.splice(properties.indexOf('PrivateNetwork=yes'), 1);
  for (const write of manifest.touches.write) properties.push(`ReadWritePaths=-${expandPlaceholders(write, config)}`);
  if (manifest.run_as) properties.push(`User=${manifest.run_as}`);
  const argv = [
    '--wait',
    '--pipe',
    '--collect',
    '--quiet',
    '--service-type=exec',
    `--unit=airgap-script-${manifest.name.replace(/_/g, '-')}-${options.runId.slice(0, 8)}`,
  ];
  for (const property of properties) argv.push(`--property=${property}`);
  for (const [key, value] of Object.entries(options.env)) argv.push(`--setenv=${key}=${value}`);
  argv.push('--', ...options.argv);
  return argv;
}

export type { ScriptRunResult } from './store.js';

/** The exact argv of a run: the manifest's command (a file beside it, or this program), then the arguments. */
export function commandOf(entry: ScriptEntry, manifest: ScriptManifest, args: Record<string, unknown>): string[] {
  const head = manifest.command.flatMap((part, index) => {
    if (index === 0 && part === '{agent}') {
      const self = selfCommand([]);
      return [self.command, ...self.args];
    }
    return [index === 0 ? path.join(entry.dir, part) : part];
  });
  return [...head, ...argvOf(manifest, args)];
}

/** Validate, run, record. Resolves with the finished row; throws only for refusals before the run. */
export async function runScript(options: RunScriptOptions): Promise<ScriptRunResult> {
  const { config, entry } = options;
  const manifest = entry.manifest;
  if (!manifest)
    throw new AppError('SKILL_NOT_FOUND', `script "${entry.name}" is disabled: ${entry.error ?? 'broken manifest'}`, {
      hint: 'fix the manifest; `airgap-agent scripts list` shows why',
    });
  const checked = validateArgs(manifest, options.args);
  if (!checked.ok) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', checked.error, {
      hint: `expected arguments: ${JSON.stringify(manifest.args)}`,
    });
  }
  if (manifest.needs_approval && !options.approvedBy) {
    throw new AppError('FORBIDDEN', `script "${manifest.name}" needs an admin's approval before it runs`, {
      hint:
        'ask in the chat page, where another admin approves it; or at the console: ' +
        'airgap-agent scripts run NAME --approve-as ADMIN (that admin types their password)',
    });
  }
  const args = checked.value;
  const sandbox = options.sandbox ?? chooseSandbox(config, manifest);
  const argv = commandOf(entry, manifest, args);
  const env = scriptEnv({ config, configFile: options.configFile, entry });
  for (const write of manifest.touches.write) {
    const target = expandPlaceholders(write, config);
    if (target === config.reports.dir) mkdirSync(target, { recursive: true });
  }
  const runId = randomUUID();
  const store = new ScriptRunStore(options.db);
  const started = performance.now();
  store.start({
    run_id: runId,
    script: manifest.name,
    version: manifest.version,
    arguments: args,
    argv,
    requested_by: options.requestedBy,
    approved_by: options.approvedBy,
    session_id: options.sessionId ?? null,
    trace_id: options.traceId ?? null,
    sandbox,
  });
  if (sandbox === 'unit')
    return runInUnit({
      runId,
      store,
      manifest,
      systemctl: options.systemctl,
      signal: options.signal,
      onLine: options.onLine,
    });
  return spawnRun({
    runId,
    store,
    entry,
    manifest,
    argv,
    env,
    config,
    sandbox,
    signal: options.signal,
    onLine: options.onLine,
    started,
  });
}

/** The run itself: a child process (or systemd-run), its output collected, its row finished. */
export async function spawnRun(options: {
  runId: string;
  store: ScriptRunStore;
  entry: ScriptEntry;
  manifest: ScriptManifest;
  argv: string[];
  env: Record<string, string>;
  config: Config;
  sandbox: 'systemd' | 'process';
  signal?: AbortSignal | undefined;
  onLine?: RunScriptOptions['onLine'];
  started: number;
}): Promise<ScriptRunResult> {
  const { runId, store, entry, manifest, argv, env, config, sandbox, started } = options;
  const [command, ...rest] =
    sandbox === 'systemd'
      ? ['systemd-run', ...systemdRunArgv({ runId, manifest, argv, env, config, workDir: entry.dir })]
      : argv;
  if (sandbox === 'process' && manifest.run_as && manifest.run_as !== os.userInfo().username) {
    options.onLine?.(
      `[airgap-agent] run_as "${manifest.run_as}" applies in the systemd sandbox only; this run is a ` +
        `plain child process as "${os.userInfo().username}" (scripts.sandbox)`,
      'stderr',
    );
  }
  const limit = config.scripts.output_max_kb * 1024;
  const hash = createHash('sha256');
  let bytes = 0;
  let kept = '';
  let truncated = false;
  const tail: string[] = [];
  const outcome = await new Promise<{
    code: number | null;
    signal: string | null;
    timedOut: boolean;
    cancelled: boolean;
    spawnError?: string;
  }>((resolve) => {
    const child = spawn(command!, rest, {
      shell: false,
      env: sandbox === 'systemd' ? { PATH: CLEAN_PATH, LANG: 'C.UTF-8' } : env,
      cwd: entry.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: sandbox === 'process',
    });
    let timedOut = false;
    let cancelled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      // the whole process group: a script's own children go too
      try {
        if (child.pid && sandbox === 'process') process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        /* already gone */
      }
      killTimer = setTimeout(() => {
        try {
          if (child.pid && sandbox === 'process') process.kill(-child.pid, 'SIGKILL');
          else child.kill('SIGKILL');
        } catch {
          /* already gone */
        }
      }, 3000);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, manifest.timeout_s * 1000);
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const reader = (stream: 'stdout' | 'stderr') => {
      let partial = '';
      return (chunk: Buffer): void => {
        hash.update(chunk);
        bytes += chunk.length;
        const text = chunk.toString('utf8');
        if (kept.length < limit) {
          kept += text.slice(0, limit - kept.length);
          if (kept.length >= limit) truncated = true;
        } else truncated = true;
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) emit(line, stream);
        if (partial.length > 4000) (emit(partial, stream), (partial = ''));
      };
      function emit(line: string, where: 'stdout' | 'stderr'): void {
        const clean = line.replace(/\r$/, '');
        tail.push(clean.slice(0, 500));
        if (tail.length > TAIL_LINES) tail.shift();
        options.onLine?.(clean, where);
      }
    };
    child.stdout.on('data', reader('stdout'));
    child.stderr.on('data', reader('stderr'));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, cancelled, spawnError: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, signal, timedOut, cancelled });
    });
  });
  const ms = performance.now() - started;
  if (outcome.spawnError) tail.push(`cannot start ${command}: ${outcome.spawnError}`);
  const state = outcome.timedOut
    ? 'timeout'
    : outcome.cancelled
      ? 'cancelled'
      : outcome.code === 0
        ? 'success'
        : 'failed';
  const row = store.finish(runId, {
    state,
    exit_code: outcome.code,
    signal: outcome.signal,
    duration_ms: ms,
    output_sha256: hash.digest('hex'),
    output_bytes: bytes,
    output_tail: tail.join('\n'),
  });
  return { ...row, output: kept, truncated };
}
