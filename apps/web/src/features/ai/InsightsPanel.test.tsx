import { notifications } from '@mantine/notifications';
import type { Insight } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import {
  aForecast,
  anInsight,
  aPriceRise,
  aSavingsInsight,
  DINING_INSIGHT_ID,
  FORECAST_INSIGHT_ID,
} from '../../test-insights';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { InsightsPanel } from './InsightsPanel';

const INSIGHTS = 'POST /api/ai/insights';
const DISMISS = 'POST /api/ai/insights/dismiss';
const REFRESH = 'POST /api/ai/insights/refresh/budget';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPanel = () =>
  renderWithProviders(
    <MemoryRouter>
      <InsightsPanel title="AI Budget Insights" context="budget" maxInsights={3} />
    </MemoryRouter>,
  );

const insight = (title: string) => within(screen.getByRole('article', { name: title }));

/** Holds back requests to one path until released, so a test can look at the screen while they wait. */
function holdRequests(path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes(path)) await held;
    return inner(input, init);
  });
  return release;
}

const toastsShown = () => vi.spyOn(notifications, 'show');

describe('InsightsPanel', () => {
  it("shows skeletons while loading, then the screen's insights, asking for its context and count", async () => {
    const api = fakeApi({ [INSIGHTS]: { body: [anInsight(), aForecast(), aPriceRise()] } });
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'AI Budget Insights' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading insights…');
    expect(await screen.findByRole('article', { name: 'Dining Out is up 38%' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(api.requests).toEqual([{ route: INSIGHTS, body: { context: 'budget', maxInsights: 3 } }]);
  });

  it('shows the priority in words and colour, the type, confidence, message and suggestion', async () => {
    fakeApi({ [INSIGHTS]: { body: [anInsight(), aForecast(), aPriceRise()] } });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');
    const dining = insight('Dining Out is up 38%');
    expect(dining.getByText('High priority')).toBeTruthy();
    expect(dining.getByText('Spending · 82% confidence')).toBeTruthy();
    expect(
      dining.getByText('You spent $412.50 on Dining Out in the last 30 days, $114.00 more than usual.'),
    ).toBeTruthy();
    expect(dining.getByText(/Set a weekly limit for Dining Out/).textContent).toBe(
      'Suggestion: Set a weekly limit for Dining Out, or cook at home twice more a week.',
    );

    const forecast = insight('Cash may run low by Nov 30');
    expect(forecast.getByText('Medium priority')).toBeTruthy();
    expect(forecast.getByText('Forecast · 64% confidence')).toBeTruthy();
    expect(forecast.queryByText(/Suggestion/)).toBeNull();

    const rise = insight('Netflix raised its price');
    expect(rise.getByText('Low priority')).toBeTruthy();
    expect(rise.getByText('Recommendation · 90% confidence')).toBeTruthy();

    const priorities = screen.getAllByRole('article').map((a) => a.dataset.priority);
    expect(priorities).toEqual(['high', 'medium', 'low']);
    const badgeColor = (text: string) =>
      screen.getByText(text).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(badgeColor('High priority')).toContain('--mantine-color-red');
    expect(badgeColor('Medium priority')).toContain('--mantine-color-orange');
    expect(badgeColor('Low priority')).toContain('--mantine-color-brand');
  });

  it('shows each figure with its amount and transaction count, linked to those transactions', async () => {
    fakeApi({ [INSIGHTS]: { body: [anInsight(), aForecast(), aPriceRise()] } });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');

    const dining = insight('Dining Out is up 38%');
    const recent = dining.getByRole('link', { name: /Last 30 days/ });
    expect(recent.textContent).toBe(
      'Last 30 days $412.50 Dining Out, Oct 28 – Nov 26, 2026 from 14 transactions',
    );
    expect(recent.getAttribute('href')).toBe('/transactions?category=21&from=2026-10-28&to=2026-11-26');
    const before = dining.getByRole('link', { name: /Previous 90 days/ });
    expect(before.textContent).toContain('$895.50');
    expect(before.textContent).toContain('from 1 transaction');
    expect(before.textContent).not.toContain('from 1 transactions');
    expect(before.getAttribute('href')).toBe('/transactions?category=21&from=2026-07-30&to=2026-10-27');

    // The budget is no sum of transactions: shown with where it comes from, not linked.
    const budget = dining.getByText('Budget').closest('li');
    expect(budget?.textContent).toBe('Budget $300.00 Dining Out budget, Nov 1 – Nov 30, 2026');
    expect(budget?.querySelector('a')).toBeNull();
    expect(dining.getAllByRole('link')).toHaveLength(2);

    // A subscription's charges are searched for by its name.
    const rise = insight('Netflix raised its price');
    expect(rise.getByRole('link', { name: /New price/ }).getAttribute('href')).toBe(
      '/transactions?q=Netflix&from=2026-11-03&to=2026-11-26',
    );

    // Nor is cash on hand.
    const forecast = insight('Cash may run low by Nov 30');
    expect(forecast.queryByRole('link')).toBeNull();
    expect(forecast.getByText('$1,520.00')).toBeTruthy();
    expect(forecast.getByText('Cash in checking and savings accounts')).toBeTruthy();
  });

  it('says when there are no insights yet', async () => {
    fakeApi({ [INSIGHTS]: { body: [] } });
    renderPanel();
    expect(await screen.findByText('No insights available')).toBeTruthy();
    expect(
      screen.getByText('Check back later for personalized financial insights based on your activity.'),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says the insights could not load, and loads them again on Retry', async () => {
    const api = fakeApi({
      [INSIGHTS]: ({ calls }) =>
        calls === 1
          ? { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } }
          : { body: [anInsight()] },
    });
    renderPanel();
    expect(await screen.findByText('Failed to load insights')).toBeTruthy();
    expect(screen.queryByText('Internal error')).toBeNull();
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dining Out is up 38%')).toBeTruthy();
    expect(api.count(INSIGHTS)).toBe(2);
  });

  it("says why when the day's AI requests are used up before any insights exist", async () => {
    const message = "You have used today's 10 AI requests on the Starter plan. They renew at midnight.";
    fakeApi({ [INSIGHTS]: { status: 429, body: { message, code: 'TOO_MANY_REQUESTS' } } });
    renderPanel();
    expect(await screen.findByText('Failed to load insights')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('dismisses at once, before the server answers, and says so for 2 s', async () => {
    const shown = toastsShown();
    const api = fakeApi({
      [INSIGHTS]: ({ calls }) =>
        calls === 1
          ? { body: [anInsight(), aForecast(), aPriceRise()] }
          : { body: [aForecast(), aPriceRise(), aSavingsInsight()] },
      [DISMISS]: { status: 204 },
    });
    const release = holdRequests('/api/ai/insights/dismiss');
    renderPanel();
    await screen.findByText('Dining Out is up 38%');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss insight: Dining Out is up 38%' }));
    await waitFor(() => expect(screen.queryByText('Dining Out is up 38%')).toBeNull());
    expect(screen.getByText('Cash may run low by Nov 30')).toBeTruthy();
    expect(screen.queryByText('Insight dismissed')).toBeNull();

    release();
    expect(await screen.findByText('Insight dismissed')).toBeTruthy();
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Insight dismissed', autoClose: 2000 }),
    );
    expect(api.requests.find((r) => r.route === DISMISS)?.body).toEqual({ insightId: DINING_INSIGHT_ID });
    // Read again: the next insight takes the free place.
    expect(await screen.findByText('Emergency fund is behind')).toBeTruthy();
    expect(screen.queryByText('Dining Out is up 38%')).toBeNull();
  });

  it('dismisses one insight on a double click, not the next one moving up under the pointer', async () => {
    const api = fakeApi({
      [INSIGHTS]: ({ calls }) => ({
        body: calls === 1 ? [anInsight(), aForecast(), aPriceRise()] : [aForecast(), aPriceRise()],
      }),
      [DISMISS]: { status: 204 },
    });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss insight: Dining Out is up 38%' }));
    await waitFor(() => expect(screen.queryByText('Dining Out is up 38%')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss insight: Cash may run low by Nov 30' }));
    expect(await screen.findByText('Insight dismissed')).toBeTruthy();
    expect(screen.getByText('Cash may run low by Nov 30')).toBeTruthy();
    expect(api.count(DISMISS)).toBe(1);
  });

  it('puts the insight back where it was when dismissing fails, and says so for 3 s', async () => {
    const shown = toastsShown();
    fakeApi({
      [INSIGHTS]: { body: [anInsight(), aForecast(), aPriceRise()] },
      [DISMISS]: { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } },
    });
    const release = holdRequests('/api/ai/insights/dismiss');
    renderPanel();
    await screen.findByText('Cash may run low by Nov 30');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss insight: Cash may run low by Nov 30' }));
    await waitFor(() => expect(screen.queryByText('Cash may run low by Nov 30')).toBeNull());

    release();
    expect(await screen.findByText('Failed to dismiss insight')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to dismiss insight', autoClose: 3000, color: 'red' }),
    );
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Dining Out is up 38%',
      'Cash may run low by Nov 30',
      'Netflix raised its price',
    ]);
  });

  it('takes a dismissed insight off every panel showing it', async () => {
    fakeApi({
      'POST /api/ai/insights': ({ body }) => ({
        body:
          (body as { context: string }).context === 'dashboard' ? [anInsight(), aForecast()] : [anInsight()],
      }),
      [DISMISS]: { status: 204 },
    });
    const release = holdRequests('/api/ai/insights/dismiss');
    renderWithProviders(
      <MemoryRouter>
        <InsightsPanel title="AI Financial Insights" context="dashboard" maxInsights={3} />
        <InsightsPanel title="AI Budget Insights" context="budget" maxInsights={3} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByText('Dining Out is up 38%')).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss insight: Dining Out is up 38%' })[1]!);
    await waitFor(() => expect(screen.queryByText('Dining Out is up 38%')).toBeNull());
    expect(screen.getByText('No insights available')).toBeTruthy();
    release();
    expect(await screen.findByText('Insight dismissed')).toBeTruthy();
  });

  it("dismisses with the day's AI usage in the cache too (Settings read it; it shares the insights' root)", async () => {
    const api = fakeApi({
      [INSIGHTS]: ({ calls }) => ({ body: calls === 1 ? [anInsight(), aForecast()] : [aForecast()] }),
      [DISMISS]: { status: 204 },
    });
    const { queryClient } = renderPanel();
    queryClient.setQueryData(queryKeys.ai.usage, {
      subscriptionTier: 'Starter',
      requestsToday: 0,
      dailyLimit: 20,
      costToday: 0,
    });
    await screen.findByText('Dining Out is up 38%');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss insight: Dining Out is up 38%' }));
    expect(await screen.findByText('Insight dismissed')).toBeTruthy();
    expect(screen.queryByText('Failed to dismiss insight')).toBeNull();
    expect(api.count(DISMISS)).toBe(1);
    expect(screen.queryByText('Dining Out is up 38%')).toBeNull();
    expect(queryClient.getQueryData(queryKeys.ai.usage)).toMatchObject({ requestsToday: 0 });
  });

  it('works the insights out again on Refresh, showing as many as the panel holds', async () => {
    const api = fakeApi({
      [INSIGHTS]: { body: [anInsight()] },
      [REFRESH]: {
        body: [
          aForecast(),
          anInsight(),
          aPriceRise(),
          aSavingsInsight(),
          aSavingsInsight({ id: '5e1d2c3b-4a59-4f68-9d7e-000000000005', title: 'Fifth' }),
        ],
      },
    });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh AI Budget Insights' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Cash may run low by Nov 30',
        'Dining Out is up 38%',
        'Netflix raised its price',
      ]),
    );
    expect(api.routesCalled()).toEqual([INSIGHTS, REFRESH]);
    expect(screen.getByText('Insights refreshed')).toBeTruthy();
    expect(screen.getAllByRole('article')[0]?.getAttribute('aria-labelledby')).toBe(
      `insight-${FORECAST_INSIGHT_ID}`,
    );
  });

  it("shows the server's message when Refresh meets the daily AI limit, keeping the insights", async () => {
    const message = "You have used today's 10 AI requests on the Starter plan. They renew at midnight.";
    fakeApi({
      [INSIGHTS]: { body: [anInsight()] },
      [REFRESH]: { status: 429, body: { message, code: 'TOO_MANY_REQUESTS' } },
    });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh AI Budget Insights' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Daily AI limit reached')).toBeTruthy();
    expect(screen.getByText('Dining Out is up 38%')).toBeTruthy();
  });

  it('says so when Refresh fails for another reason', async () => {
    fakeApi({
      [INSIGHTS]: { body: [anInsight()] },
      [REFRESH]: { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } },
    });
    renderPanel();
    await screen.findByText('Dining Out is up 38%');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh AI Budget Insights' }));
    expect(await screen.findByText('Failed to refresh insights')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
  });
});

// Keeps the fixtures honest: each is a valid insight as the server would send it.
it('fixtures parse as insights', async () => {
  const { insightList } = await import('@tally/shared');
  const all: Insight[] = [anInsight(), aForecast(), aPriceRise(), aSavingsInsight()];
  expect(insightList.parse(all)).toHaveLength(4);
});
