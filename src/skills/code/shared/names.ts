/**
 * The inspectors and products the inspection data records (quality_data),
 * read through query_database, and how an operator's words are matched
 * against them: an inspector by name (case and spaces aside), a product by
 * its stored name, its English name (production_lines.product_en, a demo
 * extra) or its code ("HG-220", "hg220"). A name the data does not have is
 * said not to exist, with the ones that do — never dropped.
 */
import type { SkillContext } from '../../../skills/types.js';
import { PLANT_NAMES_QUERIES, plantNamesFrom, type PlantNames } from '../../router/entities.js';
import { isMissingSchema, queryAll } from './sql.js';
import { queryRollupOrRaw } from './quality-sql.js';
import { t } from './text.js';
import type { Language } from '../../types.js';

/** inspectors and products with their lines (from the per-inspector rollup) */
export async function loadPlantNames(ctx: SkillContext): Promise<PlantNames> {
  const [people, productNames] = await Promise.all([
    queryRollupOrRaw(ctx, {
      sql: { rollup: PLANT_NAMES_QUERIES.people, raw: PLANT_NAMES_QUERIES.peopleRaw },
      purpose: 'the inspectors and products the inspection data records, with their lines',
      maxRows: 5000,
    }),
    queryAll(ctx, { sql: PLANT_NAMES_QUERIES.productNames, purpose: 'English names of the products' }).catch(
      (error: unknown) => {
        if (isMissingSchema(error)) return { rows: [], truncated: false };
        throw error;
      },
    ),
  ]);
  return plantNamesFrom({ people: people.rows, productNames: productNames.rows, batches: [] });
}

const squeeze = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, '');

export function matchInspector(asked: string, names: PlantNames): string | undefined {
  const wanted = squeeze(asked);
  return names.inspectors.find((inspector) => squeeze(inspector.name) === wanted)?.name;
}

/** the stored product the words name: its name, English name, a code in it, or the name without the code */
export function matchProduct(asked: string, names: PlantNames): string | undefined {
  const wanted = squeeze(asked);
  if (wanted.length === 0) return undefined;
  for (const product of names.products) {
    const forms = [product.product, product.name_en ?? ''].filter((form) => form.length > 0);
    const parts = forms.flatMap((form) => form.split(/\s+/));
    const codes = parts.filter((part) => /\d/.test(part));
    const words = forms.map((form) =>
      form
        .split(/\s+/)
        .filter((part) => !/\d/.test(part))
        .join(' '),
    );
    const candidates = [...forms, ...codes, ...words].map(squeeze).filter((form) => form.length >= 2);
    if (candidates.some((form) => form === wanted || form === wanted.replace(/e?s$/, ''))) return product.product;
  }
  return undefined;
}

/** '张伟（产线A）、李娜（产线A）' / 'Zhang Wei (line A), …' */
export function inspectorsText(names: PlantNames, lines: string[], language: Language): string {
  const shown = names.inspectors.filter(
    (inspector) => lines.length === 0 || inspector.lines.some((line) => lines.includes(line)),
  );
  return shown
    .map((inspector) =>
      t(
        language,
        `${inspector.name}（${inspector.lines.map((line) => `${line}线`).join('、')}）`,
        `${inspector.name} (line ${inspector.lines.join(', ')})`,
      ),
    )
    .join(t(language, '、', ', '));
}

export function productLabel(product: string, names: PlantNames, language: Language): string {
  const entry = names.products.find((item) => item.product === product);
  return language === 'en' && entry?.name_en ? `${entry.name_en} (${product})` : product;
}

export function productsText(names: PlantNames, language: Language): string {
  return names.products
    .map((product) =>
      t(
        language,
        `${product.product}（${product.lines.map((line) => `${line}线`).join('、')}）`,
        `${productLabel(product.product, names, 'en')} (line ${product.lines.join(', ')})`,
      ),
    )
    .join(t(language, '、', '; '));
}

const SHIFT_NAMES: Record<string, { zh: string; en: string }> = {
  day: { zh: '白班', en: 'day shift' },
  night: { zh: '夜班', en: 'night shift' },
  middle: { zh: '中班', en: 'middle shift' },
};

/** a stored shift in the question's language ('night' → 夜班 / night shift) */
export function storedShiftName(stored: string, language: Language): string {
  const name = SHIFT_NAMES[stored.toLowerCase()];
  return name ? t(language, name.zh, name.en) : t(language, `${stored}班`, `${stored} shift`);
}
