/**
 * The phrasing corpora's grammar and judge (shared by corpus.test.ts for
 * phrasings.txt and fresh-round3.txt). One line per question:
 *   family | lang | clock | src | question | expected
 * expected: SKILL key=value … (lists comma-separated; '-' = empty list; key~text = contains)
 *       or: honest:KIND[:DIMENSION] — the rules must not answer, and the reply must name it
 *       or: honest:skill SKILL key=value … — the skill runs and its own answer is the honest one
 *       or: honest:future — a forecast: declined as not recorded, or a record skill run on dates to come
 *           (the skill then says so: corpus.test.ts runs it)
 *       or: need:… — a capability no skill has yet (skipped until the line is converted)
 *   quote~text (document_search): the answer run on the seeded documents quotes text (a figure from a manual or SOP;
 *       spaces aside: quote~640N·m matches "640 N·m")
 *       or: multi SKILL key=value … + SKILL key=value … — several questions in one: each part the rules route
 *           (RouteDecision.routed) answers one of them, a later part read with the earlier parts' slots
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { defectKeysOf } from '../defects.js';
import type { RouteDecision } from '../../engine-types.js';

export const CLOCKS = {
  sun: { now: '2026-11-29T10:00:00+08:00', today: '2026-11-29', local: '2026-11-29T10:00:00' },
  mon: { now: '2026-11-30T09:00:00+08:00', today: '2026-11-30', local: '2026-11-30T09:00:00' },
  first: { now: '2026-12-01T08:00:00+08:00', today: '2026-12-01', local: '2026-12-01T08:00:00' },
  jan: { now: '2027-01-05T10:00:00+08:00', today: '2027-01-05', local: '2027-01-05T10:00:00' },
} as const;
export type Clock = keyof typeof CLOCKS;

export interface Entry {
  file: string;
  line: number;
  family: string;
  language: 'zh' | 'en';
  clock: Clock;
  source: string;
  question: string;
  /** undefined: an answerable question */
  honest?: { kind: string; dimension?: string };
  /** a capability no skill has yet: skipped */
  need?: string;
  skill?: string;
  slots: Array<{ key: string; op: '=' | '~'; value: string }>;
  /** several questions in one: what each part must be answered with */
  multi?: Array<{ skill: string; slots: Array<{ key: string; op: '=' | '~'; value: string }> }>;
}

/** the skills that report what happened: a period still to come is a forecast they cannot give */
export const RECORD_SKILLS = [
  'quality_metrics',
  'quality_compare',
  'quality_breakdown',
  'work_orders',
  'weekly_report',
  'batch_lookup',
];

export function parseCorpus(file: string, name: string): Entry[] {
  const text = readFileSync(file, 'utf8');
  const entries: Entry[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${name}:${index + 1}`;
    const cells = line.split(' | ').map((cell) => cell.trim());
    assert.equal(
      cells.length,
      6,
      `${where}: six cells separated by " | " (family | lang | clock | src | question | expected)`,
    );
    const [family, language, clock, source, question, expected] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    assert.ok(language === 'zh' || language === 'en', `${where}: language zh or en`);
    assert.ok(clock in CLOCKS, `${where}: clock one of ${Object.keys(CLOCKS).join(', ')}`);
    assert.match(source, /^S\d+$/, `${where}: a source id from SOURCES.md`);
    const entry: Entry = {
      file: name,
      line: index + 1,
      family,
      language,
      clock: clock as Clock,
      source,
      question,
      slots: [],
    };
    if (expected.startsWith('need:')) {
      entries.push({ ...entry, need: expected });
      return;
    }
    const slotOf = (word: string) => {
      const match = /^([a-z_]+)(=|~)(.+)$/.exec(word);
      assert.ok(match, `${where}: "${word}" is not key=value or key~text`);
      return { key: match[1]!, op: match[2] as '=' | '~', value: match[3]! };
    };
    if (expected.startsWith('multi ')) {
      entry.multi = expected
        .slice('multi '.length)
        .split(' + ')
        .map((group) => {
          const [skill, ...slots] = group.trim().split(/\s+/);
          return { skill: skill!, slots: slots.map(slotOf) };
        });
      assert.ok(entry.multi.length >= 2, `${where}: multi needs two answers or more, joined by " + "`);
      entries.push(entry);
      return;
    }
    const words = expected.split(/\s+/);
    let rest = words;
    if (words[0]!.startsWith('honest:')) {
      const [, kind, dimension] = words[0]!.split(':');
      entry.honest = { kind: kind!, ...(dimension ? { dimension } : {}) };
      rest = words.slice(1);
      if (kind === 'skill') {
        entry.skill = rest[0];
        rest = rest.slice(1);
      }
    } else {
      entry.skill = words[0];
      rest = words.slice(1);
    }
    for (const word of rest) {
      const match = /^([a-z_]+)(=|~)(.+)$/.exec(word);
      assert.ok(match, `${where}: "${word}" is not key=value or key~text`);
      entry.slots.push({ key: match[1]!, op: match[2] as '=' | '~', value: match[3]! });
    }
    entries.push(entry);
  });
  return entries;
}

const LIST_KEYS = ['lines', 'metrics', 'priorities', 'batches', 'inspectors', 'products'];

/** why the slots differ from the expectation, or undefined when they match */
export function slotMismatch(entry: Entry, args: Record<string, unknown>): string | undefined {
  for (const slot of entry.slots) {
    // quote~text: what the skill's answer quotes, checked by running it (corpus.test.ts), not an argument
    if (slot.key === 'quote') continue;
    const key = slot.key === 'defect' ? 'defect_type' : slot.key;
    const actual = args[key];
    if (slot.key === 'period' || slot.key === 'previous') {
      const [from, to] = slot.value.includes('..') ? slot.value.split('..') : [slot.value, slot.value];
      const period = actual as { from?: string; to?: string } | undefined;
      if (period?.from !== from || period?.to !== to)
        return `${slot.key} ${period?.from}..${period?.to}, expected ${from}..${to}`;
    } else if (LIST_KEYS.includes(slot.key) && slot.op === '=') {
      const expected = slot.value === '-' ? [] : slot.value.split(',');
      const got = Array.isArray(actual)
        ? (actual as unknown[]).map(String)
        : actual === undefined
          ? []
          : [String(actual)];
      // lines in order; the others as sets, case aside (B20261124D032 as typed b20261124d032)
      const same =
        slot.key === 'lines'
          ? JSON.stringify(got) === JSON.stringify(expected)
          : got.length === expected.length &&
            expected.every((value) => got.some((other) => other.toLowerCase() === value.toLowerCase()));
      if (!same) return `${key} ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`;
    } else if (slot.key === 'defect') {
      if (typeof actual !== 'string' || !defectKeysOf(actual).includes(slot.value))
        return `defect_type ${JSON.stringify(actual)}, expected the ${slot.value} kind`;
    } else if (slot.op === '~') {
      const text = Array.isArray(actual) ? actual.join(',') : actual;
      if (typeof text !== 'string' || !text.toLowerCase().includes(slot.value.toLowerCase()))
        return `${key} ${JSON.stringify(actual)} does not contain "${slot.value}"`;
    } else if (String(actual) !== slot.value) {
      return `${key} ${JSON.stringify(actual)}, expected ${slot.value}`;
    }
  }
  return undefined;
}

export type Outcome = 'right' | 'honest' | 'wrong';

export interface Judged {
  entry: Entry;
  decision: RouteDecision;
  outcome: Outcome;
  /** the honest reply is the one expected (the kind and dimension named) */
  exact: boolean;
  why: string;
}

/** the first day a decision's arguments ask about (a period, a date, a week), or undefined */
export function askedFrom(args: Record<string, unknown>): string | undefined {
  const period = args.period as { from?: string } | undefined;
  if (period?.from) return period.from;
  for (const key of ['date', 'week_start', 'due_by']) if (typeof args[key] === 'string') return args[key];
  return undefined;
}

/** several questions in one: right when each expected answer is some part's, wrong when a part answers it wrongly */
function judgeMulti(entry: Entry, decision: RouteDecision): Judged {
  const base = { entry, decision };
  // one skill that asks for a slot answers nothing yet: honest (W6 "这周各线产量，顺带看看下周谁值班": asks for a date)
  if (decision.kind === 'skill' && decision.missing.length > 0)
    return { ...base, outcome: 'honest', exact: false, why: `asks for ${decision.missing.join(', ')}` };
  if (decision.kind === 'skill')
    return { ...base, outcome: 'wrong', exact: false, why: `one answer (${decision.skill}) for several questions` };
  const parts = (decision.routed ?? []).filter(
    (part): part is Extract<RouteDecision, { kind: 'skill' }> => part.kind === 'skill' && part.missing.length === 0,
  );
  const missed: string[] = [];
  for (const group of entry.multi!) {
    const same = parts.filter((part) => part.skill === group.skill);
    const mismatches = same.map((part) => slotMismatch({ ...entry, slots: group.slots }, part.args));
    if (mismatches.some((mismatch) => mismatch === undefined)) continue;
    if (same.length > 0)
      return {
        ...base,
        outcome: 'wrong',
        exact: false,
        why: `${group.skill}: ${mismatches.filter(Boolean).join('; ')}`,
      };
    missed.push(group.skill);
  }
  return missed.length === 0
    ? { ...base, outcome: 'right', exact: true, why: '' }
    : { ...base, outcome: 'honest', exact: false, why: `not answered by the rules: ${missed.join(', ')}` };
}

export function judge(entry: Entry, decision: RouteDecision): Judged {
  if (entry.multi) return judgeMulti(entry, decision);
  const confident = decision.kind === 'skill' && decision.missing.length === 0;
  const base = { entry, decision };
  const declinedWhy = (): string =>
    decision.kind === 'none' ? decision.reason : `asks for ${decision.missing.join(', ')}`;
  if (!entry.honest || entry.honest.kind === 'skill') {
    if (!confident) return { ...base, outcome: 'honest', exact: false, why: declinedWhy() };
    if (decision.skill !== entry.skill)
      return { ...base, outcome: 'wrong', exact: false, why: `routed to ${decision.skill}, expected ${entry.skill}` };
    const mismatch = slotMismatch(entry, decision.args);
    if (mismatch) return { ...base, outcome: 'wrong', exact: false, why: mismatch };
    return entry.honest
      ? { ...base, outcome: 'honest', exact: true, why: 'the skill says it does not exist' }
      : { ...base, outcome: 'right', exact: true, why: '' };
  }
  const { kind, dimension } = entry.honest;
  const today = CLOCKS[entry.clock].today;
  if (kind === 'future') {
    // a record skill run on dates still to come says so itself (corpus.test.ts runs it); else the rules name the forecast
    if (confident) {
      const from = askedFrom(decision.args);
      return RECORD_SKILLS.includes(decision.skill) && from !== undefined && from > today
        ? { ...base, outcome: 'honest', exact: true, why: `${decision.skill} on ${from}, after today` }
        : {
            ...base,
            outcome: 'wrong',
            exact: false,
            why: `answered with ${decision.skill} ${JSON.stringify(decision.args)}`,
          };
    }
    const named = decision.kind === 'none' ? (decision.unhonoured ?? []) : [];
    return {
      ...base,
      outcome: 'honest',
      exact: named.some((item) => item.dimension === 'forecast'),
      why: declinedWhy(),
    };
  }
  if (confident)
    return {
      ...base,
      outcome: 'wrong',
      exact: false,
      why: `answered with ${decision.skill} ${JSON.stringify(decision.args)}`,
    };
  if (kind === 'missing') {
    const exact = decision.kind === 'skill' && (dimension === undefined || decision.missing.includes(dimension));
    return { ...base, outcome: 'honest', exact, why: declinedWhy() };
  }
  const named = decision.kind === 'none' ? (decision.unhonoured ?? []) : [];
  const exact = named.some((item) => item.kind === kind && (dimension === undefined || item.dimension === dimension));
  return { ...base, outcome: 'honest', exact, why: declinedWhy() };
}

/** The counts per language and family, and the lines that were not right (for the test's log). */
export function report(judged: Judged[], skipped: number): string {
  const rows = new Map<string, { right: number; honest: number; exact: number; wrong: number }>();
  for (const item of judged) {
    for (const key of [`${item.entry.language} ${item.entry.family}`, `${item.entry.language} *`, '* *']) {
      const row = rows.get(key) ?? { right: 0, honest: 0, exact: 0, wrong: 0 };
      row[item.outcome] += 1;
      if (item.outcome === 'honest' && item.exact) row.exact += 1;
      rows.set(key, row);
    }
  }
  const lines = ['lang family         right honest (as expected) wrong'];
  for (const [key, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const [language, family] = key.split(' ');
    lines.push(
      `${language!.padEnd(4)} ${family!.padEnd(14)} ${String(row.right).padStart(5)} ` +
        `${String(row.honest).padStart(6)} ${`(${row.exact})`.padStart(15)} ${String(row.wrong).padStart(5)}`,
    );
  }
  const answerable = judged.filter((item) => !item.entry.honest);
  const right = answerable.filter((item) => item.outcome === 'right').length;
  const correct = judged.filter((item) => item.outcome === 'right' || (item.entry.honest && item.exact)).length;
  lines.push(
    `right on answerable questions: ${right}/${answerable.length} = ${((100 * right) / answerable.length).toFixed(1)}%` +
      `; the expected reply on ${correct}/${judged.length} = ${((100 * correct) / judged.length).toFixed(1)}%` +
      (skipped > 0 ? `; ${skipped} need: lines skipped` : ''),
  );
  const declined = judged.filter((item) => item.outcome === 'honest' && !item.exact);
  if (declined.length > 0)
    lines.push(
      'honest, but not the reply expected:',
      ...declined.map((item) => `  ${item.entry.line}: ${item.entry.question} — ${item.why}`),
    );
  const wrong = judged.filter((item) => item.outcome === 'wrong');
  if (wrong.length > 0)
    lines.push('WRONG:', ...wrong.map((item) => `  ${item.entry.line}: ${item.entry.question} — ${item.why}`));
  return lines.join('\n');
}
