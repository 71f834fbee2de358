/**
 * A held-out batch's first run (issue 27): routes every line of a corpus file
 * (the grammar of test-support.ts) on its clock with the seeded plant's
 * equipment and names, rules only, and prints corpus.test.ts's judgement —
 * right / honest / wrong per language and family — plus what the rules did
 * with the `need:` lines (a confident answer to a need: line is to be judged
 * by hand: usually wrong). Nothing is fixed or filtered: run it ONCE on a
 * batch nobody here has read, before looking at the batch, and record the
 * result in SOURCES.md.
 *   node --import tsx src/skills/router/corpus/score-batch.ts FILE [--list]
 * --list also prints every line's outcome (for the judging by hand).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeQuestion } from '../index.js';
import { SKILLS } from '../../code/index.js';
import type { KnownEquipment } from '../equipment.js';
import { PLANT_NAMES_QUERIES, plantNamesFrom } from '../entities.js';
import { seedTestPlant } from '../../../seed/testing.js';
import { openSqlite } from '../../../store/sqlite.js';
import { CLOCKS, type Clock, judge, parseCorpus, report } from './test-support.js';
import type { RouteDecision } from '../../engine-types.js';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx src/skills/router/corpus/score-batch.ts FILE [--list]');
  process.exit(2);
}
const entries = parseCorpus(path.resolve(file), path.basename(file));
const dir = mkdtempSync(path.join(os.tmpdir(), 'score-batch-'));
try {
  const plants = new Map<Clock, { equipment: KnownEquipment[]; names: ReturnType<typeof plantNamesFrom> }>();
  for (const clock of Object.keys(CLOCKS) as Clock[]) {
    const plantDir = path.join(dir, clock);
    seedTestPlant({ dir: plantDir, today: CLOCKS[clock].today, docs: false });
    const db = openSqlite(path.join(plantDir, 'plant.db'), { readonly: true });
    plants.set(clock, {
      equipment: db
        .prepare('SELECT equipment_id, line_id, name, name_en, type FROM equipment ORDER BY equipment_id')
        .all() as KnownEquipment[],
      names: plantNamesFrom({
        people: db.prepare(PLANT_NAMES_QUERIES.people).all() as Array<Record<string, string>>,
        productNames: db.prepare(PLANT_NAMES_QUERIES.productNames).all() as Array<Record<string, string>>,
        batches: db.prepare(`${PLANT_NAMES_QUERIES.batches} LIMIT 20`).all() as Array<Record<string, string>>,
      }),
    });
    db.close();
  }
  const route = (question: string, clock: Clock): RouteDecision =>
    routeQuestion(question, {
      skills: SKILLS,
      now: new Date(CLOCKS[clock].now),
      timezone: 'Asia/Shanghai',
      ...plants.get(clock)!,
    });
  const checked = entries.filter((entry) => entry.need === undefined);
  const judged = checked.map((entry) => judge(entry, route(entry.question, entry.clock)));
  console.log(report(judged, entries.length - checked.length));
  const needs = entries.filter((entry) => entry.need !== undefined);
  const describe = (decision: RouteDecision): string =>
    decision.kind === 'skill'
      ? `${decision.skill} ${JSON.stringify(decision.args)}${decision.missing.length ? ` (asks for ${decision.missing.join(', ')})` : ''}`
      : `${decision.kind}: ${'reason' in decision ? decision.reason : ''}`;
  const answered = needs
    .map((entry) => ({ entry, decision: route(entry.question, entry.clock) }))
    .filter(({ decision }) => decision.kind === 'skill' && decision.missing.length === 0);
  console.log(
    `need: lines: ${needs.length}; answered confidently by the rules (judge by hand): ${answered.length}`,
    ...answered.map(({ entry, decision }) => `\n  ${entry.line}: ${entry.question} — ${describe(decision)}`),
  );
  if (flags.includes('--list'))
    for (const item of judged)
      console.log(
        `${item.outcome.padEnd(6)} ${item.entry.line}: ${item.entry.question} — ${describe(item.decision)}${item.why ? ` [${item.why}]` : ''}`,
      );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
