import { createECDH, randomBytes } from 'node:crypto';
import {
  addDays,
  addMonths,
  budget,
  CATEGORY,
  errorBody,
  exchangeResponse,
  goalProgressView,
  institutionList,
  type LoginResult,
  loginResult,
  NOTIFICATION_KIND_CODES,
  notification,
  notificationList,
  readAllResult,
  sandboxPublicTokenResponse,
  savingsGoal,
} from '@tally/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, putOnTrial, signUp, type TestApp } from '../../../test/helpers';
import { NOTIFICATION_KINDS } from '../../db/schema';
import { createCatchUpThrottle } from './catch-up-throttle';
import { scanEveryone } from './notifications.service';
import { notifyHistorySync } from './notify';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: testNow });
});
afterAll(() => app.close());

const list = async (auth: LoginResult) =>
  expectJson(
    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) }),
    200,
    notificationList,
  );
const scan = () => scanEveryone({ db: app.database.db, now: testNow });
const rowsOf = async (userId: string) =>
  app.database.query<{ kind: string; key: string }>(
    'select kind, key from notifications where user_id = $1 order by key',
    [userId],
  );

async function trackSubscription(auth: LoginResult, name: string, nextDueDate: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(auth),
    payload: { name, amount: 15.99, frequency: 2, nextDueDate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function linkDemoBank(auth: LoginResult) {
  const [institution] = expectJson(
    await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) }),
    200,
    institutionList,
  );
  const token = await app.inject({
    method: 'POST',
    url: '/api/plaid/sandbox/public-token',
    headers: bearer(auth),
    payload: { institutionId: institution?.id },
  });
  const linked = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token-quick-sync',
    headers: bearer(auth),
    payload: { publicToken: expectJson(token, 200, sandboxPublicTokenResponse).publicToken },
  });
  return expectJson(linked, 200, exchangeResponse).connection;
}

describe('notifications', () => {
  it('keeps the same kinds as the table', () => {
    expect([...NOTIFICATION_KIND_CODES]).toEqual([...NOTIFICATION_KINDS]);
  });

  it('tells of a subscription due within 3 days once: reading and scanning again create nothing', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const due = await trackSubscription(auth, 'Streamly', addDays(TODAY, 3));
    await trackSubscription(auth, 'Later Box', addDays(TODAY, 4));
    const first = await list(auth);
    expect(first.unreadCount).toBe(1);
    expect(first.notifications).toEqual([
      expect.objectContaining({
        kind: 'subscription_due',
        title: 'Streamly is due in 3 days',
        body: '$15.99 on Nov 23.',
        link: '/subscriptions',
        // Told at the app's clock (which the delivery window reads too), not the database's.
        createdAt: testNow().toISOString(),
        readAt: null,
      }),
    ]);
    expect(await scan()).toBe(0);
    expect(await scan()).toBe(0);
    expect((await list(auth)).notifications).toHaveLength(1);
    expect(await rowsOf(auth.user.id)).toEqual([
      { kind: 'subscription_due', key: `subscription-due:${due}:${addDays(TODAY, 3)}` },
    ]);
  });

  it("counts the days in the person's own calendar", async () => {
    // testNow is 15:00 UTC: already the next day in Kiritimati (UTC+14), so 4 days ahead there is 3.
    const kiritimati = await signUp(app, { timeZone: 'Pacific/Kiritimati' });
    await trackSubscription(kiritimati, 'Island Music', addDays(TODAY, 4));
    const utc = await signUp(app, { timeZone: 'UTC' });
    await trackSubscription(utc, 'Island Music', addDays(TODAY, 4));
    expect((await list(kiritimati)).notifications.map((n) => n.title)).toEqual([
      'Island Music is due in 3 days',
    ]);
    expect((await list(utc)).notifications).toEqual([]);
  });

  it('the scheduled scan finds what is due for everyone, once', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await trackSubscription(auth, 'Nightly News', addDays(TODAY, 1));
    expect(await scan()).toBeGreaterThanOrEqual(1);
    expect(await scan()).toBe(0);
    expect((await list(auth)).notifications.map((n) => n.title)).toEqual(['Nightly News is due tomorrow']);
  });

  it('tells a trial ending within 3 days, naming its plan, not a converted one', async () => {
    const trial = await signUp(app, { timeZone: 'UTC' });
    const paid = await signUp(app, { timeZone: 'UTC' });
    const ends = new Date(testNow().getTime() + 2 * 24 * 60 * 60 * 1000);
    await putOnTrial(app, trial, 'premium', ends);
    await putOnTrial(app, paid, 'pro', ends);
    await app.database.query(`update users set plan = 'pro' where id = $1`, [paid.user.id]);
    expect((await list(trial)).notifications).toEqual([
      expect.objectContaining({
        kind: 'trial_ending',
        title: 'Your Premium trial ends in 2 days',
        body: 'Subscribe in Settings to keep Premium features.',
        link: '/settings',
      }),
    ]);
    expect((await list(paid)).notifications).toEqual([]);
    expect(await scan()).toBe(0);
  });

  it('reads one (count goes down), reads all, dismisses; another person’s ids answer 404', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const other = await signUp(app, { timeZone: 'UTC' });
    for (const [name, days] of [
      ['One', 0],
      ['Two', 1],
      ['Three', 2],
    ] as const) {
      await trackSubscription(auth, name, addDays(TODAY, days));
    }
    const before = await list(auth);
    expect(before.unreadCount).toBe(3);
    const [first, second, third] = before.notifications;
    if (!first || !second || !third) throw new Error('expected three notifications');

    for (const [method, url] of [
      ['POST', `/api/notifications/${first.id}/read`],
      ['DELETE', `/api/notifications/${first.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(other) });
      expect(expectJson(res, 404, errorBody).message).toBe('Notification not found');
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/notifications/nope/read',
      headers: bearer(auth),
    });
    expect(expectJson(bad, 400, errorBody).message).toBe('Invalid id');
    const limit = await app.inject({
      method: 'GET',
      url: '/api/notifications?limit=0',
      headers: bearer(auth),
    });
    expect(expectJson(limit, 400, errorBody).message).toBe('Limit must be between 1 and 50');

    const read = expectJson(
      await app.inject({ method: 'POST', url: `/api/notifications/${first.id}/read`, headers: bearer(auth) }),
      200,
      notification,
    );
    expect(read.readAt).toBe(testNow().toISOString());
    expect((await list(auth)).unreadCount).toBe(2);

    const dismissed = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/${second.id}`,
      headers: bearer(auth),
    });
    expect(dismissed.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/${second.id}`,
      headers: bearer(auth),
    });
    expect(again.statusCode).toBe(404);
    const after = await list(auth);
    expect(after.notifications.map((n) => n.id)).toEqual(
      [first.id, third.id].sort(
        (a, b) =>
          before.notifications.findIndex((n) => n.id === a) -
          before.notifications.findIndex((n) => n.id === b),
      ),
    );
    expect(after.unreadCount).toBe(1);
    // A dismissed one is not told again.
    expect(await scan()).toBe(0);

    const all = expectJson(
      await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: bearer(auth) }),
      200,
      readAllResult,
    );
    expect(all).toEqual({ updated: 1, unreadCount: 0 });
    expect((await list(auth)).unreadCount).toBe(0);
    // The other person's list is untouched and empty.
    expect((await list(other)).notifications).toEqual([]);
  });

  it('tells a savings goal completed once, linking to the goal', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const goal = expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/savings/goals',
        headers: bearer(auth),
        payload: { name: 'New bike', targetAmount: 300, allocationPercentage: 10 },
      }),
      201,
      savingsGoal,
    );
    const add = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/savings/goals/${goal.id}/allocate`,
        headers: bearer(auth),
        payload: { amount },
      });
    expectJson(await add(200), 201, goalProgressView);
    expect((await list(auth)).notifications).toEqual([]);
    expectJson(await add(100), 201, goalProgressView);
    expectJson(await add(50), 201, goalProgressView);
    expect((await list(auth)).notifications).toEqual([
      expect.objectContaining({
        kind: 'goal_completed',
        title: 'Goal reached: New bike',
        body: 'You saved $300.00. Well done!',
        link: `/savings/${goal.id}`,
      }),
    ]);
  });

  describe('with the demo bank linked', () => {
    let auth: LoginResult;
    beforeAll(async () => {
      auth = await signUp(app, { timeZone: 'UTC' });
      await linkDemoBank(auth);
    });

    it('tells the import completed once it has, linking to Accounts', async () => {
      const told = await eventually(async () => {
        const found = (await list(auth)).notifications.filter((n) => n.kind === 'import_completed');
        return found.length > 0 && found;
      }, 'the import-completed notification');
      expect(told).toEqual([
        expect.objectContaining({
          title: expect.stringMatching(/ import completed$/),
          body: expect.stringMatching(/^[\d,]+ transactions? imported\. Your accounts are up to date\.$/),
          link: '/accounts',
        }),
      ]);
    });

    it('tells an import that failed for good, not one cancelled by a disconnect', async () => {
      const [connection] = await app.database.query<{ id: string }>(
        'select id from bank_connections where user_id = $1',
        [auth.user.id],
      );
      const run = async (message: string) => {
        const [row] = await app.database.query<{ id: string }>(
          `insert into history_syncs (user_id, connection_id, status, message) values ($1, $2, 'Failed', $3) returning id`,
          [auth.user.id, connection?.id, message],
        );
        return row?.id ?? '';
      };
      const asked: string[] = [];
      const queue = { send: async (_name: string, data: object) => void asked.push(JSON.stringify(data)) };
      const failed = await run('Import failed');
      const cancelled = await run('Import cancelled');
      expect(
        await notifyHistorySync(app.database.db, {
          queue,
          userId: auth.user.id,
          runId: failed,
          now: testNow(),
        }),
      ).toBe(true);
      expect(
        await notifyHistorySync(app.database.db, {
          queue,
          userId: auth.user.id,
          runId: failed,
          now: testNow(),
        }),
      ).toBe(false);
      expect(
        await notifyHistorySync(app.database.db, {
          queue,
          userId: auth.user.id,
          runId: cancelled,
          now: testNow(),
        }),
      ).toBe(false);
      expect(asked).toEqual([JSON.stringify({ userId: auth.user.id })]);
      expect((await list(auth)).notifications.filter((n) => n.kind === 'import_failed')).toEqual([
        expect.objectContaining({
          title: expect.stringMatching(/ import failed$/),
          body: 'The import could not finish. Open Accounts to try again.',
          link: '/accounts',
        }),
      ]);
    });

    it('tells a subscription charging more, once, when the charge is seen', async () => {
      const id = await trackSubscription(auth, 'Streamly Plus', TODAY);
      const [account] = await app.database.query<{ id: string }>(
        'select id from bank_accounts where user_id = $1 order by id limit 1',
        [auth.user.id],
      );
      // The bank's charge at the new price, as an import would store it.
      await app.database.query(
        `insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name, amount, category)
         values ($1, $2, 'price-rise-1', $3, 'STREAMLY PLUS', 'Streamly Plus', -1799, $4)`,
        [auth.user.id, account?.id, TODAY, CATEGORY.Entertainment],
      );
      const priceNews = async () =>
        (await list(auth)).notifications.filter((n) => n.kind === 'subscription_price_increase');
      // Reading notifications catches the due subscription up with the charges (as reading subscriptions
      // does): the new price is learnt there; reading either again tells nothing twice.
      await priceNews();
      for (let i = 0; i < 2; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/api/subscriptions', headers: bearer(auth) });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await priceNews()).toEqual([
        expect.objectContaining({
          title: 'Streamly Plus costs more',
          body: 'Now $17.99, up from $15.99 (+$2.00).',
          link: '/subscriptions',
        }),
      ]);
      expect(await rowsOf(auth.user.id)).toContainEqual({
        kind: 'subscription_price_increase',
        key: `subscription-price:${id}:${TODAY}`,
      });
    });

    it('tells a budget category at 80%, then over, each once in the period', async () => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/budget',
        headers: bearer(auth),
        payload: {
          name: 'Monthly',
          period: 2,
          totalIncome: 100_000,
          categories: [{ category: CATEGORY.Groceries, allocatedAmount: 50_000 }],
        },
      });
      const created = expectJson(made, 201, budget);
      const groceries = created.categories.find((c) => c.category === CATEGORY.Groceries);
      if (!groceries || groceries.spentAmount <= 0)
        throw new Error(`expected groceries spending: ${made.body}`);
      const spent = groceries.spentAmount;
      const allocate = async (allocatedAmount: number) => {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/budget/${created.id}/category/${groceries.id}`,
          headers: bearer(auth),
          payload: { allocatedAmount },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const budgetKinds = async () =>
        (await list(auth)).notifications
          .filter((n) => n.link === '/budgets')
          .map((n) => [n.kind, n.title])
          // Told at the same pinned clock: the list's order between them is no part of this.
          .sort(([a], [b]) => String(a).localeCompare(String(b)));
      expect(await budgetKinds()).toEqual([]);
      // Spent is 90% of this allocation: the scheduled scan finds it without a read.
      await allocate(Math.ceil((spent / 0.9) * 100) / 100);
      expect(await scan()).toBe(1);
      expect(await budgetKinds()).toEqual([
        ['budget_warning', expect.stringMatching(/^Groceries is at (89|90)% of its budget$/)],
      ]);
      expect(await scan()).toBe(0);
      // Now twice the allocation: over, told by the person's own read.
      await allocate(Math.floor((spent / 2) * 100) / 100);
      expect(await budgetKinds()).toEqual([
        ['budget_over', 'Groceries is over budget'],
        ['budget_warning', expect.any(String)],
      ]);
      expect(await scan()).toBe(0);
      // Back under 80%: nothing new, nothing taken back.
      await allocate(Math.ceil(spent * 2 * 100) / 100);
      expect(await budgetKinds()).toHaveLength(2);
    });
  });
});

describe('push subscriptions', () => {
  const keysOf = () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    return {
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  };
  const register = (auth: LoginResult, endpoint: string, keys = keysOf()) =>
    app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: bearer(auth),
      payload: { endpoint, keys },
    });
  const endpointsOf = async (userId: string) =>
    (
      await app.database.query<{ endpoint: string }>(
        'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
        [userId],
      )
    ).map((r) => r.endpoint);

  it("takes the browsers' push services only: the server posts to the endpoint", async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const taken = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://fcm.googleapis.com:443/fcm/send/port',
    ];
    for (const endpoint of taken) expect((await register(auth, endpoint)).statusCode, endpoint).toBe(204);
    const refused = [
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://internal.example.com/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilpush.apple.com.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com.example/x',
    ];
    for (const endpoint of refused) {
      const res = expectJson(await register(auth, endpoint), 400, errorBody);
      expect(res.message, endpoint).toBe(
        "Push endpoint must be a browser's push service (Chrome, Firefox, Edge or Safari)",
      );
    }
    expect(await endpointsOf(auth.user.id)).toHaveLength(taken.length);
  });

  it('refuses keys nothing can be encrypted to', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const good = keysOf();
    const notOnCurve = Buffer.alloc(65, 1);
    notOnCurve[0] = 4;
    const cases: Array<[{ p256dh: string; auth: string }, string]> = [
      [{ ...good, p256dh: 'BPp256dhkey' }, 'p256dh key must be an uncompressed P-256 public key (65 bytes)'],
      [
        { ...good, p256dh: notOnCurve.toString('base64url') },
        'p256dh key must be an uncompressed P-256 public key (65 bytes)',
      ],
      [{ ...good, auth: 'authsecret' }, 'auth secret must be 16 bytes'],
    ];
    for (const [keys, message] of cases) {
      const res = expectJson(
        await register(auth, 'https://fcm.googleapis.com/fcm/send/k', keys),
        400,
        errorBody,
      );
      expect(res.message).toBe(message);
    }
    expect(await endpointsOf(auth.user.id)).toEqual([]);
  });

  it('keeps 10 browsers a person: an 11th replaces the one registered longest ago', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/cap-${String(i).padStart(2, '0')}`;
    for (let i = 1; i <= 10; i += 1) expect((await register(auth, endpoint(i))).statusCode).toBe(204);
    // Registering the first again makes it the newest: the second is now the oldest.
    expect((await register(auth, endpoint(1))).statusCode).toBe(204);
    expect(await endpointsOf(auth.user.id)).toHaveLength(10);
    expect((await register(auth, endpoint(11))).statusCode).toBe(204);
    const kept = await endpointsOf(auth.user.id);
    expect(kept).toHaveLength(10);
    expect(kept).toContain(endpoint(1));
    expect(kept).not.toContain(endpoint(2));
    expect(kept).toContain(endpoint(11));
  });
});

describe('push subscriptions belong to one person', () => {
  const keysOf = () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    return {
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  };
  const register = (auth: LoginResult, endpoint: string, keys = keysOf()) =>
    app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: bearer(auth),
      payload: { endpoint, keys },
    });
  const holderOf = async (endpoint: string) =>
    (
      await app.database.query<{ user_id: string; session_id: string; p256dh: string }>(
        'select user_id, session_id, p256dh from push_subscriptions where endpoint = $1',
        [endpoint],
      )
    )[0];
  const login = async (auth: LoginResult) =>
    expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: auth.user.email, password: 'correct horse' },
      }),
      200,
      loginResult,
    );
  const sessionOf = (auth: LoginResult) => decodeJwt(auth.token).jti;

  it('answers 409 to another person registering an endpoint someone has on, and moves nothing', async () => {
    const alice = await signUp(app, { timeZone: 'UTC' });
    const bob = await signUp(app, { timeZone: 'UTC' });
    const endpoint = `https://fcm.googleapis.com/fcm/send/held-${randomBytes(4).toString('hex')}`;
    const keys = keysOf();
    expect((await register(alice, endpoint, keys)).statusCode).toBe(204);
    const res = expectJson(await register(bob, endpoint), 409, errorBody);
    expect(res.code).toBe('PUSH_SUBSCRIPTION_TAKEN');
    expect(res.message).toBe(
      'Push notifications in this browser belong to another Tally account. Sign that account out here, or subscribe this browser again.',
    );
    expect(await holderOf(endpoint)).toEqual({
      user_id: alice.user.id,
      session_id: sessionOf(alice),
      p256dh: keys.p256dh,
    });
    // Bob cannot forget it for her either.
    await app.inject({
      method: 'DELETE',
      url: '/api/notifications/push/subscriptions',
      headers: bearer(bob),
      payload: { endpoint },
    });
    expect((await holderOf(endpoint))?.user_id).toBe(alice.user.id);
  });

  it('moves an endpoint to the same person’s new session, and frees it once its session is signed out', async () => {
    const alice = await signUp(app, { timeZone: 'UTC' });
    const bob = await signUp(app, { timeZone: 'UTC' });
    const endpoint = `https://fcm.googleapis.com/fcm/send/moved-${randomBytes(4).toString('hex')}`;
    expect((await register(alice, endpoint)).statusCode).toBe(204);
    const again = await login(alice);
    expect((await register(again, endpoint)).statusCode).toBe(204);
    expect(await holderOf(endpoint)).toMatchObject({ user_id: alice.user.id, session_id: sessionOf(again) });
    // Signing the first session out leaves the browser with the second.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(alice) })).statusCode,
    ).toBe(204);
    expect((await holderOf(endpoint))?.session_id).toBe(sessionOf(again));
    // Signed out there too: the browser is nobody's, and the next person signed in may have it.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(again) })).statusCode,
    ).toBe(204);
    expect(await holderOf(endpoint)).toBeUndefined();
    expect((await register(bob, endpoint)).statusCode).toBe(204);
    expect(await holderOf(endpoint)).toMatchObject({ user_id: bob.user.id, session_id: sessionOf(bob) });
  });

  it('lets a subscription whose session expired give way to the next person', async () => {
    const alice = await signUp(app, { timeZone: 'UTC' });
    const bob = await signUp(app, { timeZone: 'UTC' });
    const endpoint = `https://fcm.googleapis.com/fcm/send/expired-${randomBytes(4).toString('hex')}`;
    expect((await register(alice, endpoint)).statusCode).toBe(204);
    await app.database.query('update sessions set expires_at = $2 where id = $1', [
      sessionOf(alice),
      new Date(testNow().getTime() - 1000),
    ]);
    expect((await register(bob, endpoint)).statusCode).toBe(204);
    expect((await holderOf(endpoint))?.user_id).toBe(bob.user.id);
  });
});

describe('subscriptions due, caught up first', () => {
  const dueKeysOf = async (userId: string) =>
    (await rowsOf(userId)).filter((r) => r.kind === 'subscription_due').map((r) => r.key);
  const setPlan = (auth: LoginResult, plan: 'starter' | 'pro') =>
    app.database.query('update users set plan = $2 where id = $1', [auth.user.id, plan]);

  it("tells of the next due date after the first passed, though Subscriptions wasn't opened", async () => {
    const paying = await signUp(app, { timeZone: 'UTC' });
    await setPlan(paying, 'pro');
    const starter = await signUp(app, { timeZone: 'UTC' });
    const first = addDays(TODAY, 1);
    const id = await trackSubscription(paying, 'Monthly Box', first);
    const starterId = await trackSubscription(starter, 'Starter Box', first);
    // Then on Starter: subscription tracking is not part of the plan.
    await setPlan(starter, 'starter');
    const second = addMonths(first, 1);
    const later = new Date(`${addDays(second, -2)}T15:00:00Z`);
    await scanEveryone({ db: app.database.db, now: () => later });
    expect(await dueKeysOf(paying.user.id)).toEqual([`subscription-due:${id}:${second}`]);
    expect(await dueKeysOf(starter.user.id)).toEqual([]);
    // Left as it was: nothing of Starter's subscriptions is followed.
    const [row] = await app.database.query<{ next_due_date: string }>(
      'select next_due_date::text from subscriptions where id = $1',
      [starterId],
    );
    expect(row?.next_due_date).toBe(first);
  });

  it('tells nothing due soon for a charge that already posted', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const connection = await linkDemoBank(auth);
    const id = await trackSubscription(auth, 'Paid Early', addDays(TODAY, 2));
    await app.database.query(
      `insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name, amount, category)
       values ($1, $2, $3, $4, 'PAID EARLY', 'Paid Early', -1599, 23)`,
      [auth.user.id, connection.accounts[0]?.id, `paid-${id}`, TODAY],
    );
    expect((await list(auth)).notifications.filter((n) => n.kind === 'subscription_due')).toEqual([]);
    await scan();
    expect(await dueKeysOf(auth.user.id)).toEqual([]);
  });
});

describe('catching up on reads', () => {
  it('rescans at most once a minute a person, and at once after they change something', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const id = await trackSubscription(auth, 'Quiet Box', addDays(TODAY, 10));
    expect((await list(auth)).notifications).toEqual([]);
    // Changed behind the API's back (as a job might): the next poll within the minute does not rescan.
    await app.database.query('update subscriptions set next_due_date = $2 where id = $1', [
      id,
      addDays(TODAY, 1),
    ]);
    expect((await list(auth)).notifications).toEqual([]);
    // Any change of theirs through the API makes the next read look again.
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(auth),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(auth)).notifications.map((n) => n.title)).toEqual(['Quiet Box is due tomorrow']);
  });

  it('the throttle: once a minute, forgotten on a change', () => {
    let now = 1_000_000;
    const throttle = createCatchUpThrottle(60_000, () => now);
    expect(throttle.due('a')).toBe(true);
    expect(throttle.due('a')).toBe(false);
    expect(throttle.due('b')).toBe(true);
    now += 59_999;
    expect(throttle.due('a')).toBe(false);
    now += 1;
    expect(throttle.due('a')).toBe(true);
    expect(throttle.due('b')).toBe(true);
    throttle.changed('a');
    expect(throttle.due('a')).toBe(true);
    expect(throttle.due('b')).toBe(false);
  });
});
