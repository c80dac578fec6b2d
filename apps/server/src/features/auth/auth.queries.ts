import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';

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

export async function countRecentFailures(
  db: Db,
  { email, ip, since }: { email: string; ip: string; since: Date },
) {
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function recordFailure(db: Db, { email, ip }: { email: string; ip: string }) {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearFailures(db: Db, { email }: { email: string }) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
