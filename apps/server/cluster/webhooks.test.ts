import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, dropDatabase, startCluster } from '../../../scripts/cluster.mjs';
import { type FakePlaid, startFakePlaid } from '../test/fake-plaid';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe';
import {
  blocksSomeone,
  call,
  clientAddress,
  clusterOutput,
  eventually,
  historySyncOver,
  jobStarts,
  linkBank,
  REDIS_URL,
  readAllOutput,
  register,
  runDatabaseUrl,
} from './support';

// The providers' webhooks on two servers behind nginx: payments through Stripe and banks through Plaid, each
// a local fake the real SDKs talk to. A provider delivers an event again until it hears 2xx, and whichever
// server it reaches, directly or through the load balancer; each event must still change things once.

const databaseUrl = runDatabaseUrl('webhooks');

let cluster: Cluster;
let db: pg.Pool;
let stripe: FakeStripe;
let plaid: FakePlaid;
let dataDir: string;
const output = clusterOutput('cluster-webhooks.log');

beforeAll(async () => {
  stripe = await startFakeStripe();
  plaid = await startFakePlaid();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-cluster-webhooks-'));
  cluster = await startCluster({
    servers: 2,
    port: 0,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    onLine: output.onLine,
    env: {
      ...stripe.env(),
      ...plaid.env('sandbox'),
      JOB_POLL_SECONDS: '0.5',
      // Each job a server starts is logged (jobs/queue.ts), so the logs show who worked what.
      LOG_LEVEL: 'debug',
    },
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await stripe?.close();
  await plaid?.close();
  await dropDatabase(databaseUrl);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const nginx = () => cluster.url;
/** Where a provider's delivery may land: each server directly, and nginx. */
const everywhere = () => [...cluster.servers.map((s) => s.url), nginx()];

/** One webhook delivery: the exact bytes, signed, from the provider's `address`. */
async function deliver(base: string, path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Sessions of this database waiting for a lock while they record a billing event as applied. */
async function waitingToRecordEvent() {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
        and query like 'insert into "billing_events"%'`,
  );
  return rows[0]!.n;
}

/** The bank-sync jobs of a connection, by state. */
async function bankSyncJobs(connectionId: string) {
  const { rows } = await db.query<{ id: string; state: string }>(
    `select id, state from pgboss.job where name = 'bank-sync' and data->>'connectionId' = $1 order by created_on`,
    [connectionId],
  );
  return rows;
}

describe('webhooks delivered to several servers', () => {
  it('applies a Stripe event once, delivered at the same moment and again to every server and through nginx', async () => {
    const address = clientAddress();
    const person = await register(nginx(), address);
    // Stripe holds a subscription for the person (Checkout completed): its event moves their plan.
    const subscription = stripe.createSubscription('cus_cluster', 'pro', {
      userId: person.user.id,
      plan: 'pro',
    });
    const event = stripe.event('customer.subscription.created', stripe.subscriptionObject(subscription.id));
    const { payload, headers } = stripe.signed(event);
    const delivery = (base: string) =>
      deliver(base, '/api/billing/webhook', payload, { ...headers, 'x-forwarded-for': address });
    // Applying the event reads the subscription from Stripe once, inside the transaction that records the
    // event: each read is one application.
    const reads = () => stripe.calls(`GET /v1/subscriptions/${subscription.id}`).length;

    // The first delivery is held at that read, its transaction open, while the same event reaches every
    // server twice more; all of those get as far as recording it and wait there.
    const held = stripe.holdNext(`GET /v1/subscriptions/${subscription.id}`);
    const first = delivery(cluster.servers[0]!.url);
    await held.arrived;
    const others = [...everywhere(), ...everywhere()].map(delivery);
    await eventually(
      async () => (await waitingToRecordEvent()) === others.length,
      'the other deliveries to wait for the first',
    );
    held.release();
    const replies = await Promise.all([first, ...others]);
    expect(replies).toEqual(replies.map(() => ({ status: 200, body: { received: true } })));
    expect(reads()).toBe(1);

    // Delivered again afterwards (a retry) to each: acknowledged, nothing applied.
    for (const base of everywhere()) {
      expect(await delivery(base)).toEqual({ status: 200, body: { received: true } });
    }
    expect(reads()).toBe(1);
    const recorded = await db.query('select type from billing_events where id = $1', [event.id]);
    expect(recorded.rows).toEqual([{ type: 'customer.subscription.created' }]);
    const billing = await call(nginx(), 'GET', '/api/billing', { token: person.token, address });
    expect(billing.body).toMatchObject({ provider: 'stripe', plan: 'pro', paidPlan: 'pro' });
    const row = await db.query('select billing_subscription_id from users where id = $1', [person.user.id]);
    expect(row.rows).toEqual([{ billing_subscription_id: subscription.id }]);
  });

  it('queues one bank sync for a Plaid webhook delivered many times to every server while the bank syncs', async () => {
    const address = clientAddress();
    const person = await register(nginx(), address);
    // The free Pro trial (nothing paid, Stripe not asked), so every account of the bank is shown.
    const trial = await call(nginx(), 'POST', '/api/billing/plan', {
      token: person.token,
      address,
      body: { plan: 'pro' },
    });
    expect(trial.status).toBe(200);
    const connectionId = await linkBank(nginx(), person.token, address, 'ins_109508');
    expect(await historySyncOver(nginx(), person.token, address, connectionId)).toBe('Completed');
    const [connection] = (
      await db.query<{ item_id: string }>('select item_id from bank_connections where id = $1', [
        connectionId,
      ])
    ).rows;
    // Something new at the bank, which Plaid announces with SYNC_UPDATES_AVAILABLE.
    const [added] = plaid.addTransactions(connection!.item_id, [
      {
        account: 'checking',
        amount: 4.5,
        date: new Date().toISOString().slice(0, 10),
        name: 'Cluster Coffee',
      },
    ]);
    const { body, plaidVerification } = await plaid.syncUpdatesWebhook(connection!.item_id);
    const delivery = (base: string) =>
      deliver(base, '/api/plaid/webhook', body, {
        'content-type': 'application/json',
        'plaid-verification': plaidVerification,
        'x-forwarded-for': address,
      });

    // The person's linking lock, held here: a sync of theirs waits for it once it has started.
    const linking = new pg.Client({ connectionString: databaseUrl });
    await linking.connect();
    let jobs: Awaited<ReturnType<typeof bankSyncJobs>>;
    try {
      await linking.query('select pg_advisory_lock(hashtextextended($1, 0))', [`linking:${person.user.id}`]);
      expect(await delivery(cluster.servers[0]!.url)).toEqual({ status: 200, body: { received: true } });
      await eventually(
        async () =>
          (await blocksSomeone(linking)) &&
          (await bankSyncJobs(connectionId)).some((j) => j.state === 'active'),
        'the sync the webhook queued to start',
      );
      // While it runs, the same webhook three times over to each server and through nginx, all at once.
      const replies = await Promise.all([...everywhere(), ...everywhere(), ...everywhere()].map(delivery));
      expect(replies).toEqual(replies.map(() => ({ status: 200, body: { received: true } })));
      // One sync running and one waiting to read what came in meanwhile: not one per delivery.
      jobs = await bankSyncJobs(connectionId);
      expect(jobs.map((j) => j.state)).toEqual(['active', 'created']);
    } finally {
      await linking.end();
    }
    await eventually(
      async () => (await bankSyncJobs(connectionId)).every((j) => j.state === 'completed'),
      'both syncs to finish',
    );
    await readAllOutput(cluster, output);
    const starts = jobStarts(output);
    expect(jobs.map((j) => starts.get(j.id))).toEqual([1, 1]);
    const stored = await db.query(
      'select count(*)::int as n from transactions where user_id = $1 and provider_transaction_id = $2',
      [person.user.id, added!.transaction_id],
    );
    expect(stored.rows).toEqual([{ n: 1 }]);
  });
});
