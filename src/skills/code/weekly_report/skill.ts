/**
 * weekly_report — per line, this week (Monday..today, or the week asked for)
 * against last week: output, defect rate and its change, top defect types,
 * the worst days. Markdown (one summary table + a bullet per line) plus chart
 * series (daily defect rate per line; output per line, both weeks). The
 * independent queries (this week, last week, defect types, their names) run
 * in parallel; progress events mark each step.
 */
import { addDays, localDate, weekdayOf } from '../../../clock.js';
import { weeklyReportArgs, type WeeklyReportArgs } from './args.js';
import type { ChartSeries } from '../../../types/answer.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { defectName, loadDefectTypes, loadLines, selectLines } from '../shared/plant.js';
import { num, sqlDate, sqlIn, str, type Row } from '../shared/sql.js';
import { queryDefects, queryFigures } from '../shared/quality-sql.js';
import {
  dayLabel,
  lineName,
  markdownTable,
  pcs,
  pct,
  percentOf,
  pointsChange,
  rangeLabel,
  t,
  type LineInfo,
} from '../shared/text.js';
import { dataWindow, futureAnswer, unknownLinesAnswer } from '../shared/answers.js';
import { weeklyReportOutput } from './output.js';

interface DayFigure {
  date: string;
  inspected: number;
  defective: number;
  defect_rate: number;
}

interface WeekFigure {
  from: string;
  to: string;
  inspected: number;
  defective: number;
  batches: number;
  defect_rate: number | null;
}

interface LineReport {
  line_id: string;
  name: string;
  name_en: string | null;
  this_week: WeekFigure;
  last_week: WeekFigure;
  /** percentage points, this week − last week (null when either week has no data) */
  defect_rate_change: number | null;
  top_defect_types: Array<{ defect_type: string; name: string; defective: number; share: number }>;
  worst_day: DayFigure | null;
  days: DayFigure[];
}

function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

function daily(ctx: SkillContext, week: { from: string; to: string; lineFilter: string; purpose: string }) {
  return queryFigures(ctx, {
    keys: ['record_date', 'line_id'],
    where: `record_date BETWEEN ${sqlDate(week.from)} AND ${sqlDate(week.to)}${week.lineFilter}`,
    purpose: week.purpose,
  });
}

function week(
  rows: Row[],
  lineId: string,
  [from, to]: [from: string, to: string],
): { figure: WeekFigure; days: DayFigure[] } {
  const own = rows.filter((row) => str(row.line_id) === lineId);
  const days = own.map((row) => ({
    date: str(row.record_date),
    inspected: num(row.inspected),
    defective: num(row.defective),
    defect_rate: percentOf(num(row.defective), num(row.inspected) || 1),
  }));
  const inspected = days.reduce((sum, day) => sum + day.inspected, 0);
  const defective = days.reduce((sum, day) => sum + day.defective, 0);
  const batches = own.reduce((sum, row) => sum + num(row.batches), 0);
  return {
    figure: {
      from,
      to,
      inspected,
      defective,
      batches,
      defect_rate: inspected > 0 ? percentOf(defective, inspected) : null,
    },
    days,
  };
}

function rateWithCounts(figure: WeekFigure | DayFigure, language: Language): string {
  if (figure.inspected === 0 || figure.defect_rate === null) return t(language, '无记录', 'no records');
  return t(
    language,
    `${pct(figure.defect_rate)}（${figure.defective}/${pcs(figure.inspected, 'zh')}）`,
    `${pct(figure.defect_rate)} (${figure.defective} of ${pcs(figure.inspected, 'en')})`,
  );
}

/**
 * What to call the reported week and the one before it, from where today is:
 * this week / last week, last week / the week before, or the week of its
 * Monday. A report on last week must not call it "this week".
 */
export function weekNames(monday: string, today: string, language: Language): { cur: string; prev: string } {
  const current = mondayOf(today);
  if (monday === current) return { cur: t(language, '本周', 'this week'), prev: t(language, '上周', 'last week') };
  if (monday === addDays(current, -7))
    return { cur: t(language, '上周', 'last week'), prev: t(language, '上上周', 'the week before') };
  return {
    cur: t(language, `${monday} 那周`, `the week of ${monday}`),
    prev: t(language, '前一周', 'the week before'),
  };
}

function bullet(report: LineReport, language: Language, names: { cur: string; prev: string }): string {
  const name = lineName(report, language);
  const parts: string[] = [];
  const change = report.defect_rate_change;
  const trend =
    change === null
      ? ''
      : change > 0
        ? t(language, '，变差', ', worse')
        : change < 0
          ? t(language, '，改善', ', better')
          : t(language, '，持平', ', unchanged');
  parts.push(
    t(
      language,
      `${names.cur}次品率 ${rateWithCounts(report.this_week, 'zh')}，${names.prev} ` +
        `${rateWithCounts(report.last_week, 'zh')}` +
        `${change === null ? '' : `，${pointsChange(change, 'zh')}${trend}`}`,
      `defect rate ${rateWithCounts(report.this_week, 'en')} ${names.cur} vs ` +
        `${rateWithCounts(report.last_week, 'en')} ` +
        `${names.prev}${change === null ? '' : `, ${pointsChange(change, 'en')}${trend}`}`,
    ),
  );
  if (report.top_defect_types.length > 0) {
    const types = report.top_defect_types.map((type) =>
      t(
        language,
        `${type.name} ${type.defective} 件（${pct(type.share)}）`,
        `${type.name} ${type.defective} pcs (${pct(type.share)})`,
      ),
    );
    parts.push(t(language, `主要缺陷：${types.join('、')}`, `top defects: ${types.join(', ')}`));
  }
  if (report.worst_day)
    parts.push(
      t(
        language,
        `最差一天：${dayLabel(report.worst_day.date, 'zh')} ${rateWithCounts(report.worst_day, 'zh')}`,
        `worst day: ${dayLabel(report.worst_day.date, 'en')} ${rateWithCounts(report.worst_day, 'en')}`,
      ),
    );
  return `- **${name}**: ${parts.join(t(language, '；', '; '))}`.replace('**: ', language === 'zh' ? '**：' : '**: ');
}

async function execute(ctx: SkillContext, args: WeeklyReportArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const asked = args.week_start ?? mondayOf(today);
  sqlDate(asked);
  const thisStart = mondayOf(asked);
  const notes: string[] = [];
  if (thisStart !== asked)
    notes.push(
      t(
        language,
        `${asked} 不是周一：报告从该周周一 ${thisStart} 开始。`,
        `${asked} is not a Monday: the report covers its week, from Monday ${thisStart}.`,
      ),
    );
  if (thisStart > today)
    return futureAnswer({
      from: thisStart,
      to: addDays(thisStart, 6),
      today,
      language,
      args,
      subject: t(language, '周报数据', 'data for a weekly report'),
    });
  const thisEnd = addDays(thisStart, 6) < today ? addDays(thisStart, 6) : today;
  const lastStart = addDays(thisStart, -7);
  const lastEnd = addDays(thisStart, -1);
  const { cur, prev } = weekNames(thisStart, today, language);

  const known = await loadLines(ctx);
  const { selected, unknown } = selectLines(args.lines, known);
  if (unknown.length > 0 || selected.length === 0) return unknownLinesAnswer({ unknown, known, language, args });
  const lineFilter = args.lines.length > 0 ? ` AND line_id ${sqlIn(selected.map((line) => line.line_id))}` : '';

  ctx.progress(
    t(
      language,
      `正在查询${cur}（${thisStart} 至 ${thisEnd}）和${prev}（${lastStart} 至 ${lastEnd}）…`,
      `querying ${cur} (${thisStart} to ${thisEnd}) and ${prev} (${lastStart} to ${lastEnd})…`,
    ),
  );
  const [thisRows, lastRows, typeRows, typeNames] = await Promise.all([
    daily(ctx, { from: thisStart, to: thisEnd, lineFilter, purpose: 'weekly report: this week per day and line' }),
    daily(ctx, { from: lastStart, to: lastEnd, lineFilter, purpose: 'weekly report: last week per day and line' }),
    queryDefects(ctx, {
      keys: ['line_id'],
      where: `record_date BETWEEN ${sqlDate(thisStart)} AND ${sqlDate(thisEnd)}${lineFilter}`,
      purpose: 'weekly report: defect types this week per line',
    }),
    loadDefectTypes(ctx),
  ]);
  const thisBatches = thisRows.rows.reduce((sum, row) => sum + num(row.batches), 0);
  const lastBatches = lastRows.rows.reduce((sum, row) => sum + num(row.batches), 0);
  ctx.progress(
    t(
      language,
      `找到${cur} ${thisBatches} 条、${prev} ${lastBatches} 条检验记录`,
      `found ${thisBatches} inspection records ${cur} and ${lastBatches} ${prev}`,
    ),
    { this_week: thisBatches, last_week: lastBatches },
  );

  const thisLabel = rangeLabel(thisStart, thisEnd, language);
  const lastLabel = rangeLabel(lastStart, lastEnd, language);
  const days = Math.round((Date.parse(thisEnd) - Date.parse(thisStart)) / 86400000) + 1;
  const baseData = {
    arguments: args,
    today,
    this_week: { from: thisStart, to: thisEnd, days },
    last_week: { from: lastStart, to: lastEnd, days: 7 },
    unit: { counts: 'pieces', rates: 'percent' },
  };
  if (thisBatches === 0 && lastBatches === 0) {
    const window = await dataWindow(ctx);
    const range = window
      ? t(
          language,
          `检验数据覆盖 ${window.first} 至 ${window.last}。`,
          `The inspection data covers ${window.first} to ${window.last}.`,
        )
      : t(language, '数据库中没有检验数据。', 'The database holds no inspection data.');
    return {
      answer: t(
        language,
        `${cur}（${thisLabel}）和${prev}（${lastLabel}）都没有检验记录，无法出周报。${range}`,
        `No inspection records ${cur} (${thisLabel}) or ${prev} (${lastLabel}), so there is no report to make. ${range}`,
      ),
      data: { ...baseData, empty: true, data_window: window ?? null },
    };
  }

  ctx.progress(t(language, '正在对比两周数据…', 'comparing the two weeks…'));
  const reports: LineReport[] = selected.map((line: LineInfo) => {
    const current = week(thisRows.rows, line.line_id, [thisStart, thisEnd]);
    const previous = week(lastRows.rows, line.line_id, [lastStart, lastEnd]);
    const change =
      current.figure.defect_rate !== null && previous.figure.defect_rate !== null
        ? Math.round((current.figure.defect_rate - previous.figure.defect_rate) * 100) / 100
        : null;
    const types = typeRows.rows
      .filter((row) => str(row.line_id) === line.line_id)
      .slice(0, 3)
      .map((row) => {
        const code = str(row.defect_type);
        return {
          defect_type: code,
          name: code === 'unclassified' ? t(language, '未分类', 'unclassified') : defectName(code, typeNames, language),
          defective: num(row.defective),
          share: percentOf(num(row.defective), current.figure.defective || 1),
        };
      });
    const worst =
      current.days
        .filter((day) => day.inspected > 0)
        .sort((a, b) => b.defect_rate - a.defect_rate || a.date.localeCompare(b.date))[0] ?? null;
    return {
      line_id: line.line_id,
      name: line.name,
      name_en: line.name_en ?? null,
      this_week: current.figure,
      last_week: previous.figure,
      defect_rate_change: change,
      top_defect_types: types,
      worst_day: worst,
      days: current.days,
    };
  });

  const header = t(
    language,
    `产线|${cur}产量（件）|${prev}产量（件）|${cur}次品率|${prev}次品率|变化`,
    `Line|Output ${cur} (pcs)|Output ${prev} (pcs)|Defect rate ${cur}|Defect rate ${prev}|Change`,
  ).split('|');
  const table = markdownTable(
    header,
    reports.map((report) => [
      lineName(report, language),
      report.this_week.batches > 0 ? String(report.this_week.inspected) : t(language, '无记录', 'no records'),
      report.last_week.batches > 0 ? String(report.last_week.inspected) : t(language, '无记录', 'no records'),
      report.this_week.defect_rate === null ? '—' : pct(report.this_week.defect_rate),
      report.last_week.defect_rate === null ? '—' : pct(report.last_week.defect_rate),
      report.defect_rate_change === null ? '—' : pointsChange(report.defect_rate_change, language),
    ]),
  );
  const partial =
    thisEnd === today ? t(language, `，截至今天，${days} 天`, `, ${days} day${days === 1 ? '' : 's'} so far`) : '';
  const title = t(
    language,
    `## 质量周报：${cur} ${thisLabel}${partial}，对比${prev} ${lastLabel}`,
    `## Weekly quality report: ${cur} ${thisLabel}${partial}, against ${prev} ${lastLabel}`,
  );
  const worstDays = reports
    .flatMap((report) => report.days.filter((day) => day.inspected > 0).map((day) => ({ report, day })))
    .sort((a, b) => b.day.defect_rate - a.day.defect_rate || a.day.date.localeCompare(b.day.date))
    .slice(0, 3);
  const parts = [title, table, ...reports.map((report) => bullet(report, language, { cur, prev }))];
  if (worstDays.length > 0) {
    const listed = worstDays.map(
      ({ report, day }) =>
        `${dayLabel(day.date, language)} ${lineName(report, language)} ${rateWithCounts(day, language)}`,
    );
    parts.push(t(language, `${cur}最差的几天：${listed.join('；')}。`, `Worst days ${cur}: ${listed.join('; ')}.`));
  }
  if (thisBatches === 0) notes.push(t(language, `${cur}还没有检验记录。`, `No inspection records yet ${cur}.`));
  if (thisEnd === today)
    notes.push(
      t(
        language,
        '本周数据截至目前；产量是部分周，次品率可直接比较。',
        'This week is still running: its output is a partial week; the defect rates compare directly.',
      ),
    );
  if (notes.length > 0) parts.push(notes.join(' '));

  const dates: string[] = [];
  for (let date = thisStart; date <= thisEnd; date = addDays(date, 1)) dates.push(date);
  const charts: ChartSeries[] = [
    {
      title: t(language, `${cur}每日次品率（%）`, `Daily defect rate ${cur} (%)`),
      kind: 'line',
      x: dates,
      series: reports.map((report) => ({
        name: lineName(report, language),
        unit: '%',
        values: dates.map((date) => report.days.find((day) => day.date === date)?.defect_rate ?? null),
      })),
    },
    {
      // a running week is shorter than the week before: the bars say how many days each holds
      title:
        days < 7
          ? t(
              language,
              `各产线产量（件）：${cur}只有 ${days} 天，${prev} 7 天`,
              `Output per line (pcs): ${cur} has ${days} day${days === 1 ? '' : 's'}, ${prev} 7`,
            )
          : t(language, '各产线产量（件）', 'Output per line (pcs)'),
      kind: 'bar',
      x: reports.map((report) => lineName(report, language)),
      series: [
        {
          name: days < 7 ? t(language, `${cur}（${days} 天）`, `${cur} (${days} d)`) : cur,
          unit: 'pcs',
          values: reports.map((report) => (report.this_week.batches > 0 ? report.this_week.inspected : null)),
        },
        {
          name: days < 7 ? t(language, `${prev}（7 天）`, `${prev} (7 d)`) : prev,
          unit: 'pcs',
          values: reports.map((report) => (report.last_week.batches > 0 ? report.last_week.inspected : null)),
        },
      ],
    },
  ];
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: parts.join('\n\n'),
    data: {
      ...baseData,
      empty: false,
      lines: reports,
      worst_days: worstDays.map(({ report, day }) => ({ line_id: report.line_id, ...day })),
      notes,
    },
    charts,
  };
}

export const weeklyReport: CodeSkill<WeeklyReportArgs> = {
  kind: 'code',
  name: 'weekly_report',
  description:
    'The weekly quality report (质量周报): per line, this week (Monday to today, or the week starting ' +
    'week_start) against last week — output, defect rate and its change, top defect types, the worst ' +
    'days — as Markdown with chart series.',
  version: '1.0.0',
  parameters: weeklyReportArgs,
  output: weeklyReportOutput,
  timeoutMs: 45_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: [
    '周报',
    '质量周报',
    '本周质量报告',
    '上周周报',
    'weekly report',
    'weekly quality report',
    "this week's quality report",
    'week summary',
  ],
  execute,
};
