import { describe, expect, it } from 'vitest';
import { createVocabularyCache } from './vocabulary-cache';

describe('the advisor vocabulary cache', () => {
  const setUp = () => {
    let now = 1_000;
    let reads = 0;
    const cache = createVocabularyCache<number>(600_000, () => now);
    const load = async () => ++reads;
    return { cache, load, advance: (ms: number) => (now += ms), reads: () => reads };
  };

  it('reads once for questions in a row, per person', async () => {
    const { cache, load, advance, reads } = setUp();
    expect(await cache.get('ana', 'v1', load)).toBe(1);
    advance(599_000);
    expect(await cache.get('ana', 'v1', load)).toBe(1);
    expect(await cache.get('ben', 'v1', load)).toBe(2);
    expect(reads()).toBe(2);
  });

  it('reads again when the history moved, after ten minutes, or at once after the person changed something', async () => {
    const { cache, load, advance } = setUp();
    await cache.get('ana', 'v1', load);
    expect(await cache.get('ana', 'v2', load)).toBe(2);
    advance(600_000);
    expect(await cache.get('ana', 'v2', load)).toBe(3);
    cache.changed('ana');
    expect(await cache.get('ana', 'v2', load)).toBe(4);
  });

  it('keeps no failed read', async () => {
    const { cache, load } = setUp();
    await expect(cache.get('ana', 'v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('ana', 'v1', load)).toBe(1);
  });
});
