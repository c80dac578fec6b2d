import type { Budget, BudgetCategory } from '@tally/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { BudgetOverview } from './BudgetOverview';

afterEach(() => vi.unstubAllGlobals());

const BUDGET_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000001';
const uuid = (n: number) => `0b7a4c2e-1d3f-4a5b-8c6d-${String(n).padStart(12, '0')}`;

const aCategory = (
  n: number,
  categoryName: string,
  spentAmount: number,
  allocatedAmount: number,
): BudgetCategory => ({
  id: uuid(n),
  category: 20,
  categoryName,
  allocatedAmount,
  spentAmount,
  remainingAmount: allocatedAmount - spentAmount,
  percentageUsed: (spentAmount / allocatedAmount) * 100,
  allowRollover: false,
  rolledOverAmount: 0,
  countUpEnabled: false,
  customDailyAllowance: null,
});

const budget: Budget = {
  id: BUDGET_ID,
  name: 'November plan',
  period: 2,
  autoReset: true,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  totalIncome: 5000,
  isActive: true,
  today: '2026-11-12',
  categories: [
    aCategory(2, 'Groceries', 240, 600),
    aCategory(3, 'Travel', 10, 500),
    aCategory(4, 'Dining Out', 255, 300),
    aCategory(5, 'Shopping', 130, 200),
    aCategory(6, 'Utilities', 90, 150),
  ],
};

const RANGE = { startDate: '2026-10-14', endDate: '2026-11-12' };
const SPENDING = 'GET /api/reports/spending-by-category';
const LIST = 'GET /api/budget';
const { id, name, period, startDate, endDate, totalIncome, isActive } = budget;
const listItem = { id, name, period, startDate, endDate, totalIncome, isActive };
const spending = [
  { category: 20, categoryName: 'Groceries', amount: 412.35 },
  { category: 21, categoryName: 'Dining Out', amount: 99.99 },
  { category: 22, categoryName: 'Transportation', amount: 120 },
  { category: 23, categoryName: 'Shopping', amount: 80 },
  { category: 24, categoryName: 'Entertainment', amount: 45 },
];

describe('BudgetOverview', () => {
  it('keeps its empty state with no budget and no spending, never asking for an active budget', async () => {
    const api = fakeApi({
      [LIST]: { body: [] },
      [SPENDING]: { body: [] },
    });
    renderWithProviders(<BudgetOverview range={RANGE} />);
    expect(await screen.findByText('No spending categories yet')).toBeTruthy();
    expect(api.routesCalled().sort()).toEqual([LIST, SPENDING]);
  });

  it("without a budget, shows the period's top four spending categories against spent × 1.2, as an estimate", async () => {
    const api = fakeApi({
      [LIST]: { body: [] },
      [SPENDING]: { body: spending },
    });
    renderWithProviders(<BudgetOverview range={RANGE} />);
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Groceries: 83% of estimated budget used',
      'Transportation: 83% of estimated budget used',
      'Dining Out: 83% of estimated budget used',
      'Shopping: 83% of estimated budget used',
    ]);
    expect(screen.getByText('Estimate')).toBeTruthy();
    expect(screen.getByText('$412.35').parentElement?.textContent).toBe('$412.35 of est. $494.82');
    // At 83% a budget's bar is red (SPEC §9); an estimate's is the neutral dimmed grey, not an alarm.
    for (const bar of bars) {
      expect(bar.getAttribute('style')).toContain('--progress-section-color: var(--mantine-color-dimmed)');
      expect(bar.getAttribute('style')).not.toMatch(/--mantine-color-(red|orange|brand)/);
    }
    expect(screen.queryByText('Entertainment')).toBeNull();
    expect(api.to('/api/reports/spending-by-category')[0]!.url.search).toBe(
      '?startDate=2026-10-14&endDate=2026-11-12',
    );
  });

  it('says when the spending behind the estimate could not load, and loads it again on Retry', async () => {
    fakeApi({
      [LIST]: { body: [] },
      [SPENDING]: ({ calls }) =>
        calls === 1
          ? { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } }
          : { body: spending },
    });
    renderWithProviders(<BudgetOverview range={RANGE} />);
    expect(await screen.findByText('Could not load your budget.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Groceries')).toBeTruthy();
  });

  it("shows the active budget's four most spent categories, spent of allocated", async () => {
    fakeApi({
      [LIST]: { body: [listItem] },
      'GET /api/budget/active': { body: budget },
      [SPENDING]: { body: spending },
    });
    renderWithProviders(<BudgetOverview range={RANGE} />);
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Dining Out: 85% of budget used',
      'Groceries: 40% of budget used',
      'Shopping: 65% of budget used',
      'Utilities: 60% of budget used',
    ]);
    expect(screen.getByText('$255.00').parentElement?.textContent).toBe('$255.00 of $300.00');
    expect(bars[0]?.getAttribute('style')).toContain('--mantine-color-red-filled');
    expect(bars[2]?.getAttribute('style')).toContain('--mantine-color-orange-filled');
    expect(bars[3]?.getAttribute('style')).toContain('--mantine-color-brand-filled');
    expect(screen.queryByText('Travel')).toBeNull();
    expect(screen.queryByText('Estimate')).toBeNull();
  });
});
