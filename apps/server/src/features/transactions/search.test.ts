import { CATEGORY, transactionList } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNow } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';

/* Every way a row's text comes or changes (typed, edited, renamed by a rule, deleted) is searched by its current text only. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: testNow });
});
afterAll(async () => {
  await app.close();
});

type Auth = Awaited<ReturnType<typeof signUp>>;
const search = async (auth: Auth, term: string) =>
  expectJson(
    await app.inject({
      method: 'GET',
      url: `/api/transactions?pageSize=100&searchTerm=${encodeURIComponent(term)}`,
      headers: bearer(auth),
    }),
    200,
    transactionList,
  );
const descriptions = async (auth: Auth, term: string) =>
  (await search(auth, term)).transactions.map((t) => t.description).sort();

describe('text search', () => {
  it('finds rows by their current description and merchant, never by a text they no longer have', async () => {
    const ada = await signUp(app);
    const account = await addManualAccount(app, ada);
    const coffee = await addManualTransaction(app, ada, {
      accountId: account.id,
      description: 'Blue Bottle #12',
    });
    await addManualTransaction(app, ada, {
      accountId: account.id,
      description: 'BLUE BOTTLE #12',
      amount: -4,
    });
    await addManualTransaction(app, ada, { accountId: account.id, description: 'Corner Deli' });

    // Case-insensitive substring, two rows sharing one text in any case, and the count agrees.
    expect(await descriptions(ada, 'bottle')).toEqual(['BLUE BOTTLE #12', 'Blue Bottle #12']);
    expect((await search(ada, 'bottle')).pagination.totalItems).toBe(2);
    expect(await descriptions(ada, 'e #1')).toEqual(['BLUE BOTTLE #12', 'Blue Bottle #12']);

    // Edited: found by the new text only.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/transactions/manual/${coffee.id}`,
      headers: bearer(ada),
      payload: {
        accountId: account.id,
        date: coffee.date,
        description: 'Ritual Roasters',
        amount: -5,
        category: CATEGORY.Groceries,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await descriptions(ada, 'ritual')).toEqual(['Ritual Roasters']);
    expect(await descriptions(ada, 'bottle')).toEqual(['BLUE BOTTLE #12']);

    // A merchant name a rule gives is searched too.
    const rule = await app.inject({
      method: 'POST',
      url: '/api/rules',
      headers: bearer(ada),
      payload: {
        field: 'description',
        operator: 'contains',
        pattern: 'deli',
        renameMerchant: 'Sandwich Spot',
      },
    });
    expect(rule.statusCode).toBe(201);
    const applied = await app.inject({
      method: 'POST',
      url: `/api/rules/${rule.json().id}/apply`,
      headers: bearer(ada),
    });
    expect(applied.json()).toEqual({ changed: 1 });
    expect(await descriptions(ada, 'sandwich')).toEqual(['Corner Deli']);

    // Deleted: gone from search.
    const [deli] = (await search(ada, 'deli')).transactions;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${deli!.id}`,
      headers: bearer(ada),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await descriptions(ada, 'deli')).toEqual([]);

    // LIKE's wildcards are the characters themselves.
    expect(await descriptions(ada, '%')).toEqual([]);
    expect(await descriptions(ada, 'blue_bottle')).toEqual([]);
  });

  it("never finds another person's rows, even with the same text", async () => {
    const [ada, bo] = await Promise.all([signUp(app), signUp(app)]);
    const [adas, bos] = await Promise.all([addManualAccount(app, ada), addManualAccount(app, bo)]);
    await addManualTransaction(app, ada, { accountId: adas.id, description: 'Shared Gym' });
    await addManualTransaction(app, bo, { accountId: bos.id, description: 'Shared Gym' });
    await addManualTransaction(app, bo, { accountId: bos.id, description: 'Private Club' });
    expect((await search(ada, 'shared gym')).pagination.totalItems).toBe(1);
    expect(await descriptions(ada, 'private')).toEqual([]);
  });
});
