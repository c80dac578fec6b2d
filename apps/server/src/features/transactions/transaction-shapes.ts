import { categoryName, type Transaction } from '@tally/shared';
import { sql } from 'drizzle-orm';
import { bankAccounts, transactions } from '../../db/schema';

/**
 * A transaction as the API shows it, shared by the transaction screens (features/transactions) and the
 * transactions typed by hand (features/manual). Read with `transactionSelection` from transactions joined
 * to their account.
 */
export const transactionSelection = {
  id: transactions.id,
  userId: transactions.userId,
  accountId: transactions.accountId,
  providerTransactionId: transactions.providerTransactionId,
  date: transactions.date,
  description: transactions.description,
  merchantName: transactions.merchantName,
  amount: transactions.amount,
  category: transactions.category,
  categorySource: transactions.categorySource,
  providerCategory: transactions.providerCategory,
  isTransfer: transactions.isTransfer,
  pending: transactions.pending,
  note: transactions.note,
  deletedAt: transactions.deletedAt,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
  accountName: bankAccounts.name,
  // Only manual accounts have an opening balance: read from the account row already joined, so lists need
  // no join to the connection to tell.
  isManual: sql<boolean>`${bankAccounts.openingBalance} is not null`.mapWith(Boolean),
};

/** What transactionSelection reads: the stored columns the API shows, and the account's name and kind. */
export type TransactionRow = Omit<typeof transactions.$inferSelect, 'fileKey' | 'textKey'> & {
  accountName: string;
  isManual: boolean;
};

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    description: row.description,
    merchantName: row.merchantName,
    amount: row.amount,
    accountId: row.accountId,
    accountName: row.accountName,
    category: row.category,
    categoryName: categoryName(row.category),
    date: row.date,
    pending: row.pending,
    isTransfer: row.isTransfer,
    note: row.note,
    isManual: row.isManual,
  };
}
