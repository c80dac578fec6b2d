import { type Account, account, transaction } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { TransactionDialog } from './TransactionDialog';

// jsdom has no layout; Mantine's combobox scrolls the selected option into view.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const CASH_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000001';
const TODAY = '2026-03-14';

/** As the API sends it (dollars); `cash` is what the client makes of it (cents). */
const cashWire = {
  id: CASH_ID,
  connectionId: 'm1',
  institutionName: 'Manual accounts',
  name: 'Cash wallet',
  officialName: null,
  mask: null,
  type: 0,
  subtype: 'checking',
  currentBalance: 100,
  availableBalance: null,
  isActive: true,
  isManual: true,
  openingBalance: 100,
} satisfies z.input<typeof account>;
const cash: Account = account.parse(cashWire);
const linked: Account = {
  ...cash,
  id: 'bank-1',
  name: 'Everyday Checking',
  isManual: false,
  openingBalance: null,
};

/** A saved transaction as the API sends it (dollars); `transaction.parse` gives what the client holds. */
const saved = (patch: Partial<z.input<typeof transaction>> = {}) => ({
  id: 't1',
  description: 'Farmers market',
  merchantName: null,
  amount: -23.4,
  accountId: CASH_ID,
  accountName: 'Cash wallet',
  category: 20,
  categoryName: 'Groceries',
  date: TODAY,
  pending: false,
  isTransfer: false,
  note: null,
  isManual: true,
  ...patch,
});

function renderDialog(props: Partial<Parameters<typeof TransactionDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <TransactionDialog opened onClose={onClose} accounts={[linked, cash]} today={TODAY} {...props} />,
  );
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const type = (dialog: Dialog, name: RegExp, value: string) =>
  fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });

describe('TransactionDialog', { timeout: 20_000 }, () => {
  it('says what will be saved as the money goes out or comes in, and sends the sign with it', async () => {
    const api = fakeApi({ 'POST /api/transactions/manual': { status: 201, body: saved() } });
    const { dialog, onClose } = renderDialog();

    // Only manual accounts take typed transactions; the first is chosen.
    expect((dialog.getByRole('combobox', { name: 'Account' }) as HTMLInputElement).value).toBe('Cash wallet');
    expect((dialog.getByRole('radio', { name: 'Money out' }) as HTMLInputElement).checked).toBe(true);
    type(dialog, /^Description/, 'Farmers market');
    type(dialog, /^Amount of money out/, '23.40');
    expect(dialog.getByText('Saved as -$23.40 (money out)')).toBeTruthy();

    fireEvent.click(dialog.getByRole('radio', { name: 'Money in' }));
    expect(dialog.getByText('Saved as +$23.40 (money in)')).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: 'Money out' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add Transaction' }));

    expect(await screen.findByText('Transaction added')).toBeTruthy();
    expect(screen.getByText('"Farmers market" was added to Cash wallet.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.requests[0]).toEqual({
      route: 'POST /api/transactions/manual',
      body: {
        accountId: CASH_ID,
        date: TODAY,
        description: 'Farmers market',
        amount: -23.4,
        category: 99,
        note: null,
      },
    });
  });

  it('shows what is missing at its field before anything is sent', async () => {
    const api = fakeApi({});
    const { dialog } = renderDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Description is required')).toBeTruthy();
    expect(dialog.getByText('Enter the amount')).toBeTruthy();
    type(dialog, /^Amount of money out/, '0');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Amount cannot be 0')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('edits a transaction from its saved values, money in staying in', async () => {
    const refund = saved({ amount: 8.99, description: 'Refund', note: 'Returned shoes', category: 24 });
    const api = fakeApi({
      [`PUT /api/transactions/manual/${refund.id}`]: { body: { ...refund, amount: 9.99 } },
    });
    const { dialog } = renderDialog({ transaction: transaction.parse(refund) });
    expect(screen.getByRole('dialog', { name: 'Edit transaction' })).toBeTruthy();
    expect((dialog.getByRole('radio', { name: 'Money in' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('textbox', { name: /^Amount of money in/ }) as HTMLInputElement).value).toBe(
      '$8.99',
    );
    expect((dialog.getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe('Shopping');
    expect(dialog.queryByRole('button', { name: 'New manual account' })).toBeNull();

    type(dialog, /^Amount of money in/, '9.99');
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction updated')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({
      accountId: CASH_ID,
      date: TODAY,
      description: 'Refund',
      amount: 9.99,
      category: 24,
      note: 'Returned shoes',
    });
  });

  it("shows the server's refusal at its field", async () => {
    fakeApi({
      'POST /api/transactions/manual': {
        status: 404,
        body: { message: 'Account not found', code: 'NOT_FOUND' },
      },
    });
    const { dialog } = renderDialog();
    type(dialog, /^Description/, 'Farmers market');
    type(dialog, /^Amount of money out/, '5');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Account not found')).toBeTruthy();
  });

  it('without a manual account, offers to make one first, then adds the transaction to it', async () => {
    const made = {
      ...cashWire,
      id: '6a0c1c55-3d6b-4b7e-9d55-000000000009',
      name: 'Piggy bank',
      openingBalance: 0,
    };
    fakeApi({ 'POST /api/accounts/manual': { status: 201, body: made } });
    const { dialog } = renderDialog({ accounts: [linked] });

    expect(screen.getByRole('dialog', { name: 'Add a manual account' })).toBeTruthy();
    expect(dialog.getByText(/Transactions you type in are kept in a manual account/)).toBeTruthy();
    type(dialog, /^Account name/, 'Piggy bank');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Account' }));

    expect(await screen.findByRole('dialog', { name: 'Add transaction' })).toBeTruthy();
    await waitFor(() =>
      expect((dialog.getByRole('combobox', { name: 'Account' }) as HTMLInputElement).value).toBe(
        'Piggy bank',
      ),
    );
  });
});
