import type { MatchRule } from '@tally/shared';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, transactionRules, transactions } from '../../db/schema';

export type RuleRow = typeof transactionRules.$inferSelect & { accountName: string | null };
export type RuleValues = Pick<
  typeof transactionRules.$inferInsert,
  | 'field'
  | 'operator'
  | 'pattern'
  | 'minAmount'
  | 'maxAmount'
  | 'accountId'
  | 'setCategory'
  | 'renameMerchant'
>;

const r = transactionRules;
const t = transactions;

const ruleSelection = { ...getTableColumns(r), accountName: bankAccounts.name };

/** The person's rules in the order they apply. */
export function listRules(db: Db, { userId }: { userId: string }): Promise<RuleRow[]> {
  return db
    .select(ruleSelection)
    .from(r)
    .leftJoin(bankAccounts, and(eq(bankAccounts.userId, r.userId), eq(bankAccounts.id, r.accountId)))
    .where(eq(r.userId, userId))
    .orderBy(asc(r.position), asc(r.createdAt), asc(r.id));
}

/** One of the person's rules, or null (also for another person's id). */
export async function getRule(db: Db, { userId, ruleId }: { userId: string; ruleId: string }) {
  const [row] = await db
    .select(ruleSelection)
    .from(r)
    .leftJoin(bankAccounts, and(eq(bankAccounts.userId, r.userId), eq(bankAccounts.id, r.accountId)))
    .where(and(eq(r.userId, userId), eq(r.id, ruleId)));
  return row ?? null;
}

/** One of the person's accounts, or null. */
export async function getOwnAccount(db: Db, { userId, accountId }: { userId: string; accountId: string }) {
  const [row] = await db
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId)));
  return row ?? null;
}

/**
 * Runs `work` in one database transaction holding the person's rules lock, so two writers never both
 * take the last position, both pass the rule limit or interleave a reorder with a delete.
 */
export function withRulesLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules:${userId}`}, 0))`);
    return work(tx);
  });
}

export async function countRules(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(r).where(eq(r.userId, userId));
  return Number(row?.n ?? 0);
}

/** Adds a rule at `position` (the person's rule count, read under withRulesLock: it goes last). */
export async function insertRule(
  db: Db,
  { userId, position, values, now }: { userId: string; position: number; values: RuleValues; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(r)
    .values({ userId, position, ...values, createdAt: now, updatedAt: now })
    .returning({ id: r.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateRule(
  db: Db,
  { userId, ruleId, values, now }: { userId: string; ruleId: string; values: RuleValues; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ ...values, updatedAt: now })
    .where(and(eq(r.userId, userId), eq(r.id, ruleId)))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function deleteRule(db: Db, { userId, ruleId }: { userId: string; ruleId: string }) {
  const rows = await db
    .delete(r)
    .where(and(eq(r.userId, userId), eq(r.id, ruleId)))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** Positions 0..n-1 again, in the current order (after a delete). Rows already in place are not written. */
export async function renumberRules(db: Db, { userId, now }: { userId: string; now: Date }) {
  await db.execute(sql`
    update ${r} set position = ordered.position, updated_at = ${now.toISOString()}::timestamptz
      from (select id, (row_number() over (order by position, created_at, id) - 1)::int as position
              from ${r} where user_id = ${userId}) as ordered
     where ${r.userId} = ${userId} and ${r.id} = ordered.id and ${r.position} <> ordered.position`);
}

/** Sets each rule's position to its index in `ids` (the person's rule ids, each once). */
export async function setRuleOrder(
  db: Db,
  { userId, ids, now }: { userId: string; ids: string[]; now: Date },
) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${r} set position = ordered.position, updated_at = ${now.toISOString()}::timestamptz
      from (select id, (ordinality - 1)::int as position
              from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, ordinality)) as ordered
     where ${r.userId} = ${userId} and ${r.id} = ordered.id and ${r.position} <> ordered.position`);
}

// ---- Past transactions ----

/** Rows whose category or merchant the rule would change: categories the person chose stay theirs. */
function changes(rule: MatchRule): SQL {
  const parts: SQL[] = [];
  if (rule.setCategory !== null) {
    parts.push(sql`(${t.categorySource} <> 'user' and ${t.category} <> ${rule.setCategory})`);
  }
  if (rule.renameMerchant !== null)
    parts.push(sql`${t.merchantName} is distinct from ${rule.renameMerchant}`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many of the matched rows there are, how many would change, and the newest ten that would. */
export async function previewMatches(db: Db, { rule, matched }: { rule: MatchRule; matched: SQL }) {
  const willChange = changes(rule);
  const [[counts], examples] = await Promise.all([
    db
      .select({
        matching: sql<number>`count(*)::int`,
        changing: sql<number>`(count(*) filter (where ${willChange}))::int`,
      })
      .from(t)
      .where(matched),
    db
      .select({
        id: t.id,
        date: t.date,
        description: t.description,
        merchantName: t.merchantName,
        amount: t.amount,
        category: t.category,
        categorySource: t.categorySource,
      })
      .from(t)
      .where(and(matched, willChange))
      .orderBy(sql`${t.date} desc`, sql`${t.id} desc`)
      .limit(10),
  ]);
  return { matching: Number(counts?.matching ?? 0), changing: Number(counts?.changing ?? 0), examples };
}

/**
 * Applies the rule to the matched rows in one statement: its category (source 'rule') where the person did
 * not choose one, its merchant name everywhere. Only rows that change are written; answers how many.
 */
export async function applyToMatches(
  db: Db,
  { rule, matched, now }: { rule: MatchRule; matched: SQL; now: Date },
): Promise<number> {
  const setsCategory = rule.setCategory !== null ? sql`${t.categorySource} <> 'user'` : sql`false`;
  const update = db
    .update(t)
    .set({
      category: sql`case when ${setsCategory} then ${rule.setCategory}::smallint else ${t.category} end`,
      categorySource: sql`case when ${setsCategory} then 'rule' else ${t.categorySource} end`,
      ...(rule.renameMerchant !== null ? { merchantName: rule.renameMerchant } : {}),
      updatedAt: now,
    })
    .where(and(matched, changes(rule)))
    .returning({ id: t.id });
  const result = await db.execute(
    sql`with changed as (${update.getSQL()}) select count(*)::int as n from changed`,
  );
  const [row] = rowsOf<{ n: number | string }>(result);
  return Number(row?.n ?? 0);
}
