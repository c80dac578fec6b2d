import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { SavingsGoalsCard } from './SavingsGoalsCard';
import { aGoal, anOverview, numberedGoals } from './test-fixtures';

const OVERVIEW = 'GET /api/savings/overview';

afterEach(() => vi.unstubAllGlobals());

const renderCard = () =>
  renderWithProviders(
    <MemoryRouter>
      <SavingsGoalsCard />
    </MemoryRouter>,
  );

const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('SavingsGoalsCard', () => {
  it('says when the savings could not load, and loads again on Retry', async () => {
    const api = fakeApi({
      [OVERVIEW]: ({ calls }) =>
        calls === 1
          ? { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } }
          : { body: anOverview([aGoal()]) },
    });
    const { container } = renderCard();
    expect(container.querySelector('.mantine-Skeleton-root')).toBeTruthy();
    expect(await screen.findByText('Unable to load savings data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Emergency fund')).toBeTruthy();
    expect(api.count(OVERVIEW)).toBe(2);
  });

  it('offers Create Goal, opening the new-goal dialog, when there are no goals', async () => {
    fakeApi({ [OVERVIEW]: { body: anOverview([], { currentPeriodLeftover: 0 }) } });
    renderCard();
    expect(await screen.findByText('No savings goals yet')).toBeTruthy();
    expect(link('Create Goal')).toBe('/savings?create=true');
    expect(screen.queryByText(/available to save/)).toBeNull();
  });

  it('shows one goal in detail: status, saved of target, percent, days remaining, daily needed', async () => {
    fakeApi({ [OVERVIEW]: { body: anOverview([aGoal()]) } });
    renderCard();
    expect(await screen.findByText('Emergency fund')).toBeTruthy();
    expect(screen.getByText('On Track')).toBeTruthy();
    expect(screen.getByText('$1,250.00').parentElement?.textContent).toBe('$1,250.00 of $5,000.00');
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByText('230 days')).toBeTruthy();
    expect(screen.getByText('$16.31')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Emergency fund: 25% of $5,000.00 saved' })).toBeTruthy();
    expect(link('View Goal Details')).toBe('/savings/3c9e1a70-5b2d-4f8e-9a61-000000000001');
  });

  it('says so for a goal without a deadline, and marks a completed one Complete', async () => {
    fakeApi({
      [OVERVIEW]: {
        body: anOverview([
          aGoal({
            targetDate: null,
            daysRemaining: null,
            dailyRequiredSavings: null,
            progressStatus: 'active',
          }),
        ]),
      },
    });
    renderCard();
    expect(await screen.findByText('No deadline')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('lists up to three goals, counts the rest, and totals them', async () => {
    fakeApi({ [OVERVIEW]: { body: anOverview(numberedGoals(5)) } });
    renderCard();
    expect(await screen.findByText('Goal 1')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.queryByText('Goal 4')).toBeNull();
    expect(screen.getByText('and 2 more goals')).toBeTruthy();
    expect(screen.getByText('$6,250.00')).toBeTruthy();
    expect(screen.getByText('Active goals').nextSibling?.textContent).toBe('5');
    expect(screen.getByText('+$420.00')).toBeTruthy();
    expect(link('View All Goals')).toBe('/savings');
  });

  it('does not count more goals when all of them fit', async () => {
    fakeApi({ [OVERVIEW]: { body: anOverview(numberedGoals(3)) } });
    renderCard();
    expect(await screen.findByText('Goal 3')).toBeTruthy();
    expect(screen.queryByText(/more goal/)).toBeNull();
  });

  it("shows the current period's leftover as available to save when above 0", async () => {
    fakeApi({ [OVERVIEW]: { body: anOverview(numberedGoals(2), { currentPeriodLeftover: 182 }) } });
    renderCard();
    expect(await screen.findByText('$182.00')).toBeTruthy();
    expect(screen.getByText('$182.00').parentElement?.textContent).toBe(
      '$182.00 available to save this period',
    );
  });
});
