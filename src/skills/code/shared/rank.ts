/** Ranking lines, inspectors, products or batches by one measure of their counts (quality_metrics, quality_breakdown). */
import type { RankMeasure } from '../../args.js';

/** What a ranked measure is computed from. */
export interface Counts {
  inspected: number;
  defective: number;
}

/** exact values (not the rounded percentages), so that ties are real ties */
export const RANK_KEYS: Record<RankMeasure, { key: (counts: Counts) => number; highIsBad: boolean }> = {
  defect_rate: { key: (counts) => counts.defective / counts.inspected, highIsBad: true },
  defects: { key: (counts) => counts.defective, highIsBad: true },
  output: { key: (counts) => counts.inspected, highIsBad: false },
  yield: { key: (counts) => (counts.inspected - counts.defective) / counts.inspected, highIsBad: false },
};

/**
 * `items` worst first (the highest value when high is bad: defect rate,
 * defects; else the lowest: output, yield), or best first; ties in the
 * order of their names.
 */
export function ranked<T extends Counts>(
  items: T[],
  options: { measure: RankMeasure; rank: 'worst' | 'best'; name: (item: T) => string },
): T[] {
  const { key, highIsBad } = RANK_KEYS[options.measure];
  const worstFirst = (a: T, b: T): number => (highIsBad ? key(b) - key(a) : key(a) - key(b));
  return [...items].sort(
    (a, b) =>
      (options.rank === 'worst' ? worstFirst(a, b) : -worstFirst(a, b)) ||
      options.name(a).localeCompare(options.name(b)),
  );
}
