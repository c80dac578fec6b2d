import {
  type Connection,
  connection as connectionResponse,
  errorBody,
  exchangeResponse,
  type LoginResult,
  reconnectResponse,
  sandboxPublicTokenResponse,
  transactionList,
} from '@tally/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, fakeHistory, testNow, waitForImport } from '../../../test/accounts';
import { EVERY_TRY, type FakePlaid, PLAID_DOWN, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { startQueue } from '../../jobs/queue';
import type { JobQueue } from '../../lib/job-queue';
import { createDemoProvider } from '../../providers/bank/demo/demo-bank';
import type { BankProvider } from '../../providers/bank/types';
import { SANDBOX_TOKENS_PER_MINUTE } from './accounts.routes';

let fake: FakePlaid;
beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(30) });
});
afterAll(() => fake.close());

const sandboxToken = (app: TestApp, auth: LoginResult, payload: object = {}) =>
  app.inject({ method: 'POST', url: '/api/plaid/sandbox/public-token', headers: bearer(auth), payload });

/** Links a bank the way the browser does after Link: a public token exchanged on our side. */
async function link(app: TestApp, auth: LoginResult, publicToken: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token-quick-sync',
    headers: bearer(auth),
    payload: { publicToken },
  });
  const { connection } = expectJson(res, 200, exchangeResponse);
  await waitForImport(app, auth.token, connection.id);
  return connection;
}

async function itemIdOf(app: TestApp, connectionId: string) {
  const [row] = await app.database.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connectionId],
  );
  if (!row) throw new Error(`no connection ${connectionId}`);
  return row.item_id;
}

const disconnect = (app: TestApp, auth: LoginResult, connection: Connection) =>
  app.inject({ method: 'DELETE', url: `/api/plaid/connections/${connection.id}`, headers: bearer(auth) });

/** Runs the hourly sweep now, through the queue as the schedule does, and waits for it to finish. */
async function runHourlySweep(app: TestApp, queue: JobQueue) {
  const finished = async () => {
    const [row] = await app.database.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'bank-refresh' and state = 'completed'",
    );
    return Number(row?.n);
  };
  const before = await finished();
  await queue.send('bank-refresh', {});
  await eventually(async () => (await finished()) > before, 'the sweep to finish');
}

const reconnect = (app: TestApp, auth: LoginResult, connection: Connection) =>
  app.inject({
    method: 'POST',
    url: `/api/plaid/connections/${connection.id}/reconnect`,
    headers: bearer(auth),
  });

describe('disconnecting a Plaid bank', () => {
  let app: TestApp;
  let alice: LoginResult;
  let connection: Connection;
  let itemId: string;
  beforeEach(async () => {
    app = await createTestApp({ env: fake.env(), now: testNow });
    alice = await signUp(app);
    connection = await link(app, alice, fake.createPublicToken());
    itemId = await itemIdOf(app, connection.id);
  });
  afterEach(() => app.close());

  it('removes the item at Plaid, so its access token is refused from then on', async () => {
    const accessToken = fake.item(itemId).accessToken;

    expect(expectJson(await disconnect(app, alice, connection), 200, connectionResponse).isActive).toBe(
      false,
    );

    expect(fake.removedItemIds).toContain(itemId);
    expect(fake.requestsTo('/item/remove').at(-1)?.body).toEqual({ access_token: accessToken });
    expect(fake.item(itemId).removed).toBe(true);
  });

  it('counts an item Plaid no longer knows (removed at the bank) as removed', async () => {
    fake.failNext('/item/remove', {
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_NOT_FOUND',
      errorMessage: 'the Item you requested cannot be found',
    });

    const res = await disconnect(app, alice, connection);

    expect(expectJson(res, 200, connectionResponse).isActive).toBe(false);
    const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(alice) });
    expect(expectJson(list, 200, transactionList).pagination.totalItems).toBe(0);
  });

  it('still disconnects when Plaid is down, and removes the item when disconnecting again', async () => {
    fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);

    const first = await disconnect(app, alice, connection);

    expect(expectJson(first, 200, connectionResponse).isActive).toBe(false);
    expect(fake.item(itemId).removed).toBe(false);

    // SPEC §7: the web app sends the DELETE a second time when the first fails; any later one retries too.
    const again = await disconnect(app, alice, connection);
    expect(expectJson(again, 200, connectionResponse).isActive).toBe(false);
    expect(fake.item(itemId).removed).toBe(true);
  });

  describe('when Plaid is down at disconnect', () => {
    let queue: JobQueue;
    beforeEach(async () => {
      queue = await startQueue(app.database);
      fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);
      expect(expectJson(await disconnect(app, alice, connection), 200, connectionResponse).isActive).toBe(
        false,
      );
      expect(fake.item(itemId).removed).toBe(false);
    });
    afterEach(() => queue.stop());

    it('removes the item in the hourly sweep, and does not ask Plaid again once it is gone', async () => {
      await runHourlySweep(app, queue);

      expect(fake.item(itemId).removed).toBe(true);
      const removals = fake.requestsTo('/item/remove').length;
      await runHourlySweep(app, queue);
      expect(fake.requestsTo('/item/remove')).toHaveLength(removals);
    });

    it('keeps trying in every sweep while Plaid still fails', async () => {
      fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);
      await runHourlySweep(app, queue);
      expect(fake.item(itemId).removed).toBe(false);

      await runHourlySweep(app, queue);
      expect(fake.item(itemId).removed).toBe(true);
    });

    it('leaves alone an item reconnected before the sweep removed it', async () => {
      const res = await reconnect(app, alice, connection);

      expect(expectJson(res, 200, reconnectResponse).connection.isActive).toBe(true);
      expect(await itemIdOf(app, connection.id)).toBe(itemId);
      await waitForImport(app, alice.token, connection.id);
      await runHourlySweep(app, queue);
      expect(fake.item(itemId).removed).toBe(false);
    });
  });

  it('reconnects in the sandbox as a new item in place of the removed one', async () => {
    await disconnect(app, alice, connection);

    const res = await reconnect(app, alice, connection);

    const body = expectJson(res, 200, reconnectResponse);
    expect(body.connection.id).toBe(connection.id);
    expect(body.connection.isActive).toBe(true);
    const newItemId = await itemIdOf(app, connection.id);
    expect(newItemId).not.toBe(itemId);
    expect(fake.item(newItemId).removed).toBe(false);
    // The removed item's accounts are replaced, not listed twice.
    expect(body.connection.accounts).toHaveLength(connection.accounts.length);
    expect(body.connection.accounts.every((a) => a.isActive)).toBe(true);
    await waitForImport(app, alice.token, connection.id);
    const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(alice) });
    expect(expectJson(list, 200, transactionList).pagination.totalItems).toBe(fake.seed.transactions.length);

    // The new item is live, so disconnecting again removes it too.
    await disconnect(app, alice, connection);
    expect(fake.item(newItemId).removed).toBe(true);
  });
});

describe('Plaid production', () => {
  let app: TestApp;
  let alice: LoginResult;
  beforeEach(async () => {
    app = await createTestApp({ env: fake.env('production'), now: testNow });
    alice = await signUp(app);
  });
  afterEach(() => app.close());

  it('has no sandbox token route at all', async () => {
    const res = await sandboxToken(app, alice);
    expect(expectJson(res, 404, errorBody).message).toBe('No route for POST /api/plaid/sandbox/public-token');
  });

  it('asks for a new link to reconnect a bank whose item was removed', async () => {
    const connection = await link(app, alice, fake.createPublicToken());
    await disconnect(app, alice, connection);

    const res = await reconnect(app, alice, connection);

    expect(expectJson(res, 409, errorBody)).toEqual({
      code: 'RELINK_REQUIRED',
      message:
        'This bank link was removed when it was disconnected. Connect the bank again to import fresh data.',
    });
  });
});

describe('the sandbox token route', () => {
  it.each([
    ['Plaid sandbox', () => fake.env()],
    ['the demo bank', () => ({})],
  ])('answers with %s, a few times a minute per person', async (_, env) => {
    const app = await createTestApp({ env: env(), now: testNow });
    try {
      const alice = await signUp(app);
      const bob = await signUp(app);
      for (let i = 0; i < SANDBOX_TOKENS_PER_MINUTE; i++) {
        expectJson(await sandboxToken(app, alice), 200, sandboxPublicTokenResponse);
      }
      const limited = await sandboxToken(app, alice);
      expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
      // Counted per person: someone else is not held up by it.
      expectJson(await sandboxToken(app, bob), 200, sandboxPublicTokenResponse);
    } finally {
      await app.close();
    }
  });
});

describe('the demo bank', () => {
  it('stops answering for a disconnected item, and reconnects as a new one', async () => {
    const demo = createDemoProvider({ now: testNow });
    const accessTokens: string[] = [];
    const provider: BankProvider = {
      ...demo,
      exchangePublicToken: async (publicToken) => {
        const item = await demo.exchangePublicToken(publicToken);
        accessTokens.push(item.accessToken);
        return item;
      },
    };
    const app = await createTestApp({ now: testNow, bankProvider: provider });
    try {
      const alice = await signUp(app);
      const token = expectJson(await sandboxToken(app, alice), 200, sandboxPublicTokenResponse);
      const connection = await link(app, alice, token.publicToken);
      const [accessToken] = accessTokens;
      if (!accessToken) throw new Error('no item was linked');

      await disconnect(app, alice, connection);

      await expect(demo.getAccounts(accessToken)).rejects.toMatchObject({ code: 'ITEM_NOT_FOUND' });
      await expect(demo.syncTransactions(accessToken, null)).rejects.toMatchObject({
        code: 'ITEM_NOT_FOUND',
      });

      const res = await reconnect(app, alice, connection);

      expect(expectJson(res, 200, reconnectResponse).connection.isActive).toBe(true);
      expect(accessTokens).toHaveLength(2);
      await waitForImport(app, alice.token, connection.id);
    } finally {
      await app.close();
    }
  });
});
