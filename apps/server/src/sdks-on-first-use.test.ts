import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../test/helpers';
import { createPlaidClient } from './providers/bank/plaid';

// Each SDK's module, as it is loaded; the real one is still what the code gets.
const { loaded, recorded } = vi.hoisted(() => {
  const loaded = new Set<string>();
  const recorded = (name: string) => async (original: () => Promise<unknown>) => {
    loaded.add(name);
    return original();
  };
  return { loaded, recorded };
});
vi.mock('plaid', recorded('plaid'));
vi.mock('stripe', recorded('stripe'));
vi.mock('openai', recorded('openai'));
vi.mock('nodemailer', recorded('nodemailer'));
vi.mock('ioredis', recorded('ioredis'));

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('starts and serves a person on the demo bank without loading the SDKs of services it is not set up for', async () => {
  const auth = await signUp(app);
  const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(auth) });
  expect(list.statusCode).toBe(200);
  expect([...loaded]).toEqual([]);
});

it('loads an SDK when its client is first asked for', async () => {
  const client = createPlaidClient({ clientId: 'id', secret: 'secret', env: 'sandbox' });
  expect(loaded.has('plaid')).toBe(false);
  expect(await client()).toBe(await client());
  expect(loaded.has('plaid')).toBe(true);
});
