import { accountTypeFromProvider, type Cents, dollarsToCents } from '@tally/shared';
import type { AccountBase, CountryCode, PlaidApi, Products, Transaction } from 'plaid';
import { UpstreamError } from '../../lib/errors';
import { lazily } from '../../lib/lazily';
import type { BankProvider, ProviderAccount, ProviderTransaction, SyncPage } from './types';

export type PlaidClientOptions = {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
  /** Overrides the environment's URL, e.g. the local fake Plaid server in tests. */
  baseUrl?: string;
  /** Per-request timeout; a hung request would otherwise stall an import job forever. */
  timeoutMs?: number;
};

export type PlaidProviderOptions = PlaidClientOptions & {
  /** Products requested in Link; Tally needs only transactions. */
  products?: Products[];
};

/** Plaid's own institution id for "First Platypus Bank", the sandbox's default test bank. */
export const PLAID_SANDBOX_INSTITUTION_ID = 'ins_109508';

/** How far back the first import reaches (Plaid's maximum). */
const DAYS_REQUESTED = 730;
const DEFAULT_SYNC_COUNT = 500;
/** The SDK's enum values, spelled out so that naming them does not load the SDK. */
const TRANSACTIONS = 'transactions' as Products;
const US = 'US' as CountryCode;

/** A failure reported by Plaid (or on the way to it). `code` is Plaid's error_code, e.g. INVALID_ACCESS_TOKEN. */
export class PlaidProviderError extends UpstreamError {
  override readonly name = 'PlaidProviderError';
  readonly code: string;
  /** Plaid's error_type, e.g. ITEM_ERROR; null when Plaid did not answer. */
  readonly type: string | null;
  /** The HTTP status Plaid answered with; null when it did not answer. */
  readonly status: number | null;
  readonly requestId: string | null;
  /** Plaid's text meant for end users, when it has one. */
  readonly displayMessage: string | null;

  constructor(params: {
    code: string;
    message: string;
    type?: string | null;
    status?: number | null;
    requestId?: string | null;
    displayMessage?: string | null;
  }) {
    super(redactTokens(params.message));
    this.code = params.code;
    this.type = params.type ?? null;
    this.status = params.status ?? null;
    this.requestId = params.requestId ?? null;
    this.displayMessage = params.displayMessage ?? null;
  }
}

/**
 * Plaid's answers for a token whose item no longer exists: removed (by us or by the person at their bank), or
 * never issued to these keys. Either way there is nothing left to remove or read.
 */
const ITEM_GONE_CODES = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

export const isPlaidItemGone = (error: unknown): boolean =>
  error instanceof PlaidProviderError && ITEM_GONE_CODES.has(error.code);

/** Asks for the SDK's client, made on the first call. */
export type PlaidClient = () => Promise<PlaidApi>;

/**
 * The official SDK client, authenticated by headers so credentials never sit in logged request bodies. The SDK
 * is loaded on the first call, not when the server starts: it holds ~30 MB of heap that a server on the demo
 * bank would carry for nothing.
 */
export function createPlaidClient(opts: PlaidClientOptions): PlaidClient {
  return lazily(async () => {
    const { Configuration, PlaidApi, PlaidEnvironments } = await import('plaid');
    const basePath = opts.baseUrl ?? PlaidEnvironments[opts.env];
    if (!basePath) throw new Error(`Unknown Plaid environment: ${opts.env}`);
    return new PlaidApi(
      new Configuration({
        basePath,
        baseOptions: {
          timeout: opts.timeoutMs ?? 60_000,
          headers: { 'PLAID-CLIENT-ID': opts.clientId, 'PLAID-SECRET': opts.secret },
        },
      }),
    );
  });
}

export function createPlaidProvider(opts: PlaidProviderOptions): BankProvider {
  const client = createPlaidClient(opts);
  const products = opts.products ?? [TRANSACTIONS];

  return {
    kind: 'plaid',
    sandbox: opts.env === 'sandbox',

    async createLinkToken({ userId, webhookUrl }) {
      const { data } = await callPlaid(async () =>
        (await client()).linkTokenCreate({
          client_name: 'Tally',
          language: 'en',
          country_codes: [US],
          user: { client_user_id: userId },
          products,
          transactions: { days_requested: DAYS_REQUESTED },
          ...(webhookUrl ? { webhook: webhookUrl } : {}),
        }),
      );
      return { linkToken: data.link_token, expiration: data.expiration };
    },

    async exchangePublicToken(publicToken) {
      // Not tried again: a public token is good once, so a second try after a failure Plaid may have acted
      // on would only answer that the token is spent, hiding what went wrong.
      const { data } = await callPlaid(
        async () => (await client()).itemPublicTokenExchange({ public_token: publicToken }),
        [],
      );
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    async getAccounts(accessToken) {
      const { data } = await callPlaid(async () =>
        (await client()).accountsGet({ access_token: accessToken }),
      );
      return {
        institutionId: data.item.institution_id ?? null,
        accounts: data.accounts.map(toProviderAccount),
      };
    },

    async getInstitutionName(institutionId) {
      const { data } = await callPlaid(async () =>
        (await client()).institutionsGetById({ institution_id: institutionId, country_codes: [US] }),
      );
      return data.institution.name;
    },

    async syncTransactions(accessToken, cursor, options = {}) {
      const { data } = await callPlaid(async () =>
        (await client()).transactionsSync({
          access_token: accessToken,
          count: options.count ?? DEFAULT_SYNC_COUNT,
          ...(cursor === null ? {} : { cursor }),
          options: { include_original_description: true },
        }),
      );
      return {
        added: data.added.map(toProviderTransaction),
        modified: data.modified.map(toProviderTransaction),
        removed: data.removed.map((r) => r.transaction_id),
        nextCursor: data.next_cursor,
        hasMore: data.has_more,
      } satisfies SyncPage;
    },

    async removeItem(accessToken) {
      try {
        await callPlaid(async () => (await client()).itemRemove({ access_token: accessToken }));
      } catch (error) {
        // Removing twice (a retried disconnect) or an item the person already revoked is not a failure.
        if (!isPlaidItemGone(error)) throw error;
      }
    },

    async createSandboxPublicToken(institutionId = PLAID_SANDBOX_INSTITUTION_ID, accountIds) {
      // Production items only come from a person completing Link; minting one here would bypass consent.
      if (opts.env !== 'sandbox') {
        throw new PlaidProviderError({
          code: 'SANDBOX_ONLY',
          message: 'Public tokens can only be created in the Plaid sandbox',
        });
      }
      // With Plaid the accounts are chosen in Link, which makes the item hold only those.
      if (accountIds) {
        throw new PlaidProviderError({
          code: 'INVALID_ACCOUNT',
          message: 'Accounts are chosen in Plaid Link',
        });
      }
      const { data } = await callPlaid(async () =>
        (await client()).sandboxPublicTokenCreate({
          institution_id: institutionId,
          initial_products: products,
        }),
      );
      return data.public_token;
    },

    async listInstitutions() {
      return [];
    },
  };
}

/**
 * Plaid balances keep Plaid's meaning: for depository accounts the money held, for credit and loans the
 * amount owed (positive). Only transaction amounts are flipped to our sign.
 */
function toProviderAccount(account: AccountBase): ProviderAccount {
  const { balances } = account;
  return {
    providerAccountId: account.account_id,
    name: account.name,
    officialName: account.official_name,
    mask: account.mask,
    type: accountTypeFromProvider(account.type),
    subtype: account.subtype ?? null,
    currentBalance: balances.current === null ? null : dollarsToCents(balances.current),
    availableBalance: balances.available === null ? null : dollarsToCents(balances.available),
    isoCurrencyCode: balances.iso_currency_code ?? balances.unofficial_currency_code ?? 'USD',
  };
}

function toProviderTransaction(t: Transaction): ProviderTransaction {
  return {
    providerTransactionId: t.transaction_id,
    providerAccountId: t.account_id,
    pendingTransactionId: t.pending_transaction_id ?? null,
    pending: t.pending,
    date: t.date,
    description: t.name || t.original_description || t.merchant_name || '',
    merchantName: t.merchant_name ?? null,
    amount: fromPlaidAmount(t.amount),
    categoryPrimary: t.personal_finance_category?.primary ?? null,
    categoryDetailed: t.personal_finance_category?.detailed ?? null,
  };
}

/**
 * Plaid sends amounts as JSON floats with positive = money out; ours is positive = money in.
 * dollarsToCents parses the float's decimal form, so 0.1 + 0.2 stays exact.
 */
export function fromPlaidAmount(amount: number): Cents {
  const cents = dollarsToCents(amount);
  // Negating 0 would give -0, which serialises as 0 but fails equality checks downstream.
  return cents === 0 ? 0 : -cents;
}

/**
 * Waits before the second and third try of a request Plaid answered with a passing failure: too many
 * requests (429), its own failure (5xx) or a dropped connection. Short, because a person may be waiting:
 * a failure that outlasts them is the caller's to handle (a request answers 502 with a message the person
 * reads; a bank job is tried again later by the queue, with longer waits, and the person is told after its
 * last try). A request that timed out is not tried again here: it has already waited its whole time limit.
 */
export const PLAID_RETRY_DELAYS_MS = [250, 1_000] as const;

/** A failure worth trying again at once: Plaid said so, or the connection dropped before it could answer. */
function passing(error: unknown): boolean {
  const status = numberOrNull(field(field(error, 'response'), 'status'));
  if (status !== null) return status === 429 || status >= 500;
  return ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN'].includes(
    stringOrNull(field(error, 'code')) ?? '',
  );
}

/**
 * Runs one SDK call (tried again after a passing failure, after each of `delaysMs`) and turns whatever
 * fails into a PlaidProviderError. The axios error itself is never kept (not even as `cause`): its config
 * carries the secret headers and the access token in the body.
 */
export async function callPlaid<T>(
  request: () => Promise<T>,
  delaysMs: readonly number[] = PLAID_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !passing(error)) throw toPlaidProviderError(error);
      // A little jitter, so servers that failed together do not all try again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, delay * (0.75 + Math.random() * 0.5)));
    }
  }
}

function toPlaidProviderError(error: unknown): PlaidProviderError {
  if (error instanceof PlaidProviderError) return error;
  const response = field(error, 'response');
  const data = field(response, 'data');
  const status = numberOrNull(field(response, 'status'));
  const code = field(data, 'error_code');
  if (typeof code === 'string') {
    return new PlaidProviderError({
      code,
      message: stringOr(field(data, 'error_message'), code),
      type: stringOrNull(field(data, 'error_type')),
      status,
      requestId: stringOrNull(field(data, 'request_id')),
      displayMessage: stringOrNull(field(data, 'display_message')),
    });
  }
  if (status !== null) {
    return new PlaidProviderError({
      code: 'PLAID_UNEXPECTED_RESPONSE',
      message: `Plaid answered HTTP ${status} without an error body`,
      status,
    });
  }
  const networkCode = stringOrNull(field(error, 'code'));
  return new PlaidProviderError({
    code: 'PLAID_UNREACHABLE',
    message: `Plaid could not be reached${networkCode ? ` (${networkCode})` : ''}`,
  });
}

const TOKEN = /\b(access|public|link)-(sandbox|development|production)-[A-Za-z0-9-]+/g;

/** Error text can end up in logs; a token in it would hand out the bank connection. */
function redactTokens(text: string): string {
  return text.replace(TOKEN, '$1-$2-[redacted]');
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
