import { pushSubscriptionBody } from '@tally/shared';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { getStoredUser } from '../../lib/session';
import { getNotificationSettings } from './api/get-notification-settings';
import { deletePushSubscription, getPushKey, savePushSubscription } from './api/push-subscriptions';

/**
 * This browser's push state: unsupported (no service worker, Push API or Notifications), blocked (the
 * person or browser denied notifications for the site), subscribed, or not (yet).
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'subscribed' | 'not-subscribed';

const SW_URL = '/sw.js';

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

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function currentSubscription() {
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
async function register(registration: ServiceWorkerRegistration, subscription: PushSubscription) {
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
  const key = keyBytes(await getPushKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // Signing out unsubscribed the browser: the same person signing in again subscribes it anew.
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await register(registration, subscription);
  return true;
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

/**
 * Subscribes this browser to push and tells the server, or unsubscribes it and tells the server to
 * forget it. enable() answers false when notifications are blocked.
 */
export function usePushSubscription() {
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'checking' : 'unsupported'));

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    currentSubscription()
      .then((subscription) => {
        const found =
          Notification.permission === 'denied' ? 'blocked' : subscription ? 'subscribed' : 'not-subscribed';
        // What the person did meanwhile (turned it on or off) is newer than this first look.
        if (live) setState((state) => (state === 'checking' ? found : state));
      })
      .catch(() => live && setState((state) => (state === 'checking' ? 'not-subscribed' : state)));
    return () => {
      live = false;
    };
  }, []);

  const enable = useCallback(async (): Promise<boolean> => {
    if (!pushSupported()) return false;
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'blocked' : 'not-subscribed');
      return false;
    }
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    await navigator.serviceWorker.ready;
    const key = keyBytes(await getPushKey());
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another server key (keys renewed) cannot be reused.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await register(registration, subscription);
    const owner = getStoredUser()?.id;
    if (owner) localStorage.setItem(PUSH_OWNER_KEY, owner);
    setState('subscribed');
    return true;
  }, []);

  const disable = useCallback(async () => {
    if (!pushSupported()) return;
    const subscription = await currentSubscription();
    if (subscription) {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      await deletePushSubscription(endpoint);
    }
    localStorage.removeItem(PUSH_OWNER_KEY);
    setState(Notification.permission === 'denied' ? 'blocked' : 'not-subscribed');
  }, []);

  return { state, enable, disable };
}
