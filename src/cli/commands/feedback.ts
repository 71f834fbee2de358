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
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent feedback list [--state new|reviewed|dismissed] [--json]',
    'airgap-agent feedback add --question Q --verdict right|wrong [--correction TEXT] [--skill S --args JSON] [--as USER]',
    'airgap-agent feedback review ID --as ADMIN [--skill S] [--args JSON] [--expect TEXT ...] | --dismiss',
    'airgap-agent feedback export --format agent-test [--id N ...]',
    'airgap-agent feedback teach ID --as ADMIN | teach --phrase TEXT --skill S [--args JSON] --as ADMIN',
    'airgap-agent feedback phrasings [--all] [--json]',
    'airgap-agent feedback forget PHRASING_ID --as ADMIN',
    'airgap-agent feedback explain "question"',
  ],
  about: [
    "Operators' right/wrong marks and engineers' hand-over answers: review them, export them as agent-test cases,",
    'teach a phrasing the rules then answer. export writes YAML on stdout (nothing to export: no cases, exit 0).',
  ],
  options: {
    json: { text: 'JSON instead of text', default: 'off' },
    state: { value: 'STATE', text: 'list: only new, reviewed or dismissed', default: 'every state' },
    question: { value: 'Q', text: 'add: the question asked', default: 'none: required for add' },
    verdict: { value: 'V', text: 'add: right or wrong', default: 'none: required for add' },
    correction: { value: 'TEXT', text: 'add: what the answer should have said', default: 'none' },
    skill: { value: 'S', text: 'add, review, teach: the skill that should answer', default: 'none' },
    args: { value: 'JSON', text: "add, review, teach: that skill's arguments, a JSON object", default: '{}' },
    as: {
      value: 'USER',
      text: 'who acts (review, teach and forget: an enabled admin account)',
      default: 'console (add)',
    },
    expect: { value: 'TEXT', text: 'review: text the answer must contain (repeat)', default: 'none' },
    dismiss: { text: 'review: dismiss the feedback', default: 'off' },
    format: { value: 'FORMAT', text: 'export: agent-test (the one format)', default: 'none: required for export' },
    id: { value: 'N', text: 'export: only this feedback (repeat)', default: 'every reviewed one' },
    phrase: { value: 'TEXT', text: 'teach: the phrasing to teach', default: 'the reviewed question' },
    all: { text: 'phrasings: also the removed ones', default: 'off' },
  },
  examples: [
    'airgap-agent feedback list --state new',
    `airgap-agent feedback review 3 --as admin --skill quality_metrics --args '{"period":"$period","lines":["A"]}'`,
    'airgap-agent feedback export --format agent-test > testcases/feedback.yaml',
    'airgap-agent feedback explain "A线上周良率"',
  ],
};
const USAGE = usageOf(HELP);

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
    HELP,
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
        // nothing reviewed yet is not an error: a nightly export job must not fail on a quiet day
        process.stderr.write(
          count > 0
            ? `${count} case(s) from reviewed feedback\n`
            : 'nothing to export: no reviewed feedback yet (review some with `feedback review ID --as ADMIN`)\n',
        );
        return 0;
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
