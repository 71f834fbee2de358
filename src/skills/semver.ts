/**
 * The little semver a skill registry needs: parse 'MAJOR.MINOR.PATCH',
 * compare, and match the ranges callers pin ('1.2.3', '^1.2', '~1.2.0',
 * '>=1.1', '1.x', '*').
 */
export type Semver = [number, number, number];

const VERSION_RE = /^(\d+)\.(\d+)\.(\d+)$/;

export function parseSemver(text: string): Semver | undefined {
  const match = VERSION_RE.exec(text.trim());
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareSemver(a: Semver, b: Semver): number {
  for (let index = 0; index < 3; index++) {
    const difference = a[index]! - b[index]!;
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function partial(text: string): { parts: number[] } | undefined {
  const cleaned = text
    .trim()
    .replace(/\.(x|\*)$/i, '')
    .replace(/\.(x|\*)$/i, '');
  if (cleaned === '' || cleaned === '*' || /^x$/i.test(cleaned)) return { parts: [] };
  if (!/^\d+(\.\d+){0,2}$/.test(cleaned)) return undefined;
  return { parts: cleaned.split('.').map(Number) };
}

/** Does `version` satisfy `range`? Unknown range syntax → undefined (the caller reports it). */
export function satisfies(version: string, range: string): boolean | undefined {
  const parsed = parseSemver(version);
  if (!parsed) return false;
  const text = range.trim();
  const operator = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(text);
  if (!operator) return undefined;
  const [, op = '', rest = ''] = operator;
  const bound = partial(rest);
  if (!bound) return undefined;
  const low: Semver = [bound.parts[0] ?? 0, bound.parts[1] ?? 0, bound.parts[2] ?? 0];
  const cmp = compareSemver(parsed, low);
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '>':
      return cmp > 0;
    case '<=':
      return cmp <= 0;
    case '<':
      return cmp < 0;
    case '^': {
      if (cmp < 0) return false;
      const [major, minor] = low;
      if (major > 0 || bound.parts.length < 2) return parsed[0] === major;
      if (minor > 0 || bound.parts.length < 3) return parsed[0] === 0 && parsed[1] === minor;
      return compareSemver(parsed, low) === 0;
    }
    case '~':
      if (cmp < 0) return false;
      return bound.parts.length >= 2 ? parsed[0] === low[0] && parsed[1] === low[1] : parsed[0] === low[0];
    default:
      // exact, or a partial like '1' / '1.2' / '1.x' meaning any within it
      return bound.parts.every((part, index) => parsed[index] === part);
  }
}
