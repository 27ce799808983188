/** A small seeded pseudo-random generator (mulberry32), so the demo dataset is the same on every run, and random digits from it. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `n` distinct elements of a list (all of them when it is shorter), in random order. */
  sample<T>(list: readonly T[], n: number): T[];
}

export function seeded(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!,
    chance: (p: number) => next() < p,
    sample: <T>(list: readonly T[], n: number): T[] => {
      const pool = [...list];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, n);
    },
  };
}

/** A seed for `seeded` from text (FNV-1a): a stream of its own for each thing the text names. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `n` random decimal digits. */
export const randomDigits = (r: Random, n: number): string =>
  Array.from({ length: n }, () => String(r.int(0, 9))).join('');

/** `n` random lower-case hexadecimal digits. */
export const randomHex = (r: Random, n: number): string =>
  Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
