/**
 * `airgap-agent scripts list [--json]`: the maintenance scripts of the shipped
 * examples folder and `scripts.dir` — name, version, approval, timeout, run-as,
 * description, phrasings — and why a broken one is disabled.
 *
 * `airgap-agent scripts run NAME [--arg key=value …] [--approve-as ADMIN] [--json]`:
 * run one as the chat would (arguments validated, no shell, clean
 * environment, timeout, sandbox), its output streamed to stderr, the run
 * recorded in script_runs. A script that needs approval is refused unless
 * `--approve-as` names an admin account (for an admin at the appliance's
 * console: whoever can run this command can already read agent.db).
 *
 * `airgap-agent scripts runs [--json] [--limit N] [--script NAME]`: the audit of runs.
 *
 * `airgap-agent scripts polkit-rule [--user NAME]`: print the polkit rule that
 * lets the service user (default: whoever runs this) `systemctl restart`
 * exactly the units the enabled scripts list in touches.units; install.sh
 * writes it to /etc/polkit-1/rules.d/50-airgap-agent.rules.
 */
import os from 'node:os';
import { AppError } from '../../errors.js';
import { initLogging } from '../../log/index.js';
import { openAgentDb } from '../../store/agent-db.js';
import { loadScripts } from '../../maint-scripts/manifest.js';
import { runScript } from '../../maint-scripts/runner.js';
import { ScriptRunStore } from '../../maint-scripts/store.js';
import { polkitRuleFor } from '../../maint-scripts/polkit-rule.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE =
  'airgap-agent scripts list [--json] | scripts run NAME [--arg key=value ...] [--approve-as ADMIN]' +
  ' [--json] | scripts runs [--json] [--limit N] [--script NAME] | scripts polkit-rule [--user NAME]';

function parseArgPairs(pairs: string[]): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw new AppError('USAGE', `--arg "${pair}" is not key=value`, { hint: 'e.g. --arg service=vision-inspection' });
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    // a key given twice is a list
    if (key in args) args[key] = [...(Array.isArray(args[key]) ? (args[key] as unknown[]) : [args[key]]), value];
    else args[key] = value;
  }
  return args;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      json: { type: 'boolean' },
      arg: { type: 'string', multiple: true },
      'approve-as': { type: 'string' },
      limit: { type: 'string' },
      script: { type: 'string' },
      user: { type: 'string' },
    },
    USAGE,
  );
  const action = positionals[0];
  const { config, file } = loadCommandConfig(context);
  const json = values.json === true;
  if (action === 'list') {
    const entries = loadScripts(config);
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
        lines.push(
          `${manifest.name} ${manifest.version}  ` +
            `${manifest.needs_approval ? 'needs approval' : 'no approval'}  timeout ${manifest.timeout_s}s  ` +
            `run as ${manifest.run_as ?? '(service user)'}  [${entry.origin}]`,
        );
        lines.push(`    ${manifest.description.en} / ${manifest.description.zh}`);
        const properties = Object.keys((manifest.args.properties as Record<string, unknown> | undefined) ?? {});
        if (properties.length) lines.push(`    args: ${properties.join(', ')}`);
        if (manifest.phrasings.length)
          lines.push(`    asked as: ${manifest.phrasings.map((phrasing) => `"${phrasing.text}"`).join(', ')}`);
      }
      if (entries.length === 0)
        lines.push('no maintenance scripts (set scripts.dir, or scripts.shipped: true for the examples)');
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return entries.some((entry) => !entry.manifest) ? 1 : 0;
  }
  if (action === 'run') {
    const name = positionals[1];
    if (!name) throw new AppError('USAGE', 'scripts run: which script?', { hint: `usage: ${USAGE}` });
    const entry = loadScripts(config).find((candidate) => candidate.name === name);
    if (!entry)
      throw new AppError('NOT_FOUND', `no maintenance script named "${name}"`, {
        hint: '`airgap-agent scripts list` shows them',
      });
    await initLogging({ config, fileName: 'scripts', name: 'airgap-agent-scripts' });
    const db = openAgentDb(config.state.db);
    try {
      let approvedBy: string | null = null;
      const approver = values['approve-as'] as string | undefined;
      if (approver !== undefined) {
        const user = db.prepare('SELECT username, role, disabled FROM users WHERE username = ?').get(approver) as
          { username: string; role: string; disabled: number } | undefined;
        if (!user || user.disabled || user.role !== 'admin') {
          throw new AppError('FORBIDDEN', `--approve-as ${approver}: not an enabled admin account`, {
            hint: 'name an admin (airgap-agent users list); create one with airgap-agent users add NAME --role admin',
          });
        }
        approvedBy = `${user.username} (console)`;
      }
      if (entry.manifest?.needs_approval && !approvedBy) {
        throw new AppError('FORBIDDEN', `script "${name}" needs an admin's approval, and nobody approved it`, {
          hint: 'as an admin at the console: airgap-agent scripts run NAME --approve-as ADMIN; or ask in the chat page, where an admin approves it',
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
        args: parseArgPairs((values.arg as string[] | undefined) ?? []),
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
          `${name}: ${row.state}, exit code ${row.exit_code ?? row.signal ?? '—'}, ` +
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
            `${row.started_at}  ${row.script} ${row.version}  ${row.state}  exit ${row.exit_code ?? '—'}  ` +
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
