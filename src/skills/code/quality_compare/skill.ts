/**
 * quality_compare — quality figures set against each other, from the data only:
 *  - previous: a period against the one before it (week, month, day, or the
 *    earlier period the question names), with the change in percentage points
 *    and in per cent;
 *  - shifts: the shifts ranked by defect rate for a period and a line or the plant;
 *  - why: what carried a line's excess defective pieces against its baseline
 *    (the same line over the 28 days before the period) — by defect type and by
 *    shift — with the work orders recorded on that line in the period. The
 *    inspection data does not record which machine made a batch: the machines
 *    named are those of the work orders, said so. No speculation.
 * Aggregates run in the database; every rate comes with the counts behind it
 * and the resolved dates.
 */
import { addDays, daysBetween, localDate } from '../../../clock.js';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { defectName, loadDefectTypes, loadLines, selectLines } from '../shared/plant.js';
import { num, queryAll, sqlDate, sqlIn, sqlText, str } from '../shared/sql.js';
import { queryDefects, queryFigures, recordedShifts } from '../shared/quality-sql.js';
import {
  lineName,
  listJoin,
  markdownTable,
  pcs,
  pct,
  percentOf,
  periodLabel,
  pointsChange,
  t,
  type LineInfo,
} from '../shared/text.js';
import { futureAnswer, reversedAnswer, unknownLinesAnswer } from '../shared/answers.js';
import { qualityCompareArgs, type ComparedMetric, type QualityCompareArgs } from './args.js';
import { previousPeriod } from './periods.js';
import { qualityCompareOutput } from './output.js';

type Period = { from: string; to: string; label?: string | undefined };

/** days of the line's baseline before the period asked about ("why" mode) */
export const BASELINE_DAYS = 28;

interface Figures {
  inspected: number;
  defective: number;
  batches: number;
  /** percent, two decimals; null without data */
  defect_rate: number | null;
}

function figuresOf(inspected: number, defective: number, batches: number): Figures {
  return { inspected, defective, batches, defect_rate: inspected > 0 ? percentOf(defective, inspected) : null };
}

function rateText(figure: Figures, language: Language): string {
  return figure.defect_rate === null
    ? t(language, '无记录', 'no records')
    : t(
        language,
        `${pct(figure.defect_rate)}（不良 ${pcs(figure.defective, 'zh')} / 检验 ${pcs(figure.inspected, 'zh')}）`,
        `${pct(figure.defect_rate)} (${figure.defective} defective of ${pcs(figure.inspected, 'en')})`,
      );
}

/** the change of the defect rate: points (two decimals) and per cent of the earlier rate (one decimal) */
export function change(now: Figures, before: Figures): { points: number; percent: number | null } | undefined {
  if (now.inspected === 0 || before.inspected === 0) return undefined;
  const exactNow = now.defective / now.inspected;
  const exactBefore = before.defective / before.inspected;
  const points = Math.round((exactNow - exactBefore) * 10000) / 100;
  const percent = exactBefore > 0 ? Math.round(((exactNow - exactBefore) / exactBefore) * 1000) / 10 : null;
  return { points, percent };
}

function percentText(percent: number | null): string {
  if (percent === null) return '—';
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent).toFixed(1)}%`;
}

const METRIC_NAMES: Record<ComparedMetric, { zh: string; en: string }> = {
  defect_rate: { zh: '次品率', en: 'defect rate' },
  output: { zh: '产量', en: 'output' },
  yield: { zh: '良率', en: 'yield' },
};

/** a yield in percent (two decimals): the share of the inspected pieces not defective */
function yieldOf(figure: Figures): number | null {
  return figure.inspected > 0 ? percentOf(figure.inspected - figure.defective, figure.inspected) : null;
}

/** one period's figure of a metric, with the counts behind it */
function metricText(metric: ComparedMetric, figure: Figures, language: Language): string {
  if (metric === 'defect_rate') return rateText(figure, language);
  if (figure.inspected === 0) return t(language, '无记录', 'no records');
  if (metric === 'output')
    return t(language, `${pcs(figure.inspected, 'zh')}（检验）`, `${pcs(figure.inspected, 'en')} inspected`);
  return t(
    language,
    `${pct(yieldOf(figure)!)}（合格 ${pcs(figure.inspected - figure.defective, 'zh')} / 检验 ${pcs(figure.inspected, 'zh')}）`,
    `${pct(yieldOf(figure)!)} (${figure.inspected - figure.defective} good of ${pcs(figure.inspected, 'en')})`,
  );
}

function metricCell(metric: ComparedMetric, figure: Figures): string {
  if (figure.inspected === 0) return '—';
  return metric === 'output'
    ? String(figure.inspected)
    : pct(metric === 'yield' ? yieldOf(figure)! : figure.defect_rate!);
}

/**
 * the change of a metric between two periods with records: pieces (output) or points (rates, from exact counts),
 * and per cent of the earlier figure (one decimal)
 */
export function metricChange(
  metric: ComparedMetric,
  now: Figures,
  before: Figures,
): { delta: number; percent: number | null } {
  if (metric === 'output') {
    const delta = now.inspected - before.inspected;
    return { delta, percent: before.inspected > 0 ? Math.round((delta / before.inspected) * 1000) / 10 : null };
  }
  const rateNow = now.defective / now.inspected;
  const rateBefore = before.defective / before.inspected;
  const [a, b] = metric === 'yield' ? [1 - rateNow, 1 - rateBefore] : [rateNow, rateBefore];
  const delta = Math.round((a - b) * 10000) / 100;
  return { delta, percent: b > 0 ? Math.round(((a - b) / b) * 1000) / 10 : null };
}

interface Scope {
  where: string;
  lines: LineInfo[];
  /** the plant (no line named) */
  plant: boolean;
  shift?: string | undefined;
}

function scopeName(scope: Scope, language: Language): string {
  const name = scope.plant
    ? t(language, '全厂', 'the whole plant')
    : listJoin(
        scope.lines.map((line) => lineName(line, language)),
        language,
      );
  return scope.shift
    ? `${name}${t(language, `（${shiftName(scope.shift).zh}）`, ` (${shiftName(scope.shift).en})`)}`
    : name;
}

const SHIFT_NAMES: Record<string, { zh: string; en: string }> = {
  day: { zh: '白班', en: 'day shift' },
  night: { zh: '夜班', en: 'night shift' },
  middle: { zh: '中班', en: 'middle shift' },
};
function shiftName(stored: string): { zh: string; en: string } {
  return SHIFT_NAMES[stored.toLowerCase()] ?? { zh: `${stored}班`, en: `${stored} shift` };
}

const between = (period: Period): string => `record_date BETWEEN ${sqlDate(period.from)} AND ${sqlDate(period.to)}`;

async function totals(ctx: SkillContext, scope: Scope, period: Period): Promise<Map<string, Figures>> {
  const { rows } = await queryFigures(ctx, {
    keys: ['line_id'],
    where: `${between(period)}${scope.where}`,
    purpose: `quality comparison: output and defective pieces per line, ${period.from} to ${period.to}`,
  });
  const out = new Map<string, Figures>();
  let inspected = 0;
  let defective = 0;
  let batches = 0;
  for (const row of rows) {
    out.set(str(row.line_id), figuresOf(num(row.inspected), num(row.defective), num(row.batches)));
    inspected += num(row.inspected);
    defective += num(row.defective);
    batches += num(row.batches);
  }
  out.set('*', figuresOf(inspected, defective, batches));
  return out;
}

const EMPTY = figuresOf(0, 0, 0);

interface Job {
  args: QualityCompareArgs;
  scope: Scope;
  current: Period;
}

async function comparePrevious(ctx: SkillContext, job: Job) {
  const { args, scope, current } = job;
  const language = ctx.language;
  const before = args.previous ?? previousPeriod(args.period);
  if (before.from > before.to) return reversedAnswer({ from: before.from, to: before.to, language, args });
  const [now, then] = await Promise.all([totals(ctx, scope, current), totals(ctx, scope, before)]);
  const keys = scope.plant ? ['*'] : scope.lines.map((line) => line.line_id);
  const nameOf = (key: string): string =>
    key === '*'
      ? t(language, '全厂', 'Whole plant')
      : lineName(
          scope.lines.find((line) => line.line_id === key)!,
          language,
        );
  const nowLabel = periodLabel(current, language);
  const thenLabel = periodLabel(before, language);
  const rowsOut = keys.map((key) => {
    const a = now.get(key) ?? EMPTY;
    const b = then.get(key) ?? EMPTY;
    return { key, now: a, before: b, change: change(a, b) };
  });
  const metrics: ComparedMetric[] = args.metrics?.length ? [...new Set(args.metrics)] : ['defect_rate'];
  const parts: string[] = [];
  for (const row of rowsOut) {
    const name = nameOf(row.key);
    if (!row.change) {
      parts.push(
        t(
          language,
          `**${name}**：${nowLabel} ${metrics.map((metric) => metricText(metric, row.now, 'zh')).join('，')}；${thenLabel} ` +
            `${metrics.map((metric) => metricText(metric, row.before, 'zh')).join('，')}——缺一期的数据，无法比较（没有数据，不是 0）。`,
          `**${name}**: ${nowLabel} ${metrics.map((metric) => metricText(metric, row.now, 'en')).join(', ')}; ${thenLabel} ` +
            `${metrics.map((metric) => metricText(metric, row.before, 'en')).join(', ')} ` +
            `— one period has no records, so there is no change to give (no data, not a zero).`,
        ),
      );
      continue;
    }
    for (const metric of metrics) {
      const moved = metricChange(metric, row.now, row.before);
      const verdict =
        moved.delta > 0
          ? t(language, '上升', 'up')
          : moved.delta < 0
            ? t(language, '下降', 'down')
            : t(language, '持平', 'unchanged');
      const deltaText = (lang: Language): string =>
        metric === 'output'
          ? `${moved.delta > 0 ? '+' : moved.delta < 0 ? '−' : '±'}${pcs(Math.abs(moved.delta), lang)}`
          : pointsChange(moved.delta, lang);
      parts.push(
        t(
          language,
          `**${name}** ${METRIC_NAMES[metric].zh}：${nowLabel} **${metricText(metric, row.now, 'zh')}**，${thenLabel} ` +
            `${metricText(metric, row.before, 'zh')}；${verdict} **${deltaText('zh')}**（相对变化 ` +
            `${percentText(moved.percent)}）。`,
          `**${name}** ${METRIC_NAMES[metric].en}: ${nowLabel} **${metricText(metric, row.now, 'en')}**, ${thenLabel} ` +
            `${metricText(metric, row.before, 'en')}; ${verdict} **${deltaText('en')}** ` +
            `(${percentText(moved.percent)} relative).`,
        ),
      );
    }
  }
  if (rowsOut.length > 1) {
    const headers = [
      t(language, '产线', 'Line'),
      ...metrics.flatMap((metric) => [
        `${nowLabel} ${t(language, METRIC_NAMES[metric].zh, METRIC_NAMES[metric].en)}`,
        `${thenLabel} ${t(language, METRIC_NAMES[metric].zh, METRIC_NAMES[metric].en)}`,
        t(
          language,
          metric === 'output' ? '变化（件）' : '变化（百分点）',
          metric === 'output' ? 'Change (pcs)' : 'Change (pp)',
        ),
        t(language, '相对变化', 'Relative change'),
      ]),
    ];
    parts.push(
      markdownTable(
        headers,
        rowsOut.map((row) => [
          nameOf(row.key),
          ...metrics.flatMap((metric) => {
            const moved = row.change ? metricChange(metric, row.now, row.before) : undefined;
            return [
              metricCell(metric, row.now),
              metricCell(metric, row.before),
              moved
                ? metric === 'output'
                  ? `${moved.delta > 0 ? '+' : moved.delta < 0 ? '−' : '±'}${Math.abs(moved.delta)}`
                  : pointsChange(moved.delta, language)
                : '—',
              moved ? percentText(moved.percent) : '—',
            ];
          }),
        ]),
      ),
    );
  }
  const days = (period: Period): number => daysBetween(period.from, period.to) + 1;
  if (days(current) !== days(before))
    parts.push(
      t(
        language,
        `两期天数不同（${days(current)} 天对 ${days(before)} 天）：件数不可直接比较，次品率可以。`,
        `The periods differ in length (${days(current)} days against ${days(before)}): compare the rates, not the piece counts.`,
      ),
    );
  return {
    answer: parts.join('\n\n'),
    data: {
      arguments: args,
      mode: 'previous',
      period: current,
      previous: before,
      shift: scope.shift ?? null,
      metrics,
      comparison: rowsOut.map((row) => ({
        line_id: row.key,
        now: row.now,
        before: row.before,
        change_points: row.change?.points ?? null,
        change_percent: row.change?.percent ?? null,
      })),
    },
  };
}

async function rankShifts(ctx: SkillContext, job: Job) {
  const { args, scope, current } = job;
  const language = ctx.language;
  const { rows } = await queryFigures(ctx, {
    keys: ['shift'],
    where: `${between(current)}${scope.where}`,
    purpose: 'quality comparison: output and defective pieces per shift for the asked period',
  });
  const shifts = rows
    .map((row) => ({ shift: str(row.shift), ...figuresOf(num(row.inspected), num(row.defective), num(row.batches)) }))
    .filter((row) => row.inspected > 0)
    .sort((a, b) => b.defective / b.inspected - a.defective / a.inspected || a.shift.localeCompare(b.shift));
  const where = `${scopeName(scope, language)}，${periodLabel(current, language)}`;
  const whereEn = `${scopeName(scope, language)}, ${periodLabel(current, language)}`;
  if (shifts.length === 0)
    return {
      answer: t(
        language,
        `${where}：没有检验记录（没有数据，不是 0）。`,
        `${whereEn}: no inspection records (no data, not a zero).`,
      ),
      data: { arguments: args, mode: 'shifts', period: current, empty: true, shifts: [] },
    };
  const name = (shift: string): string => t(language, shiftName(shift).zh, shiftName(shift).en);
  const worst = shifts[0]!;
  const best = shifts[shifts.length - 1]!;
  const parts: string[] = [];
  if (shifts.length === 1) {
    parts.push(
      t(
        language,
        `${where}只有一个班次有记录：${name(worst.shift)}，次品率 ${rateText(worst, 'zh')}——没有可比的班次。`,
        `${whereEn}: only one shift has records, the ${name(worst.shift)}, defect rate ${rateText(worst, 'en')} — no other shift to rank it against.`,
      ),
    );
  } else {
    const tie = worst.defective * best.inspected === best.defective * worst.inspected;
    parts.push(
      tie
        ? t(language, `${where}：各班次次品率相同。`, `${whereEn}: every shift has the same defect rate.`)
        : t(
            language,
            `${where}次品率最高的班次：**${name(worst.shift)}** ${rateText(worst, 'zh')}；最低：**${name(best.shift)}** ${rateText(best, 'zh')}。`,
            `${whereEn}, the worst shift by defect rate: **${name(worst.shift)}** ${rateText(worst, 'en')}; ` +
              `the best: **${name(best.shift)}** ${rateText(best, 'en')}.`,
          ),
    );
  }
  parts.push(
    markdownTable(
      t(
        language,
        '排名|班次|检验（件）|不良（件）|次品率',
        'Rank|Shift|Inspected (pcs)|Defective (pcs)|Defect rate',
      ).split('|'),
      shifts.map((row, index) => [
        String(index + 1),
        name(row.shift),
        String(row.inspected),
        String(row.defective),
        pct(row.defect_rate!),
      ]),
    ),
  );
  return {
    answer: parts.join('\n\n'),
    data: {
      arguments: args,
      mode: 'shifts',
      period: current,
      empty: false,
      ranking: shifts.map((row) => row.shift),
      shifts,
    },
  };
}

interface Excess {
  key: string;
  pieces: number;
  /** the pieces the baseline rate gives for this period's output */
  expected: number;
  excess: number;
  /** the key's own figures where it has its own output (shifts) */
  rate?: number | null;
  baseline_rate?: number | null;
  inspected?: number;
}

async function explain(ctx: SkillContext, job: Job) {
  const { args, scope, current } = job;
  const language = ctx.language;
  const line = scope.lines[0]!;
  const base: Period = { from: addDays(current.from, -BASELINE_DAYS), to: addDays(current.from, -1) };
  const part = `CASE WHEN record_date >= ${sqlDate(current.from)} THEN 'asked' ELSE 'base' END`;
  const range = `record_date BETWEEN ${sqlDate(base.from)} AND ${sqlDate(current.to)}${scope.where}`;
  const [byShift, byType, orders, names] = await Promise.all([
    queryFigures(ctx, {
      keys: [`${part} AS part`, 'shift'],
      where: range,
      purpose: `why: the line's figures per shift, the period against the ${BASELINE_DAYS} days before`,
    }),
    queryDefects(ctx, {
      keys: [`${part} AS part`],
      where: range,
      purpose: `why: the line's defective pieces per defect type, the period against the ${BASELINE_DAYS} days before`,
    }),
    queryAll(ctx, {
      sql:
        `SELECT order_id, equipment_id, priority, status, title, root_cause, opened_at, closed_at FROM ` +
        `work_orders WHERE line_id = ${sqlText(line.line_id)} AND substr(opened_at, 1, 10) <= ` +
        `${sqlDate(current.to)} AND (closed_at IS NULL OR substr(closed_at, 1, 10) >= ` +
        `${sqlDate(current.from)}) ORDER BY opened_at, order_id`,
      purpose: 'why: the work orders recorded on the line during the period',
    }),
    loadDefectTypes(ctx),
  ]);
  const sum = (which: string, rows: typeof byShift.rows, field: string): number =>
    rows.filter((row) => str(row.part) === which).reduce((total, row) => total + num(row[field]), 0);
  const asked = figuresOf(
    sum('asked', byShift.rows, 'inspected'),
    sum('asked', byShift.rows, 'defective'),
    sum('asked', byShift.rows, 'batches'),
  );
  const baseline = figuresOf(
    sum('base', byShift.rows, 'inspected'),
    sum('base', byShift.rows, 'defective'),
    sum('base', byShift.rows, 'batches'),
  );
  const who = scopeName(scope, language);
  const when = periodLabel(current, language);
  const baseWhen = `${base.from} – ${base.to}`;
  const data = { arguments: args, mode: 'why', period: current, baseline_period: base, asked, baseline };
  if (asked.inspected === 0)
    return {
      answer: t(
        language,
        `${who}在${when}没有检验记录（没有数据，不是 0）。`,
        `No inspection records for ${who} in ${when} (no data, not a zero).`,
      ),
      data: { ...data, empty: true },
    };
  if (baseline.inspected === 0)
    return {
      answer: t(
        language,
        `${who}在${when}的次品率 ${rateText(asked, 'zh')}；此前 ${BASELINE_DAYS} 天（${baseWhen}）没有检验记录，没有可比的基线。`,
        `${who} in ${when}: defect rate ${rateText(asked, 'en')}; the ${BASELINE_DAYS} days before ` +
          `(${baseWhen}) have no records, so there is no baseline to compare with.`,
      ),
      data: { ...data, empty: false, no_baseline: true },
    };
  const baseRate = baseline.defective / baseline.inspected;
  const expectedAll = baseRate * asked.inspected;
  const excessAll = asked.defective - expectedAll;
  const round1 = (value: number): number => Math.round(value * 10) / 10;
  // per defect type: the type's pieces against the type's baseline share of the output
  const typeKeys = new Set(byType.rows.map((row) => str(row.defect_type)));
  const types: Excess[] = [...typeKeys].map((key) => {
    const of = (which: string): number =>
      num(byType.rows.find((row) => str(row.part) === which && str(row.defect_type) === key)?.defective);
    const expected = (of('base') / baseline.inspected) * asked.inspected;
    return { key, pieces: of('asked'), expected: round1(expected), excess: round1(of('asked') - expected) };
  });
  types.sort((a, b) => b.excess - a.excess || a.key.localeCompare(b.key));
  // per shift: the shift's own rate against the same shift's baseline rate
  const shiftKeys = [...new Set(byShift.rows.map((row) => str(row.shift)))];
  const shifts: Excess[] = shiftKeys
    .map((key) => {
      const row = (which: string) =>
        byShift.rows.find((entry) => str(entry.part) === which && str(entry.shift) === key);
      const inspected = num(row('asked')?.inspected);
      const pieces = num(row('asked')?.defective);
      const baseInspected = num(row('base')?.inspected);
      const shiftBase = baseInspected > 0 ? num(row('base')?.defective) / baseInspected : baseRate;
      const expected = shiftBase * inspected;
      return {
        key,
        pieces,
        expected: round1(expected),
        excess: round1(pieces - expected),
        rate: inspected > 0 ? percentOf(pieces, inspected) : null,
        baseline_rate: baseInspected > 0 ? percentOf(num(row('base')?.defective), baseInspected) : null,
        inspected,
      };
    })
    .filter((entry) => (entry.inspected ?? 0) > 0)
    .sort((a, b) => b.excess - a.excess || a.key.localeCompare(b.key));
  const typeName = (key: string): string =>
    key === 'unclassified' ? t(language, '未分类', 'unclassified') : defectName(key, names, language);
  const workOrders = orders.rows.map((row) => ({
    order_id: num(row.order_id),
    equipment_id: row.equipment_id === null ? null : str(row.equipment_id),
    priority: str(row.priority),
    status: str(row.status),
    title: str(row.title),
    root_cause: row.root_cause === null ? null : str(row.root_cause),
    opened_at: str(row.opened_at),
    closed_at: row.closed_at === null ? null : str(row.closed_at),
  }));
  const parts: string[] = [];
  const head = t(
    language,
    `**${who}**，${when}：次品率 **${rateText(asked, 'zh')}**；基线（此前 ${BASELINE_DAYS} 天，${baseWhen}）${rateText(baseline, 'zh')}，按基线应有约 ${round1(expectedAll)} 件不良`,
    `**${who}**, ${when}: defect rate **${rateText(asked, 'en')}**; baseline (the ${BASELINE_DAYS} ` +
      `days before, ${baseWhen}) ${rateText(baseline, 'en')}, which would give about ` +
      `${round1(expectedAll)} defective pieces`,
  );
  if (excessAll <= 0) {
    parts.push(
      `${head}${t(language, '。', '.')}` +
        t(
          language,
          ` 这一期间的次品率**不高于**该线的基线，数据中没有需要解释的超出部分。`,
          ` The period's defect rate is **not above** the line's baseline: the data shows no excess to explain.`,
        ),
    );
  } else {
    parts.push(
      `${head}${t(language, `，多出 **${round1(excessAll)} 件**。`, `: **${round1(excessAll)} pieces** more.`)}`,
    );
    const carried = types.filter((entry) => entry.excess > 0);
    const topType = carried[0];
    const topShift = shifts[0];
    const lines: string[] = [];
    if (topType)
      lines.push(
        t(
          language,
          `- 缺陷类型：超出主要来自 **${typeName(topType.key)}**——${pcs(topType.pieces, 'zh')}，按基线约 ` +
            `${topType.expected} 件，多出 ${topType.excess} 件（占超出的 ` +
            `${pct(Math.min(100, percentOf(topType.excess, excessAll)))}）。`,
          `- Defect type: the excess is mostly **${typeName(topType.key)}** — ${topType.pieces} pcs ` +
            `against about ${topType.expected} at the baseline, ${topType.excess} more ` +
            `(${pct(Math.min(100, percentOf(topType.excess, excessAll)))} of the excess).`,
        ),
      );
    if (topShift && topShift.excess > 0)
      lines.push(
        t(
          language,
          `- 班次：**${shiftName(topShift.key).zh}** 超出最多——次品率 ${pct(topShift.rate!)}（该班次基线 ` +
            `${topShift.baseline_rate == null ? '—' : pct(topShift.baseline_rate)}），不良 ` +
            `${pcs(topShift.pieces, 'zh')}，按基线约 ${topShift.expected} 件。`,
          `- Shift: the **${shiftName(topShift.key).en}** carried the most — defect rate ` +
            `${pct(topShift.rate!)} (that shift's baseline ` +
            `${topShift.baseline_rate == null ? '—' : pct(topShift.baseline_rate)}), ${topShift.pieces} ` +
            `defective against about ${topShift.expected}.`,
        ),
      );
    parts.push(lines.join('\n'));
    parts.push(
      markdownTable(
        t(
          language,
          '缺陷类型|本期（件）|按基线（件）|超出（件）',
          'Defect type|This period (pcs)|At baseline (pcs)|Excess (pcs)',
        ).split('|'),
        types.map((entry) => [typeName(entry.key), String(entry.pieces), String(entry.expected), String(entry.excess)]),
      ),
    );
    parts.push(
      markdownTable(
        t(
          language,
          '班次|次品率|班次基线|不良（件）|超出（件）',
          'Shift|Defect rate|Shift baseline|Defective (pcs)|Excess (pcs)',
        ).split('|'),
        shifts.map((entry) => [
          t(language, shiftName(entry.key).zh, shiftName(entry.key).en),
          entry.rate === null || entry.rate === undefined ? '—' : pct(entry.rate),
          entry.baseline_rate === null || entry.baseline_rate === undefined ? '—' : pct(entry.baseline_rate),
          String(entry.pieces),
          String(entry.excess),
        ]),
      ),
    );
  }
  const machines = [
    ...new Set(workOrders.map((order) => order.equipment_id).filter((id): id is string => id !== null)),
  ];
  if (workOrders.length === 0) {
    parts.push(
      t(
        language,
        `这一期间该线没有记录工单。检验数据不记录批次由哪台设备生产，所以数据无法指出设备。`,
        `No work orders were recorded on the line in this period. The inspection data does not record ` +
          `which machine made a batch, so the data cannot point to a machine.`,
      ),
    );
  } else {
    parts.push(
      t(
        language,
        `检验数据不记录批次由哪台设备生产；这一期间该线记录的工单（${workOrders.length} 张）涉及设备：${machines.join('、') || '（仅产线级工单）'}。`,
        `The inspection data does not record which machine made a batch; the work orders recorded on the ` +
          `line in this period (${workOrders.length}) name: ` +
          `${machines.join(', ') || '(line-level orders only)'}.`,
      ),
    );
    parts.push(
      markdownTable(
        t(
          language,
          '工单|设备|优先级|状态|标题|开单|关闭|根因',
          'Order|Machine|Priority|Status|Title|Opened|Closed|Root cause',
        ).split('|'),
        workOrders.map((order) => [
          `#${order.order_id}`,
          order.equipment_id ?? '—',
          order.priority,
          order.status,
          order.title,
          order.opened_at.slice(0, 16),
          order.closed_at ? order.closed_at.slice(0, 16) : '—',
          order.root_cause ?? '—',
        ]),
      ),
    );
  }
  parts.push(
    t(
      language,
      `来源：quality_data（${current.from} 至 ${current.to} 及基线 ${baseWhen}），work_orders（产线 ${line.line_id}）。`,
      `Sources: quality_data (${current.from} to ${current.to} and the baseline ${baseWhen}), work_orders (line ${line.line_id}).`,
    ),
  );
  return {
    answer: parts.join('\n\n'),
    data: {
      ...data,
      empty: false,
      expected_defective: round1(expectedAll),
      excess_defective: round1(excessAll),
      defect_types: types,
      shifts,
      work_orders: workOrders,
      machines,
    },
  };
}

const NEEDS_ONE_LINE = (language: Language, known: LineInfo[]): string =>
  t(
    language,
    `请说明是哪一条产线（${known.map((line) => line.line_id).join('、')}）：原因分析按一条线的基线来做。`,
    `Which line (${known.map((line) => line.line_id).join(', ')})? The explanation compares one line against its own baseline.`,
  );

async function execute(ctx: SkillContext, args: QualityCompareArgs): Promise<SkillResult> {
  const language = ctx.language;
  const today = localDate(ctx.now, ctx.timezone);
  const { from, to } = args.period;
  for (const date of [from, to]) sqlDate(date);
  if (args.previous) for (const date of [args.previous.from, args.previous.to]) sqlDate(date);
  if (from > to) return reversedAnswer({ from, to, language, args });
  if (from > today)
    return futureAnswer({ from, to, today, language, args, subject: t(language, '质量数据', 'inspection data') });
  const known = await loadLines(ctx);
  const { selected, unknown } = selectLines(args.lines, known);
  if (unknown.length > 0 || selected.length === 0) return unknownLinesAnswer({ unknown, known, language, args });
  if ((args.mode === 'why' && selected.length !== 1) || (args.mode === 'why' && args.lines.length === 0))
    return { answer: NEEDS_ONE_LINE(language, known), data: { arguments: args, error: 'one_line_needed' } };
  let shift: string | undefined;
  if (args.shift) {
    const stored = await recordedShifts(ctx);
    shift = stored.find((value) => value.toLowerCase() === args.shift!.toLowerCase());
    if (!shift)
      return {
        answer: t(
          language,
          `检验数据中没有「${shiftName(args.shift).zh}」的记录：记录的班次只有 ${stored.map((value) => shiftName(value).zh).join('、')}。`,
          `The inspection data records no ${shiftName(args.shift).en}: the shifts recorded are ${stored.map((value) => shiftName(value).en).join(', ')}.`,
        ),
        data: { arguments: args, error: 'unknown_shift', shifts: stored },
      };
  }
  const scope: Scope = {
    where:
      (args.lines.length > 0 ? ` AND line_id ${sqlIn(selected.map((line) => line.line_id))}` : '') +
      (shift ? ` AND shift = ${sqlText(shift)}` : ''),
    lines: selected,
    plant: args.lines.length === 0,
    shift,
  };
  const current: Period = { from, to: to > today ? today : to, label: args.period.label };
  ctx.progress(
    t(language, `正在查询 ${from} 至 ${current.to} 的质量数据…`, `querying quality data ${from} to ${current.to}…`),
  );
  const result =
    args.mode === 'previous'
      ? await comparePrevious(ctx, { args, scope, current })
      : args.mode === 'shifts'
        ? await rankShifts(ctx, { args, scope, current })
        : await explain(ctx, { args, scope, current });
  if (current.to === today && !('error' in (result.data as object)))
    result.answer += t(
      language,
      `\n\n今天（${today}）的数据截至目前，尚不完整。`,
      `\n\nToday's figures (${today}) are so far only.`,
    );
  ctx.progress(t(language, '完成', 'done'));
  return result;
}

export const qualityCompare: CodeSkill<QualityCompareArgs> = {
  kind: 'code',
  name: 'quality_compare',
  description:
    'Quality figures set against each other: a period against the one before (本周和上周比, 环比, compared ' +
    'with last week/month/yesterday) for the figures asked (metrics: defect_rate by default, output, yield), ' +
    'with the change in pieces or percentage points and per cent (mode previous); ' +
    'the shifts ranked by defect rate (哪个班次次品率最高, mode shifts); why a line was bad on a day ' +
    "(为什么B线周三不良率高, mode why): which defect type and shift carried the excess against the line's " +
    '28-day baseline, with the work orders recorded on the line that day.',
  version: '1.0.0',
  parameters: qualityCompareArgs,
  output: qualityCompareOutput,
  timeoutMs: 30_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: ['环比', '和上周比', '哪个班次', '为什么', 'compared with last week', 'which shift', 'why was line'],
  execute,
};
