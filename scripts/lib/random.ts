// The scripts' deterministic random source (sfc32 seeded through splitmix32): fast, seeded, no Math.random.

/** A deterministic random source. `next()` is uniform in [0, 1). */
export interface Random {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
}

/** Creates the random source the log generator, the fixtures and the benchmarks draw from; one stream per seed. */
export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  function splitmix(): number {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  function next(): number {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  }
  for (let i = 0; i < 16; i += 1) next();
  return {
    next,
    int(minInclusive, maxInclusive) {
      return minInclusive + Math.floor(next() * (maxInclusive - minInclusive + 1));
    },
    chance(probability) {
      return next() < probability;
    },
    pick<T>(values: readonly T[]): T {
      const value = values[Math.floor(next() * values.length)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
  };
}
