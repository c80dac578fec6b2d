import { describe, expect, it } from 'vitest';
import {
  type AdvancedFilterDraft,
  advancedFilterProblems,
  applyDraft,
  draftFromFilters,
  EMPTY_DRAFT,
} from './advanced-filters';
import { EMPTY_FILTERS, type TransactionFilterState } from './filters';

const TODAY = '2026-03-15';
const d = (patch: Partial<AdvancedFilterDraft>): AdvancedFilterDraft => ({ ...EMPTY_DRAFT, ...patch });

describe('advanced filter validation', () => {
  it.each<[string, Partial<AdvancedFilterDraft>, { title: string; message: string } | null]>([
    ['nothing set', {}, null],
    [
      'a start after the end',
      { startDate: '2026-03-02', endDate: '2026-03-01' },
      {
        title: 'Invalid Date Range',
        message: 'Start date must be before end date',
      },
    ],
    ['the same start and end day', { startDate: '2026-03-01', endDate: '2026-03-01' }, null],
    ['only a start', { startDate: '2030-01-01' }, null],
    [
      'a minimum above the maximum',
      { minAmount: 300, maxAmount: 100 },
      {
        title: 'Invalid Amount Range',
        message: 'Minimum amount must be less than maximum amount',
      },
    ],
    ['equal amounts', { minAmount: 100, maxAmount: 100 }, null],
    [
      'a zero maximum below a minimum',
      { minAmount: 1, maxAmount: 0 },
      {
        title: 'Invalid Amount Range',
        message: 'Minimum amount must be less than maximum amount',
      },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(advancedFilterProblems(d(patch))).toEqual(expected ? [expected] : []);
  });

  it('names both problems at once when both ranges are wrong', () => {
    expect(
      advancedFilterProblems(
        d({ startDate: '2026-03-02', endDate: '2026-03-01', minAmount: 300, maxAmount: 100 }),
      ),
    ).toEqual([
      { title: 'Invalid Date Range', message: 'Start date must be before end date' },
      { title: 'Invalid Amount Range', message: 'Minimum amount must be less than maximum amount' },
    ]);
  });
});

describe('applying the dialog', () => {
  const lastMonth: TransactionFilterState = { ...EMPTY_FILTERS, dateRange: 'month', searchTerm: 'x' };

  it('opens with a preset shown as its days', () => {
    expect(draftFromFilters(lastMonth, TODAY)).toEqual(d({ startDate: '2026-02-15', endDate: '2026-03-15' }));
  });

  it('keeps the preset when its days were not touched, so it keeps rolling with the calendar', () => {
    const applied = applyDraft(
      lastMonth,
      d({ startDate: '2026-02-15', endDate: '2026-03-15', minAmount: 5 }),
      TODAY,
    );
    expect(applied).toEqual({ ...lastMonth, minAmount: 5 });
  });

  it('turns changed days into a custom range and cleared days into All Time', () => {
    expect(applyDraft(lastMonth, d({ startDate: '2026-01-01', endDate: '2026-03-15' }), TODAY)).toMatchObject(
      {
        dateRange: 'custom',
        startDate: '2026-01-01',
        endDate: '2026-03-15',
      },
    );
    expect(applyDraft(lastMonth, EMPTY_DRAFT, TODAY)).toMatchObject({
      dateRange: 'all',
      startDate: null,
      endDate: null,
    });
  });

  it('leaves the search box alone', () => {
    expect(applyDraft(lastMonth, EMPTY_DRAFT, TODAY).searchTerm).toBe('x');
  });
});
