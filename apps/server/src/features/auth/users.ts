import type { User } from '@tally/shared';
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
    trialPlan: row.trialPlan,
    twoFactorEnabled: row.totpEnabledAt !== null,
  };
}
