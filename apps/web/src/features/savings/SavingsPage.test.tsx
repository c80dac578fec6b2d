import type { SavingsOverview } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { SavingsPage, showsInsights } from './SavingsPage';
import {
  aGoal,
  anAchievement,
  anOverview,
  aProgressView,
  aSavingsInsight,
  CAR_ID,
  EMERGENCY_ID,
  emptyOverview,
  LAPTOP_ID,
  TRIP_ID,
} from './test-fixtures';

const OVERVIEW = 'GET /api/savings/overview';
const ACHIEVEMENTS = 'GET /api/savings/achievements';
const CHECK = 'POST /api/savings/achievements/check';
const INSIGHTS = 'POST /api/ai/insights';

const noNewAchievements = { body: { newlyEarned: [], achievements: [anAchievement()] } };

/** A fake server that keeps the goals: DELETE changes what the overview answers next. */
function withStoredGoals({ failDelete = false } = {}) {
  let overview = anOverview();
  return fakeApi({
    [OVERVIEW]: () => ({ body: overview }),
    [ACHIEVEMENTS]: { body: [anAchievement()] },
    [CHECK]: noNewAchievements,
    [INSIGHTS]: { body: [] },
    ...Object.fromEntries(
      overview.goals.map((g) => [
        `DELETE /api/savings/goals/${g.id}`,
        () => {
          if (failDelete) return { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } };
          overview = { ...overview, goals: overview.goals.filter((x) => x.id !== g.id) };
          return { status: 204 };
        },
      ]),
    ),
  });
}

const withOverview = (overview: SavingsOverview, extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [OVERVIEW]: { body: overview },
    [ACHIEVEMENTS]: { body: [] },
    [INSIGHTS]: { body: [] },
    ...extra,
  });

function Location() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/savings') {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ timeZone: 'America/New_York' })));
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <SavingsPage />
        <Location />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));
// A stat card's text, without the responsive style Mantine writes inside it.
const statCard = (label: string) =>
  screen
    .getByText(label)
    .closest('.mantine-Card-root')
    ?.textContent?.replace(/\.__m__[^}]*}(@media[^}]*{[^}]*}})?/g, '');

// The dialogs load on first use; load them up front so no test waits on a cold import.
beforeAll(async () => {
  await Promise.all([
    import('./components/GoalDialog'),
    import('./components/AddMoneyDialog'),
    import('./components/DeleteGoalDialog'),
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

describe('SavingsPage', () => {
  it('shows skeletons while loading, then the six totals', async () => {
    withOverview(anOverview());
    renderPage();
    expect(screen.getByText('Loading your savings goals…')).toBeTruthy();
    await screen.findByText('Total Saved');
    expect(screen.getByRole('heading', { level: 1, name: 'Savings Goals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Goal' })).toBeTruthy();
    expect(statCard('Total Saved')).toBe('Total Saved$3,250.00+$420.00 in the last 30 days');
    expect(statCard('Allocated to Goals')).toBe("Allocated to Goals$118.3065% of this period's leftover");
    expect(statCard('Active Goals')).toBe('Active Goals3Each takes a share per period');
    expect(statCard('Completed Goals')).toBe('Completed Goals1Reached their target');
    expect(statCard('Total Leftover Budget')).toBe('Total Leftover Budget$182.00November plan, day 12 of 30');
    expect(statCard('Unallocated Funds')).toMatch(/^Unallocated Funds\$63\.70Tip: no goal takes this yet/);
  });

  it('says all is well when no leftover is unallocated', async () => {
    withOverview(anOverview({ unallocatedAmount: 0 }));
    renderPage();
    await screen.findByText('Unallocated Funds');
    expect(statCard('Unallocated Funds')).toBe(
      'Unallocated Funds$0.00Every dollar left over is going to a goal.',
    );
  });

  it('notes that goals need a budget to be funded when there is none', async () => {
    withOverview(anOverview({ period: null, currentPeriodLeftover: 0, unallocatedAmount: 0 }));
    renderPage();
    expect((await screen.findByRole('note')).textContent).toMatch(
      /^No active budgetGoals are funded from what your budget leaves over each period\. Create a budget to start/,
    );
    expect(screen.getByRole('link', { name: 'Create a budget' }).getAttribute('href')).toBe('/budgets');
    expect(statCard('Total Leftover Budget')).toBe('Total Leftover Budget$0.00No active budget');
  });

  it("shows up to 4 savings insights once goals receive part of this period's leftover", async () => {
    const api = withOverview(anOverview(), { [INSIGHTS]: { body: [aSavingsInsight()] } });
    renderPage();
    const panel = within(await screen.findByRole('region', { name: 'AI Savings Insights' }));
    expect(await panel.findByRole('article', { name: 'Emergency fund is behind' })).toBeTruthy();
    expect(api.requests.find((r) => r.route === INSIGHTS)?.body).toEqual({
      context: 'savings',
      maxInsights: 4,
    });
  });

  it('shows no insights panel while goals receive nothing of the leftover', async () => {
    const api = withOverview(anOverview({ totalAllocatedPerPeriod: 0, unallocatedAmount: 182 }));
    renderPage();
    await screen.findByText('Total Saved');
    expect(screen.getByText('Emergency fund')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'AI Savings Insights' })).toBeNull();
    expect(api.count(INSIGHTS)).toBe(0);
    expect(showsInsights(anOverview({ totalAllocatedPerPeriod: 0.01 }))).toBe(true);
    expect(showsInsights(anOverview({ totalAllocatedPerPeriod: 0 }))).toBe(false);
  });

  it('says the savings could not load, and loads again on request', async () => {
    const api = fakeApi({
      [OVERVIEW]: ({ calls }) =>
        calls === 1
          ? { status: 503, body: { message: 'Service unavailable', code: 'UNAVAILABLE' } }
          : { body: anOverview() },
      [ACHIEVEMENTS]: { body: [] },
    });
    renderPage();
    expect(await screen.findByText('Failed to load savings data. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Goal' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Emergency fund' })).toBeTruthy();
    expect(api.count(OVERVIEW)).toBe(2);
  });

  it('offers to create the first goal when there are none', async () => {
    withOverview(emptyOverview());
    renderPage();
    expect(await screen.findByText('No savings goals yet')).toBeTruthy();
    expect(screen.getByText(/Your budget has \$182\.00 left over so far this period/)).toBeTruthy();
    expect(screen.queryByText('Total Saved')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Your First Goal' }));
    expect(await screen.findByRole('dialog', { name: 'Create Savings Goal' })).toBeTruthy();
  });

  it('announces the achievement the first goal earned, which the server recorded with it', async () => {
    withOverview(emptyOverview(), {
      'POST /api/savings/goals': { status: 201, body: aGoal() },
      // Recorded when the goal was created: the check finds nothing new of its own.
      [CHECK]: { body: { newlyEarned: [], achievements: [anAchievement()] } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Your First Goal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Savings Goal' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Goal name/ }), {
      target: { value: 'Emergency fund' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /Target amount/ }), { target: { value: '5000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Goal' }));
    expect(await screen.findByText('Goal Created!')).toBeTruthy();
    expect(await screen.findByText('Achievement unlocked: First Goal')).toBeTruthy();
  });

  it('shows each goal with its progress, share, deadline and badges', async () => {
    withOverview(anOverview());
    renderPage();
    await screen.findByRole('article', { name: 'Emergency fund' });
    const emergency = card('Emergency fund');
    expect(emergency.getByText('Three months of rent')).toBeTruthy();
    expect(emergency.getByText('On Track')).toBeTruthy();
    expect(emergency.getByText('230d left')).toBeTruthy();
    expect(emergency.getByText('$1,250.00').parentElement?.textContent).toBe('$1,250.00 of $5,000.00');
    expect(emergency.getByText('25%')).toBeTruthy();
    expect(
      emergency.getByRole('progressbar', { name: 'Emergency fund: 25% of $5,000.00 saved' }),
    ).toBeTruthy();
    expect(emergency.getByText('20% of leftover')).toBeTruthy();
    expect(emergency.getByText('+$36.40 this period')).toBeTruthy();
    expect(emergency.getByText('Jun 30, 2027')).toBeTruthy();
    expect(emergency.getByRole('button', { name: 'Edit Emergency fund' })).toBeTruthy();
    expect(emergency.getByRole('button', { name: 'Delete Emergency fund' })).toBeTruthy();
    expect(emergency.getByRole('link', { name: 'Details of Emergency fund' }).getAttribute('href')).toBe(
      `/savings/${EMERGENCY_ID}`,
    );

    const trip = card('Lisbon trip');
    expect(trip.getByText('No deadline')).toBeTruthy();
    expect(trip.queryByText(/d left$/)).toBeNull();
    expect(trip.queryByText('On Track')).toBeNull();
    expect(trip.getByText('12%')).toBeTruthy();

    const laptop = card('New laptop');
    expect(laptop.getByText('Complete')).toBeTruthy();
    expect(laptop.queryByText(/d left$/)).toBeNull();
    expect(laptop.getByText('Goal achieved on Nov 2, 2026! You saved $1,500.00.')).toBeTruthy();

    const car = card('Car repairs');
    expect(car.getByText('Behind')).toBeTruthy();
    expect(car.getByText('6.7%')).toBeTruthy();
    // The server's order stays.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      `goal-${EMERGENCY_ID}`,
      `goal-${TRIP_ID}`,
      `goal-${LAPTOP_ID}`,
      `goal-${CAR_ID}`,
    ]);
  });

  it('shows the achievements earned', async () => {
    withOverview(anOverview(), {
      [ACHIEVEMENTS]: {
        body: [
          anAchievement(),
          anAchievement({
            id: '1e2d3c4b-5a69-4788-9a0b-000000000002',
            kind: 'progress_100',
            title: 'Goal Achieved',
            description: 'Reached 100% of a goal',
            icon: 'trophy',
            goalId: LAPTOP_ID,
            goalName: 'New laptop',
            earnedDate: '2026-11-02',
          }),
        ],
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Earned achievements' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual([
      'First Goal: Set your first savings goal, earned Sep 1, 2026',
      'Goal Achieved: Reached 100% of a goal (New laptop), earned Nov 2, 2026',
    ]);
    expect(screen.getByText('2 of 8 earned')).toBeTruthy();
  });

  it('opens the new-goal dialog from /savings?create=true, then clears the address', async () => {
    withOverview(anOverview());
    renderPage('/savings?create=true');
    expect(await screen.findByRole('dialog', { name: 'Create Savings Goal' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/savings'));
    // The dialog converts with the overview once it has come.
    expect(await screen.findByText("≈ $18.20 of this period's $182.00 leftover so far")).toBeTruthy();
  });

  it('edits a goal from its card, prefilled', async () => {
    withOverview(anOverview());
    renderPage();
    await screen.findByRole('article', { name: 'Car repairs' });
    fireEvent.click(card('Car repairs').getByRole('button', { name: 'Edit Car repairs' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Savings Goal' }));
    expect((dialog.getByRole('textbox', { name: /Goal name/ }) as HTMLInputElement).value).toBe(
      'Car repairs',
    );
    expect(
      (dialog.getByRole('textbox', { name: /Allocation per budget period/ }) as HTMLInputElement).value,
    ).toBe('30%');
  });

  it('adds money to a goal by hand', async () => {
    const api = withOverview(anOverview(), {
      [`POST /api/savings/goals/${TRIP_ID}/allocate`]: {
        body: aProgressView({ goal: aGoal({ id: TRIP_ID, name: 'Lisbon trip', currentAmount: 350 }) }),
      },
      [CHECK]: noNewAchievements,
    });
    renderPage();
    await screen.findByRole('article', { name: 'Lisbon trip' });
    fireEvent.click(card('Lisbon trip').getByRole('button', { name: 'Add money to Lisbon trip' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Money' }));
    expect(dialog.getByText(/\$300\.00 of \$2,400\.00 saved so far/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Add Money' }));
    expect(await dialog.findByText('Amount must be greater than 0')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '50' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Note' }), { target: { value: 'Birthday money' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Money' }));
    expect(await screen.findByText('Money Added')).toBeTruthy();
    expect(screen.getByText('$50.00 added to “Lisbon trip”.')).toBeTruthy();
    expect(api.to(`/api/savings/goals/${TRIP_ID}/allocate`)[0]?.body).toEqual({
      amount: 50,
      note: 'Birthday money',
    });
    await waitFor(() => expect(api.count(CHECK)).toBe(1));
  });

  it('says so when added money completes a goal', async () => {
    withOverview(anOverview(), {
      [`POST /api/savings/goals/${CAR_ID}/allocate`]: {
        body: aProgressView({
          goal: aGoal({
            id: CAR_ID,
            name: 'Car repairs',
            currentAmount: 3000,
            targetAmount: 3000,
            isCompleted: true,
          }),
        }),
      },
      [CHECK]: noNewAchievements,
    });
    renderPage();
    await screen.findByRole('article', { name: 'Car repairs' });
    fireEvent.click(card('Car repairs').getByRole('button', { name: 'Add money to Car repairs' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Money' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Amount/ }), { target: { value: '2800' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Money' }));
    expect(await screen.findByText('Goal Achieved!')).toBeTruthy();
    expect(screen.getByText('“Car repairs” reached its $3,000.00 target.')).toBeTruthy();
  });

  it('deletes a goal after a confirmation', async () => {
    const api = withStoredGoals();
    renderPage();
    await screen.findByRole('article', { name: 'Lisbon trip' });
    fireEvent.click(card('Lisbon trip').getByRole('button', { name: 'Delete Lisbon trip' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this goal?' }));
    expect(dialog.getByText(/“Lisbon trip” and its record of \$300\.00 saved will be removed/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Goal' }));
    expect(await screen.findByText('Goal Deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lisbon trip' })).toBeNull());
    expect(api.count(`DELETE /api/savings/goals/${TRIP_ID}`)).toBe(1);
  });

  it("says a delete failed in SPEC §8's words, keeping the goal", async () => {
    withStoredGoals({ failDelete: true });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    await screen.findByRole('article', { name: 'Lisbon trip' });
    fireEvent.click(card('Lisbon trip').getByRole('button', { name: 'Delete Lisbon trip' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this goal?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Goal' }));
    expect(await screen.findByText('Failed to delete the goal. Please try again.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Lisbon trip' })).toBeTruthy();
  });
});
