/**
 * What quality_breakdown's filters name, as the data stores it: the shift,
 * the inspectors and the products. One the data does not have gets the
 * honest answer naming the ones it has — never dropped, never answered for
 * everyone.
 */
import type { Language, SkillContext, SkillResult } from '../../types.js';
import { recordedShifts } from '../shared/quality-sql.js';
import { t } from '../shared/text.js';
import { inspectorsText, matchInspector, matchProduct, productsText, storedShiftName } from '../shared/names.js';
import type { PlantNames } from '../../router/entities.js';
import type { QualityBreakdownArgs } from './args.js';

/** the shift asked for as the data stores it, or the honest answer naming the shifts it records */
export async function resolveShift(
  ctx: SkillContext,
  args: QualityBreakdownArgs,
): Promise<string | SkillResult | undefined> {
  if (!args.shift) return undefined;
  const shifts = await recordedShifts(ctx);
  const match = shifts.find((value) => value.toLowerCase() === args.shift!.toLowerCase());
  if (match) return match;
  const list = shifts.map((value) => storedShiftName(value, ctx.language)).join(t(ctx.language, '、', ', '));
  const asked = storedShiftName(args.shift, ctx.language);
  return {
    answer: t(
      ctx.language,
      `检验数据中没有「${asked}」的记录：本厂记录的班次只有 ${list || '（无）'}。`,
      `The inspection data records no ${asked}: the shifts recorded are ${list || '(none)'}.`,
    ),
    data: { arguments: args, error: 'unknown_shift', asked: args.shift, shifts },
  };
}

/** the named inspectors and products as stored, or the honest answer naming the ones the data has */
export function resolveNames(
  args: QualityBreakdownArgs,
  names: PlantNames,
  language: Language,
): { inspectors: string[]; products: string[] } | SkillResult {
  const inspectors: string[] = [];
  const products: string[] = [];
  const unknownInspectors: string[] = [];
  const unknownProducts: string[] = [];
  for (const asked of args.inspectors) {
    const match = matchInspector(asked, names);
    if (match) inspectors.push(match);
    else unknownInspectors.push(asked);
  }
  for (const asked of args.products) {
    const match = matchProduct(asked, names);
    if (match) products.push(match);
    else unknownProducts.push(asked);
  }
  const parts: string[] = [];
  if (unknownInspectors.length > 0) {
    const where = args.lines.length > 0 ? args.lines.map((line) => t(language, `${line}线`, `line ${line}`)) : [];
    parts.push(
      t(
        language,
        `检验数据中没有检验员「${unknownInspectors.join('」「')}」。${where.length > 0 ? `${where.join('、')}的` : ''}检验员有：` +
          `${inspectorsText(names, args.lines, 'zh') || inspectorsText(names, [], 'zh') || '（无）'}。`,
        `The inspection data has no inspector "${unknownInspectors.join('", "')}". The inspectors` +
          `${where.length > 0 ? ` on ${where.join(', ')}` : ''} are: ` +
          `${inspectorsText(names, args.lines, 'en') || inspectorsText(names, [], 'en') || '(none)'}.`,
      ),
    );
  }
  if (unknownProducts.length > 0) {
    parts.push(
      t(
        language,
        `检验数据中没有产品「${unknownProducts.join('」「')}」。记录的产品有：${productsText(names, 'zh') || '（无）'}。`,
        `The inspection data has no product "${unknownProducts.join('", "')}". The products recorded are: ` +
          `${productsText(names, 'en') || '(none)'}.`,
      ),
    );
  }
  if (parts.length === 0) return { inspectors: [...new Set(inspectors)], products: [...new Set(products)] };
  return {
    answer: parts.join('\n\n'),
    data: {
      arguments: args,
      error: unknownInspectors.length > 0 ? 'unknown_inspector' : 'unknown_product',
      unknown_inspectors: unknownInspectors,
      unknown_products: unknownProducts,
      inspectors: names.inspectors.map((inspector) => inspector.name),
      products: names.products.map((product) => product.product),
    },
  };
}
