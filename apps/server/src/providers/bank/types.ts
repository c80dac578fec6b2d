import type { AccountTypeCode, Cents } from '@tally/shared';

/**
 * What Tally needs from a bank-linking provider. Two implementations: `plaid` (the official SDK) and
 * `demo` (a deterministic built-in bank). Both speak Plaid's /transactions/sync semantics.
 */
export interface BankProvider {
  readonly kind: 'demo' | 'plaid';
  /** Test items can be made without Link: the demo bank and Plaid's sandbox, never Plaid's production. */
  readonly sandbox: boolean;
  createLinkToken(params: {
    userId: string;
    webhookUrl?: string;
  }): Promise<{ linkToken: string; expiration: string }>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  /** The item's accounts with current balances, and which institution they belong to. */
  getAccounts(accessToken: string): Promise<{ institutionId: string | null; accounts: ProviderAccount[] }>;
  getInstitutionName(institutionId: string): Promise<string>;
  /**
   * One page of changes since `cursor` (null = from the beginning). Apply the page, then store
   * `nextCursor`; keep calling while `hasMore`.
   */
  syncTransactions(
    accessToken: string,
    cursor: string | null,
    options?: { count?: number },
  ): Promise<SyncPage>;
  /**
   * Ends the item at the provider (Plaid's /item/remove): the access token stops working and Plaid stops
   * billing for it. Resolves when the item is gone, also when it was gone already; throws for anything else
   * (provider down, bad credentials), so the caller can retry.
   */
  removeItem(accessToken: string): Promise<void>;
  /**
   * Demo mode and Plaid's sandbox: a public token for an institution without the Link widget; with
   * `accountIds` (the demo bank's picker) the item holds only those accounts, as Link's account selection.
   */
  createSandboxPublicToken(institutionId?: string, accountIds?: readonly string[]): Promise<string>;
  /** Institutions a person can pick from in the demo picker (empty for Plaid, whose widget lists them). */
  listInstitutions(): Promise<ProviderInstitution[]>;
  /**
   * The demo bank: the id one of an item's accounts is chosen by (an institution's `accounts`), so an item
   * made again holds the same accounts. Absent where the accounts are chosen in Link.
   */
  accountChoiceOf?(providerAccountId: string): string | null;
}

export type ProviderInstitution = {
  id: string;
  name: string;
  description: string;
  accountTypes: string[];
  /** The accounts a person may choose from before linking (the demo bank's picker). */
  accounts: { id: string; name: string; subtype: string | null; mask: string | null }[];
};

export type ProviderAccount = {
  providerAccountId: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  type: AccountTypeCode;
  /** e.g. checking, savings, credit card, 401k, mortgage, student */
  subtype: string | null;
  currentBalance: Cents | null;
  availableBalance: Cents | null;
  isoCurrencyCode: string;
};

export type ProviderTransaction = {
  providerTransactionId: string;
  providerAccountId: string;
  /** For a posted transaction that replaces a pending one: the pending one's id. */
  pendingTransactionId: string | null;
  pending: boolean;
  /** The day it happened, YYYY-MM-DD. */
  date: string;
  description: string;
  merchantName: string | null;
  /** Our sign: positive = money in, negative = money out (Plaid's is the opposite). */
  amount: Cents;
  /** Plaid personal_finance_category primary and detailed, e.g. FOOD_AND_DRINK / FOOD_AND_DRINK_GROCERIES. */
  categoryPrimary: string | null;
  categoryDetailed: string | null;
};

export type SyncPage = {
  added: ProviderTransaction[];
  modified: ProviderTransaction[];
  /** Provider transaction ids to delete. */
  removed: string[];
  nextCursor: string;
  hasMore: boolean;
  /** How many transactions the whole history holds, when the provider knows (drives progress). */
  totalEstimate?: number;
};
