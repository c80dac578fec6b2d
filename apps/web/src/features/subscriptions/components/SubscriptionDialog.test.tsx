import { subscription, subscriptionPrefill } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { aPrefill, aSubscription, TRANSACTION_ID } from '../test-fixtures';
import { SubscriptionDialog } from './SubscriptionDialog';

// jsdom has no scrollIntoView; Mantine's Select calls it on the option it highlights.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2026-11-12';
const CREATED = aSubscription({ name: 'iCloud+', amount: 2.99 });

function renderDialog(props: Partial<Parameters<typeof SubscriptionDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<SubscriptionDialog opened onClose={onClose} today={TODAY} {...props} />);
  return { onClose, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const field = (dialog: Dialog, name: RegExp) => dialog.getByRole('textbox', { name });
const type = (dialog: Dialog, name: RegExp, value: string) =>
  fireEvent.change(field(dialog, name), { target: { value } });
const submit = (dialog: Dialog, name = 'Add Subscription') =>
  fireEvent.click(dialog.getByRole('button', { name }));

describe('SubscriptionDialog', () => {
  it("starts with SPEC §5's defaults and no status to choose", () => {
    const { dialog } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add Subscription' })).toBeTruthy();
    expect((dialog.getByRole('combobox', { name: 'Frequency' }) as HTMLInputElement).value).toBe('Monthly');
    expect((dialog.getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe('Other');
    expect((field(dialog, /Next due date/) as HTMLInputElement).value).toBe('Nov 13, 2026');
    expect((dialog.getByRole('switch', { name: /Auto-renew/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(dialog.getByText('0/500')).toBeTruthy();
  });

  it('shows every field rule at its field before anything is sent', async () => {
    const api = fakeApi({});
    const { dialog } = renderDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Clear next due date' }));
    submit(dialog);
    expect(await dialog.findByText('Subscription name is required')).toBeTruthy();
    expect(dialog.getByText('Amount must be greater than 0')).toBeTruthy();
    expect(dialog.getByText('Next due date is required')).toBeTruthy();

    type(dialog, /Name/, 'N'.repeat(101));
    type(dialog, /Amount/, '10001');
    type(dialog, /Next due date/, '2026-11-01');
    type(dialog, /Description/, 'd'.repeat(501));
    expect(dialog.getByText('501/500')).toBeTruthy();
    submit(dialog);
    expect(await dialog.findByText('Name must be less than 100 characters')).toBeTruthy();
    expect(dialog.getByText('Amount must be less than $10,000')).toBeTruthy();
    expect(dialog.getByText('Due date cannot be in the past')).toBeTruthy();
    expect(dialog.getByText('Description must be less than 500 characters')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('closes the date picker on Escape before the dialog', async () => {
    const { dialog, onClose } = renderDialog();
    const due = field(dialog, /Next due date/);
    fireEvent.click(due);
    await waitFor(() => expect(due.getAttribute('data-mantine-stop-propagation')).toBe('true'));
    fireEvent.keyDown(due, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(due.hasAttribute('data-mantine-stop-propagation')).toBe(false));
    fireEvent.keyDown(due, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows what a charge is worth a month when it is not monthly', () => {
    const { dialog } = renderDialog({
      subscription: subscription.parse(aSubscription({ amount: 10, frequency: 0 })),
    });
    expect(dialog.getByText('≈ $43.30 a month')).toBeTruthy();
  });

  it("shows the server's message in a toast, and at its field when it is about one", async () => {
    fakeApi({
      'POST /api/subscriptions': {
        status: 400,
        body: { message: 'Due date cannot be in the past', code: 'VALIDATION' },
      },
    });
    const { dialog, onClose } = renderDialog();
    type(dialog, /Name/, 'iCloud+');
    type(dialog, /Amount/, '2.99');
    submit(dialog);
    expect(await screen.findByText('Error saving subscription')).toBeTruthy();
    expect(dialog.getByText('Due date cannot be in the past')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Failed to save subscription' when the server gives no reason", async () => {
    fakeApi({ 'POST /api/subscriptions': { status: 502, text: 'Bad gateway' } });
    const { dialog } = renderDialog();
    type(dialog, /Name/, 'iCloud+');
    type(dialog, /Amount/, '2.99');
    submit(dialog);
    expect(await screen.findByText('Error saving subscription')).toBeTruthy();
    expect(screen.getByText('Failed to save subscription')).toBeTruthy();
  });

  it('saves and closes with a toast', async () => {
    const api = fakeApi({ 'POST /api/subscriptions': { status: 201, body: CREATED } });
    const { dialog, onClose } = renderDialog();
    type(dialog, /Name/, 'iCloud+');
    type(dialog, /Amount/, '2.99');
    type(dialog, /Description/, 'Family plan');
    fireEvent.click(dialog.getByRole('switch', { name: /Auto-renew/ }));
    submit(dialog);
    expect(await screen.findByText('Subscription added')).toBeTruthy();
    expect(screen.getByText('"iCloud+" is now tracked.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.requests[0]?.body).toMatchObject({ description: 'Family plan', autoRenew: false });
  });

  it('waits for a prefill, then starts from it and sends the transaction along', async () => {
    const api = fakeApi({ 'POST /api/subscriptions': { status: 201, body: CREATED } });
    const onClose = vi.fn();
    const { rerender } = renderWithProviders(
      <SubscriptionDialog opened onClose={onClose} today={TODAY} loading />,
    );
    expect(screen.getByRole('status').textContent).toBe('Preparing the subscription…');
    rerender(
      <SubscriptionDialog
        opened
        onClose={onClose}
        today={TODAY}
        prefill={subscriptionPrefill.parse(aPrefill())}
      />,
    );
    const dialog = within(screen.getByRole('dialog'));
    expect((field(dialog, /Name/) as HTMLInputElement).value).toBe('Hulu');
    expect((field(dialog, /Amount/) as HTMLInputElement).value).toBe('$18.99');
    expect((dialog.getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe('Streaming');
    expect((field(dialog, /Next due date/) as HTMLInputElement).value).toBe('Dec 5, 2026');
    submit(dialog);
    expect(await screen.findByText('Subscription added')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({
      name: 'Hulu',
      amount: 18.99,
      frequency: 2,
      category: 1,
      description: '',
      nextDueDate: '2026-12-05',
      autoRenew: true,
      transactionId: TRANSACTION_ID,
    });
  });
});
