import { type Account, account } from '@tally/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { ManualAccountDialog } from './ManualAccountDialog';

Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

/** As the API sends it (dollars); `card` is what the client makes of it (cents). */
const cardWire = {
  id: '6a0c1c55-3d6b-4b7e-9d55-000000000001',
  connectionId: 'm1',
  institutionName: 'Manual accounts',
  name: 'Store card',
  officialName: null,
  mask: null,
  type: 2,
  subtype: 'creditcard',
  currentBalance: 120,
  availableBalance: null,
  isActive: true,
  isManual: true,
  openingBalance: 100,
};
const card: Account = account.parse(cardWire);

function renderDialog(props: Partial<Parameters<typeof ManualAccountDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<ManualAccountDialog opened onClose={onClose} {...props} />);
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const combobox = (dialog: Dialog, name: string) => dialog.getByRole('combobox', { name }) as HTMLInputElement;

async function pick(dialog: Dialog, label: string, option: string) {
  fireEvent.click(combobox(dialog, label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ManualAccountDialog', { timeout: 20_000 }, () => {
  it('offers the subtypes of the chosen type and adds the account', async () => {
    const api = fakeApi({ 'POST /api/accounts/manual': { status: 201, body: cardWire } });
    const { dialog, onClose } = renderDialog();
    expect(combobox(dialog, 'Type').value).toBe('Depository');
    expect(combobox(dialog, 'Subtype').value).toBe('Checking');

    await pick(dialog, 'Type', 'Loan');
    expect(combobox(dialog, 'Subtype').value).toBe('');
    fireEvent.click(combobox(dialog, 'Subtype'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Student Loan', 'Mortgage', 'Auto Loan', 'Personal Loan']);
    fireEvent.click(screen.getByRole('option', { name: 'Mortgage' }));

    // A credit card has one subtype: it is chosen with the type.
    await pick(dialog, 'Type', 'Credit');
    expect(combobox(dialog, 'Subtype').value).toBe('Credit Card');
    expect(dialog.getByText('What you owed when you start tracking it')).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: /Account name/ }), {
      target: { value: 'Store card' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /Opening balance/ }), { target: { value: '100' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add Account' }));

    expect(await screen.findByText('Manual account added')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.requests[0]?.body).toEqual({
      name: 'Store card',
      type: 2,
      subtype: 'creditcard',
      openingBalance: 100,
    });
  });

  it("shows the schema's messages at their fields, and the server's too", async () => {
    const api = fakeApi({
      'POST /api/accounts/manual': {
        status: 400,
        body: { message: 'Opening balance must be at most $100,000,000', code: 'VALIDATION_ERROR' },
      },
    });
    const { dialog } = renderDialog();
    await pick(dialog, 'Type', 'Investment');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Account' }));
    expect(await dialog.findByText('Account name is required')).toBeTruthy();
    expect(dialog.getByText('Choose a subtype')).toBeTruthy();
    expect(api.requests).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: /Account name/ }), {
      target: { value: 'Brokerage' },
    });
    await pick(dialog, 'Subtype', 'Brokerage');
    fireEvent.click(dialog.getByRole('button', { name: 'Add Account' }));
    expect(await dialog.findByText('Opening balance must be at most $100,000,000')).toBeTruthy();
  });

  it('edits the name, subtype and opening balance but not the type', async () => {
    const api = fakeApi({
      [`PUT /api/accounts/manual/${card.id}`]: { body: { ...cardWire, openingBalance: 50 } },
    });
    const { dialog } = renderDialog({ account: card });
    expect(screen.getByRole('dialog', { name: 'Edit manual account' })).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: 'Type' }) as HTMLInputElement).disabled).toBe(true);
    const opening = dialog.getByRole('textbox', { name: /Opening balance/ }) as HTMLInputElement;
    expect(opening.value).toBe('$100');
    fireEvent.change(opening, { target: { value: '50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account updated')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({ name: 'Store card', subtype: 'creditcard', openingBalance: 50 });
  });
});
