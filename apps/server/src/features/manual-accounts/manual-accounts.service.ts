import {
  type Account,
  type CreateManualAccountBody,
  dollarsToCents,
  MANUAL_SUBTYPES,
  MAX_MANUAL_ACCOUNTS,
  type ManualTransactionBody,
  type Transaction,
  type UpdateManualAccountBody,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { toAccount } from '../accounts';
import { toTransaction } from '../transactions';
import {
  countManualAccounts,
  deleteManualAccount,
  getManualAccount,
  getManualTransaction,
  insertManualAccount,
  insertManualTransaction,
  lockAccounts,
  lockManualConnection,
  updateManualAccount,
  updateManualTransaction,
  upsertManualConnection,
} from './manual-accounts.queries';

export type ManualDeps = { db: Db; now: () => Date };

// Another person's id (or a linked bank's account) answers 404, not 403, so ids can't be probed.
const accountNotFound = () => notFound('Account not found');
const transactionNotFound = () => notFound('Transaction not found');

/** The subtype must be one of its type's (the create body checks it itself; an edit keeps the type). */
const SUBTYPE_MESSAGE = 'Choose a subtype of this account type';
const subtypesOf = (type: number): readonly string[] =>
  type === 0 || type === 2 || type === 3 || type === 4 ? MANUAL_SUBTYPES[type] : [];

/** One of the person's manual accounts (with its row locked when asked), or 404. */
async function ownManualAccount(
  db: Db,
  { userId, accountId, lock = false }: { userId: string; accountId: string; lock?: boolean },
) {
  const row = await getManualAccount(db, { userId, accountId, lock });
  if (!row) throw accountNotFound();
  return row;
}

/** Adds a manual account, and the person's manual connection with their first one. */
export async function createManualAccount(
  deps: ManualDeps,
  userId: string,
  body: CreateManualAccountBody,
): Promise<Account> {
  return deps.db.transaction(async (tx) => {
    // The upsert holds the connection's row, so two creations at once count one after the other.
    const connection = await upsertManualConnection(tx, { userId, now: deps.now() });
    if ((await countManualAccounts(tx, { userId, connectionId: connection.id })) >= MAX_MANUAL_ACCOUNTS) {
      throw new AppError(
        400,
        'MANUAL_ACCOUNT_LIMIT',
        `You can keep at most ${MAX_MANUAL_ACCOUNTS} manual accounts`,
      );
    }
    const account = await insertManualAccount(tx, {
      userId,
      connectionId: connection.id,
      name: body.name,
      type: body.type,
      subtype: body.subtype,
      openingBalance: dollarsToCents(body.openingBalance),
    });
    return toAccount(account, connection);
  });
}

/** Renames a manual account, or changes its subtype or opening balance (its balance moves by as much). */
export async function editManualAccount(
  deps: ManualDeps,
  userId: string,
  accountId: string,
  body: UpdateManualAccountBody,
): Promise<Account> {
  const { account } = await ownManualAccount(deps.db, { userId, accountId });
  if (!subtypesOf(account.type).includes(body.subtype)) {
    throw new AppError(400, 'VALIDATION_ERROR', SUBTYPE_MESSAGE, [
      { path: 'subtype', message: SUBTYPE_MESSAGE },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    await updateManualAccount(tx, {
      userId,
      accountId,
      now: deps.now(),
      name: body.name,
      subtype: body.subtype,
      openingBalance: dollarsToCents(body.openingBalance),
    });
    const updated = await getManualAccount(tx, { userId, accountId });
    if (!updated) throw accountNotFound();
    return toAccount(updated.account, updated.connection);
  });
}

/**
 * Deletes a manual account and its transactions; the manual connection goes with its last account. Under
 * the connection's lock, so an account being added at the same moment is either counted or waits and
 * finds the connection made again.
 */
export async function removeManualAccount(deps: ManualDeps, userId: string, accountId: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await lockManualConnection(tx, { userId }))) throw accountNotFound();
    const row = await getManualAccount(tx, { userId, accountId });
    if (!row) throw accountNotFound();
    await deleteManualAccount(tx, { userId, accountId, connectionId: row.connection.id });
  });
}

const valuesOf = (body: ManualTransactionBody) => ({
  accountId: body.accountId,
  date: body.date,
  description: body.description,
  amount: dollarsToCents(body.amount),
  category: body.category,
  note: body.note === undefined ? undefined : body.note || null,
});

/** Adds a transaction typed by hand to one of the person's manual accounts. */
export async function createManualTransaction(
  deps: ManualDeps,
  userId: string,
  body: ManualTransactionBody,
): Promise<Transaction> {
  return deps.db.transaction(async (tx) => {
    await ownManualAccount(tx, { userId, accountId: body.accountId, lock: true });
    const transactionId = await insertManualTransaction(tx, { userId, ...valuesOf(body) });
    const row = await getManualTransaction(tx, { userId, transactionId });
    if (!row) throw transactionNotFound();
    return toTransaction(row);
  });
}

/**
 * Rewrites a transaction of one of the person's manual accounts (typed or imported from a file); it may
 * move to another of their manual accounts. A bank's transactions are the bank's: 404.
 */
export async function editManualTransaction(
  deps: ManualDeps,
  userId: string,
  transactionId: string,
  body: ManualTransactionBody,
): Promise<Transaction> {
  return deps.db.transaction(async (tx) => {
    const current = await getManualTransaction(tx, { userId, transactionId, lock: true });
    if (!current) throw transactionNotFound();
    // A move holds both accounts in one order, so two opposite moves at once cannot deadlock.
    await lockAccounts(tx, { userId, accountIds: [current.accountId, body.accountId] });
    await ownManualAccount(tx, { userId, accountId: body.accountId, lock: true });
    await updateManualTransaction(tx, { userId, transactionId, now: deps.now(), ...valuesOf(body) });
    const row = await getManualTransaction(tx, { userId, transactionId });
    if (!row) throw transactionNotFound();
    return toTransaction(row);
  });
}
