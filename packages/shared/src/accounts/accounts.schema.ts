import { z } from 'zod';
import { isoDay } from '../dates';
import { money } from '../money';

export const account = z.object({
  id: z.string(),
  connectionId: z.string(),
  institutionName: z.string(),
  name: z.string(),
  officialName: z.string().nullable(),
  mask: z.string().nullable(),
  /** 0 depository, 2 credit, 3 investment, 4 loan */
  type: z.number(),
  subtype: z.string().nullable(),
  currentBalance: money,
  availableBalance: money.nullable(),
  isActive: z.boolean(),
  /** Kept by hand (and by file import): its balance follows its transactions, which can be edited. */
  isManual: z.boolean(),
  /** Manual accounts only. */
  openingBalance: money.nullable(),
});
export type Account = z.infer<typeof account>;

/** The accounts of active connections, for pickers and totals. */
export const accountList = z.array(account);

/** A history sync: a background download of a connection's transaction history from the bank. */
export const historySyncStatus = z.enum(['Pending', 'InProgress', 'Completed', 'Failed']);
export type HistorySyncStatus = z.infer<typeof historySyncStatus>;

/** A history sync's progress, as the API's `importProgress` fields and GET …/import-progress send it. */
export const historySyncProgress = z.object({
  status: historySyncStatus,
  progress: z.number(),
  message: z.string(),
  canDismiss: z.boolean(),
  quickSyncCompletedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  transactionsImported: z.number(),
});
export type HistorySyncProgress = z.infer<typeof historySyncProgress>;

export const connection = z.object({
  id: z.string(),
  institutionId: z.string().nullable(),
  institutionName: z.string(),
  isActive: z.boolean(),
  lastSyncAt: z.string().nullable(),
  /** 'manual' is the group of accounts the person keeps by hand; it is never synced, disconnected or reconnected. */
  provider: z.enum(['demo', 'plaid', 'manual']),
  /** The visible ones: accounts hidden past the plan's limit are only counted in hiddenAccounts. */
  accounts: z.array(account),
  /**
   * How many more accounts the bank reports than the person's plan includes: kept hidden, without their
   * transactions, until the plan allows them (an upgrade, or another bank disconnected). Absent means none.
   */
  hiddenAccounts: z.number().int().min(0).optional(),
});
export type Connection = z.infer<typeof connection>;

/** The provider of a person's one connection that holds the accounts they keep by hand. */
export const MANUAL_PROVIDER = 'manual' satisfies Connection['provider'];
/** The group of accounts kept by hand rather than a bank: never synced, disconnected or reconnected. */
export const isManualConnection = (c: Pick<Connection, 'provider'>) => c.provider === MANUAL_PROVIDER;

export const connectionList = z.array(connection);

export const reconnectResponse = z.object({ connection, importProgress: historySyncProgress });
export type ReconnectResponse = z.infer<typeof reconnectResponse>;

export const connectionStatus = z.object({
  id: z.string(),
  isActive: z.boolean(),
  lastSyncAt: z.string().nullable(),
  accountCount: z.number(),
  transactionCount: z.number(),
  importProgress: historySyncProgress.nullable(),
});

export const linkTokenResponse = z.object({ linkToken: z.string(), expiration: z.string() });

export const publicTokenBody = z.object({
  publicToken: z
    .string({ error: 'publicToken is required' })
    .trim()
    .min(1, 'publicToken is required')
    .max(500, 'publicToken is too long'),
});
export type PublicTokenBody = z.infer<typeof publicTokenBody>;

export const exchangeResponse = z.object({
  connection,
  transactionsImported: z.number(),
  importProgress: historySyncProgress.nullable(),
});
export type ExchangeResponse = z.infer<typeof exchangeResponse>;

export const sandboxPublicTokenBody = z.object({
  institutionId: z.string().trim().min(1).max(100).optional(),
  /** The institution's accounts the person chose to link (the demo picker); all of them when absent. */
  accountIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1, 'Choose at least one account to link')
    .max(50)
    .optional(),
});

export const sandboxPublicTokenResponse = z.object({ publicToken: z.string() });

export const institution = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  accountTypes: z.array(z.string()),
  /** What a person may choose from before linking (the demo picker; Plaid Link lists its own). */
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subtype: z.string().nullable(),
      mask: z.string().nullable(),
    }),
  ),
});
export type Institution = z.infer<typeof institution>;

export const institutionList = z.array(institution);

export const importRange = z.enum(['30d', '90d', '1y', '2y', 'custom']);

export const importHistoricalDataBody = z
  .object({
    connectionId: z.uuid('connectionId must be a connection id'),
    range: importRange.default('2y'),
    customStartDate: isoDay.nullish(),
    customEndDate: isoDay.nullish(),
  })
  .refine((b) => b.range !== 'custom' || (b.customStartDate && b.customEndDate), {
    message: 'A custom range needs customStartDate and customEndDate',
  })
  .refine(
    (b) =>
      b.range !== 'custom' || !b.customStartDate || !b.customEndDate || b.customStartDate <= b.customEndDate,
    { message: 'Start date must be before end date' },
  );
export type ImportHistoricalDataBody = z.infer<typeof importHistoricalDataBody>;

/** Plaid's webhook is acknowledged with this whatever it carried. */
export const webhookResponse = z.object({ received: z.literal(true) });

export const idParam = z.object({ id: z.uuid('Invalid id') });

/** Unlinking one account of a bank: whether its transactions stay (listed under its name) or go. */
export const unlinkAccountQuery = z.object({
  history: z.enum(['keep', 'delete'], "history must be 'keep' or 'delete'"),
});
export type UnlinkAccountQuery = z.infer<typeof unlinkAccountQuery>;
