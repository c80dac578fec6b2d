// The subscriptions feature's SQL: each query scoped to the person; a missing row is null.
import { type CategoryCode, type DetectionTransaction, SUBSCRIPTION_STATUS } from '@tally/shared';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { detectedSubscriptions, subscriptionCharges, subscriptions, transactions } from '../../db/schema';
import { likeBody, normalisedSql } from '../../lib/normalised-text-sql';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A person's live money out, transfers aside: the only rows a subscription can be paid by. */
const outflowsOf = (userId: string) =>
  and(
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    eq(transactions.isTransfer, false),
    sql`${transactions.amount} < 0`,
  );

/** One subscription of the person, or null. */
export async function getSubscriptionRow(
  db: Db,
  { userId, subscriptionId }: { userId: string; subscriptionId: string },
) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.id, subscriptionId)));
  return row ?? null;
}

type SubscriptionValues = typeof subscriptions.$inferInsert;

/** A new subscription of the person; answers it as stored. */
export async function insertSubscription(db: Db, values: SubscriptionValues) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes fields of one of the person's subscriptions; answers it as stored, or null when it is not theirs. */
export async function updateSubscriptionRow(
  db: Db,
  {
    userId,
    subscriptionId,
    set,
  }: { userId: string; subscriptionId: string; set: Partial<SubscriptionValues> },
) {
  const [row] = await db
    .update(subscriptions)
    .set(set)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.id, subscriptionId)))
    .returning();
  return row ?? null;
}

export async function deleteSubscriptionRow(
  db: Db,
  { userId, subscriptionId }: { userId: string; subscriptionId: string },
) {
  await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.id, subscriptionId)));
}

/** Every subscription of the person: active first, then by due date and name. */
export function listSubscriptionRows(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.status), asc(subscriptions.nextDueDate), asc(subscriptions.name));
}

/** One live (not deleted) transaction of the person, or null. */
export async function getLiveTransaction(
  db: Db,
  { userId, transactionId }: { userId: string; transactionId: string },
) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.id, transactionId),
        isNull(transactions.deletedAt),
      ),
    );
  return row ?? null;
}

/** The person's active subscriptions, oldest first: the order in which they take new charges. */
export function activeSubscriptionRows(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SUBSCRIPTION_STATUS.Active)))
    .orderBy(asc(subscriptions.createdAt));
}

/** Links charges to a subscription (another person's transaction ids are ignored). */
export async function linkCharges(
  db: Db,
  {
    userId,
    subscriptionId,
    transactionIds,
  }: { userId: string; subscriptionId: string; transactionIds: string[] },
) {
  if (transactionIds.length === 0) return;
  const own = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, transactionIds)));
  if (own.length === 0) return;
  await db
    .insert(subscriptionCharges)
    .values(own.map((t) => ({ userId, subscriptionId, transactionId: t.id })))
    .onConflictDoNothing();
}

export type Charge = {
  id: string;
  date: string;
  amount: number;
  merchantName: string | null;
  description: string;
};

/**
 * Charges since a day that no subscription has taken yet, of the merchants given (by key) or without a
 * merchant name (their key comes from the descriptor, which SQL cannot tidy the same way). A merchant
 * name's key is its normalised self (normaliseText), which SQL computes the same way, exactly for ASCII and
 * as a superset otherwise (lib/normalised-text-sql.ts); the caller keys every row again in JavaScript, so
 * reads that catch subscriptions up do not walk a heavy user's every purchase of the last weeks.
 */
export async function unlinkedChargesSince(
  db: Db,
  { userId, since, merchantKeys }: { userId: string; since: string; merchantKeys: string[] },
): Promise<Charge[]> {
  return db
    .select({
      id: transactions.id,
      date: transactions.date,
      amount: transactions.amount,
      merchantName: transactions.merchantName,
      description: transactions.description,
    })
    .from(transactions)
    .where(
      and(
        outflowsOf(userId),
        sql`${transactions.date} >= ${since}`,
        or(
          isNull(transactions.merchantName),
          sql`${normalisedSql(transactions.merchantName)} like any(${sql.param(merchantKeys.map((key) => likeBody(key).body))}::text[])`,
        ),
        sql`not exists (select 1 from subscription_charges c where c.user_id = ${userId} and c.transaction_id = ${transactions.id})`,
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.id));
}

/** Merchants already tracked, by key: detection leaves them out. */
export async function trackedMerchantKeys(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select({ key: subscriptions.merchantKey })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return rows.map((r) => r.key);
}

type MerchantGroup = [
  merchantName: string | null,
  description: string,
  providerCategory: string | null,
  ids: string[],
  dates: string[],
  amounts: number[],
  categories: CategoryCode[],
];

/**
 * The rows detection reads: every live outflow of the person (transfers and money in never match). They
 * come as one JSON document of per-merchant arrays, not as rows: a heavy history is ~90k rows, and turning
 * each into a row object cost PGlite seconds where parsing the arrays costs tens of milliseconds. Rows with
 * a merchant name are grouped by it (detection's key ignores their descriptors); the rest by descriptor.
 */
export async function detectionRows(db: Db, { userId }: { userId: string }): Promise<DetectionTransaction[]> {
  const t = transactions;
  const merchants = db
    .select({
      merchantName: t.merchantName,
      description: sql<string>`min(${t.description})`.as('description'),
      providerCategory: sql<string | null>`min(${t.providerCategory})`.as('provider_category'),
      ids: sql`array_agg(${t.id})`.as('ids'),
      dates: sql`array_agg(${t.date})`.as('dates'),
      amounts: sql`array_agg(${t.amount})`.as('amounts'),
      categories: sql`array_agg(${t.category})`.as('categories'),
    })
    .from(t)
    .where(outflowsOf(userId))
    .groupBy(t.merchantName, sql`case when ${t.merchantName} is null then ${t.description} end`)
    .as('merchants');
  const m = merchants;
  const [result] = await db
    .select({
      json: sql<
        string | null
      >`json_agg(json_build_array(${m.merchantName}, ${m.description}, ${m.providerCategory}, ${m.ids}, ${m.dates}, ${m.amounts}, ${m.categories}))::text`,
    })
    .from(m);
  const json = result?.json;
  const groups: MerchantGroup[] = json ? JSON.parse(json) : [];
  const rows: DetectionTransaction[] = [];
  for (const [merchantName, description, providerCategory, ids, dates, amounts, categories] of groups) {
    for (let i = 0; i < ids.length; i += 1) {
      rows.push({
        id: ids[i] as string,
        date: dates[i] as string,
        amount: amounts[i] as number,
        merchantName,
        description,
        category: categories[i] as CategoryCode,
        providerCategory,
        isTransfer: false,
      });
    }
  }
  return rows;
}

/** The merchants the person said not to suggest again. */
export async function dismissedMerchantKeys(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select({ key: detectedSubscriptions.merchantKey })
    .from(detectedSubscriptions)
    .where(and(eq(detectedSubscriptions.userId, userId), isNotNull(detectedSubscriptions.dismissedAt)));
  return rows.map((r) => r.key);
}

type SuggestionValues = Omit<typeof detectedSubscriptions.$inferInsert, 'userId'>;

/** The person's open suggestions replaced by these (dismissed ones stay); answers them as stored. */
export async function replaceOpenSuggestions(
  db: Db,
  { userId, suggestions }: { userId: string; suggestions: SuggestionValues[] },
) {
  await db
    .delete(detectedSubscriptions)
    .where(and(eq(detectedSubscriptions.userId, userId), isNull(detectedSubscriptions.dismissedAt)));
  if (suggestions.length === 0) return [];
  return db
    .insert(detectedSubscriptions)
    .values(suggestions.map((s) => ({ ...s, userId })))
    .returning();
}

/** An open suggestion of the person's (not dismissed, not yet confirmed). */
const openSuggestion = (userId: string, id: string) =>
  and(
    eq(detectedSubscriptions.userId, userId),
    eq(detectedSubscriptions.id, id),
    isNull(detectedSubscriptions.dismissedAt),
  );

/** Takes an open suggestion away (to track it): answers it, or null when it is not open or not theirs. */
export async function takeOpenSuggestion(db: Db, { userId, id }: { userId: string; id: string }) {
  const [row] = await db.delete(detectedSubscriptions).where(openSuggestion(userId, id)).returning();
  return row ?? null;
}

/** Marks an open suggestion dismissed: answers whether there was one. */
export async function dismissSuggestion(
  db: Db,
  { userId, id, at }: { userId: string; id: string; at: Date },
) {
  const rows = await db
    .update(detectedSubscriptions)
    .set({ dismissedAt: at })
    .where(openSuggestion(userId, id))
    .returning({ id: detectedSubscriptions.id });
  return rows.length > 0;
}

/**
 * The person's payments up to a day that may be a merchant's: by the bank's merchant name when there is
 * one, else by descriptions that start with the same six characters.
 */
export function merchantPayments(
  db: Db,
  {
    userId,
    upTo,
    merchantName,
    description,
  }: { userId: string; upTo: string; merchantName: string | null; description: string },
) {
  const sameMerchant = merchantName
    ? eq(transactions.merchantName, merchantName)
    : sql`${transactions.description} like ${`${description.slice(0, 6).replace(/[%_\\]/g, '\\$&')}%`}`;
  return db
    .select({
      date: transactions.date,
      amount: transactions.amount,
      merchantName: transactions.merchantName,
      description: transactions.description,
    })
    .from(transactions)
    .where(and(outflowsOf(userId), sql`${transactions.date} <= ${upTo}`, sameMerchant));
}
