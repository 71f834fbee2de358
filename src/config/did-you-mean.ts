/**
 * "Did you mean …?" for a mistyped name (a config key, a command, an option):
 * the closest known name by edit distance, when it is close enough to be a
 * typo (`prot` → `port`, `qurey` → `query`), else nothing.
 */

/** Levenshtein distance with adjacent transpositions counted as one edit (short strings). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The known name closest to `given`, if at most a third of its letters (at least 1, at most 3) differ. */
export function closestName(given: string, known: Iterable<string>): string | undefined {
  const wanted = given.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  if (best) return best.name;
  // a prefix long enough to be meant: `feed` → feedback
  const prefixed = [...known].filter((name) => wanted.length >= 3 && name.toLowerCase().startsWith(wanted));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
