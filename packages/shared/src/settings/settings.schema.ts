import { z } from 'zod';
import { googleLoginBody, MAX_PASSWORD_LENGTH, timeZone, user } from '../auth/auth.schema';

export const profileResponse = z.object({ data: user });

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

export const updateProfileBody = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  timeZone: timeZone.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

const switches = z.object({
  pushNotifications: z.boolean(),
  emailNotifications: z.boolean(),
});

export const notificationSettings = switches.extend({
  /** The person proved they read mail at their address; until then no notification is emailed. */
  emailVerified: z.boolean(),
  /** The server can send email at all (SMTP set up); without it no email is ever sent. */
  emailAvailable: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Only the switches can be changed; whether the address is verified is proved by the emailed link. */
export const updateNotificationSettingsBody = switches.partial();

const CONFIRM_DELETION = 'Enter your password to delete your account';

/**
 * Deleting an account is confirmed again with what signs the person in: the password, or for an account
 * that signs in with Google only, a fresh Google ID token.
 */
export const deleteAccountBody = z.union(
  [
    z.strictObject({
      password: z
        .string({ error: CONFIRM_DELETION })
        .min(1, CONFIRM_DELETION)
        .max(MAX_PASSWORD_LENGTH, CONFIRM_DELETION),
    }),
    z.strictObject({ idToken: googleLoginBody.shape.idToken }),
  ],
  { error: 'Confirm with your password or with Google to delete your account' },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** POST /user/import: what a Tally export brought into the account (rows per table). */
export const dataImportResult = z.object({
  alreadyImported: z.boolean().describe('the same export was imported before: nothing new was written'),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  /** The account as it is now (the export's time zone and notification choices carried over). */
  user,
});
export type DataImportResult = z.infer<typeof dataImportResult>;
