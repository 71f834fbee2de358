/**
 * `airgap-agent skills list [--json]`: every skill the registry knows — code
 * skills compiled in and Markdown skills in skills.dir — with kind, version,
 * enabled and source, and the reason when one is disabled (a broken file, a
 * change without a version increase, a missing fallback); every installed
 * version (several may live side by side) and which one runs, the pin from
 * skills.pins, and whether it can run now (a dependency switched off or
 * missing, as the config and the service's recorded tool lists say). --json
 * gives every field: parameters, explicit ones, output schema, timeout,
 * error codes, retry policy, dependencies. Listing loads the registry against
 * agent.db, exactly as the service does at start.
 *
 * `airgap-agent skills reload [--json]`: reload the registry against agent.db
 * and print what changed (added, updated, enabled, disabled, removed). A
 * running service reloads by itself when a skill file changes
 * (skills.watch: true).
 */
import { existsSync } from 'node:fs';
import { AppError } from '../../errors.js';
import { initLogging, logger } from '../../log/index.js';
import { openAgentDb } from '../../store/agent-db.js';
import type { SqliteDatabase } from '../../store/sqlite.js';
import { SkillRegistry, skillDirs } from '../../skills/registry.js';
import type { SkillInfo } from '../../skills/engine-types.js';
import { withAvailability } from '../../skills/availability.js';
import { staticToolHealth } from '../../mcp/static-health.js';
import { CODE_SKILLS } from '../../skills/code/index.js';
import { scriptSkills } from '../../maint-scripts/skills.js';
import type { Config } from '../../config/schema.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent skills list [--json] | skills reload [--json]',
  about: [
    'list: every skill (code and Markdown) with kind, version, enabled, and why one is disabled.',
    'reload: read the skills again and print what changed (the service does it by itself when skills.watch is on).',
  ],
  options: { json: { text: 'JSON instead of a table', default: 'off' } },
  examples: ['airgap-agent skills list', 'airgap-agent skills reload --json'],
};
const USAGE = usageOf(HELP);

interface StoredSkill {
  name: string;
  version: string;
  kind: string;
  source: string;
  enabled: number;
  error: string | null;
  updated_at: string;
}

export interface SkillChange {
  change: 'added' | 'updated' | 'enabled' | 'disabled' | 'removed' | 'reason-changed';
  name: string;
  kind: string;
  version: string;
  previous_version?: string | undefined;
  reason?: string | undefined;
}

function stored(db: SqliteDatabase): Map<string, StoredSkill> {
  const rows = db
    .prepare('SELECT name, version, kind, source, enabled, error, updated_at FROM skills ORDER BY name')
    .all() as StoredSkill[];
  return new Map(rows.map((row) => [row.name, row]));
}

/** What a reload changed, from the agent.db rows before and after. */
export function diffSkills(before: Map<string, StoredSkill>, after: Map<string, StoredSkill>): SkillChange[] {
  const changes: SkillChange[] = [];
  for (const [name, now] of after) {
    const was = before.get(name);
    const base = { name, kind: now.kind, version: now.version };
    if (!was) changes.push({ change: now.enabled ? 'added' : 'disabled', ...base, reason: now.error ?? undefined });
    else if (was.enabled && !now.enabled)
      changes.push({
        change: now.error === 'skill file removed' ? 'removed' : 'disabled',
        ...base,
        reason: now.error ?? undefined,
      });
    else if (!was.enabled && now.enabled)
      changes.push({
        change: 'enabled',
        ...base,
        previous_version: was.version !== now.version ? was.version : undefined,
      });
    else if (was.version !== now.version) changes.push({ change: 'updated', ...base, previous_version: was.version });
    else if (!now.enabled && was.error !== now.error)
      changes.push({ change: 'reason-changed', ...base, reason: now.error ?? undefined });
  }
  return changes;
}

function registryFor(config: Config, db: SqliteDatabase): SkillRegistry {
  // maintenance scripts are skills too (src/maint-scripts): listed, so a reload never marks them removed
  return new SkillRegistry({
    db,
    dirs: skillDirs(config),
    codeSkills: [...CODE_SKILLS, ...scriptSkills({ config, db }).skills],
    log: logger('skills'),
    pins: config.skills.pins,
  });
}

/** Every skill with its availability as the config and the recorded tool lists tell (no server is started). */
export function listWithHealth(registry: SkillRegistry, config: Config): { list: SkillInfo[]; source: string } {
  const health = staticToolHealth(config);
  const lookup = (name: string): SkillInfo | undefined => registry.info(name);
  return {
    list: registry.list().map((info) => withAvailability(info, { health: (tool) => health.health(tool), lookup })),
    source: health.source,
  };
}

function available(info: SkillInfo): string {
  if (!info.enabled) return '-';
  return info.available === undefined ? '?' : info.available ? 'yes' : 'no';
}

function table(list: SkillInfo[]): string {
  const rows = list.map((info) => [
    info.name,
    info.kind,
    info.version,
    info.enabled ? 'yes' : 'no',
    available(info),
    info.pinned ?? '-',
    info.source,
  ]);
  const header = ['NAME', 'KIND', 'VERSION', 'ENABLED', 'AVAILABLE', 'PINNED', 'SOURCE'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: string[]): string =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
  const lines = [format(header)];
  list.forEach((info, index) => {
    lines.push(format(rows[index]!));
    if (!info.enabled && info.error) lines.push(`    disabled: ${info.error}`);
    if (info.unavailable) lines.push(`    unavailable: ${info.unavailable.reason}`);
    const others = (info.versions ?? []).filter((version) => !version.default && version.source !== info.source);
    for (const version of others)
      lines.push(
        `    also ${version.version}: ${version.enabled ? 'installed' : `disabled (${version.error ?? 'no reason'})`} ${version.source}`,
      );
  });
  return lines.join('\n');
}

/** The --json entry of a skill: every field the registry knows. */
export function skillJson(info: SkillInfo, updatedAt: string | null): Record<string, unknown> {
  return {
    name: info.name,
    kind: info.kind,
    version: info.version,
    versions: info.versions ?? [],
    pinned: info.pinned ?? null,
    enabled: info.enabled,
    // null: not known here (no tool lists recorded yet)
    available: info.enabled ? (info.available ?? null) : false,
    unavailable: info.unavailable ?? null,
    source: info.source,
    reason: info.error ?? null,
    description: info.description,
    needs_approval: info.needsApproval,
    critical: info.critical ?? false,
    parameters: info.parameters,
    explicit: info.explicit ?? [],
    output: info.output ?? null,
    timeout_ms: info.timeoutMs ?? null,
    error_codes: info.errorCodes ?? [],
    retry: info.retry ?? null,
    dependencies: info.dependencies ?? { tools: [], skills: [], servers: [] },
    triggers: info.triggers ?? [],
    updated_at: updatedAt,
  };
}

function describeChange(change: SkillChange): string {
  const version = change.previous_version ? `${change.previous_version} → ${change.version}` : change.version;
  const reason = change.reason ? `: ${change.reason}` : '';
  return `${change.change.padEnd(14)} ${change.name} ${version}${reason}`;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(context, { json: { type: 'boolean' } }, HELP);
  const action = positionals[0];
  if (action !== 'list' && action !== 'reload') {
    throw new AppError(
      'USAGE',
      action === undefined ? 'skills: say what to do: list or reload' : `skills: unknown action "${action}"`,
      { hint: `usage: ${USAGE}` },
    );
  }
  if (positionals.length > 1)
    throw new AppError('USAGE', `skills ${action}: unexpected argument "${positionals[1]}"`, {
      hint: `usage: ${USAGE}`,
    });
  const { config } = loadCommandConfig(context);
  await initLogging({ config, fileName: 'skills', name: 'airgap-agent-skills' });
  const json = values.json === true;
  const folderMissing = !existsSync(config.skills.dir);
  const db = openAgentDb(config.state.db);
  try {
    const registry = registryFor(config, db);
    const before = stored(db);
    registry.load();
    registry.close();
    const { list, source } = listWithHealth(registry, config);
    const enabled = list.filter((info) => info.enabled).length;
    const after = stored(db);
    const entries = list.map((info) => skillJson(info, after.get(info.name)?.updated_at ?? null));
    // rows of skills whose files are gone stay in agent.db, disabled
    const gone = [...after.values()].filter((row) => !list.some((info) => info.name === row.name));
    const warning = folderMissing
      ? `the skills folder ${config.skills.dir} does not exist: only the built-in code skills are listed (fix skills.dir)`
      : undefined;
    if (action === 'list') {
      if (json) {
        const removed = gone.map((row) => ({
          name: row.name,
          kind: row.kind,
          version: row.version,
          enabled: false,
          source: row.source,
          reason: row.error,
          description: '',
          needs_approval: false,
          updated_at: row.updated_at,
        }));
        process.stdout.write(
          `${JSON.stringify(
            {
              dir: config.skills.dir,
              pins: config.skills.pins,
              dependencies_from: source,
              skills: [...entries, ...removed],
              warning: warning ?? null,
            },
            null,
            2,
          )}\n`,
        );
      } else {
        const lines = [table(list)];
        for (const row of gone)
          lines.push(`${row.name}: no longer installed (${row.error ?? 'disabled'}); last version ${row.version}`);
        const unavailable = list.filter((info) => info.enabled && info.available === false).length;
        lines.push(
          '',
          `${list.length} skill(s), ${enabled} enabled, ${list.length - enabled} disabled` +
            `${unavailable > 0 ? `, ${unavailable} unavailable now` : ''} — skills folder ${config.skills.dir}, registry ${config.state.db}`,
          `dependencies: ${source}`,
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (warning) process.stderr.write(`warning: ${warning}\n`);
      return 0;
    }
    const changes = diffSkills(before, after);
    const serviceNote = config.skills.watch
      ? 'A running service reloads by itself when a skill file changes (skills.watch is on); nothing else to do.'
      : 'skills.watch is off: restart the service (systemctl restart airgap-agent) for it to pick up these changes.';
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ dir: config.skills.dir, skills: list.length, enabled, changes, note: serviceNote, warning: warning ?? null }, null, 2)}\n`,
      );
    } else {
      const lines = [
        `reloaded ${list.length} skill(s) from ${config.skills.dir}: ${enabled} enabled, ${list.length - enabled} disabled`,
      ];
      if (changes.length === 0) lines.push('no changes');
      else lines.push(...changes.map(describeChange));
      lines.push(serviceNote);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    if (warning) process.stderr.write(`warning: ${warning}\n`);
    return 0;
  } finally {
    db.close();
  }
}
