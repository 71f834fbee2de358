/**
 * Taught phrasings: a question the rules did not recognise, mapped by an admin
 * to a skill and its arguments (from reviewed feedback), plus the phrasings a
 * maintenance script ships in its manifest. No model, no embeddings: a
 * question matches a phrasing when their word sets (English words, Chinese
 * character bigrams; the period the question names left out) are close — the
 * Dice coefficient of the two sets ≥ 0.7, or equal. The match is explainable:
 * which phrasing, its id and version, the score and the shared words go into
 * the route's `reason`.
 *
 * Precedence (engine.route): an exact taught phrasing overrides the rules (an
 * admin said the rules answered it wrong); a close one answers only what the
 * rules do not recognise.
 *
 * Arguments may say "$period" (the period object the question names:
 * { from, to, label }), "$period.from" or "$period.to", so "export last
 * week's quality data" gets last week's dates, not the ones of the day it was
 * taught. Stored in agent.db (taught_phrasings), which upgrades keep.
 */
import type { RouteDecision } from '../engine-types.js';
import type { SqliteDatabase } from '../../store/sqlite.js';
import type { Period } from '../args.js';
import { analyse } from './analysis.js';
import { detectLanguage, mask } from './normalize.js';
import { localDate } from '../../clock.js';

export const FUZZY_THRESHOLD = 0.7;

const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'to',
  'please',
  'pls',
  'me',
  'my',
  'our',
  'is',
  'are',
  'what',
  'can',
  'you',
  'could',
  'would',
  'and',
  'in',
  'on',
  'it',
  'i',
  'we',
  'do',
  'does',
  'some',
  'now',
  's',
  'give',
  'show',
  'tell',
  'let',
  'see',
  'this',
  'that',
  'about',
  'with',
]);
const ZH_FILLER = /请|麻烦|帮我|帮忙|一下|的|吗|呢|吧|呀|了|给我/g;

export interface Phrasing {
  /** 'taught:<id>' or 'script:<name>' */
  source: string;
  id?: number | undefined;
  version?: number | undefined;
  text: string;
  skill: string;
  args: Record<string, unknown>;
  /** a script phrasing's period arguments (manifest `period: {from, to}`) */
  period?: { from: string; to: string } | undefined;
  taughtBy?: string | null | undefined;
}

export interface PhrasingMatch {
  phrasing: Phrasing;
  score: number;
  exact: boolean;
  shared: string[];
}

/** The words a phrasing is compared by: the question without its period, filler words dropped. */
export function features(
  text: string,
  context: { now: Date; timezone: string },
): { words: Set<string>; period: Period | undefined; unsurePeriod: boolean; key: string } {
  const analysis = analyse(text, context);
  const withoutPeriod = mask(analysis.normalized.lower, analysis.periods);
  const known = analysis.periods.filter((mention) => mention.period !== undefined);
  const cleaned = withoutPeriod
    .replace(ZH_FILLER, ' ')
    .replace(/'s\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = new Set<string>();
  for (const word of cleaned.split(/\s+/)) {
    if (!word) continue;
    const latin = word.replace(/[\p{Script=Han}]+/gu, ' ').trim();
    for (const part of latin.split(/\s+/)) if (part.length > 1 && !STOP_WORDS.has(part)) words.add(part);
  }
  for (const run of cleaned.match(/[\p{Script=Han}]+/gu) ?? []) {
    if (run.length === 1) words.add(run);
    for (let index = 0; index + 1 < run.length; index++) words.add(run.slice(index, index + 2));
  }
  return {
    words,
    period: known.length === 1 ? known[0]!.period : undefined,
    unsurePeriod: analysis.periods.length > 1 || (analysis.periods.length === 1 && known.length === 0),
    key: [...words].sort().join(' '),
  };
}

const cache = new Map<string, ReturnType<typeof features>>();
/**
 * features() remembered by text and plant-local day (all it reads of the clock: analyse resolves periods from
 * the day). Shared: callers read it and never change it.
 */
function cachedFeatures(
  text: string,
  context: { now: Date; timezone: string },
  day = localDate(context.now, context.timezone),
): ReturnType<typeof features> {
  const key = `${context.timezone}\u0000${day}\u0000${text}`;
  let found = cache.get(key);
  if (!found) {
    if (cache.size > 2000) cache.clear();
    found = features(text, context);
    cache.set(key, found);
  }
  return found;
}

export function bestMatch(
  question: string,
  phrasings: Phrasing[],
  context: { now: Date; timezone: string },
): PhrasingMatch | undefined {
  if (phrasings.length === 0) return undefined;
  const day = localDate(context.now, context.timezone);
  // the question's words too: under load the same questions come again and again
  const asked = cachedFeatures(question, context, day);
  if (asked.words.size === 0) return undefined;
  let best: PhrasingMatch | undefined;
  for (const phrasing of phrasings) {
    const known = cachedFeatures(phrasing.text, context, day);
    if (known.words.size === 0) continue;
    const shared = [...asked.words].filter((word) => known.words.has(word));
    const score = (2 * shared.length) / (asked.words.size + known.words.size);
    const exact = asked.key === known.key;
    const candidate = { phrasing, score: exact ? 1 : score, exact, shared };
    if (
      !best ||
      candidate.score > best.score ||
      (candidate.score === best.score && (phrasing.version ?? 0) > (best.phrasing.version ?? 0))
    )
      best = candidate;
  }
  return best && (best.exact || best.score >= FUZZY_THRESHOLD) ? best : undefined;
}

function fillPeriod(value: unknown, period: Period | undefined): { value: unknown; needs: boolean } {
  // a copy: the period is the remembered features' (cachedFeatures), the decision the caller's to change
  if (value === '$period') return period ? { value: { ...period }, needs: false } : { value: undefined, needs: true };
  if (value === '$period.from')
    return period ? { value: period.from, needs: false } : { value: undefined, needs: true };
  if (value === '$period.to') return period ? { value: period.to, needs: false } : { value: undefined, needs: true };
  return { value, needs: false };
}

/** The route a match gives: the phrasing's arguments, the question's period filled in. */
export function decisionOf(
  question: string,
  match: PhrasingMatch,
  context: { now: Date; timezone: string },
): RouteDecision {
  const { phrasing } = match;
  const asked = cachedFeatures(question, context);
  const args: Record<string, unknown> = {};
  const missing: string[] = [];
  const template: Record<string, unknown> = { ...phrasing.args };
  if (phrasing.period) {
    template[phrasing.period.from] = '$period.from';
    template[phrasing.period.to] = '$period.to';
  }
  for (const [key, value] of Object.entries(template)) {
    const filled = fillPeriod(value, asked.unsurePeriod ? undefined : asked.period);
    if (filled.needs) missing.push(key);
    else args[key] = filled.value;
  }
  const label = phrasing.source.startsWith('taught:')
    ? `taught phrasing #${phrasing.id} (version ${phrasing.version}${phrasing.taughtBy ? `, by ${phrasing.taughtBy}` : ''})`
    : `${phrasing.source.replace(':', ' ')} phrasing`;
  const how = match.exact ? 'the same words' : `similarity ${match.score.toFixed(2)} ≥ ${FUZZY_THRESHOLD}`;
  return {
    kind: 'skill',
    skill: phrasing.skill,
    args,
    language: detectLanguage(question),
    missing,
    reason: `${label} "${phrasing.text}" matched: ${how} (shared: ${match.shared.join(', ') || '—'})`,
  };
}

interface StoredPhrasing {
  phrasing_id: number;
  phrase: string;
  normalized: string;
  skill: string;
  arguments: string;
  version: number;
  feedback_id: number | null;
  taught_by: string | null;
  created_at: string;
  removed_at: string | null;
  removed_by: string | null;
}

export interface TaughtPhrasingRow {
  id: number;
  phrase: string;
  skill: string;
  args: Record<string, unknown>;
  version: number;
  feedback_id: number | null;
  taught_by: string | null;
  created_at: string;
  removed_at: string | null;
  removed_by: string | null;
}

function toRow(row: StoredPhrasing): TaughtPhrasingRow {
  return {
    id: row.phrasing_id,
    phrase: row.phrase,
    skill: row.skill,
    args: JSON.parse(row.arguments) as Record<string, unknown>,
    version: row.version,
    feedback_id: row.feedback_id,
    taught_by: row.taught_by,
    created_at: row.created_at,
    removed_at: row.removed_at,
    removed_by: row.removed_by,
  };
}

/** The taught_phrasings table: every teach and every removal raises the store's version. */
export class TaughtPhrasings {
  constructor(private readonly db: SqliteDatabase) {}

  /** The store's version: the number of changes (teachings and removals) so far. */
  version(): number {
    const row = this.db.prepare('SELECT COUNT(*) + COUNT(removed_at) AS changes FROM taught_phrasings').get() as {
      changes: number;
    };
    return row.changes;
  }

  list(options: { includeRemoved?: boolean } = {}): TaughtPhrasingRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM taught_phrasings ${options.includeRemoved ? '' : 'WHERE removed_at IS NULL'} ORDER BY phrasing_id`,
      )
      .all() as StoredPhrasing[];
    return rows.map(toRow);
  }

  active(): Phrasing[] {
    return this.list().map((row) => ({
      source: `taught:${row.id}`,
      id: row.id,
      version: row.version,
      text: row.phrase,
      skill: row.skill,
      args: row.args,
      taughtBy: row.taught_by,
    }));
  }

  teach(options: {
    phrase: string;
    skill: string;
    args: Record<string, unknown>;
    taughtBy: string | null;
    feedbackId?: number | null | undefined;
    now: Date;
    timezone: string;
  }): TaughtPhrasingRow {
    const phrase = options.phrase.trim();
    const key = features(phrase, { now: options.now, timezone: options.timezone }).key;
    const insert = this.db.transaction(() => {
      // the same words taught again replace the older mapping (kept, removed, for the record)
      const older = this.db
        .prepare('SELECT phrasing_id FROM taught_phrasings WHERE normalized = ? AND removed_at IS NULL')
        .all(key) as Array<{ phrasing_id: number }>;
      for (const row of older)
        this.db
          .prepare('UPDATE taught_phrasings SET removed_at = ?, removed_by = ? WHERE phrasing_id = ?')
          .run(new Date().toISOString(), 'replaced by a newer teaching', row.phrasing_id);
      const result = this.db
        .prepare(
          `INSERT INTO taught_phrasings (phrase, normalized, skill, arguments, version, feedback_id, taught_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          phrase,
          key,
          options.skill,
          JSON.stringify(options.args),
          this.version() + 1,
          options.feedbackId ?? null,
          options.taughtBy,
          new Date().toISOString(),
        );
      return Number(result.lastInsertRowid);
    });
    const id = insert();
    return this.get(id)!;
  }

  get(id: number): TaughtPhrasingRow | undefined {
    const row = this.db.prepare('SELECT * FROM taught_phrasings WHERE phrasing_id = ?').get(id) as
      StoredPhrasing | undefined;
    return row ? toRow(row) : undefined;
  }

  remove(id: number, by: string | null): TaughtPhrasingRow | undefined {
    const result = this.db
      .prepare(
        'UPDATE taught_phrasings SET removed_at = ?, removed_by = ? WHERE phrasing_id = ? AND removed_at IS NULL',
      )
      .run(new Date().toISOString(), by, id);
    return result.changes > 0 ? this.get(id) : undefined;
  }
}

/**
 * Copy the live taught phrasings of one agent.db into another (agent-test's
 * temporary one), so regression runs answer as the appliance does. A missing
 * or older source database copies nothing.
 */
export function copyTaughtPhrasings(from: SqliteDatabase, to: SqliteDatabase): number {
  let rows: StoredPhrasing[];
  try {
    rows = from
      .prepare('SELECT * FROM taught_phrasings WHERE removed_at IS NULL ORDER BY phrasing_id')
      .all() as StoredPhrasing[];
  } catch {
    return 0;
  }
  const insert = to.prepare(
    `INSERT OR REPLACE INTO taught_phrasings (phrasing_id, phrase, normalized, skill, arguments, ` +
      `version, feedback_id, taught_by, created_at, removed_at, removed_by)
     VALUES (@phrasing_id, @phrase, @normalized, @skill, @arguments, @version, NULL, @taught_by, @created_at, NULL, NULL)`,
  );
  to.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  return rows.length;
}
