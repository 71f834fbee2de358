/**
 * `airgap-agent skills list [--json]`: every skill the registry knows — code
 * skills compiled in and Markdown skills in skills.dir — with kind, version,
 * enabled and source, and the reason when one is disabled (a broken file, a
 * change without a version increase, a missing fallback). Listing loads the
 * registry against agent.db, exactly as the service does at start.
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
import { CODE_SKILLS } from '../../skills/code/index.js';
import { scriptSkills } from '../../maint-scripts/skills.js';
import type { Config } from '../../config/schema.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE = 'airgap-agent skills list [--json] | skills reload [--json]';

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
  });
}

function table(list: SkillInfo[]): string {
  const rows = list.map((info) => [info.name, info.kind, info.version, info.enabled ? 'yes' : 'no', info.source]);
  const header = ['NAME', 'KIND', 'VERSION', 'ENABLED', 'SOURCE'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: string[]): string =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ');
  const lines = [format(header)];
  list.forEach((info, index) => {
    lines.push(format(rows[index]!));
    if (!info.enabled && info.error) lines.push(`    disabled: ${info.error}`);
  });
  return lines.join('\n');
}

function describeChange(change: SkillChange): string {
  const version = change.previous_version ? `${change.previous_version} → ${change.version}` : change.version;
  const reason = change.reason ? `: ${change.reason}` : '';
  return `${change.change.padEnd(14)} ${change.name} ${version}${reason}`;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(context, { json: { type: 'boolean' } }, USAGE);
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
    const list = registry.load();
    registry.close();
    const enabled = list.filter((info) => info.enabled).length;
    const after = stored(db);
    const entries = list.map((info) => ({
      name: info.name,
      kind: info.kind,
      version: info.version,
      enabled: info.enabled,
      source: info.source,
      reason: info.error ?? null,
      description: info.description,
      needs_approval: info.needsApproval,
      updated_at: after.get(info.name)?.updated_at ?? null,
    }));
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
          `${JSON.stringify({ dir: config.skills.dir, skills: [...entries, ...removed], warning: warning ?? null }, null, 2)}\n`,
        );
      } else {
        const lines = [table(list)];
        for (const row of gone)
          lines.push(`${row.name}: no longer installed (${row.error ?? 'disabled'}); last version ${row.version}`);
        lines.push(
          '',
          `${list.length} skill(s), ${enabled} enabled, ${list.length - enabled} disabled — skills folder ${config.skills.dir}, registry ${config.state.db}`,
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
