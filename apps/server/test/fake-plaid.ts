import crypto from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import {
  type AccountBase,
  AccountSubtype,
  AccountType,
  CountryCode,
  type Institution,
  type InstitutionsGetByIdResponse,
  type Item,
  type ItemPublicTokenExchangeResponse,
  type ItemRemoveResponse,
  ItemUpdateTypeEnum,
  type JWKPublicKey,
  type LinkTokenCreateResponse,
  type PlaidError,
  PlaidErrorType,
  Products,
  type RemovedTransaction,
  type SandboxPublicTokenCreateResponse,
  type Transaction,
  TransactionPaymentChannelEnum,
  type TransactionsSyncResponse,
  TransactionsUpdateStatus,
  type WebhookVerificationKeyGetResponse,
} from 'plaid';
import { PLAID_RETRY_DELAYS_MS } from '../src/providers/bank/plaid';

/**
 * A stand-in for Plaid on 127.0.0.1 that speaks Plaid's JSON for exactly the endpoints Tally calls, so tests run
 * the real `plaid` SDK over HTTP. All amounts are Plaid's: JSON floats, positive = money out.
 *
 * Sync model: every item keeps a change log (added / modified / removed). A cursor is a position in that log;
 * a page consumes up to `count` changes, collapsed per transaction as Plaid does (added then modified = added
 * with the latest data; added then removed within one page = not reported).
 */

export const FAKE_PLAID_CLIENT_ID = 'fake-plaid-client-id';
export const FAKE_PLAID_SECRET = 'fake-plaid-secret';

export type FakeAccountInput = {
  /** The name tests use to point transactions at this account; account ids differ per item. */
  key: string;
  name: string;
  officialName?: string | null;
  mask?: string | null;
  /** Plaid's account type: depository, credit, investment, loan, brokerage, other. */
  type: string;
  /** Plaid's subtype, e.g. checking, savings, credit card, 401k, mortgage, student. */
  subtype?: string | null;
  /** Dollars, Plaid's meaning (owed amount for credit and loans). */
  current: number | null;
  available?: number | null;
  limit?: number | null;
  isoCurrencyCode?: string;
};

export type FakeTransactionInput = {
  /** The key of one of the item's accounts (see FakeAccountInput.key). */
  account: string;
  /** Dollars with Plaid's sign: positive = money out. */
  amount: number;
  /** YYYY-MM-DD */
  date: string;
  name: string;
  transactionId?: string;
  merchantName?: string | null;
  originalDescription?: string | null;
  pending?: boolean;
  pendingTransactionId?: string | null;
  authorizedDate?: string | null;
  category?: { primary: string; detailed: string; confidenceLevel?: string } | null;
  paymentChannel?: 'online' | 'in store' | 'other';
  isoCurrencyCode?: string;
};

export type FakeSeed = { accounts: FakeAccountInput[]; transactions: FakeTransactionInput[] };

type Change =
  | { kind: 'added'; transaction: Transaction }
  | { kind: 'modified'; transaction: Transaction }
  | { kind: 'removed'; removed: RemovedTransaction };

export type FakeItem = {
  itemId: string;
  accessToken: string;
  institutionId: string;
  webhook: string | null;
  removed: boolean;
  accounts: AccountBase[];
  /** Current state of every transaction, by transaction id. */
  transactions: Map<string, Transaction>;
  changes: Change[];
  /** Account key (FakeAccountInput.key) → Plaid account id. */
  accountIds: Map<string, string>;
  /** The Plaid account id of the account with this key. */
  accountId(key: string): string;
};

export type FakeRequest = { path: string; body: Record<string, unknown> };

/** Every try the app makes of one request: a failure given this many times is not passed over by a retry. */
export const EVERY_TRY = PLAID_RETRY_DELAYS_MS.length + 1;

export type FakePlaidError = { status?: number; errorType: string; errorCode: string; errorMessage?: string };

/** Plaid failing on its side, as it answers when down. */
export const PLAID_DOWN: FakePlaidError = {
  status: 500,
  errorType: 'API_ERROR',
  errorCode: 'INTERNAL_SERVER_ERROR',
};

export type SignWebhookOptions = {
  /** Sign with a key Plaid never published, under the published kid, as a forger would. */
  wrongKey?: boolean;
  /** Seconds since the epoch; defaults to the fake's clock. */
  issuedAt?: number;
  /** Claim this hash instead of the body's. */
  bodySha256?: string;
  /** Any other algorithm is signed with HMAC, as an alg-confusion attack would. */
  alg?: 'ES256' | 'HS256';
  kid?: string;
};

export type FakePlaidOptions = {
  clientId?: string;
  secret?: string;
  /** The clock for token issue times and expirations; inject the same one into the code under test. */
  now?: () => Date;
  seed?: FakeSeed;
};

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
type WebhookKey = { kid: string; pair: KeyPair; jwk: JWK; createdAt: number; expiredAt: number | null };

export const FAKE_INSTITUTIONS: Record<string, string> = {
  ins_109508: 'First Platypus Bank',
  ins_109509: 'First Gingham Credit Union',
  ins_109510: 'Tattersall Federal Credit Union',
};

/** Shaped like the sandbox's First Platypus Bank: one account of each type Tally groups (0/2/3/4). */
export const DEFAULT_FAKE_ACCOUNTS: FakeAccountInput[] = [
  {
    key: 'checking',
    name: 'Plaid Checking',
    officialName: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    current: 110.0,
    available: 100.0,
  },
  {
    key: 'savings',
    name: 'Plaid Saving',
    officialName: 'Plaid Silver Standard 0.1% Interest Saving',
    mask: '1111',
    type: 'depository',
    subtype: 'savings',
    current: 210.0,
    available: 200.0,
  },
  {
    key: 'credit',
    name: 'Plaid Credit Card',
    officialName: 'Plaid Diamond 12.5% APR Interest Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
    current: 410.0,
    available: null,
    limit: 2000.0,
  },
  {
    key: '401k',
    name: 'Plaid 401k',
    mask: '6666',
    type: 'investment',
    subtype: '401k',
    current: 23631.9805,
    available: null,
  },
  {
    key: 'mortgage',
    name: 'Plaid Mortgage',
    mask: '8888',
    type: 'loan',
    subtype: 'mortgage',
    current: 56302.06,
    available: null,
  },
];

export class FakePlaid {
  readonly clientId: string;
  readonly secret: string;
  readonly now: () => Date;
  /** Institution id → name, for /institutions/get_by_id and /sandbox/public_token/create. */
  readonly institutions = new Map(Object.entries(FAKE_INSTITUTIONS));
  /** Every item ever created, by item id (removed ones stay, marked removed). */
  readonly items = new Map<string, FakeItem>();
  /** Link token → the request that created it, so tests can assert what Link was asked for. */
  readonly linkTokens = new Map<string, Record<string, unknown>>();
  /** Every request received, in order, with credentials stripped. */
  readonly requests: FakeRequest[] = [];
  /** Item ids in the order /item/remove removed them; a refused removal (already gone) is not listed. */
  readonly removedItemIds: string[] = [];
  /** What a newly exchanged item holds. */
  seed: FakeSeed;
  /** The most changes one /transactions/sync page returns, whatever `count` asks for. */
  maxPageSize = 500;
  url = '';

  private readonly publicTokens = new Map<string, { institutionId: string; webhook: string | null }>();
  private readonly failures = new Map<string, FakePlaidError[]>();
  private readonly webhookKeys = new Map<string, WebhookKey>();
  private currentKid = '';
  private forger: KeyPair | null = null;
  private server: http.Server | null = null;
  private readonly instanceId = crypto.randomBytes(3).toString('hex');
  private sequence = 0;

  constructor(options: FakePlaidOptions = {}) {
    this.clientId = options.clientId ?? FAKE_PLAID_CLIENT_ID;
    this.secret = options.secret ?? FAKE_PLAID_SECRET;
    this.now = options.now ?? (() => new Date());
    this.seed = options.seed ?? { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: [] };
  }

  /** The server's settings that point its Plaid client at this fake. */
  env(plaidEnv: 'sandbox' | 'production' = 'sandbox') {
    return {
      PLAID_CLIENT_ID: this.clientId,
      PLAID_SECRET: this.secret,
      PLAID_ENV: plaidEnv,
      PLAID_BASE_URL: this.url,
    };
  }

  async start(): Promise<this> {
    this.forger = await generateKeyPair('ES256');
    await this.rotateWebhookKey();
    const server = http.createServer((req, res) => {
      this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        },
        (error: unknown) => {
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(
              JSON.stringify(
                plaidError(500, PlaidErrorType.ApiError, 'INTERNAL_SERVER_ERROR', String(error)),
              ),
            );
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('fake Plaid did not get a TCP port');
    this.server = server;
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  }

  // ---- Test controls ----

  /** What Link's onSuccess would hand the browser: a public token for an institution. */
  createPublicToken(institutionId = 'ins_109508', options: { linkToken?: string } = {}): string {
    const link = options.linkToken ? this.linkTokens.get(options.linkToken) : undefined;
    const webhook = typeof link?.webhook === 'string' ? link.webhook : null;
    const token = `public-sandbox-${crypto.randomUUID()}`;
    this.publicTokens.set(token, { institutionId, webhook });
    return token;
  }

  /** The requests made to one endpoint, e.g. '/item/remove', in order. */
  requestsTo(path: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** An item by item id or access token. */
  item(ref: string): FakeItem {
    const item = this.items.get(ref) ?? [...this.items.values()].find((i) => i.accessToken === ref);
    if (!item) throw new Error(`fake Plaid has no item ${ref}`);
    return item;
  }

  /**
   * The bank opens (or first reports) another account on an existing item, as Plaid's /accounts/get and
   * /transactions/sync report it from then on; its transactions can then be added by its key.
   */
  addAccount(itemRef: string, input: FakeAccountInput): AccountBase {
    const item = this.item(itemRef);
    if (item.accountIds.has(input.key)) throw new Error(`fake Plaid item already has account ${input.key}`);
    const accountId = this.id('acct');
    item.accountIds.set(input.key, accountId);
    const account = toAccount(input, accountId);
    item.accounts.push(account);
    return account;
  }

  addTransactions(itemRef: string, inputs: FakeTransactionInput[]): Transaction[] {
    const item = this.item(itemRef);
    return inputs.map((input) => {
      const transaction = this.toTransaction(item, input);
      if (item.transactions.has(transaction.transaction_id)) {
        throw new Error(`fake Plaid already has transaction ${transaction.transaction_id}`);
      }
      item.transactions.set(transaction.transaction_id, transaction);
      item.changes.push({ kind: 'added', transaction });
      return transaction;
    });
  }

  modifyTransaction(
    itemRef: string,
    transactionId: string,
    patch: Partial<FakeTransactionInput>,
  ): Transaction {
    const item = this.item(itemRef);
    const before = item.transactions.get(transactionId);
    if (!before) throw new Error(`fake Plaid has no transaction ${transactionId}`);
    const transaction = this.toTransaction(item, { ...this.toInput(item, before), ...patch, transactionId });
    item.transactions.set(transactionId, transaction);
    item.changes.push({ kind: 'modified', transaction });
    return transaction;
  }

  removeTransactions(itemRef: string, transactionIds: string[]): void {
    const item = this.item(itemRef);
    for (const id of transactionIds) {
      const transaction = item.transactions.get(id);
      if (!transaction) throw new Error(`fake Plaid has no transaction ${id}`);
      item.transactions.delete(id);
      item.changes.push({
        kind: 'removed',
        removed: { transaction_id: id, account_id: transaction.account_id },
      });
    }
  }

  /**
   * The bank posts a pending transaction, as Plaid reports it: the pending one is removed and a new posted
   * one is added (new id) whose pending_transaction_id points at it. `patch` models e.g. a tip added.
   */
  postPending(
    itemRef: string,
    pendingTransactionId: string,
    patch: Partial<FakeTransactionInput> = {},
  ): Transaction {
    const item = this.item(itemRef);
    const pending = item.transactions.get(pendingTransactionId);
    if (!pending?.pending) throw new Error(`fake Plaid has no pending transaction ${pendingTransactionId}`);
    const { transactionId: _, ...rest } = this.toInput(item, pending);
    this.removeTransactions(itemRef, [pendingTransactionId]);
    const [posted] = this.addTransactions(itemRef, [
      { ...rest, ...patch, pending: false, pendingTransactionId },
    ]);
    if (!posted) throw new Error('unreachable');
    return posted;
  }

  /** The next `times` requests to `path` (e.g. '/transactions/sync') answer with this Plaid error instead. */
  failNext(path: string, error: FakePlaidError, times = 1): void {
    const queue = this.failures.get(path) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(error);
    this.failures.set(path, queue);
  }

  /** A Plaid-Verification header value for `body`, valid unless options say otherwise. */
  async signWebhook(body: string, options: SignWebhookOptions = {}): Promise<string> {
    const current = this.webhookKeys.get(this.currentKid);
    if (!current || !this.forger) throw new Error('fake Plaid is not started');
    const claims = {
      request_body_sha256: options.bodySha256 ?? crypto.createHash('sha256').update(body).digest('hex'),
    };
    const jwt = new SignJWT(claims).setIssuedAt(options.issuedAt ?? this.nowSeconds());
    const kid = options.kid ?? current.kid;
    if (options.alg === 'HS256') {
      return jwt.setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(crypto.randomBytes(32));
    }
    const key = options.wrongKey ? this.forger.privateKey : current.pair.privateKey;
    return jwt.setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
  }

  /** A signed SYNC_UPDATES_AVAILABLE webhook for an item, formatted as Plaid sends it. */
  async syncUpdatesWebhook(
    itemRef: string,
    options: SignWebhookOptions = {},
  ): Promise<{ body: string; plaidVerification: string }> {
    const item = this.item(itemRef);
    const body = JSON.stringify(
      {
        environment: 'sandbox',
        historical_update_complete: true,
        initial_update_complete: true,
        item_id: item.itemId,
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
        webhook_type: 'TRANSACTIONS',
      },
      null,
      2,
    );
    return { body, plaidVerification: await this.signWebhook(body, options) };
  }

  /** Plaid rotates its signing key: the current one is marked expired, a new kid signs from now on. */
  async rotateWebhookKey(): Promise<string> {
    const previous = this.webhookKeys.get(this.currentKid);
    if (previous) previous.expiredAt = this.nowSeconds();
    const pair = await generateKeyPair('ES256', { extractable: true });
    const kid = crypto.randomUUID();
    const jwk = await exportJWK(pair.publicKey);
    this.webhookKeys.set(kid, { kid, pair, jwk, createdAt: this.nowSeconds(), expiredAt: null });
    this.currentKid = kid;
    return kid;
  }

  get webhookKeyId(): string {
    return this.currentKid;
  }

  // ---- HTTP ----

  private async handle(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    let parsed: unknown;
    try {
      parsed = raw === '' ? {} : JSON.parse(raw);
    } catch {
      return fail(400, PlaidErrorType.InvalidRequest, 'INVALID_BODY', 'body could not be parsed as JSON');
    }
    if (req.method !== 'POST' || !isRecord(parsed)) {
      return fail(
        400,
        PlaidErrorType.InvalidRequest,
        'INVALID_BODY',
        'requests must be POST with a JSON object',
      );
    }
    const { client_id, secret, ...body } = parsed;
    this.requests.push({ path, body });

    // Plaid accepts credentials in headers (what the SDK sends) or in the body.
    const clientId = header(req, 'plaid-client-id') ?? client_id;
    const clientSecret = header(req, 'plaid-secret') ?? secret;
    if (clientId === undefined || clientSecret === undefined) {
      return fail(
        400,
        PlaidErrorType.InvalidRequest,
        'MISSING_FIELDS',
        'the following required fields are missing: client_id, secret',
      );
    }
    if (clientId !== this.clientId || clientSecret !== this.secret) {
      return fail(
        400,
        PlaidErrorType.InvalidInput,
        'INVALID_API_KEYS',
        'invalid client_id or secret provided',
      );
    }
    const failure = this.failures.get(path)?.shift();
    if (failure) {
      return fail(
        failure.status ?? 400,
        failure.errorType,
        failure.errorCode,
        failure.errorMessage ?? failure.errorCode,
      );
    }

    switch (path) {
      case '/link/token/create':
        return this.linkTokenCreate(body);
      case '/sandbox/public_token/create':
        return this.sandboxPublicTokenCreate(body);
      case '/item/public_token/exchange':
        return this.publicTokenExchange(body);
      case '/accounts/get':
        return this.withItem(body, (item) => this.accountsGet(item));
      case '/transactions/sync':
        return this.withItem(body, (item) => this.transactionsSync(item, body));
      case '/item/remove':
        // As Plaid does, the token is refused from now on (ITEM_NOT_FOUND), removing again included.
        return this.withItem(body, (item) => {
          item.removed = true;
          this.removedItemIds.push(item.itemId);
          return ok({ request_id: this.requestId() } satisfies ItemRemoveResponse);
        });
      case '/institutions/get_by_id':
        return this.institutionsGetById(body);
      case '/webhook_verification_key/get':
        return this.webhookVerificationKeyGet(body);
      default:
        return fail(404, PlaidErrorType.InvalidRequest, 'NOT_FOUND', `unknown endpoint ${path}`);
    }
  }

  private linkTokenCreate(body: Record<string, unknown>) {
    const user = isRecord(body.user) ? body.user : {};
    const missing = [
      typeof body.client_name === 'string' ? null : 'client_name',
      typeof body.language === 'string' ? null : 'language',
      nonEmptyArray(body.country_codes) ? null : 'country_codes',
      typeof user.client_user_id === 'string' && user.client_user_id !== '' ? null : 'user.client_user_id',
    ].filter((f) => f !== null);
    if (missing.length > 0) return missingFields(missing);
    const token = `link-sandbox-${crypto.randomUUID()}`;
    this.linkTokens.set(token, body);
    const expiration = new Date(this.now().getTime() + 4 * 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return ok({
      link_token: token,
      expiration,
      request_id: this.requestId(),
    } satisfies LinkTokenCreateResponse);
  }

  private sandboxPublicTokenCreate(body: Record<string, unknown>) {
    if (typeof body.institution_id !== 'string') return missingFields(['institution_id']);
    if (!nonEmptyArray(body.initial_products)) return missingFields(['initial_products']);
    if (!this.institutions.has(body.institution_id)) return invalidInstitution();
    const response: SandboxPublicTokenCreateResponse = {
      public_token: this.createPublicToken(body.institution_id),
      request_id: this.requestId(),
    };
    return ok(response);
  }

  private publicTokenExchange(body: Record<string, unknown>) {
    if (typeof body.public_token !== 'string') return missingFields(['public_token']);
    const pending = this.publicTokens.get(body.public_token);
    if (!pending) {
      return fail(
        400,
        PlaidErrorType.InvalidInput,
        'INVALID_PUBLIC_TOKEN',
        'provided public token is expired or invalid',
      );
    }
    // Public tokens are single-use.
    this.publicTokens.delete(body.public_token);
    const item = this.createItem(pending.institutionId, pending.webhook);
    return ok({
      access_token: item.accessToken,
      item_id: item.itemId,
      request_id: this.requestId(),
    } satisfies ItemPublicTokenExchangeResponse);
  }

  private accountsGet(item: FakeItem) {
    const plaidItem: Item = {
      item_id: item.itemId,
      institution_id: item.institutionId,
      institution_name: this.institutions.get(item.institutionId) ?? null,
      webhook: item.webhook,
      error: null,
      available_products: [Products.Balance],
      billed_products: [Products.Transactions],
      products: [Products.Transactions],
      consent_expiration_time: null,
      update_type: ItemUpdateTypeEnum.Background,
    };
    return ok({ accounts: item.accounts, item: plaidItem, request_id: this.requestId() });
  }

  private transactionsSync(item: FakeItem, body: Record<string, unknown>) {
    const count = body.count ?? 100;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 500) {
      return fail(
        400,
        PlaidErrorType.InvalidRequest,
        'INVALID_FIELD',
        'count must be an integer from 1 to 500',
      );
    }
    const start = body.cursor === undefined || body.cursor === '' ? 0 : this.decodeCursor(item, body.cursor);
    if (start === null) {
      return fail(400, PlaidErrorType.InvalidRequest, 'INVALID_FIELD', 'cursor is not valid for this item');
    }
    const end = Math.min(start + Math.min(count, this.maxPageSize), item.changes.length);
    const page = collapse(item.changes.slice(start, end));
    const response: TransactionsSyncResponse = {
      transactions_update_status: TransactionsUpdateStatus.HistoricalUpdateComplete,
      accounts: item.accounts,
      added: page.added,
      modified: page.modified,
      removed: page.removed,
      next_cursor: this.encodeCursor(item, end),
      has_more: end < item.changes.length,
      request_id: this.requestId(),
    };
    return ok(response);
  }

  private institutionsGetById(body: Record<string, unknown>) {
    if (typeof body.institution_id !== 'string') return missingFields(['institution_id']);
    if (!nonEmptyArray(body.country_codes)) return missingFields(['country_codes']);
    const name = this.institutions.get(body.institution_id);
    if (name === undefined) return invalidInstitution();
    const institution: Institution = {
      institution_id: body.institution_id,
      name,
      products: [Products.Transactions, Products.Auth, Products.Balance],
      country_codes: [CountryCode.Us],
      routing_numbers: [],
      dtc_numbers: [],
      oauth: false,
    };
    return ok({ institution, request_id: this.requestId() } satisfies InstitutionsGetByIdResponse);
  }

  private webhookVerificationKeyGet(body: Record<string, unknown>) {
    if (typeof body.key_id !== 'string') return missingFields(['key_id']);
    const key = this.webhookKeys.get(body.key_id);
    if (!key) {
      return fail(
        400,
        PlaidErrorType.InvalidInput,
        'INVALID_WEBHOOK_VERIFICATION_KEY_ID',
        'invalid key_id provided',
      );
    }
    const { kty, crv, x, y } = key.jwk;
    if (!kty || !crv || !x || !y) throw new Error('webhook key is not an EC key');
    const jwk: JWKPublicKey = {
      alg: 'ES256',
      crv,
      kid: key.kid,
      kty,
      use: 'sig',
      x,
      y,
      created_at: key.createdAt,
      expired_at: key.expiredAt,
    };
    return ok({ key: jwk, request_id: this.requestId() } satisfies WebhookVerificationKeyGetResponse);
  }

  private withItem(
    body: Record<string, unknown>,
    then: (item: FakeItem) => { status: number; body: unknown },
  ) {
    const token = body.access_token;
    if (typeof token !== 'string') return missingFields(['access_token']);
    const item = [...this.items.values()].find((i) => i.accessToken === token);
    if (!item) {
      return fail(
        400,
        PlaidErrorType.InvalidInput,
        'INVALID_ACCESS_TOKEN',
        token.startsWith('access-')
          ? 'provided access token is not valid'
          : 'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
      );
    }
    if (item.removed) {
      return fail(
        400,
        PlaidErrorType.ItemError,
        'ITEM_NOT_FOUND',
        'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.',
      );
    }
    return then(item);
  }

  // ---- Data ----

  private createItem(institutionId: string, webhook: string | null): FakeItem {
    const itemId = this.id('item');
    const accountIds = new Map(this.seed.accounts.map((a) => [a.key, this.id('acct')]));
    const item: FakeItem = {
      itemId,
      accessToken: `access-sandbox-${crypto.randomUUID()}`,
      institutionId,
      webhook,
      removed: false,
      accounts: this.seed.accounts.map((a) => toAccount(a, accountIds.get(a.key) ?? '')),
      transactions: new Map(),
      changes: [],
      accountIds,
      accountId(key) {
        const id = accountIds.get(key);
        if (!id) throw new Error(`fake Plaid item ${itemId} has no account ${key}`);
        return id;
      },
    };
    this.items.set(itemId, item);
    this.addTransactions(itemId, this.seed.transactions);
    return item;
  }

  private toTransaction(item: FakeItem, input: FakeTransactionInput): Transaction {
    const category = input.category ?? null;
    return {
      transaction_id: input.transactionId ?? this.id('txn'),
      account_id: item.accountId(input.account),
      amount: input.amount,
      iso_currency_code: input.isoCurrencyCode ?? 'USD',
      unofficial_currency_code: null,
      date: input.date,
      authorized_date: input.authorizedDate ?? input.date,
      authorized_datetime: null,
      datetime: null,
      name: input.name,
      merchant_name: input.merchantName ?? null,
      original_description: input.originalDescription ?? null,
      pending: input.pending ?? false,
      pending_transaction_id: input.pendingTransactionId ?? null,
      account_owner: null,
      payment_channel: PAYMENT_CHANNELS[input.paymentChannel ?? 'other'],
      personal_finance_category: category && {
        primary: category.primary,
        detailed: category.detailed,
        confidence_level: category.confidenceLevel ?? 'VERY_HIGH',
      },
      category: null,
      category_id: null,
      check_number: null,
      location: {
        address: null,
        city: null,
        region: null,
        postal_code: null,
        country: null,
        lat: null,
        lon: null,
        store_number: null,
      },
      payment_meta: {
        reference_number: null,
        ppd_id: null,
        payee: null,
        by_order_of: null,
        payer: null,
        payment_method: null,
        payment_processor: null,
        reason: null,
      },
      transaction_code: null,
      merchant_entity_id: null,
      logo_url: null,
      website: null,
    };
  }

  private toInput(item: FakeItem, t: Transaction): FakeTransactionInput {
    const accountKey = [...item.accountIds].find(([, id]) => id === t.account_id)?.[0];
    if (!accountKey) throw new Error(`fake Plaid lost the account of ${t.transaction_id}`);
    const pfc = t.personal_finance_category;
    return {
      transactionId: t.transaction_id,
      account: accountKey,
      amount: t.amount,
      date: t.date,
      name: t.name,
      merchantName: t.merchant_name ?? null,
      originalDescription: t.original_description ?? null,
      pending: t.pending,
      pendingTransactionId: t.pending_transaction_id,
      authorizedDate: t.authorized_date,
      category: pfc
        ? { primary: pfc.primary, detailed: pfc.detailed, confidenceLevel: pfc.confidence_level ?? undefined }
        : null,
      paymentChannel: t.payment_channel,
      isoCurrencyCode: t.iso_currency_code ?? 'USD',
    };
  }

  private encodeCursor(item: FakeItem, position: number): string {
    return Buffer.from(`${item.itemId}:${position}`).toString('base64url');
  }

  private decodeCursor(item: FakeItem, cursor: unknown): number | null {
    if (typeof cursor !== 'string') return null;
    const [itemId, position] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
    const n = Number(position);
    if (itemId !== item.itemId || !Number.isInteger(n) || n < 0 || n > item.changes.length) return null;
    return n;
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}-${this.instanceId}-${String(this.sequence).padStart(6, '0')}`;
  }

  private requestId(): string {
    return crypto.randomBytes(8).toString('hex');
  }
}

export async function startFakePlaid(options: FakePlaidOptions = {}): Promise<FakePlaid> {
  return new FakePlaid(options).start();
}

const PAYMENT_CHANNELS: Record<'online' | 'in store' | 'other', TransactionPaymentChannelEnum> = {
  online: TransactionPaymentChannelEnum.Online,
  'in store': TransactionPaymentChannelEnum.InStore,
  other: TransactionPaymentChannelEnum.Other,
};

function toAccount(input: FakeAccountInput, accountId: string): AccountBase {
  return {
    account_id: accountId,
    balances: {
      available: input.available ?? null,
      current: input.current,
      limit: input.limit ?? null,
      iso_currency_code: input.isoCurrencyCode ?? 'USD',
      unofficial_currency_code: null,
    },
    mask: input.mask ?? null,
    name: input.name,
    official_name: input.officialName ?? null,
    type: enumValue(AccountType, input.type),
    subtype: input.subtype == null ? null : enumValue(AccountSubtype, input.subtype),
  };
}

function enumValue<T extends string>(values: Record<string, T>, value: string): T {
  const match = Object.values(values).find((v) => v === value);
  if (match === undefined) throw new Error(`not a Plaid value: ${value}`);
  return match;
}

/** One page's changes as Plaid reports them: the net effect per transaction, in log order. */
function collapse(changes: Change[]) {
  const net = new Map<string, Change>();
  for (const change of changes) {
    const id = change.kind === 'removed' ? change.removed.transaction_id : change.transaction.transaction_id;
    const earlier = net.get(id);
    if (change.kind === 'modified' && earlier?.kind === 'added') {
      net.set(id, { kind: 'added', transaction: change.transaction });
    } else if (change.kind === 'removed' && earlier?.kind === 'added') {
      net.delete(id);
    } else {
      net.delete(id);
      net.set(id, change);
    }
  }
  const added: Transaction[] = [];
  const modified: Transaction[] = [];
  const removed: RemovedTransaction[] = [];
  for (const change of net.values()) {
    if (change.kind === 'added') added.push(change.transaction);
    else if (change.kind === 'modified') modified.push(change.transaction);
    else removed.push(change.removed);
  }
  return { added, modified, removed };
}

function ok(body: unknown) {
  return { status: 200, body };
}

function plaidError(status: number, errorType: string, errorCode: string, errorMessage: string) {
  return {
    display_message: null,
    documentation_url: `https://plaid.com/docs/errors/#${errorCode.toLowerCase()}`,
    error_code: errorCode,
    error_code_reason: null,
    error_message: errorMessage,
    error_type: errorType,
    request_id: crypto.randomBytes(8).toString('hex'),
    suggested_action: null,
    causes: [],
    status,
  } satisfies Omit<PlaidError, 'error_type'> & { error_type: string };
}

function fail(status: number, errorType: string, errorCode: string, errorMessage: string) {
  return { status, body: plaidError(status, errorType, errorCode, errorMessage) };
}

function missingFields(fields: string[]) {
  return fail(
    400,
    PlaidErrorType.InvalidRequest,
    'MISSING_FIELDS',
    `the following required fields are missing: ${fields.join(', ')}`,
  );
}

function invalidInstitution() {
  return fail(400, PlaidErrorType.InvalidInput, 'INVALID_INSTITUTION', 'invalid institution_id provided');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
