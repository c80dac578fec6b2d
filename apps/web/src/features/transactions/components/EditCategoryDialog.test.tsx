import type { Transaction } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRuleHref } from '../../../lib/rules-url';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { EditCategoryDialog } from './EditCategoryDialog';

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const COFFEE: Transaction = {
  id: 'tx-2',
  description: 'BLUE BOTTLE COFFEE #12 OAKLAND CA',
  merchantName: 'Blue Bottle',
  amount: -6.5,
  accountId: 'acc-1',
  accountName: 'Everyday Checking',
  category: 24,
  categoryName: 'Shopping',
  date: '2026-03-13',
  pending: false,
  isTransfer: false,
  note: null,
  isManual: false,
};

function Location() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderDialog(transaction: Transaction = COFFEE) {
  const onClose = vi.fn();
  fakeApi({
    [`PUT /api/transactions/${transaction.id}/category`]: ({ body }) => ({
      body: { ...transaction, category: (body as { category: number }).category, categoryName: 'Dining Out' },
    }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/transactions']}>
      <EditCategoryDialog transaction={transaction} opened onClose={onClose} />
      <Location />
    </MemoryRouter>,
  );
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Edit Category' })) };
}

async function chooseDiningOut(dialog: ReturnType<typeof renderDialog>['dialog']) {
  fireEvent.click(dialog.getByRole('combobox', { name: 'New category' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Dining Out' }));
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('EditCategoryDialog', () => {
  it('offers a rule only once the category changes, and saves as before when it is left unticked', async () => {
    const { dialog, onClose } = renderDialog();
    expect(dialog.queryByRole('checkbox')).toBeNull();
    await chooseDiningOut(dialog);
    const offer = dialog.getByRole('checkbox', { name: 'Always categorise "Blue Bottle" as Dining Out' });
    expect((offer as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Category Updated')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(address()).toBe('/transactions');
  });

  it('goes on to a new rule for the merchant when the offer is taken', async () => {
    const { dialog } = renderDialog();
    await chooseDiningOut(dialog);
    fireEvent.click(dialog.getByRole('checkbox', { name: /^Always categorise/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(address()).toBe('/rules?pattern=Blue+Bottle&category=21&field=either'));
    expect(screen.getByText('Category Updated')).toBeTruthy();
  });

  it('uses the description when the bank gave no merchant name', async () => {
    const { dialog } = renderDialog({ ...COFFEE, merchantName: null });
    await chooseDiningOut(dialog);
    expect(
      dialog.getByRole('checkbox', {
        name: 'Always categorise "BLUE BOTTLE COFFEE #12 OAKLAND CA" as Dining Out',
      }),
    ).toBeTruthy();
  });

  it('cuts a long name to what a rule can match', () => {
    const href = newRuleHref(` ${'x'.repeat(150)} `, 21);
    expect(new URL(href, 'http://localhost').searchParams.get('pattern')).toBe('x'.repeat(100));
  });
});
