/**
 * The skill registry: code skills compiled into the binary plus Markdown
 * skills read from the skills folders, recorded in agent.db (name, version,
 * kind, source, content hash, enabled, error). Loaded at start and reloaded
 * when a skill file changes. A broken skill file disables that skill alone,
 * with the reason.
 *
 * Versions (SOURCES.md part D): several versions of a Markdown skill or a
 * maintenance script may be installed side by side (two folders whose SKILL.md
 * or manifest.yaml name the same skill with different versions; scripts come
 * in as code skills with a `source`, one per version). A question runs the newest version inside its pin —
 * its own (`run(…, {version})`, a case's skill_version, the API's
 * skill_versions), else skills.pins, else none. A version, once registered
 * (agent.db's skill_versions), names one content: a file whose content
 * changed without a new version is disabled, and so is a lone file whose
 * version went below the registered one (a change dressed as an old version).
 * The same name and version twice, a Markdown skill named like a code skill,
 * or a maintenance script named like a compiled-in skill, is refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { CodeSkill, MarkdownSkill, Skill } from './types.js';
import type { SkillInfo, SkillUnavailable, SkillVersionInfo } from './engine-types.js';
import { explicitParameters, parseSkillMarkdown } from './markdown.js';
import { compareSemver, parseSemver, satisfies } from './semver.js';

interface Entry {
  info: SkillInfo;
  skill: Skill | undefined;
  contentHash?: string | undefined;
}

/** The version a question runs, or why none can. */
export type Resolved =
  | { ok: true; skill: Skill; info: SkillInfo }
  | { ok: false; code: 'SKILL_NOT_FOUND' | 'SKILL_VERSION'; message: string; hint: string; info?: SkillInfo };

/** The Markdown skill folders of a config: the shipped one, then the plant's own. */
export function skillDirs(config: { skills: { dir: string; custom_dir: string | null } }): string[] {
  return [config.skills.dir, ...(config.skills.custom_dir ? [config.skills.custom_dir] : [])];
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export function parametersJsonSchema(skill: Skill): Record<string, unknown> {
  if (skill.kind === 'markdown') return skill.parameters;
  return jsonSchemaOf(skill.parameters, 'input');
}

/** Everything the registry shows of one version of a skill (the engine adds servers and availability). */
function describe(skill: Skill, fallback: CodeSkill<any> | undefined): SkillInfo {
  const parameters = parametersJsonSchema(skill);
  const code = skill.kind === 'code' ? skill : fallback;
  return {
    name: skill.name,
    kind: skill.kind,
    version: skill.version,
    description: skill.description,
    parameters,
    enabled: true,
    source: skill.kind === 'code' ? (skill.source ?? `builtin:${skill.name}`) : skill.path,
    needsApproval: skill.needsApproval ?? false,
    critical: skill.critical ?? false,
    timeoutMs: code?.timeoutMs,
    errorCodes: code ? [...code.errorCodes] : undefined,
    retry: code ? { ...code.retry } : undefined,
    output:
      skill.kind === 'code'
        ? skill.output
          ? jsonSchemaOf(skill.output, 'output')
          : null
        : (skill.output ?? (fallback?.output ? jsonSchemaOf(fallback.output, 'output') : null)),
    dependencies:
      skill.kind === 'code'
        ? { tools: [...skill.dependencies.tools], skills: [...(skill.dependencies.skills ?? [])], servers: [] }
        : {
            tools: skill.tools.filter((tool) => !tool.optional).map((tool) => tool.name),
            skills: skill.fallback ? [skill.fallback] : [],
            servers: [],
          },
    explicit: explicitParameters(parameters),
    triggers: [...skill.triggers],
  };
}

function brokenInfo(name: string, file: string, reason: string): SkillInfo {
  return {
    name,
    kind: 'markdown',
    version: '0.0.0',
    description: '',
    parameters: {},
    enabled: false,
    error: reason,
    source: file,
    needsApproval: false,
  };
}

function newestFirst(a: Entry, b: Entry): number {
  const left = parseSemver(a.info.version) ?? [0, 0, 0];
  const right = parseSemver(b.info.version) ?? [0, 0, 0];
  return compareSemver(right, left) || Number(b.info.enabled) - Number(a.info.enabled);
}

interface ParsedFile {
  file: string;
  folder: string;
  hash: string;
  skill?: MarkdownSkill;
  error?: string;
}

export class SkillRegistry {
  /** name → its versions, newest first (a broken file is its own group, `name#folder`) */
  private groups = new Map<string, Entry[]>();
  /** info() per name, made once per load: the service asks for the whole list several times a question */
  private readonly infos = new Map<string, SkillInfo | undefined>();
  private readonly watchers: FSWatcher[] = [];
  private reloadTimer: NodeJS.Timeout | undefined;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly options: {
      db: SqliteDatabase;
      dirs: string[];
      codeSkills: CodeSkill<any>[];
      log: Logger;
      /** skills.pins: name → version range */
      pins?: Record<string, string> | undefined;
    },
  ) {}

  /** (Re)load every skill; returns the entries, disabled ones included. */
  load(): SkillInfo[] {
    const next = new Map<string, Entry[]>();
    // the compiled-in skills first: a script of the same name never shadows one
    const codeByName = new Map<string, CodeSkill<any>>();
    for (const skill of this.options.codeSkills) if (!codeByName.has(skill.name)) codeByName.set(skill.name, skill);
    const now = new Date().toISOString();
    for (const skill of this.options.codeSkills) {
      const entry = this.judgeCode(skill, next);
      const key = entry.info.name;
      next.set(key, [...(next.get(key) ?? []), entry].sort(newestFirst));
    }
    const parsed = this.markdownFiles().map((file) => this.parseFile(file));
    for (const file of parsed) {
      const entry = this.judge(file, { parsed, loaded: next, codeByName });
      const key = entry.info.name;
      next.set(key, [...(next.get(key) ?? []), entry].sort(newestFirst));
    }
    this.persist(next, now);
    this.groups = next;
    this.infos.clear();
    for (const entries of next.values()) {
      for (const entry of entries) {
        if (!entry.info.enabled)
          this.options.log.warn(
            {
              skill: entry.info.name,
              version: entry.info.version,
              source: entry.info.source,
              reason: entry.info.error,
            },
            'skill-disabled',
          );
      }
    }
    this.options.log.info(
      {
        skills: [...next.values()].flatMap((entries) =>
          entries.filter((entry) => entry.info.enabled).map((entry) => `${entry.info.name}@${entry.info.version}`),
        ),
        pins: this.options.pins ?? {},
      },
      'skills-loaded',
    );
    for (const name of Object.keys(this.options.pins ?? {})) {
      const resolved = this.resolve(name);
      if (!resolved.ok) this.options.log.warn({ skill: name, reason: resolved.message }, 'skill-pin-unsatisfied');
    }
    for (const listener of this.listeners) listener();
    return this.list();
  }

  /** SKILL.md files of every folder, shipped folder first. */
  private markdownFiles(): string[] {
    const files: string[] = [];
    for (const dir of this.options.dirs) {
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        const file = path.join(dir, name, 'SKILL.md');
        if (existsSync(file) && statSync(file).isFile()) files.push(file);
      }
    }
    return files;
  }

  private parseFile(file: string): ParsedFile {
    const folder = path.basename(path.dirname(file));
    const text = readFileSync(file, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const parsed = parseSkillMarkdown(text, file);
    return parsed.ok ? { file, folder, hash, skill: parsed.value } : { file, folder, hash, error: parsed.error };
  }

  /**
   * A code skill's verdict. A compiled-in one is enabled; a maintenance script
   * (a code skill with a `source`) is one version of its name beside the others,
   * refused when it takes a compiled-in skill's name or repeats a version.
   */
  private judgeCode(skill: CodeSkill<any>, loaded: Map<string, Entry[]>): Entry {
    const info = describe(skill, undefined);
    if (skill.source === undefined) return { skill, info };
    const group = loaded.get(skill.name) ?? [];
    const builtin = group.find((entry) => entry.skill?.kind === 'code' && entry.skill.source === undefined);
    const same = group.find((entry) => entry.info.version === skill.version);
    const reason = builtin
      ? `${skill.source}: a skill named "${skill.name}" already exists (${builtin.info.source}); rename the script`
      : same
        ? `${skill.source}: "${skill.name}" version ${skill.version} already exists (${same.info.source}); ` +
          'give this one another version (versions live side by side) or remove one of them'
        : undefined;
    if (!reason) return { skill, info };
    const folder = path.basename(path.dirname(skill.source));
    return { skill: undefined, info: { ...info, name: `${skill.name}#${folder}`, enabled: false, error: reason } };
  }

  /** One file's verdict: enabled, or disabled with the reason. */
  private judge(
    file: ParsedFile,
    context: { parsed: ParsedFile[]; loaded: Map<string, Entry[]>; codeByName: Map<string, CodeSkill<any>> },
  ): Entry {
    const broken = (reason: string, name = file.folder): Entry => ({
      skill: undefined,
      info: brokenInfo(name, file.file, reason),
    });
    if (!file.skill) return broken(`${file.file}: ${file.error}`);
    const skill = file.skill;
    const fallback = skill.fallback ? context.codeByName.get(skill.fallback) : undefined;
    const info = describe(skill, fallback);
    const disabled = (reason: string): Entry => ({
      skill: undefined,
      info: { ...info, enabled: false, error: reason },
    });
    const code = context.codeByName.get(skill.name);
    if (code)
      return broken(
        `${file.file}: a skill named "${skill.name}" already exists (${code.source ?? `builtin:${code.name}`}); rename one of them`,
        `${skill.name}#${file.folder}`,
      );
    const same = (context.loaded.get(skill.name) ?? []).find((entry) => entry.info.version === skill.version);
    if (same)
      return broken(
        `${file.file}: "${skill.name}" version ${skill.version} already exists (${same.info.source}); ` +
          'give this one another version (versions live side by side) or remove one of them',
        `${skill.name}#${file.folder}`,
      );
    const registered = this.options.db
      .prepare('SELECT content_hash FROM skill_versions WHERE name = ? AND version = ?')
      .get(skill.name, skill.version) as { content_hash: string } | undefined;
    if (registered && registered.content_hash !== file.hash)
      return disabled(
        `${file.file}: the skill changed but its version did not increase (registered ${skill.version} with other ` +
          `content, file says ${skill.version}); bump "version" in the front matter`,
      );
    const stored = this.options.db.prepare('SELECT version FROM skills WHERE name = ?').get(skill.name) as
      { version: string } | undefined;
    const before = stored ? parseSemver(stored.version) : undefined;
    const after = parseSemver(skill.version)!;
    if (!registered && before && compareSemver(after, before) < 0) {
      // an older version beside the registered one is a version installed side by side; alone, it is a change
      const beside = context.parsed.some(
        (other) => other.skill?.name === skill.name && compareSemver(parseSemver(other.skill.version)!, before) >= 0,
      );
      if (!beside)
        return disabled(
          `${file.file}: the skill changed but its version did not increase (registered ${stored!.version}, file ` +
            `says ${skill.version}); bump "version" in the front matter`,
        );
    }
    if (skill.fallback && !fallback)
      return disabled(`${file.file}: fallback "${skill.fallback}" is not a known code skill`);
    return { skill, info, contentHash: file.hash };
  }

  private persist(groups: Map<string, Entry[]>, now: string): void {
    const upsert = this.options.db
      .prepare(`INSERT INTO skills (name, version, kind, source, content_hash, enabled, error, updated_at)
      VALUES (@name, @version, @kind, @source, @content_hash, @enabled, @error, @updated_at)
      ON CONFLICT(name) DO UPDATE SET
        version = CASE WHEN excluded.enabled = 1 THEN excluded.version ELSE skills.version END,
        content_hash = CASE WHEN excluded.enabled = 1 THEN excluded.content_hash ELSE skills.content_hash END,
        kind = excluded.kind, source = excluded.source, enabled = excluded.enabled, error = excluded.error, updated_at = excluded.updated_at`);
    const remember = this.options.db.prepare(
      `INSERT OR IGNORE INTO skill_versions (name, version, content_hash, source, first_seen)
       VALUES (@name, @version, @content_hash, @source, @first_seen)`,
    );
    this.options.db.transaction(() => {
      for (const entries of groups.values()) {
        // the skills row: the newest enabled version (or, with none enabled, the first verdict)
        const entry = entries.find((candidate) => candidate.info.enabled) ?? entries[0]!;
        const info = entry.info;
        upsert.run({
          name: info.name,
          version: info.version,
          kind: info.kind,
          source: info.source,
          content_hash: info.kind === 'code' ? `builtin:${info.version}` : (entry.contentHash ?? ''),
          enabled: info.enabled ? 1 : 0,
          error: info.error ?? null,
          updated_at: now,
        });
        for (const version of entries) {
          if (version.info.enabled && version.info.kind === 'markdown' && version.contentHash)
            remember.run({
              name: version.info.name,
              version: version.info.version,
              content_hash: version.contentHash,
              source: version.info.source,
              first_seen: now,
            });
        }
      }
      // skills whose file disappeared stay in the table, disabled
      const names = [...groups.keys()];
      this.options.db
        .prepare(
          `UPDATE skills SET enabled = 0, error = 'skill file removed', updated_at = ? WHERE name NOT IN ` +
            `(${names.map(() => '?').join(',') || "''"}) AND enabled = 1`,
        )
        .run(now, ...names);
    })();
  }

  /**
   * The version a question runs: the newest enabled one inside `range` (the
   * question's own pin), else inside skills.pins, else the newest.
   */
  resolve(name: string, range?: string): Resolved {
    const entries = this.groups.get(name);
    const enabled = (entries ?? []).filter((entry) => entry.info.enabled && entry.skill);
    if (!entries || enabled.length === 0) {
      const first = entries?.[0]?.info;
      const available = [...this.groups.entries()]
        .filter(([, group]) => group.some((entry) => entry.info.enabled))
        .map(([key]) => key);
      return {
        ok: false,
        code: 'SKILL_NOT_FOUND',
        message: first?.error ? `skill "${name}" is disabled: ${first.error}` : `no skill named "${name}"`,
        hint: `available skills: ${available.join(', ')}`,
        info: first,
      };
    }
    const pin = range ?? this.options.pins?.[name];
    if (pin === undefined) return { ok: true, skill: enabled[0]!.skill!, info: enabled[0]!.info };
    const fits = enabled.filter((entry) => satisfies(entry.info.version, pin));
    if (satisfies('0.0.0', pin) === undefined)
      return {
        ok: false,
        code: 'SKILL_VERSION',
        message: `cannot read the version range "${pin}" for skill "${name}"`,
        hint: 'use forms like 1.2.3, ^1.2, ~1.2.0, >=1.0, 1.x',
        info: enabled[0]!.info,
      };
    if (fits.length === 0) {
      const where = range !== undefined ? 'this question pins' : 'skills.pins pins';
      return {
        ok: false,
        code: 'SKILL_VERSION',
        message:
          `skill "${name}": ${where} "${pin}", but the installed version(s) ` +
          `${enabled.map((entry) => entry.info.version).join(', ')} do not satisfy it`,
        hint:
          range !== undefined
            ? 'pin a range that includes an installed version, or install the version you need beside the others'
            : `change skills.pins.${name}, or install a version in that range beside the others (skills.custom_dir)`,
        info: enabled[0]!.info,
      };
    }
    return { ok: true, skill: fits[0]!.skill!, info: fits[0]!.info };
  }

  /** The skill that runs for `name` (within `range` when given), if any. */
  get(name: string, range?: string): Skill | undefined {
    const resolved = this.resolve(name, range);
    return resolved.ok ? resolved.skill : undefined;
  }

  /** What a caller sees of `name`: its default version, every installed version, its pin and why it cannot run. */
  info(name: string): SkillInfo | undefined {
    if (!this.infos.has(name)) this.infos.set(name, this.describe(name));
    const info = this.infos.get(name);
    // a copy: a caller may add to its own (availability), never to the one kept
    return info ? { ...info } : undefined;
  }

  private describe(name: string): SkillInfo | undefined {
    const entries = this.groups.get(name);
    if (!entries || entries.length === 0) return undefined;
    const resolved = this.resolve(name);
    const chosen = resolved.ok ? resolved.info : (entries.find((entry) => entry.info.enabled) ?? entries[0]!).info;
    const versions: SkillVersionInfo[] = entries.map((entry) => ({
      version: entry.info.version,
      source: entry.info.source,
      enabled: entry.info.enabled,
      ...(entry.info.error ? { error: entry.info.error } : {}),
      default: resolved.ok && entry.info === resolved.info,
    }));
    const pinned = this.options.pins?.[name];
    const unavailable: SkillUnavailable | undefined =
      !resolved.ok && resolved.code === 'SKILL_VERSION'
        ? { skill: name, state: 'pinned', reason: resolved.message }
        : undefined;
    return {
      ...chosen,
      versions,
      ...(pinned !== undefined ? { pinned } : {}),
      ...(unavailable ? { available: false, unavailable } : {}),
    };
  }

  /** One entry per skill name (its default version), disabled ones included. */
  list(): SkillInfo[] {
    return [...this.groups.keys()].map((name) => this.info(name)!);
  }

  onReload(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reload when a file under a skills folder changes (debounced). */
  watch(): void {
    if (this.watchers.length > 0) return;
    const reload = (): void => {
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => {
        try {
          this.load();
        } catch (error) {
          this.options.log.error({ err: error }, 'skills-reload-failed');
        }
      }, 150);
      this.reloadTimer.unref();
    };
    for (const dir of this.options.dirs) {
      if (!existsSync(dir)) continue;
      try {
        const watcher = watch(dir, { recursive: true }, reload);
        watcher.unref();
        this.watchers.push(watcher);
      } catch (error) {
        this.options.log.warn({ err: error, dir }, 'skills-watch-unavailable');
      }
    }
  }

  close(): void {
    for (const watcher of this.watchers.splice(0)) watcher.close();
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
  }
}
