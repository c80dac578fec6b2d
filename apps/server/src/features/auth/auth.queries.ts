import { and, count, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import type { RecentFailures } from './sign-in-throttle';

export async function getUser(db: Db, { userId }: { userId: string }): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByEmail(db: Db, { email }: { email: string }): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

export async function findUserByGoogleSubject(
  db: Db,
  { subject }: { subject: string },
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return row ?? null;
}

export type NewUser = typeof users.$inferInsert;

/** Inserts a user; returns null when the email is taken (the unique index decides, so races are safe). */
export async function createUser(db: Db, values: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id'>>;

/** now: the app's clock, for updatedAt. */
export async function updateUser(
  db: Db,
  { userId, now, ...values }: UserChanges & { userId: string; now: Date },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * Runs `fn` in a transaction holding the sign-in locks for this email and this address, so attempts on
 * either are decided one after another: each sees every attempt admitted before it (PGlite and PostgreSQL).
 * Nothing else may run inside: the password check happens after the commit, so the locks stay brief.
 */
export async function withSignInLock<T>(
  db: Db,
  { email, ip }: { email: string; ip: string },
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Always the email before the address: one order everywhere, so two attempts can never deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:email:${email}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:ip:${ip}`}, 0))`);
    return fn(tx);
  });
}

export async function getRecentFailures(
  db: Db,
  { email, ip, since, pairLimit }: { email: string; ip: string; since: Date; pairLimit: number },
): Promise<RecentFailures> {
  const recent = gt(loginFailures.createdAt, since);
  const pair = await db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), recent))
    .orderBy(desc(loginFailures.createdAt))
    .limit(pairLimit);
  const summary = { count: count(), last: max(loginFailures.createdAt) };
  const [byEmail] = await db
    .select(summary)
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), recent));
  const [byIp] = await db
    .select(summary)
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), recent));
  return {
    pair: pair.map((row) => row.at),
    email: { count: byEmail?.count ?? 0, last: byEmail?.last ?? null },
    address: { count: byIp?.count ?? 0, last: byIp?.last ?? null },
  };
}

/** `at` comes from the app's clock, the same one the window is measured with. */
export async function recordFailure(db: Db, { email, ip, at }: { email: string; ip: string; at: Date }) {
  await db.insert(loginFailures).values({ email, ip, createdAt: at });
}

/** Only this address's failures: the owner signing in must not wipe the record of someone guessing elsewhere. */
export async function clearFailures(db: Db, { email, ip }: { email: string; ip: string }) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/**
 * Deletes the failures no lockout reads any more: at or before `before`, the start of the window
 * (getRecentFailures counts only later ones). Every attempt writes a row and only a success clears some,
 * so without this the table grows with every guess ever made. Crosses people by design: maintenance.
 */
export async function deleteLoginFailuresBefore(db: Db, { before }: { before: Date }) {
  await db.delete(loginFailures).where(lte(loginFailures.createdAt, before));
}
