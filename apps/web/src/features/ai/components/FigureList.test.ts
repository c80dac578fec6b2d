import type { FigureSource } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { figureLink } from './FigureList';

const source = (over: Partial<FigureSource>): FigureSource => ({
  description: 'A figure',
  startDate: null,
  endDate: null,
  category: null,
  merchant: null,
  transactionCount: null,
  ...over,
});

describe('a figure’s link to its transactions', () => {
  it('names a merchant exactly, so "Uber" does not bring in "Uber Eats"', () => {
    expect(
      figureLink(
        source({ merchant: 'Uber', startDate: '2026-10-01', endDate: '2026-10-31', transactionCount: 4 }),
      ),
    ).toEqual({
      href: '/transactions?merchant=Uber&from=2026-10-01&to=2026-10-31',
      text: 'from 4 transactions',
    });
  });

  it('searches for a search term (a subscription’s name in its charges)', () => {
    expect(figureLink(source({ searchTerm: 'Netflix' }))).toEqual({
      href: '/transactions?q=Netflix',
      text: 'See transactions',
    });
    expect(figureLink(source({ searchTerm: 'Spotify', category: 23, transactionCount: 1 }))?.href).toBe(
      '/transactions?q=Spotify&category=23',
    );
  });

  it('keeps a merchant and a search term apart when a figure has both', () => {
    expect(figureLink(source({ merchant: 'Apple', searchTerm: 'iCloud' }))?.href).toBe(
      '/transactions?q=iCloud&merchant=Apple',
    );
  });

  it('links a sum of transactions by its filters alone', () => {
    expect(figureLink(source({ category: 21, startDate: '2026-10-01', transactionCount: 1 }))).toEqual({
      href: '/transactions?category=21&from=2026-10-01',
      text: 'from 1 transaction',
    });
  });

  it('has no link where no list of transactions stands behind the number', () => {
    expect(figureLink(source({}))).toBeNull();
    expect(figureLink(source({ searchTerm: null }))).toBeNull();
    expect(figureLink(source({ merchant: ' ', searchTerm: '' }))).toBeNull();
  });
});
