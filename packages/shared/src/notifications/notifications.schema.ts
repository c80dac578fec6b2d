import { z } from 'zod';

/** What a notification is about; the server's table keeps the same list (a test holds them equal). */
export const NOTIFICATION_KIND_CODES = [
  'import_completed',
  'import_failed',
  'budget_warning',
  'budget_over',
  'subscription_due',
  'subscription_price_increase',
  'goal_completed',
  'trial_ending',
  'accounts_hidden',
  'support_message',
  'security_notice',
] as const;
export const notificationKind = z.enum(NOTIFICATION_KIND_CODES);
export type NotificationKind = z.infer<typeof notificationKind>;

/** How many notifications the list shows at most, newest first. */
export const NOTIFICATION_LIST_DEFAULT = 20;
export const NOTIFICATION_LIST_MAX = 50;
/** The bell asks for the unread count every minute (SPEC §9: no refetch on window focus). */
export const NOTIFICATION_POLL_MS = 60_000;

export const notification = z.object({
  id: z.uuid(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** The in-app path it concerns, e.g. /budgets or /savings/{goalId}. */
  link: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  notifications: z.array(notification),
  /** Unread and not dismissed, across all of them (not only the ones listed). */
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationListQuery = z.object({
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${NOTIFICATION_LIST_MAX}` })
    .int(`Limit must be between 1 and ${NOTIFICATION_LIST_MAX}`)
    .min(1, `Limit must be between 1 and ${NOTIFICATION_LIST_MAX}`)
    .max(NOTIFICATION_LIST_MAX, `Limit must be between 1 and ${NOTIFICATION_LIST_MAX}`)
    .default(NOTIFICATION_LIST_DEFAULT),
});

export const readAllResult = z.object({ updated: z.number().int().min(0), unreadCount: z.literal(0) });

/** GET /notifications/push/key: the server's VAPID public key, for PushManager.subscribe. */
export const pushKeyResponse = z.object({ publicKey: z.string() });

// Browsers' push services are HTTPS; the server posts to the endpoint, so nothing else is taken.
const endpoint = z
  .url({ error: 'Push endpoint must be an https URL' })
  .max(2048, 'Push endpoint is too long')
  .refine((u) => u.startsWith('https://'), 'Push endpoint must be an https URL');

/** base64url as PushSubscription.toJSON() gives its keys. */
const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`);

/** POST /notifications/push/subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 characters); the auth secret 16 bytes (22).
    p256dh: base64url('p256dh key', 128),
    auth: base64url('auth secret', 64),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /notifications/push/subscriptions: this browser's subscription, by its endpoint. */
export const deletePushSubscriptionBody = z.object({ endpoint });

/** What the service worker gets in a push message. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  id: z.uuid(),
});
export type PushPayload = z.infer<typeof pushPayload>;
