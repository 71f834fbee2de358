/**
 * The skill registry: code skills compiled into the binary plus Markdown
 * skills read from the skills folder, recorded in agent.db (name, version,
 * kind, source, content hash, enabled, error). Loaded at start and reloaded
 * when a skill file changes. A broken skill file disables that skill alone,
 * with the reason; a Markdown skill whose content changed without a version
 * increase is disabled too (versions must increase on any change).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { CodeSkill, MarkdownSkill, Skill } from './types.js';
import type { SkillInfo } from './engine-types.js';
import { parseSkillMarkdown } from './markdown.js';
import { compareSemver, parseSemver } from './semver.js';

interface Entry {
  info: SkillInfo;
  skill: Skill | undefined;
}

interface StoredRow {
  name: string;
  version: string;
  content_hash: string;
}

/** The Markdown skill folders of a config: the shipped one, then the plant's own. */
export function skillDirs(config: { skills: { dir: string; custom_dir: string | null } }): string[] {
  return [config.skills.dir, ...(config.skills.custom_dir ? [config.skills.custom_dir] : [])];
}

export function parametersJsonSchema(skill: Skill): Record<string, unknown> {
  if (skill.kind === 'markdown') return skill.parameters;
  const schema = z.toJSONSchema(skill.parameters, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export class SkillRegistry {
  private entries = new Map<string, Entry>();
  private readonly watchers: FSWatcher[] = [];
  private reloadTimer: NodeJS.Timeout | undefined;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly options: { db: SqliteDatabase; dirs: string[]; codeSkills: CodeSkill<any>[]; log: Logger },
  ) {}

  /** (Re)load every skill; returns the entries, disabled ones included. */
  load(): SkillInfo[] {
    const next = new Map<string, Entry>();
    const now = new Date().toISOString();
    for (const skill of this.options.codeSkills) {
      next.set(skill.name, {
        skill,
        info: {
          name: skill.name,
          kind: 'code',
          version: skill.version,
          description: skill.description,
          parameters: parametersJsonSchema(skill),
          enabled: true,
          source: `builtin:${skill.name}`,
          needsApproval: skill.needsApproval ?? false,
          critical: skill.critical ?? false,
        },
      });
    }
    for (const file of this.markdownFiles()) {
      const entry = this.loadMarkdown(file, next);
      next.set(entry.info.name, entry);
    }
    this.persist(next, now);
    this.entries = next;
    for (const entry of next.values()) {
      if (!entry.info.enabled)
        this.options.log.warn(
          { skill: entry.info.name, source: entry.info.source, reason: entry.info.error },
          'skill-disabled',
        );
    }
    this.options.log.info(
      {
        skills: [...next.values()]
          .filter((entry) => entry.info.enabled)
          .map((entry) => `${entry.info.name}@${entry.info.version}`),
      },
      'skills-loaded',
    );
    for (const listener of this.listeners) listener();
    return this.list();
  }

  /** SKILL.md files of every folder, shipped folder first (a custom skill may not reuse a shipped name). */
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

  private loadMarkdown(file: string, loaded: Map<string, Entry>): Entry {
    const folderName = path.basename(path.dirname(file));
    const text = readFileSync(file, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const parsed = parseSkillMarkdown(text, file);
    const broken = (reason: string, name = folderName): Entry => ({
      skill: undefined,
      info: {
        name,
        kind: 'markdown',
        version: '0.0.0',
        description: '',
        parameters: {},
        enabled: false,
        error: reason,
        source: file,
        needsApproval: false,
      },
    });
    if (!parsed.ok) return broken(`${file}: ${parsed.error}`);
    const skill = parsed.value;
    if (loaded.has(skill.name))
      return broken(
        `${file}: a skill named "${skill.name}" already exists (${loaded.get(skill.name)?.info.source}); rename one of them`,
        `${skill.name}#${folderName}`,
      );
    const stored = this.options.db
      .prepare('SELECT name, version, content_hash FROM skills WHERE name = ?')
      .get(skill.name) as StoredRow | undefined;
    if (stored && stored.content_hash !== hash) {
      const before = parseSemver(stored.version);
      const after = parseSemver(skill.version);
      if (before && after && compareSemver(after, before) <= 0) {
        return {
          skill: undefined,
          info: {
            ...infoOf(skill),
            enabled: false,
            error:
              `${file}: the skill changed but its version did not increase (registered ${stored.version}, file ` +
              `says ${skill.version}); bump "version" in the front matter`,
          },
        };
      }
    }
    if (skill.fallback && !loaded.has(skill.fallback)) {
      return {
        skill: undefined,
        info: {
          ...infoOf(skill),
          enabled: false,
          error: `${file}: fallback "${skill.fallback}" is not a known code skill`,
        },
      };
    }
    return { skill, info: { ...infoOf(skill), contentHash: hash } as SkillInfo };
  }

  private persist(entries: Map<string, Entry>, now: string): void {
    const upsert = this.options.db
      .prepare(`INSERT INTO skills (name, version, kind, source, content_hash, enabled, error, updated_at)
      VALUES (@name, @version, @kind, @source, @content_hash, @enabled, @error, @updated_at)
      ON CONFLICT(name) DO UPDATE SET
        version = CASE WHEN excluded.enabled = 1 THEN excluded.version ELSE skills.version END,
        content_hash = CASE WHEN excluded.enabled = 1 THEN excluded.content_hash ELSE skills.content_hash END,
        kind = excluded.kind, source = excluded.source, enabled = excluded.enabled, error = excluded.error, updated_at = excluded.updated_at`);
    this.options.db.transaction(() => {
      for (const entry of entries.values()) {
        const info = entry.info as SkillInfo & { contentHash?: string };
        upsert.run({
          name: info.name,
          version: info.version,
          kind: info.kind,
          source: info.source,
          content_hash: info.kind === 'code' ? `builtin:${info.version}` : (info.contentHash ?? ''),
          enabled: info.enabled ? 1 : 0,
          error: info.error ?? null,
          updated_at: now,
        });
      }
      // skills whose file disappeared stay in the table, disabled
      const names = [...entries.keys()];
      this.options.db
        .prepare(
          `UPDATE skills SET enabled = 0, error = 'skill file removed', updated_at = ? WHERE name NOT IN ` +
            `(${names.map(() => '?').join(',') || "''"}) AND enabled = 1`,
        )
        .run(now, ...names);
    })();
  }

  get(name: string): Skill | undefined {
    return this.entries.get(name)?.skill;
  }

  info(name: string): SkillInfo | undefined {
    return this.entries.get(name)?.info;
  }

  list(): SkillInfo[] {
    return [...this.entries.values()].map((entry) => {
      const { contentHash: _hash, ...info } = entry.info as SkillInfo & { contentHash?: string };
      return info;
    });
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

function infoOf(skill: MarkdownSkill): SkillInfo {
  return {
    name: skill.name,
    kind: 'markdown',
    version: skill.version,
    description: skill.description,
    parameters: skill.parameters,
    enabled: true,
    source: skill.path,
    needsApproval: skill.needsApproval ?? false,
    critical: skill.critical ?? false,
  };
}
