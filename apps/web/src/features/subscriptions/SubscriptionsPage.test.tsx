import type { Subscription } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { SubscriptionsPage } from './SubscriptionsPage';
import {
  aCalendar,
  aSubscription,
  aSummary,
  GYM_ID,
  NETFLIX_ID,
  SPOTIFY_ID,
  threeSubscriptions,
} from './test-fixtures';
import { SUBSCRIPTIONS_VIEW_KEY } from './use-subscriptions-view';

const LIST = 'GET /api/subscriptions';
const SUMMARY = 'GET /api/subscriptions/summary';
const CALENDAR = 'GET /api/subscriptions/calendar';

/**
 * A fake server that keeps the subscriptions: PUT and DELETE change what GET answers next, as the real one
 * would (each change makes the screen ask again).
 */
function withStoredSubscriptions({ failing = new Set<string>() }: { failing?: Set<string> } = {}) {
  let stored = threeSubscriptions();
  const failure = { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } };
  const put =
    (id: string) =>
    ({ body }: { body: unknown }) => {
      const current = stored.find((s) => s.id === id);
      const updated = { ...current, ...(body as object) } as Subscription;
      if (failing.has(`PUT ${id}`)) return failure;
      stored = stored.map((s) => (s.id === id ? updated : s));
      return { body: updated };
    };
  return fakeApi({
    [LIST]: () => ({ body: stored }),
    [SUMMARY]: { body: aSummary() },
    [CALENDAR]: { body: aCalendar() },
    ...Object.fromEntries(stored.map((s) => [`PUT /api/subscriptions/${s.id}`, put(s.id)])),
    ...Object.fromEntries(
      stored.map((s) => [
        `DELETE /api/subscriptions/${s.id}`,
        () => {
          if (failing.has(`DELETE ${s.id}`)) return failure;
          stored = stored.filter((x) => x.id !== s.id);
          return { status: 204 };
        },
      ]),
    ),
  });
}

const withSubscriptions = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [LIST]: { body: threeSubscriptions() },
    [SUMMARY]: { body: aSummary() },
    [CALENDAR]: { body: aCalendar() },
    ...extra,
  });

function renderPage() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ timeZone: 'America/New_York' })));
  return renderWithProviders(
    <MemoryRouter initialEntries={['/subscriptions']}>
      <AuthProvider>
        <SubscriptionsPage />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

// The dialogs load on first use; load them up front so no test waits on a cold import.
beforeAll(async () => {
  await Promise.all([
    import('./components/SubscriptionDialog'),
    import('./components/DeleteSubscriptionDialog'),
    import('./components/CalendarDayDialog'),
  ]);
});

beforeEach(() => {
  localStorage.clear();
  // Nov 12, 2026, 10:00 in New York: the person's today is the 12th.
  vi.useFakeTimers({ now: new Date('2026-11-12T15:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SubscriptionsPage', () => {
  it('shows skeletons while loading, then the four totals', async () => {
    withSubscriptions();
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your subscriptions…');
    // A stat card's text, without the responsive style Mantine writes inside it.
    const statCard = (label: string) =>
      screen
        .getByText(label)
        .closest('.mantine-Card-root')
        ?.textContent?.replace(/\.__m__[^}]*}(@media[^}]*{[^}]*}})?/g, '');
    await screen.findByText('Monthly Total');
    expect(statCard('Monthly Total')).toContain('$37.99');
    expect(statCard('Yearly Total')).toContain('$455.88');
    expect(statCard('Active Subscriptions')).toMatch(/2\s*1 paused$/);
    expect(statCard('Categories')).toMatch(/2\s*Most on Fitness$/);
    expect(screen.getByText('1 paused')).toBeTruthy();
    expect(screen.getByText('Most on Fitness')).toBeTruthy();
  });

  it('says why the subscriptions could not load, and loads again on request', async () => {
    const api = fakeApi({
      [LIST]: ({ calls }) =>
        calls === 1
          ? { status: 503, body: { message: 'Service unavailable', code: 'UNAVAILABLE' } }
          : { body: threeSubscriptions() },
      [SUMMARY]: { body: aSummary() },
    });
    renderPage();
    expect(await screen.findByText('Error loading subscriptions')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Netflix' })).toBeTruthy();
    expect(api.count(LIST)).toBe(2);
  });

  it('falls back to a plain message when the failure has none of its own', async () => {
    fakeApi({ [LIST]: { status: 500, text: '<html>Bad gateway</html>' }, [SUMMARY]: { body: aSummary() } });
    renderPage();
    expect(await screen.findByText('Error loading subscriptions')).toBeTruthy();
    expect(screen.getByText('Failed to load subscriptions data')).toBeTruthy();
  });

  it('offers both ways to start when there are no subscriptions', async () => {
    fakeApi({ [LIST]: { body: [] }, [SUMMARY]: { body: aSummary({ monthlyTotal: 0, activeCount: 0 }) } });
    renderPage();
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Detect Subscriptions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Subscription' })).toBeTruthy();
    expect(screen.queryByText('Monthly Total')).toBeNull();
  });

  it('shows each subscription with its status, amount, schedule and what changed', async () => {
    withSubscriptions();
    renderPage();
    await screen.findByRole('article', { name: 'Netflix' });
    const netflix = card('Netflix');
    expect(netflix.getByText('Active')).toBeTruthy();
    expect(netflix.getByText('Auto-detected')).toBeTruthy();
    expect(netflix.getByText('$17.99')).toBeTruthy();
    expect(netflix.getByText('Nov 20')).toBeTruthy();
    expect(netflix.getByText('In 8 days')).toBeTruthy();
    expect(netflix.getByText('Monthly')).toBeTruthy();
    expect(netflix.getByText('Streaming')).toBeTruthy();
    expect(netflix.getByText('Price up: $15.49 → $17.99')).toBeTruthy();
    expect(netflix.getByText(/since Oct 20, 2026/)).toBeTruthy();
    expect(netflix.getByRole('button', { name: 'Pause Netflix' })).toBeTruthy();

    const gym = card('Crunch Fitness');
    expect(gym.getByText('Charge missing: due Nov 3')).toBeTruthy();
    expect(gym.getByText('≈ $20.00/mo')).toBeTruthy();
    expect(gym.getByText('Feb 1, 2027')).toBeTruthy();
    expect(gym.queryByText('Auto-detected')).toBeNull();

    const spotify = card('Spotify');
    expect(spotify.getByText('Paused')).toBeTruthy();
    expect(spotify.getByRole('button', { name: 'Resume Spotify' })).toBeTruthy();
    // Active first, soonest due first; paused after.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      `subscription-${NETFLIX_ID}`,
      `subscription-${GYM_ID}`,
      `subscription-${SPOTIFY_ID}`,
    ]);
  });

  it("does not say 'Next due' on a cancelled or expired subscription", async () => {
    withSubscriptions({
      [LIST]: {
        body: [
          ...threeSubscriptions(),
          aSubscription({ id: '5d1f0c8e-3b6a-4c2d-9e7f-000000000005', name: 'Hulu', status: 2 }),
          aSubscription({
            id: '5d1f0c8e-3b6a-4c2d-9e7f-000000000006',
            name: 'Audible',
            status: 3,
            nextDueDate: '2026-10-30',
          }),
        ],
      },
    });
    renderPage();
    const hulu = within(await screen.findByRole('article', { name: 'Hulu' }));
    expect(hulu.getByText('Cancelled')).toBeTruthy();
    expect(hulu.getByText('Ends')).toBeTruthy();
    expect(hulu.getByText('Nov 20')).toBeTruthy();
    expect(hulu.queryByText('Next due')).toBeNull();
    expect(hulu.queryByText('In 8 days')).toBeNull();
    const audible = card('Audible');
    expect(audible.getByText('Expired')).toBeTruthy();
    expect(audible.getByText('Ended')).toBeTruthy();
    expect(audible.getByText('Oct 30')).toBeTruthy();
    expect(audible.queryByText('Next due')).toBeNull();
    expect(audible.queryByText('13 days ago')).toBeNull();
    // Active and paused ones keep theirs.
    expect(card('Netflix').getByText('Next due')).toBeTruthy();
    expect(card('Spotify').getByText('Next due')).toBeTruthy();

    // Nor are they due this month.
    fireEvent.click(screen.getByRole('radio', { name: 'This Month' }));
    expect(screen.queryByRole('article', { name: 'Hulu' })).toBeNull();
    expect(screen.getByText('1 of 5 due this month')).toBeTruthy();
  });

  it("narrows the list to what is due in the person's month", async () => {
    withSubscriptions();
    renderPage();
    await screen.findByRole('article', { name: 'Crunch Fitness' });
    fireEvent.click(screen.getByRole('radio', { name: 'This Month' }));
    expect(screen.queryByRole('article', { name: 'Crunch Fitness' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Netflix' })).toBeTruthy();
    // Spotify is due on the 28th, but paused: not due.
    expect(screen.queryByRole('article', { name: 'Spotify' })).toBeNull();
    expect(screen.getByText('1 of 3 due this month')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(screen.getByRole('article', { name: 'Crunch Fitness' })).toBeTruthy();
  });

  it('pauses with the whole subscription sent back, and resumes', async () => {
    const api = withStoredSubscriptions();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Netflix' }));
    expect(await screen.findByText('Subscription paused')).toBeTruthy();
    expect(api.to(`/api/subscriptions/${NETFLIX_ID}`)[0]?.body).toEqual({
      name: 'Netflix',
      amount: 17.99,
      frequency: 2,
      category: 1,
      description: null,
      nextDueDate: '2026-11-20',
      autoRenew: true,
      status: 1,
    });
    await waitFor(() => expect(card('Netflix').getByText('Paused')).toBeTruthy());
    expect(card('Netflix').getByRole('button', { name: 'Resume Netflix' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resume Spotify' }));
    expect(await screen.findByText('Subscription resumed')).toBeTruthy();
    expect(api.to(`/api/subscriptions/${SPOTIFY_ID}`)[0]?.body).toMatchObject({ status: 0 });
    // Totals count active subscriptions only: they are asked for again.
    await waitFor(() => expect(api.count(SUMMARY)).toBeGreaterThanOrEqual(3));
  });

  it('pauses two cards one right after the other, each with its own spinner and toast', async () => {
    const api = withStoredSubscriptions({ failing: new Set([`PUT ${GYM_ID}`]) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Netflix' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Crunch Fitness' }));
    expect(card('Netflix').getByRole('button', { name: 'Pause Netflix' }).dataset.loading).toBe('true');
    expect(card('Crunch Fitness').getByRole('button', { name: 'Pause Crunch Fitness' }).dataset.loading).toBe(
      'true',
    );
    expect(card('Spotify').getByRole('button', { name: 'Resume Spotify' }).dataset.loading).toBeUndefined();

    expect(await screen.findByText('Subscription paused')).toBeTruthy();
    expect(screen.getByText('“Netflix” no longer counts toward your totals or calendar.')).toBeTruthy();
    expect(await screen.findByText('Error updating subscription')).toBeTruthy();
    expect(api.count(`PUT /api/subscriptions/${NETFLIX_ID}`)).toBe(1);
    expect(api.count(`PUT /api/subscriptions/${GYM_ID}`)).toBe(1);
    await waitFor(() =>
      expect(
        card('Crunch Fitness').getByRole('button', { name: 'Pause Crunch Fitness' }).dataset.loading,
      ).toBe(undefined),
    );
    expect(card('Crunch Fitness').getByText('Active')).toBeTruthy();
    await waitFor(() => expect(card('Netflix').getByText('Paused')).toBeTruthy());
  });

  it('says when a pause fails and leaves the subscription as it was', async () => {
    withStoredSubscriptions({ failing: new Set([`PUT ${NETFLIX_ID}`]) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Netflix' }));
    expect(await screen.findByText('Error updating subscription')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(card('Netflix').getByText('Active')).toBeTruthy();
  });

  it('deletes after a confirmation, and says so when it fails', async () => {
    const failing = new Set([`DELETE ${GYM_ID}`]);
    const api = withStoredSubscriptions({ failing });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Crunch Fitness' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this subscription?' }));
    expect(dialog.getByText(/“Crunch Fitness” will be removed/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Subscription' }));
    expect(await screen.findByText('Error deleting subscription')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Crunch Fitness' })).toBeTruthy();

    failing.clear();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Subscription' }));
    expect(await screen.findByText('Subscription deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Crunch Fitness' })).toBeNull());
    expect(api.count(`DELETE /api/subscriptions/${GYM_ID}`)).toBe(2);
  });

  it('edits a subscription in the dialog, its status included', async () => {
    const api = withStoredSubscriptions();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Crunch Fitness' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Subscription' }));
    expect((dialog.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Crunch Fitness');
    expect((dialog.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Active');
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '264' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Subscription updated')).toBeTruthy();
    // The whole subscription, not only what changed.
    expect(api.to(`/api/subscriptions/${GYM_ID}`)[0]?.body).toEqual({
      name: 'Crunch Fitness',
      amount: 264,
      frequency: 5,
      category: 5,
      description: '',
      nextDueDate: '2027-02-01',
      autoRenew: true,
      status: 0,
    });
  });

  it('remembers the calendar view and draws six weeks with up to two amounts a day', async () => {
    const api = withSubscriptions();
    localStorage.setItem(SUBSCRIPTIONS_VIEW_KEY, 'calendar');
    renderPage();
    const month = await screen.findByRole('region', { name: 'November 2026' });
    const grid = within(month).getByRole('list', { name: 'November 2026' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(42);
    expect(api.to('/api/subscriptions/calendar')[0]?.url.search).toBe(
      '?startDate=2026-11-01&endDate=2026-12-12',
    );
    const busy = await within(month).findByRole('button', {
      name: 'Friday, November 20, 2026: 3 charges, $41.97 due',
    });
    expect(within(busy).getAllByText(/^\$\d+\.\d\d$/)).toHaveLength(2);
    expect(within(busy).getByText('+1 more')).toBeTruthy();
    expect(within(month).getByText('$66.96')).toBeTruthy();
    // Today is marked; days without charges are not buttons.
    expect(within(grid).getByText(', today')).toBeTruthy();
    expect(within(grid).getAllByRole('button')).toHaveLength(3);
    expect(screen.queryByRole('radio', { name: 'This Month' })).toBeNull();

    fireEvent.click(busy);
    const day = within(await screen.findByRole('dialog', { name: 'Friday, November 20, 2026' }));
    expect(day.getByText('3 subscriptions due')).toBeTruthy();
    expect(day.getAllByRole('listitem')).toHaveLength(3);
    expect(day.getAllByText('Streaming · Monthly')).toHaveLength(2);
    expect(day.getByText('Software')).toBeTruthy();
    expect(day.getByText('Total Due').nextElementSibling?.textContent).toBe('$41.97');
  });

  it("keeps an open day's list to the calendar's current charges", async () => {
    const calendar = aCalendar();
    const withoutSpotify = calendar.occurrences.filter((c) => c.subscriptionId !== SPOTIFY_ID);
    withSubscriptions({
      // Spotify is paused elsewhere while the day is open: the next answer leaves it out.
      [CALENDAR]: ({ calls }) => ({
        body: calls === 1 ? calendar : { ...calendar, occurrences: withoutSpotify },
      }),
    });
    localStorage.setItem(SUBSCRIPTIONS_VIEW_KEY, 'calendar');
    const { queryClient } = renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Friday, November 20, 2026: 3 charges, $41.97 due' }),
    );
    const day = within(await screen.findByRole('dialog', { name: 'Friday, November 20, 2026' }));
    expect(day.getByText('3 subscriptions due')).toBeTruthy();
    expect(day.getByText('Spotify')).toBeTruthy();

    await queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    await waitFor(() => expect(day.getByText('2 subscriptions due')).toBeTruthy());
    expect(day.queryByText('Spotify')).toBeNull();
    expect(day.getAllByRole('listitem')).toHaveLength(2);
    expect(day.getByText('Total Due').nextElementSibling?.textContent).toBe('$29.98');
  });

  it('moves between months, asking for each page of six weeks', async () => {
    const api = withSubscriptions();
    localStorage.setItem(SUBSCRIPTIONS_VIEW_KEY, 'calendar');
    renderPage();
    await screen.findByRole('region', { name: 'November 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('region', { name: 'December 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('region', { name: 'October 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('region', { name: 'November 2026' })).toBeTruthy();
    await waitFor(() =>
      expect(api.to('/api/subscriptions/calendar').map((r) => r.url.searchParams.get('startDate'))).toEqual([
        '2026-11-01',
        '2026-11-29',
        '2026-09-27',
      ]),
    );
  });

  it('adds a subscription from the header, with the defaults of a new one', async () => {
    const api = withSubscriptions({
      'POST /api/subscriptions': ({ body }) => ({
        status: 201,
        body: aSubscription({ id: '5d1f0c8e-3b6a-4c2d-9e7f-000000000009', ...(body as object) }),
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Subscription' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: 'iCloud+' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '2.99' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Subscription' }));
    expect(await screen.findByText('Subscription added')).toBeTruthy();
    expect(api.to('/api/subscriptions').find((r) => r.route.startsWith('POST'))?.body).toEqual({
      name: 'iCloud+',
      amount: 2.99,
      frequency: 2,
      category: 99,
      description: '',
      nextDueDate: '2026-11-13',
      autoRenew: true,
    });
  });
});
