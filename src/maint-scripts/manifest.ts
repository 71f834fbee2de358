/**
 * Predefined maintenance scripts: one folder each, `<dir>/<name>/manifest.yaml`
 * beside its executable. The manifest says what the script is (name, zh/en
 * description, version), how it is called (argv only: the command, then one
 * `--key=value` per argument, validated against the JSON Schema in `args`
 * first), and how far it may reach (timeout, approval, run-as user, the paths
 * it may read and write, the units it may touch). Folders: the shipped
 * examples (deploy/scripts under the app root, `scripts.shipped`) and the
 * plant's own (`scripts.dir`, kept across upgrades); a plant script replaces a
 * shipped one of the same name (every shipped version of it). A broken
 * manifest disables that script alone, with the reason.
 *
 * Versions side by side, as Markdown skills do it: the folder name is free,
 * the manifest's `name` and `version` say what it is, so two folders side by
 * side (`restart_service/` at 1.0.0 and `restart_service-2.0/` at 2.0.0) are two versions of one script. The engine runs the newest unless
 * a pin (skills.pins, a case's skill_version, the API's skill_versions)
 * selects another; the same name and version twice disables the second
 * folder (in file-name order), with the reason.
 */
import { existsSync, readdirSync, readFileSync, statSync, accessSync, constants } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parse as parseYaml } from 'yaml';
import { Ajv } from 'ajv';
import type { Config } from '../config/schema.js';
import { appRoot } from '../runtime/self.js';
import { compareSemver, parseSemver, satisfies } from '../skills/semver.js';

const SCRIPT_NAME = /^[a-z][a-z0-9_]{1,47}$/;
/** A full systemd unit name (what polkit's `unit` detail holds): name, optional @instance, type suffix. */
export const UNIT_NAME =
  /^(?=.{3,255}$)[A-Za-z0-9:_.\\-]+(@[A-Za-z0-9:_.\\-]*)?\.(service|socket|target|timer|path|mount|automount|swap|slice)$/;

/**
 * Services no maintenance script may restart: the system's own (D-Bus,
 * polkit, logind and every systemd-* service, log-in terminals, a user's
 * manager, remote access, networking) and this appliance's units (the service
 * cannot restart itself or its importer from inside a run; the runs' own units).
 */
const SYSTEM_UNITS = [
  /^dbus(-broker)?\.service$/,
  /^polkit(d)?\.service$/,
  /^systemd-.*\.service$/,
  /^(serial-)?getty@.*\.service$/,
  /^(autovt|container-getty|console-getty)@?.*\.service$/,
  /^(user|user-runtime-dir)@.*\.service$/,
  /^(ssh|sshd|openssh-server)(@.*)?\.service$/,
  /^(networking|NetworkManager|wpa_supplicant|ifup@.*)\.service$/,
  /^(emergency|rescue|rc-local|kmod-static-nodes|udev|auditd)\.service$/,
  /^airgap-agent(-import|-script@.*)?\.service$/,
];

/** Why a unit may not be in touches.units, or undefined. */
export function forbiddenUnit(unit: string): string | undefined {
  if (!unit.endsWith('.service'))
    return `"${unit}" is not a service: a maintenance script may restart services (.service) only`;
  if (SYSTEM_UNITS.some((pattern) => pattern.test(unit)))
    return (
      `"${unit}" is a unit the system itself needs (D-Bus, polkit, logind, systemd's own, log-ins, remote access, ` +
      'networking, this appliance): a maintenance script may not restart it'
    );
  return undefined;
}

const phrasingSchema = z
  .object({
    text: z.string().min(2).max(200).describe('a question that asks for this script, zh or en'),
    args: z.record(z.string(), z.unknown()).default({}).describe('the arguments this phrasing means'),
    period: z
      .object({ from: z.string(), to: z.string() })
      .strict()
      .optional()
      .describe('fill these two arguments with the period the question names ("this week", "上周")'),
  })
  .strict();

export const manifestSchema = z
  .object({
    name: z.string().regex(SCRIPT_NAME, 'lower case letters, digits and _, starting with a letter (2-48 characters)'),
    version: z.string().regex(/^\d+\.\d+\.\d+$/, 'a version such as 1.0.0'),
    description: z.object({ en: z.string().min(1), zh: z.string().min(1) }).strict(),
    command: z
      .array(z.string().min(1))
      .min(1)
      .describe('argv before the arguments: a file beside the manifest ("./run"), or "{agent}" for this program'),
    args: z
      .record(z.string(), z.unknown())
      .default({ type: 'object', properties: {}, additionalProperties: false })
      .describe('JSON Schema (an object schema) of the arguments'),
    timeout_s: z.number().int().min(1).max(3600).default(60),
    needs_approval: z.boolean().default(false),
    critical: z
      .boolean()
      .default(false)
      .describe('a critical step: never run unattended; asking for it opens a hand-over to an engineer'),
    run_as: z
      .string()
      .regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'a user name')
      .nullable()
      .default(null)
      .describe('the user it runs as (systemd sandbox only; null: the service user)'),
    touches: z
      .object({
        read: z
          .array(z.string())
          .default([])
          .describe('paths it reads ({plant.db}, {log.dir}, {reports.dir}, {state.dir} expand)'),
        write: z
          .array(z.string())
          .default([])
          .describe('the only paths it may write (the systemd sandbox makes everything else read-only)'),
        units: z
          .array(
            z
              .string()
              .regex(UNIT_NAME, 'a full systemd unit name with its type, such as vision-inspection.service')
              .superRefine((unit, context) => {
                const why = UNIT_NAME.test(unit) ? forbiddenUnit(unit) : undefined;
                if (why) context.addIssue({ code: 'custom', message: `${why}; list the plant's own services` });
              }),
          )
          .default([])
          .describe('systemd units it may restart (the generated polkit rule allows the service user exactly these)'),
      })
      .strict()
      .prefault({}),
    phrasings: z
      .array(phrasingSchema)
      .default([])
      .describe('questions that run it without a model (taught phrasings, shipped with the script)'),
  })
  .strict();

export type ScriptManifest = z.infer<typeof manifestSchema>;

export interface ScriptEntry {
  name: string;
  dir: string;
  manifestFile: string;
  manifest: ScriptManifest | undefined;
  /** why it is disabled */
  error?: string | undefined;
  /** 'shipped' | 'plant' */
  origin: 'shipped' | 'plant';
}

export function scriptDirs(config: Pick<Config, 'scripts'>): Array<{ dir: string; origin: 'shipped' | 'plant' }> {
  const dirs: Array<{ dir: string; origin: 'shipped' | 'plant' }> = [];
  if (config.scripts.shipped) dirs.push({ dir: path.join(appRoot(), 'deploy', 'scripts'), origin: 'shipped' });
  if (config.scripts.dir) dirs.push({ dir: config.scripts.dir, origin: 'plant' });
  return dirs;
}

const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, coerceTypes: true });

function checkArgsSchema(schema: Record<string, unknown>): string | undefined {
  if (schema.type !== 'object') return 'args: the schema must be an object schema (type: object)';
  if (schema.additionalProperties !== false)
    return 'args: set additionalProperties: false, so that nothing unexpected reaches the script';
  try {
    ajv.compile(schema);
  } catch (error) {
    return `args: not a valid JSON Schema: ${(error as Error).message}`;
  }
  return undefined;
}

function loadOne(manifestFile: string, origin: 'shipped' | 'plant'): ScriptEntry {
  const dir = path.dirname(manifestFile);
  const folder = path.basename(dir);
  const broken = (error: string): ScriptEntry => ({
    name: folder,
    dir,
    manifestFile,
    manifest: undefined,
    error: `${manifestFile}: ${error}`,
    origin,
  });
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    return broken(`not valid YAML: ${(error as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return broken(`${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const manifest = parsed.data;
  const schemaError = checkArgsSchema(manifest.args);
  if (schemaError) return broken(schemaError);
  const first = manifest.command[0]!;
  if (first !== '{agent}') {
    if (path.isAbsolute(first) || !first.startsWith('./') || first.includes('..'))
      return broken('command[0] must be "{agent}" or a file beside the manifest, written "./name"');
    const executable = path.join(dir, first);
    try {
      if (!statSync(executable).isFile()) return broken(`${first} is not a file`);
      accessSync(executable, constants.X_OK);
    } catch {
      return broken(`${first} is missing or not executable (chmod +x ${executable})`);
    }
  }
  for (const phrasing of manifest.phrasings) {
    const check = validateArgs(manifest, phrasing.args, { partial: true });
    if (!check.ok) return broken(`phrasing "${phrasing.text}": ${check.error}`);
  }
  return { name: manifest.name, dir, manifestFile, manifest, origin };
}

function newestFirst(a: ScriptEntry, b: ScriptEntry): number {
  if (a.name !== b.name) return a.name.localeCompare(b.name);
  const left = parseSemver(a.manifest?.version ?? '') ?? [0, 0, 0];
  const right = parseSemver(b.manifest?.version ?? '') ?? [0, 0, 0];
  return compareSemver(right, left) || Number(b.manifest !== undefined) - Number(a.manifest !== undefined);
}

/**
 * Every script of the configured folders, by name, each name's versions newest
 * first. A plant script replaces every shipped version of the same name;
 * several versions of one name live side by side; the same name and version
 * twice in one scripts folder disables the later folder.
 */
export function loadScripts(config: Pick<Config, 'scripts'>): ScriptEntry[] {
  const byOrigin = new Map<'shipped' | 'plant', ScriptEntry[]>();
  for (const { dir, origin } of scriptDirs(config)) {
    if (!existsSync(dir)) continue;
    const entries = byOrigin.get(origin) ?? [];
    for (const folder of readdirSync(dir).sort()) {
      const manifestFile = path.join(dir, folder, 'manifest.yaml');
      if (!existsSync(manifestFile)) continue;
      let entry = loadOne(manifestFile, origin);
      const same = entry.manifest
        ? entries.find(
            (other) =>
              other.manifest && other.name === entry.name && other.manifest.version === entry.manifest!.version,
          )
        : undefined;
      if (same)
        entry = {
          ...entry,
          manifest: undefined,
          error:
            `${manifestFile}: "${entry.name}" version ${same.manifest!.version} already exists (${same.manifestFile}); ` +
            'give this one another version (versions live side by side) or remove one of them',
        };
      entries.push(entry);
    }
    byOrigin.set(origin, entries);
  }
  const plant = byOrigin.get('plant') ?? [];
  const replaced = new Set(plant.map((entry) => entry.name));
  const shipped = (byOrigin.get('shipped') ?? []).filter((entry) => !replaced.has(entry.name));
  return [...shipped, ...plant].sort(newestFirst);
}

/**
 * The version of `name` that runs (the registry's rule, for the callers that
 * read manifests without it: `scripts list`, `scripts run`, the phrasings):
 * the newest enabled one inside `range`, else inside skills.pins, else the
 * newest. Undefined when no enabled version fits.
 */
export function scriptVersionFor(
  entries: ScriptEntry[],
  name: string,
  options: { range?: string | undefined; pins?: Record<string, string> | undefined } = {},
): (ScriptEntry & { manifest: ScriptManifest }) | undefined {
  const pin = options.range ?? options.pins?.[name];
  return entries
    .filter((entry): entry is ScriptEntry & { manifest: ScriptManifest } => entry.name === name && !!entry.manifest)
    .sort(newestFirst)
    .find((entry) => pin === undefined || satisfies(entry.manifest.version, pin) === true);
}

/**
 * Validate (and complete with defaults, coercing "5" to 5 for CLI --arg)
 * arguments against the manifest's schema. `partial`: required ones may be
 * absent (a phrasing's fixed arguments).
 */
export function validateArgs(
  manifest: ScriptManifest,
  args: unknown,
  options: { partial?: boolean } = {},
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const schema = options.partial ? { ...manifest.args, required: [] } : manifest.args;
  const validate = ajv.compile(schema);
  const value = structuredClone((args ?? {}) as Record<string, unknown>);
  if (validate(value)) return { ok: true, value };
  const issue = validate.errors?.[0];
  const where = issue?.instancePath ? `argument "${issue.instancePath.slice(1)}"` : 'the arguments';
  let detail = issue?.message ?? 'invalid';
  if (issue?.keyword === 'enum')
    detail += `: ${(issue.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  if (issue?.keyword === 'additionalProperties')
    detail = `unknown argument "${(issue.params as { additionalProperty: string }).additionalProperty}"`;
  return { ok: false, error: `${manifest.name}: ${where}: ${detail}` };
}
