import { deviceName, type SessionDevice } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { SessionsCard } from './SessionsCard';

const device = (patch: Partial<SessionDevice>): SessionDevice => ({
  id: 's1',
  browser: 'Chrome',
  os: 'macOS',
  deviceType: 'desktop',
  ip: '81.2.69.142',
  place: 'United Kingdom',
  firstSeenAt: '2026-11-02T10:00:00Z',
  lastSeenAt: new Date().toISOString(),
  current: true,
  ...patch,
});

describe('SessionsCard', () => {
  it('lists this device first and signs another out, then lists again', async () => {
    const phone = device({
      id: 's2',
      browser: 'Safari',
      os: 'iOS',
      deviceType: 'mobile',
      ip: '91.64.0.1',
      place: 'Germany',
      current: false,
      lastSeenAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    });
    const api = fakeApi({
      'GET /api/auth/sessions': ({ calls }) => ({
        body: { sessions: calls === 1 ? [device({}), phone] : [device({})] },
      }),
      'DELETE /api/auth/sessions/s2': { status: 204 },
    });
    renderWithProviders(<SessionsCard />);

    const mac = await screen.findByRole('group', { name: 'Chrome on macOS' });
    expect(within(mac).getByText('This device')).toBeTruthy();
    expect(within(mac).getByText('United Kingdom · 81.2.69.142')).toBeTruthy();
    expect(within(mac).getByText('Signed in Nov 2, 2026 · Active now')).toBeTruthy();
    expect(within(mac).queryByRole('button')).toBeNull();
    const iPhone = screen.getByRole('group', { name: 'Safari on iOS' });
    expect(within(iPhone).getByText('Signed in Nov 2, 2026 · Active 3 hours ago')).toBeTruthy();
    expect(screen.getByText('1 other device signed in.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Safari on iOS' })).toBeNull());
    expect(api.requests.map((r) => r.route)).toContain('DELETE /api/auth/sessions/s2');
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toHaveProperty('disabled', true);
  });

  it('signs out everywhere else in one go', async () => {
    const api = fakeApi({
      'GET /api/auth/sessions': { body: { sessions: [device({}), device({ id: 's2', current: false })] } },
      'POST /api/auth/sessions/sign-out-others': { body: { signedOut: 1 } },
    });
    renderWithProviders(<SessionsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(api.requests.map((r) => r.route)).toContain('POST /api/auth/sessions/sign-out-others'),
    );
  });

  it('names a device by what its browser said', () => {
    expect(deviceName({ browser: 'Firefox', os: 'Linux' })).toBe('Firefox on Linux');
    expect(deviceName({ browser: 'Firefox', os: null })).toBe('Firefox');
    expect(deviceName({ browser: null, os: 'Android' })).toBe('A browser on Android');
    expect(deviceName({ browser: null, os: null })).toBe('Unknown browser');
  });
});
