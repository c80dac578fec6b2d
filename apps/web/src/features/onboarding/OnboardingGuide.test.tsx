import type { OnboardingState } from '@tally/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { OnboardingGuide } from './OnboardingGuide';

const steps = (
  done: string[],
  skipped: string[] = [],
  prepared: OnboardingState['prepared'] = null,
): OnboardingState => {
  const list = (['connect', 'categories', 'budget', 'subscriptions', 'goal'] as const).map((step) => ({
    step,
    status: done.includes(step)
      ? ('done' as const)
      : skipped.includes(step)
        ? ('skipped' as const)
        : ('todo' as const),
  }));
  return { steps: list, finished: list.every((s) => s.status !== 'todo'), prepared };
};

const renderGuide = () =>
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <OnboardingGuide />
      </AuthProvider>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OnboardingGuide', () => {
  it('opens the first step left to do, and a skip moves on', async () => {
    const api = fakeApi({
      'GET /api/onboarding': { body: steps(['connect']) },
      'GET /api/onboarding/merchants': {
        body: { merchants: [{ merchant: 'Corner Cafe', count: 3, spent: 132 }] },
      },
      'POST /api/onboarding/steps': { body: steps(['connect'], ['categories']) },
      'GET /api/onboarding/budget-proposal': { body: { months: [], totalIncome: 0, categories: [] } },
    });
    renderGuide();
    expect(await screen.findByText('1 of 5 steps done')).toBeTruthy();
    const categories = within(screen.getByRole('listitem', { name: 'Review categories' }));
    expect(await categories.findByText('Corner Cafe')).toBeTruthy();
    fireEvent.click(categories.getByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByText('2 of 5 steps done')).toBeTruthy();
    expect(api.requests.find((r) => r.route === 'POST /api/onboarding/steps')?.body).toEqual({
      step: 'categories',
      status: 'skipped',
    });
    expect(
      within(screen.getByRole('listitem', { name: 'Your first budget' })).getByText('Skip this step'),
    ).toBeTruthy();
  });

  it("shows what Premium's first import prepared: the budget's size and the charges found", async () => {
    localStorage.setItem('userData', JSON.stringify(aUser({ plan: 'premium' })));
    const prepared = {
      preparedAt: '2026-11-20T10:00:00.000Z',
      budget: { categories: 2, total: 1240 },
      subscriptions: [{ merchantName: 'Streamly', amount: 15.99, frequency: 2 as const }],
    };
    fakeApi({
      'GET /api/onboarding': { body: steps(['connect', 'categories'], [], prepared) },
      'GET /api/onboarding/budget-proposal': {
        body: {
          months: ['2026-08', '2026-09', '2026-10'],
          totalIncome: 4000,
          categories: [
            { category: 1, allocatedAmount: 1000, averageSpent: 990 },
            { category: 5, allocatedAmount: 240, averageSpent: 233.1 },
          ],
        },
      },
      'POST /api/onboarding/steps': { body: steps(['connect', 'categories'], ['budget'], prepared) },
    });
    renderGuide();
    const budget = within(await screen.findByRole('listitem', { name: 'Your first budget' }));
    expect(budget.getByText('Prepared for you')).toBeTruthy();
    expect(
      await budget.findByText('Ready from your first import: 2 categories, $1,240.00 a month.'),
    ).toBeTruthy();
    fireEvent.click(budget.getByRole('button', { name: 'Skip this step' }));
    const subscriptions = within(await screen.findByRole('listitem', { name: 'Confirm subscriptions' }));
    expect(await subscriptions.findByText('Found in your first import: 1 recurring charge.')).toBeTruthy();
    expect(subscriptions.getByText('Streamly')).toBeTruthy();
    expect(subscriptions.getByText('$15.99 · Monthly')).toBeTruthy();
    expect(subscriptions.getByRole('button', { name: 'Review and confirm' })).toBeTruthy();
  });

  it('is gone once every step is done or skipped', async () => {
    const api = fakeApi({
      'GET /api/onboarding': { body: steps(['connect', 'budget', 'goal'], ['categories', 'subscriptions']) },
    });
    renderGuide();
    await vi.waitFor(() => expect(api.count('GET /api/onboarding')).toBe(1));
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull();
  });
});
