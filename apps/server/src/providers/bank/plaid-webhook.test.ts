import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVERY_TRY, type FakePlaid, PLAID_DOWN, startFakePlaid } from '../../../test/fake-plaid';
import { createPlaidClient, PlaidProviderError } from './plaid';
import {
  createPlaidWebhookVerifier,
  type PlaidWebhookVerifier,
  parsePlaidWebhook,
  WEBHOOK_KEY_LOOKUPS_PER_MINUTE,
  WEBHOOK_KEY_MISS_TTL_MS,
} from './plaid-webhook';

const START = new Date('2025-03-14T12:00:00Z');
const startSeconds = START.getTime() / 1000;

let clock: Date;
let fake: FakePlaid;
let verifier: PlaidWebhookVerifier;

const body = JSON.stringify(
  { webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: 'item-1' },
  null,
  2,
);

function keyFetches(): number {
  return fake.requests.filter((r) => r.path === '/webhook_verification_key/get').length;
}

beforeEach(async () => {
  clock = START;
  fake = await startFakePlaid({ now: () => clock });
  verifier = createPlaidWebhookVerifier(
    { clientId: fake.clientId, secret: fake.secret, env: 'sandbox', baseUrl: fake.url },
    { now: () => clock },
  );
});

afterEach(async () => {
  await fake.close();
});

describe('Plaid webhook verification', () => {
  it('accepts a webhook signed by Plaid for exactly this body', async () => {
    await expect(verifier.verify(body, await fake.signWebhook(body))).resolves.toBe(true);
  });

  it('accepts the raw bytes as well as a string', async () => {
    await expect(verifier.verify(Buffer.from(body), await fake.signWebhook(body))).resolves.toBe(true);
  });

  it('fetches each key once and reuses it', async () => {
    await verifier.verify(body, await fake.signWebhook(body));
    await verifier.verify(body, await fake.signWebhook(body));
    expect(fake.requests.filter((r) => r.path === '/webhook_verification_key/get')).toEqual([
      { path: '/webhook_verification_key/get', body: { key_id: fake.webhookKeyId } },
    ]);
  });

  it('accepts a verifier built from an SDK client', async () => {
    const client = createPlaidClient({
      clientId: fake.clientId,
      secret: fake.secret,
      env: 'sandbox',
      baseUrl: fake.url,
    });
    const fromClient = createPlaidWebhookVerifier(client, { now: () => clock });
    await expect(fromClient.verify(body, await fake.signWebhook(body))).resolves.toBe(true);
  });

  it('rejects a missing, empty, repeated or malformed header', async () => {
    const valid = await fake.signWebhook(body);
    await expect(verifier.verify(body, undefined)).resolves.toBe(false);
    await expect(verifier.verify(body, '')).resolves.toBe(false);
    await expect(verifier.verify(body, [valid, valid])).resolves.toBe(false);
    await expect(verifier.verify(body, 'not-a-jwt')).resolves.toBe(false);
    expect(keyFetches()).toBe(0);
  });

  it('rejects a signature from a key Plaid never published, even under its kid', async () => {
    await expect(verifier.verify(body, await fake.signWebhook(body, { wrongKey: true }))).resolves.toBe(
      false,
    );
  });

  it('rejects a token that is not ES256 before looking up any key', async () => {
    await expect(verifier.verify(body, await fake.signWebhook(body, { alg: 'HS256' }))).resolves.toBe(false);
    expect(keyFetches()).toBe(0);
  });

  it('rejects a key id Plaid does not know, and does not ask about it again for five minutes', async () => {
    const forged = await fake.signWebhook(body, { kid: 'made-up-key' });

    await expect(verifier.verify(body, forged)).resolves.toBe(false);
    await expect(verifier.verify(body, forged)).resolves.toBe(false);
    expect(keyFetches()).toBe(1);

    clock = new Date(START.getTime() + WEBHOOK_KEY_MISS_TTL_MS - 1000);
    await expect(verifier.verify(body, forged)).resolves.toBe(false);
    expect(keyFetches()).toBe(1);

    clock = new Date(START.getTime() + WEBHOOK_KEY_MISS_TTL_MS);
    await expect(verifier.verify(body, forged)).resolves.toBe(false);
    expect(keyFetches()).toBe(2);
  });

  it('asks Plaid about at most a few unseen key ids a minute, however many arrive', async () => {
    const made = (n: number) => fake.signWebhook(body, { kid: `made-up-key-${n}` });
    for (let n = 0; n < WEBHOOK_KEY_LOOKUPS_PER_MINUTE; n++) {
      await expect(verifier.verify(body, await made(n))).resolves.toBe(false);
    }
    expect(keyFetches()).toBe(WEBHOOK_KEY_LOOKUPS_PER_MINUTE);

    // Past the budget nothing is asked: the webhook is refused as unverifiable, not judged forged.
    for (let n = 100; n < 130; n++) {
      await expect(verifier.verify(body, await made(n))).rejects.toMatchObject({
        code: 'WEBHOOK_KEY_LOOKUPS_LIMITED',
      });
    }
    const genuine = await fake.signWebhook(body);
    await expect(verifier.verify(body, genuine)).rejects.toBeInstanceOf(PlaidProviderError);
    expect(keyFetches()).toBe(WEBHOOK_KEY_LOOKUPS_PER_MINUTE);

    // A minute on, the budget is back and Plaid's real key verifies.
    clock = new Date(START.getTime() + 60_000);
    await expect(verifier.verify(body, await fake.signWebhook(body))).resolves.toBe(true);
    expect(keyFetches()).toBe(WEBHOOK_KEY_LOOKUPS_PER_MINUTE + 1);
  });

  it('does not spend the budget on a key it already holds', async () => {
    for (let n = 0; n < WEBHOOK_KEY_LOOKUPS_PER_MINUTE * 3; n++) {
      await expect(verifier.verify(body, await fake.signWebhook(body))).resolves.toBe(true);
    }
    expect(keyFetches()).toBe(1);
  });

  it.each([
    { age: 0, accepted: true },
    { age: 299, accepted: true },
    { age: 300, accepted: true },
    { age: 301, accepted: false },
    { age: 3600, accepted: false },
    { age: -301, accepted: false },
  ])(
    'treats a token issued $age s ago as accepted=$accepted (5-minute window)',
    async ({ age, accepted }) => {
      const header = await fake.signWebhook(body, { issuedAt: startSeconds - age });
      await expect(verifier.verify(body, header)).resolves.toBe(accepted);
    },
  );

  it('rejects a replay once five minutes have passed', async () => {
    const header = await fake.signWebhook(body);
    await expect(verifier.verify(body, header)).resolves.toBe(true);

    clock = new Date(START.getTime() + 301_000);

    await expect(verifier.verify(body, header)).resolves.toBe(false);
  });

  it('rejects a body that was changed after signing', async () => {
    const header = await fake.signWebhook(body);
    const tampered = body.replace('item-1', 'item-2');
    await expect(verifier.verify(tampered, header)).resolves.toBe(false);
    // Even whitespace counts: the hash covers the exact bytes Plaid sent.
    await expect(verifier.verify(JSON.stringify(JSON.parse(body)), header)).resolves.toBe(false);
  });

  it('rejects a token whose claimed body hash does not match', async () => {
    const header = await fake.signWebhook(body, { bodySha256: 'a'.repeat(64) });
    await expect(verifier.verify(body, header)).resolves.toBe(false);
    const short = await fake.signWebhook(body, { bodySha256: 'abc' });
    await expect(verifier.verify(body, short)).resolves.toBe(false);
  });

  it('picks up a rotated key, and stops trusting the retired one', async () => {
    const oldHeader = await fake.signWebhook(body);
    await expect(verifier.verify(body, oldHeader)).resolves.toBe(true);

    await fake.rotateWebhookKey();
    const newHeader = await fake.signWebhook(body);

    await expect(verifier.verify(body, newHeader)).resolves.toBe(true);
    await expect(verifier.verify(body, oldHeader)).resolves.toBe(false);
  });

  it('throws rather than answering when Plaid cannot be asked for the key', async () => {
    fake.failNext('/webhook_verification_key/get', PLAID_DOWN, EVERY_TRY);

    await expect(verifier.verify(body, await fake.signWebhook(body))).rejects.toBeInstanceOf(
      PlaidProviderError,
    );
    // Nothing bad is cached: the next delivery verifies.
    await expect(verifier.verify(body, await fake.signWebhook(body))).resolves.toBe(true);
  });

  it('builds a signed SYNC_UPDATES_AVAILABLE webhook for an item the way Plaid sends it', async () => {
    const publicToken = fake.createPublicToken();
    const client = createPlaidClient({
      clientId: fake.clientId,
      secret: fake.secret,
      env: 'sandbox',
      baseUrl: fake.url,
    });
    const { data } = await (await client()).itemPublicTokenExchange({ public_token: publicToken });

    const webhook = await fake.syncUpdatesWebhook(data.item_id);

    await expect(verifier.verify(webhook.body, webhook.plaidVerification)).resolves.toBe(true);
    expect(parsePlaidWebhook(webhook.body)).toEqual({
      webhookType: 'TRANSACTIONS',
      webhookCode: 'SYNC_UPDATES_AVAILABLE',
      itemId: data.item_id,
    });
  });
});

describe('parsePlaidWebhook', () => {
  it.each([
    { raw: '', parsed: null },
    { raw: 'not json', parsed: null },
    { raw: '[]', parsed: null },
    { raw: '{"webhook_type":"ITEM"}', parsed: null },
    {
      raw: '{"webhook_type":"ITEM","webhook_code":"ERROR","item_id":"i"}',
      parsed: { webhookType: 'ITEM', webhookCode: 'ERROR', itemId: 'i' },
    },
    {
      raw: '{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE"}',
      parsed: { webhookType: 'TRANSACTIONS', webhookCode: 'SYNC_UPDATES_AVAILABLE', itemId: null },
    },
  ])('reads $raw as $parsed', ({ raw, parsed }) => {
    expect(parsePlaidWebhook(raw)).toEqual(parsed);
  });
});
