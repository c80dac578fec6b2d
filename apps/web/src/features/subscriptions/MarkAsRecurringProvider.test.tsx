import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { useMarkAsRecurring } from '../../lib/mark-as-recurring';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { MarkAsRecurringProvider } from './MarkAsRecurringProvider';
import { aPrefill, aSubscription, TRANSACTION_ID } from './test-fixtures';

const PREFILL = `GET /api/subscriptions/from-transaction/${TRANSACTION_ID}`;

/** A stand-in for a transactions row: its menu item calls what the provider offers. */
function Row() {
  const markAsRecurring = useMarkAsRecurring();
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => markAsRecurring?.(TRANSACTION_ID)}>
        Mark as Recurring
      </button>
      <div data-testid="address">{location.pathname}</div>
    </>
  );
}

function renderWithRow() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser()));
  return renderWithProviders(
    <MemoryRouter initialEntries={['/transactions']}>
      <AuthProvider>
        <MarkAsRecurringProvider>
          <Row />
        </MarkAsRecurringProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
}

Element.prototype.scrollIntoView ??= () => {};

// The dialog loads on first use; load it up front so the test does not wait on a cold import.
beforeAll(async () => {
  await import('./components/SubscriptionDialog');
});

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-12T15:00:00Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('MarkAsRecurringProvider', () => {
  it('opens the add dialog prefilled from the transaction, links it, and offers the way to the list', async () => {
    const api = fakeApi({
      [PREFILL]: { body: aPrefill() },
      'POST /api/subscriptions': { status: 201, body: aSubscription({ name: 'Hulu' }) },
    });
    renderWithRow();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Recurring' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Subscription' }));
    expect(await dialog.findByDisplayValue('Hulu')).toBeTruthy();
    expect(dialog.getByText(/From your charge at Hulu/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Add Subscription' }));
    expect(await screen.findByText('Subscription added')).toBeTruthy();
    expect(api.to('/api/subscriptions')[0]?.body).toMatchObject({ transactionId: TRANSACTION_ID });
    // The person stays on transactions until they choose to look.
    expect(screen.getByTestId('address').textContent).toBe('/transactions');
    fireEvent.click(screen.getByRole('button', { name: 'View subscriptions' }));
    expect(screen.getByTestId('address').textContent).toBe('/subscriptions');
  });

  it('says so when the transaction cannot be read, and asks again next time', async () => {
    const api = fakeApi({
      [PREFILL]: ({ calls }) =>
        calls === 1
          ? { status: 404, body: { message: 'Transaction not found', code: 'NOT_FOUND' } }
          : { body: aPrefill() },
    });
    renderWithRow();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Recurring' }));
    expect(await screen.findByText('Could not mark as recurring')).toBeTruthy();
    expect(screen.getByText('Transaction not found')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Mark as Recurring' }));
    expect(await screen.findByDisplayValue('Hulu')).toBeTruthy();
    expect(api.count(PREFILL)).toBe(2);
  });
});
