/**
 * Maintenance scripts offered as skills: each enabled manifest becomes a code
 * skill of the same name and version (several versions of a script are
 * several versions of one skill, side by side in the registry) (its JSON Schema as the parameters, its zh/en
 * description, `needsApproval` from the manifest), so the rules, the model and
 * the approval flow treat a script like any other skill. The skills engine
 * asks for the admin's approval before `execute` runs; `execute` runs the
 * script (runner.ts), streams its lines as progress and answers with a card of
 * the run (exit code, duration, output digest, last lines).
 */
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { CodeSkill, SkillContext, SkillResult } from '../skills/types.js';
import { loadScripts, scriptVersionFor, type ScriptEntry, type ScriptManifest } from './manifest.js';
import { runScript } from './runner.js';

export interface ScriptPhrasing {
  text: string;
  skill: string;
  args: Record<string, unknown>;
  period?: { from: string; to: string } | undefined;
}

/** Who asked: the session's user. */
function requesterOf(db: SqliteDatabase, sessionId: string): string | null {
  const row = db
    .prepare('SELECT u.username FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.session_id = ?')
    .get(sessionId) as { username: string } | undefined;
  return row?.username ?? null;
}

/** Who approved: the admin who approved this skill for the session's running task (the approvals table). */
export function approverOf(db: SqliteDatabase, sessionId: string, skill: string): string | null {
  const row = db
    .prepare(
      `SELECT u.username FROM approvals a JOIN tasks t ON t.task_id = a.task_id JOIN users u ON u.user_id = a.decided_by
       WHERE t.session_id = ? AND a.skill = ? AND a.state = 'approved' AND t.state IN ('running','pending')
       ORDER BY a.decided_at DESC LIMIT 1`,
    )
    .get(sessionId, skill) as { username: string } | undefined;
  return row?.username ?? null;
}

export function formatRun(
  manifest: ScriptManifest,
  run: {
    state: string;
    exit_code: number | null;
    duration_ms: number | null;
    output_sha256: string | null;
    output_tail: string | null;
    approved_by: string | null;
    run_id: string;
  },
  language: 'zh' | 'en',
): string {
  const seconds = ((run.duration_ms ?? 0) / 1000).toFixed(1);
  const status =
    language === 'zh'
      ? ({ success: '完成', failed: '失败', timeout: '超时', cancelled: '已取消', running: '运行中' }[run.state] ??
        run.state)
      : ({
          success: 'finished',
          failed: 'failed',
          timeout: 'timed out',
          cancelled: 'was cancelled',
          running: 'is running',
        }[run.state] ?? run.state);
  const head =
    language === 'zh'
      ? `**维护脚本 ${manifest.name}** ${status}（退出码 ${run.exit_code ?? '—'}，${seconds} 秒${run.approved_by ? `，批准人 ${run.approved_by}` : ''}）`
      : `**Maintenance script ${manifest.name}** ${status} (exit code ${run.exit_code ?? '—'}, ` +
        `${seconds} s${run.approved_by ? `, approved by ${run.approved_by}` : ''})`;
  const tail = (run.output_tail ?? '').trim();
  const digest =
    language === 'zh'
      ? `输出摘要 sha256:${run.output_sha256?.slice(0, 16)}… · 运行 ${run.run_id.slice(0, 8)}`
      : `output sha256:${run.output_sha256?.slice(0, 16)}… · run ${run.run_id.slice(0, 8)}`;
  return `${head}\n\n${tail ? `\`\`\`\n${tail}\n\`\`\`\n\n` : ''}${digest}`;
}

/** What a script skill's answer carries: the recorded run (a failed run is an error, never data). */
export const scriptRunOutput = z.looseObject({
  script_run: z.looseObject({
    run_id: z.string().min(1),
    script: z.string().min(1),
    state: z.literal('success'),
    exit_code: z.number().int().nullable(),
    duration_ms: z.number().min(0).nullable(),
    output_sha256: z.string().nullable(),
    requested_by: z.string().nullable(),
    approved_by: z.string().nullable(),
    arguments: z.unknown(),
  }),
});

export function scriptSkill(options: {
  entry: ScriptEntry & { manifest: ScriptManifest };
  config: Config;
  configFile?: string | undefined;
  db: SqliteDatabase;
}): CodeSkill<Record<string, unknown>> {
  const { manifest } = options.entry;
  let parameters: z.ZodType<Record<string, unknown>>;
  try {
    parameters = z.fromJSONSchema(manifest.args as never) as z.ZodType<Record<string, unknown>>;
  } catch {
    parameters = z.record(z.string(), z.unknown());
  }
  return {
    kind: 'code',
    name: manifest.name,
    version: manifest.version,
    source: options.entry.manifestFile,
    description: `${manifest.description.en} / ${manifest.description.zh} (maintenance script${manifest.needs_approval ? ", needs an admin's approval" : ''})`,
    parameters,
    output: scriptRunOutput,
    // the runner enforces the manifest's timeout; the skill's is a little longer so its own report comes first
    timeoutMs: (manifest.timeout_s + 10) * 1000,
    errorCodes: ['SKILL_FAILED', 'TOOL_ARGUMENTS_INVALID', 'FORBIDDEN'],
    retry: { retryable: [], maxAttempts: 1, backoffMs: [] },
    dependencies: { tools: [] },
    triggers: manifest.phrasings.map((phrasing) => phrasing.text),
    needsApproval: manifest.needs_approval,
    critical: manifest.critical,
    async execute(ctx: SkillContext, args: Record<string, unknown>): Promise<SkillResult> {
      const approvedBy = manifest.needs_approval
        ? (approverOf(options.db, ctx.sessionId, manifest.name) ?? 'admin (approved in the chat)')
        : null;
      ctx.progress(
        ctx.language === 'zh' ? `运行维护脚本 ${manifest.name}…` : `running maintenance script ${manifest.name}…`,
      );
      const run = await runScript({
        config: options.config,
        configFile: options.configFile,
        db: options.db,
        entry: options.entry,
        args,
        requestedBy: requesterOf(options.db, ctx.sessionId),
        approvedBy,
        sessionId: ctx.sessionId,
        traceId: ctx.traceId,
        signal: ctx.signal,
        onLine: (line) => {
          if (line.trim()) ctx.progress(line.slice(0, 300));
        },
      });
      const answer = formatRun(manifest, run, ctx.language);
      if (run.state === 'cancelled') throw new AppError('CANCELLED', `script ${manifest.name} was cancelled`);
      if (run.state !== 'success') {
        throw new AppError(
          'SKILL_FAILED',
          `script ${manifest.name} ` +
            (`` +
              (run.state === 'timeout'
                ? `did not finish within ${manifest.timeout_s} s`
                : `exited with code ${run.exit_code ?? run.signal}`) +
              `: ` +
              (run.output_tail ?? '').split('\n').slice(-5).join(' | ')),
          {
            hint: `the run is recorded as ${run.run_id} (airgap-agent scripts runs)`,
            details: { script: manifest.name, run_id: run.run_id, state: run.state, exit_code: run.exit_code },
          },
        );
      }
      return {
        answer,
        data: {
          script_run: {
            run_id: run.run_id,
            script: run.script,
            state: run.state,
            exit_code: run.exit_code,
            duration_ms: run.duration_ms,
            output_sha256: run.output_sha256,
            requested_by: run.requested_by,
            approved_by: run.approved_by,
            arguments: run.arguments,
          },
        },
      };
    },
  };
}

/**
 * The code skills (every enabled version) and router phrasings of the enabled
 * scripts. A phrasing names the script, not a version: those of the version
 * that runs by default (skills.pins, else the newest) come first, then any
 * other version's phrasings that it does not have.
 */
export function scriptSkills(options: { config: Config; configFile?: string | undefined; db: SqliteDatabase }): {
  skills: CodeSkill<any>[];
  phrasings: ScriptPhrasing[];
  disabled: ScriptEntry[];
} {
  const skills: CodeSkill<any>[] = [];
  const phrasings: ScriptPhrasing[] = [];
  const disabled: ScriptEntry[] = [];
  const entries = loadScripts(options.config);
  const enabled: Array<ScriptEntry & { manifest: ScriptManifest }> = [];
  for (const entry of entries) {
    if (!entry.manifest) {
      disabled.push(entry);
      continue;
    }
    const script = entry as ScriptEntry & { manifest: ScriptManifest };
    enabled.push(script);
    skills.push(scriptSkill({ ...options, entry: script }));
  }
  for (const name of new Set(enabled.map((entry) => entry.name))) {
    const chosen = scriptVersionFor(entries, name, { pins: options.config.skills.pins });
    const versions = [
      ...(chosen ? [chosen] : []),
      ...enabled.filter((entry) => entry.name === name && entry !== chosen),
    ];
    const said = new Set<string>();
    for (const { manifest } of versions) {
      for (const phrasing of manifest.phrasings) {
        if (said.has(phrasing.text)) continue;
        said.add(phrasing.text);
        phrasings.push({ text: phrasing.text, skill: manifest.name, args: phrasing.args, period: phrasing.period });
      }
    }
  }
  return { skills, phrasings, disabled };
}
