// Seeded pseudo-random numbers, the same on every platform (32-bit integer arithmetic only).

/** A 32-bit hash of a string (FNV-1a followed by a murmur3 finaliser). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** murmur3's finaliser: spreads every input bit over the output. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One element, with probability proportional to its weight (a list always has the same weights: they are cached). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

/**
 * Running totals of the weights of a list, computed on its first weighted pick: a pick is
 * then a binary search. Keyed by the list (weakly), so a list must always be picked from
 * with the same weights: the generator's tables are.
 */
const cumulativeWeights = new WeakMap<readonly unknown[], Float64Array>();

/** mulberry32: small, fast and good enough for test data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items, weight) => {
      let sums = cumulativeWeights.get(items);
      if (!sums) {
        sums = new Float64Array(items.length);
        let total = 0;
        for (let i = 0; i < items.length; i++) sums[i] = total += weight(items[i]!);
        cumulativeWeights.set(items, sums);
      }
      const r = next() * sums[sums.length - 1]!;
      // First index whose running total exceeds r.
      let lo = 0;
      let hi = sums.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sums[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      return items[lo]!;
    },
    chance: (p) => next() < p,
  };
  return random;
}
