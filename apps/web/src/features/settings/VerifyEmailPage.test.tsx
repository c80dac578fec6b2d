import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { VerifyEmailPage } from './VerifyEmailPage';

function renderPage(url: string, { signedIn = false } = {}) {
  if (signedIn) {
    localStorage.setItem('authToken', 'token-1');
    localStorage.setItem('userData', JSON.stringify(aUser()));
  }
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <Routes>
          <Route path="/verify-email" element={<VerifyEmailPage />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const EXPIRED = 'This verification link has expired. Send yourself a new one from Settings.';

describe('VerifyEmailPage', () => {
  it('sends the token once and says the address is verified', async () => {
    const api = fakeApi({ 'POST /api/auth/verify-email': { body: { email: 'ada@example.com' } } });
    renderPage('/verify-email?token=abc.def.ghi');
    await screen.findByRole('heading', { name: 'Your email address is verified' });
    expect(
      screen.getByText('ada@example.com can now get the email notifications you turn on in Settings.'),
    ).toBeTruthy();
    expect(api.requests).toEqual([{ route: 'POST /api/auth/verify-email', body: { token: 'abc.def.ghi' } }]);
    // Nobody is signed in here: the way on is signing in.
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it("says why a link didn't work and, signed in, sends a new one", async () => {
    const api = fakeApi({
      'POST /api/auth/verify-email': {
        status: 400,
        body: { message: EXPIRED, code: 'VERIFICATION_EXPIRED' },
      },
      'POST /api/auth/verify-email/send': { status: 204 },
      'GET /api/user/notification-settings': {
        body: {
          pushNotifications: true,
          emailNotifications: true,
          emailVerified: false,
          emailAvailable: true,
        },
      },
    });
    renderPage('/verify-email?token=old', { signedIn: true });
    await screen.findByRole('heading', { name: "This link didn't work" });
    expect(screen.getByText(EXPIRED)).toBeTruthy();
    (await screen.findByRole('button', { name: 'Send a new link' })).click();
    await screen.findByText(
      "We sent a new link to ada@example.com. It works for 24 hours; check your spam folder if it doesn't arrive.",
    );
    expect(api.routesCalled().filter((r) => r.startsWith('POST'))).toEqual([
      'POST /api/auth/verify-email',
      'POST /api/auth/verify-email/send',
    ]);
  });

  it('says a link without its token is incomplete, and asks nothing of the server', async () => {
    const api = fakeApi({});
    renderPage('/verify-email');
    await screen.findByRole('heading', { name: "This link didn't work" });
    expect(
      screen.getByText('The verification link is incomplete. Open the link from the email again.'),
    ).toBeTruthy();
    expect(screen.getByText('Sign in, then send yourself a new link from Settings.')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});
