/**
 * quality_breakdown — the quality figures by inspector, by product or by
 * batch, as quality_data records them per batch row (inspector, product,
 * batch_no): "本周各检验员的不良率", "how many pieces did 王芳 inspect last
 * week", "defect rate of product HG-220 this month", "which batch had the
 * highest defect rate on line A yesterday". Aggregates run in the database;
 * every rate comes with the counts behind it, the resolved dates and the
 * lines. An inspector or product the data does not have is said not to
 * exist, with the ones that do; a named one with no batches in the period
 * gets "no records", not a zero.
 */
import { daysBetween, localDate } from '../../../clock.js';
import type { RankMeasure } from '../../args.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { loadLines, selectLines } from '../shared/plant.js';
import { RANK_KEYS, ranked } from '../shared/rank.js';
import { num, sqlDate, sqlIn, sqlText, str, type Row } from '../shared/sql.js';
import { queryFigures } from '../shared/quality-sql.js';
import { dayLabel, markdownTable, pcs, pct, percentOf, periodLabel, t } from '../shared/text.js';
import { futureAnswer, reversedAnswer, unknownLinesAnswer } from '../shared/answers.js';
import { loadPlantNames, productLabel, storedShiftName } from '../shared/names.js';
import { resolveNames, resolveShift } from './resolve.js';
import { rowsAsObjects } from '../../context.js';
import { qualityBreakdownArgs, type Breakdown, type QualityBreakdownArgs } from './args.js';
import { qualityBreakdownOutput } from './output.js';

export interface GroupFigures {
  key: string;
  lines: string[];
  batches: number;
  inspected: number;
  defective: number;
  defect_rate: number;
  yield: number;
  /** a batch row: its date, shift and inspector */
  record_date?: string;
  shift?: string;
  inspector?: string;
}

const MEASURE_NAMES: Record<RankMeasure, { zh: string; en: string }> = {
  defect_rate: { zh: '次品率', en: 'defect rate' },
  defects: { zh: '不良品数', en: 'defective pieces' },
  output: { zh: '检验数', en: 'pieces inspected' },
  yield: { zh: '良率', en: 'yield' },
};

const ORDER_SQL: Record<RankMeasure, string> = {
  defect_rate: 'SUM(defect_qty) * 1.0 / SUM(inspected_qty) DESC',
  defects: 'SUM(defect_qty) DESC',
  output: 'SUM(inspected_qty) ASC',
  yield: 'SUM(defect_qty) * 1.0 / SUM(inspected_qty) DESC',
};

/** the batches shown when broken down by batch (the worst, or the best, first), unless `top` says */
const TOP_BATCHES = 10;

function groupOf(row: Row, key: string): GroupFigures {
  const inspected = num(row.inspected);
  const defective = num(row.defective);
  return {
    key,
    lines: str(row.lines)
      .split(',')
      .filter((line) => line.length > 0)
      .sort(),
    batches: num(row.batches),
    inspected,
    defective,
    defect_rate: percentOf(defective, inspected || 1),
    yield: percentOf(inspected - defective, inspected || 1),
  };
}

function rankMeasure(args: QualityBreakdownArgs): RankMeasure {
  return args.rank_by ?? 'defect_rate';
}

function ordered(groups: GroupFigures[], args: QualityBreakdownArgs): GroupFigures[] {
  if (!args.rank) return groups;
  return ranked(groups, { measure: rankMeasure(args), rank: args.rank, name: (group) => group.key });
}

function facts(group: GroupFigures, language: Language): string {
  const lines = group.lines.map((line) => t(language, `${line}线`, `line ${line}`)).join(t(language, '、', ', '));
  if (group.record_date !== undefined)
    return t(
      language,
      `检验 **${pcs(group.inspected, 'zh')}**，不良 **${pcs(group.defective, 'zh')}**，次品率 **${pct(group.defect_rate)}**` +
        `（${lines}，${dayLabel(group.record_date, 'zh')}${storedShiftName(group.shift ?? '', 'zh')}，检验员 ${group.inspector}）`,
      `**${pcs(group.inspected, 'en')}** inspected, **${group.defective} defective**, defect rate ` +
        `**${pct(group.defect_rate)}** (${lines}, ${dayLabel(group.record_date, 'en')}, ` +
        `${storedShiftName(group.shift ?? '', 'en')}, inspector ${group.inspector})`,
    );
  return t(
    language,
    `检验 **${pcs(group.inspected, 'zh')}**，不良 **${pcs(group.defective, 'zh')}**，次品率 **${pct(group.defect_rate)}**，` +
      `良率 ${pct(group.yield)}（${group.batches} 个批次，${lines}）`,
    `**${pcs(group.inspected, 'en')}** inspected, **${group.defective} defective**, defect rate ` +
      `**${pct(group.defect_rate)}**, yield ${pct(group.yield)} (${group.batches} batches, ${lines})`,
  );
}

const DIMENSION_NAMES: Record<Breakdown, { zh: string; en: string }> = {
  inspector: { zh: '检验员', en: 'inspector' },
  product: { zh: '产品', en: 'product' },
  batch: { zh: '批次', en: 'batch' },
};

async function execute(ctx: SkillContext, args: QualityBreakdownArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const { from, to } = args.period;
  for (const date of [from, to]) sqlDate(date);
  if (from > to) return reversedAnswer({ from, to, language, args });
  if (from > today)
    return futureAnswer({ from, to, today, language, args, subject: t(language, '质量数据', 'inspection data') });

  ctx.progress(t(language, '正在读取产线、检验员和产品…', 'reading the lines, inspectors and products…'));
  const [known, names, shift] = await Promise.all([loadLines(ctx), loadPlantNames(ctx), resolveShift(ctx, args)]);
  const { selected, unknown } = selectLines(args.lines, known);
  if (unknown.length > 0 || selected.length === 0) return unknownLinesAnswer({ unknown, known, language, args });
  if (shift !== undefined && typeof shift !== 'string') return shift;
  const resolved = resolveNames(args, names, language);
  if ('answer' in resolved) return resolved;

  const dimension: Breakdown = args.by ?? (resolved.inspectors.length > 0 ? 'inspector' : 'product');
  const effectiveTo = to > today ? today : to;
  const period = { from, to: effectiveTo, label: args.period.label };
  const where =
    `record_date BETWEEN ${sqlDate(from)} AND ${sqlDate(effectiveTo)}` +
    (args.lines.length > 0 ? ` AND line_id ${sqlIn(selected.map((line) => line.line_id))}` : '') +
    (shift ? ` AND shift = ${sqlText(shift)}` : '') +
    (resolved.inspectors.length > 0 ? ` AND inspector IN (${resolved.inspectors.map(sqlText).join(', ')})` : '') +
    (resolved.products.length > 0 ? ` AND product IN (${resolved.products.map(sqlText).join(', ')})` : '');
  const sums = 'SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective, COUNT(*) AS batches';
  ctx.progress(
    t(language, `正在查询 ${from} 至 ${effectiveTo} 的质量数据…`, `querying quality data ${from} to ${effectiveTo}…`),
  );

  let groups: GroupFigures[];
  let batchCount: number | undefined;
  if (dimension === 'batch') {
    const measure = rankMeasure(args);
    const order =
      args.rank === 'best'
        ? ORDER_SQL[measure].replace(/DESC|ASC/, (word) => (word === 'DESC' ? 'ASC' : 'DESC'))
        : ORDER_SQL[measure];
    const [top, count] = await Promise.all([
      ctx.query(
        `SELECT batch_no, line_id AS lines, record_date, shift, inspector, ${sums} FROM quality_data WHERE ${where} ` +
          `GROUP BY batch_no, line_id, record_date, shift, inspector HAVING SUM(inspected_qty) > 0 ORDER BY ${order}, ` +
          `batch_no LIMIT ${args.top ?? TOP_BATCHES}`,
        `the ${args.rank === 'best' ? 'best' : 'worst'} batches by ${measure} in the asked period`,
      ),
      ctx.query(
        `SELECT COUNT(DISTINCT batch_no) AS batches FROM quality_data WHERE ${where} LIMIT 1`,
        'batches in the asked period',
      ),
    ]);
    groups = rowsAsObjects<Row>(top).map((row) => ({
      ...groupOf(row, str(row.batch_no)),
      record_date: str(row.record_date),
      shift: str(row.shift),
      inspector: str(row.inspector),
    }));
    batchCount = num(count.rows[0]?.[0]);
  } else {
    const column = dimension === 'inspector' ? 'inspector' : 'product';
    // per inspector from the per-inspector rollup, per product from the daily one (unless inspectors are named)
    const result = await queryFigures(ctx, {
      keys: [`${column} AS name`],
      extra: 'GROUP_CONCAT(DISTINCT line_id) AS lines',
      where,
      inspectors: dimension === 'inspector' || resolved.inspectors.length > 0,
      purpose: `quality figures per ${column} for the asked period`,
      maxRows: 2000,
    });
    groups = result.rows.map((row) => groupOf(row, str(row.name)));
    // inspectors line by line (A's first), products as stored
    if (dimension === 'inspector')
      groups.sort((a, b) => (a.lines[0] ?? '').localeCompare(b.lines[0] ?? '') || a.key.localeCompare(b.key));
  }
  const records = groups.reduce((sum, group) => sum + group.batches, 0);
  ctx.progress(
    t(language, `找到 ${batchCount ?? records} 条检验记录`, `found ${batchCount ?? records} inspection records`),
  );

  const when = periodLabel(period, language);
  const scope = [
    ...(shift ? [storedShiftName(shift, language)] : []),
    args.lines.length > 0
      ? selected.map((line) => t(language, `${line.line_id}线`, `line ${line.line_id}`)).join(t(language, '、', ', '))
      : t(language, '全部产线', 'all lines'),
    ...(dimension !== 'product' && resolved.products.length > 0
      ? [resolved.products.map((product) => productLabel(product, names, language)).join(t(language, '、', ', '))]
      : []),
    ...(dimension !== 'inspector' && resolved.inspectors.length > 0
      ? [resolved.inspectors.join(t(language, '、', ', '))]
      : []),
  ].join(t(language, '，', ', '));
  const baseData = {
    arguments: args,
    by: dimension,
    shift: shift ?? null,
    inspectors: resolved.inspectors,
    products: resolved.products,
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
  const named = dimension === 'inspector' ? resolved.inspectors : dimension === 'product' ? resolved.products : [];
  const label = (key: string): string => (dimension === 'product' ? productLabel(key, names, language) : key);

  // named ones without batches in the period: no data, not a zero — with where they do inspect
  const absent = named.filter((key) => !groups.some((group) => group.key === key));
  const absentText = absent.map((key) => {
    const lines =
      (dimension === 'inspector'
        ? names.inspectors.find((inspector) => inspector.name === key)?.lines
        : names.products.find((product) => product.product === key)?.lines) ?? [];
    return t(
      language,
      `${label(key)}在${when}（${scope}）没有检验记录——没有数据，不是 0。${label(key)}的记录在：${lines.map((line) => `${line}线`).join('、') || '（无）'}。`,
      `No inspection records for ${label(key)} in ${when} (${scope}) — no data, not a zero. ${label(key)} is recorded on ` +
        `${lines.map((line) => `line ${line}`).join(', ') || '(no line)'}.`,
    );
  });
  if (groups.length === 0) {
    return {
      answer:
        absentText.join('\n\n') ||
        t(
          language,
          `${when}（${scope}）没有检验记录——没有数据，不是 0。`,
          `No inspection records in ${when} (${scope}) — no data, not a zero.`,
        ),
      data: { ...baseData, empty: true, groups: [] },
    };
  }

  const rows = ordered(groups, args);
  const parts: string[] = [];
  const dimensionName = t(language, DIMENSION_NAMES[dimension].zh, DIMENSION_NAMES[dimension].en);
  if (args.rank) {
    const measure = rankMeasure(args);
    const { key, highIsBad } = RANK_KEYS[measure];
    const top = rows[0]!;
    const tied = rows.filter((group) => key(group) === key(top));
    const high = args.rank === 'worst' ? highIsBad : !highIsBad;
    const metricName = t(language, MEASURE_NAMES[measure].zh, MEASURE_NAMES[measure].en);
    const which = high
      ? t(
          language,
          measure === 'defects' || measure === 'output' ? '最多' : '最高',
          measure === 'defects' || measure === 'output' ? 'most' : 'highest',
        )
      : t(
          language,
          measure === 'defects' || measure === 'output' ? '最少' : '最低',
          measure === 'defects' || measure === 'output' ? 'fewest' : 'lowest',
        );
    const names0 = tied.map((group) => `**${label(group.key)}**`).join(t(language, '、', ', '));
    parts.push(
      t(
        language,
        `${when}（${scope}）${metricName}${which}的${dimensionName}：${names0}——${facts(top, 'zh')}。`,
        `The ${dimensionName} with the ${which} ${metricName} ${when} (${scope}): ${names0} — ${facts(top, 'en')}.`,
      ),
    );
  } else if (rows.length === 1 && dimension !== 'batch') {
    parts.push(
      t(
        language,
        `**${label(rows[0]!.key)}**，${when}（${scope}）：${facts(rows[0]!, 'zh')}。`,
        `**${label(rows[0]!.key)}**, ${when} (${scope}): ${facts(rows[0]!, 'en')}.`,
      ),
    );
  } else {
    parts.push(
      t(
        language,
        `${when}（${scope}）各${dimensionName}的质量数据：`,
        `Quality by ${dimensionName}, ${when} (${scope}):`,
      ),
    );
  }
  if (rows.length > 1 || dimension === 'batch') {
    const header =
      dimension === 'batch'
        ? t(
            language,
            '批次|产线|日期|班次|检验员|检验（件）|不良（件）|次品率',
            'Batch|Line|Date|Shift|Inspector|Inspected (pcs)|Defective (pcs)|Defect rate',
          )
        : t(
            language,
            `${dimensionName}|产线|批次数|检验（件）|不良（件）|次品率|良率`,
            `${dimensionName[0]!.toUpperCase()}${dimensionName.slice(1)}|Lines|Batches|Inspected (pcs)|Defective (pcs)|Defect rate|Yield`,
          );
    const body = rows.map((group) =>
      dimension === 'batch'
        ? [
            group.key,
            group.lines.join(', '),
            dayLabel(group.record_date ?? '', language),
            storedShiftName(group.shift ?? '', language),
            group.inspector ?? '',
            String(group.inspected),
            String(group.defective),
            pct(group.defect_rate),
          ]
        : [
            label(group.key),
            group.lines.join(', '),
            String(group.batches),
            String(group.inspected),
            String(group.defective),
            pct(group.defect_rate),
            pct(group.yield),
          ],
    );
    if (dimension !== 'batch') {
      const inspected = rows.reduce((sum, group) => sum + group.inspected, 0);
      const defective = rows.reduce((sum, group) => sum + group.defective, 0);
      body.push([
        t(language, '**合计**', '**Total**'),
        [...new Set(rows.flatMap((group) => group.lines))].sort().join(', '),
        String(records),
        String(inspected),
        String(defective),
        pct(percentOf(defective, inspected || 1)),
        pct(percentOf(inspected - defective, inspected || 1)),
      ]);
    }
    parts.push(markdownTable(header.split('|'), body));
    if (dimension === 'batch' && batchCount !== undefined) {
      const measure = MEASURE_NAMES[rankMeasure(args)];
      const best = args.rank === 'best';
      parts.push(
        t(
          language,
          `共 ${batchCount} 个批次，按${measure.zh}列出${best ? '最好' : '最差'}的 ${rows.length} 个。`,
          `${rows.length} of the ${batchCount} batches in the period, the ${best ? 'best' : 'worst'} by ${measure.en}.`,
        ),
      );
    }
  }
  if (absentText.length > 0) parts.push(absentText.join(' '));
  if (effectiveTo === today)
    parts.push(
      t(
        language,
        `今天（${today}）的数据截至目前，尚不完整。`,
        `Today's figures (${today}) are so far only — the day is not over.`,
      ),
    );
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: parts.join('\n\n'),
    data: { ...baseData, empty: false, groups: rows, batches_in_period: batchCount, absent },
  };
}

export const qualityBreakdown: CodeSkill<QualityBreakdownArgs> = {
  kind: 'code',
  name: 'quality_breakdown',
  description:
    'Quality figures (pieces inspected, defective, defect rate 不良率, yield) by inspector (检验员), by product ' +
    '(产品/型号) or by batch (批次, the worst ten) for a period, or for named inspectors or products only; on ' +
    'some lines and one shift when asked; ranks them ("which inspector had the highest defect rate"). Use for ' +
    '"本周各检验员的不良率", "how many pieces did 王芳 inspect last week", "defect rate of product HG-220 this month".',
  version: '1.0.0',
  parameters: qualityBreakdownArgs,
  output: qualityBreakdownOutput,
  timeoutMs: 30_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: [
    '检验员',
    '质检员',
    '产品',
    '型号',
    '批次',
    'inspector',
    'inspected by',
    'product',
    'by product',
    'batches',
  ],
  execute,
};
