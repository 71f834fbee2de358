/**
 * A small seeded PRNG (sfc32, seeded through splitmix32) for the demo plant.
 * Never Math.random: the same seed gives the same plant. Each concern draws
 * from its own named stream, so changing --rows does not reshuffle the work
 * orders and adding a document does not move the defect rates.
 */

function splitmix32(state: number): () => number {
  let value = state >>> 0;
  return () => {
    value = (value + 0x9e3779b9) >>> 0;
    let z = value;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a of a string, for naming streams. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** index drawn with probability proportional to weights[i] */
  weighted(weights: readonly number[]): number;
  /** true with probability p */
  chance(p: number): boolean;
  /** Poisson-distributed count (Knuth below 30, normal approximation above) */
  poisson(lambda: number): number;
  /** standard normal (Box-Muller) */
  normal(): number;
}

export function createRandom(seed: number, stream: string): Random {
  const mix = splitmix32((Math.trunc(seed) ^ hashString(stream)) >>> 0);
  // fold the high part of large seeds in too
  const high = Math.floor(Math.abs(seed) / 0x100000000) >>> 0;
  let a = mix() ^ high;
  let b = mix();
  let c = mix();
  let d = mix() | 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let index = 0; index < 12; index++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (weights) => {
      let total = 0;
      for (const weight of weights) total += weight;
      let target = next() * total;
      for (let index = 0; index < weights.length; index++) {
        target -= weights[index] ?? 0;
        if (target < 0) return index;
      }
      return weights.length - 1;
    },
    chance: (p) => next() < p,
    poisson: (lambda) => {
      if (lambda <= 0) return 0;
      if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * random.normal()));
      const limit = Math.exp(-lambda);
      let count = 0;
      let product = next();
      while (product > limit) {
        count++;
        product *= next();
      }
      return count;
    },
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
  return random;
}
