/**
 * `airgap-agent feedback …`: operators' right/wrong marks and engineers'
 * hand-over answers, reviewed by an admin, exported as agent-test cases, and
 * taught as phrasings the rules answer from then on.
 *
 *   feedback list [--state new|reviewed|dismissed] [--json]
 *   feedback add --question Q --verdict right|wrong [--correction TEXT] [--skill S --args JSON] [--as USER]
 *   feedback review ID --as ADMIN [--skill S] [--args JSON] [--expect TEXT ...] | --dismiss
 *   feedback export --format agent-test [--id N ...]          (YAML on stdout)
 *   feedback teach ID --as ADMIN                               (the reviewed question → its skill)
 *   feedback teach --phrase TEXT --skill S [--args JSON] --as ADMIN
 *   feedback phrasings [--all] [--json]                        (taught phrasings, with versions)
 *   feedback forget PHRASING_ID --as ADMIN
 *   feedback explain "question"                                (which phrasing matches, and why)
 */
import { AppError } from '../../errors.js';
import { now } from '../../clock.js';
import { openAgentDb } from '../../store/agent-db.js';
import type { SqliteDatabase } from '../../store/sqlite.js';
import { FeedbackStore, exportCases } from '../../feedback/store.js';
import { installedSkills, teachPhrasing } from '../../feedback/teach.js';
import { TaughtPhrasings, bestMatch, decisionOf, features, FUZZY_THRESHOLD } from '../../skills/router/taught.js';
import { scriptSkills } from '../../maint-scripts/skills.js';
import { routeQuestion } from '../../skills/router/index.js';
import { SKILLS } from '../../skills/code/index.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE =
  'airgap-agent feedback list|add|review|export|teach|phrasings|forget|explain … (see docs/admin-guide.md, "Feedback that teaches")';

function parseJsonArgs(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new AppError('USAGE', `--args ${text.slice(0, 80)}: not a JSON object`, {
    hint: `e.g. --args '{"period":"$period","lines":["A"]}'`,
  });
}

function admin(db: SqliteDatabase, name: unknown): string {
  if (typeof name !== 'string') throw new AppError('USAGE', 'say who you are: --as ADMIN (an admin account)');
  const user = db.prepare('SELECT username, role, disabled FROM users WHERE username = ?').get(name) as
    { username: string; role: string; disabled: number } | undefined;
  if (!user || user.disabled || user.role !== 'admin')
    throw new AppError('FORBIDDEN', `--as ${name}: not an enabled admin account`, { hint: 'airgap-agent users list' });
  return user.username;
}

function idOf(text: string | undefined, what: string): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1)
    throw new AppError('USAGE', `${what}: give its number (got ${text ?? 'nothing'})`);
  return id;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      json: { type: 'boolean' },
      state: { type: 'string' },
      question: { type: 'string' },
      verdict: { type: 'string' },
      correction: { type: 'string' },
      skill: { type: 'string' },
      args: { type: 'string' },
      as: { type: 'string' },
      expect: { type: 'string', multiple: true },
      dismiss: { type: 'boolean' },
      format: { type: 'string' },
      id: { type: 'string', multiple: true },
      phrase: { type: 'string' },
      all: { type: 'boolean' },
    },
    USAGE,
  );
  const action = positionals[0];
  const { config } = loadCommandConfig(context);
  const db = openAgentDb(config.state.db);
  const out = (value: unknown, text: string): void =>
    void process.stdout.write(values.json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
  try {
    const store = new FeedbackStore(db);
    const phrasings = new TaughtPhrasings(db);
    switch (action) {
      case 'list': {
        const rows = store.list({ state: values.state as string | undefined });
        out(
          { feedback: rows },
          rows.length
            ? rows
                .map(
                  (row) =>
                    `#${row.feedback_id} ${row.state.padEnd(9)} ${row.verdict.padEnd(5)} ${row.source.padEnd(8)} ` +
                    `${row.given_by ?? '—'}  "${row.question}" → ` +
                    `${row.skill ?? '(no skill)'}${row.correction ? `\n    correction: ${row.correction}` : ''}` +
                    `${row.expected_skill ? `\n    expected: ${row.expected_skill} ${JSON.stringify(row.expected_args ?? {})}` : ''}`,
                )
                .join('\n')
            : 'no feedback',
        );
        return 0;
      }
      case 'add': {
        if (typeof values.question !== 'string') throw new AppError('USAGE', 'feedback add needs --question');
        if (values.verdict !== 'right' && values.verdict !== 'wrong')
          throw new AppError('USAGE', '--verdict right or wrong');
        const row = store.add({
          question: values.question,
          verdict: values.verdict,
          correction: values.correction as string | undefined,
          skill: (values.skill as string | undefined) ?? null,
          arguments: values.args ? parseJsonArgs(values.args as string) : null,
          givenBy: (values.as as string | undefined) ?? 'console',
        });
        out(row, `feedback #${row.feedback_id} recorded`);
        return 0;
      }
      case 'review': {
        const id = idOf(positionals[1], 'feedback review');
        const reviewer = admin(db, values.as);
        const row = store.review(id, {
          reviewer,
          dismiss: values.dismiss === true,
          expectedSkill: values.skill as string | undefined,
          expectedArgs: values.args ? parseJsonArgs(values.args as string) : undefined,
          expectedOutput: values.expect as string[] | undefined,
        });
        out(
          row,
          `feedback #${id} ${row.state} by ` +
            `${reviewer}${row.expected_skill ? `: expected ${row.expected_skill} ${JSON.stringify(row.expected_args ?? {})}` : ''}`,
        );
        return 0;
      }
      case 'export': {
        if (values.format !== 'agent-test')
          throw new AppError('USAGE', 'feedback export --format agent-test', {
            hint: 'agent-test YAML is the one export format',
          });
        const ids = ((values.id as string[] | undefined) ?? []).map((text) => idOf(text, '--id'));
        const rows = store
          .list({ state: 'reviewed', limit: 1000 })
          .filter((row) => ids.length === 0 || ids.includes(row.feedback_id))
          .reverse();
        const { yaml, count } = exportCases(rows, { timezone: config.plant.timezone });
        process.stdout.write(yaml);
        process.stderr.write(`${count} case(s) from reviewed feedback\n`);
        return count > 0 ? 0 : 1;
      }
      case 'teach': {
        const taughtBy = admin(db, values.as);
        let phrase = values.phrase as string | undefined;
        let skill = values.skill as string | undefined;
        let args = values.args ? parseJsonArgs(values.args as string) : undefined;
        let feedbackId: number | undefined;
        if (positionals[1] !== undefined) {
          feedbackId = idOf(positionals[1], 'feedback teach');
          const row = store.get(feedbackId);
          if (!row) throw new AppError('NOT_FOUND', `no feedback #${feedbackId}`);
          if (row.state !== 'reviewed' || !row.expected_skill)
            throw new AppError('BAD_REQUEST', `feedback #${feedbackId} has no reviewed skill to teach`, {
              hint: 'review it first: feedback review ID --skill S --args JSON --as ADMIN',
            });
          phrase ??= row.question;
          skill ??= row.expected_skill;
          args ??= row.expected_args ?? {};
        }
        if (!phrase || !skill)
          throw new AppError('USAGE', 'feedback teach ID, or --phrase TEXT --skill S [--args JSON]');
        const taught = teachPhrasing({
          config,
          db,
          phrase,
          skill,
          args: args ?? {},
          taughtBy,
          feedbackId,
          skills: installedSkills(config, db),
        });
        out(
          taught,
          `taught phrasing #${taught.id} (version ${taught.version}): "${taught.phrase}" → ${taught.skill} ${JSON.stringify(taught.args)}`,
        );
        return 0;
      }
      case 'phrasings': {
        const rows = phrasings.list({ includeRemoved: values.all === true });
        out(
          { version: phrasings.version(), phrasings: rows },
          [
            `taught phrasings, store version ${phrasings.version()}`,
            ...rows.map(
              (row) =>
                `#${row.id} v${row.version} ` +
                `${row.removed_at ? `REMOVED ${row.removed_at} (${row.removed_by ?? '—'})` : 'live'}  ` +
                `"${row.phrase}" → ${row.skill} ${JSON.stringify(row.args)}  by ${row.taught_by ?? '—'} ` +
                `${row.created_at}${row.feedback_id ? ` from feedback #${row.feedback_id}` : ''}`,
            ),
          ].join('\n'),
        );
        return 0;
      }
      case 'forget': {
        const id = idOf(positionals[1], 'feedback forget');
        const by = admin(db, values.as);
        const removed = phrasings.remove(id, by);
        if (!removed)
          throw new AppError('NOT_FOUND', `no live taught phrasing #${id}`, { hint: 'feedback phrasings lists them' });
        out(removed, `removed taught phrasing #${id} "${removed.phrase}" (store version ${phrasings.version()})`);
        return 0;
      }
      case 'explain': {
        const question = positionals.slice(1).join(' ');
        if (!question) throw new AppError('USAGE', 'feedback explain "question"');
        const clock = { now: now(), timezone: config.plant.timezone };
        const scripts = scriptSkills({ config, db }).phrasings.map((phrasing) => ({
          source: `script:${phrasing.skill}`,
          ...phrasing,
        }));
        const candidates = [...phrasings.active(), ...scripts];
        const match = bestMatch(question, candidates, clock);
        const rules = routeQuestion(question, { ...clock, skills: SKILLS });
        const asked = features(question, clock);
        const decision = match && (match.exact || rules.kind === 'none') ? decisionOf(question, match, clock) : rules;
        const text = [
          `words compared: ${[...asked.words].join(', ') || '—'}${asked.period ? `   period: ${asked.period.from}..${asked.period.to}` : ''}`,
          `rules: ${rules.kind === 'skill' ? `${rules.skill} ${JSON.stringify(rules.args)}` : 'no rule'} — ${rules.reason}`,
          `best phrasing: ` +
            (match
              ? `${match.phrasing.source} "${match.phrasing.text}" score ${match.score.toFixed(2)}${match.exact ? ' (exact)' : ''}`
              : `none at or above ${FUZZY_THRESHOLD}`),
          `route: ` +
            (decision.kind === 'skill'
              ? `${decision.skill} ${JSON.stringify(decision.args)}${decision.missing.length ? ` missing ${decision.missing.join(', ')}` : ''}`
              : 'none') +
            ` — ` +
            decision.reason,
        ].join('\n');
        out({ rules, match: match ?? null, decision }, text);
        return 0;
      }
      default:
        throw new AppError(
          'USAGE',
          action === undefined ? 'feedback: say what to do' : `feedback: unknown action "${action}"`,
          { hint: `usage: ${USAGE}` },
        );
    }
  } finally {
    db.close();
  }
}
