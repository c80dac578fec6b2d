import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test-utils';
import { keyBytes, PUSH_OWNER_KEY, registerPushAgain, unsubscribeThisBrowser } from './push-browser';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

/** A browser that allowed notifications, with a service worker and maybe a subscription already. */
function pushBrowser(existing: string | null) {
  const made: string[] = [];
  const subscription = (endpoint: string) =>
    ({
      endpoint,
      options: { applicationServerKey: keyBytes(KEY).buffer },
      toJSON: () => ({ endpoint, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  let current: PushSubscription | null = existing ? subscription(existing) : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/fresh-${made.length + 1}`;
      made.push(endpoint);
      current = subscription(endpoint);
      return current;
    }),
  };
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'granted', requestPermission: vi.fn() }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, current: () => current, made };
}

const settings = (pushNotifications: boolean) => ({
  body: { pushNotifications, emailNotifications: true, emailVerified: true, emailAvailable: true },
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('push in this browser across sessions', () => {
  it("registers the browser's subscription for the new session where this person had push on", async () => {
    pushBrowser('https://fcm.googleapis.com/fcm/send/kept');
    localStorage.setItem(PUSH_OWNER_KEY, 'u1');
    const api = fakeApi({
      'GET /api/user/notification-settings': settings(true),
      'GET /api/notifications/push/key': { body: { publicKey: KEY } },
      'POST /api/notifications/push/subscriptions': { status: 204 },
    });
    expect(await registerPushAgain('u1')).toBe(true);
    expect(api.requests.at(-1)).toEqual({
      route: 'POST /api/notifications/push/subscriptions',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/kept', keys: { p256dh: P256DH, auth: AUTH } },
    });
  });

  it('subscribes again after a sign-out unsubscribed the browser, for the same person only', async () => {
    const browser = pushBrowser(null);
    localStorage.setItem(PUSH_OWNER_KEY, 'u1');
    const api = fakeApi({
      'GET /api/user/notification-settings': settings(true),
      'GET /api/notifications/push/key': { body: { publicKey: KEY } },
      'POST /api/notifications/push/subscriptions': { status: 204 },
    });
    // Someone else signing in here inherits nothing, and nothing is asked of the server.
    expect(await registerPushAgain('u2')).toBe(false);
    expect(api.requests).toEqual([]);
    expect(await registerPushAgain('u1')).toBe(true);
    expect(browser.made).toEqual(['https://fcm.googleapis.com/fcm/send/fresh-1']);
    expect(api.count('POST /api/notifications/push/subscriptions')).toBe(1);
  });

  it('does nothing when the person turned push off', async () => {
    pushBrowser('https://fcm.googleapis.com/fcm/send/kept');
    localStorage.setItem(PUSH_OWNER_KEY, 'u1');
    const api = fakeApi({ 'GET /api/user/notification-settings': settings(false) });
    expect(await registerPushAgain('u1')).toBe(false);
    expect(api.routesCalled()).toEqual(['GET /api/user/notification-settings']);
  });

  it('takes a fresh endpoint when the one it has belongs to another account (409)', async () => {
    const browser = pushBrowser('https://fcm.googleapis.com/fcm/send/theirs');
    localStorage.setItem(PUSH_OWNER_KEY, 'u1');
    const api = fakeApi({
      'GET /api/user/notification-settings': settings(true),
      'GET /api/notifications/push/key': { body: { publicKey: KEY } },
      'POST /api/notifications/push/subscriptions': ({ calls }) =>
        calls === 1
          ? { status: 409, body: { message: 'taken', code: 'PUSH_SUBSCRIPTION_TAKEN' } }
          : { status: 204 },
    });
    expect(await registerPushAgain('u1')).toBe(true);
    const saved = api.requests
      .filter((r) => r.route === 'POST /api/notifications/push/subscriptions')
      .map((r) => (r.body as { endpoint: string }).endpoint);
    expect(saved).toEqual([
      'https://fcm.googleapis.com/fcm/send/theirs',
      'https://fcm.googleapis.com/fcm/send/fresh-1',
    ]);
    expect(browser.current()?.endpoint).toBe('https://fcm.googleapis.com/fcm/send/fresh-1');
  });

  it('unsubscribes the browser at sign-out, and forgets whose it was when the account is gone', async () => {
    const browser = pushBrowser('https://fcm.googleapis.com/fcm/send/kept');
    localStorage.setItem(PUSH_OWNER_KEY, 'u1');
    await unsubscribeThisBrowser();
    expect(browser.current()).toBeNull();
    expect(localStorage.getItem(PUSH_OWNER_KEY)).toBe('u1');
    await unsubscribeThisBrowser({ forget: true });
    expect(localStorage.getItem(PUSH_OWNER_KEY)).toBeNull();
  });
});
