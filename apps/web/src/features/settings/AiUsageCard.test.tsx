import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { AiUsageCard } from './AiUsageCard';

afterEach(() => vi.unstubAllGlobals());

describe('AiUsageCard', () => {
  it("shows the plan's daily AI requests, today's use and the model's cost to 4 decimals", async () => {
    fakeApi({
      'GET /api/ai/usage': {
        body: { subscriptionTier: 'Starter', requestsToday: 3, dailyLimit: 10, costToday: 0.01234 },
      },
    });
    renderWithProviders(<AiUsageCard />);
    expect(await screen.findByText('3 of 10 requests today')).toBeTruthy();
    expect(screen.getByText('Starter plan')).toBeTruthy();
    expect(screen.getByText('Model cost today $0.0123')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'AI requests used today' }).getAttribute('aria-valuenow'),
    ).toBe('30');
  });

  it('says so when it cannot load', async () => {
    fakeApi({ 'GET /api/ai/usage': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderWithProviders(<AiUsageCard />);
    expect(
      await screen.findByText('Your AI usage could not be loaded.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });
});
