import type { User } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { RequireAuth } from '../../app/guards';
import { FAREWELL_KEY } from '../../app/paths';
import { page } from '../../lib/page';
import { aUser, demoConfig, fakeApi, renderWithProviders } from '../../test-utils';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The dialog on the signed-in Settings route. */
function renderDialog(user: User) {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(user));
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={['/settings']}>
      <AuthProvider>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route path="/settings" element={<DeleteAccountDialog user={user} opened onClose={onClose} />} />
          </Route>
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
  return { onClose };
}

const deleted = { status: 204 };
// Rendering Mantine's dialog in jsdom takes seconds on a busy machine; these waits are bounds, not delays.
const slow = { timeout: 10_000 };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  Reflect.deleteProperty(window, 'google');
  localStorage.clear();
});

describe('DeleteAccountDialog', { timeout: 30_000 }, () => {
  it('says what is lost, and deletes the account with the password, then leaves for the landing page', async () => {
    const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
    const api = fakeApi({ 'GET /api/config': { body: demoConfig }, 'DELETE /api/user': deleted });
    renderDialog(aUser());
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Disconnect every linked bank')).toBeTruthy();
    expect(dialog.getByText('This cannot be undone.')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'my secret' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Account' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/'), slow);
    expect(JSON.parse(sessionStorage.getItem(FAREWELL_KEY) ?? '{}')).toEqual({
      title: 'Account deleted',
      message: 'Your account and all of its data have been deleted.',
    });
    expect(api.requests.filter((r) => r.route === 'DELETE /api/user')).toEqual([
      { route: 'DELETE /api/user', body: { password: 'my secret' } },
    ]);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('asks for the password before sending anything', async () => {
    const api = fakeApi({ 'GET /api/config': { body: demoConfig } });
    renderDialog(aUser());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Enter your password to delete your account', {}, slow)).toBeTruthy();
    expect(api.count('DELETE /api/user')).toBe(0);
  });

  it('shows a wrong password and keeps the person signed in', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'DELETE /api/user': { status: 403, body: { message: 'Incorrect password', code: 'INVALID_PASSWORD' } },
    });
    const { onClose } = renderDialog(aUser());
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('alert', {}, slow)).toHaveProperty('textContent', 'Incorrect password');
    expect(localStorage.getItem('authToken')).toBe('token-1');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says which bank couldn't be disconnected when nothing was deleted, and keeps the person signed in", async () => {
    const message =
      "We couldn't disconnect First Platypus Bank at your bank just now. Nothing was deleted; please try again in a few minutes.";
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'DELETE /api/user': { status: 502, body: { message, code: 'BANK_DISCONNECT_FAILED' } },
    });
    renderDialog(aUser());
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'my secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('alert', {}, slow)).toHaveProperty('textContent', message);
    expect(localStorage.getItem('authToken')).toBe('token-1');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('confirms an account that signs in with Google only through Google, without a password', async () => {
    // Google Identity Services as the page sees it: its button hands a fresh ID token to the callback.
    let signedIn: ((r: { credential?: string }) => void) | null = null;
    window.google = {
      accounts: {
        id: {
          initialize: ({ callback }) => {
            signedIn = callback;
          },
          renderButton: (el) => {
            const button = document.createElement('button');
            button.textContent = 'Sign in with Google';
            button.onclick = () => signedIn?.({ credential: 'fresh-google-id-token' });
            el.replaceChildren(button);
          },
          prompt: () => {},
        },
      },
    };
    const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/config': { body: { ...demoConfig, googleClientId: 'client.apps.googleusercontent.com' } },
      'DELETE /api/user': deleted,
    });
    renderDialog(aUser({ isGoogleUser: true, hasPassword: false }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }, slow));

    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull(), slow);
    expect(api.requests.filter((r) => r.route === 'DELETE /api/user')).toEqual([
      { route: 'DELETE /api/user', body: { idToken: 'fresh-google-id-token' } },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('/');
  });
});
