import type { Notification } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { NotificationBell } from './NotificationBell';

afterEach(() => vi.unstubAllGlobals());

const told = (patch: Partial<Notification>): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'subscription_due',
  title: 'Streamly is due tomorrow',
  body: '$15.99 on Nov 27.',
  link: '/subscriptions',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...patch,
});

const newest = told({
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'budget_over',
  title: 'Groceries is over budget',
  body: "You've spent $450.00 of $400.00 this period, $50.00 over.",
  link: '/budgets',
});
const older = told({});
const read = told({
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'goal_completed',
  title: 'Goal reached: New bike',
  body: 'You saved $300.00. Well done!',
  link: '/savings/00000000-0000-4000-8000-0000000000aa',
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  readAt: new Date().toISOString(),
});

function renderBell() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <NotificationBell />
      <Routes>
        <Route path="/dashboard" element={<p>Dashboard screen</p>} />
        <Route path="/budgets" element={<p>Budgets screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('NotificationBell', () => {
  it('shows the unread count, the list newest first with unread ones highlighted, and opens one', async () => {
    let shown = [newest, older, read];
    const api = fakeApi({
      'GET /api/notifications': () => ({
        body: { notifications: shown, unreadCount: shown.filter((n) => !n.readAt).length },
      }),
      [`POST /api/notifications/${newest.id}/read`]: () => {
        shown = shown.map((n) => (n.id === newest.id ? { ...n, readAt: new Date().toISOString() } : n));
        return { body: shown[0] };
      },
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('link')[0]?.getAttribute('aria-label'))).toEqual([
      'Unread: Groceries is over budget',
      'Unread: Streamly is due tomorrow',
      'Goal reached: New bike',
    ]);
    expect(items.map((li) => li.hasAttribute('data-unread'))).toEqual([true, true, false]);
    expect(within(items[0] as HTMLElement).getByText('5 minutes ago')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('3 hours ago')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Unread: Groceries is over budget' }));
    expect(await screen.findByText('Budgets screen')).toBeTruthy();
    await waitFor(() => expect(api.count(`POST /api/notifications/${newest.id}/read`)).toBe(1));
    // The popover closed, and the badge counts one fewer at once.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('dismisses one and marks all as read', async () => {
    let shown = [newest, older];
    const api = fakeApi({
      'GET /api/notifications': () => ({
        body: { notifications: shown, unreadCount: shown.filter((n) => !n.readAt).length },
      }),
      [`DELETE /api/notifications/${older.id}`]: () => {
        shown = shown.filter((n) => n.id !== older.id);
        return { status: 204 };
      },
      'POST /api/notifications/read-all': () => {
        shown = shown.map((n) => ({ ...n, readAt: new Date().toISOString() }));
        return { body: { updated: 1, unreadCount: 0 } };
      },
    });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss: Streamly is due tomorrow' }));
    await waitFor(() => expect(screen.queryByText('Streamly is due tomorrow')).toBeNull());
    await waitFor(() => expect(api.count(`DELETE /api/notifications/${older.id}`)).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.count('POST /api/notifications/read-all')).toBe(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when there is nothing to tell', async () => {
    fakeApi({ 'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } } });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.getByText('Alerts about budgets, bills and goals will appear here.')).toBeTruthy();
  });

  it('closes on Escape wherever the focus is', async () => {
    fakeApi({ 'GET /api/notifications': { body: { notifications: [older], unreadCount: 1 } } });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeTruthy();
    // The focus outside the list, as after the item it was on is dismissed.
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull());
  });
});
