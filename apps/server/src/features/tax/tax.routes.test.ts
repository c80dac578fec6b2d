import {
  CATEGORY,
  type CategoryCode,
  errorBody,
  type LoginResult,
  TAX_DISCLAIMER,
  taxYear,
  upgradeMessage,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNow } from '../../../test/accounts';
import {
  bearer,
  createTestApp,
  expectJson,
  putOnPlan,
  putOnTrial,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';

let app: TestApp;
beforeAll(async () => {
  // No payments: the operator gives everyone Premium, which has the tax report.
  app = await createTestApp({ now: testNow, runJobs: false });
});
afterAll(() => app.close());

const call = (auth: LoginResult, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });
const year = async (auth: LoginResult, y = 2026) =>
  expectJson(await call(auth, 'GET', `/tax?year=${y}`), 200, taxYear);

/** A person with a year of spending typed into a cash account, and one from the year before. */
async function aTaxpayer() {
  const auth = await signUp(app);
  const { id: accountId } = await addManualAccount(app, auth, { name: 'Checking' });
  const add = async (date: string, description: string, amount: number, category: CategoryCode) =>
    (await addManualTransaction(app, auth, { accountId, date, description, amount, category })).id;
  const ids = {
    pharmacy: await add('2026-03-02', 'CVS Pharmacy', -45.2, CATEGORY.Healthcare),
    refund: await add('2026-03-09', 'Clinic refund', 20, CATEGORY.Healthcare),
    donation: await add('2026-05-01', 'Red Cross donation', -100, CATEGORY.Gifts),
    supplies: await add('2026-06-01', 'Staples store 112', -60, CATEGORY.Shopping),
    groceries: await add('2026-06-02', 'Corner grocer', -80, CATEGORY.Groceries),
    lastYear: await add('2025-12-30', 'Dental care', -30, CATEGORY.Healthcare),
  };
  return { auth, ids };
}

describe('the tax report', () => {
  it('starts with nothing tagged, suggests what looks deductible, and says it is not advice', async () => {
    const { auth, ids } = await aTaxpayer();
    const view = await year(auth);
    expect(view).toMatchObject({ year: 2026, years: [2026, 2025], tags: [], total: 0, categoryTags: [] });
    expect(view.disclaimer).toBe(TAX_DISCLAIMER);
    expect(view.suggestions.map((s) => [s.id, s.suggestedTag, s.amount])).toEqual([
      [ids.donation, 'charitable', 100],
      [ids.supplies, 'business', 60],
      [ids.pharmacy, 'medical', 45.2],
    ]);
    expect(view.suggestions[0]?.reason).toBe('"Red Cross" in the merchant or description');
  });

  it("totals a tagged category's spending less its refunds, in the year asked for", async () => {
    const { auth, ids } = await aTaxpayer();
    const tagged = await call(auth, 'PUT', '/tax/categories', {
      category: CATEGORY.Healthcare,
      tag: 'medical',
    });
    expect(tagged.json()).toEqual([{ category: CATEGORY.Healthcare, tag: 'medical' }]);
    const view = await year(auth);
    expect(view.tags).toEqual([
      expect.objectContaining({ tag: 'medical', name: 'Medical', total: 25.2, count: 2 }),
    ]);
    expect(view.tags[0]?.transactions.map((t) => [t.id, t.amount, t.taggedBy])).toEqual([
      [ids.refund, -20, 'category'],
      [ids.pharmacy, 45.2, 'category'],
    ]);
    // Tagged now, so no longer suggested.
    expect(view.suggestions.map((s) => s.id)).not.toContain(ids.pharmacy);
    const before = await year(auth, 2025);
    expect(before.tags).toEqual([expect.objectContaining({ tag: 'medical', total: 30, count: 1 })]);

    // Cleared, the category counts nothing.
    await call(auth, 'PUT', '/tax/categories', { category: CATEGORY.Healthcare, tag: null });
    expect((await year(auth)).tags).toEqual([]);
  });

  it("lets a transaction carry its own tag, or be marked not deductible over its category's", async () => {
    const { auth, ids } = await aTaxpayer();
    await call(auth, 'PUT', '/tax/categories', { category: CATEGORY.Healthcare, tag: 'medical' });
    const own = await call(auth, 'PUT', `/tax/transactions/${ids.donation}`, { tag: 'charitable' });
    expect(own.json()).toEqual({ id: ids.donation, tag: 'charitable' });
    expect((await call(auth, 'PUT', `/tax/transactions/${ids.refund}`, { tag: 'none' })).statusCode).toBe(
      200,
    );
    expect((await call(auth, 'PUT', `/tax/transactions/${ids.supplies}`, { tag: 'none' })).statusCode).toBe(
      200,
    );
    const view = await year(auth);
    expect(view.tags.map((t) => [t.tag, t.total, t.count])).toEqual([
      ['charitable', 100, 1],
      ['medical', 45.2, 1],
    ]);
    expect(view.tags[0]?.transactions[0]?.taggedBy).toBe('transaction');
    expect(view.total).toBe(145.2);
    // Marked not deductible: never suggested again, and listed where it can be taken back.
    expect(view.suggestions).toEqual([]);
    expect(view.notDeductible.map((t) => t.id)).toEqual([ids.supplies, ids.refund]);
    // Back to its category's say.
    await call(auth, 'PUT', `/tax/transactions/${ids.refund}`, { tag: null });
    expect((await year(auth)).tags.find((t) => t.tag === 'medical')?.total).toBe(25.2);
  });

  it('exports the year as CSV, by tag, with what a spreadsheet cannot run', async () => {
    const { auth, ids } = await aTaxpayer();
    await call(auth, 'PUT', '/tax/categories', { category: CATEGORY.Healthcare, tag: 'medical' });
    await call(auth, 'PUT', `/tax/transactions/${ids.donation}`, { tag: 'charitable' });
    const res = await call(auth, 'GET', '/tax/export?year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tally-tax-2026.csv"');
    expect(res.body.trim().split('\n')).toEqual([
      'Tax tag,Date,Description,Merchant,Account,Category,Amount,Tagged by',
      'Charitable giving,2026-05-01,Red Cross donation,,Checking,Gifts & Donations,100.00,Transaction',
      'Medical,2026-03-09,Clinic refund,,Checking,Healthcare,-20.00,Category',
      'Medical,2026-03-02,CVS Pharmacy,,Checking,Healthcare,45.20,Category',
    ]);
  });

  it('is Premium: Starter and Pro (a Pro trial too) get the upgrade message; a Premium trial has it', async () => {
    const message = upgradeMessage('tax-report');
    expect(message).toBe('The tax report is included in Premium. Upgrade to use it.');
    const pro = await signUp(app);
    await putOnPlan(app, pro, 'pro');
    const trial = await signUp(app);
    await putOnTrial(app, trial, 'pro', new Date(testNow().getTime() + 86_400_000));
    const starter = await signUp(app);
    await putOnPlan(app, starter, 'starter');
    for (const person of [pro, trial, starter]) {
      for (const [method, url, body] of [
        ['GET', '/tax?year=2026', undefined],
        ['GET', '/tax/export?year=2026', undefined],
        ['PUT', '/tax/categories', { category: CATEGORY.Healthcare, tag: 'medical' }],
      ] as const) {
        const res = await call(person, method, url, body);
        expect(res.statusCode, url).toBe(403);
        expect(errorBody.parse(res.json())).toEqual({ message, code: 'PLAN_REQUIRED' });
      }
    }
    const premiumTrial = await signUp(app);
    await putOnTrial(app, premiumTrial, 'premium', new Date(testNow().getTime() + 86_400_000));
    expect((await call(premiumTrial, 'GET', '/tax?year=2026')).statusCode).toBe(200);
  });

  it("answers 404 for another person's transaction and 400 with a message for bad input", async () => {
    const { ids } = await aTaxpayer();
    const eve = await signUp(app);
    const theirs = await call(eve, 'PUT', `/tax/transactions/${ids.donation}`, { tag: 'charitable' });
    expect(theirs.statusCode).toBe(404);
    expect(errorBody.parse(theirs.json()).message).toBe('Transaction not found');
    for (const [method, url, body, message] of [
      ['GET', '/tax?year=abc', undefined, 'Year must be a number'],
      ['GET', '/tax?year=1899', undefined, 'Year must be 1900 or later'],
      ['GET', '/tax', undefined, 'Year must be a number'],
      ['PUT', '/tax/categories', { category: CATEGORY.Healthcare, tag: 'yacht' }, 'Tax tag must be one of'],
      ['PUT', '/tax/categories', { category: 7, tag: 'medical' }, 'category'],
      ['PUT', `/tax/transactions/${ids.donation}`, { tag: 'yacht' }, 'Tax tag must be one of'],
      ['PUT', '/tax/transactions/not-an-id', { tag: 'medical' }, 'Invalid id'],
    ] as const) {
      const res = await call(eve, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(errorBody.parse(res.json()).message.toLowerCase()).toContain(message.toLowerCase());
    }
  });
});
