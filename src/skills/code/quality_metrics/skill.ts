/**
 * quality_metrics — output, defect rate and yield of one or more lines over a
 * day or a period, the lines ranked ("which line was worst last week?"), per
 * day or by defect type when asked. Aggregates run in the database
 * (SUM(inspected_qty), SUM(defect_qty) grouped by line); every rate comes
 * with the counts behind it and the resolved dates. Unknown lines, empty and
 * future periods get a clear answer, never a zero passed off as data.
 */
import { addDays, daysBetween, localDate } from '../../../clock.js';
import type { RankMeasure } from '../../args.js';
import { qualityMetricsArgs, type QualityMetricsArgs } from './args.js';
import type { ChartSeries } from '../../../types/answer.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { defectName, loadDefectTypes, loadLines, selectLines } from '../shared/plant.js';
import { RANK_KEYS, ranked } from '../shared/rank.js';
import { num, sqlDate, sqlIn, sqlText, str } from '../shared/sql.js';
import { queryDefects, queryFigures, recordedDefectTypes, recordedShifts } from '../shared/quality-sql.js';
import { defectKeysOf } from '../../../skills/router/defects.js';
import {
  dayLabel,
  lineName,
  markdownTable,
  pcs,
  pct,
  percentOf,
  periodLabel,
  t,
  type LineInfo,
} from '../shared/text.js';
import { dataWindow, futureAnswer, reversedAnswer, unknownLinesAnswer } from '../shared/answers.js';
import { qualityMetricsOutput } from './output.js';

export interface LineFigures {
  line_id: string;
  name: string;
  name_en: string | null;
  has_data: boolean;
  batches: number;
  inspected: number;
  defective: number;
  /** percent, two decimals (null without data) */
  defect_rate: number | null;
  /** percent, two decimals (null without data) */
  yield: number | null;
}

export function figures(
  line: LineInfo,
  { inspected, defective, batches }: { inspected: number; defective: number; batches: number },
): LineFigures {
  const has = inspected > 0;
  return {
    line_id: line.line_id,
    name: line.name,
    name_en: line.name_en ?? null,
    has_data: batches > 0,
    batches,
    inspected,
    defective,
    defect_rate: has ? percentOf(defective, inspected) : null,
    yield: has ? percentOf(inspected - defective, inspected) : null,
  };
}

function phrases(figure: LineFigures, metrics: string[], language: Language): string[] {
  const out: string[] = [];
  const good = figure.inspected - figure.defective;
  for (const metric of metrics) {
    if (metric === 'output') {
      out.push(
        t(
          language,
          `产量 **${pcs(figure.inspected, 'zh')}**（其中不良 ${pcs(figure.defective, 'zh')}）`,
          `output **${pcs(figure.inspected, 'en')}** inspected (${figure.defective} defective)`,
        ),
      );
    } else if (metric === 'defects') {
      out.push(
        t(
          language,
          `不良 **${pcs(figure.defective, 'zh')}**（检验 ${pcs(figure.inspected, 'zh')}，次品率 ${pct(figure.defect_rate!)}）`,
          `**${figure.defective} defective** pieces (of ${pcs(figure.inspected, 'en')} inspected, defect rate ${pct(figure.defect_rate!)})`,
        ),
      );
    } else if (metric === 'defect_rate') {
      out.push(
        t(
          language,
          `次品率 **${pct(figure.defect_rate!)}**（检验 ${pcs(figure.inspected, 'zh')}，不良 ${pcs(figure.defective, 'zh')}）`,
          `defect rate **${pct(figure.defect_rate!)}** (${figure.defective} defective of ${pcs(figure.inspected, 'en')} inspected)`,
        ),
      );
    } else if (metric === 'yield') {
      out.push(
        t(
          language,
          `良率 **${pct(figure.yield!)}**（合格 ${pcs(good, 'zh')} / 检验 ${pcs(figure.inspected, 'zh')}）`,
          `yield **${pct(figure.yield!)}** (${good} good of ${pcs(figure.inspected, 'en')})`,
        ),
      );
    }
  }
  return out;
}

function summaryTable(rowsIn: LineFigures[], total: LineFigures | undefined, language: Language): string {
  const header = t(
    language,
    '产线|产量（件）|不良（件）|次品率|良率',
    'Line|Output (pcs)|Defective (pcs)|Defect rate|Yield',
  ).split('|');
  const cells = (figure: LineFigures, name: string): string[] =>
    figure.has_data && figure.defect_rate !== null
      ? [name, String(figure.inspected), String(figure.defective), pct(figure.defect_rate), pct(figure.yield!)]
      : [name, t(language, '无记录', 'no records'), '—', '—', '—'];
  const body = rowsIn.map((figure) => cells(figure, lineName(figure, language)));
  if (total) body.push(cells(total, t(language, '**合计**', '**All lines**')));
  return markdownTable(header, body);
}

/**
 * The worst (or best) day of the period by the ranked measure, the lines asked summed per day: the day named first,
 * ties all named; days without records are not days of the ranking.
 */
function worstDay(
  rows: Array<{ date: string; inspected: number; defective: number }>,
  args: QualityMetricsArgs,
  options: { rank: 'worst' | 'best'; lines: number; when: string; language: Language },
): string[] {
  const { rank, language } = options;
  const sums = new Map<string, { date: string; inspected: number; defective: number }>();
  for (const row of rows) {
    const day = sums.get(row.date) ?? { date: row.date, inspected: 0, defective: 0 };
    day.inspected += row.inspected;
    day.defective += row.defective;
    sums.set(row.date, day);
  }
  const days = [...sums.values()].filter((day) => day.inspected > 0);
  if (days.length === 0) return [];
  const measure = rankMeasure(args);
  const { key } = RANK_KEYS[measure];
  const ordered = ranked(days, { measure, rank, name: (day) => day.date });
  const top = ordered.filter((day) => key(day) === key(ordered[0]!));
  const metricName = t(language, MEASURE_NAMES[measure].zh, MEASURE_NAMES[measure].en);
  const together = options.lines > 1 ? t(language, '（各线合计）', ' (the lines together)') : '';
  const value = (day: { inspected: number; defective: number }, lang: Language): string => {
    if (measure === 'defects') return pcs(day.defective, lang);
    if (measure === 'output') return pcs(day.inspected, lang);
    const good = measure === 'yield' ? day.inspected - day.defective : day.defective;
    return pct(percentOf(good, day.inspected));
  };
  const figure = (day: { inspected: number; defective: number }): string =>
    t(
      language,
      `${metricName} ${value(day, 'zh')}（检验 ${pcs(day.inspected, 'zh')}，不良 ${pcs(day.defective, 'zh')}）`,
      `${metricName} ${value(day, 'en')} (${day.defective} defective of ${pcs(day.inspected, 'en')} inspected)`,
    );
  const named = top.map((day) => `**${dayLabel(day.date, language)}**：${figure(day)}`);
  return [
    t(
      language,
      `${options.when}${rank === 'worst' ? '最差' : '最好'}的一天${together}：${named.join('；')}。`,
      `${rank === 'worst' ? 'Worst' : 'Best'} day ${options.when}${together}: ${named.join('; ').replace(/：/g, ' — ')}.`,
    ),
  ];
}

/** what a ranking orders by: rank_by, or output when output is the only metric asked, else the defect rate */
export function rankMeasure(args: Pick<QualityMetricsArgs, 'rank_by' | 'metrics'>): RankMeasure {
  if (args.rank_by) return args.rank_by;
  return args.metrics.length === 1 && args.metrics[0] === 'output' ? 'output' : 'defect_rate';
}

const MEASURE_NAMES: Record<RankMeasure, { zh: string; en: string }> = {
  defect_rate: { zh: '次品率', en: 'defect rate' },
  defects: { zh: '不良品数', en: 'defective pieces' },
  output: { zh: '产量', en: 'output' },
  yield: { zh: '良率', en: 'yield' },
};

/** the figures quoted for the top line, the ranked measure first */
const RANK_PHRASES: Record<RankMeasure, string[]> = {
  defect_rate: ['defect_rate', 'output'],
  defects: ['defects', 'output'],
  output: ['output', 'defect_rate'],
  yield: ['yield', 'defect_rate'],
};

const QUERY_PURPOSE = 'quality metrics: output, defective pieces and defect rate per line for the asked period';

async function execute(ctx: SkillContext, args: QualityMetricsArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const { from, to } = args.period;
  for (const date of [from, to]) sqlDate(date);
  if (from > to) return reversedAnswer({ from, to, language, args });
  if (from > today)
    return futureAnswer({ from, to, today, language, args, subject: t(language, '质量数据', 'inspection data') });

  ctx.progress(t(language, '正在读取产线列表…', 'reading the production lines…'));
  const known = await loadLines(ctx);
  const { selected, unknown } = selectLines(args.lines, known);
  if (unknown.length > 0 || selected.length === 0) return unknownLinesAnswer({ unknown, known, language, args });

  const effectiveTo = to > today ? today : to;
  const period = { from, to: effectiveTo, label: args.period.label };
  const filters = await resolveFilters(ctx, args);
  if ('answer' in filters) return filters;
  const { shift, defect } = filters;
  const where =
    `record_date BETWEEN ${sqlDate(from)} AND ` +
    `${sqlDate(effectiveTo)}` +
    `${args.lines.length > 0 ? ` AND line_id ${sqlIn(selected.map((line) => line.line_id))}` : ''}` +
    (shift ? ` AND shift = ${sqlText(shift.stored)}` : '');
  const defectType = defect ? sqlText(defect.code) : undefined;
  const wantTypes = args.metrics.includes('defect_types');
  ctx.progress(
    t(language, `正在查询 ${from} 至 ${effectiveTo} 的质量数据…`, `querying quality data ${from} to ${effectiveTo}…`),
  );
  const [totals, daily, types, typeNames] = await Promise.all([
    queryFigures(ctx, { keys: ['line_id'], where, defectType, purpose: QUERY_PURPOSE }),
    args.by_day
      ? queryFigures(ctx, {
          keys: ['record_date', 'line_id'],
          where,
          defectType,
          purpose: 'quality metrics per day and line',
          maxRows: 5000,
        })
      : undefined,
    wantTypes
      ? queryDefects(ctx, { keys: ['line_id'], where, purpose: 'defect types per line for the asked period' })
      : undefined,
    wantTypes ? loadDefectTypes(ctx) : undefined,
  ]);
  const batches = totals.rows.reduce((sum, row) => sum + num(row.batches), 0);
  ctx.progress(t(language, `找到 ${batches} 条检验记录`, `found ${batches} inspection records`), { batches });

  const byLine = new Map(totals.rows.map((row) => [str(row.line_id), row]));
  const lines = selected.map((line) => {
    const row = byLine.get(line.line_id);
    return figures(line, {
      inspected: num(row?.inspected),
      defective: num(row?.defective),
      batches: num(row?.batches),
    });
  });
  const when = periodLabel(period, language) + (shift ? t(language, `（${shift.zh}）`, ` (${shift.en})`) : '');
  const notes: string[] = [];
  if (to > today)
    notes.push(
      t(
        language,
        `所问期间结束于 ${to}，晚于今天（${today}）：只统计到今天。`,
        `The period asked for ends ${to}, after today (${today}): counted up to today.`,
      ),
    );
  if (effectiveTo === today)
    notes.push(
      t(
        language,
        `今天（${today}）的数据截至目前，尚不完整。`,
        `Today's figures (${today}) are so far only — the day is not over.`,
      ),
    );

  const baseData = {
    arguments: args,
    shift: shift?.stored ?? null,
    defect_type: defect?.code ?? null,
    period: {
      from,
      to: effectiveTo,
      requested_to: to,
      label: args.period.label ?? null,
      days: daysBetween(from, effectiveTo) + 1,
    },
    today,
    unit: { counts: 'pieces', rates: 'percent' },
  };

  if (batches === 0) {
    const window = await dataWindow(ctx);
    const names = lines.map((line) => lineName(line, language)).join(t(language, '、', ', '));
    const range = window
      ? t(
          language,
          `数据库中的检验数据覆盖 ${window.first} 至 ${window.last}。`,
          `The inspection data covers ${window.first} to ${window.last}.`,
        )
      : t(language, '数据库中没有任何检验数据。', 'The database holds no inspection data at all.');
    return {
      answer: t(
        language,
        `${names}在${when}没有检验记录——没有数据，不是 0。${range}`,
        `No inspection records for ${names} in ${when} — no data, not a zero. ${range}`,
      ),
      data: { ...baseData, empty: true, lines, data_window: window ?? null },
    };
  }

  const withData = lines.filter((line) => line.has_data && line.inspected > 0);
  const sumInspected = withData.reduce((sum, line) => sum + line.inspected, 0);
  const sumDefective = withData.reduce((sum, line) => sum + line.defective, 0);
  const total = figures(
    { line_id: '*', name: '合计', name_en: 'All lines' },
    { inspected: sumInspected, defective: sumDefective, batches },
  );
  const parts: string[] = [];
  let ranking: string[] | undefined;

  let typeFigures: Array<{ line_id: string; pieces: number; rate: number | null; share: number | null }> | undefined;
  if (defect) {
    const typeOf = (line: LineFigures): number => num(byLine.get(line.line_id)?.type_defective);
    typeFigures = lines.map((line) => ({
      line_id: line.line_id,
      pieces: typeOf(line),
      rate: line.inspected > 0 ? percentOf(typeOf(line), line.inspected) : null,
      share: line.defective > 0 ? percentOf(typeOf(line), line.defective) : null,
    }));
    const typeName = t(language, defect.name_zh, defect.name_en);
    const sentence = (
      line: LineFigures,
      figure: { pieces: number; rate: number | null; share: number | null },
    ): string =>
      t(
        language,
        `${typeName} **${pcs(figure.pieces, 'zh')}**，占检验数 ${pct(figure.rate ?? 0)}（检验 ` +
          `${pcs(line.inspected, 'zh')}），占全部不良 ${figure.share === null ? '—' : pct(figure.share)}（不良共 ` +
          `${pcs(line.defective, 'zh')}）`,
        `**${figure.pieces} ${typeName.toLowerCase()}** pieces — ${pct(figure.rate ?? 0)} of the ` +
          `${pcs(line.inspected, 'en')} inspected, ${figure.share === null ? '—' : pct(figure.share)} of ` +
          `the ${line.defective} defective`,
      );
    const ordered = args.rank
      ? [...lines].sort(
          (a, b) =>
            (args.rank === 'worst' ? typeOf(b) - typeOf(a) : typeOf(a) - typeOf(b)) ||
            a.line_id.localeCompare(b.line_id),
        )
      : lines;
    if (args.rank) ranking = ordered.map((line) => line.line_id);
    if (lines.length === 1) {
      parts.push(
        t(
          language,
          `**${lineName(lines[0]!, 'zh')}**，${when}：${sentence(lines[0]!, typeFigures[0]!)}。`,
          `**${lineName(lines[0]!, 'en')}**, ${when}: ${sentence(lines[0]!, typeFigures[0]!)}.`,
        ),
      );
    } else {
      if (args.rank) {
        const top = ordered[0]!;
        const verdict = args.rank === 'worst' ? t(language, '最多', 'most') : t(language, '最少', 'fewest');
        parts.push(
          t(
            language,
            `${when}${typeName}${verdict}的产线：**${lineName(top, 'zh')}**——${sentence(
              top,
              typeFigures.find((entry) => entry.line_id === top.line_id)!,
            )}。`,
            `The ${verdict} ${typeName.toLowerCase()} ${when}: **${lineName(top, 'en')}** — ${sentence(
              top,
              typeFigures.find((entry) => entry.line_id === top.line_id)!,
            )}.`,
          ),
        );
      } else {
        parts.push(t(language, `${when}各产线的${typeName}：`, `${typeName} by line, ${when}:`));
      }
      const header = t(
        language,
        `产线|${typeName}（件）|占检验数|占全部不良|检验（件）|不良（件）`,
        `Line|${typeName} (pcs)|Of inspected|Of all defective|Inspected (pcs)|Defective (pcs)`,
      ).split('|');
      const body = ordered.map((line) => {
        const figure = typeFigures!.find((entry) => entry.line_id === line.line_id)!;
        return line.has_data
          ? [
              lineName(line, language),
              String(figure.pieces),
              pct(figure.rate ?? 0),
              figure.share === null ? '—' : pct(figure.share),
              String(line.inspected),
              String(line.defective),
            ]
          : [lineName(line, language), t(language, '无记录', 'no records'), '—', '—', '—', '—'];
      });
      const allType = typeFigures.reduce((sum, entry) => sum + entry.pieces, 0);
      if (withData.length > 1)
        body.push([
          t(language, '**合计**', '**All lines**'),
          String(allType),
          pct(percentOf(allType, sumInspected)),
          sumDefective > 0 ? pct(percentOf(allType, sumDefective)) : '—',
          String(sumInspected),
          String(sumDefective),
        ]);
      parts.push(markdownTable(header, body));
    }
  } else if (args.rank) {
    const measure = rankMeasure(args);
    const { key, highIsBad } = RANK_KEYS[measure];
    const ordered = ranked(withData, { measure, rank: args.rank, name: (line) => line.line_id });
    ranking = ordered.map((line) => line.line_id);
    const top = ordered[0]!;
    const tied = ordered.filter((line) => key(line) === key(top));
    const metricName = t(language, MEASURE_NAMES[measure].zh, MEASURE_NAMES[measure].en);
    const high = args.rank === 'worst' ? highIsBad : !highIsBad;
    const which = high
      ? t(language, measure === 'defects' ? '最多' : '最高', measure === 'defects' ? 'most' : 'highest')
      : t(language, measure === 'defects' ? '最少' : '最低', measure === 'defects' ? 'fewest' : 'lowest');
    const verdict = args.rank === 'worst' ? t(language, '最差', 'worst') : t(language, '最好', 'best');
    const names = tied.map((line) => `**${lineName(line, language)}**`).join(t(language, '、', ', '));
    const shown = RANK_PHRASES[measure];
    parts.push(
      t(
        language,
        `${when}${metricName}${which}（${verdict}）的产线：${names}——${phrases(top, shown, 'zh').join('；')}。`,
        `${args.rank === 'worst' ? 'Worst' : 'Best'} line ${when}: ${names} — ${which} ${metricName}: ${phrases(top, shown, 'en').join('; ')}.`,
      ),
    );
    parts.push(
      t(language, `各产线按${metricName}排名（${verdict}在前）：`, `All lines by ${metricName}, ${verdict} first:`),
    );
    parts.push(
      summaryTable(
        [...ordered, ...lines.filter((line) => !withData.includes(line))],
        withData.length > 1 ? total : undefined,
        language,
      ),
    );
  } else if (lines.length === 1) {
    const line = lines[0]!;
    const metrics = args.metrics.filter((metric) => metric !== 'defect_types');
    const shown = metrics.length > 0 ? metrics : ['defect_rate'];
    parts.push(
      t(
        language,
        `**${lineName(line, 'zh')}**，${when}：${phrases(line, shown, 'zh').join('；')}。`,
        `**${lineName(line, 'en')}**, ${when}: ${phrases(line, shown, 'en').join('; ')}.`,
      ),
    );
  } else {
    parts.push(t(language, `${when}各产线质量数据：`, `Quality by line, ${when}:`));
    parts.push(summaryTable(lines, withData.length > 1 ? total : undefined, language));
  }

  let threshold: { measure: string; op: string; value: number; lines: string[] } | undefined;
  if (args.threshold && withData.length > 0) {
    const { measure, op, value } = args.threshold;
    const meets = (figure: number): boolean =>
      op === 'above'
        ? figure > value
        : op === 'below'
          ? figure < value
          : op === 'at_least'
            ? figure >= value
            : figure <= value;
    const meeting = withData.filter((line) => meets(line[measure]!));
    threshold = { measure, op, value, lines: meeting.map((line) => line.line_id) };
    const metricName = t(language, MEASURE_NAMES[measure].zh, MEASURE_NAMES[measure].en);
    const opName = {
      above: { zh: '高于', en: 'above' },
      below: { zh: '低于', en: 'below' },
      at_least: { zh: '不低于', en: 'at or above' },
      at_most: { zh: '不高于', en: 'at or below' },
    }[op];
    const named = meeting
      .map((line) => `**${lineName(line, language)}**（${pct(line[measure]!)}）`)
      .join(t(language, '、', ', '));
    const bar = `${value}%`;
    parts.unshift(
      meeting.length > 0
        ? t(
            language,
            `${when}${metricName}${opName.zh} ${bar} 的产线：${named}。`,
            `Lines with ${metricName} ${opName.en} ${bar} ${when}: ${named.replace(/（/g, ' (').replace(/）/g, ')')}.`,
          )
        : t(
            language,
            `${when}没有产线的${metricName}${opName.zh} ${bar}。`,
            `No line had ${metricName} ${opName.en} ${bar} ${when}.`,
          ),
    );
  }

  const missing = lines.filter((line) => !line.has_data);
  if (missing.length > 0 && lines.length > 1) {
    parts.push(
      t(
        language,
        `${missing.map((line) => lineName(line, 'zh')).join('、')}在此期间没有检验记录（不是 0）。`,
        `${missing.map((line) => lineName(line, 'en')).join(', ')}: no inspection records in this period (not a zero).`,
      ),
    );
  }

  let defectTypes:
    Array<{ line_id: string; defect_type: string; name: string; defective: number; share: number }> | undefined;
  if (types && typeNames) {
    defectTypes = types.rows.map((row) => {
      const line = lines.find((entry) => entry.line_id === str(row.line_id));
      const code = str(row.defect_type);
      return {
        line_id: str(row.line_id),
        defect_type: code,
        name: code === 'unclassified' ? t(language, '未分类', 'unclassified') : defectName(code, typeNames, language),
        defective: num(row.defective),
        share: percentOf(num(row.defective), line?.defective || 1),
      };
    });
    const tableRows: string[][] = [];
    for (const line of lines) {
      const ofLine = defectTypes.filter((entry) => entry.line_id === line.line_id).slice(0, 5);
      for (const entry of ofLine)
        tableRows.push([lineName(line, language), entry.name, String(entry.defective), pct(entry.share)]);
    }
    parts.push(t(language, '主要缺陷类型（按不良件数）：', 'Top defect types (by defective pieces):'));
    parts.push(
      tableRows.length > 0
        ? markdownTable(
            t(
              language,
              '产线|缺陷类型|不良（件）|占不良比例',
              'Line|Defect type|Defective (pcs)|Share of defects',
            ).split('|'),
            tableRows,
          )
        : t(language, '此期间没有不良品。', 'No defective pieces in this period.'),
    );
  }

  let byDay:
    | Array<{
        date: string;
        line_id: string;
        inspected: number;
        defective: number;
        defect_rate: number;
        type_defective?: number;
      }>
    | undefined;
  const charts: ChartSeries[] = [];
  if (daily) {
    byDay = daily.rows.map((row) => ({
      date: str(row.record_date),
      line_id: str(row.line_id),
      inspected: num(row.inspected),
      defective: num(row.defective),
      defect_rate: percentOf(num(row.defective), num(row.inspected) || 1),
      ...(defect ? { type_defective: num(row.type_defective) } : {}),
    }));
    const nameOf = new Map(lines.map((line) => [line.line_id, lineName(line, language)]));
    if (args.day_rank)
      parts.unshift(...worstDay(byDay, args, { rank: args.day_rank, lines: lines.length, when, language }));
    parts.push(t(language, '按日明细：', 'Per day:'));
    if (defect) {
      const typeName = t(language, defect.name_zh, defect.name_en);
      const header = t(
        language,
        `日期|产线|产量（件）|${typeName}（件）|占检验数`,
        `Date|Line|Output (pcs)|${typeName} (pcs)|Of inspected`,
      ).split('|');
      parts.push(
        markdownTable(
          header,
          byDay.map((day) => [
            dayLabel(day.date, language),
            nameOf.get(day.line_id) ?? day.line_id,
            String(day.inspected),
            String(day.type_defective ?? 0),
            pct(percentOf(day.type_defective ?? 0, day.inspected || 1)),
          ]),
        ),
      );
    } else {
      const header = t(
        language,
        '日期|产线|产量（件）|不良（件）|次品率',
        'Date|Line|Output (pcs)|Defective (pcs)|Defect rate',
      ).split('|');
      parts.push(
        markdownTable(
          header,
          byDay.map((day) => [
            dayLabel(day.date, language),
            nameOf.get(day.line_id) ?? day.line_id,
            String(day.inspected),
            String(day.defective),
            pct(day.defect_rate),
          ]),
        ),
      );
    }
    const dates: string[] = [];
    for (let date = from; date <= effectiveTo; date = addDays(date, 1)) dates.push(date);
    charts.push({
      title: t(language, '每日次品率（%）', 'Daily defect rate (%)'),
      kind: 'line',
      x: dates,
      series: lines.map((line) => ({
        name: lineName(line, language),
        unit: '%',
        values: dates.map(
          (date) => byDay!.find((day) => day.date === date && day.line_id === line.line_id)?.defect_rate ?? null,
        ),
      })),
    });
  }
  if (notes.length > 0) parts.push(notes.join(' '));
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: parts.join('\n\n'),
    data: {
      ...baseData,
      empty: false,
      lines,
      total: withData.length > 1 ? total : undefined,
      ranking,
      threshold,
      by_day: byDay,
      defect_types: defectTypes,
      defect_type_figures: typeFigures,
      notes,
    },
    charts: charts.length > 0 ? charts : undefined,
  };
}

const SHIFT_WORDS: Array<{ key: string; pattern: RegExp }> = [
  { key: 'day', pattern: /^(?:day|days|day shift|d|白班|白天班|日班|早班)$/i },
  { key: 'night', pattern: /^(?:night|nights|night shift|n|夜班|晚班|大夜班)$/i },
  {
    key: 'middle',
    pattern: /^(?:middle|mid|swing|afternoon|evening|middle shift|swing shift|afternoon shift|中班|小夜班)$/i,
  },
];

function shiftKey(value: string): string {
  const bare = value.trim();
  return SHIFT_WORDS.find((entry) => entry.pattern.test(bare))?.key ?? bare.toLowerCase();
}

const SHIFT_NAMES: Record<string, { zh: string; en: string }> = {
  day: { zh: '白班', en: 'day shift' },
  night: { zh: '夜班', en: 'night shift' },
  middle: { zh: '中班', en: 'middle shift' },
};

function shiftName(stored: string): { zh: string; en: string } {
  return SHIFT_NAMES[shiftKey(stored)] ?? { zh: `${stored}班`, en: `${stored} shift` };
}

type Filters = {
  shift?: { stored: string; zh: string; en: string };
  defect?: { code: string; name_zh: string; name_en: string };
};

/**
 * The shift and defect type asked for, as the data stores them; a shift or a
 * defect type the data does not record is said not to exist, with the ones
 * that do — never dropped, never answered for the whole line.
 */
async function resolveFilters(ctx: SkillContext, args: QualityMetricsArgs): Promise<Filters | SkillResult> {
  const language = ctx.language;
  const out: Filters = {};
  if (args.shift) {
    const shifts = await recordedShifts(ctx);
    const wanted = shiftKey(args.shift);
    const match =
      shifts.find((value) => value.toLowerCase() === args.shift!.toLowerCase()) ??
      shifts.find((value) => shiftKey(value) === wanted);
    if (!match) {
      const asked = SHIFT_NAMES[wanted] ?? { zh: args.shift, en: args.shift };
      const list = shifts
        .map((value) => t(language, shiftName(value).zh, shiftName(value).en))
        .join(t(language, '、', ', '));
      return {
        answer: t(
          language,
          `检验数据中没有「${asked.zh}」的记录：本厂记录的班次只有 ${list || '（无）'}。`,
          `The inspection data records no ${asked.en}: the shifts recorded are ${list || '(none)'}.`,
        ),
        data: { arguments: args, error: 'unknown_shift', asked: args.shift, shifts },
      };
    }
    out.shift = { stored: match, ...shiftName(match) };
  }
  if (args.defect_type) {
    const names = await loadDefectTypes(ctx);
    let types = [...names.values()];
    if (types.length === 0) {
      types = (await recordedDefectTypes(ctx)).map((code) => ({
        defect_type: code,
        name_zh: code,
        name_en: code,
      }));
    }
    const asked = args.defect_type.trim().toLowerCase();
    const askedKeys = defectKeysOf(args.defect_type);
    const match =
      types.find((type) =>
        [type.defect_type, type.name_zh, type.name_en].some((name) => name.toLowerCase() === asked),
      ) ??
      types.find(
        (type) =>
          askedKeys.length > 0 &&
          defectKeysOf(`${type.defect_type} ${type.name_zh} ${type.name_en}`).some((key) => askedKeys.includes(key)),
      );
    if (!match) {
      const list = types
        .map((type) => t(language, type.name_zh || type.defect_type, type.name_en || type.defect_type))
        .join(t(language, '、', ', '));
      return {
        answer: t(
          language,
          `检验数据中没有「${args.defect_type}」这种缺陷类型。记录的缺陷类型有：${list}。`,
          `The inspection data has no defect type "${args.defect_type}". The recorded defect types are: ${list}.`,
        ),
        data: {
          arguments: args,
          error: 'unknown_defect_type',
          asked: args.defect_type,
          defect_types: types.map((type) => type.defect_type),
        },
      };
    }
    out.defect = {
      code: match.defect_type,
      name_zh: match.name_zh || match.defect_type,
      name_en: match.name_en || match.defect_type,
    };
  }
  return out;
}

export const qualityMetrics: CodeSkill<QualityMetricsArgs> = {
  kind: 'code',
  name: 'quality_metrics',
  description:
    'Output (产量), defect rate (次品率/不良率) and yield (良率) of one or more production lines for a day or ' +
    'a period, with the inspected and defective piece counts behind them; ' +
    'ranks the lines ("which line was worst last week?") by defect rate, defective pieces, output or ' +
    'yield (rank_by), names the lines above or below a percent threshold (threshold), breaks down by day or ' +
    'by defect type when asked; only one shift (shift: ' +
    'day/night) or one defect type (defect_type: "scratch", "气孔") when asked. Use for any question ' +
    'about quality figures of lines.',
  version: '1.2.0',
  parameters: qualityMetricsArgs,
  output: qualityMetricsOutput,
  timeoutMs: 30_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: [
    '次品率',
    '不良率',
    '良率',
    '产量',
    '缺陷类型',
    '哪条线最差',
    'defect rate',
    'yield',
    'output',
    'defect types',
    'which line was worst',
    'quality figures',
  ],
  execute,
};
