import crypto from 'node:crypto';
import {
  exchangeResponse,
  institutionList,
  type LoginResult,
  sandboxPublicTokenResponse,
} from '@tally/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importProgress, testNow } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, signUp, type TestApp, testConfig } from '../../../test/helpers';
import { sealLegacy } from '../../../test/legacy-seal';
import { createCipher, LEGACY_SEALED_PREFIX } from '../../lib/crypto';
import { createLogger } from '../../lib/logger';
import { createBankProvider } from '../../providers/bank';
import type { BankProvider } from '../../providers/bank/types';
import { type SyncDeps, syncConnection } from './accounts.sync';
import { resealLegacyTokens } from './reseal-tokens';

// Bank access tokens are sealed bound to their row ({ userId, itemId }): a ciphertext moved to another
// connection must not open there, so nobody's sync can run with someone else's bank token.

const tokenEncryptionKey = crypto.randomBytes(32).toString('hex');
const cipher = createCipher(tokenEncryptionKey);

let app: TestApp;
/** Access tokens the bank was called with, in order. */
let tokensUsed: string[];
let provider: BankProvider;
let alice: LoginResult;
let bob: LoginResult;
let alicesConnection: string;
let bobsConnection: string;

async function link(auth: LoginResult): Promise<string> {
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
    url: '/api/plaid/exchange-public-token',
    headers: bearer(auth),
    payload: { publicToken: expectJson(token, 200, sandboxPublicTokenResponse).publicToken },
  });
  return expectJson(linked, 200, exchangeResponse).connection.id;
}

type Row = { user_id: string; item_id: string; access_token_encrypted: string; run_id: string };
async function row(connectionId: string): Promise<Row> {
  const [found] = await app.database.query<Row>(
    `select c.user_id, c.item_id, c.access_token_encrypted,
       (select r.id from history_syncs r where r.connection_id = c.id order by r.created_at desc limit 1) as run_id
     from bank_connections c where c.id = $1`,
    [connectionId],
  );
  if (!found) throw new Error('the connection is gone');
  return found;
}

async function setSealed(connectionId: string, sealed: string) {
  await app.database.query('update bank_connections set access_token_encrypted = $2 where id = $1', [
    connectionId,
    sealed,
  ]);
}

const deps = (): SyncDeps => ({ db: app.database.db, provider, cipher, now: testNow });

async function sync(auth: LoginResult, connectionId: string) {
  const { run_id: runId } = await row(connectionId);
  return syncConnection(deps(), { userId: auth.user.id, connectionId, runId });
}

const progress = (auth: LoginResult, connectionId: string) => importProgress(app, auth, connectionId);

beforeEach(async () => {
  const real = createBankProvider(testConfig(), testNow);
  tokensUsed = [];
  const recorded =
    <A extends unknown[], R>(call: (accessToken: string, ...rest: A) => Promise<R>) =>
    (accessToken: string, ...rest: A) => {
      tokensUsed.push(accessToken);
      return call(accessToken, ...rest);
    };
  provider = {
    ...real,
    getAccounts: recorded(real.getAccounts),
    syncTransactions: recorded(real.syncTransactions),
  };
  // No background worker: the test alone runs each import.
  app = await createTestApp({ now: testNow, runJobs: false, tokenEncryptionKey, bankProvider: provider });
  alice = await signUp(app);
  bob = await signUp(app);
  alicesConnection = await link(alice);
  bobsConnection = await link(bob);
  tokensUsed = [];
});
afterEach(() => app.close());

describe('bank access tokens bound to their connection', () => {
  it("does not open a token swapped between two people's connections: the import fails, the bank is never called", async () => {
    const alices = (await row(alicesConnection)).access_token_encrypted;
    const bobs = (await row(bobsConnection)).access_token_encrypted;
    await setSealed(alicesConnection, bobs);
    await setSealed(bobsConnection, alices);

    await expect(sync(alice, alicesConnection)).rejects.toThrow();
    await expect(sync(bob, bobsConnection)).rejects.toThrow();

    expect(tokensUsed).toEqual([]);
    // What the person sees: the import failed (the queue would retry, and fail the same way).
    expect(await progress(alice, alicesConnection)).toMatchObject({
      status: 'Failed',
      message: 'Import failed',
    });
    expect(await progress(bob, bobsConnection)).toMatchObject({ status: 'Failed', message: 'Import failed' });
  });

  it('opens each token in its own row: the import runs with it', async () => {
    await expect(sync(alice, alicesConnection)).resolves.toBeGreaterThan(0);
    expect(tokensUsed.length).toBeGreaterThan(0);
    expect(await progress(alice, alicesConnection)).toMatchObject({ status: 'Completed' });
  });

  it('does not open a token whose row was given another item id', async () => {
    await app.database.query("update bank_connections set item_id = item_id || '-moved' where id = $1", [
      alicesConnection,
    ]);
    await expect(sync(alice, alicesConnection)).rejects.toThrow();
    expect(tokensUsed).toEqual([]);
  });

  it('seals a token stored in the old format again at start, bound to its row, and imports with it', async () => {
    const stored = await row(alicesConnection);
    const plain = cipher.decrypt(stored.access_token_encrypted, {
      userId: stored.user_id,
      itemId: stored.item_id,
    });
    await setSealed(alicesConnection, sealLegacy(plain, tokenEncryptionKey));
    // An old value from another key cannot be sealed again: it is left, and the others still are.
    await setSealed(bobsConnection, sealLegacy('access-from-elsewhere', 'another key'));

    const log = createLogger({ logLevel: 'silent' });
    expect(await resealLegacyTokens({ db: app.database.db, cipher, log })).toBe(1);
    const resealed = (await row(alicesConnection)).access_token_encrypted;
    expect(resealed.startsWith(LEGACY_SEALED_PREFIX)).toBe(false);
    expect(cipher.decrypt(resealed, { userId: alice.user.id, itemId: stored.item_id })).toBe(plain);
    expect(await resealLegacyTokens({ db: app.database.db, cipher, log })).toBe(0);

    await expect(sync(alice, alicesConnection)).resolves.toBeGreaterThan(0);
    expect(tokensUsed[0]).toBe(plain);

    // Once sealed again it is bound: copied to bob's row it no longer opens there.
    await setSealed(bobsConnection, resealed);
    tokensUsed = [];
    await expect(sync(bob, bobsConnection)).rejects.toThrow();
    expect(tokensUsed).toEqual([]);
  });

  it("refuses an old-format token copied into another person's row after start: the import fails, the bank is never called", async () => {
    const stored = await row(alicesConnection);
    const plain = cipher.decrypt(stored.access_token_encrypted, {
      userId: stored.user_id,
      itemId: stored.item_id,
    });
    // Alice's token as an old backup holds it, unbound, written into bob's row.
    await setSealed(bobsConnection, sealLegacy(plain, tokenEncryptionKey));

    await expect(sync(bob, bobsConnection)).rejects.toThrow();
    expect(tokensUsed).toEqual([]);
    expect(await progress(bob, bobsConnection)).toMatchObject({ status: 'Failed', message: 'Import failed' });
    // Nor does it open in the row it came from: an old value is read only to seal it again at start.
    await setSealed(alicesConnection, sealLegacy(plain, tokenEncryptionKey));
    await expect(sync(alice, alicesConnection)).rejects.toThrow();
    expect(tokensUsed).toEqual([]);
  });
});
