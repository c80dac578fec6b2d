import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../test-utils';
import { aDetected, aSubscription } from '../test-fixtures';
import { DetectedSubscriptionsDialog } from './DetectedSubscriptionsDialog';

const DETECT = 'POST /api/subscriptions/detect';
const CONFIRM = 'POST /api/subscriptions/confirm';

// As the API sends them (dollars).
let netflix: ReturnType<typeof aDetected>;
let gym: ReturnType<typeof aDetected>;
let meals: ReturnType<typeof aDetected>;

beforeEach(() => {
  netflix = aDetected({
    merchantName: 'Netflix',
    confidence: 0.95,
    priceChange: { previousAmount: 15.49, date: '2026-10-20' },
  });
  gym = aDetected({
    merchantName: 'Crunch Fitness',
    amount: 24.99,
    confidence: 0.85,
    category: 5,
    estimatedNextDue: null,
  });
  meals = aDetected({ merchantName: 'HelloFresh', amount: 60, frequency: 0, confidence: 0.64, category: 8 });
  // Wide enough for the table (the phone layout is a list of cards).
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<DetectedSubscriptionsDialog opened onClose={onClose} />);
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Detected Subscriptions' })) };
}

type Dialog = ReturnType<typeof renderDialog>['dialog'];
const checkbox = (dialog: Dialog, merchant: string) =>
  dialog.getByRole('checkbox', { name: `Select ${merchant}` }) as HTMLInputElement;
const row = (dialog: Dialog, merchant: string) =>
  within(checkbox(dialog, merchant).closest('tr') as HTMLElement);

describe('DetectedSubscriptionsDialog', () => {
  it('looks as it opens, then lists what it found with the confident ones ticked', async () => {
    const api = fakeApi({ [DETECT]: { body: [netflix, gym, meals] } });
    const { dialog } = renderDialog();
    expect(dialog.getByText('Looking for subscriptions…')).toBeTruthy();
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    expect(api.requests).toEqual([{ route: DETECT, body: { includeBills: false } }]);

    expect(checkbox(dialog, 'Netflix').checked).toBe(true);
    expect(checkbox(dialog, 'Crunch Fitness').checked).toBe(true);
    expect(checkbox(dialog, 'HelloFresh').checked).toBe(false);
    expect(dialog.getByText('2 selected')).toBeTruthy();
    // 17.99 + 24.99 a month.
    expect(dialog.getByText('$42.98 a month')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Confirm 2 Subscriptions' })).toBeTruthy();

    const hello = row(dialog, 'HelloFresh');
    expect(hello.getByText('$60.00')).toBeTruthy();
    expect(hello.getByText('Weekly')).toBeTruthy();
    expect(hello.getByText('Auto-detected')).toBeTruthy();
    expect(hello.getByText('Medium · 64%')).toBeTruthy();
    expect(row(dialog, 'Netflix').getByText('High · 95%')).toBeTruthy();
    expect(row(dialog, 'Netflix').getByText('Nov 20, 2026')).toBeTruthy();
    expect(row(dialog, 'Crunch Fitness').getByText('TBD')).toBeTruthy();
  });

  it('selects all, none, and counts the monthly total of the selection', async () => {
    fakeApi({ [DETECT]: { body: [netflix, gym, meals] } });
    const { dialog } = renderDialog();
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    const all = dialog.getByRole('checkbox', { name: 'Select All' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    fireEvent.click(all);
    expect(dialog.getByText('3 selected')).toBeTruthy();
    // HelloFresh weekly: 60 × 4.33 = 259.80.
    expect(dialog.getByText('$302.78 a month')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Confirm 3 Subscriptions' })).toBeTruthy();
    fireEvent.click(all);
    expect(dialog.getByText('0 selected')).toBeTruthy();
    expect(dialog.getByText('$0.00 a month')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Confirm 0 Subscriptions' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(checkbox(dialog, 'Netflix'));
    expect(dialog.getByRole('button', { name: 'Confirm 1 Subscription' })).toBeTruthy();
  });

  it('unfolds what the detection saw for a row', async () => {
    fakeApi({ [DETECT]: { body: [netflix, gym] } });
    const { dialog } = renderDialog();
    const toggle = await dialog.findByRole('button', { name: 'Details for Netflix' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(document.getElementById(`detected-details-${netflix.id}`) as HTMLElement);
    expect(details.getByText('14 charges')).toBeTruthy();
    expect(details.getByText('Sep 20, 2025')).toBeTruthy();
    expect(details.getByText('Oct 20, 2026')).toBeTruthy();
    expect(details.getByText('every 30 days')).toBeTruthy();
    expect(details.getByText('$15.49 → $17.99 on Oct 20, 2026')).toBeTruthy();
  });

  it('confirms each selected item, then closes', async () => {
    const api = fakeApi({
      [DETECT]: { body: [netflix, gym, meals] },
      [CONFIRM]: { status: 201, body: aSubscription() },
    });
    const { dialog, onClose } = renderDialog();
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm 2 Subscriptions' }));
    expect(await screen.findByText('2 subscriptions added')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.to('/api/subscriptions/confirm').map((r) => r.body)).toEqual([
      {
        id: netflix.id,
        merchantName: 'Netflix',
        amount: 17.99,
        frequency: 2,
        category: 1,
        estimatedNextDue: '2026-11-20',
      },
      {
        id: gym.id,
        merchantName: 'Crunch Fitness',
        amount: 24.99,
        frequency: 2,
        category: 5,
        estimatedNextDue: null,
      },
    ]);
  });

  it('keeps what failed to confirm on the list, with Confirmation Failed', async () => {
    fakeApi({
      [DETECT]: { body: [netflix, gym, meals] },
      [CONFIRM]: ({ body }) =>
        (body as { id: string }).id === gym.id
          ? { status: 409, body: { message: 'Already tracked', code: 'CONFLICT' } }
          : { status: 201, body: aSubscription() },
    });
    const { dialog, onClose } = renderDialog();
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm 2 Subscriptions' }));
    expect(await screen.findByText('Confirmation Failed')).toBeTruthy();
    expect(screen.getByText('Could not confirm Crunch Fitness. Already tracked')).toBeTruthy();
    await waitFor(() => expect(dialog.queryByRole('checkbox', { name: 'Select Netflix' })).toBeNull());
    expect(checkbox(dialog, 'Crunch Fitness').checked).toBe(true);
    expect(dialog.getByText('1 selected')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('dismisses a suggestion so it is not offered again', async () => {
    const api = fakeApi({
      [DETECT]: { body: [netflix, meals] },
      [`POST /api/subscriptions/${meals.id}/dismiss`]: { status: 204 },
    });
    const { dialog } = renderDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Dismiss HelloFresh' }));
    expect(await screen.findByText('Suggestion dismissed')).toBeTruthy();
    expect(dialog.queryByRole('checkbox', { name: 'Select HelloFresh' })).toBeNull();
    expect(api.routesCalled()).toContain(`POST /api/subscriptions/${meals.id}/dismiss`);
  });

  it('says when nothing was found', async () => {
    fakeApi({ [DETECT]: { body: [] } });
    const { dialog } = renderDialog();
    expect(
      await dialog.findByText('No subscription patterns detected in your transaction history.'),
    ).toBeTruthy();
  });

  it('says Detection Failed with the reason, and looks again on request, bills included if asked', async () => {
    const api = fakeApi({
      [DETECT]: ({ calls }) =>
        calls === 1
          ? { status: 503, body: { message: 'History is still importing', code: 'UNAVAILABLE' } }
          : { body: [netflix] },
    });
    const { dialog } = renderDialog();
    expect(await screen.findByText('Detection Failed')).toBeTruthy();
    expect(dialog.getByText('History is still importing')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    fireEvent.click(dialog.getByRole('switch', { name: /Include bills/ }));
    await dialog.findByRole('checkbox', { name: 'Select Netflix' });
    expect(api.requests.map((r) => r.body)).toEqual([
      { includeBills: false },
      { includeBills: false },
      { includeBills: true },
    ]);
  });
});
