import { type AccessToken, type User, upgradeMessage } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { AccessTokensCard } from './AccessTokensCard';

const LIST = 'GET /api/access-tokens';
const CREATE = 'POST /api/access-tokens';
const SECRET = 'tly_Zq9sW1d7Kx3LmN5pR8tV2yB4cF6hJ0gA1eD3uI7oP9s';

const aToken = (patch: Partial<AccessToken> = {}): AccessToken => ({
  id: 't1',
  name: 'Budget spreadsheet',
  scope: 'read',
  hint: 'tly_Ab3x',
  createdAt: '2026-11-02T10:00:00Z',
  lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  expiresAt: null,
  ...patch,
});

function renderCard(user: User = aUser({ plan: 'premium' })) {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(user));
  return renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <AccessTokensCard />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const openCreateDialog = async () => {
  // It waits for the list: how many there are decides whether another fits.
  const create = await screen.findByRole('button', { name: 'Create token' });
  await waitFor(() => expect(create).toHaveProperty('disabled', false));
  fireEvent.click(create);
  return within(await screen.findByRole('dialog', { name: 'Create an access token' }));
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('AccessTokensCard', () => {
  it('lists each token read only, by its hint, with when it was used and when it expires', async () => {
    fakeApi({
      [LIST]: {
        body: {
          tokens: [
            aToken(),
            aToken({
              id: 't2',
              name: 'Home dashboard',
              hint: 'tly_Qr7m',
              lastUsedAt: null,
              expiresAt: '2099-03-01T12:00:00Z',
            }),
            aToken({
              id: 't3',
              name: 'Old script',
              hint: 'tly_Ww2c',
              lastUsedAt: null,
              expiresAt: '2025-01-15T12:00:00Z',
            }),
          ],
        },
      },
    });
    renderCard();

    const sheet = within(await screen.findByRole('group', { name: 'Budget spreadsheet' }));
    expect(sheet.getByText('Read only')).toBeTruthy();
    expect(sheet.getByText('tly_Ab3x…')).toBeTruthy();
    expect(sheet.getByText('Created Nov 2, 2026 · Last used 5 minutes ago · Never expires')).toBeTruthy();
    expect(sheet.getByRole('button', { name: 'Revoke Budget spreadsheet' })).toBeTruthy();

    const dashboard = within(screen.getByRole('group', { name: 'Home dashboard' }));
    expect(dashboard.getByText('tly_Qr7m…')).toBeTruthy();
    expect(dashboard.getByText(/Never used/)).toBeTruthy();
    expect(dashboard.getByText('Expires Mar 1, 2099').getAttribute('style') ?? '').not.toContain('red');

    const old = within(screen.getByRole('group', { name: 'Old script' }));
    expect(old.getByText('Expired Jan 15, 2025').getAttribute('style')).toContain('red');
    expect(screen.getByText('3 access tokens.')).toBeTruthy();
  });

  it('says so when there is none yet', async () => {
    fakeApi({ [LIST]: { body: { tokens: [] } } });
    renderCard();
    expect(await screen.findByText('No access tokens yet.')).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('creates a token and shows its secret once, to copy, then lists it without the secret', async () => {
    const made = aToken({ id: 't9', lastUsedAt: null, expiresAt: '2099-02-01T10:00:00Z' });
    const api = fakeApi({
      [LIST]: ({ calls }) => ({ body: { tokens: calls === 1 ? [] : [made] } }),
      [CREATE]: { status: 201, body: { token: made, secret: SECRET } },
    });
    // jsdom has no clipboard.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();

    const dialog = await openCreateDialog();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), {
      target: { value: '  Budget spreadsheet ' },
    });
    expect(dialog.getByRole('radio', { name: '90 days' })).toHaveProperty('checked', true);
    fireEvent.change(dialog.getByLabelText(/^Your password/), { target: { value: 'my password' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create token' }));

    const field = await dialog.findByRole('textbox', { name: 'Your access token' });
    expect(field).toHaveProperty('value', SECRET);
    expect(field).toHaveProperty('readOnly', true);
    expect(dialog.getByText('Copy it now: this is the only time it is shown.')).toBeTruthy();
    expect(
      dialog.getByText(
        `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/transactions`,
      ),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.route === CREATE)).toEqual([
      {
        route: CREATE,
        body: { name: 'Budget spreadsheet', scope: 'read', expiresInDays: 90, password: 'my password' },
      },
    ]);

    fireEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await dialog.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByRole('group', { name: 'Budget spreadsheet' });
    expect(within(row).getByText('tly_Ab3x…')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();

    // Opened again, the dialog asks for a new token: the secret is not shown again.
    const again = await openCreateDialog();
    expect(again.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', '');
    expect(again.queryByRole('textbox', { name: 'Your access token' })).toBeNull();
  });

  it('asks for a name, and shows the server’s refusal in the dialog', async () => {
    const api = fakeApi({
      [LIST]: { body: { tokens: [] } },
      [CREATE]: {
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'You can have up to 10 access tokens. Revoke one to create another.',
        },
      },
    });
    renderCard();

    const dialog = await openCreateDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(dialog.getByRole('alert').textContent).toBe('Give the token a name');
    expect(api.count(CREATE)).toBe(0);

    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Forever script' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Never' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    // A token outlasts this session: the password is asked for.
    expect(dialog.getByRole('alert').textContent).toBe('Enter your password');
    expect(api.count(CREATE)).toBe(0);
    fireEvent.change(dialog.getByLabelText(/^Your password/), { target: { value: 'my password' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        'You can have up to 10 access tokens. Revoke one to create another.',
      ),
    );
    expect(api.requests.find((r) => r.route === CREATE)?.body).toEqual({
      name: 'Forever script',
      scope: 'read',
      expiresInDays: null,
      password: 'my password',
    });
    expect(dialog.queryByRole('textbox', { name: 'Your access token' })).toBeNull();
  });

  it('asks before revoking a token, then revokes it and lists the rest', async () => {
    const api = fakeApi({
      [LIST]: ({ calls }) => ({ body: { tokens: calls === 1 ? [aToken()] : [] } }),
      'DELETE /api/access-tokens/t1': { status: 204 },
    });
    renderCard();

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Budget spreadsheet' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke access token' }));
    expect(
      confirm.getByText(
        'Apps using “Budget spreadsheet” stop reaching your data at once. This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(api.count('DELETE /api/access-tokens/t1')).toBe(0);

    fireEvent.click(confirm.getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Budget spreadsheet' })).toBeNull());
    expect(api.count('DELETE /api/access-tokens/t1')).toBe(1);
    expect(await screen.findByText('Access token revoked')).toBeTruthy();
    expect(screen.getByText('No access tokens yet.')).toBeTruthy();
  });

  it('counts only tokens that have not expired against the ten', async () => {
    const expired = aToken({ id: 'old', name: 'Old script', expiresAt: '2025-01-15T12:00:00Z' });
    fakeApi({
      [LIST]: {
        body: {
          tokens: [
            ...Array.from({ length: 9 }, (_, i) => aToken({ id: `t${i}`, name: `App ${i}` })),
            expired,
          ],
        },
      },
    });
    renderCard();
    expect(await screen.findByText('10 access tokens.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create token' })).toHaveProperty('disabled', false),
    );
  });

  it('lets no more be created once there are ten', async () => {
    fakeApi({
      [LIST]: {
        body: { tokens: Array.from({ length: 10 }, (_, i) => aToken({ id: `t${i}`, name: `App ${i}` })) },
      },
    });
    renderCard();
    expect(
      await screen.findByText('You can have up to 10 access tokens. Revoke one to create another.'),
    ).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create token' });
    expect(create).toHaveProperty('disabled', true);
    expect(create.getAttribute('title')).toBe(
      'You can have up to 10 access tokens. Revoke one to create another.',
    );
  });

  it('offers Premium instead of creating on Starter, and still lists the tokens to revoke', async () => {
    fakeApi({ [LIST]: { body: { tokens: [aToken()] } } });
    renderCard(aUser({ plan: 'starter', trialPlan: 'premium' }));

    const row = await screen.findByRole('group', { name: 'Budget spreadsheet' });
    expect(within(row).getByRole('button', { name: 'Revoke Budget spreadsheet' })).toBeTruthy();
    expect(screen.getByText(upgradeMessage('access-tokens'))).toBeTruthy();
    expect(screen.getByText('Your tokens read nothing until you are on Premium again.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Connected apps come with Premium' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
  });
});
