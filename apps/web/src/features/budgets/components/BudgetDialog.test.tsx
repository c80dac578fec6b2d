import { budget as budgetSchema } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { aBudget, BUDGET_ID } from '../test-fixtures';
import { BudgetDialog } from './BudgetDialog';

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

function renderDialog(props: Partial<Parameters<typeof BudgetDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<BudgetDialog opened onClose={onClose} today="2026-11-25" {...props} />);
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];

const type = (dialog: Dialog, name: string | RegExp, value: string) =>
  fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
const row = (dialog: Dialog, category: string) => within(dialog.getByRole('group', { name: category }));
const submit = (dialog: Dialog, name = 'Create Budget') =>
  fireEvent.click(dialog.getByRole('button', { name }));

describe('BudgetDialog', () => {
  it('starts Monthly with nothing allocated and all fifteen categories', () => {
    const { dialog } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create New Budget' })).toBeTruthy();
    expect((dialog.getByRole('combobox', { name: 'Period' }) as HTMLInputElement).value).toBe('Monthly');
    const rows = within(dialog.getByRole('list', { name: 'Category allocations' })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('label')?.textContent)).toEqual([
      'Groceries',
      'Dining Out',
      'Transportation',
      'Entertainment',
      'Shopping',
      'Healthcare',
      'Travel',
      'Personal Care',
      'Education',
      'Gifts & Donations',
      'Utilities',
      'Insurance',
      'Subscriptions',
      'Loan Payments',
      'Other',
    ]);
    // Toggles appear only for allocated categories.
    expect(dialog.queryAllByRole('switch')).toHaveLength(0);
  });

  it("says what is missing with SPEC §5's messages, one rule at a time", async () => {
    const api = fakeApi({});
    const { dialog } = renderDialog();
    submit(dialog);
    expect(await dialog.findByText('Budget name is required')).toBeTruthy();
    expect(dialog.getByText('Total income must be greater than 0')).toBeTruthy();
    expect(dialog.getByText('Please select at least one budget category')).toBeTruthy();

    type(dialog, /Budget name/, 'Household');
    type(dialog, /Total income/, '1000');
    type(dialog, 'Groceries', '600');
    type(dialog, 'Dining Out', '500');
    expect(dialog.getByText('Over-allocated by')).toBeTruthy();
    expect(dialog.getByText('$100.00')).toBeTruthy();
    submit(dialog);
    expect(await dialog.findByText('Total allocated amount cannot exceed total income')).toBeTruthy();
    expect(dialog.queryByText('Budget name is required')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('shows rollover and count-up only for allocated categories, and clearing an allocation drops them', async () => {
    const api = fakeApi({ 'POST /api/budget': { status: 201, body: aBudget({ name: 'Household' }) } });
    const { dialog, onClose } = renderDialog();
    type(dialog, /Budget name/, 'Household');
    type(dialog, /Total income/, '4,000');
    type(dialog, 'Groceries', '600');
    type(dialog, 'Travel', '250.5');
    expect(dialog.getByText('Remaining to allocate')).toBeTruthy();
    expect(dialog.getByText('$3,149.50')).toBeTruthy();

    fireEvent.click(row(dialog, 'Groceries').getByRole('switch', { name: 'Count-Up' }));
    fireEvent.click(row(dialog, 'Travel').getByRole('switch', { name: 'Rollover' }));
    fireEvent.click(row(dialog, 'Travel').getByRole('switch', { name: 'Count-Up' }));
    type(dialog, 'Travel', '');
    expect(row(dialog, 'Travel').queryAllByRole('switch')).toHaveLength(0);
    type(dialog, 'Travel', '80');
    expect(row(dialog, 'Travel').getByRole('switch', { name: 'Rollover' })).toHaveProperty('checked', false);

    submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests).toEqual([
      {
        route: 'POST /api/budget',
        body: {
          name: 'Household',
          period: 2,
          autoReset: true,
          totalIncome: 4000,
          categories: [
            { category: 20, allocatedAmount: 600, allowRollover: false, countUp: true },
            { category: 26, allocatedAmount: 80, allowRollover: false, countUp: false },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Budget created successfully!')).toBeTruthy();
    expect(screen.getByText('Your monthly budget "Household" is now active.')).toBeTruthy();
  });

  it('names the period in the success message', async () => {
    fakeApi({ 'POST /api/budget': { status: 201, body: aBudget({ name: 'Payday', period: 1 }) } });
    const { dialog } = renderDialog();
    type(dialog, /Budget name/, 'Payday');
    fireEvent.click(dialog.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bi-weekly' }));
    type(dialog, /Total income/, '2000');
    type(dialog, 'Groceries', '300');
    submit(dialog);
    expect(await screen.findByText('Your bi-weekly budget "Payday" is now active.')).toBeTruthy();
  });

  it('starts the first period with the calendar period, or today when asked', async () => {
    const api = fakeApi({ 'POST /api/budget': { status: 201, body: aBudget() } });
    const { dialog } = renderDialog();
    expect(dialog.getByText('First period: Nov 1 – Nov 30, 2026')).toBeTruthy();
    fireEvent.click(dialog.getByRole('combobox', { name: 'Starts' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Today (Nov 25)' }));
    expect(dialog.getByText('First period: Nov 25 – Dec 24, 2026')).toBeTruthy();
    type(dialog, /Budget name/, 'From payday');
    type(dialog, /Total income/, '3000');
    type(dialog, 'Groceries', '500');
    submit(dialog);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({ name: 'From payday', period: 2, startDate: '2026-11-25' });
  });

  it('keeps the form and explains when creating fails', async () => {
    fakeApi({ 'POST /api/budget': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    const { dialog, onClose } = renderDialog();
    type(dialog, /Budget name/, 'Household');
    type(dialog, /Total income/, '1000');
    type(dialog, 'Groceries', '400');
    submit(dialog);
    expect(await dialog.findByText('Failed to create budget. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Error creating budget')).toBeTruthy();
    expect(screen.getByText('Please check your information and try again.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((dialog.getByRole('textbox', { name: /Budget name/ }) as HTMLInputElement).value).toBe(
      'Household',
    );
  });

  it('edits a budget: prefilled, the period locked, saved whole', async () => {
    const api = fakeApi({
      [`PUT /api/budget/${BUDGET_ID}`]: { body: { ...aBudget(), name: 'November, revised' } },
    });
    const { dialog, onClose } = renderDialog({ budget: budgetSchema.parse(aBudget()) });
    expect(screen.getByRole('dialog', { name: 'Edit Budget' })).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: /Budget name/ }) as HTMLInputElement).value).toBe(
      'November plan',
    );
    expect(dialog.getByRole('combobox', { name: 'Period' })).toHaveProperty('disabled', true);
    expect((dialog.getByRole('textbox', { name: 'Groceries' }) as HTMLInputElement).value).toBe('$600');
    expect(row(dialog, 'Groceries').getByRole('switch', { name: 'Rollover' })).toHaveProperty(
      'checked',
      true,
    );
    expect(row(dialog, 'Groceries').getByRole('switch', { name: 'Count-Up' })).toHaveProperty(
      'checked',
      true,
    );
    expect(row(dialog, 'Travel').queryAllByRole('switch')).toHaveLength(0);

    type(dialog, /Budget name/, 'November, revised');
    type(dialog, 'Shopping', '');
    submit(dialog, 'Save Changes');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests).toEqual([
      {
        route: `PUT /api/budget/${BUDGET_ID}`,
        body: {
          name: 'November, revised',
          period: 2,
          autoReset: true,
          totalIncome: 5000,
          categories: [
            { category: 20, allocatedAmount: 600, allowRollover: true, countUp: true },
            { category: 21, allocatedAmount: 300, allowRollover: false, countUp: false },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Budget updated')).toBeTruthy();
  });
});
