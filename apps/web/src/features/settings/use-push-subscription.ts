import { pushSubscriptionBody } from '@tally/shared';
import { useCallback, useEffect, useState } from 'react';
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
    await savePushSubscription(pushSubscriptionBody.parse(subscription.toJSON()));
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
    setState(Notification.permission === 'denied' ? 'blocked' : 'not-subscribed');
  }, []);

  return { state, enable, disable };
}
