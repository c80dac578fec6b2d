import {
  accountList,
  billingState,
  connection,
  errorBody,
  exchangeResponse,
  reconnectResponse,
  sandboxPublicTokenResponse,
  transactionList,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNow, waitForImport } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

/*
 * One account of a bank unlinked on its own (the demo bank's Harbor National: checking, savings and a card):
 * it leaves the bank's card, the totals and the plan's count; its history stays or goes as the person
 * chose; no sync, reset or reconnect brings it back; the bank's last account is not unlinked.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: testNow });
});
afterAll(() => app.close());

type Auth = Awaited<ReturnType<typeof signUp>>;
const call = (auth: Auth, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

async function linkHarbor(auth: Auth) {
  const { publicToken } = expectJson(
    await call(auth, 'POST', '/plaid/sandbox/public-token', { institutionId: 'demo_harbor' }),
    200,
    sandboxPublicTokenResponse,
  );
  const linked = expectJson(
    await call(auth, 'POST', '/plaid/exchange-public-token-quick-sync', { publicToken }),
    200,
    exchangeResponse,
  );
  await waitForImport(app, auth.token, linked.connection.id);
  const byName = (name: string) => {
    const account = linked.connection.accounts.find((a) => a.name === name);
    if (!account) throw new Error(`no ${name}`);
    return account.id;
  };
  return {
    connectionId: linked.connection.id,
    checking: byName('Everyday Checking'),
    savings: byName('High-Yield Savings'),
    card: byName('Cash Rewards Visa'),
  };
}

const countOn = async (auth: Auth, accountId: string) =>
  expectJson(await call(auth, 'GET', `/transactions?accountId=${accountId}&pageSize=1`), 200, transactionList)
    .pagination.totalItems;
const shownAccounts = async (auth: Auth) =>
  expectJson(await call(auth, 'GET', '/plaid/accounts'), 200, accountList)
    .map((a) => a.name)
    .sort();

describe('unlinking one account', () => {
  it('keeps or deletes its history as chosen, frees its place, and nothing brings it back', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const harbor = await linkHarbor(auth);
    const kept = await countOn(auth, harbor.checking);
    expect(kept).toBeGreaterThan(50);
    expect(expectJson(await call(auth, 'GET', '/billing'), 200, billingState).linkedAccounts).toBe(3);

    const afterKeep = expectJson(
      await call(auth, 'DELETE', `/plaid/accounts/${harbor.checking}?history=keep`),
      200,
      connection,
    );
    expect(afterKeep.accounts.map((a) => a.name).sort()).toEqual(['Cash Rewards Visa', 'High-Yield Savings']);
    expect(await shownAccounts(auth)).toEqual(['Cash Rewards Visa', 'High-Yield Savings']);
    // Its history is still listed, under its name; the plan counts one account fewer.
    expect(await countOn(auth, harbor.checking)).toBe(kept);
    expect(expectJson(await call(auth, 'GET', '/billing'), 200, billingState).linkedAccounts).toBe(2);

    const savingsHad = await countOn(auth, harbor.savings);
    expect(savingsHad).toBeGreaterThan(0);
    expectJson(
      await call(auth, 'DELETE', `/plaid/accounts/${harbor.savings}?history=delete`),
      200,
      connection,
    );
    expect(await countOn(auth, harbor.savings)).toBe(0);

    // The bank's last account: disconnecting the bank is what ends that.
    expect(
      expectJson(await call(auth, 'DELETE', `/plaid/accounts/${harbor.card}?history=keep`), 409, errorBody),
    ).toEqual({
      code: 'LAST_ACCOUNT',
      message: 'This is the only account linked at Harbor National Bank. Disconnect the bank instead.',
    });
    // Unlinked already, or nobody's: 404; a history that is neither: 400.
    expect((await call(auth, 'DELETE', `/plaid/accounts/${harbor.checking}?history=keep`)).statusCode).toBe(
      404,
    );
    expect(
      expectJson(await call(auth, 'DELETE', `/plaid/accounts/${harbor.card}?history=maybe`), 400, errorBody)
        .message,
    ).toBe("history must be 'keep' or 'delete'");

    // A reset and resync of the bank reads its history again: the unlinked accounts stay out, the kept
    // history stays, the deleted one stays deleted.
    expect((await call(auth, 'POST', '/transactions/reset-and-resync', {})).statusCode).toBe(200);
    await waitForImport(app, auth.token, harbor.connectionId);
    expect(await shownAccounts(auth)).toEqual(['Cash Rewards Visa']);
    expect(await countOn(auth, harbor.checking)).toBe(kept);
    expect(await countOn(auth, harbor.savings)).toBe(0);
    expect(await countOn(auth, harbor.card)).toBeGreaterThan(0);
    expect(expectJson(await call(auth, 'GET', '/billing'), 200, billingState).linkedAccounts).toBe(1);
  });

  it('a bank disconnected and reconnected comes back without the account unlinked', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const harbor = await linkHarbor(auth);
    expectJson(
      await call(auth, 'DELETE', `/plaid/accounts/${harbor.savings}?history=delete`),
      200,
      connection,
    );
    expect((await call(auth, 'DELETE', `/plaid/connections/${harbor.connectionId}`)).statusCode).toBe(200);
    const back = expectJson(
      await call(auth, 'POST', `/plaid/connections/${harbor.connectionId}/reconnect`, {}),
      200,
      reconnectResponse,
    );
    expect(back.connection.accounts.map((a) => a.name).sort()).toEqual([
      'Cash Rewards Visa',
      'Everyday Checking',
    ]);
    await waitForImport(app, auth.token, harbor.connectionId);
    expect(await shownAccounts(auth)).toEqual(['Cash Rewards Visa', 'Everyday Checking']);
    expect(expectJson(await call(auth, 'GET', '/billing'), 200, billingState).linkedAccounts).toBe(2);
  });

  it("answers 404 for another person's account and changes nothing of theirs", async () => {
    const owner = await signUp(app, { timeZone: 'UTC' });
    const harbor = await linkHarbor(owner);
    const other = await signUp(app, { timeZone: 'UTC' });
    await linkHarbor(other);
    expect(
      (await call(other, 'DELETE', `/plaid/accounts/${harbor.checking}?history=delete`)).statusCode,
    ).toBe(404);
    expect(await shownAccounts(owner)).toHaveLength(3);
    expect(await countOn(owner, harbor.checking)).toBeGreaterThan(0);
  });
});
