import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { GoalDetailPage } from './GoalDetailPage';
import { aGoal, anOverview, aProgressView, EMERGENCY_ID } from './test-fixtures';

const PROGRESS = `GET /api/savings/goals/${EMERGENCY_ID}/progress`;
const OVERVIEW = 'GET /api/savings/overview';

function renderPage() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ timeZone: 'America/New_York' })));
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/savings/${EMERGENCY_ID}`]}>
      <AuthProvider>
        <Routes>
          <Route path="/savings/:goalId" element={<GoalDetailPage />} />
          <Route path="/savings" element={<h1>All savings goals</h1>} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const figure = (label: string) => screen.getByText(label).parentElement?.textContent;

beforeAll(async () => {
  await Promise.all([import('./components/AddMoneyDialog'), import('./components/DeleteGoalDialog')]);
});
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date('2026-11-12T15:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('GoalDetailPage', () => {
  it("shows the goal's figures: daily needed, monthly contribution, days left, status", async () => {
    fakeApi({ [PROGRESS]: { body: aProgressView() }, [OVERVIEW]: { body: anOverview() } });
    renderPage();
    expect(screen.getByText('Loading the goal…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency fund' })).toBeTruthy();
    expect(screen.getByText('Three months of rent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All goals' }).getAttribute('href')).toBe('/savings');
    const progress = within(screen.getByRole('region', { name: 'Progress' }));
    expect(progress.getByText('25%')).toBeTruthy();
    expect(progress.getByText('230d left')).toBeTruthy();
    expect(figure('Daily needed')).toBe('Daily needed$16.31To make the target date');
    expect(figure('Monthly contribution')).toBe('Monthly contribution$625.00Target over the months left');
    expect(figure('Days left')).toBe('Days left230Target Jun 30, 2027');
    expect(figure('Status')).toBe('StatusOn TrackStarted Sep 1, 2026');
    expect(figure('This period so far')).toBe('This period so far+$36.40Lands when the period ends');
    expect(figure('Still to save')).toBe('Still to save$3,750.00');
  });

  it('lists every contribution, a period share apart from money added by hand', async () => {
    fakeApi({ [PROGRESS]: { body: aProgressView() }, [OVERVIEW]: { body: anOverview() } });
    renderPage();
    const ledger = await screen.findByRole('list', { name: 'Contributions' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Added by handBirthday money+$250.00Nov 5, 2026',
      'Period shareLeftover of Oct 1 – Oct 31, 2026+$36.40Nov 1, 2026',
      'Added by hand+$963.60Sep 1, 2026',
    ]);
    // The chart, in words.
    expect(screen.getByRole('figure').textContent).toBe(
      '$1,250.00 saved toward $5,000.00 since Sep 1, 2026, in 3 contributions.',
    );
  });

  it('says so before the goal has any contribution', async () => {
    fakeApi({
      [PROGRESS]: {
        body: aProgressView({
          goal: aGoal({ currentAmount: 0, progressPercentage: 0 }),
          contributions: [],
          history: [],
        }),
      },
      [OVERVIEW]: { body: anOverview() },
    });
    renderPage();
    expect(await screen.findByText('No contributions yet')).toBeTruthy();
    expect(screen.getByText('The chart starts once the goal has two days of history.')).toBeTruthy();
  });

  it('shows figures without a deadline as such', async () => {
    fakeApi({
      [PROGRESS]: {
        body: aProgressView({
          goal: aGoal({
            targetDate: null,
            daysRemaining: null,
            dailyRequiredSavings: null,
            monthlyContribution: null,
            progressStatus: 'active',
          }),
        }),
      },
      [OVERVIEW]: { body: anOverview() },
    });
    renderPage();
    await screen.findByText('Daily needed');
    expect(figure('Daily needed')).toBe('Daily needed—No deadline set');
    expect(figure('Days left')).toBe('Days leftNo deadline');
    expect(figure('Status')).toBe('StatusActiveStarted Sep 1, 2026');
  });

  it('says when the goal does not exist (deleted, or not the person’s)', async () => {
    fakeApi({
      [PROGRESS]: { status: 404, body: { message: 'Savings goal not found', code: 'NOT_FOUND' } },
      [OVERVIEW]: { body: anOverview() },
    });
    renderPage();
    expect(await screen.findByText('Goal not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Goals' }).getAttribute('href')).toBe('/savings');
  });

  it('says the goal could not load, and loads again on request', async () => {
    const api = fakeApi({
      [PROGRESS]: ({ calls }) =>
        calls === 1
          ? { status: 500, body: { message: 'Down', code: 'INTERNAL' } }
          : { body: aProgressView() },
      [OVERVIEW]: { body: anOverview() },
    });
    renderPage();
    expect(await screen.findByText('Failed to load savings data. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency fund' })).toBeTruthy();
    expect(api.count(PROGRESS)).toBe(2);
  });

  it('goes back to the goals once the goal is deleted', async () => {
    const api = fakeApi({
      [PROGRESS]: { body: aProgressView() },
      [OVERVIEW]: { body: anOverview() },
      [`DELETE /api/savings/goals/${EMERGENCY_ID}`]: { status: 204 },
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Emergency fund' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Emergency fund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this goal?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Goal' }));
    expect(await screen.findByRole('heading', { name: 'All savings goals' })).toBeTruthy();
    expect(screen.getByText('Goal Deleted')).toBeTruthy();
    // The deleted goal's page is not asked for again.
    await waitFor(() => expect(api.count(`DELETE /api/savings/goals/${EMERGENCY_ID}`)).toBe(1));
    expect(api.count(PROGRESS)).toBe(1);
  });
});
