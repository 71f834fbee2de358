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
import { defectKeysOf } from '../defects.js';
import type { RouteDecision } from '../../engine-types.js';
import { unhonouredText } from '../../../agent/replies.js';
import { seedTestPlant } from '../../../seed/testing.js';
import type { QueryResult, ToolCaller } from '../../../mcp/types.js';
import { runSkill } from '../../code/shared/testing.js';
import { qualityMetrics } from '../../code/quality_metrics/skill.js';
import { qualityCompare } from '../../code/quality_compare/skill.js';
import { qualityBreakdown, type GroupFigures } from '../../code/quality_breakdown/skill.js';
import { batchLookup } from '../../code/batch_lookup/skill.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const CLOCKS = {
  sun: { now: '2026-11-29T10:00:00+08:00', today: '2026-11-29', local: '2026-11-29T10:00:00' },
  mon: { now: '2026-11-30T09:00:00+08:00', today: '2026-11-30', local: '2026-11-30T09:00:00' },
  first: { now: '2026-12-01T08:00:00+08:00', today: '2026-12-01', local: '2026-12-01T08:00:00' },
  jan: { now: '2027-01-05T10:00:00+08:00', today: '2027-01-05', local: '2027-01-05T10:00:00' },
} as const;
type Clock = keyof typeof CLOCKS;

interface Entry {
  line: number;
  family: string;
  language: 'zh' | 'en';
  clock: Clock;
  source: string;
  question: string;
  /** undefined: an answerable question */
  honest?: { kind: string; dimension?: string };
  skill?: string;
  slots: Array<{ key: string; op: '=' | '~'; value: string }>;
}

function parseCorpus(): Entry[] {
  const text = readFileSync(path.join(here, 'phrasings.txt'), 'utf8');
  const entries: Entry[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(' | ').map((cell) => cell.trim());
    assert.equal(
      cells.length,
      6,
      `phrasings.txt:${index + 1}: six cells separated by " | " (family | lang | clock | src | question | expected)`,
    );
    const [family, language, clock, source, question, expected] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    assert.ok(language === 'zh' || language === 'en', `phrasings.txt:${index + 1}: language zh or en`);
    assert.ok(clock in CLOCKS, `phrasings.txt:${index + 1}: clock one of ${Object.keys(CLOCKS).join(', ')}`);
    assert.match(source, /^S\d+$/, `phrasings.txt:${index + 1}: a source id from SOURCES.md`);
    const words = expected.split(/\s+/);
    const entry: Entry = { line: index + 1, family, language, clock: clock as Clock, source, question, slots: [] };
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
      assert.ok(match, `phrasings.txt:${index + 1}: "${word}" is not key=value or key~text`);
      entry.slots.push({ key: match[1]!, op: match[2] as '=' | '~', value: match[3]! });
    }
    entries.push(entry);
  });
  return entries;
}

/** why the slots differ from the expectation, or undefined when they match */
function slotMismatch(entry: Entry, args: Record<string, unknown>): string | undefined {
  for (const slot of entry.slots) {
    const key = slot.key === 'defect' ? 'defect_type' : slot.key;
    const actual = args[key];
    if (slot.key === 'period' || slot.key === 'previous') {
      const [from, to] = slot.value.includes('..') ? slot.value.split('..') : [slot.value, slot.value];
      const period = actual as { from?: string; to?: string } | undefined;
      if (period?.from !== from || period?.to !== to)
        return `period ${period?.from}..${period?.to}, expected ${from}..${to}`;
    } else if (slot.key === 'lines' || slot.key === 'metrics') {
      const expected = slot.value === '-' ? [] : slot.value.split(',');
      const got = Array.isArray(actual) ? (actual as string[]) : [];
      const same =
        slot.key === 'lines'
          ? JSON.stringify(got) === JSON.stringify(expected)
          : got.length === expected.length && expected.every((value) => got.includes(value));
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

type Outcome = 'right' | 'honest' | 'wrong';

interface Judged {
  entry: Entry;
  decision: RouteDecision;
  outcome: Outcome;
  /** the honest reply is the one expected (the kind and dimension named) */
  exact: boolean;
  why: string;
}

function judge(entry: Entry, decision: RouteDecision): Judged {
  const confident = decision.kind === 'skill' && decision.missing.length === 0;
  const base = { entry, decision };
  if (!entry.honest) {
    if (!confident)
      return {
        ...base,
        outcome: 'honest',
        exact: false,
        why: decision.kind === 'none' ? decision.reason : `asks for ${decision.missing.join(', ')}`,
      };
    if (decision.skill !== entry.skill)
      return { ...base, outcome: 'wrong', exact: false, why: `routed to ${decision.skill}, expected ${entry.skill}` };
    const mismatch = slotMismatch(entry, decision.args);
    return mismatch
      ? { ...base, outcome: 'wrong', exact: false, why: mismatch }
      : { ...base, outcome: 'right', exact: true, why: '' };
  }
  const { kind, dimension } = entry.honest;
  if (kind === 'skill') {
    if (!confident)
      return {
        ...base,
        outcome: 'honest',
        exact: false,
        why: decision.kind === 'none' ? decision.reason : `asks for ${decision.missing.join(', ')}`,
      };
    if (decision.skill !== entry.skill)
      return { ...base, outcome: 'wrong', exact: false, why: `routed to ${decision.skill}, expected ${entry.skill}` };
    const mismatch = slotMismatch(entry, decision.args);
    return mismatch
      ? { ...base, outcome: 'wrong', exact: false, why: mismatch }
      : { ...base, outcome: 'honest', exact: true, why: 'the skill says it does not exist' };
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
    return {
      ...base,
      outcome: 'honest',
      exact,
      why: decision.kind === 'skill' ? `asks for ${decision.missing.join(', ')}` : decision.reason,
    };
  }
  const named = decision.kind === 'none' ? (decision.unhonoured ?? []) : [];
  const exact = named.some(
    (entry0) => entry0.kind === kind && (dimension === undefined || entry0.dimension === dimension),
  );
  return {
    ...base,
    outcome: 'honest',
    exact,
    why: decision.kind === 'none' ? decision.reason : `asks for ${decision.missing.join(', ')}`,
  };
}

// ---- seeded plants, one per clock ---------------------------------------------------------------

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
    seedTestPlant({ dir, today: CLOCKS[clock].today, docs: false });
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

const corpus = parseCorpus();
let judged: Judged[] = [];

test('the corpus is large enough and cites its sources', () => {
  const answerable = corpus.filter((entry) => !entry.honest || entry.honest.kind === 'skill');
  const unanswerable = corpus.filter((entry) => entry.honest);
  assert.ok(corpus.length >= 480, `${corpus.length} phrasings`);
  assert.ok(answerable.length >= 400, `${answerable.length} answerable phrasings`);
  assert.ok(unanswerable.length >= 80, `${unanswerable.length} questions the data cannot answer`);
  const sources = readFileSync(path.join(here, 'SOURCES.md'), 'utf8');
  for (const id of new Set(corpus.map((entry) => entry.source)))
    assert.match(sources, new RegExp(`\\| ${id} \\|`), `${id} is listed in SOURCES.md`);
  const questions = corpus.map((entry) => `${entry.clock} ${entry.question}`);
  assert.equal(new Set(questions).size, questions.length, 'no question twice on the same clock');
});

test('the rules answer right or honestly, never wrongly', () => {
  judged = corpus.map((entry) => {
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
  // the table: per language and family
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
        `${String(row.honest).padStart(6)} ${`(${row.exact})`.padStart(15)} ` +
        `${String(row.wrong).padStart(5)}`,
    );
  }
  const answerable = judged.filter((item) => !item.entry.honest);
  const right = answerable.filter((item) => item.outcome === 'right').length;
  lines.push(
    `right on answerable questions: ${right}/${answerable.length} = ${((100 * right) / answerable.length).toFixed(1)}%`,
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
  console.log(lines.join('\n'));
  assert.deepEqual(
    wrong.map((item) => `${item.entry.line}: ${item.entry.question} — ${item.why}`),
    [],
  );
  assert.ok(
    right / answerable.length >= 0.95,
    `right on ${((100 * right) / answerable.length).toFixed(1)}% of the answerable questions (target ≥ 95%)`,
  );
  const unanswerable = judged.filter((item) => item.entry.honest && item.entry.honest.kind !== 'skill');
  const exact = unanswerable.filter((item) => item.exact).length;
  assert.ok(exact / unanswerable.length >= 0.9, `the honest reply expected on ${exact}/${unanswerable.length}`);
});

test("every honest reply names what it did not honour, in the operator's language", () => {
  for (const item of judged) {
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
  const checked = judged.filter(
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
  const checked = judged.filter(
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
      for (const row of data.comparison as Array<Record<string, any>>) {
        const [cond, params] = lineSql(row.line_id);
        for (const [key, period] of [
          ['now', data.period],
          ['before', data.previous],
        ] as const) {
          const expected = sum(plant.db, `${cond} AND record_date BETWEEN ? AND ?`, [
            ...params,
            period.from,
            period.to,
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
      const asked = sum(plant.db, 'line_id = ? AND record_date BETWEEN ? AND ?', [
        line,
        data.period.from,
        data.period.to,
      ]);
      const base = sum(plant.db, 'line_id = ? AND record_date BETWEEN ? AND ?', [
        line,
        data.baseline_period.from,
        data.baseline_period.to,
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
  const checked = judged.filter(
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
      assert.equal((data.batches as unknown[]).length, (decision.args.batches as string[]).length, where);
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
      // the worst batch is the one SQL finds worst
      const top = plant.db
        .prepare(
          `SELECT batch_no FROM quality_data WHERE ${filters.join(' AND ')} ORDER BY ` +
            `${args.rank_by === 'defects' ? 'defect_qty' : 'defect_qty * 1.0 / inspected_qty'} DESC, batch_no LIMIT 1`,
        )
        .get(...params) as { batch_no: string };
      assert.equal(groups[0]?.key, top.batch_no, `${where}: the worst batch`);
    }
  }
});
