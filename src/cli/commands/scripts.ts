/**
 * `airgap-agent scripts list [--json]`: the maintenance scripts of the shipped
 * examples folder and `scripts.dir` — name, version, approval, timeout, run-as,
 * description, phrasings — and why a broken one is disabled. Every installed
 * version is listed; the one the chat runs by default (skills.pins, else the
 * newest) is marked, with the pin.
 *
 * `airgap-agent scripts run NAME [--version RANGE] [--arg key=value …] [--approve-as ADMIN [--password-stdin]] [--json]`:
 * run one as the chat would (the version the chat runs, or the newest inside
 * --version) (arguments validated, no shell, clean
 * environment, timeout, sandbox), its output streamed to stderr, the run
 * recorded in script_runs. A script that needs approval is refused unless
 * `--approve-as` names an enabled admin account AND that admin types their
 * password (asked without echo, or the first line of stdin with
 * --password-stdin); nobody approves their own run (the login running the
 * command may not be the approving account).
 *
 * `airgap-agent scripts runs [--json] [--limit N] [--script NAME]`: the audit of runs.
 *
 * `airgap-agent scripts exec RUN`: the one command of a run's own unit
 * (deploy/airgap-agent-script@.service): takes the queued run once and runs
 * it there (src/maint-scripts/exec-run.ts). Not for people: use `scripts run`.
 *
 * `airgap-agent scripts polkit-rule [--user NAME]`: print the polkit rule that
 * lets the service user (default: whoever runs this) `systemctl restart`
 * exactly the units the enabled scripts list in touches.units; install.sh
 * writes it to /etc/polkit-1/rules.d/50-airgap-agent.rules.
 */
import os from 'node:os';
import { AppError } from '../../errors.js';
import { initLogging } from '../../log/index.js';
import { verifyPassword } from '../../http/passwords.js';
import { openAgentDb } from '../../store/agent-db.js';
import { loadScripts, scriptVersionFor } from '../../maint-scripts/manifest.js';
import { runScript } from '../../maint-scripts/runner.js';
import { execQueuedRun } from '../../maint-scripts/exec-run.js';
import { ScriptRunStore } from '../../maint-scripts/store.js';
import { polkitRuleFor } from '../../maint-scripts/polkit-rule.js';
import { satisfies } from '../../skills/semver.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { promptHidden, readFirstLine } from './users.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent scripts list [--json]',
    'airgap-agent scripts run NAME [--version RANGE] [--arg key=value ...] [--approve-as ADMIN [--password-stdin]] [--json]',
    'airgap-agent scripts runs [--json] [--limit N] [--script NAME]',
    'airgap-agent scripts polkit-rule [--user NAME]',
  ],
  about: [
    'Maintenance scripts: the shipped examples and scripts.dir. A run is recorded in script_runs, as from the chat.',
  ],
  options: {
    json: { text: 'JSON instead of text', default: 'off' },
    arg: {
      value: 'key=value',
      text: "run: one of the script's arguments (repeat; a key given twice is a list)",
      default: 'none',
    },
    'approve-as': {
      value: 'ADMIN',
      text: 'run: approve a script that needs approval as this admin account',
      default: 'none: such a script is refused',
    },
    'password-stdin': {
      text: "run: read the approving admin's password from the first line of stdin",
      default: 'off: asked on the terminal',
    },
    version: {
      value: 'RANGE',
      text: 'run: the newest installed version inside this range (1.0.0, ^1, ~1.2)',
      default: 'the version the chat runs: skills.pins, else the newest',
    },
    limit: { value: 'N', text: 'runs: the newest N runs', default: '20' },
    script: { value: 'NAME', text: 'runs: only this script', default: 'every script' },
    user: { value: 'NAME', text: 'polkit-rule: the service user the rule allows', default: 'the user running this' },
  },
  examples: [
    'airgap-agent scripts list',
    'airgap-agent scripts run restart_service --arg service=vision-inspection --approve-as admin',
    'airgap-agent scripts runs --limit 5',
  ],
};
const USAGE = usageOf(HELP);

const ARG_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/**
 * `--arg key=value` pairs as the script's arguments. A plain map (no
 * prototype): `constructor`, `__proto__` or `toString` are names like any
 * other, for the manifest to accept or refuse.
 */
function parseArgPairs(pairs: string[]): Record<string, unknown> {
  const args = Object.create(null) as Record<string, unknown>;
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw new AppError('USAGE', `--arg "${pair}" is not key=value`, { hint: 'e.g. --arg service=vision-inspection' });
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (!ARG_NAME.test(key))
      throw new AppError('USAGE', `--arg "${pair.slice(0, 80)}": the name must be letters, digits, _ or -`, {
        hint: "`airgap-agent scripts list` shows each script's argument names",
      });
    // a key given twice is a list
    if (Object.hasOwn(args, key))
      args[key] = [...(Array.isArray(args[key]) ? (args[key] as unknown[]) : [args[key]]), value];
    else args[key] = value;
  }
  return args;
}

/**
 * The admin who approves a console run: an enabled admin account, proven by
 * its password, and not the login running the command.
 */
async function approverOf(
  db: ReturnType<typeof openAgentDb>,
  options: { approver: string; passwordStdin: boolean },
): Promise<string> {
  const { approver } = options;
  const user = db
    .prepare('SELECT username, role, disabled, password_hash FROM users WHERE username = ?')
    .get(approver) as { username: string; role: string; disabled: number; password_hash: string } | undefined;
  if (!user || user.disabled || user.role !== 'admin') {
    throw new AppError('FORBIDDEN', `--approve-as ${approver}: not an enabled admin account`, {
      hint: 'name an admin (airgap-agent users list); create one with airgap-agent users add NAME --role admin',
    });
  }
  if (os.userInfo().username === user.username)
    throw new AppError('FORBIDDEN', `--approve-as ${approver}: an admin cannot approve their own run`, {
      hint: 'another admin approves it (at this console with their password, or in the chat page)',
    });
  const password = options.passwordStdin
    ? await readFirstLine(process.stdin)
    : await promptHidden(
        { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
        `password of ${user.username} (the approving admin): `,
      ).catch((error: unknown) => {
        throw error instanceof AppError && /no terminal/.test(error.message)
          ? new AppError('USAGE', `no terminal to ask for the password of ${user.username}`, {
              hint:
                `the approving admin types it here, or pipes it: printf '%s\\n' "$PW" | ` +
                `airgap-agent scripts run NAME --approve-as ${user.username} --password-stdin`,
            })
          : error;
      });
  if (!(await verifyPassword(password, user.password_hash)))
    throw new AppError('UNAUTHENTICATED', `--approve-as ${approver}: wrong password`, {
      hint: `the approving admin types their own password (${approver}'s); nothing was run`,
    });
  return `${user.username} (console)`;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      json: { type: 'boolean' },
      arg: { type: 'string', multiple: true },
      'approve-as': { type: 'string' },
      'password-stdin': { type: 'boolean' },
      version: { type: 'string' },
      limit: { type: 'string' },
      script: { type: 'string' },
      user: { type: 'string' },
    },
    HELP,
  );
  const action = positionals[0];
  const { config, file } = loadCommandConfig(context);
  const json = values.json === true;
  if (action === 'list') {
    const entries = loadScripts(config);
    const pins = config.skills.pins;
    // the version the chat runs when a question pins none itself (skills.pins, else the newest)
    const chosen = new Map(
      [...new Set(entries.map((entry) => entry.name))].map((name) => [name, scriptVersionFor(entries, name, { pins })]),
    );
    const versionsOf = (name: string): number =>
      entries.filter((entry) => entry.name === name && entry.manifest).length;
    if (json) {
      process.stdout.write(
        `${JSON.stringify(
          {
            scripts: entries.map((entry) => ({
              name: entry.name,
              enabled: entry.manifest !== undefined,
              reason: entry.error ?? null,
              origin: entry.origin,
              dir: entry.dir,
              version: entry.manifest?.version ?? null,
              // true on the version that runs when the question pins none (skills.pins, else the newest)
              default: entry.manifest ? chosen.get(entry.name) === entry : false,
              pinned: pins?.[entry.name] ?? null,
              description: entry.manifest?.description ?? null,
              needs_approval: entry.manifest?.needs_approval ?? null,
              timeout_s: entry.manifest?.timeout_s ?? null,
              run_as: entry.manifest?.run_as ?? null,
              args: entry.manifest?.args ?? null,
              touches: entry.manifest?.touches ?? null,
              phrasings: entry.manifest?.phrasings.map((phrasing) => phrasing.text) ?? [],
            })),
          },
          null,
          2,
        )}\n`,
      );
    } else {
      const lines: string[] = [];
      for (const entry of entries) {
        const manifest = entry.manifest;
        if (!manifest) {
          lines.push(`${entry.name}  DISABLED  ${entry.error}`);
          continue;
        }
        const pin = pins?.[entry.name];
        const runs = chosen.get(entry.name) === entry;
        const which =
          versionsOf(entry.name) > 1 || pin !== undefined
            ? runs
              ? `  runs by default${pin !== undefined ? ` (skills.pins "${pin}")` : ' (the newest)'}`
              : `  beside it${pin !== undefined ? ` (outside skills.pins "${pin}")` : ''}: runs when a question pins it`
            : '';
        lines.push(
          `${manifest.name} ${manifest.version}  ` +
            `${manifest.needs_approval ? 'needs approval' : 'no approval'}  timeout ${manifest.timeout_s}s  ` +
            `run as ${manifest.run_as ?? '(service user)'}  [${entry.origin}]${which}`,
        );
        lines.push(`    ${manifest.description.en} / ${manifest.description.zh}`);
        const properties = Object.keys((manifest.args.properties as Record<string, unknown> | undefined) ?? {});
        if (properties.length) lines.push(`    args: ${properties.join(', ')}`);
        if (manifest.phrasings.length)
          lines.push(`    asked as: ${manifest.phrasings.map((phrasing) => `"${phrasing.text}"`).join(', ')}`);
      }
      for (const [name, entry] of chosen)
        if (!entry && pins?.[name] !== undefined && versionsOf(name) > 0)
          lines.push(`${name}: no installed version satisfies skills.pins "${pins[name]}": the chat cannot run it`);
      if (entries.length === 0)
        lines.push('no maintenance scripts (set scripts.dir, or scripts.shipped: true for the examples)');
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return entries.some((entry) => !entry.manifest) ? 1 : 0;
  }
  if (action === 'run') {
    const name = positionals[1];
    if (!name) throw new AppError('USAGE', 'scripts run: which script?', { hint: `usage: ${USAGE}` });
    const range = values.version as string | undefined;
    if (range !== undefined && satisfies('0.0.0', range) === undefined)
      throw new AppError('USAGE', `--version "${range}" is not a version range`, {
        hint: 'use forms like 1.2.3, ^1.2, ~1.2.0, >=1.0, 1.x',
      });
    const entries = loadScripts(config);
    const named = entries.filter((candidate) => candidate.name === name);
    if (named.length === 0)
      throw new AppError('NOT_FOUND', `no maintenance script named "${name}"`, {
        hint: '`airgap-agent scripts list` shows them',
      });
    // the version the chat would run (skills.pins, else the newest), or the newest inside --version
    const chosen = scriptVersionFor(entries, name, { range, pins: config.skills.pins });
    const installed = named.flatMap((candidate) => (candidate.manifest ? [candidate.manifest.version] : []));
    if (!chosen && installed.length > 0) {
      const pin = range !== undefined ? `--version "${range}"` : `skills.pins "${config.skills.pins?.[name]}"`;
      throw new AppError(
        'SKILL_VERSION',
        `script "${name}": ${pin}, but the installed version(s) ${installed.join(', ')} do not satisfy it`,
        { hint: 'name an installed version with --version (`airgap-agent scripts list` shows them)' },
      );
    }
    // with no enabled version, the first (disabled) one: the run is refused with its reason
    const entry = chosen ?? named[0]!;
    await initLogging({ config, fileName: 'scripts', name: 'airgap-agent-scripts' });
    const db = openAgentDb(config.state.db);
    try {
      const args = parseArgPairs((values.arg as string[] | undefined) ?? []);
      const approver = values['approve-as'] as string | undefined;
      const approvedBy =
        approver === undefined
          ? null
          : await approverOf(db, { approver, passwordStdin: values['password-stdin'] === true });
      if (entry.manifest?.needs_approval && !approvedBy) {
        throw new AppError('FORBIDDEN', `script "${name}" needs an admin's approval, and nobody approved it`, {
          hint:
            'ask in the chat page, where another admin approves it; or, at the console: ' +
            'airgap-agent scripts run NAME --approve-as ADMIN (that admin types their password)',
        });
      }
      const controller = new AbortController();
      const onSignal = (): void => controller.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      const result = await runScript({
        config,
        configFile: file,
        db,
        entry,
        args,
        requestedBy: `console:${os.userInfo().username}`,
        approvedBy,
        signal: controller.signal,
        onLine: json ? undefined : (line) => process.stderr.write(`  ${line}\n`),
      }).finally(() => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      });
      const { output: _output, ...row } = result;
      if (json) process.stdout.write(`${JSON.stringify({ ...row, output: result.output }, null, 2)}\n`);
      else {
        process.stdout.write(
          `${name} ${row.version}: ${row.state}, exit code ${row.exit_code ?? row.signal ?? '—'}, ` +
            `${((row.duration_ms ?? 0) / 1000).toFixed(1)} s, sandbox ${row.sandbox}, output ` +
            `${row.output_bytes} bytes sha256 ` +
            `${row.output_sha256}${result.truncated ? ' (kept output cut at scripts.output_max_kb)' : ''}\nru` +
            `n ${row.run_id}\n`,
        );
      }
      return row.state === 'success' ? 0 : 1;
    } finally {
      db.close();
    }
  }
  if (action === 'exec') {
    const instance = positionals[1];
    if (!instance)
      throw new AppError('USAGE', 'scripts exec: which run?', { hint: 'scripts exec RUN (32 hex digits)' });
    await initLogging({ config, fileName: 'scripts', name: 'airgap-agent-scripts' });
    const db = openAgentDb(config.state.db);
    const controller = new AbortController();
    const onSignal = (): void => controller.abort();
    process.once('SIGTERM', onSignal);
    try {
      const result = await execQueuedRun({
        config,
        configFile: file,
        db,
        instance,
        signal: controller.signal,
        onLine: (line) => process.stderr.write(`  ${line}\n`),
      });
      process.stdout.write(
        `${result.script}: ${result.state}, exit code ${result.exit_code ?? result.signal ?? '—'}\n`,
      );
      return result.state === 'success' ? 0 : 1;
    } finally {
      process.off('SIGTERM', onSignal);
      db.close();
    }
  }
  if (action === 'polkit-rule') {
    const user = (values.user as string | undefined) ?? os.userInfo().username;
    if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(user))
      throw new AppError('USAGE', `--user "${user}" is not a user name`, { hint: 'e.g. --user airgap-agent' });
    const entries = loadScripts(config);
    for (const entry of entries)
      if (!entry.manifest)
        process.stderr.write(
          `scripts polkit-rule: ${entry.name} is disabled (${entry.error}): its units are left out\n`,
        );
    const rule = polkitRuleFor(config, user);
    process.stdout.write(rule.text);
    return 0;
  }
  if (action === 'runs') {
    const db = openAgentDb(config.state.db);
    try {
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new AppError('USAGE', `--limit ${values.limit}: a whole number ≥ 1`);
      const rows = new ScriptRunStore(db).list({ limit, script: values.script as string | undefined });
      if (json) process.stdout.write(`${JSON.stringify({ runs: rows }, null, 2)}\n`);
      else {
        const lines = rows.map(
          (row) =>
            // the run's short id: the operator's answer names a failed run by it
            `${row.run_id.slice(0, 8)}  ${row.started_at}  ${row.script} ${row.version}  ${row.state}  exit ${row.exit_code ?? '—'}  ` +
            `${((row.duration_ms ?? 0) / 1000).toFixed(1)}s  asked by ${row.requested_by ?? '—'}  approved ` +
            `by ${row.approved_by ?? '—'}  args ${JSON.stringify(row.arguments)}  sha256 ` +
            `${row.output_sha256?.slice(0, 16) ?? '—'}`,
        );
        process.stdout.write(`${lines.length ? lines.join('\n') : 'no script runs yet'}\n`);
      }
      return 0;
    } finally {
      db.close();
    }
  }
  throw new AppError(
    'USAGE',
    action === undefined
      ? 'scripts: say what to do: list, run, runs or polkit-rule'
      : `scripts: unknown action "${action}"`,
    { hint: `usage: ${USAGE}` },
  );
}
