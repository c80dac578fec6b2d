import type { Cents } from '@tally/shared';

/**
 * Deterministic randomness for synthetic data: the demo bank and the benchmark data draw from the same
 * generator and the same string hash, so a seed means the same thing in both.
 */

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for synthetic data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a with a murmur3 finaliser: a well-spread 32-bit hash of a string, for seeds and checksums. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A seeded random source with the draws the demo bank and the benchmark data need. */
export class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  weighted<T extends { weight?: number }>(items: readonly T[]): T {
    let total = 0;
    for (const item of items) total += item.weight ?? 1;
    let roll = this.next() * total;
    for (const item of items) {
      roll -= item.weight ?? 1;
      if (roll < 0) return item;
    }
    return this.pick(items);
  }

  /** Log-uniform between two amounts: small purchases are common, large ones rare, as in real feeds. */
  cents(min: Cents, max: Cents): Cents {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }

  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) {
      const normal = Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
      return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
    }
    const limit = Math.exp(-mean);
    let count = -1;
    let product = 1;
    do {
      count += 1;
      product *= this.next();
    } while (product > limit);
    return count;
  }

  code(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(this.next() * ALPHANUMERIC.length)];
    return out;
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 10);
    return out;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /**
   * One of many items by precomputed running weights (see cumulativeWeights): a binary search, for draws
   * from hundreds of items millions of times.
   */
  pickCumulative<T>(items: readonly T[], cumulative: Float64Array): T {
    const x = this.next() * (cumulative[cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    const item = items[lo];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A version-4 UUID. */
  uuid(): string {
    const h = this.chars(HEX, 32);
    const variant = HEX[8 + Math.floor(this.next() * 4)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Base62, like Plaid's 37-character ids. */
  token(length: number): string {
    return this.chars(BASE62, length);
  }

  private chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/** A Random seeded by a string (hashed) or a 32-bit number. */
export function createRandom(seed: string | number): Random {
  return new Random(typeof seed === 'number' ? seed : hashString(seed));
}

/** Running sums of weights, for Random.pickCumulative. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}
