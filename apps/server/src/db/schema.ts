import type {
  AccountTypeCode,
  BudgetPeriod,
  BudgetProposal,
  CategoryCode,
  CustomReportDefinition,
  OnboardingStep,
  SubscriptionCategory,
  SubscriptionFrequency,
  SubscriptionStatus,
  TaxTag,
} from '@tally/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored as typed; compared lower-cased through the unique index below. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profilePictureUrl: text('profile_picture_url'),
    googleSubject: text('google_subject'),
    timeZone: text('time_zone').notNull().default('UTC'),
    plan: text('plan', { enum: ['starter', 'pro', 'premium'] })
      .notNull()
      .default('starter'),
    /** When the person's one free trial ends (or ended); null: never had one. */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** The plan the trial is of: the paid plan the person chose first. */
    trialPlan: text('trial_plan', { enum: ['pro', 'premium'] })
      .notNull()
      .default('pro'),
    /** The billing provider's customer (Stripe's cus_…); null when self-hosted or never paid. */
    billingCustomerId: text('billing_customer_id'),
    /** The provider's subscription behind a paid plan (Stripe's sub_…). */
    billingSubscriptionId: text('billing_subscription_id'),
    /** When the paid plan renews, or ends if cancelled. */
    planPeriodEndsAt: timestamp('plan_period_ends_at', { withTimezone: true }),
    /** Set while a paid plan is cancelled but runs to the end of its period. */
    planCancelsAt: timestamp('plan_cancels_at', { withTimezone: true }),
    /**
     * Not written or read. Webhooks are put in order otherwise: each locks this row and applies the
     * subscription as the provider holds it then (billing.service applyWebhook), never an event's own copy.
     */
    billingUpdatedAt: timestamp('billing_updated_at', { withTimezone: true }),
    pushNotifications: boolean('push_notifications').notNull().default(true),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /**
     * When the person proved they read mail at `email` (a link sent to it, or Google vouching for it). Until
     * then nothing but the verification link itself is sent there; changing the address clears it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The authenticator app's shared secret (TOTP), sealed to this row. Set while two-factor sign-in is being
     * set up, and kept once it is on; cleared when it is turned off.
     */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    /** When two-factor sign-in was turned on; null: off (a secret without it is a setup not yet confirmed). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is never taken twice, nor one older than it. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    uniqueIndex('users_billing_customer_key').on(t.billingCustomerId),
  ],
);

/** One row per issued token (its jti); a token is valid only while its row is unrevoked and unexpired. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The address the session was opened from; null for sessions opened before it was kept. */
    ip: text('ip'),
    /** The browser's User-Agent at sign-in, cut to 512 characters. */
    userAgent: text('user_agent'),
    /** When the session last made a request, to within a few minutes (see authenticator). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A personal access token (Settings → Connected apps): a script or app of the person's own reads their data
 * with it. Only the secret's SHA-256 is kept; revoking deletes the row, so the token fails at its next call.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read'] }).notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** `tly_` and the secret's first four characters, to tell tokens apart in the list. */
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    /** Null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the token last made a request, to within a few minutes (see authenticator). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_secret_hash_key').on(t.secretHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use codes that stand in for the authenticator app at sign-in; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A person's passkeys (WebAuthn credentials): the public key that checks their signatures at sign-in. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the authenticator gave it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at its last use (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge handed out and not yet answered: taken (deleted) by the answer, so each is used once,
 * whichever server gets it. A sign-in's belongs to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins, counted per email and per IP to lock out password guessing across all instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A linked item at a bank provider. The access token is AES-256-GCM encrypted and never leaves the server. */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'manual' is the one connection per person that holds the accounts they keep by hand (itemId 'manual'). */
    provider: text('provider', { enum: ['demo', 'plaid', 'manual'] }).notNull(),
    itemId: text('item_id').notNull(),
    institutionId: text('institution_id'),
    institutionName: text('institution_name').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    /** /transactions/sync position; saved in the same database transaction as the page it follows. */
    cursor: text('cursor'),
    isActive: boolean('is_active').notNull().default(true),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /**
     * When the item was removed at the provider (or found already gone there). Null on a disconnected
     * connection means its item may still be live and billed: the hourly sweep tries the removal again.
     */
    providerRemovedAt: timestamp('provider_removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_connections_user_item_key').on(t.userId, t.itemId),
    // Webhooks name only the item, so they need this one lookup that does not start from a user.
    index('bank_connections_item_idx').on(t.itemId),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name'),
    mask: text('mask'),
    /** 0 depository, 2 credit, 3 investment, 4 loan */
    type: smallint('type').$type<AccountTypeCode>().notNull(),
    subtype: text('subtype'),
    currentBalance: bigint('current_balance', { mode: 'number' }),
    availableBalance: bigint('available_balance', { mode: 'number' }),
    isoCurrencyCode: text('iso_currency_code').notNull().default('USD'),
    /**
     * Cents; set only on manual accounts, whose current balance a trigger keeps at this plus their live
     * transactions (less them for credit and loans, which count what is owed) — migration 0017.
     */
    openingBalance: bigint('opening_balance', { mode: 'number' }),
    /** The CSV column mapping last used to import a file into this account, applied to the next one. */
    importMapping: jsonb('import_mapping'),
    /**
     * How the last QIF imported into this account wrote its dates (month or day first), proved by its days or
     * chosen by the person; the next QIF whose days do not show it is read so without asking.
     */
    importDayOrder: text('import_day_order', { enum: ['MDY', 'DMY'] }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set when a sync brought an account past the plan's linked-account limit: the account is kept but hidden,
     * and none of its transactions are stored until the person makes room or upgrades.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Set when the person unlinked this one account (its connection stays): it is inactive for good, no sync,
     * reset or reconnect revives it, and its history is kept or deleted as they chose.
     */
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_user_provider_key').on(t.userId, t.providerAccountId),
    index('bank_accounts_user_connection_idx').on(t.userId, t.connectionId),
    // What transactions' (user_id, account_id) refers to.
    uniqueIndex('bank_accounts_user_id_key').on(t.userId, t.id),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** With account_id, one foreign key: the account, of this person (below). */
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    merchantName: text('merchant_name'),
    /** Cents; positive = money in. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    /** Who chose the category: the bank's mapping, the person's rule for the merchant, or the person. */
    categorySource: text('category_source', { enum: ['provider', 'rule', 'user'] })
      .notNull()
      .default('provider'),
    providerCategory: text('provider_category'),
    /** Moves between the person's own accounts: listed, but not income or spending. */
    isTransfer: boolean('is_transfer').notNull().default(false),
    pending: boolean('pending').notNull().default(false),
    note: text('note'),
    /** Hidden from lists and totals; kept so a later import does not bring it back. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The statement file's key of a row a bank transaction took over (its provider id before the bank's),
     * carried to the posted transaction that replaces a pending one: the file imported again knows the row,
     * wherever its day has gone since. Null for every other row.
     */
    fileKey: text('file_key'),
    /** The key of the row's searched text in transaction_texts: its MD5, read as a uuid. */
    textKey: uuid('text_key')
      .notNull()
      .generatedAlwaysAs(sql`md5(lower(description || ' ' || coalesce(merchant_name, '')))::uuid`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Lists read live rows newest first (ORDER BY date DESC, id DESC = NULLS FIRST), so the keys match that
    // order and the predicate matches filterWhere; the trailing columns let counts, amount filters and
    // totals be answered from the index alone. One such index for all rows, one led by account, one by
    // category.
    const listIndex = (name: string, lead?: typeof t.accountId | typeof t.category | typeof t.textKey) => {
      const trailing = [t.accountId, t.category, t.amount, t.isTransfer].filter((c) => c !== lead);
      return index(name)
        .on(
          t.userId,
          ...(lead ? [lead] : []),
          t.date.desc().nullsFirst(),
          t.id.desc().nullsFirst(),
          ...trailing,
        )
        .where(sql`${t.deletedAt} is null`);
    };
    return [
      // One check per inserted row that the account exists and is this person's (a 50k-row file pays it
      // 50,000 times; two single-column keys cost twice that and did not tie the person to the account).
      // Deleting a person deletes their accounts, and so their transactions.
      foreignKey({
        name: 'transactions_user_account_fk',
        columns: [t.userId, t.accountId],
        foreignColumns: [bankAccounts.userId, bankAccounts.id],
      }).onDelete('cascade'),
      uniqueIndex('transactions_user_provider_key').on(t.userId, t.providerTransactionId),
      // Only rows a bank took over from a file: a few per person, read whole by every file import.
      index('transactions_user_file_key_idx').on(t.userId, t.fileKey).where(sql`${t.fileKey} is not null`),
      listIndex('transactions_user_date_idx'),
      listIndex('transactions_user_account_date_idx', t.accountId),
      listIndex('transactions_user_category_date_idx', t.category),
      // Amount filters are about size (abs); amount trails so their counts are index-only.
      index('transactions_user_abs_amount_idx')
        .on(t.userId, sql`abs(${t.amount})`, t.amount)
        .where(sql`${t.deletedAt} is null`),
      // A search finds its texts in transaction_texts, then the rows here by their keys.
      listIndex('transactions_user_text_key_idx', t.textKey),
    ];
  },
);

/**
 * Every text a person's transactions are searched by (lowercase description and merchant), once: L's 100,000
 * transactions have ~7,000. A search matches these with a trigram index, then reads the rows by key, so it
 * never rechecks thousands of rows. Kept by statement triggers on `transactions` (migration 0034); a text no
 * row has any more stays, and finds nothing.
 */
export const transactionTexts = pgTable(
  'transaction_texts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** transactions.text_key of the rows with this text. */
    key: uuid('key').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // user_id inside the trigram index (btree_gin) so a search reads only the person's texts.
    index('transaction_texts_search_idx').using('gin', t.userId, sql`${t.text} gin_trgm_ops`),
  ],
);

/**
 * Live transactions counted and summed per person, month, account, category and transfer flag, kept
 * exact by statement triggers on `transactions` (migration 0003). Totals over whole months read these
 * few rows instead of every transaction; only the partial months at a range's edges are counted directly.
 */
export const transactionRollups = pgTable(
  'transaction_rollups',
  {
    userId: uuid('user_id').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    isTransfer: boolean('is_transfer').notNull(),
    count: integer('count').notNull(),
    /** Cents in (amount > 0) and out (amount < 0, as a positive number). */
    income: bigint('income', { mode: 'number' }).notNull(),
    expenses: bigint('expenses', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.accountId, t.category, t.isTransfer] })],
);

/** The monthly rollups' twin by week (Monday to Sunday), for reports by week (migration 0041). */
export const transactionWeekRollups = pgTable(
  'transaction_week_rollups',
  {
    userId: uuid('user_id').notNull(),
    /** The week's Monday. */
    week: date('week', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    isTransfer: boolean('is_transfer').notNull(),
    count: integer('count').notNull(),
    income: bigint('income', { mode: 'number' }).notNull(),
    expenses: bigint('expenses', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week, t.accountId, t.category, t.isTransfer] })],
);

/**
 * Live transactions with a merchant counted per person, month, merchant (its name as the rows spell it,
 * trimmed; the report puts spellings together case aside, as Transactions' merchant filter does), account and
 * category, with their spending (money out, transfers left out), kept exact by statement triggers (migration
 * 0041): the spending report's merchants.
 */
export const merchantRollups = pgTable(
  'merchant_rollups',
  {
    userId: uuid('user_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    merchant: text('merchant').notNull(),
    accountId: uuid('account_id').notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    count: integer('count').notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.merchant, t.accountId, t.category] })],
);

/**
 * Spending per person, day and category (cents: money out less money in) of live transactions that are not
 * transfers, kept exact by statement triggers on `transactions` (migration 0010) like the monthly rollups.
 * Count-up reads a period's days from here: a few thousand rows for a year instead of every transaction.
 */
export const dailySpending = pgTable(
  'daily_spending',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.category] })],
);

/**
 * Each account's live transactions per day: how many, and the posted ones summed (cents, positive = money in),
 * kept exact by statement triggers on `transactions` (migration 0040) like the monthly rollups. Net worth
 * runs each account's balance back from the bank's over these few thousand rows instead of every transaction.
 */
export const accountDays = pgTable(
  'account_days',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    count: integer('count').notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.accountId] })],
);

/**
 * The balance the bank reported for an account at a sync, the day's last one kept (the day in the person's
 * time zone). The days between are run back from these by the transactions (see balanceHistory).
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Cents, as the bank shows it: what a card or loan owes is positive. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId, t.day] }),
    foreignKey({
      name: 'account_balances_user_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [bankAccounts.userId, bankAccounts.id],
    }).onDelete('cascade'),
  ],
);

/** A person's choice of category for a merchant; later imports of that merchant use it. */
export const merchantCategories = pgTable(
  'merchant_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantKey: text('merchant_key').notNull(),
    category: smallint('category').$type<CategoryCode>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantKey] })],
);

/** The first-run guide: a step the person finished or skipped (the rest are read from their data). */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').$type<OnboardingStep>().notNull(),
    status: text('status', { enum: ['done', 'skipped'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/**
 * White-glove onboarding (Premium): what a person's first import prepared for the guide, once. The budget
 * proposal is cents ({ months, totalIncome, categories }); the subscriptions are the recurring charges
 * found then ({ merchantName, amount in cents, frequency }), confirmed for real from the guide.
 */
export const onboardingPreparations = pgTable('onboarding_preparations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  budgetProposal: jsonb('budget_proposal').$type<BudgetProposal>().notNull(),
  subscriptions: jsonb('subscriptions')
    .$type<{ merchantName: string; amount: number; frequency: SubscriptionFrequency }[]>()
    .notNull(),
  createdAt: createdAt(),
});

/** A person's tax tag for one of their categories (the tax report): each transaction in it carries it. */
export const categoryTaxTags = pgTable(
  'category_tax_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: smallint('category').$type<CategoryCode>().notNull(),
    tag: text('tag').$type<TaxTag>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** A transaction's own tax tag, over its category's: a tag, or 'none' (not deductible, whatever its category). */
export const transactionTaxTags = pgTable(
  'transaction_tax_tags',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').$type<TaxTag | 'none'>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('transaction_tax_tags_user_idx').on(t.userId)],
);

/**
 * A person's rule: when a transaction's description or merchant matches (and optionally its size is in a
 * range and it is in one account), set its category and/or rename its merchant. Rules apply in `position`
 * order before anything else decides a category; the first rule that sets a category wins, as does the first
 * that renames.
 */
export const transactionRules = pgTable(
  'transaction_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    field: text('field', { enum: ['description', 'merchant', 'either'] }).notNull(),
    operator: text('operator', { enum: ['contains', 'startsWith', 'equals'] }).notNull(),
    pattern: text('pattern').notNull(),
    /** Cents, compared with the size of the amount; either may be null. */
    minAmount: bigint('min_amount', { mode: 'number' }),
    maxAmount: bigint('max_amount', { mode: 'number' }),
    accountId: uuid('account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    setCategory: smallint('set_category').$type<CategoryCode>(),
    renameMerchant: text('rename_merchant'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('transaction_rules_user_position_idx').on(t.userId, t.position)],
);

/**
 * A custom report the person saved from the report builder: its choices (measure, grouping, chart, period,
 * filters) as the builder checks them, and whether the dashboard shows it (migration 0042).
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<CustomReportDefinition>().notNull(),
    onDashboard: boolean('on_dashboard').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_reports_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * One history sync: a background download of a connection's transaction history from the bank, with what
 * the progress banner shows. (A statement file the person uploads is an import; see features/imports.)
 */
export const historySyncs = pgTable(
  'history_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['Pending', 'InProgress', 'Completed', 'Failed'] })
      .notNull()
      .default('Pending'),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default('Import pending...'),
    processed: integer('processed').notNull().default(0),
    quickSyncCompletedAt: timestamp('quick_sync_completed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // A ranged backfill's days, kept with the run so a resumed run imports the same range; null = cursor sync.
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    // The process working the run and until when its claim holds; it renews it while alive, so only a
    // crashed process's run is taken over.
    claimedBy: text('claimed_by'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('history_syncs_user_connection_idx').on(t.userId, t.connectionId, t.createdAt.desc())],
);

/**
 * A person's budget: what it is called, how long its periods are (SPEC §3, 0–4) and from which day they
 * count. At most one is active per person; creating another archives it, and its periods stay readable.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    period: smallint('period').$type<BudgetPeriod>().notNull(),
    /** The first period's first day; every period is counted from it (periods.ts). */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    /** Whether a new period opens when one ends. */
    autoReset: boolean('auto_reset').notNull().default(true),
    /** The last day of the newest period opened, so the roll job finds budgets due in one index read. */
    currentPeriodEnd: date('current_period_end', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('budgets_one_active_key').on(t.userId).where(sql`${t.isActive}`),
    index('budgets_user_idx').on(t.userId, t.createdAt.desc()),
    // The roll job looks across people, by day, like the webhook's item lookup.
    index('budgets_due_idx').on(t.currentPeriodEnd).where(sql`${t.isActive} and ${t.autoReset}`),
  ],
);

/** A category a budget has ever allocated to, with its settings; the amounts are per period. */
export const budgetCategories = pgTable(
  'budget_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    category: smallint('category').$type<CategoryCode>().notNull(),
    allowRollover: boolean('allow_rollover').notNull().default(false),
    countUpEnabled: boolean('count_up_enabled').notNull().default(false),
    /** Cents a count-up day earns instead of the even split; null = the split. */
    customDailyAllowance: bigint('custom_daily_allowance', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('budget_categories_budget_category_key').on(t.userId, t.budgetId, t.category),
    index('budget_categories_user_idx').on(t.userId, t.id),
  ],
);

/** One period of a budget, opened when the one before it ended; its income and allocations are its own. */
export const budgetPeriods = pgTable(
  'budget_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    /** 0 for the first period; unique per budget, so opening a period twice is a no-op. */
    index: integer('index').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Cents. */
    totalIncome: bigint('total_income', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('budget_periods_budget_index_key').on(t.userId, t.budgetId, t.index)],
);

/** What a period allocates to a category (cents), and what the category carried in from the period before. */
export const budgetPeriodCategories = pgTable(
  'budget_period_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => budgetPeriods.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => budgetCategories.id, { onDelete: 'cascade' }),
    allocated: bigint('allocated', { mode: 'number' }).notNull(),
    /** Unspent (positive) or overspent (negative) in the previous period, when the category rolls over. */
    rolledOver: bigint('rolled_over', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodId, t.categoryId] })],
);

/**
 * Count-up achievements as first earned in a period (SPEC §9). Kept, so one earned stays earned when a
 * later change to the history would no longer earn it, and is never earned twice in a period.
 */
export const budgetAchievements = pgTable(
  'budget_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => budgetPeriods.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => budgetCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    earnedDate: date('earned_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodId, t.categoryId, t.title] })],
);

/**
 * A subscription the person tracks (SPEC §3), typed in, marked from a transaction or confirmed from a
 * detection. Its charges are followed by merchant: each one posted advances the due date, and one at a new
 * price records the change.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Cents, positive: what one charge costs. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    frequency: smallint('frequency').$type<SubscriptionFrequency>().notNull(),
    status: smallint('status').$type<SubscriptionStatus>().notNull().default(0),
    category: smallint('category').$type<SubscriptionCategory>().notNull().default(99),
    description: text('description'),
    nextDueDate: date('next_due_date', { mode: 'string' }).notNull(),
    /** The due date the schedule counts from, so monthly dues on the 31st do not drift to the 28th. */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    isDetected: boolean('is_detected').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** merchantKey() of the charges it follows (detect.ts); from the name when typed in. */
    merchantKey: text('merchant_key').notNull(),
    /** As the bank names the merchant, when it came from a transaction or a detection. */
    merchantName: text('merchant_name'),
    lastChargeDate: date('last_charge_date', { mode: 'string' }),
    /** Cents it cost before its latest price change, and the day of the first charge at the new price. */
    previousAmount: bigint('previous_amount', { mode: 'number' }),
    priceChangedAt: date('price_changed_at', { mode: 'string' }),
    /** The earliest due date whose charge has not posted (only for subscriptions whose charges we have seen). */
    unpaidDueDate: date('unpaid_due_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** The transactions that paid a subscription: the detection's pattern, then every charge matched since. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // A charge pays one subscription at most, however many follow the same merchant.
    primaryKey({ columns: [t.userId, t.transactionId] }),
    index('subscription_charges_subscription_idx').on(t.userId, t.subscriptionId),
  ],
);

/**
 * What the last detection found, one row per merchant, so a suggestion has an id to confirm or dismiss
 * by. A dismissed one stays, so the merchant is not suggested again.
 */
export const detectedSubscriptions = pgTable(
  'detected_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantKey: text('merchant_key').notNull(),
    merchantName: text('merchant_name').notNull(),
    /** Cents, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    frequency: smallint('frequency').$type<SubscriptionFrequency>().notNull(),
    confidence: real('confidence').notNull(),
    category: smallint('category').$type<SubscriptionCategory>().notNull(),
    estimatedNextDue: date('estimated_next_due', { mode: 'string' }),
    relatedTransactionIds: uuid('related_transaction_ids').array().notNull(),
    /** occurrences, firstChargeDate, lastChargeDate, averageIntervalDays, priceChange (cents). */
    details: jsonb('details').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    detectedAt: createdAt(),
  },
  (t) => [uniqueIndex('detected_subscriptions_merchant_key').on(t.userId, t.merchantKey)],
);

/**
 * A savings goal (SPEC §3). What it holds is the sum of its ledger (savingsContributions); whether it is
 * complete, and since when, follows from that ledger too, so nothing here can disagree with it.
 */
export const savingsGoals = pgTable(
  'savings_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Cents. */
    targetAmount: bigint('target_amount', { mode: 'number' }).notNull(),
    /** Its share of each period's leftover in basis points (12.5 % = 1250), so shares split exactly. */
    allocationBasisPoints: integer('allocation_basis_points').notNull(),
    targetDate: date('target_date', { mode: 'string' }),
    iconName: text('icon_name').notNull(),
    colorTheme: text('color_theme').notNull(),
    /** A paused goal takes no share of leftovers and leaves the 100% cap. */
    isActive: boolean('is_active').notNull().default(true),
    /** The person's day it was set: periods that ended before it do not fund it. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('savings_goals_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The ledger: every amount that went into a goal, a period's leftover share (source 'period') or money
 * added by hand ('manual'). A period funds a goal once: (goal, period) is unique for period rows.
 */
export const savingsContributions = pgTable(
  'savings_contributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => savingsGoals.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['period', 'manual'] }).notNull(),
    /** Cents, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The day it counts from: a period's last day, or the person's day it was added. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The period it came from; its days are kept, so the history reads the same after a budget is deleted. */
    periodId: uuid('period_id').references(() => budgetPeriods.id, { onDelete: 'set null' }),
    periodStartDate: date('period_start_date', { mode: 'string' }),
    periodEndDate: date('period_end_date', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('savings_contributions_goal_idx').on(t.userId, t.goalId, t.day),
    uniqueIndex('savings_contributions_period_key')
      .on(t.goalId, t.periodId)
      .where(sql`${t.source} = 'period'`),
  ],
);

/**
 * A budget period whose leftover has been shared among goals: written in the same transaction as its
 * ledger rows, so a period is shared out once however often, and by however many processes, the job runs.
 */
export const savingsPeriodRuns = pgTable('savings_period_runs', {
  periodId: uuid('period_id')
    .primaryKey()
    .references(() => budgetPeriods.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Cents: what the period left over, and how much of it went to goals. */
  leftover: bigint('leftover', { mode: 'number' }).notNull(),
  allocated: bigint('allocated', { mode: 'number' }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Savings achievements, each recorded once: key is the kind, with the goal's id for per-goal ones
 * ('progress_50:<goal id>'), so deleting the goal does not let it be earned again.
 */
export const savingsAchievements = pgTable(
  'savings_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    goalId: uuid('goal_id').references(() => savingsGoals.id, { onDelete: 'set null' }),
    /** The goal's name when earned, shown after the goal is gone. */
    goalName: text('goal_name'),
    earnedDate: date('earned_date', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('savings_achievements_key').on(t.userId, t.key)],
);

/**
 * Insights as last generated, one per finding (key: what it is about and when), so a dismissal holds when
 * the same finding comes back and reads are cheap. Figures are stored as the API shows them (dollars).
 */
export const aiInsights = pgTable(
  'ai_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type').notNull(),
    priority: text('priority').notNull(),
    context: text('context').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    confidence: real('confidence').notNull(),
    actionSuggestion: text('action_suggestion'),
    figures: jsonb('figures').notNull(),
    /** 0 = highest: the engine's order, kept for reads. */
    rank: integer('rank').notNull(),
    /** False once a generation no longer finds it; kept so a dismissal is remembered. */
    isCurrent: boolean('is_current').notNull().default(true),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ai_insights_user_key').on(t.userId, t.key)],
);

/**
 * Whether a person's stored insights are current: they are while their generated version is the version
 * (nothing they read changed since) and they were computed on the person's today.
 */
export const aiInsightRuns = pgTable('ai_insight_runs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Moved on by a trigger whenever a number the insights read changes (migrations 0014, 0027, 0028). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** When the stored insights were computed (their facts read), and from which version; null before the first. */
  generatedAt: timestamp('generated_at', { withTimezone: true }),
  generatedVersion: bigint('generated_version', { mode: 'number' }),
});

/** AI use per person per day (their time zone): generations and questions, and a model's token cost. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    /** Millionths of a dollar, so per-token prices add up exactly. */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Billing webhook events already applied, by the provider's event id: a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export const NOTIFICATION_KINDS = [
  'import_completed',
  'import_failed',
  'budget_warning',
  'budget_over',
  'subscription_due',
  'subscription_price_increase',
  'goal_completed',
  'trial_ending',
  'accounts_hidden',
  'support_message',
  'security_notice',
] as const;

/**
 * What Tally told a person, once per event: `key` names the event (a budget category's period and level, a
 * subscription's due date), so finding it again writes nothing. Push and email go out once, after the row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The in-app path it concerns, e.g. /budgets or /savings/{id}. */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_key').on(t.userId, t.key),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Browsers where a person allowed push (the Push API's subscription). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that registered the browser: signing that session out (or all of them) removes the
     * subscription, so a browser someone once signed in on stops receiving the owner's notifications.
     */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * Tally exports a person has imported into this account (Settings → Import from a Tally export), by the
 * export's manifest digest: the same file imported again is answered as done, not imported twice.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the export's manifest.json (its person, time and row counts). */
    exportDigest: text('export_digest').notNull(),
    /** Rows imported per table. */
    rows: jsonb('rows').$type<Record<string, number>>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.exportDigest] })],
);
