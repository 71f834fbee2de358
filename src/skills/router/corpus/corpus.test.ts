/**
 * The phrasing corpus (issue 15): operator and shift-lead questions written
 * from public MES/QMS material (SOURCES.md), not from this code, each with the
 * answer it must get. Every question is routed on its clock with the seeded
 * plant's equipment list and counted
 *   right  — the expected skill with the expected slots and resolved period,
 *   honest — the rules do not answer and the reply names why (a measure not
 *            recorded, a breakdown they cannot give, words not understood, a
 *            slot to ask for), or the skill runs and says the line / shift /
 *            defect type does not exist,
 *   wrong  — a confident answer to a different question.
 * The counts per language and family are printed; wrong must be 0. The
 * figures of every right quality_metrics answer are then checked by SQL on a
 * plant seeded for that clock (the skill runs against the real database).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { routeQuestion } from '../index.js';
import { SKILLS } from '../../code/index.js';
import type { KnownEquipment } from '../equipment.js';
import { PLANT_NAMES_QUERIES, plantNamesFrom, type PlantNames } from '../entities.js';
import {
  CLOCKS,
  type Clock,
  type Judged,
  RECORD_SKILLS,
  askedFrom,
  judge,
  parseCorpus,
  report,
} from './test-support.js';
import { unhonouredText } from '../../../agent/replies.js';
import { seedTestPlant } from '../../../seed/testing.js';
import type { QueryResult, ToolCaller } from '../../../mcp/types.js';
import { qualityMetrics } from '../../code/quality_metrics/skill.js';
import { qualityCompare } from '../../code/quality_compare/skill.js';
import { qualityBreakdown, type GroupFigures } from '../../code/quality_breakdown/skill.js';
import { batchLookup } from '../../code/batch_lookup/skill.js';
import { documentSearch } from '../../code/document_search/skill.js';
import { docsServerTools, runSkill } from '../../code/shared/testing.js';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- seeded plants, one per clock ---------------------------------------------------------------

/**
 * The held-out batches (SOURCES.md), each written by someone who never saw the router, in the order they came.
 * floor: the share of a batch (need: lines aside) answered as expected today — a regression floor, not the aim;
 * the figure after its wrong classes were fixed (W5 117/181, W6 272/325 after its vocabulary).
 */
const HELD_OUT = [
  { file: 'fresh-round3.txt', name: 'the round-three held-out batch', least: 290, floor: 0.85 },
  { file: 'fresh-round3b.txt', name: 'the second round-three held-out batch (W3)', least: 320, floor: 0.75 },
  { file: 'fresh-round3c.txt', name: 'the third round-three held-out batch (W5)', least: 210, floor: 0.64 },
  { file: 'fresh-round3d.txt', name: 'the fourth round-three held-out batch (W6)', least: 350, floor: 0.83 },
  { file: 'fresh-round3e.txt', name: 'the fifth round-three held-out batch (W7)', least: 400, floor: 0.87 },
  { file: 'fresh-round3f.txt', name: 'the sixth round-three held-out batch (W8)', least: 400, floor: 0.76 },
  { file: 'fresh-round3g.txt', name: 'the seventh round-three held-out batch (W9)', least: 500, floor: 0.69 },
  { file: 'fresh-round3h.txt', name: 'the eighth round-three held-out batch (W10)', least: 340, floor: 0.7 },
  { file: 'fresh-round3i.txt', name: 'the ninth round-three held-out batch (W11)', least: 350, floor: 0.85 },
  { file: 'fresh-round3j.txt', name: 'the tenth round-three held-out batch (W12)', least: 235, floor: 0.68 },
  { file: 'fresh-round3k.txt', name: 'the eleventh round-three held-out batch (W13)', least: 230, floor: 0.88 },
  { file: 'fresh-round3l.txt', name: 'the twelfth round-three held-out batch (W14)', least: 230, floor: 0.85 },
  { file: 'fresh-round3m.txt', name: 'the thirteenth round-three held-out batch (W15)', least: 190, floor: 0.85 },
] as const;

const plants = new Map<Clock, { dir: string; db: Database.Database; equipment: KnownEquipment[]; names: PlantNames }>();

function plantTools(db: Database.Database): ToolCaller {
  return {
    listTools: () => [],
    async callTool(request) {
      if (request.name !== 'query_database') return { ok: false, text: `no tool ${request.name}`, ms: 0 };
      const sql = String(request.arguments.sql);
      assert.doesNotMatch(sql, /SELECT \*/i);
      assert.match(sql, /LIMIT \d+/);
      const statement = db.prepare(sql);
      const rows = statement.raw(true).all() as Array<Array<string | number | null>>;
      const columns = statement.columns().map((column) => column.name);
      const structured: QueryResult = {
        columns,
        rows,
        row_count: rows.length,
        has_more: rows.length === 100,
        elapsed_ms: 0,
        cached: false,
      };
      return { ok: true, text: `${rows.length} rows`, structured, ms: 0 };
    },
  };
}

before(() => {
  for (const clock of Object.keys(CLOCKS) as Clock[]) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `corpus-${clock}-`));
    // the documents once (the figures of manuals and SOPs are quoted from them; they do not depend on the clock)
    seedTestPlant({ dir, today: CLOCKS[clock].today, docs: clock === 'sun' });
    const db = new Database(path.join(dir, 'plant.db'), { readonly: true });
    const equipment = db
      .prepare('SELECT equipment_id, line_id, name, name_en, type FROM equipment ORDER BY equipment_id')
      .all() as KnownEquipment[];
    // the inspectors, products and batch numbers, read with the engine's own queries
    const names = plantNamesFrom({
      people: db.prepare(PLANT_NAMES_QUERIES.people).all() as Array<Record<string, string>>,
      productNames: db.prepare(PLANT_NAMES_QUERIES.productNames).all() as Array<Record<string, string>>,
      batches: db.prepare(`${PLANT_NAMES_QUERIES.batches} LIMIT 20`).all() as Array<Record<string, string>>,
    });
    plants.set(clock, { dir, db, equipment, names });
  }
});

after(() => {
  for (const plant of plants.values()) {
    plant.db.close();
    rmSync(plant.dir, { recursive: true, force: true });
  }
});

const corpus = parseCorpus(path.join(here, 'phrasings.txt'), 'phrasings.txt');
// need: lines wait for capabilities no skill has yet
const heldOut = HELD_OUT.map((batch) => {
  const all = parseCorpus(path.join(here, batch.file), batch.file);
  return { ...batch, all, checked: all.filter((entry) => entry.need === undefined), judged: [] as Judged[] };
});
let judged: Judged[] = [];
/** every judged line: the phrasings and the held-out batches routed so far */
const allJudged = () => [...judged, ...heldOut.flatMap((batch) => batch.judged)];

function routeAll(entries: typeof corpus): Judged[] {
  return entries.map((entry) => {
    const plant = plants.get(entry.clock)!;
    const decision = routeQuestion(entry.question, {
      skills: SKILLS,
      now: new Date(CLOCKS[entry.clock].now),
      timezone: 'Asia/Shanghai',
      equipment: plant.equipment,
      names: plant.names,
    });
    return judge(entry, decision);
  });
}

test('the corpus is large enough and cites its sources', () => {
  const answerable = corpus.filter((entry) => !entry.honest || entry.honest.kind === 'skill');
  const unanswerable = corpus.filter((entry) => entry.honest);
  assert.ok(corpus.length >= 480, `${corpus.length} phrasings`);
  assert.ok(answerable.length >= 400, `${answerable.length} answerable phrasings`);
  assert.ok(unanswerable.length >= 80, `${unanswerable.length} questions the data cannot answer`);
  for (const batch of heldOut)
    assert.ok(batch.all.length >= batch.least, `${batch.all.length} questions in ${batch.name}`);
  const sources = readFileSync(path.join(here, 'SOURCES.md'), 'utf8');
  for (const id of new Set([...corpus, ...heldOut.flatMap((batch) => batch.all)].map((entry) => entry.source)))
    assert.match(sources, new RegExp(`\\| ${id} \\|`), `${id} is listed in SOURCES.md`);
  for (const entries of [corpus, ...heldOut.map((batch) => batch.all)]) {
    const questions = entries.map((entry) => `${entry.clock} ${entry.question}`);
    assert.equal(new Set(questions).size, questions.length, 'no question twice on the same clock');
  }
});

test('the rules answer right or honestly, never wrongly', () => {
  judged = routeAll(corpus);
  console.log(report(judged, 0));
  const wrong = judged.filter((item) => item.outcome === 'wrong');
  assert.deepEqual(
    wrong.map((item) => `${item.entry.line}: ${item.entry.question} — ${item.why}`),
    [],
  );
  const answerable = judged.filter((item) => !item.entry.honest);
  const right = answerable.filter((item) => item.outcome === 'right').length;
  assert.ok(
    right / answerable.length >= 0.99,
    `right on ${((100 * right) / answerable.length).toFixed(1)}% of the answerable questions (target ≥ 99%)`,
  );
  const unanswerable = judged.filter((item) => item.entry.honest && item.entry.honest.kind !== 'skill');
  const exact = unanswerable.filter((item) => item.exact).length;
  assert.ok(exact / unanswerable.length >= 0.9, `the honest reply expected on ${exact}/${unanswerable.length}`);
});

for (const batch of heldOut) {
  test(`${batch.name}: right or honest, never wrong (issue 27)`, () => {
    batch.judged = routeAll(batch.checked);
    console.log(report(batch.judged, batch.all.length - batch.checked.length));
    assert.deepEqual(
      batch.judged
        .filter((item) => item.outcome === 'wrong')
        .map((item) => `${batch.file}:${item.entry.line}: ${item.entry.question} — ${item.why}`),
      [],
    );
    // the expected reply (right, or the honest one expected) on the lines the rules can have
    const good = batch.judged.filter((item) => item.outcome === 'right' || (item.entry.honest && item.exact)).length;
    assert.ok(good / batch.judged.length >= batch.floor, `${good}/${batch.judged.length} answered as expected`);
  });
}

test("every honest reply names what it did not honour, in the operator's language", () => {
  for (const item of allJudged()) {
    if (item.decision.kind !== 'none' || !item.decision.unhonoured?.length) continue;
    const text = unhonouredText(item.entry.language, item.decision.unhonoured)!;
    for (const entry of item.decision.unhonoured)
      assert.ok(text.includes(entry.words), `${item.entry.question}: the reply names "${entry.words}"`);
    if (item.entry.language === 'zh') assert.match(text, /[\u4e00-\u9fff]/, `${item.entry.question}: a Chinese reply`);
    if (item.decision.unhonoured.some((entry) => entry.kind === 'not_recorded'))
      assert.match(text, item.entry.language === 'zh' ? /没有记录/ : /does not record/);
  }
});

test('the figures of the right quality answers match SQL on the seeded plants', async () => {
  const checked = allJudged().filter(
    (item) =>
      item.decision.kind === 'skill' &&
      item.decision.skill === 'quality_metrics' &&
      item.decision.missing.length === 0 &&
      (item.outcome === 'right' || item.entry.honest?.kind === 'skill'),
  );
  assert.ok(checked.length >= 200, `${checked.length} quality answers checked`);
  for (const item of checked) {
    const plant = plants.get(item.entry.clock)!;
    const args = (item.decision as { args: Record<string, unknown> }).args;
    const { result } = await runSkill({
      skill: qualityMetrics,
      args,
      tools: plantTools(plant.db),
      language: item.entry.language,
      now: CLOCKS[item.entry.clock].local,
    });
    const data = result.data as {
      error?: string;
      period?: { from: string; to: string };
      lines?: Array<{ line_id: string; inspected: number; defective: number }>;
      defect_type?: string | null;
      defect_type_figures?: Array<{ line_id: string; pieces: number }>;
    };
    const where = `${item.entry.line}: ${item.entry.question}`;
    if (item.entry.honest?.kind === 'skill') {
      // no such line, shift or defect kind; or a period the data holds no records for (2024, before the data)
      if ((data as { empty?: boolean }).empty === true) continue;
      assert.match(
        data.error ?? '',
        /^unknown_(?:line|shift|defect_type)$/,
        `${where}: the skill says it does not exist (${result.answer})`,
      );
      continue;
    }
    if (data.error === 'future_period') continue;
    assert.ok(data.period && data.lines, `${where}: figures (${result.answer.slice(0, 200)})`);
    const shift = typeof args.shift === 'string' ? args.shift : undefined;
    for (const line of data.lines) {
      const sql =
        `SELECT COALESCE(SUM(inspected_qty), 0) AS inspected, COALESCE(SUM(defect_qty), 0) AS defective, ` +
        `COALESCE(SUM(CASE WHEN defect_type = ? THEN defect_qty ELSE 0 END), 0) AS type_defective FROM ` +
        `quality_data WHERE line_id = ? AND record_date BETWEEN ? AND ?${shift ? ' AND shift = ?' : ''}`;
      const params: Array<string> = [
        data.defect_type ?? '',
        line.line_id,
        data.period.from,
        data.period.to,
        ...(shift ? [shift] : []),
      ];
      const expected = plant.db.prepare(sql).get(...params) as {
        inspected: number;
        defective: number;
        type_defective: number;
      };
      assert.equal(line.inspected, expected.inspected, `${where}: line ${line.line_id} inspected`);
      assert.equal(line.defective, expected.defective, `${where}: line ${line.line_id} defective`);
      if (data.defect_type) {
        const figure = data.defect_type_figures?.find((entry) => entry.line_id === line.line_id);
        assert.equal(
          figure?.pieces,
          expected.type_defective,
          `${where}: line ${line.line_id} ${data.defect_type} pieces`,
        );
      }
    }
  }
});

test('the figures of the right quality_compare answers match SQL on the seeded plants', async () => {
  const checked = allJudged().filter(
    (item) =>
      item.decision.kind === 'skill' &&
      item.decision.skill === 'quality_compare' &&
      item.decision.missing.length === 0 &&
      item.outcome === 'right',
  );
  assert.ok(checked.length >= 30, `${checked.length} comparison answers checked`);
  const sum = (db: Database.Database, where: string, params: string[]) =>
    db
      .prepare(
        `SELECT COALESCE(SUM(inspected_qty), 0) AS inspected, COALESCE(SUM(defect_qty), 0) AS defective FROM quality_data WHERE ${where}`,
      )
      .get(...params) as { inspected: number; defective: number };
  for (const item of checked) {
    const plant = plants.get(item.entry.clock)!;
    const args = (item.decision as { args: Record<string, unknown> }).args;
    const { result } = await runSkill({
      skill: qualityCompare,
      args,
      tools: plantTools(plant.db),
      language: item.entry.language,
      now: CLOCKS[item.entry.clock].local,
    });
    const where = `${item.entry.line}: ${item.entry.question}`;
    const data = result.data as Record<string, any>;
    assert.equal(data.error, undefined, `${where}: ${result.answer}`);
    const lineSql = (line: string): [string, string[]] => (line === '*' ? ['1 = 1', []] : ['line_id = ?', [line]]);
    if (data.mode === 'previous') {
      // the metric asked is the one compared (W5: output and yield were answered with the defect rate)
      const asked = (args.metrics as string[] | undefined) ?? ['defect_rate'];
      assert.deepEqual(data.metrics, asked, `${where}: the metrics compared`);
      const words: Record<string, [string, string]> = {
        output: ['产量', 'output'],
        yield: ['良率', 'yield'],
        defect_rate: ['次品率', 'defect rate'],
      };
      for (const metric of asked)
        assert.ok(
          result.answer.includes(words[metric]![item.entry.language === 'zh' ? 0 : 1]),
          `${where}: the answer names ${metric} (${result.answer.slice(0, 200)})`,
        );
      for (const row of data.comparison as Array<Record<string, any>>) {
        const [cond, params] = lineSql(row.line_id);
        for (const [key, period] of [
          ['now', data.period],
          ['before', data.previous],
        ] as const) {
          // one shift asked ("night shift only: this week vs last week"): that shift's records
          const shift = typeof args.shift === 'string' ? args.shift : undefined;
          const expected = sum(plant.db, `${cond} AND record_date BETWEEN ? AND ?${shift ? ' AND shift = ?' : ''}`, [
            ...params,
            period.from,
            period.to,
            ...(shift ? [shift] : []),
          ]);
          assert.equal(row[key].inspected, expected.inspected, `${where}: ${row.line_id} ${key} inspected`);
          assert.equal(row[key].defective, expected.defective, `${where}: ${row.line_id} ${key} defective`);
        }
      }
    } else if (data.mode === 'shifts') {
      const lines = (args.lines as string[]) ?? [];
      for (const shift of data.shifts as Array<{ shift: string; inspected: number; defective: number }>) {
        const expected = sum(
          plant.db,
          `record_date BETWEEN ? AND ? AND shift = ?${lines.length ? ` AND line_id IN (${lines.map(() => '?').join(',')})` : ''}`,
          [data.period.from, data.period.to, shift.shift, ...lines],
        );
        assert.deepEqual([shift.inspected, shift.defective], [expected.inspected, expected.defective], where);
      }
      const rates = (data.shifts as Array<{ inspected: number; defective: number }>).map(
        (s) => s.defective / s.inspected,
      );
      assert.deepEqual(
        rates,
        [...rates].sort((a, b) => b - a),
        `${where}: worst shift first`,
      );
    } else {
      const line = (args.lines as string[])[0]!;
      // a shift asked ("the 27th night shift … why") is that shift's figures, against that shift's baseline
      const shift = typeof args.shift === 'string' ? args.shift : undefined;
      const scope = `line_id = ? AND record_date BETWEEN ? AND ?${shift ? ' AND shift = ?' : ''}`;
      const asked = sum(plant.db, scope, [line, data.period.from, data.period.to, ...(shift ? [shift] : [])]);
      const base = sum(plant.db, scope, [
        line,
        data.baseline_period.from,
        data.baseline_period.to,
        ...(shift ? [shift] : []),
      ]);
      assert.deepEqual([data.asked.inspected, data.asked.defective], [asked.inspected, asked.defective], where);
      assert.deepEqual([data.baseline.inspected, data.baseline.defective], [base.inspected, base.defective], where);
      const orders = plant.db
        .prepare(
          'SELECT COUNT(*) AS n FROM work_orders WHERE line_id = ? AND substr(opened_at, 1, 10) <= ? AND (closed_at IS NULL OR substr(closed_at, 1, 10) >= ?)',
        )
        .get(line, data.period.to, data.period.from) as { n: number };
      assert.equal(data.work_orders.length, orders.n, `${where}: work orders`);
    }
  }
});

test('the figures of the right inspector, product and batch answers match SQL on the seeded plants', async () => {
  const checked = allJudged().filter(
    (item) =>
      item.decision.kind === 'skill' &&
      (item.decision.skill === 'quality_breakdown' || item.decision.skill === 'batch_lookup') &&
      item.decision.missing.length === 0 &&
      (item.outcome === 'right' || item.entry.honest?.kind === 'skill'),
  );
  assert.ok(checked.length >= 50, `${checked.length} inspector / product / batch answers checked`);
  for (const item of checked) {
    const plant = plants.get(item.entry.clock)!;
    const decision = item.decision as { skill: string; args: Record<string, unknown> };
    const where = `${item.entry.line}: ${item.entry.question}`;
    const { result } = await runSkill({
      skill: decision.skill === 'batch_lookup' ? batchLookup : qualityBreakdown,
      args: decision.args,
      tools: plantTools(plant.db),
      language: item.entry.language,
      now: CLOCKS[item.entry.clock].local,
    });
    const data = result.data as Record<string, any>;
    if (item.entry.honest?.kind === 'skill') {
      assert.match(data.error ?? '', /^unknown_(?:batch|inspector|product)$/, `${where}: ${result.answer}`);
      continue;
    }
    // the seeded test plant holds 5,000 rows, fewer batches a day than the demo plant the round-three batch was
    // written on: a batch it lacks must be said to be unknown, which SQL confirms
    if (decision.skill === 'batch_lookup' && data.error === 'unknown_batch') {
      const asked = decision.args.batches as string[];
      const found = plant.db
        .prepare(`SELECT COUNT(*) AS n FROM quality_data WHERE UPPER(batch_no) IN (${asked.map(() => '?').join(', ')})`)
        .get(...asked.map((batch) => batch.toUpperCase())) as { n: number };
      assert.ok(found.n < asked.length, `${where}: ${result.answer}`);
      continue;
    }
    assert.equal(data.error, undefined, `${where}: ${result.answer}`);
    if (decision.skill === 'batch_lookup') {
      for (const batch of data.batches as Array<Record<string, any>>) {
        const expected = plant.db
          .prepare(
            'SELECT line_id, record_date, shift, inspector, product, inspected_qty AS inspected, defect_qty AS defective ' +
              'FROM quality_data WHERE batch_no = ?',
          )
          .get(batch.batch_no) as Record<string, unknown>;
        for (const key of ['line_id', 'record_date', 'shift', 'inspector', 'product', 'inspected', 'defective'])
          assert.equal(batch[key], expected[key], `${where}: ${batch.batch_no} ${key}`);
        assert.ok(result.answer.includes(String(expected.inspector)), `${where}: the inspector is named`);
      }
      // a batch the plant does not hold is named as not found (the test plant holds fewer batches than a real one)
      const notFound = (data.not_found ?? []) as string[];
      assert.equal(
        (data.batches as unknown[]).length + notFound.length,
        (decision.args.batches as string[]).length,
        where,
      );
      for (const typed of notFound) {
        assert.equal(plant.db.prepare('SELECT 1 FROM quality_data WHERE batch_no = ?').get(typed), undefined, where);
        assert.ok(result.answer.includes(typed), `${where}: ${typed} is named as not found`);
      }
      continue;
    }
    const args = decision.args;
    const column = data.by === 'batch' ? 'batch_no' : data.by === 'inspector' ? 'inspector' : 'product';
    const filters: string[] = ['record_date BETWEEN ? AND ?'];
    const params: string[] = [data.period.from, data.period.to];
    const lines = (args.lines as string[] | undefined) ?? [];
    if (lines.length > 0) (filters.push(`line_id IN (${lines.map(() => '?').join(', ')})`), params.push(...lines));
    if (typeof args.shift === 'string') (filters.push('shift = ?'), params.push(args.shift));
    for (const [key, values] of [
      ['inspector', data.inspectors],
      ['product', data.products],
    ] as const) {
      if (values.length > 0) (filters.push(`${key} IN (${values.map(() => '?').join(', ')})`), params.push(...values));
    }
    const groups = data.groups as GroupFigures[];
    assert.ok(groups.length > 0 || data.empty, `${where}: figures (${result.answer.slice(0, 200)})`);
    for (const group of groups) {
      const expected = plant.db
        .prepare(
          `SELECT SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective, COUNT(*) AS batches FROM quality_data ` +
            `WHERE ${filters.join(' AND ')} AND ${column} = ?`,
        )
        .get(...params, group.key) as { inspected: number; defective: number; batches: number };
      assert.deepEqual(
        [group.inspected, group.defective, group.batches],
        [expected.inspected, expected.defective, expected.batches],
        `${where}: ${group.key}`,
      );
      assert.ok(result.answer.includes(String(group.inspected)), `${where}: ${group.key}'s pieces are in the answer`);
    }
    if (data.by !== 'batch') {
      const all = plant.db
        .prepare(`SELECT COUNT(DISTINCT ${column}) AS n FROM quality_data WHERE ${filters.join(' AND ')}`)
        .get(...params) as { n: number };
      assert.equal(groups.length, all.n, `${where}: every ${column} of the period is listed`);
    } else if (args.rank !== undefined) {
      // the worst (or best) batch is the one SQL finds worst (or best), ties by batch number
      const direction = args.rank === 'best' ? 'ASC' : 'DESC';
      const top = plant.db
        .prepare(
          `SELECT batch_no FROM quality_data WHERE ${filters.join(' AND ')} AND inspected_qty > 0 ORDER BY ` +
            `${args.rank_by === 'defects' ? 'defect_qty' : 'defect_qty * 1.0 / inspected_qty'} ${direction}, batch_no LIMIT 1`,
        )
        .get(...params) as { batch_no: string };
      assert.equal(groups[0]?.key, top.batch_no, `${where}: the ${args.rank} batch`);
    }
  }
});

test('an answer the skill makes honest says so: no such line, machine or person; no records; a period still to come', async () => {
  // quality_metrics, quality_breakdown and batch_lookup are run by the figures tests above
  const checked = allJudged().filter(
    (item) =>
      item.decision.kind === 'skill' &&
      item.decision.missing.length === 0 &&
      ((item.entry.honest?.kind === 'skill' &&
        // document_search, oncall_check and fault_advice read the docs folder and the plant server: their honesty is
        // checked by route only
        ![
          'quality_metrics',
          'quality_breakdown',
          'batch_lookup',
          'document_search',
          'oncall_check',
          'fault_advice',
        ].includes(item.decision.skill)) ||
        (item.entry.honest?.kind === 'future' && item.outcome === 'honest')),
  );
  assert.ok(checked.length >= 4, `${checked.length} answers made honest by their skill`);
  for (const item of checked) {
    const decision = item.decision as { skill: string; args: Record<string, unknown> };
    const module = SKILLS.modules.find((candidate) => candidate.skill.name === decision.skill);
    assert.ok(module, `${decision.skill} is a code skill`);
    const plant = plants.get(item.entry.clock)!;
    const { result } = await runSkill({
      skill: module.skill,
      args: decision.args,
      tools: plantTools(plant.db),
      language: item.entry.language,
      now: CLOCKS[item.entry.clock].local,
    });
    const data = result.data as { error?: string };
    const where = `${item.entry.file}:${item.entry.line}: ${item.entry.question}`;
    if (item.entry.honest?.kind === 'future') {
      assert.ok(RECORD_SKILLS.includes(decision.skill), where);
      assert.ok((askedFrom(decision.args) ?? '') > CLOCKS[item.entry.clock].today, where);
      assert.equal(data.error, 'future_period', `${where}: ${result.answer}`);
      assert.match(result.answer, /(?:还没有到来|in the future)/, `${where}: ${result.answer}`);
    } else
      assert.ok(
        // no such line, machine or person; or a period the data holds no records for (a year before the data begins)
        /^(?:unknown|ambiguous)_\w+$/.test(data.error ?? '') || /\bno records\b|无记录/.test(result.answer),
        `${where}: ${result.answer}`,
      );
  }
});

test('a figure asked of a manual or SOP is quoted from the seeded documents, never fault advice (issue 27)', async () => {
  const checked = allJudged().filter(
    (item) =>
      item.decision.kind === 'skill' &&
      item.decision.skill === 'document_search' &&
      Array.isArray((item.decision as { args: Record<string, unknown> }).args.figure),
  );
  assert.ok(checked.length >= 30, `${checked.length} document figures checked`);
  const tools = docsServerTools(path.join(plants.get('sun')!.dir, 'docs'));
  const misquoted: string[] = [];
  for (const item of checked) {
    const where = `${item.entry.file}:${item.entry.line}: ${item.entry.question}`;
    const { result } = await runSkill({
      skill: documentSearch,
      args: (item.decision as { args: Record<string, unknown> }).args,
      tools,
      language: item.entry.language,
    });
    const data = result.data as { error?: string; passages: Array<{ path: string; text: string }> };
    if (item.entry.honest?.kind === 'skill') {
      assert.equal(data.error, 'no_figure', `${where}: ${result.answer}`);
      assert.match(result.answer, item.entry.language === 'zh' ? /没有找到/ : /No passage/, where);
      continue;
    }
    if (item.outcome !== 'right') continue;
    assert.equal(data.error, undefined, `${where}: ${result.answer}`);
    for (const slot of item.entry.slots.filter((entry) => entry.key === 'quote')) {
      // quote~ values are written without spaces ("640N·m" for "640 N·m")
      const quoted = (data.passages[0]?.text ?? '').replace(/\s+/g, '');
      if (!quoted.includes(slot.value.replace(/\s+/g, ''))) {
        misquoted.push(`${where}: quotes "${slot.value}"? ${data.passages[0]?.text ?? result.answer}`);
        continue;
      }
      // the document and the line are named with the quote
      assert.ok(result.answer.includes(data.passages[0]!.path), `${where}: names the document`);
    }
  }
  assert.deepEqual(misquoted, [], 'every figure quoted from the line that holds it');
});
