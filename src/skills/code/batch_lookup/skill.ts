/**
 * batch_lookup — one or more inspected batches by number: line, date, shift,
 * product, inspector, pieces inspected and defective, the defect types, when
 * it was recorded. A batch number the data does not have is said not to
 * exist, with the nearest numbers it does have (the typed number padded the
 * way the plant writes its numbers, "A20261118D03" → A20261118D003, and its
 * neighbours in order) — never another batch's figures passed off as it.
 */
import type { z } from 'zod';
import type { CodeSkill, Language, SkillContext, SkillResult } from '../../types.js';
import { COMMON_ERROR_CODES, RETRY_POLICY } from '../shared/policy.js';
import { defectName, loadDefectTypes, loadLines } from '../shared/plant.js';
import { num, queryAll, sqlId, sqlIn, str, type Row } from '../shared/sql.js';
import { rowsAsObjects } from '../../context.js';
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
import { storedShiftName } from '../shared/names.js';
import { batchLookupArgs, type BatchLookupArgs } from './args.js';
import { batchLookupOutput } from './output.js';

interface Batch {
  batch_no: string;
  line_id: string;
  record_date: string;
  shift: string;
  product: string;
  inspector: string;
  inspected: number;
  defective: number;
  /** percent, two decimals */
  defect_rate: number;
  records: number;
  recorded_at: string;
  defect_types: Array<{ defect_type: string; name: string; defective: number }>;
}

/** the typed number and its upper-case form (batch numbers are matched whatever the case) */
function spellings(asked: string): string[] {
  return [...new Set([asked, asked.toUpperCase(), asked.toLowerCase()])];
}

/** split into letter, digit and separator runs: 'A20261118D03' → ['A', '20261118', 'D', '03'] */
function runs(value: string): string[] {
  return value.match(/[A-Za-z]+|\d+|[^A-Za-z\d]+/g) ?? [];
}

/**
 * The typed number written the way the plant writes its numbers: each digit
 * run left-padded with zeros to the length of a stored number's same run
 * ('A20261118D03' with samples like 'A20261118D001' → 'A20261118D003').
 */
export function paddedLike(asked: string, samples: string[]): string[] {
  const parts = runs(asked.toUpperCase());
  const out = new Set<string>();
  for (const sample of samples) {
    const model = runs(sample);
    if (model.length !== parts.length) continue;
    const same = parts.every((part, index) => {
      const other = model[index]!;
      if (/^\d+$/.test(part)) return /^\d+$/.test(other) && part.length <= other.length;
      return /^[A-Z]+$/.test(part) ? /^[A-Z]+$/i.test(other) : part === other;
    });
    if (!same) continue;
    const padded = parts
      .map((part, index) => (/^\d+$/.test(part) ? part.padStart(model[index]!.length, '0') : part))
      .join('');
    if (padded !== asked.toUpperCase()) out.add(padded);
  }
  return [...out];
}

const COLUMNS =
  'batch_no, line_id, record_date, shift, product, inspector, SUM(inspected_qty) AS inspected, SUM(defect_qty) AS ' +
  'defective, COUNT(*) AS records, MAX(recorded_at) AS recorded_at';
const GROUP = 'GROUP BY batch_no, line_id, record_date, shift, product, inspector ORDER BY batch_no';

async function nearest(
  ctx: SkillContext,
  asked: string,
): Promise<Array<{ batch_no: string; line_id: string; record_date: string; shift: string }>> {
  const { rows: sampleRows } = await queryAll(ctx, {
    sql: 'SELECT batch_no FROM quality_data ORDER BY record_id DESC',
    purpose: 'how this plant writes its batch numbers',
    maxRows: 20,
  });
  const padded = paddedLike(
    asked,
    sampleRows.map((row) => str(row.batch_no)),
  );
  const anchor = padded[0] ?? asked.toUpperCase();
  sqlId(anchor);
  const pick = 'batch_no, line_id, record_date, shift';
  const [after, before] = await Promise.all([
    ctx.query(
      `SELECT ${pick} FROM quality_data WHERE batch_no >= '${anchor}' ORDER BY batch_no LIMIT 3`,
      'the batch numbers nearest the one asked for (at or after it)',
    ),
    ctx.query(
      `SELECT ${pick} FROM quality_data WHERE batch_no < '${anchor}' ORDER BY batch_no DESC LIMIT 2`,
      'the batch numbers nearest the one asked for (before it)',
    ),
  ]);
  const list = [...rowsAsObjects<Row>(after), ...rowsAsObjects<Row>(before).reverse()].map((row) => ({
    batch_no: str(row.batch_no),
    line_id: str(row.line_id),
    record_date: str(row.record_date),
    shift: str(row.shift),
  }));
  // the padded number first when it exists, then the others in order
  const exact = list.filter((row) => row.batch_no === anchor);
  const others = list.filter((row) => row.batch_no !== anchor).sort((a, b) => a.batch_no.localeCompare(b.batch_no));
  return [...exact, ...others];
}

function sentence(batch: Batch, line: LineInfo, language: Language): string {
  const types =
    batch.defect_types.length > 0
      ? batch.defect_types
          .map((type) => t(language, `${type.name} ${pcs(type.defective, 'zh')}`, `${type.name} ${type.defective}`))
          .join(t(language, '、', ', '))
      : t(language, '无', 'none');
  return t(
    language,
    `**批次 ${batch.batch_no}**：${lineName(line, 'zh')}，${dayLabel(batch.record_date, 'zh')}${storedShiftName(batch.shift, 'zh')}，` +
      `产品 ${batch.product}，检验员 **${batch.inspector}**；检验 **${pcs(batch.inspected, 'zh')}**，不良 ` +
      `**${pcs(batch.defective, 'zh')}**，次品率 **${pct(batch.defect_rate)}**（缺陷：${types}）。记录时间 ${batch.recorded_at}。`,
    `**Batch ${batch.batch_no}**: ${lineName(line, 'en')}, ${dayLabel(batch.record_date, 'en')}, ` +
      `${storedShiftName(batch.shift, 'en')}, product ${batch.product}, inspected by **${batch.inspector}**: ` +
      `**${pcs(batch.inspected, 'en')}** inspected, **${batch.defective} defective**, defect rate ` +
      `**${pct(batch.defect_rate)}** (defects: ${types}). Recorded at ${batch.recorded_at}.`,
  );
}

async function execute(ctx: SkillContext, args: BatchLookupArgs): Promise<SkillResult> {
  const language = ctx.language;
  const asked = [...new Set(args.batches.map((batch) => batch.trim()))];
  ctx.progress(t(language, `正在查询批次 ${asked.join('、')}…`, `looking up batch ${asked.join(', ')}…`));
  const wanted = sqlIn(asked.flatMap(spellings));
  const [found, types, names, lines] = await Promise.all([
    queryAll(ctx, {
      sql: `SELECT ${COLUMNS} FROM quality_data WHERE batch_no ${wanted} ${GROUP}`,
      purpose: 'the batches asked for: line, date, shift, product, inspector, pieces',
    }),
    queryAll(ctx, {
      sql:
        `SELECT batch_no, COALESCE(defect_type, 'unclassified') AS defect_type, SUM(defect_qty) AS defective FROM ` +
        `quality_data WHERE batch_no ${wanted} AND defect_qty > 0 GROUP BY batch_no, ` +
        `COALESCE(defect_type, 'unclassified') ORDER BY batch_no, defective DESC`,
      purpose: 'the defect types of the batches asked for',
    }),
    loadDefectTypes(ctx),
    loadLines(ctx),
  ]);
  const batches: Batch[] = found.rows.map((row) => {
    const batchNo = str(row.batch_no);
    return {
      batch_no: batchNo,
      line_id: str(row.line_id),
      record_date: str(row.record_date),
      shift: str(row.shift),
      product: str(row.product),
      inspector: str(row.inspector),
      inspected: num(row.inspected),
      defective: num(row.defective),
      defect_rate: percentOf(num(row.defective), num(row.inspected) || 1),
      records: num(row.records),
      recorded_at: str(row.recorded_at),
      defect_types: types.rows
        .filter((entry) => str(entry.batch_no) === batchNo)
        .map((entry) => {
          const code = str(entry.defect_type);
          return {
            defect_type: code,
            name: code === 'unclassified' ? t(language, '未分类', 'unclassified') : defectName(code, names, language),
            defective: num(entry.defective),
          };
        }),
    };
  });
  const isFound = (typed: string): boolean =>
    batches.some((batch) => batch.batch_no.toUpperCase() === typed.toUpperCase());
  const missing = asked.filter((typed) => !isFound(typed));
  ctx.progress(t(language, `找到 ${batches.length} 个批次`, `found ${batches.length} batches`), {
    batches: batches.length,
  });

  const parts: string[] = [];
  const lineOf = (id: string): LineInfo => lines.find((line) => line.line_id === id) ?? { line_id: id, name: id };
  if (batches.length === 1) parts.push(sentence(batches[0]!, lineOf(batches[0]!.line_id), language));
  else if (batches.length > 1) {
    const header = t(
      language,
      '批次|产线|日期|班次|产品|检验员|检验（件）|不良（件）|次品率|缺陷类型',
      'Batch|Line|Date|Shift|Product|Inspector|Inspected (pcs)|Defective (pcs)|Defect rate|Defect types',
    ).split('|');
    parts.push(
      markdownTable(
        header,
        batches.map((batch) => [
          batch.batch_no,
          lineName(lineOf(batch.line_id), language),
          dayLabel(batch.record_date, language),
          storedShiftName(batch.shift, language),
          batch.product,
          batch.inspector,
          String(batch.inspected),
          String(batch.defective),
          pct(batch.defect_rate),
          batch.defect_types.map((type) => `${type.name} ${type.defective}`).join(', ') || '—',
        ]),
      ),
    );
  }

  // the question also named a line or a period: a batch outside it is said to be so, not hidden
  const notes: string[] = [];
  for (const batch of batches) {
    if (args.lines.length > 0 && !args.lines.some((line) => line.toUpperCase() === batch.line_id.toUpperCase()))
      notes.push(
        t(
          language,
          `注意：批次 ${batch.batch_no} 属于${lineName(lineOf(batch.line_id), 'zh')}，不是所问的${args.lines.map((line) => `${line}线`).join('、')}。`,
          `Note: batch ${batch.batch_no} is on ${lineName(lineOf(batch.line_id), 'en')}, not on line ${args.lines.join(', ')} as asked.`,
        ),
      );
    if (args.period && (batch.record_date < args.period.from || batch.record_date > args.period.to))
      notes.push(
        t(
          language,
          `注意：批次 ${batch.batch_no} 的检验日期是 ${batch.record_date}，不在所问的${periodLabel(args.period, 'zh')}内。`,
          `Note: batch ${batch.batch_no} was inspected on ${batch.record_date}, outside ${periodLabel(args.period, 'en')} as asked.`,
        ),
      );
  }

  const nearestOf: Record<string, Awaited<ReturnType<typeof nearest>>> = {};
  for (const typed of missing) {
    const close = await nearest(ctx, typed);
    nearestOf[typed] = close;
    const list = close
      .map((row) =>
        t(
          language,
          `${row.batch_no}（${lineName(lineOf(row.line_id), 'zh')}，${row.record_date} ${storedShiftName(row.shift, 'zh')}）`,
          `${row.batch_no} (${lineName(lineOf(row.line_id), 'en')}, ${row.record_date} ${storedShiftName(row.shift, 'en')})`,
        ),
      )
      .join(t(language, '、', ', '));
    parts.push(
      t(
        language,
        `检验数据中没有批次「${typed}」。${list ? `最接近的批次号：${list}。` : '检验数据中没有任何批次。'}`,
        `The inspection data has no batch "${typed}". ${list ? `The nearest batch numbers: ${list}.` : 'The inspection data holds no batches at all.'}`,
      ),
    );
  }
  if (notes.length > 0) parts.push(notes.join(' '));
  ctx.progress(t(language, '完成', 'done'));
  return {
    answer: parts.join('\n\n'),
    data: {
      arguments: args,
      ...(batches.length === 0 ? { error: 'unknown_batch' } : {}),
      batches,
      not_found: missing,
      nearest: nearestOf,
      notes,
      unit: { counts: 'pieces', rates: 'percent' },
    },
  };
}

export const batchLookup: CodeSkill<z.infer<typeof batchLookupArgs>> = {
  kind: 'code',
  name: 'batch_lookup',
  description:
    'One or more inspected batches by batch number (批次号 / batch no., e.g. B20261119D007): line, date, shift, ' +
    'product, inspector (检验员), pieces inspected and defective, defect rate and defect types, when recorded. ' +
    'Use for "who inspected batch X", "批次X的不良率", "batch X details"; a number the data lacks gets the nearest ones.',
  version: '1.0.0',
  parameters: batchLookupArgs,
  output: batchLookupOutput,
  timeoutMs: 20_000,
  errorCodes: COMMON_ERROR_CODES,
  retry: RETRY_POLICY,
  dependencies: { tools: ['query_database'] },
  triggers: ['批次', '批号', '批次号', 'batch', 'batch number', 'lot number', '谁检验', 'who inspected'],
  execute,
};
