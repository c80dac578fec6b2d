import type { BillingState, User } from '@tally/shared';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { PlanCard } from './PlanCard';

const starter: BillingState = {
  plan: 'starter',
  planName: 'Starter',
  paidPlan: 'starter',
  onTrial: false,
  trialAvailable: true,
  trialDaysLeft: null,
  trialEndsAt: null,
  provider: 'stripe',
  planCancelsAt: null,
  planPeriodEndsAt: null,
  linkedAccounts: 1,
  accountLimit: 2,
};

const TRIAL_END = '2026-12-12T12:00:00.000Z';

function renderCard(user: User) {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(user));
  return renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <PlanCard />
      </AuthProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PlanCard', () => {
  it('on a server without payments shows the plan it provides, in full, with no price and nothing to change', async () => {
    const api = fakeApi({
      'GET /api/billing': {
        body: {
          ...starter,
          plan: 'premium',
          planName: 'Premium',
          paidPlan: 'premium',
          provider: 'self-hosted',
          trialAvailable: false,
          accountLimit: null,
        },
      },
      'GET /api/user/profile': { body: { data: aUser({ plan: 'premium' }) } },
    });
    renderCard(aUser({ plan: 'premium' }));
    expect(
      await screen.findByText(
        'Provided by this server: everything Premium includes, set by whoever runs it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('This server')).toBeTruthy();
    // Pro's features and Premium's own, without "Everything in Pro".
    for (const feature of ['Count-up budgeting', 'AI advisor', 'Investment tracking', 'Tax optimization']) {
      expect(screen.getByText(feature)).toBeTruthy();
    }
    expect(screen.queryByText('Everything in Pro')).toBeNull();
    expect(screen.queryByText(/\$\d/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Stripe/)).toBeNull();
    expect(api.routesCalled()).not.toContain('POST /api/billing/plan');
  });

  it('offers Starter the free trial of either paid plan, and starts the one chosen', async () => {
    const onTrial: BillingState = {
      ...starter,
      plan: 'premium',
      planName: 'Premium',
      onTrial: true,
      trialAvailable: false,
      trialDaysLeft: 14,
      trialEndsAt: TRIAL_END,
      accountLimit: null,
    };
    const trialUser = aUser({ plan: 'starter', trialPlan: 'premium', trialEndsAt: TRIAL_END });
    const api = fakeApi({
      'GET /api/billing': { body: starter },
      'GET /api/user/profile': { body: { data: aUser({ plan: 'starter' }) } },
      'POST /api/billing/plan': {
        body: { billing: onTrial, user: trialUser, checkoutUrl: null, portalUrl: null },
      },
    });
    renderCard(aUser({ plan: 'starter' }));
    expect(
      await screen.findByText(
        'The free plan. Try Pro or Premium free for 14 days: nothing is charged until you subscribe.',
      ),
    ).toBeTruthy();
    const premium = within(screen.getByRole('group', { name: 'Premium plan' }));
    within(screen.getByRole('group', { name: 'Pro plan' })).getByRole('button', {
      name: 'Try free for 14 days',
    });
    premium.getByRole('button', { name: 'Try free for 14 days' }).click();

    expect(
      await screen.findByText('You have 14 days of Premium: every Premium feature is open.'),
    ).toBeTruthy();
    expect(api.requests.find((r) => r.route === 'POST /api/billing/plan')?.body).toEqual({ plan: 'premium' });
    expect(await screen.findByText('14 days left in your Premium trial')).toBeTruthy();
    expect(premium.getByRole('button', { name: 'Subscribe to Premium' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Pro plan' })).getByRole('button', { name: 'Choose Pro' }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Starter plan' })).getByRole('button', { name: 'End trial' }),
    ).toBeTruthy();
  });

  it('once the trial is spent, offers paid upgrades only', async () => {
    fakeApi({
      'GET /api/billing': {
        body: { ...starter, trialAvailable: false, trialEndsAt: '2026-11-01T00:00:00.000Z' },
      },
      'GET /api/user/profile': {
        body: { data: aUser({ plan: 'starter', trialEndsAt: '2026-11-01T00:00:00.000Z' }) },
      },
    });
    renderCard(aUser({ plan: 'starter', trialEndsAt: '2026-11-01T00:00:00.000Z' }));
    expect(await screen.findByText('The free plan: basic budgeting and transaction tracking.')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Pro plan' })).getByRole('button', { name: 'Upgrade to Pro' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Try free/)).toBeNull();
  });
});
