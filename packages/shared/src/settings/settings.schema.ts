import { z } from 'zod';
import { timeZone, user } from '../auth/auth.schema';

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

export const notificationSettings = z.object({
  pushNotifications: z.boolean(),
  emailNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const updateNotificationSettingsBody = notificationSettings.partial();
