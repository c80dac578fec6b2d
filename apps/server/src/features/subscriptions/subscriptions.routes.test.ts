import {
  addDays,
  addMonths,
  detectedSubscriptionList,
  errorBody,
  exchangeResponse,
  subscription,
  subscriptionCalendar,
  subscriptionList,
  subscriptionPrefill,
  subscriptionSummary,
  transactionList,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForImport } from '../../../test/accounts';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, putOnPlan, signUp, type TestApp } from '../../../test/helpers';
import { DETECTIONS_PER_MINUTE } from './subscriptions.routes';

const TODAY = '2026-11-20';
let clock = new Date(`${TODAY}T15:00:00Z`);
let app: TestApp;
let fake: FakePlaid;

/** Plaid's sign: positive = money out. */
const charge = (
  date: string,
  amount: number,
  name: string,
  merchantName: string | null,
  detailed = 'ENTERTAINMENT_TV_AND_MOVIES',
): FakeTransactionInput => ({
  account: 'credit',
  amount,
  date,
  name,
  merchantName,
  category: { primary: detailed.split('_')[0] ?? 'GENERAL', detailed },
});

/**
 * Five months of a household: Netflix monthly on the 14th with a price rise in September, a gym on the
 * 3rd, groceries at irregular amounts and days, pay every other Friday, rent on the 1st.
 */
function history(): FakeTransactionInput[] {
  const rows: FakeTransactionInput[] = [];
  for (let m = -5; m <= 0; m += 1) {
    const netflix = addMonths('2026-11-14', m);
    if (netflix <= TODAY)
      rows.push(
        charge(netflix, netflix >= '2026-09-01' ? 17.99 : 15.49, 'NETFLIX.COM 866-579-7172 CA', 'Netflix'),
      );
    const gym = addMonths('2026-11-03', m);
    rows.push(
      charge(
        gym,
        34.99,
        'CRUNCH FITNESS #187 SAN FRANCISCO CA',
        'Crunch Fitness',
        'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
      ),
    );
    rows.push(
      charge(
        addMonths('2026-11-01', m),
        2850,
        'BAYVIEW PROPERTY MGMT WEB PMTS',
        'Bayview Property Management',
        'RENT_AND_UTILITIES_RENT',
      ),
    );
  }
  for (let back = 1; back < 150; back += 3 + (back % 4)) {
    rows.push(
      charge(
        addDays(TODAY, -back),
        20 + ((back * 37) % 90) + 0.11,
        'SAFEWAY #1234',
        'Safeway',
        'FOOD_AND_DRINK_GROCERIES',
      ),
    );
  }
  for (let back = 6; back < 150; back += 14) {
    rows.push({
      ...charge(addDays(TODAY, -back), -2400, 'ACME PAYROLL', 'Acme', 'INCOME_WAGES'),
      account: 'checking',
    });
  }
  return rows;
}

/** A person with that history fully imported (the background import covers it all). */
async function person(timeZone = 'UTC') {
  const auth = await signUp(app, { timeZone });
  // On paid Pro, with no trial to run out as some tests move the clock on.
  await putOnPlan(app, auth, 'pro');
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: history() };
  const linked = expectJson(
    await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken: fake.createPublicToken() },
    }),
    200,
    exchangeResponse,
  );
  await waitForImport(app, auth.token, linked.connection.id);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  return { auth, call, accountId: linked.connection.accounts[0]?.id ?? '' };
}
type Person = Awaited<ReturnType<typeof person>>;

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Disney+',
  amount: 13.99,
  nextDueDate: '2026-11-25',
  ...over,
});

/** A charge landing as a sync would store it: the refresh reads the table, whoever wrote the row. */
async function post(who: Person, date: string, cents: number, merchant: string, description: string) {
  await app.database.query(
    `insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name, amount, category)
     values ($1, $2, $3, $4, $5, $6, $7, 23)`,
    [who.auth.user.id, who.accountId, `later-${crypto.randomUUID()}`, date, description, merchant, -cents],
  );
}

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => new Date(`${TODAY}T15:00:00Z`) });
  app = await createTestApp({ env: { ...fake.env(), TOKEN_TTL_HOURS: '8760' }, now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

describe('tracking subscriptions by hand', () => {
  let alice: Person;
  beforeAll(async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    alice = await person();
  });

  it('creates one with the defaults of SPEC §5: monthly, active, Other, auto-renew on', async () => {
    const created = expectJson(await alice.call('POST', '/subscriptions', valid()), 201, subscription);
    expect(created).toMatchObject({
      name: 'Disney+',
      amount: 13.99,
      frequency: 2,
      status: 0,
      category: 99,
      description: null,
      nextDueDate: '2026-11-25',
      isDetected: false,
      autoRenew: true,
      monthlyAmount: 13.99,
      priceChange: null,
      missedDueDate: null,
    });
    const got = expectJson(await alice.call('GET', `/subscriptions/${created.id}`), 200, subscription);
    expect(got).toEqual(created);
  });

  it.each([
    [{ name: '' }, 'Subscription name is required'],
    [{ name: '   ' }, 'Subscription name is required'],
    [{ name: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: -5 }, 'Amount must be greater than 0'],
    [{ amount: 10_000.01 }, 'Amount must be less than $10,000'],
    [{ amount: 9.999 }, 'Amount can have at most 2 decimals'],
    [{ nextDueDate: '' }, 'Next due date is required'],
    [{ nextDueDate: undefined }, 'Next due date is required'],
    [{ nextDueDate: '2026-11-19' }, 'Due date cannot be in the past'],
    [{ nextDueDate: '2036-11-21' }, 'Due date must be within 10 years'],
    [{ nextDueDate: '9999-12-31' }, 'Use a date like 2026-01-31'],
    [{ nextDueDate: '2026-02-30' }, 'Not a real date'],
    [{ description: 'd'.repeat(501) }, 'Description must be less than 500 characters'],
    [{ frequency: 6 }, 'Choose a frequency'],
    [{ category: 11 }, 'Choose a category'],
  ])('rejects %j with "%s" and writes nothing', async (over, message) => {
    const before = expectJson(await alice.call('GET', '/subscriptions'), 200, subscriptionList).length;
    const res = await alice.call('POST', '/subscriptions', valid(over));
    expect(expectJson(res, 400, errorBody).message).toBe(message);
    expect(expectJson(await alice.call('GET', '/subscriptions'), 200, subscriptionList)).toHaveLength(before);
  });

  it('accepts the limits: $10,000, a 100-character name, a 500-character description, today', async () => {
    const res = await alice.call(
      'POST',
      '/subscriptions',
      valid({ amount: 10_000, name: 'n'.repeat(100), description: 'd'.repeat(500), nextDueDate: TODAY }),
    );
    const created = expectJson(res, 201, subscription);
    expect(created.description).toHaveLength(500);
    expect((await alice.call('DELETE', `/subscriptions/${created.id}`)).statusCode).toBe(204);
  });

  it("reads 'today' in the person's time zone", async () => {
    // 15:00 UTC on the 20th is already the 21st in Kiritimati (UTC+14).
    const ahead = await signUp(app, { timeZone: 'Pacific/Kiritimati' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: bearer(ahead),
      payload: valid({ nextDueDate: TODAY }),
    });
    expect(expectJson(res, 400, errorBody).message).toBe('Due date cannot be in the past');
    const behind = await signUp(app, { timeZone: 'Pacific/Pago_Pago' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: bearer(behind),
      payload: valid({ nextDueDate: '2026-11-20' }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('pauses and resumes, edits any field, and deletes', async () => {
    const created = expectJson(
      await alice.call(
        'POST',
        '/subscriptions',
        valid({ name: 'NYTimes', category: 6, frequency: 0, amount: 4 }),
      ),
      201,
      subscription,
    );
    const edit = { ...valid({ name: 'NYTimes', category: 6, frequency: 0, amount: 4 }) };
    const paused = expectJson(
      await alice.call('PUT', `/subscriptions/${created.id}`, { ...edit, status: 1 }),
      200,
      subscription,
    );
    expect(paused.status).toBe(1);
    const cancelled = expectJson(
      await alice.call('PUT', `/subscriptions/${created.id}`, {
        ...edit,
        status: 2,
        description: 'Too much news',
      }),
      200,
      subscription,
    );
    expect(cancelled).toMatchObject({ status: 2, description: 'Too much news' });
    const resumed = expectJson(
      await alice.call('PUT', `/subscriptions/${created.id}`, { ...edit, status: 0, amount: 4.25 }),
      200,
      subscription,
    );
    expect(resumed).toMatchObject({ status: 0, amount: 4.25, monthlyAmount: 18.4 });
    const bad = await alice.call('PUT', `/subscriptions/${created.id}`, { ...edit, status: 7 });
    expect(expectJson(bad, 400, errorBody).message).toBe('Choose a status');
    expect((await alice.call('DELETE', `/subscriptions/${created.id}`)).statusCode).toBe(204);
    expect((await alice.call('GET', `/subscriptions/${created.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/subscriptions/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps what a PUT leaves out (SPEC §7 sends no auto-renew): frequency, category, status, auto-renew', async () => {
    const created = expectJson(
      await alice.call(
        'POST',
        '/subscriptions',
        valid({ name: 'Kept', frequency: 5, category: 6, autoRenew: false }),
      ),
      201,
      subscription,
    );
    await alice.call('PUT', `/subscriptions/${created.id}`, { ...valid({ name: 'Kept' }), status: 1 });
    const renamed = expectJson(
      await alice.call('PUT', `/subscriptions/${created.id}`, valid({ name: 'Kept, renamed', amount: 20 })),
      200,
      subscription,
    );
    expect(renamed).toMatchObject({
      name: 'Kept, renamed',
      amount: 20,
      frequency: 5,
      category: 6,
      status: 1,
      autoRenew: false,
    });
    await alice.call('DELETE', `/subscriptions/${created.id}`);
  });

  it('lets a paused subscription keep its old due date, and moves it on when resumed', async () => {
    const created = expectJson(
      await alice.call(
        'POST',
        '/subscriptions',
        valid({ name: 'Paused a while', nextDueDate: '2026-11-22' }),
      ),
      201,
      subscription,
    );
    const edit = valid({ name: 'Paused a while', nextDueDate: '2026-11-22' });
    expectJson(
      await alice.call('PUT', `/subscriptions/${created.id}`, { ...edit, status: 1 }),
      200,
      subscription,
    );
    clock = new Date('2027-01-10T15:00:00Z');
    try {
      const still = expectJson(await alice.call('GET', `/subscriptions/${created.id}`), 200, subscription);
      expect(still.nextDueDate).toBe('2026-11-22');
      // Resuming sends the date it was given back; behind today, it moves to the next one on schedule.
      const resumed = expectJson(
        await alice.call('PUT', `/subscriptions/${created.id}`, { ...edit, status: 0 }),
        200,
        subscription,
      );
      expect(resumed.nextDueDate).toBe('2027-01-22');
      expect(resumed.missedDueDate).toBeNull();
    } finally {
      clock = new Date(`${TODAY}T15:00:00Z`);
      await alice.call('DELETE', `/subscriptions/${created.id}`);
    }
  });
});

describe('summary and calendar', () => {
  let bob: Person;
  beforeAll(async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    bob = await person();
    const add = (over: Record<string, unknown>) => bob.call('POST', '/subscriptions', valid(over));
    await add({ name: 'Weekly box', amount: 10, frequency: 0, nextDueDate: '2026-11-23', category: 99 });
    await add({ name: 'Annual news', amount: 120, frequency: 5, nextDueDate: '2026-12-31', category: 6 });
    await add({ name: 'Music', amount: 11.99, frequency: 2, nextDueDate: '2026-11-30', category: 1 });
    const paused = expectJson(
      await add({ name: 'Paused game', amount: 15, frequency: 2, nextDueDate: '2026-11-21', category: 7 }),
      201,
      subscription,
    );
    await bob.call('PUT', `/subscriptions/${paused.id}`, {
      ...valid({ name: 'Paused game', amount: 15, nextDueDate: '2026-11-21', category: 7 }),
      status: 1,
    });
  });

  it('totals active subscriptions per month (weekly × 4.33, annual ÷ 12) and per year, by category', async () => {
    const summary = expectJson(await bob.call('GET', '/subscriptions/summary'), 200, subscriptionSummary);
    // 43.30 + 10.00 + 11.99; the paused one is not counted.
    expect(summary).toEqual({
      monthlyTotal: 65.29,
      yearlyTotal: 783.48,
      activeCount: 3,
      categoryBreakdown: [
        { category: 99, categoryName: 'Other', count: 1, monthlyTotal: 43.3 },
        { category: 1, categoryName: 'Streaming', count: 1, monthlyTotal: 11.99 },
        { category: 6, categoryName: 'News & Media', count: 1, monthlyTotal: 10 },
      ],
    });
  });

  it('lists every charge due in a 42-day page, active subscriptions only', async () => {
    const page = expectJson(
      await bob.call('GET', '/subscriptions/calendar?startDate=2026-11-01&endDate=2026-12-12'),
      200,
      subscriptionCalendar,
    );
    expect(page.occurrences.map((o) => `${o.date} ${o.name} ${o.amount}`)).toEqual([
      '2026-11-23 Weekly box 10',
      '2026-11-30 Music 11.99',
      '2026-11-30 Weekly box 10',
      '2026-12-07 Weekly box 10',
    ]);
  });

  it('shows a subscription without auto-renew once, on its last due date, in whichever page holds it', async () => {
    const ends = expectJson(
      await bob.call(
        'POST',
        '/subscriptions',
        valid({ name: 'Last month', amount: 5, nextDueDate: '2026-12-15', autoRenew: false }),
      ),
      201,
      subscription,
    );
    const page = (start: string, end: string) =>
      bob.call('GET', `/subscriptions/calendar?startDate=${start}&endDate=${end}`).then((res) =>
        expectJson(res, 200, subscriptionCalendar)
          .occurrences.filter((o) => o.subscriptionId === ends.id)
          .map((o) => o.date),
      );
    expect(await page('2026-11-29', '2027-01-09')).toEqual(['2026-12-15']);
    expect(await page('2027-01-01', '2027-02-11')).toEqual([]);
    await bob.call('DELETE', `/subscriptions/${ends.id}`);
  });

  it('rejects a backwards or over-long range', async () => {
    const backwards = await bob.call(
      'GET',
      '/subscriptions/calendar?startDate=2026-12-01&endDate=2026-11-01',
    );
    expect(expectJson(backwards, 400, errorBody).message).toBe('Start date must be before end date');
    const long = await bob.call('GET', '/subscriptions/calendar?startDate=2026-01-01&endDate=2027-12-31');
    expect(expectJson(long, 400, errorBody).message).toBe('The calendar covers at most 400 days');
    const missing = await bob.call('GET', '/subscriptions/calendar?startDate=2026-12-01');
    expect(missing.statusCode).toBe(400);
  });
});

describe('detection, confirm and dismiss', () => {
  let carol: Person;
  beforeAll(async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    carol = await person();
  });

  it('finds Netflix (with its price rise) and the gym, not groceries, pay or rent', async () => {
    const found = expectJson(
      await carol.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    );
    expect(found.map((d) => d.merchantName).sort()).toEqual(['Crunch Fitness', 'Netflix']);
    const netflix = found.find((d) => d.merchantName === 'Netflix');
    expect(netflix).toMatchObject({
      amount: 17.99,
      frequency: 2,
      estimatedNextDue: '2026-12-14',
      priceChange: { previousAmount: 15.49, date: '2026-09-14' },
      occurrences: 6,
    });
    expect(netflix?.relatedTransactionIds).toHaveLength(6);
    expect(netflix?.confidence).toBeGreaterThan(0.8);
    // Rent is a bill the person can ask for.
    const withBills = expectJson(
      await carol.call('POST', '/subscriptions/detect', { includeBills: true }),
      200,
      detectedSubscriptionList,
    );
    expect(withBills.map((d) => d.merchantName)).toContain('Bayview Property Management');
  });

  it('confirms a detection into a tracked subscription linked to its charges, and stops suggesting it', async () => {
    const [netflix] = expectJson(
      await carol.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    ).filter((d) => d.merchantName === 'Netflix');
    if (!netflix) throw new Error('Netflix not detected');
    const tracked = expectJson(
      await carol.call('POST', '/subscriptions/confirm', netflix),
      201,
      subscription,
    );
    expect(tracked).toMatchObject({
      name: 'Netflix',
      amount: 17.99,
      frequency: 2,
      isDetected: true,
      status: 0,
      nextDueDate: '2026-12-14',
      merchantName: 'Netflix',
      lastChargeDate: '2026-11-14',
      priceChange: { previousAmount: 15.49, date: '2026-09-14' },
    });
    const linked = await app.database.query<{ transaction_id: string }>(
      'select transaction_id from subscription_charges where subscription_id = $1',
      [tracked.id],
    );
    expect(linked.map((r) => r.transaction_id).sort()).toEqual([...netflix.relatedTransactionIds].sort());
    // Confirming the same suggestion twice finds nothing to confirm.
    expect((await carol.call('POST', '/subscriptions/confirm', netflix)).statusCode).toBe(404);
    const again = expectJson(
      await carol.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    );
    expect(again.map((d) => d.merchantName)).toEqual(['Crunch Fitness']);
  });

  it('remembers a dismissal, so the merchant is not suggested again', async () => {
    const [gym] = expectJson(
      await carol.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    );
    if (!gym) throw new Error('gym not detected');
    expect((await carol.call('POST', `/subscriptions/${gym.id}/dismiss`)).statusCode).toBe(204);
    expect((await carol.call('POST', `/subscriptions/${gym.id}/dismiss`)).statusCode).toBe(404);
    expect((await carol.call('POST', '/subscriptions/confirm', gym)).statusCode).toBe(404);
    expect(
      expectJson(await carol.call('POST', '/subscriptions/detect'), 200, detectedSubscriptionList),
    ).toEqual([]);
  });

  it('tracks a suggestion once when it is confirmed twice at the same time', async () => {
    const gina = await person();
    const [first] = expectJson(
      await gina.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    );
    if (!first) throw new Error('nothing detected');
    const answers = await Promise.all([
      gina.call('POST', '/subscriptions/confirm', first),
      gina.call('POST', '/subscriptions/confirm', first),
      gina.call('GET', '/subscriptions'),
      gina.call('GET', '/subscriptions/summary'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201, 404]);
    const list = expectJson(await gina.call('GET', '/subscriptions'), 200, subscriptionList);
    expect(list.filter((s) => s.merchantName === first.merchantName)).toHaveLength(1);
  });

  it('applies edits made before confirming', async () => {
    const dave = await person();
    const [first] = expectJson(
      await dave.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    );
    if (!first) throw new Error('nothing detected');
    const tracked = expectJson(
      await dave.call('POST', '/subscriptions/confirm', { ...first, merchantName: 'My plan', category: 5 }),
      201,
      subscription,
    );
    expect(tracked).toMatchObject({ name: 'My plan', category: 5, isDetected: true });
    const bad = await dave.call('POST', '/subscriptions/confirm', { id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
  });

  it('prefills Mark as Recurring from a charge and its merchant history', async () => {
    const list = expectJson(
      await carol.call('GET', '/transactions?searchTerm=Crunch&pageSize=25'),
      200,
      transactionList,
    );
    const latest = list.transactions[0];
    if (!latest) throw new Error('no gym charge');
    const prefill = expectJson(
      await carol.call('GET', `/subscriptions/from-transaction/${latest.id}`),
      200,
      subscriptionPrefill,
    );
    expect(prefill).toEqual({
      transactionId: latest.id,
      name: 'Crunch Fitness',
      amount: 34.99,
      frequency: 2,
      category: 5,
      nextDueDate: '2026-12-03',
    });
    const tracked = expectJson(
      await carol.call('POST', '/subscriptions', { ...prefill, transactionId: latest.id }),
      201,
      subscription,
    );
    expect(tracked).toMatchObject({ merchantName: 'Crunch Fitness', lastChargeDate: '2026-11-03' });
    // The same charge cannot pay twice: a second subscription made from it does not take the charge.
    const again = expectJson(
      await carol.call('POST', '/subscriptions', { ...prefill, name: 'Gym again', transactionId: latest.id }),
      201,
      subscription,
    );
    const owners = await app.database.query<{ subscription_id: string }>(
      'select subscription_id from subscription_charges where transaction_id = $1',
      [latest.id],
    );
    expect(owners.map((o) => o.subscription_id)).toEqual([tracked.id]);
    await carol.call('DELETE', `/subscriptions/${again.id}`);
    const pay = expectJson(
      await carol.call('GET', '/transactions?searchTerm=Acme&pageSize=1'),
      200,
      transactionList,
    );
    const income = await carol.call('GET', `/subscriptions/from-transaction/${pay.transactions[0]?.id}`);
    expect(expectJson(income, 400, errorBody).message).toBe(
      'Only money going out can be marked as recurring',
    );
    const fromIncome = await carol.call('POST', '/subscriptions', {
      ...prefill,
      transactionId: pay.transactions[0]?.id,
    });
    expect(expectJson(fromIncome, 400, errorBody).message).toBe(
      'Only money going out can be marked as recurring',
    );
  });
});

describe('following charges after confirming', () => {
  it('moves the due date on with each charge, records a price change, flags a missed charge and clears it', async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    const erin = await person();
    const [netflix] = expectJson(
      await erin.call('POST', '/subscriptions/detect'),
      200,
      detectedSubscriptionList,
    ).filter((d) => d.merchantName === 'Netflix');
    const tracked = expectJson(
      await erin.call('POST', '/subscriptions/confirm', netflix ?? {}),
      201,
      subscription,
    );
    const read = async () =>
      expectJson(await erin.call('GET', `/subscriptions/${tracked.id}`), 200, subscription);
    try {
      // Dec 15: charged a day late at a new price.
      clock = new Date('2026-12-16T15:00:00Z');
      await post(erin, '2026-12-15', 19_99, 'Netflix', 'NETFLIX.COM 866-579-7172 CA');
      expect(await read()).toMatchObject({
        amount: 19.99,
        nextDueDate: '2027-01-14',
        lastChargeDate: '2026-12-15',
        priceChange: { previousAmount: 17.99, date: '2026-12-15' },
        missedDueDate: null,
      });
      // January's charge does not come: the date moves on, and 5 days after it the card says so.
      clock = new Date('2027-01-17T15:00:00Z');
      expect(await read()).toMatchObject({ nextDueDate: '2027-02-14', missedDueDate: null });
      clock = new Date('2027-01-20T15:00:00Z');
      expect(await read()).toMatchObject({ nextDueDate: '2027-02-14', missedDueDate: '2027-01-14' });
      // A look-alike purchase at the merchant (a gift card, far off the price) is not the charge.
      await post(erin, '2027-01-19', 100_00, 'Netflix', 'NETFLIX.COM GIFT CARD');
      expect((await read()).missedDueDate).toBe('2027-01-14');
      // It posts late (the bank spelling the merchant differently this time); the flag clears, the price holds.
      clock = new Date('2027-01-22T15:00:00Z');
      await post(erin, '2027-01-21', 19_99, ' NETFLIX  ', 'NETFLIX.COM 866-579-7172 CA');
      expect(await read()).toMatchObject({
        missedDueDate: null,
        nextDueDate: '2027-02-14',
        lastChargeDate: '2027-01-21',
        amount: 19.99,
      });
      const summary = expectJson(await erin.call('GET', '/subscriptions/summary'), 200, subscriptionSummary);
      expect(summary.monthlyTotal).toBe(19.99);
    } finally {
      clock = new Date(`${TODAY}T15:00:00Z`);
    }
  });

  it('follows a merchant whose name the bank spells with other spaces, or capitals beyond ASCII', async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    const gina = await person();
    const track = async (name: string) =>
      expectJson(
        await gina.call('POST', '/subscriptions', valid({ name, amount: 9.99, nextDueDate: '2026-11-25' })),
        201,
        subscription,
      );
    const cafe = await track('Café Brûlé');
    const radio = await track('Night Owl Radio');
    try {
      clock = new Date('2026-11-26T15:00:00Z');
      await post(gina, '2026-11-25', 9_99, 'CAFÉ BRÛLÉ', 'CAFE BRULE 0042');
      await post(gina, '2026-11-25', 9_99, '\u00a0Night\u00a0Owl\u2009Radio\u00a0', 'NIGHTOWL RADIO');
      for (const tracked of [cafe, radio]) {
        expect(
          expectJson(await gina.call('GET', `/subscriptions/${tracked.id}`), 200, subscription),
        ).toMatchObject({ lastChargeDate: '2026-11-25', nextDueDate: '2026-12-25' });
      }
    } finally {
      clock = new Date(`${TODAY}T15:00:00Z`);
    }
  });

  it('expires a subscription without auto-renew once its due date passes', async () => {
    const frank = await signUp(app);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api${url}`, headers: bearer(frank), payload });
    const created = expectJson(
      await call('POST', '/subscriptions', valid({ autoRenew: false, nextDueDate: '2026-11-22' })),
      201,
      subscription,
    );
    try {
      clock = new Date('2026-11-23T15:00:00Z');
      const [expired] = expectJson(await call('GET', '/subscriptions'), 200, subscriptionList);
      expect(expired).toMatchObject({ id: created.id, status: 3 });
      const summary = expectJson(await call('GET', '/subscriptions/summary'), 200, subscriptionSummary);
      expect(summary.activeCount).toBe(0);
    } finally {
      clock = new Date(`${TODAY}T15:00:00Z`);
    }
  });
});

describe('the work detection asks for', () => {
  it('answers 429 past its limit, counted per person', async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    // New people are on a Pro trial, where detection is open.
    const [hal, ida] = await Promise.all([signUp(app), signUp(app)]);
    const detect = (auth: { token: string }) =>
      app.inject({ method: 'POST', url: '/api/subscriptions/detect', headers: bearer(auth) });
    for (let i = 0; i < DETECTIONS_PER_MINUTE; i++) {
      expectJson(await detect(hal), 200, detectedSubscriptionList);
    }
    expect(expectJson(await detect(hal), 429, errorBody).code).toBe('RATE_LIMITED');
    expectJson(await detect(ida), 200, detectedSubscriptionList);
  });
});
