import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, LINES, rows, runSkill, sqlOf } from '../shared/testing.js';
import { nextPeriod, previousPeriod } from './periods.js';
import { change, qualityCompare } from './skill.js';

test('the period before and after, of the same kind', () => {
  assert.deepEqual(previousPeriod({ from: '2026-11-29', to: '2026-11-29' }), { from: '2026-11-28', to: '2026-11-28' });
  // a week to date (Mon–Sun) → the whole week before
  assert.deepEqual(previousPeriod({ from: '2026-11-23', to: '2026-11-25' }), { from: '2026-11-16', to: '2026-11-22' });
  // a month to date → the whole month before; March → February
  assert.deepEqual(previousPeriod({ from: '2026-11-01', to: '2026-11-29' }), { from: '2026-10-01', to: '2026-10-31' });
  assert.deepEqual(previousPeriod({ from: '2027-03-01', to: '2027-03-31' }), { from: '2027-02-01', to: '2027-02-28' });
  // ten days → the ten days before
  assert.deepEqual(previousPeriod({ from: '2026-11-10', to: '2026-11-19' }), { from: '2026-10-31', to: '2026-11-09' });
  assert.deepEqual(nextPeriod({ from: '2026-11-28', to: '2026-11-28' }, '2026-11-29'), {
    from: '2026-11-29',
    to: '2026-11-29',
  });
  assert.deepEqual(nextPeriod({ from: '2026-11-16', to: '2026-11-22' }, '2026-11-25'), {
    from: '2026-11-23',
    to: '2026-11-25',
  });
  assert.deepEqual(nextPeriod({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-29'), {
    from: '2026-11-01',
    to: '2026-11-29',
  });
});

test('the change in points and per cent comes from exact counts', () => {
  const now = { inspected: 195366, defective: 2918, batches: 1, defect_rate: 1.49 };
  const before = { inspected: 209874, defective: 2821, batches: 1, defect_rate: 1.34 };
  assert.deepEqual(change(now, before), { points: 0.15, percent: 11.1 });
  assert.equal(change(now, { ...before, inspected: 0, defective: 0 }), undefined);
});

function plant(byPeriod: Record<string, [number, number]>) {
  return fakeTools((request) => {
    const sql = sqlOf(request);
    if (sql.includes('FROM production_lines')) return LINES;
    const from = /record_date BETWEEN '([\d-]+)'/.exec(sql)?.[1] ?? '';
    const figures = byPeriod[from];
    if (sql.includes('GROUP BY line_id') && figures)
      return rows(['line_id', 'inspected', 'defective', 'batches'], [['A', ...figures, 10]]);
    if (sql.includes('GROUP BY line_id')) return rows(['line_id', 'inspected', 'defective', 'batches'], []);
    throw new Error(`unexpected SQL: ${sql}`);
  });
}

test('previous: both periods with their counts, the change in points and per cent, in both languages', async () => {
  const tools = plant({ '2026-11-23': [195366, 2918], '2026-11-16': [209874, 2821] });
  const args = { mode: 'previous', lines: ['A'], period: { from: '2026-11-23', to: '2026-11-27', label: '本周' } };
  const zh = await runSkill({ skill: qualityCompare, args, tools, language: 'zh', now: '2026-11-29T10:00:00' });
  assert.match(zh.result.answer, /1\.49%.*2918.*195366/);
  assert.match(zh.result.answer, /2026-11-16 – 2026-11-22 1\.34%/);
  assert.match(zh.result.answer, /上升 \*\*\+0\.15 个百分点\*\*（相对变化 \+11\.1%）/);
  const en = await runSkill({ skill: qualityCompare, args, tools, language: 'en', now: '2026-11-29T10:00:00' });
  assert.match(en.result.answer, /up \*\*\+0\.15 pp\*\* \(\+11\.1% relative\)/);
  assert.match(en.result.answer, /differ in length \(5 days against 7\)/);
});

test('previous: a period with no records is no data, not a zero change', async () => {
  const tools = plant({ '2026-11-23': [195366, 2918] });
  const args = { mode: 'previous', lines: ['A'], period: { from: '2026-11-23', to: '2026-11-27' } };
  const { result } = await runSkill({ skill: qualityCompare, args, tools, language: 'en', now: '2026-11-29T10:00:00' });
  assert.match(result.answer, /no records, so there is no change to give/);
});

test('why needs exactly one line', async () => {
  const tools = plant({});
  const args = { mode: 'why', lines: [], period: { from: '2026-11-19', to: '2026-11-19' } };
  const { result } = await runSkill({ skill: qualityCompare, args, tools, language: 'en', now: '2026-11-29T10:00:00' });
  assert.equal((result.data as { error: string }).error, 'one_line_needed');
});

test('previous: the metric asked is the one compared — output in pieces, yield in points — never the defect rate alone', async () => {
  const tools = plant({ '2026-11-01': [200000, 3000], '2026-10-01': [180000, 3600] });
  const base = { mode: 'previous', lines: ['A'], period: { from: '2026-11-01', to: '2026-11-29' } };
  const output = await runSkill({
    skill: qualityCompare,
    args: { ...base, metrics: ['output'] },
    tools,
    language: 'en',
    now: '2026-11-29T10:00:00',
  });
  assert.match(
    output.result.answer,
    /output: .*\*\*200000 pcs inspected\*\*.*180000 pcs inspected; up \*\*\+20000 pcs\*\* \(\+11\.1% relative\)/,
  );
  assert.doesNotMatch(output.result.answer.split('\n\n')[0]!, /defect rate/);
  const zh = await runSkill({
    skill: qualityCompare,
    args: { ...base, metrics: ['yield'] },
    tools,
    language: 'zh',
    now: '2026-11-29T10:00:00',
  });
  // 98.50% against 98.00%: up half a point
  assert.match(zh.result.answer, /良率：.*\*\*98\.50%.*98\.00%.*上升 \*\*\+0\.50 个百分点\*\*/);
  assert.doesNotMatch(zh.result.answer.split('\n\n')[0]!, /次品率/);
  const both = await runSkill({
    skill: qualityCompare,
    args: { ...base, metrics: ['yield', 'defect_rate'] },
    tools,
    language: 'en',
    now: '2026-11-29T10:00:00',
  });
  assert.match(both.result.answer, /yield: [\s\S]*defect rate: .*down \*\*−0\.50 pp\*\*/);
  assert.deepEqual((both.result.data as { metrics: string[] }).metrics, ['yield', 'defect_rate']);
});
