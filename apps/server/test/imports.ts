import { type ImportBody, importPreview, importResult } from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, expectJson, type TestApp } from './helpers';

/**
 * A manual account for a person, written as POST /accounts/manual writes it: the person's one manual
 * connection (made on their first manual account), the account with an opening balance in cents. Direct
 * rows, so file-import tests do not depend on the manual-account routes.
 */
export async function insertManualAccount(
  app: TestApp,
  userId: string,
  {
    name = 'Cash wallet',
    openingBalance = 0,
    type = 0,
    subtype = 'cash',
  }: { name?: string; openingBalance?: number; type?: number; subtype?: string } = {},
): Promise<string> {
  const [connection] = await app.database.query<{ id: string }>(
    `insert into bank_connections (user_id, provider, item_id, institution_name, access_token_encrypted)
     values ($1, 'manual', 'manual', 'Manual accounts', '')
     on conflict (user_id, item_id) do update set is_active = true
     returning id`,
    [userId],
  );
  if (!connection) throw new Error('no manual connection');
  const [account] = await app.database.query<{ id: string }>(
    `insert into bank_accounts (user_id, connection_id, provider_account_id, name, type, subtype, opening_balance, current_balance)
     values ($1, $2, 'manual:' || gen_random_uuid()::text, $3, $4, $6, $5, $5)
     returning id`,
    [userId, connection.id, name, type, openingBalance, subtype],
  );
  if (!account) throw new Error('no manual account');
  return account.id;
}

/** A CSV with a Date, Description, Amount header, one line per [day, description, dollars]. */
export function csvOf(
  rows: ReadonlyArray<readonly [string, string, string]>,
  header = 'Date,Description,Amount',
) {
  return `${[header, ...rows.map((r) => r.join(','))].join('\n')}\n`;
}

export type ImportRequest = Omit<ImportBody, 'skipInvalid'> & { skipInvalid?: boolean };

export function postImport(app: TestApp, auth: { token: string }, body: ImportRequest) {
  return app.inject({ method: 'POST', url: '/api/imports', headers: bearer(auth), payload: body });
}

export function postPreview(app: TestApp, auth: { token: string }, body: ImportRequest) {
  return app.inject({ method: 'POST', url: '/api/imports/preview', headers: bearer(auth), payload: body });
}

/** Imports and expects it to work; the result as a client reads it. */
export async function importOk(app: TestApp, auth: { token: string }, body: ImportRequest) {
  return expectJson(await postImport(app, auth, body), 201, importResult);
}

export async function previewOk(app: TestApp, auth: { token: string }, body: ImportRequest) {
  return expectJson(await postPreview(app, auth, body), 200, importPreview);
}

/** The account's stored rows as (day, cents, description), sorted: what a statement's union is compared to. */
export async function storedRows(app: TestApp, userId: string, accountId: string) {
  const rows = await app.database.query<{ date: string; amount: string | number; description: string }>(
    `select date::text as date, amount, description from transactions
      where user_id = $1 and account_id = $2 order by date, amount, description`,
    [userId, accountId],
  );
  return rows.map((r) => `${r.date}|${Number(r.amount)}|${r.description}`);
}

export function expectError(res: LightMyRequestResponse, status: number, message: string, code?: string) {
  const body = res.json() as { message: string; code: string };
  if (res.statusCode !== status || body.message !== message || (code && body.code !== code)) {
    throw new Error(
      `expected ${status} ${code ?? ''} "${message}", got ${res.statusCode} ${res.body.slice(0, 500)}`,
    );
  }
}

/** Many people at the test's one address: the per-address upload limits are tested in imports.limits.test.ts. */
export const MANY_ON_ONE_ADDRESS = {
  IMPORT_PREVIEWS_PER_MINUTE_PER_ADDRESS: '10000',
  IMPORTS_PER_MINUTE_PER_ADDRESS: '10000',
};
