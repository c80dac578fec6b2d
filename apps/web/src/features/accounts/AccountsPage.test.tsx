import type { Account, Connection, HistorySyncProgress } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, demoConfig, fakeApi, renderWithProviders } from '../../test-utils';
import { AccountsPage } from './AccountsPage';

const CONNECTION_ID = '6a0c1c55-3d6b-4b7e-9d55-000000000001';

const anAccount = (over: Partial<Account>): Account => ({
  id: over.name ?? 'a',
  connectionId: CONNECTION_ID,
  institutionName: 'First Demo Bank',
  name: 'Account',
  officialName: null,
  mask: null,
  type: 0,
  subtype: null,
  currentBalance: 0,
  availableBalance: null,
  isActive: true,
  isManual: false,
  openingBalance: null,
  ...over,
});

const firstDemoBank: Connection = {
  id: CONNECTION_ID,
  institutionId: 'ins_first',
  institutionName: 'First Demo Bank',
  isActive: true,
  lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  provider: 'demo',
  accounts: [
    anAccount({ name: 'Visa Signature', type: 2, subtype: 'credit card', currentBalance: 420.5 }),
    anAccount({
      name: 'Everyday Checking',
      type: 0,
      subtype: 'checking',
      currentBalance: 2500,
      availableBalance: 2400,
      mask: '0001',
    }),
    anAccount({ name: 'Brokerage', type: 3, subtype: 'brokerage', currentBalance: 10_000 }),
    anAccount({ name: 'High-Yield Savings', type: 0, subtype: 'savings', currentBalance: 7500 }),
    anAccount({ name: 'Home Mortgage', type: 4, subtype: 'mortgage', currentBalance: 250_000 }),
  ],
};

const MANUAL_ID = '6a0c1c55-3d6b-4b7e-9d55-0000000000ff';
const manualGroup: Connection = {
  id: MANUAL_ID,
  institutionId: null,
  institutionName: 'Manual accounts',
  isActive: true,
  lastSyncAt: null,
  provider: 'manual',
  accounts: [],
};

const completed: HistorySyncProgress = {
  status: 'Completed',
  progress: 100,
  message: 'Import completed successfully!',
  canDismiss: true,
  quickSyncCompletedAt: null,
  completedAt: null,
  transactionsImported: 900,
};

const pending: HistorySyncProgress = {
  ...completed,
  status: 'Pending',
  progress: 0,
  message: '',
  canDismiss: false,
};

const progressRoute = `GET /api/plaid/connections/${CONNECTION_ID}/import-progress`;

/** The screen as the app shows it: behind sign-in (the person's time zone dates what they add). */
const renderPage = () =>
  renderWithProviders(
    <AuthProvider>
      <AccountsPage />
    </AuthProvider>,
  );

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser()));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AccountsPage', () => {
  it('shows the totals, one card per institution and its accounts grouped and sorted', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [firstDemoBank] },
      [progressRoute]: { body: completed },
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeTruthy();
    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    expect(screen.getByRole('heading', { level: 2, name: 'First Demo Bank' })).toBeTruthy();

    // Totals: depository + investment = 20,000; credit 420.50; the mortgage counts toward neither.
    expect(screen.getByText('Total Connections').parentElement?.parentElement?.textContent).toContain('1');
    expect(screen.getAllByText('$20,000.00')).toHaveLength(2); // summary card and institution card
    expect(screen.getAllByText('$420.50').length).toBeGreaterThanOrEqual(2);

    expect(card.getByText('Active')).toBeTruthy();
    expect(card.getByText('Last synced: 5 minutes ago')).toBeTruthy();
    expect(card.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Depository Accounts',
      'Investment Accounts',
      'Credit Accounts',
      'Loans & Mortgages',
    ]);
    const depository = within(card.getByRole('list', { name: 'Depository Accounts' }));
    expect(depository.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Everyday Checking'),
      expect.stringContaining('High-Yield Savings'),
    ]);
    expect(depository.getByText('Available $2,400.00')).toBeTruthy();
    expect(depository.getAllByText('Depository')).toHaveLength(2);
  });

  it('keeps the manual accounts in a card of their own, with their own actions and no syncing', async () => {
    const cash = anAccount({
      id: '6a0c1c55-3d6b-4b7e-9d55-0000000000aa',
      connectionId: MANUAL_ID,
      institutionName: 'Manual accounts',
      name: 'Cash wallet',
      subtype: 'checking',
      currentBalance: 80.25,
      isManual: true,
      openingBalance: 100,
    });
    const api = fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': ({ calls }) => ({
        body: calls === 1 ? [{ ...manualGroup, accounts: [cash] }, firstDemoBank] : [firstDemoBank],
      }),
      [progressRoute]: { body: completed },
      [`DELETE /api/accounts/manual/${cash.id}`]: { status: 204 },
    });
    renderPage();

    const card = within(await screen.findByRole('region', { name: 'Manual accounts' }));
    // Linked banks first, then the manual card.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'First Demo Bank',
      'Manual accounts',
    ]);
    expect(card.getByText('Kept by hand')).toBeTruthy();
    expect(card.queryByText(/synced/i)).toBeNull();
    expect(card.getByText('Opening $100.00')).toBeTruthy();
    // The manual group is not a bank connection, but its account and money count.
    expect(screen.getByText('Total Connections').parentElement?.parentElement?.textContent).toContain('1');
    expect(screen.getByText('5 linked, 1 manual')).toBeTruthy();
    expect(screen.getByText('$20,080.25')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Actions for Manual accounts' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Add account',
      'Import transactions',
    ]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(card.getByRole('button', { name: 'Actions for Cash wallet' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Add transaction',
        'Import transactions',
        'Edit account',
        'Delete account',
      ]),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete account' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Cash wallet?' }));
    expect(confirm.getByText(/deletes the account and all of its transactions/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('"Cash wallet" and its transactions were deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Manual accounts' })).toBeNull());
    expect(api.count(`DELETE /api/accounts/manual/${cash.id}`)).toBe(1);
  });

  it('offers a manual account beside connecting a bank when there is nothing yet', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [] },
    });
    renderPage();
    expect(await screen.findByText('No accounts connected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Your First Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a manual account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add manual account' }));
    expect(dialog.getByRole('textbox', { name: /Account name/ })).toBeTruthy();
  });

  it.each([400, 404])('treats a %i from the list as nothing connected', async (status) => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { status, body: { message: 'Nope', code: 'X' } },
    });
    renderPage();
    expect(await screen.findByText('No accounts connected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Your First Account' })).toBeTruthy();
    expect(screen.queryByText(/Failed to load connections/)).toBeNull();
  });

  it('explains a failed load and tries again on request', async () => {
    const api = fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': ({ calls }) =>
        calls === 1 ? { status: 500, body: { message: 'Database is down', code: 'INTERNAL' } } : { body: [] },
    });
    renderPage();
    expect(await screen.findByText('Failed to load connections: Database is down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No accounts connected')).toBeTruthy();
    expect(api.count('GET /api/plaid/connections')).toBe(2);
  });

  it('refreshes on request and says so', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': ({ calls }) =>
        calls === 1 ? { body: [] } : { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
    });
    renderPage();
    await screen.findByText('No accounts connected');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Error refreshing accounts')).toBeTruthy();
    expect(screen.getByText('Failed to refresh your account connections. Please try again.')).toBeTruthy();
  });

  it('resets the transaction data, then disconnects, after a confirmation that names the consequences', async () => {
    const api = fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [firstDemoBank] },
      [progressRoute]: { body: completed },
      'POST /api/transactions/reset-and-resync': { body: { connectionsResynced: 1 } },
      [`DELETE /api/plaid/connections/${CONNECTION_ID}`]: ({ calls }) =>
        calls === 1 ? { status: 500, body: { message: 'Flaky', code: 'INTERNAL' } } : { body: firstDemoBank },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connection actions for First Demo Bank' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disconnect' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Disconnect First Demo Bank?' }));
    expect(dialog.getByText(/Stop any imports/)).toBeTruthy();
    expect(dialog.getByText(/Permanently delete the transaction history for these accounts/)).toBeTruthy();
    expect(dialog.getByText(/Deactivate the 5 accounts/)).toBeTruthy();
    expect(dialog.getByText(/reconnecting needs a new import/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Account disconnected')).toBeTruthy();
    expect(
      screen.getByText('Account disconnected and transaction data cleared. Reconnect to import fresh data.'),
    ).toBeTruthy();
    const writes = api.requests.filter((r) => !r.route.startsWith('GET'));
    expect(writes).toEqual([
      { route: 'POST /api/transactions/reset-and-resync', body: { connectionId: CONNECTION_ID } },
      // The first DELETE failed, so it was sent once more (SPEC §7).
      { route: `DELETE /api/plaid/connections/${CONNECTION_ID}`, body: undefined },
      { route: `DELETE /api/plaid/connections/${CONNECTION_ID}`, body: undefined },
    ]);
  });

  it('unlinks one account of a bank, deleting its transactions when asked, and never the last one', async () => {
    const savings = firstDemoBank.accounts.find((a) => a.name === 'High-Yield Savings');
    const path = `/api/plaid/accounts/${encodeURIComponent(savings?.id ?? '')}`;
    const api = fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [firstDemoBank] },
      [progressRoute]: { body: completed },
      [`DELETE ${path}`]: {
        body: { ...firstDemoBank, accounts: firstDemoBank.accounts.filter((a) => a !== savings) },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for High-Yield Savings' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unlink account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unlink High-Yield Savings?' }));
    expect(dialog.getByText(/First Demo Bank and its other accounts stay linked/)).toBeTruthy();
    expect(dialog.getByRole('radio', { name: /Keep them/ })).toHaveProperty('checked', true);
    fireEvent.click(dialog.getByRole('radio', { name: /Delete them/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Unlink account' }));
    expect(
      await screen.findByText('High-Yield Savings is no longer synced, and its transactions were deleted.'),
    ).toBeTruthy();
    expect(api.to(path).map((r) => r.url.search)).toEqual(['?history=delete']);
  });

  it('offers no unlinking on a bank with one account left, nor on a disconnected bank', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': {
        body: [
          { ...firstDemoBank, accounts: firstDemoBank.accounts.slice(0, 1) },
          { ...firstDemoBank, id: 'gone', institutionName: 'Old Bank', isActive: false },
        ],
      },
      [progressRoute]: { body: completed },
    });
    renderPage();
    expect(await screen.findAllByText('Visa Signature')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Actions for / })).toBeNull();
  });

  it('reports a failed disconnect', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [firstDemoBank] },
      [progressRoute]: { body: completed },
      'POST /api/transactions/reset-and-resync': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connection actions for First Demo Bank' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Error disconnecting account')).toBeTruthy();
    expect(screen.getByText('Failed to disconnect the account. Please try again.')).toBeTruthy();
  });

  it('offers Reconnect for a disconnected bank and shows the new import at once', async () => {
    const disconnected = {
      ...firstDemoBank,
      isActive: false,
      accounts: firstDemoBank.accounts.map((a) => ({ ...a, isActive: false })),
    };
    let reconnected = false;
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': () => ({ body: [reconnected ? firstDemoBank : disconnected] }),
      [progressRoute]: { body: pending },
      [`POST /api/plaid/connections/${CONNECTION_ID}/reconnect`]: () => {
        reconnected = true;
        return { body: { connection: firstDemoBank, importProgress: pending } };
      },
    });
    renderPage();
    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    expect(card.getByText('Disconnected')).toBeTruthy();
    // Nothing is imported for a disconnected bank, so there is nothing to show for it.
    expect(card.queryByText('Import pending...')).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Connection actions for First Demo Bank' }));
    expect(screen.queryByRole('menuitem', { name: 'Disconnect' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reconnect' }));
    expect(await screen.findByText('Account reconnected')).toBeTruthy();
    expect(await card.findByText('Import pending...')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
  });

  it('opens the connect dialog when the bank link was removed and only a new link can bring it back', async () => {
    const disconnected = {
      ...firstDemoBank,
      isActive: false,
      accounts: firstDemoBank.accounts.map((a) => ({ ...a, isActive: false })),
    };
    const message =
      'This bank link was removed when it was disconnected. Connect the bank again to import fresh data.';
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [disconnected] },
      'GET /api/plaid/institutions': { body: [] },
      [`POST /api/plaid/connections/${CONNECTION_ID}/reconnect`]: {
        status: 409,
        body: { message, code: 'RELINK_REQUIRED' },
      },
    });
    renderPage();
    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    fireEvent.click(card.getByRole('button', { name: 'Connection actions for First Demo Bank' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reconnect' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connect Bank Account' })).toBeTruthy();
    expect(screen.queryByText('Error reconnecting account')).toBeNull();
  });

  it('connects a demo bank through the picker and starts showing its import', async () => {
    let connected = false;
    const api = fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': () => ({ body: connected ? [firstDemoBank] : [] }),
      [progressRoute]: { body: { ...pending, status: 'InProgress', progress: 10 } },
      'POST /api/plaid/create-link-token': {
        body: { linkToken: 'link-demo', expiration: '2030-01-01T00:00:00Z' },
      },
      'GET /api/plaid/institutions': {
        body: [
          {
            id: 'ins_first',
            name: 'First Demo Bank',
            description: 'Checking and savings',
            accountTypes: ['checking'],
            accounts: [{ id: 'first_checking', name: 'Checking', subtype: 'checking', mask: '1111' }],
          },
          {
            id: 'ins_cu',
            name: 'Harbor Credit Union',
            description: 'A credit union',
            accountTypes: ['mortgage', 'savings'],
            accounts: [
              { id: 'cu_mortgage', name: 'Home Loan', subtype: 'mortgage', mask: '0001' },
              { id: 'cu_savings', name: 'Share Savings', subtype: 'savings', mask: '0002' },
            ],
          },
        ],
      },
      'POST /api/plaid/sandbox/public-token': { body: { publicToken: 'public-demo' } },
      'POST /api/plaid/exchange-public-token-quick-sync': () => {
        connected = true;
        return { body: { connection: firstDemoBank, transactionsImported: 120, importProgress: pending } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Your First Account' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Bank Account' }));
    expect(dialog.getByText('Secure connection')).toBeTruthy();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Connect to Plaid' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Connect to Plaid' }));

    fireEvent.click(await dialog.findByRole('radio', { name: /Harbor Credit Union/ }));
    // Every account of the bank offered (no limit on this plan), and the person keeps one out.
    expect(dialog.getByRole('checkbox', { name: /Home Loan/ })).toHaveProperty('checked', true);
    fireEvent.click(dialog.getByRole('checkbox', { name: /Share Savings/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Connect' }));

    expect(
      await dialog.findByText('Your financial institution has been connected and data is being imported.'),
    ).toBeTruthy();
    expect(screen.getByText('Account connected successfully')).toBeTruthy();
    expect(api.requests.filter((r) => r.route.startsWith('POST'))).toEqual([
      { route: 'POST /api/plaid/create-link-token', body: {} },
      {
        route: 'POST /api/plaid/sandbox/public-token',
        body: { institutionId: 'ins_cu', accountIds: ['cu_mortgage'] },
      },
      { route: 'POST /api/plaid/exchange-public-token-quick-sync', body: { publicToken: 'public-demo' } },
    ]);

    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    expect(await card.findByText('Importing historical data...')).toBeTruthy();
  });

  it('tells the person when the connection cannot be started', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [] },
      'POST /api/plaid/create-link-token': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Bank Account' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Connect to Plaid' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Connect to Plaid' }));
    expect(await screen.findByText('Failed to initialize connection. Please try again.')).toBeTruthy();
  });

  it('reports a failed exchange as a failed connection', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [] },
      'POST /api/plaid/create-link-token': {
        body: { linkToken: 'link-demo', expiration: '2030-01-01T00:00:00Z' },
      },
      'GET /api/plaid/institutions': {
        body: [
          {
            id: 'ins_first',
            name: 'First Demo Bank',
            description: 'Checking',
            accountTypes: [],
            accounts: [],
          },
        ],
      },
      'POST /api/plaid/sandbox/public-token': { body: { publicToken: 'public-demo' } },
      'POST /api/plaid/exchange-public-token-quick-sync': {
        status: 500,
        body: { message: 'Boom', code: 'X' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Bank Account' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Connect to Plaid' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Connect to Plaid' }));
    fireEvent.click(await dialog.findByRole('radio', { name: /First Demo Bank/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connection failed')).toBeTruthy();
    expect(screen.getByText('Failed to connect your account. Please try again.')).toBeTruthy();
  });

  it('in Plaid mode opens Plaid Link instead of the picker, and cannot be closed while the bank is linking', async () => {
    const api = fakeApi({
      'GET /api/config': { body: { ...demoConfig, bankMode: 'plaid' } },
      'GET /api/plaid/connections': { body: [] },
      'POST /api/plaid/create-link-token': {
        body: { linkToken: 'link-sandbox-1', expiration: '2030-01-01T00:00:00Z' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Bank Account' }));
    expect(dialog.queryByText(/Demo mode/)).toBeNull();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Connect to Plaid' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Connect to Plaid' }));

    await waitFor(() => expect(api.count('POST /api/plaid/create-link-token')).toBe(1));
    // Link now loads from Plaid's CDN; the dialog stays, busy, with no way to close it.
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Close dialog' })).toBeNull());
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(api.count('GET /api/plaid/institutions')).toBe(0);
    expect(document.querySelector('script[src*="cdn.plaid.com"]')).not.toBeNull();
  });
});

describe('AccountsPage: accounts hidden past the plan', () => {
  // The notice links to the plan in Settings: the screen inside a router, as in the app.
  const renderRouted = () =>
    renderWithProviders(
      <MemoryRouter>
        <AuthProvider>
          <AccountsPage />
        </AuthProvider>
      </MemoryRouter>,
    );
  const withHidden: Connection = {
    ...firstDemoBank,
    accounts: firstDemoBank.accounts.slice(0, 2),
    hiddenAccounts: 1,
  };

  it("says on the bank's card how many accounts are hidden and what Starter includes, with an Upgrade link", async () => {
    localStorage.setItem('userData', JSON.stringify(aUser({ plan: 'starter' })));
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [withHidden] },
      [progressRoute]: { body: completed },
    });
    renderRouted();

    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    const note = within(card.getByRole('note'));
    expect(
      note.getByText('1 more account hidden — your Starter plan includes up to 2 bank accounts'),
    ).toBeTruthy();
    expect(note.getByText(/not shown or imported while it is hidden/)).toBeTruthy();
    expect(note.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/settings#plan');
    // Hidden accounts are neither listed nor counted.
    expect(card.getAllByRole('listitem')).toHaveLength(2);
  });

  it('tells a person who just upgraded that the hidden accounts come with the next sync, without Upgrade', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [{ ...withHidden, hiddenAccounts: 2 }] },
      [progressRoute]: { body: completed },
    });
    renderRouted();

    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    const note = within(card.getByRole('note'));
    expect(
      note.getByText('2 more accounts hidden — shown with their history after the next sync'),
    ).toBeTruthy();
    expect(note.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('shows no notice when nothing is hidden, nor on a disconnected bank', async () => {
    fakeApi({
      'GET /api/config': { body: demoConfig },
      'GET /api/plaid/connections': { body: [{ ...withHidden, isActive: false }] },
      [progressRoute]: { body: completed },
    });
    renderRouted();

    const card = within(await screen.findByRole('region', { name: 'First Demo Bank' }));
    expect(card.queryByText(/more account/)).toBeNull();
  });
});
