import {
  accountList,
  billingState,
  type LoginResult,
  planChangeResult,
  webhookResponse,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow, waitForImport } from '../../../test/accounts';
import { DEFAULT_FAKE_ACCOUNTS, type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../../test/fake-stripe';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

// A plan bought through Stripe shows the bank accounts a sync kept hidden past Starter's limit: the plan
// moves when Stripe's webhook says so, and that is when the banks hiding accounts are synced.

let app: TestApp;
let stripe: FakeStripe;
let plaid: FakePlaid;

beforeAll(async () => {
  stripe = await startFakeStripe();
  stripe.clock = () => Math.floor(testNow().getTime() / 1000);
  plaid = await startFakePlaid({ now: testNow });
  app = await createTestApp({
    env: {
      ...plaid.env(),
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'https://tally.example',
    },
    now: testNow,
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
  await plaid.close();
});

const call = (auth: LoginResult, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

async function creditRows(userId: string) {
  const rows = await app.database.query<{ n: number }>(
    `select count(*)::int as n from transactions t join bank_accounts a on a.id = t.account_id
      where t.user_id = $1 and a.name = 'Plaid Credit Card'`,
    [userId],
  );
  return Number(rows[0]?.n);
}

describe('a plan bought through Stripe', () => {
  it('shows the accounts hidden past Starter, with their history, once the checkout completes', async () => {
    const ada = await signUp(app);
    // Trial over: Starter, with its 2 bank accounts.
    await app.database.query('update users set trial_ends_at = $1 where id = $2', [
      new Date(testNow().getTime() - 86_400_000),
      ada.user.id,
    ]);
    plaid.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, 2), transactions: [] };
    const linked = await call(ada, 'POST', '/plaid/exchange-public-token', {
      publicToken: plaid.createPublicToken(),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const connectionId = (linked.json() as { connection: { id: string } }).connection.id;
    await waitForImport(app, ada.token, connectionId);
    const [item] = await app.database.query<{ item_id: string }>(
      'select item_id from bank_connections where id = $1',
      [connectionId],
    );
    const itemId = item?.item_id ?? '';

    // The bank reports a third account, with a purchase on it; the sync keeps it hidden.
    const credit = DEFAULT_FAKE_ACCOUNTS[2];
    if (!credit) throw new Error('no credit account in the fake bank');
    plaid.addAccount(itemId, credit);
    plaid.addTransactions(itemId, [{ account: 'credit', amount: 99.5, date: TODAY, name: 'RECORD STORE' }]);
    const { body, plaidVerification } = await plaid.syncUpdatesWebhook(itemId);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/plaid/webhook',
      headers: { 'content-type': 'application/json', 'plaid-verification': plaidVerification },
      payload: body,
    });
    expect(expectJson(hook, 200, webhookResponse)).toEqual({ received: true });
    await eventually(async () => {
      const rows = await app.database.query<{ hidden: boolean }>(
        `select hidden_at is not null as hidden from bank_accounts where user_id = $1 and name = 'Plaid Credit Card'`,
        [ada.user.id],
      );
      return rows[0]?.hidden === true;
    }, 'the third account hidden');
    expect(await creditRows(ada.user.id)).toBe(0);

    // Checkout alone changes nothing: the plan moves when Stripe's webhook says it completed.
    const started = expectJson(
      await call(ada, 'POST', '/billing/plan', { plan: 'pro' }),
      200,
      planChangeResult,
    );
    const { session } = stripe.completeCheckout(started.checkoutUrl?.split('/').at(-1) ?? '');
    expect(expectJson(await call(ada, 'GET', '/plaid/accounts'), 200, accountList)).toHaveLength(2);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      ...stripe.signed(stripe.event('checkout.session.completed', session)),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await eventually(async () => (await creditRows(ada.user.id)) === 1, 'the hidden history');
    expect(expectJson(await call(ada, 'GET', '/plaid/accounts'), 200, accountList)).toHaveLength(3);
    expect(expectJson(await call(ada, 'GET', '/billing'), 200, billingState)).toMatchObject({
      plan: 'pro',
      linkedAccounts: 3,
      accountLimit: null,
    });
  });
});
