import type { User } from '@tally/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';

/** The signed-in person as every feature sees them: the row the authenticator loaded, on the wire. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profilePictureUrl: row.profilePictureUrl,
    isGoogleUser: row.googleSubject !== null,
    hasPassword: row.passwordHash !== null,
    timeZone: row.timeZone,
    plan: row.plan,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
  };
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
