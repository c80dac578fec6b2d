import { aiUsage, CATEGORY, insightList } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  fakePlaidForFile,
  linkBank,
  TODAY,
  testNow,
  waitForImport,
} from '../../../test/accounts';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';

/*
 * A person's stored insights are recomputed in the background shortly after their numbers change, through
 * the API or by a bank sync, so the next screen or question finds them current; that upkeep is not one of
 * their day's AI requests.
 */

const fake = fakePlaidForFile();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: fake().env(), now: testNow, refreshInsightsAfterMs: 50 });
});
afterAll(() => app.close());

const runOf = async (userId: string) =>
  (
    await app.database.query<{ version: string; generated_version: string | null }>(
      'select version, generated_version from ai_insight_runs where user_id = $1',
      [userId],
    )
  )[0];
const current = (userId: string) =>
  eventually(async () => {
    const run = await runOf(userId);
    return run !== undefined && run.generated_version === run.version;
  }, 'the insights recomputed in the background');
const requestsToday = async (auth: { token: string }) =>
  expectJson(await app.inject({ method: 'GET', url: '/api/ai/usage', headers: bearer(auth) }), 200, aiUsage)
    .requestsToday;

describe('insights kept current in the background', () => {
  it('recomputes them after an edit through the API, uncounted, and the next read finds them current', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const jar = await addManualAccount(app, auth);
    for (let back = 0; back < 5; back++)
      await addManualTransaction(app, auth, { accountId: jar.id, category: CATEGORY.Groceries, amount: -30 });
    await current(auth.user.id);
    const read = async () =>
      expectJson(
        await app.inject({ method: 'POST', url: '/api/ai/insights', headers: bearer(auth), payload: {} }),
        200,
        insightList,
      );
    await read();
    const before = (await runOf(auth.user.id))?.version;
    await addManualTransaction(app, auth, { accountId: jar.id, amount: -500, category: CATEGORY.Shopping });
    expect((await runOf(auth.user.id))?.version).not.toBe(before);
    await current(auth.user.id);
    // The read serves what the background stored: no recompute, so no request counted.
    await read();
    expect(await requestsToday(auth)).toBe(0);
  });

  it('recomputes them after a bank sync stored transactions', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const connectionId = await linkBank(app, auth);
    await waitForImport(app, auth.token, connectionId);
    await current(auth.user.id);
    const [{ count } = { count: 0 }] = await app.database.query<{ count: number }>(
      'select count(*)::int as count from transactions where user_id = $1 and date < $2',
      [auth.user.id, TODAY],
    );
    expect(count).toBeGreaterThan(30);
  });
});
