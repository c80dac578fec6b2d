import type { OnboardingState } from '@tally/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { OnboardingGuide } from './OnboardingGuide';

const steps = (done: string[], skipped: string[] = []): OnboardingState => {
  const list = (['connect', 'categories', 'budget', 'subscriptions', 'goal'] as const).map((step) => ({
    step,
    status: done.includes(step)
      ? ('done' as const)
      : skipped.includes(step)
        ? ('skipped' as const)
        : ('todo' as const),
  }));
  return { steps: list, finished: list.every((s) => s.status !== 'todo') };
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
    const categories = within(screen.getByRole('group', { name: 'Review categories' }));
    expect(await categories.findByText('Corner Cafe')).toBeTruthy();
    fireEvent.click(categories.getByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByText('2 of 5 steps done')).toBeTruthy();
    expect(api.requests.find((r) => r.route === 'POST /api/onboarding/steps')?.body).toEqual({
      step: 'categories',
      status: 'skipped',
    });
    expect(
      within(screen.getByRole('group', { name: 'Your first budget' })).getByText('Skip this step'),
    ).toBeTruthy();
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
