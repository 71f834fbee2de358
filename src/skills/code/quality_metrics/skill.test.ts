import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../../errors.js';
import type { ToolCallRequest } from '../../../mcp/types.js';
import { fakeTools, fastRetry, LINES, rows, runSkill, sqlOf, toolErr, type Reply } from '../shared/testing.js';
import { qualityMetrics } from './skill.js';

const TOTALS = rows(
  ['line_id', 'inspected', 'defective', 'batches'],
  [
    ['A', 4800, 59, 10],
    ['B', 3200, 80, 10],
    ['C', 9000, 72, 10],
    ['D', 1500, 54, 10],
  ],
);

function plant(overrides: { totals?: Reply; extra?: (request: ToolCallRequest) => Reply | undefined } = {}) {
  return fakeTools((request) => {
    const sql = sqlOf(request);
    const custom = overrides.extra?.(request);
    if (custom) return custom;
    if (sql.includes('FROM production_lines')) return LINES;
    if (sql.includes('MIN(record_date)')) return rows(['first_date', 'last_date'], [['2025-10-26', '2026-11-29']]);
    if (sql.includes('FROM defect_types'))
      return rows(
        ['defect_type', 'name_zh', 'name_en'],
        [
          ['burr', '毛刺', 'Burr'],
          ['crack', '裂纹', 'Crack'],
        ],
      );
    if (sql.includes('GROUP BY line_id, COALESCE'))
      return rows(
        ['line_id', 'defect_type', 'defective'],
        [
          ['B', 'crack', 60],
          ['B', 'burr', 20],
        ],
      );
    if (sql.includes('GROUP BY record_date, line_id'))
      return rows(
        ['record_date', 'line_id', 'inspected', 'defective'],
        [
          ['2026-11-23', 'B', 1600, 40],
          ['2026-11-24', 'B', 1600, 40],
        ],
      );
    if (sql.includes('GROUP BY line_id')) {
      const totals = overrides.totals ?? TOTALS;
      const wanted = /line_id IN \(([^)]*)\)/.exec(sql)?.[1];
      if (!wanted) return totals;
      const ids = wanted.split(',').map((id) => id.trim().replace(/'/g, ''));
      const structured = totals.structured as { columns: string[]; rows: Array<Array<string | number>> };
      return rows(
        structured.columns,
        structured.rows.filter((row) => ids.includes(String(row[0]))),
      );
    }
    throw new Error(`unexpected SQL: ${sql}`);
  });
}

const lastWednesday = { from: '2026-11-18', to: '2026-11-18', label: 'last Wednesday' };

test('one line, one day: the rate with two decimals, the counts and the resolved date (en)', async () => {
  const tools = plant();
  const { result, events } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A'], period: lastWednesday, metrics: ['defect_rate'] },
    tools,
  });
  assert.equal(
    result.answer,
    '**Line A**, last Wednesday, 2026-11-18 (Wed): defect rate **1.23%** (59 defective of 4800 pcs inspected).',
  );
  const sql = tools.calls.map(sqlOf).find((text) => text.includes('SUM(inspected_qty)'))!;
  assert.match(sql, /record_date BETWEEN '2026-11-18' AND '2026-11-18' AND line_id IN \('A'\)/);
  assert.match(sql, /LIMIT 100$/);
  assert.doesNotMatch(sql, /SELECT \*/);
  const data = result.data as {
    lines: Array<{ line_id: string; inspected: number; defective: number; defect_rate: number; yield: number }>;
    period: { from: string };
  };
  assert.deepEqual(
    data.lines.map((line) => [line.line_id, line.inspected, line.defective, line.defect_rate, line.yield]),
    [['A', 4800, 59, 1.23, 98.77]],
  );
  assert.ok(
    events.some((event) => event.type === 'skill-progress' && /found 10 inspection records/.test(event.message)),
  );
});

test('one line, one day, in Chinese, with output and yield', async () => {
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['a'], period: { ...lastWednesday, label: '上周三' }, metrics: ['output', 'defect_rate', 'yield'] },
    tools: plant(),
    language: 'zh',
  });
  assert.equal(
    result.answer,
    '**产线A**，上周三（2026-11-18，周三）：产量 **4800 件**（其中不良 59 件）；次品率 **1.23%**（检验 4800 件，不良 59 件）；良率 **98.77%**（合格 4741 件 / 检验 4800 件）。',
  );
});

test('"which line was worst last week?" ranks every line with a total row', async () => {
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: {
      period: { from: '2026-11-16', to: '2026-11-22', label: 'last week' },
      metrics: ['defect_rate'],
      rank: 'worst',
    },
    tools: plant(),
  });
  assert.match(
    result.answer,
    new RegExp(
      [
        String.raw`^Worst line last week \(2026-11-16 – 2026-11-22\): \*\*Line D\*\* — highest `,
        String.raw`defect rate: defect rate \*\*3\.60%\*\* \(54 defective of 1500 pcs inspected\)`,
      ].join(''),
    ),
  );
  assert.match(result.answer, /\| Line D \| 1500 \| 54 \| 3\.60% \| 96\.40% \|/);
  assert.match(result.answer, /\| \*\*All lines\*\* \| 18500 \| 265 \| 1\.43% \| 98\.57% \|/);
  const data = result.data as { ranking: string[] };
  assert.deepEqual(data.ranking, ['D', 'B', 'A', 'C']);
  const zh = await runSkill({
    skill: qualityMetrics,
    args: { period: { from: '2026-11-16', to: '2026-11-22', label: '上周' }, rank: 'best' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(
    zh.result.answer,
    /^上周（2026-11-16 – 2026-11-22）次品率最低（最好）的产线：\*\*产线C\*\*——次品率 \*\*0\.80%\*\*（检验 9000 件，不良 72 件）/,
  );
});

test('rank_by: the most defective pieces is not the highest defect rate; output and yield rank their own way', async () => {
  const lastWeek = { from: '2026-11-16', to: '2026-11-22', label: 'last week' };
  // defective pieces: B 80 > C 72 > A 59 > D 54 (while D has the highest rate, 3.60%)
  const defects = await runSkill({
    skill: qualityMetrics,
    args: { period: lastWeek, metrics: ['defect_rate'], rank: 'worst', rank_by: 'defects' },
    tools: plant(),
  });
  assert.match(
    defects.result.answer,
    new RegExp(
      [
        String.raw`^Worst line last week \(2026-11-16 – 2026-11-22\): \*\*Line B\*\* — most `,
        String.raw`defective pieces: \*\*80 defective\*\* pieces \(of 3200 pcs inspected, `,
        String.raw`defect rate 2\.50%\)`,
      ].join(''),
    ),
  );
  assert.match(defects.result.answer, /All lines by defective pieces, worst first:/);
  assert.deepEqual((defects.result.data as { ranking: string[] }).ranking, ['B', 'C', 'A', 'D']);
  const fewest = await runSkill({
    skill: qualityMetrics,
    args: { period: { ...lastWeek, label: '本周' }, rank: 'best', rank_by: 'defects' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(
    fewest.result.answer,
    /^本周（2026-11-16 – 2026-11-22）不良品数最少（最好）的产线：\*\*产线D\*\*——不良 \*\*54 件\*\*（检验 1500 件，次品率 3\.60%）/,
  );
  assert.deepEqual((fewest.result.data as { ranking: string[] }).ranking, ['D', 'A', 'C', 'B']);
  // output: the highest is the best, whatever the metrics list says
  const output = await runSkill({
    skill: qualityMetrics,
    args: { period: lastWeek, metrics: ['output', 'defect_rate'], rank: 'best', rank_by: 'output' },
    tools: plant(),
  });
  assert.match(
    output.result.answer,
    /^Best line last week \(2026-11-16 – 2026-11-22\): \*\*Line C\*\* — highest output: output \*\*9000 pcs\*\* inspected/,
  );
  assert.deepEqual((output.result.data as { ranking: string[] }).ranking, ['C', 'A', 'B', 'D']);
  // without rank_by, output alone still ranks by output (as before)
  const least = await runSkill({
    skill: qualityMetrics,
    args: { period: lastWeek, metrics: ['output'], rank: 'worst' },
    tools: plant(),
  });
  assert.deepEqual((least.result.data as { ranking: string[] }).ranking, ['D', 'B', 'A', 'C']);
  assert.match(least.result.answer, /lowest output/);
  // yield: the lowest is the worst
  const yieldWorst = await runSkill({
    skill: qualityMetrics,
    args: { period: { ...lastWeek, label: '上周' }, rank: 'worst', rank_by: 'yield' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(
    yieldWorst.result.answer,
    /^上周（2026-11-16 – 2026-11-22）良率最低（最差）的产线：\*\*产线D\*\*——良率 \*\*96\.40%\*\*（合格 1446 件 \/ 检验 1500 件）/,
  );
  assert.match(yieldWorst.result.answer, /各产线按良率排名（最差在前）/);
});

test('an unknown line gets the real lines listed, not a zero', async () => {
  const tools = plant();
  const { result } = await runSkill({ skill: qualityMetrics, args: { lines: ['E'], period: lastWednesday }, tools });
  assert.equal(
    result.answer,
    'There is no line "E" in this plant. The lines are: Line A (A), Line B (B), Line C (C), Line D (D).',
  );
  assert.ok(!tools.calls.some((call) => sqlOf(call).includes('quality_data')), 'no quality query for an unknown line');
  const zh = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['E'], period: lastWednesday },
    tools: plant(),
    language: 'zh',
  });
  assert.equal(zh.result.answer, '本厂没有产线 "E"。现有产线：产线A（A）、产线B（B）、产线C（C）、产线D（D）。');
});

test('a future date is answered as such, without querying', async () => {
  const tools = plant();
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A'], period: { from: '2027-01-05', to: '2027-01-05' } },
    tools,
  });
  assert.equal(
    result.answer,
    '2027-01-05 (Tue) is in the future (today is 2026-11-29), so there is no inspection data for it yet.',
  );
  assert.equal(tools.calls.length, 0);
  const zh = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A'], period: { from: '2026-12-01', to: '2026-12-07' } },
    tools: plant(),
    language: 'zh',
  });
  assert.equal(zh.result.answer, '2026-12-01 – 2026-12-07还没有到来（今天是 2026-11-29），所以还没有质量数据。');
});

test('an empty period says there is no data and where the data is', async () => {
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A'], period: { from: '2024-01-01', to: '2024-01-07' } },
    tools: plant({ totals: rows(['line_id', 'inspected', 'defective', 'batches'], []) }),
  });
  assert.equal(
    result.answer,
    'No inspection records for Line A in 2024-01-01 – 2024-01-07 — no data, not a zero. The inspection data covers 2025-10-26 to 2026-11-29.',
  );
  assert.equal((result.data as { empty: boolean }).empty, true);
  const zh = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A'], period: { from: '2024-01-01', to: '2024-01-01' } },
    tools: plant({ totals: rows(['line_id', 'inspected', 'defective', 'batches'], []) }),
    language: 'zh',
  });
  assert.match(
    zh.result.answer,
    /^产线A在2024-01-01（周一）没有检验记录——没有数据，不是 0。数据库中的检验数据覆盖 2025-10-26 至 2026-11-29。$/,
  );
});

test('a period running past today is cut at today and says so; a line without records is not a zero', async () => {
  const tools = plant({ totals: rows(['line_id', 'inspected', 'defective', 'batches'], [['A', 1000, 10, 2]]) });
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['A', 'B'], period: { from: '2026-11-23', to: '2026-12-06', label: 'these two weeks' } },
    tools,
  });
  assert.match(tools.calls.map(sqlOf).join('\n'), /BETWEEN '2026-11-23' AND '2026-11-29'/);
  assert.match(result.answer, /\| Line B \| no records \| — \| — \| — \|/);
  assert.match(result.answer, /Line B: no inspection records in this period \(not a zero\)/);
  assert.match(result.answer, /counted up to today/);
  assert.match(result.answer, /so far only/);
});

test('defect types are named from the defect_types table; by_day gives a table and a chart', async () => {
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['B'], period: { from: '2026-11-23', to: '2026-11-24' }, metrics: ['defect_types'], by_day: true },
    tools: plant(),
    language: 'zh',
  });
  assert.match(result.answer, /\| 产线B \| 裂纹 \| 60 \| 75\.00% \|/);
  assert.match(result.answer, /\| 2026-11-23（周一） \| 产线B \| 1600 \| 40 \| 2\.50% \|/);
  assert.equal(result.charts?.[0]?.series[0]?.values.length, 2);
  assert.deepEqual(result.charts?.[0]?.x, ['2026-11-23', '2026-11-24']);
});

test('a query timeout is retried; a refused query is not', async () => {
  let failures = 0;
  const flaky = plant({
    extra: (request) =>
      sqlOf(request).includes('FROM production_lines') && failures++ < 1
        ? toolErr('QUERY_TIMEOUT', 'timed out')
        : undefined,
  });
  const { result, events } = await runSkill({
    skill: fastRetry(qualityMetrics),
    args: { lines: ['A'], period: lastWednesday },
    tools: flaky,
  });
  assert.match(result.answer, /1\.23%/);
  assert.ok(events.some((event) => event.type === 'retry'));
  const refused = plant({
    extra: (request) =>
      sqlOf(request).includes('FROM production_lines') ? toolErr('QUERY_REJECTED', 'no') : undefined,
  });
  await assert.rejects(
    runSkill({ skill: fastRetry(qualityMetrics), args: { lines: ['A'], period: lastWednesday }, tools: refused }),
    (error: unknown) => error instanceof AppError && error.code === 'QUERY_REJECTED',
  );
  assert.equal(refused.calls.length, 1);
});

test('bad dates are refused before any SQL is built', async () => {
  const tools = plant();
  await assert.rejects(
    runSkill({
      skill: qualityMetrics,
      args: { lines: ['A'], period: { from: '2026-02-30', to: '2026-02-30' } },
      tools,
    }),
    (error: unknown) => error instanceof AppError && error.code === 'TOOL_ARGUMENTS_INVALID',
  );
  await assert.rejects(
    runSkill({ skill: qualityMetrics, args: { lines: ["A' OR 1=1 --"], period: lastWednesday }, tools }),
    (error: unknown) => error instanceof AppError && error.code === 'TOOL_ARGUMENTS_INVALID',
  );
  assert.equal(tools.calls.length, 0);
});

// ---- one shift, one defect type (issue 15) ------------------------------------------

function filtered(options: { shifts?: string[]; types?: Array<[string, string, string]> } = {}) {
  return plant({
    extra: (request) => {
      const sql = sqlOf(request);
      if (sql.includes('DISTINCT shift'))
        return rows(
          ['shift'],
          (options.shifts ?? ['day', 'night']).map((shift) => [shift]),
        );
      if (sql.includes('FROM defect_types') && options.types)
        return rows(['defect_type', 'name_zh', 'name_en'], options.types);
      if (sql.includes('type_defective') && sql.includes('GROUP BY line_id')) {
        return rows(
          ['line_id', 'inspected', 'defective', 'batches', 'type_defective'],
          [
            ['C', 9000, 72, 10, 18],
            ['D', 1500, 54, 10, 20],
          ].filter((row) => !/line_id IN/.test(sql) || sql.includes(`'${row[0]}'`)),
        );
      }
      return undefined;
    },
  });
}

const SCRATCH_TYPES: Array<[string, string, string]> = [
  ['scratch', '划伤', 'Scratch'],
  ['porosity', '气孔', 'Porosity'],
];

test('one shift: the shift is in the WHERE clause and named in the answer', async () => {
  const tools = filtered();
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['B'], period: lastWednesday, metrics: ['defect_rate'], shift: 'night' },
    tools,
  });
  const sql = tools.calls.map(sqlOf).find((text) => text.includes('SUM(inspected_qty)'))!;
  assert.match(sql, /AND shift = 'night'/);
  assert.match(result.answer, /\(night shift\)/);
  assert.equal((result.data as { shift: string }).shift, 'night');
});

test('a shift the data does not record is said not to exist, with the shifts that do', async () => {
  const tools = filtered();
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['B'], period: lastWednesday, metrics: ['defect_rate'], shift: 'middle' },
    tools,
    language: 'zh',
  });
  assert.match(result.answer, /没有「中班」的记录/);
  assert.match(result.answer, /白班、夜班/);
  assert.ok(
    !tools.calls.some((call) => sqlOf(call).includes('SUM(inspected_qty)')),
    'no figures for a shift that does not exist',
  );
});

test('one defect type: pieces, rate of the inspected and share of the defective, matched by meaning', async () => {
  const tools = filtered({ types: SCRATCH_TYPES });
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['C'], period: lastWednesday, metrics: ['defect_rate'], defect_type: 'scratches' },
    tools,
  });
  const sql = tools.calls.map(sqlOf).find((text) => text.includes('type_defective'))!;
  // the line's figures from the daily rollup, the type's pieces from the defect-type rollup
  assert.match(
    sql,
    /FROM quality_daily WHERE .* UNION ALL .* FROM quality_daily_defects WHERE .* AND defect_type = 'scratch'/,
  );
  // 18 of 9000 = 0.20%; 18 of 72 = 25.00%
  assert.match(
    result.answer,
    /\*\*18 scratch\*\* pieces — 0\.20% of the 9000 pcs inspected, 25\.00% of the 72 defective/,
  );
});

test('a defect type in Chinese over two lines: a table with the total', async () => {
  const tools = filtered({ types: SCRATCH_TYPES });
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['C', 'D'], period: lastWednesday, metrics: ['defect_rate'], defect_type: '划痕' },
    tools,
    language: 'zh',
  });
  assert.match(result.answer, /\| 产线 \| 划伤（件） \| 占检验数 \| 占全部不良 \|/);
  // D: 20 of 1500 = 1.33%, 20 of 54 = 37.04%; total 38 of 10500 = 0.36%, of 126 = 30.16%
  assert.match(result.answer, /\| 20 \| 1\.33% \| 37\.04% \|/);
  assert.match(result.answer, /\| 38 \| 0\.36% \| 30\.16% \|/);
});

test('a defect type the plant does not record is said not to exist, with the recorded ones', async () => {
  const tools = filtered({ types: SCRATCH_TYPES });
  const { result } = await runSkill({
    skill: qualityMetrics,
    args: { lines: ['C'], period: lastWednesday, metrics: ['defect_rate'], defect_type: 'rust' },
    tools,
  });
  assert.match(result.answer, /no defect type "rust"\. The recorded defect types are: Scratch, Porosity\./);
  assert.ok(!tools.calls.some((call) => sqlOf(call).includes('SUM(inspected_qty)')));
});
