import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, LINES, rows, runSkill, sqlOf } from '../shared/testing.js';
import { weekNames, weeklyReport } from './skill.js';

const DAILY_COLUMNS = ['record_date', 'line_id', 'inspected', 'defective', 'batches'];

function plant(options: { empty?: boolean } = {}) {
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const tools = fakeTools(async (request) => {
    const sql = sqlOf(request);
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    if (sql.includes('FROM production_lines')) return LINES;
    if (sql.includes('FROM defect_types'))
      return rows(
        ['defect_type', 'name_zh', 'name_en'],
        [
          ['crack', '裂纹', 'Crack'],
          ['burr', '毛刺', 'Burr'],
        ],
      );
    if (sql.includes('MIN(record_date)')) return rows(['first_date', 'last_date'], [['2025-10-26', '2026-11-29']]);
    // the defect types of the week asked: they add up to that week's defective pieces per line (the output contract)
    if (sql.includes('COALESCE(defect_type'))
      return rows(
        ['line_id', 'defect_type', 'defective'],
        options.empty
          ? []
          : sql.includes("BETWEEN '2026-11-16' AND '2026-11-22'")
            ? [
                ['B', 'crack', 25],
                ['B', 'burr', 15],
                ['A', 'burr', 30],
              ]
            : [
                ['B', 'crack', 60],
                ['B', 'burr', 30],
                ['A', 'burr', 12],
              ],
      );
    if (sql.includes("BETWEEN '2026-11-23' AND '2026-11-29'")) {
      return rows(
        DAILY_COLUMNS,
        options.empty
          ? []
          : [
              ['2026-11-23', 'A', 1000, 10, 2],
              ['2026-11-24', 'A', 1000, 2, 2],
              ['2026-11-23', 'B', 1000, 30, 2],
              ['2026-11-24', 'B', 1000, 60, 2],
            ],
      );
    }
    if (sql.includes("BETWEEN '2026-11-16' AND '2026-11-22'")) {
      return rows(
        DAILY_COLUMNS,
        options.empty
          ? []
          : [
              ['2026-11-16', 'A', 3000, 30, 6],
              ['2026-11-17', 'B', 2000, 40, 4],
            ],
      );
    }
    if (sql.includes("BETWEEN '2026-11-09' AND '2026-11-15'"))
      return rows(DAILY_COLUMNS, options.empty ? [] : [['2026-11-10', 'B', 1000, 10, 2]]);
    throw new Error(`unexpected SQL: ${sql}`);
  });
  return { tools, state };
}

test('this week against last week: table, bullets, worst days, charts, progress, parallel queries (en)', async () => {
  const { tools, state } = plant();
  const { result, events } = await runSkill({ skill: weeklyReport, args: { lines: ['A', 'B'] }, tools });
  const answer = result.answer;
  assert.match(
    answer,
    /^## Weekly quality report: this week 2026-11-23 – 2026-11-29, 7 days so far, against last week 2026-11-16 – 2026-11-22/,
  );
  assert.match(answer, /\| Line A \| 2000 \| 3000 \| 0\.60% \| 1\.00% \| −0\.40 pp \|/);
  assert.match(answer, /\| Line B \| 2000 \| 2000 \| 4\.50% \| 2\.00% \| \+2\.50 pp \|/);
  assert.match(
    answer,
    new RegExp(
      [
        String.raw`- \*\*Line B\*\*: defect rate 4\.50% \(90 of 2000 pcs\) this week vs 2\.00% `,
        String.raw`\(40 of 2000 pcs\) last week, \+2\.50 pp, worse; top defects: Crack 60 `,
        String.raw`pcs \(66\.67%\), Burr 30 pcs \(33\.33%\); worst day: 2026-11-24 \(Tue\) `,
        String.raw`6\.00% \(60 of 1000 pcs\)`,
      ].join(''),
    ),
  );
  assert.match(
    answer,
    /Worst days this week: 2026-11-24 \(Tue\) Line B 6\.00% \(60 of 1000 pcs\); 2026-11-23 \(Mon\) Line B 3\.00%/,
  );
  assert.equal(result.charts?.length, 2);
  assert.deepEqual(result.charts?.[0]?.x, [
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
  ]);
  assert.deepEqual(result.charts?.[0]?.series[1]?.values.slice(0, 3), [3, 6, null]);
  assert.deepEqual(
    result.charts?.[1]?.series.map((series) => series.values),
    [
      [2000, 2000],
      [3000, 2000],
    ],
  );
  const progress = events
    .filter((event) => event.type === 'skill-progress')
    .map((event) => (event as { message: string }).message);
  assert.deepEqual(progress, [
    'querying this week (2026-11-23 to 2026-11-29) and last week (2026-11-16 to 2026-11-22)…',
    'found 8 inspection records this week and 10 last week',
    'comparing the two weeks…',
    'done',
  ]);
  assert.ok(state.maxInFlight >= 3, `independent queries run in parallel (max in flight ${state.maxInFlight})`);
  for (const call of tools.calls) assert.match(sqlOf(call), /LIMIT 100$/);
});

test('the report in Chinese, for a week given by a non-Monday date', async () => {
  const { tools } = plant();
  const { result } = await runSkill({
    skill: weeklyReport,
    args: { week_start: '2026-11-25', lines: ['B'] },
    tools,
    language: 'zh',
  });
  assert.match(
    result.answer,
    /^## 质量周报：本周 2026-11-23 – 2026-11-29，截至今天，7 天，对比上周 2026-11-16 – 2026-11-22/,
  );
  assert.match(
    result.answer,
    new RegExp(
      [
        String.raw`- \*\*产线B\*\*：本周次品率 4\.50%（90\/2000 件），上周 2\.00%（40\/2000 件），\+2\.50 个百分点，变差；主要缺陷：裂纹 `,
        String.raw`60 件（66\.67%）、毛刺 30 件（33\.33%）；最差一天：2026-11-24（周二） 6\.00%（60\/1000 件）`,
      ].join(''),
    ),
  );
  assert.match(result.answer, /2026-11-25 不是周一：报告从该周周一 2026-11-23 开始。/);
});

test('last week\'s report names the week it reports on (not "this week") and compares it with the week before', async () => {
  const en = await runSkill({
    skill: weeklyReport,
    args: { week_start: '2026-11-16', lines: ['B'] },
    tools: plant().tools,
  });
  assert.match(
    en.result.answer,
    /^## Weekly quality report: last week 2026-11-16 – 2026-11-22, against the week before 2026-11-09 – 2026-11-15\n/,
  );
  assert.match(
    en.result.answer,
    /\| Line \| Output last week \(pcs\) \| Output the week before \(pcs\) \| Defect rate last week \| Defect rate the week before \| Change \|/,
  );
  assert.match(
    en.result.answer,
    /- \*\*Line B\*\*: defect rate 2\.00% \(40 of 2000 pcs\) last week vs 1\.00% \(10 of 1000 pcs\) the week before, \+1\.00 pp, worse/,
  );
  assert.match(en.result.answer, /Worst days last week: 2026-11-17 \(Tue\) Line B 2\.00%/);
  assert.doesNotMatch(en.result.answer, /this week|so far/);
  assert.deepEqual(
    en.result.charts?.[1]?.series.map((series) => series.name),
    ['last week', 'the week before'],
  );
  const zh = await runSkill({
    skill: weeklyReport,
    args: { week_start: '2026-11-16', lines: ['B'] },
    tools: plant().tools,
    language: 'zh',
  });
  assert.match(zh.result.answer, /^## 质量周报：上周 2026-11-16 – 2026-11-22，对比上上周 2026-11-09 – 2026-11-15\n/);
  assert.match(zh.result.answer, /- \*\*产线B\*\*：上周次品率 2\.00%（40\/2000 件），上上周 1\.00%（10\/1000 件）/);
  assert.doesNotMatch(zh.result.answer, /本周/);
  // an older week is named by its Monday
  assert.deepEqual(weekNames('2026-11-02', '2026-11-29', 'en'), {
    cur: 'the week of 2026-11-02',
    prev: 'the week before',
  });
  assert.deepEqual(weekNames('2026-11-02', '2026-11-29', 'zh'), { cur: '2026-11-02 那周', prev: '前一周' });
  assert.deepEqual(weekNames('2026-11-23', '2026-11-29', 'zh'), { cur: '本周', prev: '上周' });
});

test('no data in either week, a future week and an unknown line get clear answers', async () => {
  const empty = await runSkill({ skill: weeklyReport, args: {}, tools: plant({ empty: true }).tools });
  assert.match(
    empty.result.answer,
    new RegExp(
      [
        String.raw`^No inspection records this week \(2026-11-23 – 2026-11-29\) or last week `,
        String.raw`\(2026-11-16 – 2026-11-22\), so there is no report to make\. The inspection `,
        String.raw`data covers 2025-10-26 to 2026-11-29\.$`,
      ].join(''),
    ),
  );
  const future = await runSkill({
    skill: weeklyReport,
    args: { week_start: '2026-12-07' },
    tools: plant().tools,
    language: 'zh',
  });
  assert.match(future.result.answer, /还没有到来（今天是 2026-11-29）/);
  const unknown = await runSkill({ skill: weeklyReport, args: { lines: ['Z'] }, tools: plant().tools });
  assert.match(unknown.result.answer, /There is no line "Z" in this plant/);
});
