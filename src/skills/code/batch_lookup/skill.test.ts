import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seedTestPlant } from '../../../seed/testing.js';
import { fakeTools, fastRetry, plantDbTools, runSkill, sqlOf, toolErr } from '../shared/testing.js';
import { batchLookup, paddedLike } from './skill.js';

let dir: string;
let db: Database.Database;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'batch-lookup-'));
  seedTestPlant({ dir, rows: 40_000, docs: false });
  db = new Database(path.join(dir, 'plant.db'), { readonly: true });
});

after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function stored(batch: string): Record<string, string | number> {
  return db
    .prepare(
      'SELECT batch_no, line_id, record_date, shift, product, inspector, inspected_qty, defect_qty, defect_type, ' +
        'recorded_at FROM quality_data WHERE batch_no = ?',
    )
    .get(batch) as Record<string, string | number>;
}

test('a typed number is padded the way the plant writes its numbers', () => {
  assert.deepEqual(paddedLike('A20261118D03', ['B20261119N007', 'A20261118D001']), ['A20261118D003']);
  assert.deepEqual(paddedLike('a20261118d3', ['A20261118D001']), ['A20261118D003']);
  assert.deepEqual(paddedLike('LOT-7', ['LOT-0042']), ['LOT-0007']);
  // another shape, or a longer run, gets no padding
  assert.deepEqual(paddedLike('X12', ['A20261118D001']), []);
  assert.deepEqual(paddedLike('A20261118D0001', ['A20261118D001']), []);
});

test('one batch: line, date, shift, product, inspector and pieces as plant.db holds them, in both languages', async () => {
  const batch = db
    .prepare("SELECT batch_no FROM quality_data WHERE defect_qty > 0 AND line_id = 'B' ORDER BY record_id LIMIT 1")
    .get() as { batch_no: string };
  const row = stored(batch.batch_no);
  const rate = (Math.round((Number(row.defect_qty) * 10000) / Number(row.inspected_qty)) / 100).toFixed(2);
  const en = await runSkill({
    skill: batchLookup,
    args: { batches: [batch.batch_no.toLowerCase()] },
    tools: plantDbTools(db),
  });
  assert.ok(en.result.answer.includes(`**Batch ${row.batch_no}**: Line B`), en.result.answer);
  assert.ok(en.result.answer.includes(`inspected by **${row.inspector}**`), en.result.answer);
  assert.ok(en.result.answer.includes(`**${row.inspected_qty} pcs** inspected, **${row.defect_qty} defective**`));
  assert.ok(en.result.answer.includes(`**${rate}%**`), en.result.answer);
  assert.ok(en.result.answer.includes(String(row.product)), en.result.answer);
  assert.ok(en.result.answer.includes(String(row.recorded_at)), en.result.answer);
  const zh = await runSkill({
    skill: batchLookup,
    args: { batches: [batch.batch_no] },
    tools: plantDbTools(db),
    language: 'zh',
  });
  assert.ok(zh.result.answer.includes(`检验员 **${row.inspector}**`), zh.result.answer);
  assert.ok(zh.result.answer.includes(`不良 **${row.defect_qty} 件**`), zh.result.answer);
  assert.ok(zh.result.answer.includes(row.shift === 'day' ? '白班' : '夜班'), zh.result.answer);
  const data = zh.result.data as {
    batches: Array<{ defect_types: Array<{ defect_type: string; defective: number }> }>;
  };
  assert.deepEqual(
    data.batches[0]!.defect_types.map((type) => [type.defect_type, type.defective]),
    [[row.defect_type, row.defect_qty]],
  );
});

test('several batches: a table, one row each', async () => {
  const batches = ['A20261118D001', 'C20261120N002'];
  const { result } = await runSkill({ skill: batchLookup, args: { batches }, tools: plantDbTools(db) });
  for (const batch of batches) {
    const row = stored(batch);
    assert.ok(result.answer.includes(`| ${batch} |`), result.answer);
    assert.ok(result.answer.includes(`| ${row.inspector} | ${row.inspected_qty} | ${row.defect_qty} |`), result.answer);
  }
});

test('a number the data lacks: said not to exist, with the nearest numbers it has — no other figures', async () => {
  const { result } = await runSkill({
    skill: batchLookup,
    args: { batches: ['A20261118D03'] },
    tools: plantDbTools(db),
    language: 'zh',
  });
  assert.match(
    result.answer,
    /^检验数据中没有批次「A20261118D03」。最接近的批次号：A20261118D003（产线A，2026-11-18 白班）、/,
  );
  assert.doesNotMatch(result.answer, /次品率|检验员/);
  const data = result.data as { error: string; nearest: Record<string, Array<{ batch_no: string }>> };
  assert.equal(data.error, 'unknown_batch');
  const nearest = data.nearest.A20261118D03!.map((row) => row.batch_no);
  assert.equal(nearest[0], 'A20261118D003');
  assert.ok(nearest.includes('A20261118D002') && nearest.includes('A20261118D004'), nearest.join(', '));
  const en = await runSkill({ skill: batchLookup, args: { batches: ['Q1'] }, tools: plantDbTools(db) });
  assert.match(en.result.answer, /^The inspection data has no batch "Q1"\. The nearest batch numbers: /);
});

test('a line or a period the question also named: a batch outside it is said to be so', async () => {
  const { result } = await runSkill({
    skill: batchLookup,
    args: {
      batches: ['A20261118D001'],
      lines: ['B'],
      period: { from: '2026-11-23', to: '2026-11-29', label: 'this week' },
    },
    tools: plantDbTools(db),
  });
  assert.ok(result.answer.includes('Note: batch A20261118D001 is on Line A, not on line B as asked.'), result.answer);
  assert.ok(result.answer.includes('was inspected on 2026-11-18, outside this week'), result.answer);
});

test('a timed-out query is retried; a rejected one fails with its code', async () => {
  let calls = 0;
  const flaky = plantDbTools(db);
  const tools = fakeTools((request) => {
    if (sqlOf(request).includes('SUM(inspected_qty)') && calls++ === 0) return toolErr('TOOL_TIMEOUT', 'slow');
    return flaky.callTool(request);
  });
  const { result, events } = await runSkill({
    skill: fastRetry(batchLookup),
    args: { batches: ['A20261118D001'] },
    tools,
  });
  assert.ok(events.some((event) => event.type === 'retry'));
  assert.match(result.answer, /\*\*Batch A20261118D001\*\*/);
  const refused = fakeTools(() => toolErr('QUERY_REJECTED', 'no'));
  await assert.rejects(
    runSkill({ skill: batchLookup, args: { batches: ['A20261118D001'] }, tools: refused }),
    (error: Error & { code?: string }) => error.code === 'QUERY_REJECTED',
  );
  await assert.rejects(
    runSkill({ skill: batchLookup, args: { batches: ["A1' OR 1=1"] }, tools: refused }),
    /batch number/,
  );
});
