import type { NotificationSettings } from '@tally/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { EmailNotificationsRow } from './EmailNotificationsRow';

const EMAIL = 'ada@example.com';
const settings = (patch: Partial<NotificationSettings> = {}): NotificationSettings => ({
  pushNotifications: true,
  emailNotifications: true,
  emailVerified: true,
  emailAvailable: true,
  ...patch,
});
const renderRow = (value: NotificationSettings) => {
  const onChange = vi.fn();
  renderWithProviders(<EmailNotificationsRow email={EMAIL} settings={value} onChange={onChange} />);
  return { onChange };
};

describe('EmailNotificationsRow', () => {
  it('says plainly that this server sends no email, with no switch to turn', () => {
    fakeApi({});
    renderRow(settings({ emailAvailable: false, emailVerified: false }));
    expect(
      screen.getByText(
        "This Tally server isn't set up to send email, so email notifications can't be sent. You'll still see every notification under the bell.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Email notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
  });

  it('asks to verify an address first, and sends a new link on request', async () => {
    const api = fakeApi({ 'POST /api/auth/verify-email/send': { status: 204 } });
    renderRow(settings({ emailVerified: false }));
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(
      screen.getByText(
        `Confirm that ${EMAIL} is yours before we send notifications there. We emailed you a link when you signed up.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Email notifications' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    await screen.findByText(
      `We sent a new link to ${EMAIL}. It works for 24 hours; check your spam folder if it doesn't arrive.`,
    );
    expect(api.routesCalled()).toEqual(['POST /api/auth/verify-email/send']);
    expect(screen.getByRole('button', { name: 'Send another link' })).toBeTruthy();
  });

  it("shows the server's answer when too many links were asked for", async () => {
    fakeApi({
      'POST /api/auth/verify-email/send': {
        status: 429,
        body: { message: 'Rate limit exceeded, retry in 59 minutes', code: 'RATE_LIMITED' },
      },
    });
    renderRow(settings({ emailVerified: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByText('Rate limit exceeded, retry in 59 minutes')).toBeTruthy();
  });

  it('offers the switch once the address is verified', async () => {
    fakeApi({});
    const { onChange } = renderRow(settings({ emailNotifications: false }));
    expect(screen.getByText('Verified')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    fireEvent.click(toggle);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
  });
});
