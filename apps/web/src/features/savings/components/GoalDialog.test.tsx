import { savingsGoal, savingsOverview } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { aGoal, anAchievement, anOverview, EMERGENCY_ID } from '../test-fixtures';
import { GoalDialog } from './GoalDialog';

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2026-11-12';
const CREATE = 'POST /api/savings/goals';
const CHECK = 'POST /api/savings/achievements/check';
const noNewAchievements = { body: { newlyEarned: [], achievements: [] } };

function renderDialog(props: Partial<Parameters<typeof GoalDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <GoalDialog
      opened
      onClose={onClose}
      goal={null}
      overview={savingsOverview.parse(anOverview())}
      today={TODAY}
      {...props}
    />,
  );
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const field = (dialog: Dialog, name: RegExp) => dialog.getByRole('textbox', { name });
const value = (dialog: Dialog, name: RegExp) => (field(dialog, name) as HTMLInputElement).value;
const type = (dialog: Dialog, name: RegExp, text: string) =>
  fireEvent.change(field(dialog, name), { target: { value: text } });
const submit = (dialog: Dialog, name = 'Create Goal') =>
  fireEvent.click(dialog.getByRole('button', { name }));
const useDollars = (dialog: Dialog) => fireEvent.click(dialog.getByText('Dollars'));

describe('GoalDialog', () => {
  it("starts with 10% of each leftover and shows what that is of this period's", () => {
    const { dialog } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create Savings Goal' })).toBeTruthy();
    expect(value(dialog, /Allocation per budget period/)).toBe('10%');
    expect(dialog.getByText("≈ $18.20 of this period's $182.00 leftover so far")).toBeTruthy();
    expect((dialog.getByRole('radio', { name: 'Target' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('radio', { name: 'Blue' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog.getByRole('group', { name: 'Icon' })).getAllByRole('radio')).toHaveLength(10);
    expect(within(dialog.getByRole('group', { name: 'Colour' })).getAllByRole('radio')).toHaveLength(10);
    expect(dialog.queryByRole('switch', { name: /Active/ })).toBeNull();
    expect(dialog.getByText('0/500')).toBeTruthy();
  });

  it('shows every field rule at its field before anything is sent', async () => {
    const api = fakeApi({});
    const { dialog } = renderDialog();
    type(dialog, /Allocation per budget period/, '');
    submit(dialog);
    expect(await dialog.findByText('Goal name is required')).toBeTruthy();
    expect(dialog.getByText('Target amount must be greater than 0')).toBeTruthy();
    expect(dialog.getByText('Allocation must be between 1% and 100%')).toBeTruthy();

    type(dialog, /Goal name/, 'G'.repeat(101));
    type(dialog, /Description/, 'd'.repeat(501));
    expect(dialog.getByText('501/500')).toBeTruthy();
    type(dialog, /Target amount/, '0');
    type(dialog, /Allocation per budget period/, '101');
    type(dialog, /Target date/, '2026-11-12');
    submit(dialog);
    expect(await dialog.findByText('Name must be less than 100 characters')).toBeTruthy();
    expect(dialog.getByText('Description must be less than 500 characters')).toBeTruthy();
    expect(dialog.getByText('Target amount must be greater than 0')).toBeTruthy();
    expect(dialog.getByText('Allocation must be between 1% and 100%')).toBeTruthy();
    expect(dialog.getByText('Target date must be in the future')).toBeTruthy();

    // 65% is taken by the other active goals: 35% is what is left.
    type(dialog, /Goal name/, 'Wedding');
    type(dialog, /Description/, '');
    type(dialog, /Target amount/, '8000');
    type(dialog, /Allocation per budget period/, '40');
    type(dialog, /Target date/, '2027-09-01');
    submit(dialog);
    expect(await dialog.findByText('Total allocation would exceed 100%. Available: 35%')).toBeTruthy();
    expect(dialog.queryByText('Target date must be in the future')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it("takes the allocation in dollars of this period's leftover and sends it as a percent", async () => {
    const api = fakeApi({
      [CREATE]: { status: 201, body: aGoal({ name: 'Wedding' }) },
      [CHECK]: noNewAchievements,
    });
    const { dialog, onClose } = renderDialog();
    useDollars(dialog);
    // 10% of $182.00, carried over.
    expect(value(dialog, /Allocation per budget period/)).toBe('$18.2');
    type(dialog, /Allocation per budget period/, '45.5');
    expect(dialog.getByText("= 25% of this period's $182.00 leftover so far")).toBeTruthy();
    type(dialog, /Allocation per budget period/, '182.01');
    type(dialog, /Goal name/, 'Wedding');
    type(dialog, /Target amount/, '8000');
    submit(dialog);
    expect(await dialog.findByText('Allocation must be between 1% and 100%')).toBeTruthy();
    type(dialog, /Allocation per budget period/, '45.5');
    fireEvent.click(dialog.getByRole('radio', { name: 'Heart' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Pink' }));
    submit(dialog);
    expect(await screen.findByText('Goal Created!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.requests[0]).toEqual({
      route: CREATE,
      body: {
        name: 'Wedding',
        description: null,
        targetAmount: 8000,
        allocationPercentage: 25,
        targetDate: null,
        iconName: 'heart',
        colorTheme: 'pink',
      },
    });
  });

  it('offers no dollars without a leftover to convert them with', () => {
    const { dialog } = renderDialog({
      overview: savingsOverview.parse(anOverview({ currentPeriodLeftover: 0 })),
    });
    expect((dialog.getByRole('radio', { name: 'Dollars' }) as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText(/there is none so far, so enter a percent/)).toBeTruthy();
  });

  it('counts the goal being edited once, at its new percentage', async () => {
    const api = fakeApi({
      [`PUT /api/savings/goals/${EMERGENCY_ID}`]: { body: aGoal({ allocationPercentage: 55 }) },
    });
    const { dialog } = renderDialog({ goal: savingsGoal.parse(aGoal()) });
    expect(screen.getByRole('dialog', { name: 'Edit Savings Goal' })).toBeTruthy();
    expect(value(dialog, /Goal name/)).toBe('Emergency fund');
    expect(value(dialog, /Target amount/)).toBe('$5,000');
    expect(value(dialog, /Target date/)).toBe('Jun 30, 2027');
    expect((dialog.getByRole('radio', { name: 'Home' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('switch', { name: /Active/ }) as HTMLInputElement).checked).toBe(true);
    type(dialog, /Allocation per budget period/, '56');
    submit(dialog, 'Save Changes');
    expect(await dialog.findByText('Total allocation would exceed 100%. Available: 55%')).toBeTruthy();
    type(dialog, /Allocation per budget period/, '55');
    submit(dialog, 'Save Changes');
    expect(await screen.findByText('Goal Updated!')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({
      name: 'Emergency fund',
      description: 'Three months of rent',
      targetAmount: 5000,
      allocationPercentage: 55,
      targetDate: '2027-06-30',
      iconName: 'home',
      colorTheme: 'blue',
      isActive: true,
    });
  });

  it('lets a goal be paused, which frees it from the cap', async () => {
    const api = fakeApi({ [`PUT /api/savings/goals/${EMERGENCY_ID}`]: { body: aGoal({ isActive: false }) } });
    const { dialog } = renderDialog({ goal: savingsGoal.parse(aGoal()) });
    type(dialog, /Allocation per budget period/, '90');
    fireEvent.click(dialog.getByRole('switch', { name: /Active/ }));
    submit(dialog, 'Save Changes');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({ isActive: false, allocationPercentage: 90 });
  });

  it("shows the server's message at its field, with the create failure toast", async () => {
    fakeApi({
      [CREATE]: {
        status: 400,
        body: { message: 'Total allocation would exceed 100%. Available: 5%', code: 'VALIDATION' },
      },
    });
    const { dialog, onClose } = renderDialog();
    type(dialog, /Goal name/, 'Wedding');
    type(dialog, /Target amount/, '8000');
    submit(dialog);
    expect(await screen.findByText('Error Creating Goal')).toBeTruthy();
    expect(screen.getByText('Failed to create your savings goal. Please try again.')).toBeTruthy();
    expect(dialog.getByText('Total allocation would exceed 100%. Available: 5%')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows any other reason the server gave above the buttons', async () => {
    fakeApi({ [CREATE]: { status: 409, body: { message: 'You have too many goals', code: 'LIMIT' } } });
    const { dialog } = renderDialog();
    type(dialog, /Goal name/, 'Wedding');
    type(dialog, /Target amount/, '8000');
    submit(dialog);
    expect((await dialog.findByRole('alert')).textContent).toBe('You have too many goals');
  });

  it("says the update failed in SPEC §8's words", async () => {
    fakeApi({ [`PUT /api/savings/goals/${EMERGENCY_ID}`]: { status: 502, text: 'Bad gateway' } });
    const { dialog } = renderDialog({ goal: savingsGoal.parse(aGoal()) });
    submit(dialog, 'Save Changes');
    expect(await screen.findByText('Error Updating Goal')).toBeTruthy();
    expect(screen.getByText('Failed to update your savings goal. Please try again.')).toBeTruthy();
  });

  it('announces an achievement the new goal earned', async () => {
    fakeApi({
      [CREATE]: { status: 201, body: aGoal({ name: 'Wedding' }) },
      [CHECK]: { body: { newlyEarned: [anAchievement()], achievements: [anAchievement()] } },
    });
    const { dialog } = renderDialog({ overview: savingsOverview.parse(anOverview({ goals: [] })) });
    type(dialog, /Goal name/, 'Wedding');
    type(dialog, /Target amount/, '8000');
    submit(dialog);
    expect(await screen.findByText('Achievement unlocked: First Goal')).toBeTruthy();
    expect(screen.getByText('Set your first savings goal')).toBeTruthy();
  });
});
