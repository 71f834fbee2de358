import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seedTestPlant } from '../../../seed/testing.js';
import { plantDbTools, runSkill } from '../shared/testing.js';
import { qualityBreakdown, type GroupFigures } from './skill.js';

let dir: string;
let db: Database.Database;
const THIS_WEEK = { from: '2026-11-23', to: '2026-11-29', label: 'this week' };
const LAST_WEEK = { from: '2026-11-16', to: '2026-11-22', label: '上周' };

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quality-breakdown-'));
  seedTestPlant({ dir, rows: 20_000, docs: false });
  db = new Database(path.join(dir, 'plant.db'), { readonly: true });
});

after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const pct = (part: number, whole: number): string => (Math.round((part * 10000) / whole) / 100).toFixed(2);

function sums(where: string, ...params: string[]): { inspected: number; defective: number; batches: number } {
  return db
    .prepare(
      `SELECT SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective, COUNT(*) AS batches FROM quality_data WHERE ${where}`,
    )
    .get(...params) as { inspected: number; defective: number; batches: number };
}

test('by inspector on a line: one row per inspector, the counts of plant.db, and the total', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'inspector', lines: ['A'], period: THIS_WEEK },
    tools: plantDbTools(db),
  });
  const inspectors = db
    .prepare(
      "SELECT DISTINCT inspector FROM quality_data WHERE line_id = 'A' AND record_date BETWEEN ? AND ? ORDER BY inspector",
    )
    .all(THIS_WEEK.from, THIS_WEEK.to) as Array<{ inspector: string }>;
  assert.equal(inspectors.length, 4);
  for (const { inspector } of inspectors) {
    const expected = sums(
      "line_id = 'A' AND record_date BETWEEN ? AND ? AND inspector = ?",
      THIS_WEEK.from,
      THIS_WEEK.to,
      inspector,
    );
    assert.ok(
      result.answer.includes(
        `| ${inspector} | A | ${expected.batches} | ${expected.inspected} | ${expected.defective} | ${pct(expected.defective, expected.inspected)}% |`,
      ),
      `${inspector}: ${result.answer}`,
    );
  }
  const line = sums("line_id = 'A' AND record_date BETWEEN ? AND ?", THIS_WEEK.from, THIS_WEEK.to);
  assert.ok(result.answer.includes(`| **Total** | A | ${line.batches} | ${line.inspected} | ${line.defective} |`));
  assert.ok(result.answer.startsWith('Quality by inspector, this week (2026-11-23 – 2026-11-29) (line A):'));
});

test('one named inspector, in Chinese: pieces, defects, rate and her line', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { inspectors: ['王芳'], period: LAST_WEEK },
    tools: plantDbTools(db),
    language: 'zh',
  });
  const expected = sums("inspector = '王芳' AND record_date BETWEEN ? AND ?", LAST_WEEK.from, LAST_WEEK.to);
  assert.equal(
    result.answer,
    `**王芳**，上周（2026-11-16 – 2026-11-22）（全部产线）：检验 **${expected.inspected} 件**，不良 ` +
      `**${expected.defective} 件**，次品率 **${pct(expected.defective, expected.inspected)}%**，良率 ` +
      `${pct(expected.inspected - expected.defective, expected.inspected)}%（${expected.batches} 个批次，A线）。`,
  );
});

test('the worst inspector by defect rate is the one SQL finds, ties aside', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'inspector', period: THIS_WEEK, rank: 'worst', rank_by: 'defect_rate' },
    tools: plantDbTools(db),
  });
  const worst = db
    .prepare(
      'SELECT inspector FROM quality_data WHERE record_date BETWEEN ? AND ? GROUP BY inspector ' +
        'ORDER BY SUM(defect_qty) * 1.0 / SUM(inspected_qty) DESC LIMIT 1',
    )
    .get(THIS_WEEK.from, THIS_WEEK.to) as { inspector: string };
  assert.ok(result.answer.includes(`with the highest defect rate this week`), result.answer);
  assert.equal((result.data as { groups: GroupFigures[] }).groups[0]!.key, worst.inspector);
});

test('a product by its code or its English name; products side by side', async () => {
  for (const asked of ['hg220', 'Door hinge', 'HG-220']) {
    const { result } = await runSkill({
      skill: qualityBreakdown,
      args: { products: [asked], period: THIS_WEEK },
      tools: plantDbTools(db),
    });
    const expected = sums("product = '车门铰链 HG-220' AND record_date BETWEEN ? AND ?", THIS_WEEK.from, THIS_WEEK.to);
    assert.ok(
      result.answer.startsWith('**Door hinge HG-220 (车门铰链 HG-220)**, this week'),
      `${asked}: ${result.answer}`,
    );
    assert.ok(result.answer.includes(`**${expected.inspected} pcs** inspected`), result.answer);
  }
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'product', period: THIS_WEEK },
    tools: plantDbTools(db),
    language: 'zh',
  });
  assert.equal((result.data as { groups: GroupFigures[] }).groups.length, 4);
});

test('an inspector or a product the data does not have: said so, with the ones it has', async () => {
  const inspector = await runSkill({
    skill: qualityBreakdown,
    args: { inspectors: ['李明'], lines: ['B'], period: LAST_WEEK },
    tools: plantDbTools(db),
    language: 'zh',
  });
  assert.equal(
    inspector.result.answer,
    '检验数据中没有检验员「李明」。B线的检验员有：杨静（B线）、赵磊（B线）、陈晨（B线）、黄敏（B线）。',
  );
  assert.equal((inspector.result.data as { error: string }).error, 'unknown_inspector');
  const product = await runSkill({
    skill: qualityBreakdown,
    args: { products: ['XY-999'], period: THIS_WEEK },
    tools: plantDbTools(db),
  });
  assert.match(product.result.answer, /^The inspection data has no product "XY-999"\. The products recorded are: /);
  assert.ok(product.result.answer.includes('Motor housing MH-480 (电机壳体 MH-480) (line D)'));
  assert.doesNotMatch(product.result.answer, /pcs/);
});

test('a named inspector with no batches where asked: no data, not a zero, and where she inspects', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { inspectors: ['王芳'], lines: ['C'], period: THIS_WEEK },
    tools: plantDbTools(db),
  });
  assert.equal(
    result.answer,
    'No inspection records for 王芳 in this week (2026-11-23 – 2026-11-29) (line C) — no data, not a zero. ' +
      '王芳 is recorded on line A.',
  );
});

test('one shift: only its batches; a shift the plant does not run is said not to exist', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'inspector', shift: 'night', lines: ['D'], period: THIS_WEEK },
    tools: plantDbTools(db),
  });
  const groups = (result.data as { groups: GroupFigures[] }).groups;
  assert.deepEqual(groups.map((group) => group.key).sort(), ['胡军', '郭燕']);
  const middle = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'inspector', shift: 'middle', period: THIS_WEEK },
    tools: plantDbTools(db),
    language: 'zh',
  });
  assert.equal(middle.result.answer, '检验数据中没有「中班」的记录：本厂记录的班次只有 白班、夜班。');
});

test('the worst batches of a period, the count behind them; a future period has no data yet', async () => {
  const { result } = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'batch', lines: ['B'], period: THIS_WEEK, rank: 'worst', rank_by: 'defects', top: 3 },
    tools: plantDbTools(db),
  });
  const top = db
    .prepare(
      "SELECT batch_no, defect_qty FROM quality_data WHERE line_id = 'B' AND record_date BETWEEN ? AND ? " +
        'ORDER BY defect_qty DESC, batch_no LIMIT 3',
    )
    .all(THIS_WEEK.from, THIS_WEEK.to) as Array<{ batch_no: string; defect_qty: number }>;
  const groups = (result.data as { groups: GroupFigures[] }).groups;
  assert.deepEqual(
    groups.map((group) => [group.key, group.defective]),
    top.map((row) => [row.batch_no, row.defect_qty]),
  );
  const count = sums("line_id = 'B' AND record_date BETWEEN ? AND ?", THIS_WEEK.from, THIS_WEEK.to).batches;
  assert.ok(result.answer.includes(`3 of the ${count} batches in the period, the worst by defective pieces.`));
  const future = await runSkill({
    skill: qualityBreakdown,
    args: { by: 'inspector', period: { from: '2026-12-07', to: '2026-12-13' } },
    tools: plantDbTools(db),
  });
  assert.equal((future.result.data as { error: string }).error, 'future_period');
});
