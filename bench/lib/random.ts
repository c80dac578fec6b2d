/** A small seeded PRNG (mulberry32) with the helpers the generator needs; same seed, same data. */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly T[], cumulative: Float64Array) => T;
  /** Standard normal (Box–Muller). */
  normal: () => number;
  uuid: () => string;
  /** Upper-case letters and digits, like card processors' reference codes. */
  code: (length: number) => string;
  /** Base62, like Plaid's 37-character transaction ids. */
  token: (length: number) => string;
};

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const HEX = '0123456789abcdef';
const CODE = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createRandom(seed: string | number): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const chars = (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items, cumulative) => {
      const total = cumulative[cumulative.length - 1]!;
      const x = next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! > x) hi = mid;
        else lo = mid + 1;
      }
      return items[lo]!;
    },
    normal: () => {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    uuid: () => {
      const h = chars(HEX, 32);
      const variant = HEX[8 + Math.floor(next() * 4)];
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    code: (length) => chars(CODE, length),
    token: (length) => chars(BASE62, length),
  };
}

export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}

/** Splits `total` into integers proportional to `weights` that add up exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : 0));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = order[k]![1];
    counts[i] = counts[i]! + 1;
  }
  return counts;
}
