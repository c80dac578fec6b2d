// The subscriptions feature's reads: each scoped to the person; a missing row is null.
import type { CategoryCode, DetectionTransaction } from '@tally/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, transactions } from '../../db/schema';
import { outflowsOf } from './subscription-refresh';

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
