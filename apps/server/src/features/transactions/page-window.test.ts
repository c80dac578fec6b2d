import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageWindow } from './transactions.queries';

describe('pageWindow', () => {
  it('covers exactly the positions of the newest-first page, skipping at most half the list', () => {
    const input = fc
      .record({ total: fc.integer({ min: 0, max: 2000 }), pageSize: fc.integer({ min: 1, max: 100 }) })
      .chain(({ total, pageSize }) =>
        fc.record({
          total: fc.constant(total),
          pageSize: fc.constant(pageSize),
          page: fc.integer({ min: 1, max: Math.ceil(total / pageSize) + 2 }),
        }),
      );
    fc.assert(
      fc.property(input, ({ total, pageSize, page }) => {
        const start = (page - 1) * pageSize;
        const expected: number[] = [];
        for (let p = start; p < Math.min(start + pageSize, total); p++) expected.push(p);

        const window = pageWindow(page, pageSize, total);
        if (expected.length === 0) {
          expect(window).toBeNull();
          return;
        }
        const { offset, limit, fromOldest } = window!;
        expect(offset).toBeLessThanOrEqual(total / 2);
        const positions: number[] = [];
        for (let p = offset; p < Math.min(offset + limit, total); p++) {
          positions.push(fromOldest ? total - 1 - p : p);
        }
        expect(positions.sort((a, b) => a - b)).toEqual(expected);
      }),
    );
  });

  it('reads the last page from the oldest end and the first from the newest', () => {
    expect(pageWindow(1, 25, 100)).toEqual({ offset: 0, limit: 25, fromOldest: false });
    expect(pageWindow(4, 25, 100)).toEqual({ offset: 0, limit: 25, fromOldest: true });
    expect(pageWindow(4, 25, 90)).toEqual({ offset: 0, limit: 15, fromOldest: true });
    expect(pageWindow(5, 25, 100)).toBeNull();
  });
});
