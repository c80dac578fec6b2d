import { useCallback, useEffect, useState } from 'react';
import { getStoredUser } from '../../lib/session';
import { deletePushSubscription } from './api/push-subscriptions';
import {
  currentSubscription,
  PUSH_OWNER_KEY,
  pushSupported,
  register,
  subscribeWithServerKey,
} from './push-browser';

export { keyBytes, pushSupported } from './push-browser';

/**
 * This browser's push state: unsupported (no service worker, Push API or Notifications), blocked (the
 * person or browser denied notifications for the site), subscribed, or not (yet).
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'subscribed' | 'not-subscribed';

const SW_URL = '/sw.js';

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
    await register(registration, await subscribeWithServerKey(registration));
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
