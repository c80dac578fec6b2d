// This browser's push subscription, without React: what the app does at sign-in and sign-out, kept apart
// from Settings' hook so every screen's first download carries only this.
import { pushSubscriptionBody } from '@tally/shared';
import { ApiError } from '../../lib/api';
import { getNotificationSettings } from './api/get-notification-settings';
import { getPushKey, savePushSubscription } from './api/push-subscriptions';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

export async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Whose push this browser had on, by user id: a subscription is bound to the session that registered it
 * (signing out removes it on the server), so the next session of the same person registers the browser
 * again, and another person signing in here does not inherit it.
 */
export const PUSH_OWNER_KEY = 'tally:pushOwner';

/**
 * Saves the browser's subscription for this session. An endpoint another account still holds (409) stays
 * theirs: this browser drops it and subscribes afresh, which gives it an endpoint of its own.
 */
export async function register(registration: ServiceWorkerRegistration, subscription: PushSubscription) {
  try {
    await savePushSubscription(pushSubscriptionBody.parse(subscription.toJSON()));
    return subscription;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'PUSH_SUBSCRIPTION_TAKEN') throw error;
    const key = subscription.options.applicationServerKey;
    await subscription.unsubscribe();
    const fresh = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await savePushSubscription(pushSubscriptionBody.parse(fresh.toJSON()));
    return fresh;
  }
}

/**
 * When the app opens (or the session changes, as after a password change): if this person had push on in
 * this browser and still allows it, the browser is registered for the current session. Nothing is asked of
 * the person; without permission, a subscription or their push switch on, nothing happens.
 */
export async function registerPushAgain(userId: string) {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  if (localStorage.getItem(PUSH_OWNER_KEY) !== userId) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return false;
  // Asked last: the server is asked only in a browser where this person had push on.
  if (!(await getNotificationSettings()).pushNotifications) return false;
  // Signing out unsubscribed the browser: the same person signing in again subscribes it anew.
  await register(registration, await subscribeWithServerKey(registration));
  return true;
}

/**
 * The browser's subscription made with the server's current key: the one it has, or a new one. A subscription
 * made with another key (keys renewed) cannot be reused.
 */
export async function subscribeWithServerKey(registration: ServiceWorkerRegistration) {
  const key = keyBytes(await getPushKey());
  const subscription = await registration.pushManager.getSubscription();
  if (subscription && sameKey(subscription.options.applicationServerKey, key)) return subscription;
  await subscription?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * At sign-out: this browser stops receiving push at all (the server forgets the subscription with the
 * session). Which person had it on is kept, so their next sign-in here turns it on again.
 */
export async function unsubscribeThisBrowser({ forget = false }: { forget?: boolean } = {}) {
  if (forget) localStorage.removeItem(PUSH_OWNER_KEY);
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
