/**
 * How the rules route a question to batch_lookup: a batch number named
 * ("who inspected batch A20261118D003?", "批次B20261119D007的不良率",
 * "A20261118D003"). Batch numbers are found by the analysis (entities.ts):
 * after 批次 / batch / lot, or bare in the shape of the plant's own numbers.
 */
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { singlePeriod } from '../../router/signals.js';
import { batchLookupArgs } from './args.js';

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const batches = [...new Set(analysis.batches.map((batch) => batch.value))];
  if (batches.length > 0) explicit.batches = batches;
  if (analysis.lines.lines.length > 0) explicit.lines = analysis.lines.lines;
  const { period } = singlePeriod(analysis);
  if (period) explicit.period = period;
  return { explicit, defaults: { lines: [] }, unsure: [] };
}

export const batchLookupRouting: SkillRouting = {
  skill: 'batch_lookup',
  args: batchLookupArgs,
  intents: [
    {
      name: 'batch',
      match(analysis) {
        if (analysis.batches.length === 0) return undefined;
        return {
          kind: 'skill',
          reason: `names batch ${analysis.batches.map((batch) => batch.value).join(', ')}`,
        };
      },
    },
  ],
  slots,
  required: ['batches'],
  // a batch is one line, day, shift and inspector: anything across batches or about causes is the model's
  cannotHonour: ['hour', 'week_or_month', 'cause', 'comparison', 'ppm', 'work_orders', 'shift'],
  // the answer names the batch's inspector, product and every defect type it has
  honours: {
    shift: false,
    defectType: 'any',
    notRecorded: 'report',
    words: true,
    names: ['batch', 'inspector', 'product'],
  },
  understood: [
    /批次号|批次|批号|批量号|\bbatch(?:es)?\b|\blots?\b|\bno\.?(?=\s|$)|\bnumbers?\b|#/,
    /谁|\bwho\b|检验员|质检员|检验人|检验|检查|检的|\binspect(?:ed|ion|or|ors)?\b|\bchecked\b/,
    /详情|详细|信息|资料|明细|记录|\bdetails?\b|\binfo(?:rmation)?\b|\brecords?\b|\brecorded\b|\babout\b/,
    /产品|型号|\bproducts?\b|\bmodel\b/,
  ],
  examples: {
    zh: ['批次A20261118D001是谁检验的？', '批次B20261119N001的不良率'],
    en: ['Who inspected batch A20261118D001?', 'batch B20261119N001 details'],
  },
};
