import type { LoginResult, User } from '@tally/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const session = (user: User): LoginResult => ({
  token: 'token-2',
  user,
  expiresAt: '2030-01-01T00:00:00.000Z',
});

function renderDialog(user: User) {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(user));
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <ChangePasswordDialog user={user} opened onClose={onClose} />
      </AuthProvider>
    </MemoryRouter>,
  );
  return { onClose };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ChangePasswordDialog', () => {
  it('changes a password with the current one', async () => {
    const user = aUser({});
    const api = fakeApi({ 'POST /api/auth/change-password': { body: session(user) } });
    const { onClose } = renderDialog(user);
    type(/^Current password/, 'old-secret');
    type(/^New password/, 'new-secret');
    type(/^Confirm new password/, 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests).toEqual([
      {
        route: 'POST /api/auth/change-password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
      },
    ]);
    expect(localStorage.getItem('authToken')).toBe('token-2');
  });

  it('lets an account that signs in with Google only set a first password, without a current one', async () => {
    const user = aUser({ isGoogleUser: true, hasPassword: false });
    const api = fakeApi({ 'POST /api/auth/set-password': { body: session({ ...user, hasPassword: true }) } });
    const { onClose } = renderDialog(user);
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(/^New password/, 'first-secret');
    type(/^Confirm new password/, 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    type(/^Confirm new password/, 'first-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests).toEqual([
      { route: 'POST /api/auth/set-password', body: { newPassword: 'first-secret' } },
    ]);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').hasPassword).toBe(true);
  });
});
